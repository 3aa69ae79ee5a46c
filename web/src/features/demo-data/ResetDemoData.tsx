import { useState } from 'react';
import { useStore } from 'react-redux';
import toast from 'react-hot-toast/headless';
import { useAppDispatch, type SharedState } from '../../api/hooks';
import { Modal } from '../../components/Modal';
import { errorMessage } from '../../lib/api';
import { useServerBackendHost } from '../../lib/serverBackend';
import { resetDemoData } from './api';
import { refreshAfterDataChange } from './useDataSync';
import '../../components/settings.css';
import './demo-data.css';

export const RESET_DONE_MESSAGE = 'Demo data reset';

/**
 * 'Reset demo data': after a confirmation, every post, like, follow, profile
 * edit and upload made in this browser gives way to the seed data, in all
 * open tabs. A session whose user was signed up here ends.
 */
/** The Theme page's 'Demo data' card, with the reset. */
export function DemoDataSection() {
  const server = useServerBackendHost();
  return (
    <section className="card settings-card" aria-labelledby="demo-data-heading">
      <h2 id="demo-data-heading" className="settings-card__title">
        Demo data
      </h2>
      <p className="muted settings-card__lead">
        {server
          ? `Murmur’s people, posts and everyone’s activity live on the server at ${server}.`
          : 'Murmur’s people, posts and your activity live in this browser; nothing is sent to a server.'}
      </p>
      <ResetDemoData />
    </section>
  );
}

export function ResetDemoData() {
  const server = useServerBackendHost();
  const dispatch = useAppDispatch();
  const store = useStore<SharedState>();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (!busy) setOpen(false);
  };

  const confirm = async () => {
    setBusy(true);
    try {
      await resetDemoData();
      setOpen(false);
      toast.success(RESET_DONE_MESSAGE);
      await refreshAfterDataChange(dispatch, store.getState);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="demo-reset">
      <button type="button" className="btn btn--danger" onClick={() => setOpen(true)}>
        Reset demo data
      </button>
      <Modal open={open} title="Reset demo data?" onClose={close}>
        <p>
          {server
            ? `Everything posted, liked, followed, bookmarked, edited or uploaded on the server at ${server}, by everyone who uses it, will be replaced by its seed data. Accounts signed up there will be gone. This cannot be undone.`
            : 'Everything posted, liked, followed, bookmarked, edited or uploaded in this browser will be replaced by the original demo data, in every open tab. Accounts signed up here will be gone. This cannot be undone.'}
        </p>
        <div className="demo-reset__actions">
          <button type="button" className="btn btn--ghost" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn--danger" onClick={() => void confirm()} disabled={busy}>
            {busy ? 'Resetting…' : 'Reset'}
          </button>
        </div>
      </Modal>
    </div>
  );
}
