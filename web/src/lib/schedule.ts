// When the app's deferred work runs: once the page's main thread is idle, so
// that what the visitor sees and taps comes first.

/** Settles once the page's main thread is idle, or after 2 s at the latest (200 ms without `requestIdleCallback`). */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}
