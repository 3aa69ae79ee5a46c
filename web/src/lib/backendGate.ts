// The app renders while the in-browser backend starts (the msw chunk, the
// wasm core, the saved data, the service worker), so the two overlap instead
// of running one after the other. Until the backend answers, requests to it
// wait here: a request sent earlier would reach the static host instead.

let ready: Promise<unknown> = Promise.resolve();

/**
 * From now on, requests to the backend wait for `started`. If it rejects,
 * they fail as a request that could not reach the backend does.
 */
export function holdBackendRequestsUntil(started: Promise<unknown>): void {
  // Requests waiting on a start that failed reject; nobody else must see an unhandled rejection.
  started.catch(() => undefined);
  ready = started;
}

/** `fetch`, once the backend has started. */
export async function backendFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  await ready;
  return fetch(input, init);
}
