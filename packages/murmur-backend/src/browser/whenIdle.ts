// When the backend's deferred work runs: in a page, once its main thread is
// idle, so that the app renders its first data first; in the backend's
// worker (which has no idle callback), a moment after its start. Internal to
// the package: an app schedules its own work (Murmur's in web/src/lib).

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
