import { useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import toast from 'react-hot-toast/headless';
import { useAppDispatch, type SharedState } from '../../api/hooks';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageBar } from '../../components/PageBar';
import { errorMessage } from '../../lib/api';
import { makeBackup, readBackup, restoreBackup, type BackupDownload, type BackupSummary } from './backupFiles';
import { DemoDataSection } from './ResetDemoData';
import { askToKeepData, formatBytes, readStorageStatus, type PersistAnswer, type StorageStatus } from './storage';
import { refreshAfterDataChange } from './useDataSync';
import '../../components/settings.css';
import './demo-data.css';
import { useServerBackendHost } from '../../lib/serverBackend';

export const RESTORE_DONE_MESSAGE = 'Backup restored';

/**
 * "Your data" (/settings/data): the browser holds the only copy of
 * everything in Murmur, so this page shows whether it promised to keep it and
 * how much it holds, asks it to keep it (on the click only), and saves the
 * data to a file and back.
 */
export function DataPage() {
  const server = useServerBackendHost();
  return (
    <div className="settings-page data-page">
      <PageBar title="Your data" />
      {server ? <ServerStorageCard server={server} /> : <StorageCard />}
      <BackupCard />
      <DemoDataSection />
    </div>
  );
}

/** Where the data lives when a server is the app's backend: nothing of it is in this browser to keep or measure. */
function ServerStorageCard({ server }: { server: string }) {
  return (
    <section className="card settings-card" aria-labelledby="storage-heading">
      <h2 id="storage-heading" className="settings-card__title">
        Storage on the server
      </h2>
      <p className="muted settings-card__lead" data-testid="server-storage">
        Your posts, the people you follow, your likes and your uploaded images live on the Murmur server at {server}:
        every browser and app that uses it sees the same data, and this browser keeps no copy of it. A backup below is
        made by that server, and restoring one replaces its data for everyone.
      </p>
    </section>
  );
}

function StorageCard() {
  const [status, setStatus] = useState<StorageStatus | null>(null);
  const [answer, setAnswer] = useState<PersistAnswer | null>(null);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    let live = true;
    void readStorageStatus().then((read) => live && setStatus(read));
    return () => {
      live = false;
    };
  }, []);

  const keep = async () => {
    setAsking(true);
    try {
      setAnswer(await askToKeepData());
      setStatus(await readStorageStatus());
    } finally {
      setAsking(false);
    }
  };

  return (
    <section className="card settings-card" aria-labelledby="storage-heading">
      <h2 id="storage-heading" className="settings-card__title">
        Storage on this device
      </h2>
      <p className="muted settings-card__lead">
        Your posts, the people you follow, your likes and your uploaded images live only in this browser: nothing is
        sent to a server, so this browser holds the only copy.
      </p>
      {status === null && <p className="muted data-facts">Asking your browser…</p>}
      {status?.supported === false && (
        <p className="data-note" role="note">
          This browser does not tell websites how it keeps their data (it has no StorageManager API), so Murmur can
          neither show how much it stores nor ask the browser to keep it. Download a backup now and then to be safe.
        </p>
      )}
      {status?.supported && (
        <>
          <dl className="data-facts">
            <div className="data-facts__row">
              <dt>Kept</dt>
              <dd data-testid="persistence">
                {status.persisted === true && 'Yes: your browser keeps Murmur’s data until you delete it.'}
                {status.persisted === false &&
                  'Not promised: your browser may delete Murmur’s data when space runs low (Safari: after seven days without a visit).'}
                {status.persisted === null && 'Your browser does not say.'}
              </dd>
            </div>
            <div className="data-facts__row">
              <dt>Space used</dt>
              <dd data-testid="usage">
                {status.usage === null ? (
                  'Your browser does not say.'
                ) : (
                  <Usage usage={status.usage} quota={status.quota} />
                )}
              </dd>
            </div>
          </dl>
          {status.persisted !== true && (
            <button type="button" className="btn" onClick={() => void keep()} disabled={asking}>
              {asking ? 'Asking your browser…' : 'Keep my data on this device'}
            </button>
          )}
        </>
      )}
      <PersistAnswerNote answer={answer} />
    </section>
  );
}

function Usage({ usage, quota }: { usage: number; quota: number | null }) {
  if (quota === null || quota <= 0) return <>{formatBytes(usage)}</>;
  return (
    <>
      {formatBytes(usage)} of {formatBytes(quota)} available to this site
      <meter className="data-meter" min={0} max={quota} value={usage} aria-label="Share of the space used" />
    </>
  );
}

function PersistAnswerNote({ answer }: { answer: PersistAnswer | null }) {
  if (answer === null) return null;
  if (answer === 'granted') {
    return (
      <p className="data-answer data-answer--ok" role="status">
        Done: your browser will keep Murmur’s data until you delete it.
      </p>
    );
  }
  return (
    <p className="data-answer" role="status">
      {answer === 'unsupported'
        ? 'This browser cannot be asked to keep a site’s data.'
        : 'Your browser said no: it decides by itself, and keeps the data of sites you use often, bookmark or install.'}{' '}
      Installing Murmur as an app (your browser’s “Install” or “Add to Home Screen”) usually earns it: then try again.
      Until then, download a backup.
    </p>
  );
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function BackupCard() {
  const server = useServerBackendHost();
  const dispatch = useAppDispatch();
  const store = useStore<SharedState>();
  const input = useRef<HTMLInputElement>(null);
  const [download, setDownload] = useState<BackupDownload | null>(null);
  const [making, setMaking] = useState(false);
  const [pending, setPending] = useState<{ file: File; summary: BackupSummary } | null>(null);
  const [restoring, setRestoring] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // The file's object URL lives while its link is shown (the last one made), and goes with the page.
  const shown = useRef<BackupDownload | null>(null);
  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current.url);
    },
    [],
  );

  const backUp = async () => {
    setMaking(true);
    setProblem(null);
    try {
      const made = await makeBackup();
      if (shown.current) URL.revokeObjectURL(shown.current.url);
      shown.current = made;
      setDownload(made);
      saveFile(made);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setMaking(false);
    }
  };

  const pick = async (file: File) => {
    setProblem(null);
    try {
      setPending({ file, summary: (await readBackup(file)).summary });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const restore = async () => {
    if (!pending || restoring) return;
    setRestoring(true);
    try {
      await restoreBackup(pending.file);
      setPending(null);
      toast.success(RESTORE_DONE_MESSAGE);
      await refreshAfterDataChange(dispatch, store.getState);
    } catch (error) {
      setPending(null);
      setProblem(errorMessage(error));
    } finally {
      setRestoring(false);
    }
  };

  return (
    <section className="card settings-card" id="restore" aria-labelledby="backup-heading">
      <h2 id="backup-heading" className="settings-card__title">
        Backup
      </h2>
      <p className="muted settings-card__lead">
        One file with everything: keep it safe, or restore it in another browser or on another device.
      </p>
      <div className="data-actions">
        <button type="button" className="btn" onClick={() => void backUp()} disabled={making}>
          {making ? 'Making the backup…' : 'Download a backup'}
        </button>
        <input
          ref={input}
          hidden
          type="file"
          accept="application/json,.json"
          aria-label="Backup file"
          data-testid="backup-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void pick(file);
            event.target.value = ''; // the same file may be picked again
          }}
        />
        <button type="button" className="btn btn--ghost" onClick={() => input.current?.click()} disabled={restoring}>
          {restoring ? 'Restoring…' : 'Restore from a backup'}
        </button>
      </div>
      {download && (
        <p className="data-answer data-answer--ok" role="status">
          Saved{' '}
          <a href={download.url} download={download.name} data-testid="backup-link">
            {download.name}
          </a>{' '}
          ({formatBytes(download.bytes)}).
        </p>
      )}
      {problem && (
        <p className="data-answer data-answer--error" role="alert">
          {problem}
        </p>
      )}
      <ConfirmDialog
        open={pending !== null}
        title="Restore this backup?"
        message={
          server
            ? `Everything on the server at ${server} will be replaced by what the backup holds, for everyone who uses it. This cannot be undone.`
            : 'Everything in Murmur in this browser will be replaced by what the backup holds, in every open tab. This cannot be undone.'
        }
        confirmLabel="Restore"
        onConfirm={() => void restore()}
        onCancel={() => {
          if (!restoring) setPending(null);
        }}
      >
        {pending && <BackupFacts name={pending.file.name} summary={pending.summary} />}
      </ConfirmDialog>
    </section>
  );
}

/** Hands the file to the browser's downloads, as a click on its link would. */
function saveFile({ url, name }: BackupDownload) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
}

function BackupFacts({ name, summary }: { name: string; summary: BackupSummary }) {
  return (
    <dl className="data-facts data-facts--dialog" aria-label="What the backup holds">
      <div className="data-facts__row">
        <dt>File</dt>
        <dd className="data-facts__file">
          {name} ({formatBytes(summary.bytes)})
        </dd>
      </div>
      <div className="data-facts__row">
        <dt>Holds</dt>
        <dd>
          {count(summary.users, 'person', 'people')}, {count(summary.posts, 'post', 'posts')},{' '}
          {count(summary.images, 'uploaded image', 'uploaded images')}
        </dd>
      </div>
      <div className="data-facts__row">
        <dt>Newest activity</dt>
        <dd>{summary.latestActivity === null ? 'none' : dateTime.format(summary.latestActivity)}</dd>
      </div>
    </dl>
  );
}
