import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { SmileIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { useOutsideDismiss } from './useOutsideDismiss';

const EmojiPickerPanel = lazy(() => import('./EmojiPickerPanel'));

/** A button that opens the emoji picker in a popover; a pick calls `onPick`. */
export function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const [open, setOpen] = useState(false);
  const popoverId = useId();
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useOutsideDismiss(root, open, useCallback(() => setOpen(false), []));

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        // Close the picker, not the modal around it.
        event.stopPropagation();
        event.preventDefault();
        setOpen(false);
        button.current?.focus();
      }
    };
    const node = root.current;
    node?.addEventListener('keydown', onKey);
    return () => node?.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <span className="emoji-button" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-btn"
        aria-label="Add an emoji"
        title="Add an emoji"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <SmileIcon />
      </button>
      {open && (
        <div id={popoverId} className="emoji-popover" role="dialog" aria-label="Emoji picker">
          <Suspense fallback={<Spinner label="Loading emoji" />}>
            <EmojiPickerPanel onPick={onPick} />
          </Suspense>
        </div>
      )}
    </span>
  );
}
