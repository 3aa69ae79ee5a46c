// The app renders while the in-browser backend starts (its worker, the wasm
// core, the saved data, the service worker), so the two overlap instead of
// running one after the other. A request sent before the backend answers
// waits here: sent earlier, it would reach the static host instead. The
// start-up (app/startup/backend.ts) hands over, once, the transport that
// answers them (see @murmur/backend:
// packages/murmur-backend/src/browser/inPageTransport.ts); until then (tests
// in Node, where msw/node intercepts), the platform's `fetch` is used.

export type Transport = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

const platformFetch: Transport = (input, init) => fetch(input, init);

/** The one connection to the backend: the transport it resolves to once started. */
let transport: Promise<Transport> = Promise.resolve(platformFetch);

/**
 * From now on, requests to the backend wait for `started` and then go
 * through the transport it resolves to (the platform's `fetch` if none). If
 * it rejects, they fail as a request that could not reach the backend does.
 */
export function holdBackendRequestsUntil(started: Promise<Transport | void>): void {
  // Requests waiting on a start that failed reject; nobody else must see an unhandled rejection.
  started.catch(() => undefined);
  transport = started.then((given) => given ?? platformFetch);
}

/** A request to the backend, once it has started, through its transport. */
export async function backendFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return (await transport)(input, init);
}
