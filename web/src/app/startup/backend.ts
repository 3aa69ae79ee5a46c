// The backend starts, at once, in parallel with the first render: the
// @murmur/backend package's small page part (msw's client and the transport)
// comes in a chunk of its own, and the backend itself (the wasm core, the
// saved data) runs in its own worker, off the page's main thread. The app's
// requests wait for it (lib/backendGate.ts) and then go through its
// transport, which hands them to that worker.
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
  // For tests and the bench: `worker` (its own thread) or `page` (no worker could start).
  document.documentElement.dataset.backendThread = backend.thread;
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
  /** Settles when the backend has started, or failed to. */
  started: Promise<AppBackend>;
  /** What the backend has to say at start-up, with the missing service worker's notice. */
  notices: Promise<string[]>;
}

/**
 * Starts the backend now. From now on the app's requests wait for it, and
 * uploaded images for its service worker (`<img>` asks the worker, not the
 * transport).
 */
export function startBackend(launchBackend: () => Promise<AppBackend> = launch): BackendPhase {
  const started = launchBackend();
  holdBackendRequestsUntil(started.then((backend) => backend.transport));
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
  return { started, notices };
}
