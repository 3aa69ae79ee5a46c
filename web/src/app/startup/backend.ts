// The start-up's second phase: the backend starts. msw and the wasm core (the
// @murmur/backend package) come in a chunk of their own, loaded while the app
// renders; the app's requests wait for it (lib/backendGate.ts) and then go
// through its transport, in the page, not through the service worker.
//
// Unless a server is the backend: a page served by `murmur-backend serve
// --static` (the server marks the HTML it serves with
// `<meta name="murmur-backend" content="server">`), or a build told where
// its server is (`VITE_MURMUR_API`). Then every request goes to that server,
// whose state every client shares, and no backend starts in the tab. Both
// are read synchronously: the static-host build pays nothing to find out.
import type { MurmurBackend } from '@murmur/backend';
import { holdBackendRequestsUntil } from '../../lib/backendGate';
import { holdUploadsUntil } from '../../lib/mediaGate';
import { serverBackend } from '../../lib/serverBackend';

/**
 * The service worker: in the site's build, sw.js (src/sw.ts: Workbox
 * precaching for offline use, then msw's worker, imported; vite.config.ts
 * names it); the dev server uses msw's worker as it is.
 */
const WORKER_SCRIPT: string = import.meta.env.VITE_WORKER_SCRIPT ?? 'mockServiceWorker.js';

/** Said once when the browser gives the page no service worker (a private window, some privacy settings). */
export const NO_WORKER_NOTICE =
  'This browser does not allow Murmur a service worker: it works while you are online, but not offline, and uploaded images cannot be shown.';

/** What the start-up needs of a backend: the transport the app's requests go through, its service worker, its notices. */
export type AppBackend = Pick<MurmurBackend, 'transport' | 'worker' | 'notices'>;

/**
 * The app's backend when a server is it: a transport that sends the app's
 * backend requests (`<base>api/...`, `media/`, `__murmur/`) to the server at
 * `api`, and nothing else to start (the server serves uploads itself).
 */
export function connectToServer(api: URL, site: URL = new URL(import.meta.env.BASE_URL, document.baseURI)): AppBackend {
  const sameSite = api.href === site.href;
  const transport: typeof fetch = (input, init) => {
    if (sameSite) return fetch(input, init);
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== site.origin || !url.pathname.startsWith(site.pathname)) return fetch(request);
    const target = new URL(url.pathname.slice(site.pathname.length) + url.search, api);
    return fetch(target, { ...init, method: request.method, headers: request.headers, signal: request.signal });
  };
  document.documentElement.dataset.backend = 'ready';
  return { transport, worker: Promise.resolve(), notices: [] };
}

async function launch(): Promise<AppBackend> {
  const server = serverBackend();
  if (server) return connectToServer(server);
  const { startMurmurBackend } = await import('@murmur/backend');
  performance.mark('murmur:mocks-loaded');
  const base = import.meta.env.BASE_URL;
  const backend = await startMurmurBackend({
    basePath: base,
    workerUrl: `${base}${WORKER_SCRIPT}`,
    persist: 'indexeddb',
    // The app sends its requests through the transport: it need not wait for
    // the service worker (on a first visit, installing it precaches the site).
    waitForWorker: false,
    // The developers' panel (a chunk of its own, loaded only when on): in
    // `npm run dev`, and on the built site with `?devtools` in the address.
    devtools: import.meta.env.DEV || new URLSearchParams(window.location.search).has('devtools'),
  });
  // The app's requests are answered from here on.
  performance.mark('murmur:backend-ready');
  backend.worker
    .then(
      () => performance.mark('murmur:worker-ready'),
      () => undefined,
    )
    .finally(() => {
      // For tests and the bench: everything answers now (the page's own
      // fetch and `<img>` uploads too, when the browser allows a service worker).
      document.documentElement.dataset.backend = 'ready';
    });
  return backend;
}

export interface BackendPhase {
  /** Starts the backend, once (later calls return the same start). */
  start: () => Promise<AppBackend>;
  /** Settles when it has started, or failed to. */
  started: Promise<AppBackend>;
  /** What the backend has to say at start-up, with the missing service worker's notice. */
  notices: Promise<string[]>;
}

/**
 * From now on the app's requests wait for the backend, and uploaded images
 * for its service worker (`<img>` asks the worker, not the transport). The
 * backend starts when `start()` is called, or at the app's first request if
 * that comes sooner and `startOnFirstRequest` (a page that needs it only on
 * submit starts it late; a return visit's copy of the feed is drawn first).
 */
export function prepareBackend(
  { startOnFirstRequest = true } = {},
  launchBackend: () => Promise<AppBackend> = launch,
): BackendPhase {
  let launched: Promise<AppBackend> | undefined;
  let handOver!: (backend: Promise<AppBackend>) => void;
  const started = new Promise<AppBackend>((resolve) => (handOver = resolve));
  const start = () => {
    if (!launched) {
      launched = launchBackend();
      handOver(launched);
    }
    return started;
  };
  holdBackendRequestsUntil(
    started.then((backend) => backend.transport),
    {
      onFirstRequest: startOnFirstRequest ? () => void start().catch(() => undefined) : undefined,
    },
  );
  // The static host would answer an upload's address 404.
  const worker = started.then((backend) => backend.worker);
  holdUploadsUntil(worker);
  const workerNotices = worker.then(
    () => [],
    () => [NO_WORKER_NOTICE],
  );
  const notices = Promise.all([started.then((backend) => backend.notices), workerNotices]).then((lists) =>
    lists.flat(),
  );
  return { start, started, notices };
}
