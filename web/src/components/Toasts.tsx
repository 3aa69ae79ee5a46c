import { resolveValue, useToaster } from 'react-hot-toast/headless';
import './toasts.css';

/** How long success and error toasts stay (docs/product.md, "Shared layout"). */
const TOAST_OPTIONS = { success: { duration: 1500 }, error: { duration: 1500 } };

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
            if (element && t.height === undefined) handlers.updateHeight(t.id, element.offsetHeight);
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
