import { setupWorker } from 'msw/browser';
import init, { MockCore } from '@core/mock_core.js';
import wasmUrl from '@core/mock_core_bg.wasm?url';
import { createHandlers } from './handlers';
import { createInPageTransport } from './inPageTransport';
import { createPersistenceHandlers, startPersistence } from './persistence';

/** The routes our handlers answer, under the site's base: sent through the transport, they never leave the page. */
const IN_PAGE_PREFIXES = ['api/', 'media/', '__murmur/'];

/**
 * The service worker: in the site's build, sw.js (src/sw.ts: Workbox
 * precaching for offline use, then msw's worker, imported; vite.config.ts
 * names it); the dev server and the bench pages have no precache and use
 * msw's worker as it is.
 */
const WORKER_SCRIPT: string = import.meta.env.VITE_WORKER_SCRIPT ?? 'mockServiceWorker.js';

export interface MockBackend {
  core: MockCore;
  /** Messages for the user about start-up (a saved state set aside, …). */
  notices: string[];
  /** The app's way to the backend: answers our routes in the page (hand it to lib/backendGate). */
  transport: typeof fetch;
  /**
   * Settles once the service worker is active and routes this page's
   * requests (`<img>` uploads, the page's own fetch) to the handlers, its
   * precache complete: the site then works offline. Rejects in a browser that
   * gives the page no service worker; the transport works regardless.
   */
  worker: Promise<void>;
}

/**
 * Loads the wasm core, restores the saved demo data into it, and starts the
 * service worker that routes `/api` (and uploaded media) into it. The
 * returned transport answers the app's requests to those routes in the page
 * with the same handlers (inPageTransport.ts), without the round trip through
 * the worker, as soon as the core and the data are ready; `<img>`/`<video>`
 * media, navigations and anything else still go through the worker, which
 * `worker` says is in place. This module (with msw and the wasm) is loaded lazily, in a chunk of
 * its own, before the app first renders.
 */
export async function startMockBackend(): Promise<MockBackend> {
  const base = import.meta.env.BASE_URL;
  performance.mark('murmur:mocks-loaded');
  // The service worker registers, installs and activates in its own thread
  // while the core loads and the saved data is read; it gets its handlers
  // once they exist. Until `worker` settles, nothing only the worker would
  // answer (an upload's `<img>`) is requested.
  const worker = setupWorker();
  // Without service workers msw would patch the page's fetch instead: the
  // app needs no such fallback (it has the transport), so none is started.
  const workerActive =
    'serviceWorker' in navigator
      ? worker
          .start({
            serviceWorker: { url: `${base}${WORKER_SCRIPT}`, options: { scope: base } },
            onUnhandledRequest: 'bypass',
            quiet: true,
          })
          .then(() => undefined)
      : Promise.reject(new Error('This browser has no service workers.'));
  workerActive.catch(() => undefined); // the caller decides what a page without a worker loses
  await init({ module_or_path: wasmUrl });
  performance.mark('murmur:core-ready');
  const core = new MockCore({ basePath: base });
  const { backend, notices } = await startPersistence(core);
  performance.mark('murmur:data-restored');
  const handlers = [...createPersistenceHandlers(backend, base), ...createHandlers(backend, base)];
  worker.resetHandlers(...handlers);
  // The transport does not wait for the worker: on a first visit it activates
  // only once its install has precached the whole site (about 2.4 MB).
  const transport = createInPageTransport(handlers, { basePath: base, prefixes: IN_PAGE_PREFIXES });
  return { core, notices, transport, worker: workerActive };
}
