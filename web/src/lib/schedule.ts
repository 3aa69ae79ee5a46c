// When the app's deferred work runs: once the page's main thread is idle, so
// that what the visitor sees and taps comes first.

/** The longest wait for an idle moment. */
const IDLE_TIMEOUT_MS = 2000;
/** The wait instead, in a browser without `requestIdleCallback`. */
const WITHOUT_IDLE_CALLBACK_MS = 200;

/** Settles once the page's main thread is idle, or after IDLE_TIMEOUT_MS at the latest. */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, WITHOUT_IDLE_CALLBACK_MS);
  });
}
