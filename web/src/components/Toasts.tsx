import { resolveValue, useToaster } from 'react-hot-toast/headless';
import './toasts.css';

/** How long success and error toasts stay (docs/product.md, "Shared layout"). */
const TOAST_OPTIONS = { success: { duration: 1500 }, error: { duration: 1500 } };

/**
 * Reports `element`'s height once the browser has laid it out, from a
 * ResizeObserver: reading `offsetHeight` as the toast mounts would force a
 * layout of the whole page in the middle of React's commit (the Welcome
 * toast mounts with Home), and the page is laid out again before it paints.
 * Returns the ref's cleanup.
 */
function whenLaidOut(element: HTMLElement, report: (height: number) => void): () => void {
  if (typeof ResizeObserver === 'undefined') {
    report(element.offsetHeight);
    return () => undefined;
  }
  const observer = new ResizeObserver(() => {
    observer.disconnect();
    report(element.offsetHeight);
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Toasts at the top centre, drawn by the app from react-hot-toast's store
 * (its headless API) with the app's own stylesheet: the library's styled
 * Toaster inserts its CSS at the first toast, and the style recalculation
 * that follows landed on the way from Login As Guest to Home.
 */
export function Toasts() {
  const { toasts, handlers } = useToaster(TOAST_OPTIONS);
  return (
    <div className="toasts" onMouseEnter={handlers.startPause} onMouseLeave={handlers.endPause}>
      {toasts.map((t) => (
        <div
          key={t.id}
          ref={(element) => {
            if (!element || t.height !== undefined) return;
            return whenLaidOut(element, (height) => handlers.updateHeight(t.id, height));
          }}
          className={`toast toast--${t.type}`}
          data-visible={t.visible}
          style={{ translate: `-50% ${handlers.calculateOffset(t, { gutter: 8 })}px` }}
          {...t.ariaProps}
        >
          {t.type === 'success' && (
            <span className="toast__icon toast__icon--success" aria-hidden="true">
              ✓
            </span>
          )}
          {t.type === 'error' && (
            <span className="toast__icon toast__icon--error" aria-hidden="true">
              !
            </span>
          )}
          <span className="toast__message">{resolveValue(t.message, t)}</span>
        </div>
      ))}
    </div>
  );
}
