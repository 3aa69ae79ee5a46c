// The app renders while the in-browser backend starts (the msw chunk, the
// wasm core, the saved data, the service worker), so the two overlap instead
// of running one after the other. Until the backend answers, requests to it
// wait here: a request sent earlier would reach the static host instead.
// The backend's start-up (app/startup/backend.ts) hands over the transport
// that answers them (in the page, see @murmur/backend:
// packages/murmur-backend/src/browser/inPageTransport.ts); until one is
// handed over (tests in Node, where msw/node intercepts), the platform's
// `fetch` is used.

export type Transport = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

const platformFetch: Transport = (input, init) => fetch(input, init);

let transport: Promise<Transport> = Promise.resolve(platformFetch);
let onDemand: (() => void) | undefined;
let answering = true;

/**
 * From now on, requests to the backend wait for `started` and then go
 * through the transport it resolves to (the platform's `fetch` if none). If
 * it rejects, they fail as a request that could not reach the backend does.
 * `onFirstRequest` runs when the first request arrives: a page that starts
 * the backend late (/login, after its first paint) starts it then if sooner.
 */
export function holdBackendRequestsUntil(
  started: Promise<Transport | void>,
  options: { onFirstRequest?: () => void } = {},
): void {
  onDemand = options.onFirstRequest;
  answering = false;
  // Requests waiting on a start that failed reject; nobody else must see an unhandled rejection.
  started.catch(() => undefined);
  const current = started.then((given) => given ?? platformFetch);
  transport = current;
  current.then(
    () => {
      if (transport === current) answering = true;
    },
    () => undefined,
  );
}

/**
 * Whether a request sent now is answered at once: the backend has started
 * (or none is awaited). A page's reads wait for their answers before it
 * renders only then (app/routes.tsx); while the backend starts, the page
 * shows its loading state instead.
 */
export function backendAnswering(): boolean {
  return answering;
}

/** A request to the backend, once it has started, through its transport. */
export async function backendFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const demand = onDemand;
  onDemand = undefined;
  demand?.();
  return (await transport)(input, init);
}
