// What the page and a service worker of the app's own agree on (no
// dependencies: a worker script imports it from `@murmur/backend/protocol`).

/**
 * Posted by the page to an active service worker that does not control it (a
 * hard reload bypasses the worker): a worker that answers it with
 * `clients.claim()` takes the page over without a reload, as Murmur's own
 * `sw.js` does. msw's `mockServiceWorker.js` ignores it.
 */
export const CLAIM_PAGE_MESSAGE = 'MURMUR_CLAIM_PAGE';
