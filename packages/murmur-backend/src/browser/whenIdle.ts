// When deferred work runs in a page: once its main thread is idle, so that
// the app renders its first data first (both the backend's start-up and the
// app's own deferred work use it: `@murmur/backend/protocol` exports it).

/** Settles once the page's main thread is idle, or after 2 s at the latest (200 ms without `requestIdleCallback`). */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}
