import { lazy, Suspense, type KeyboardEvent, type RefObject } from 'react';
import { SmileIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';

const EmojiPickerPanel = lazy(() => import('./EmojiPickerPanel'));

interface EmojiButtonProps {
  open: boolean;
  panelId: string;
  onToggle: () => void;
  buttonRef?: RefObject<HTMLButtonElement | null>;
}

/** The toggle that shows the emoji picker under the form. */
export function EmojiButton({ open, panelId, onToggle, buttonRef }: EmojiButtonProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className={`icon-btn${open ? ' is-on' : ''}`}
      aria-label="Add an emoji"
      title="Add an emoji"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
    >
      <SmileIcon />
    </button>
  );
}

interface EmojiPanelProps {
  id: string;
  onPick: (emoji: string) => void;
  onClose: () => void;
}

/**
 * The picker itself, in the page flow (so a modal never clips it), loaded
 * lazily. Escape closes it without closing a modal around it.
 */
export function EmojiPanel({ id, onPick, onClose }: EmojiPanelProps) {
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  }
  return (
    <div id={id} className="emoji-panel" role="group" aria-label="Emoji picker" onKeyDown={onKeyDown}>
      <Suspense fallback={<Spinner label="Loading emoji" />}>
        <EmojiPickerPanel onPick={onPick} />
      </Suspense>
    </div>
  );
}
