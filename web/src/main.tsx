import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { BackendUnavailable } from './components/BackendUnavailable';
import { StartupNotices } from './features/demo-data/StartupNotices';
import { applyTheme, loadTheme } from './features/theme/theme';
import { offerReloadOnNewVersion } from './features/updates/updates';
import { holdBackendRequestsUntil } from './lib/backendGate';
import { holdUploadsUntil } from './lib/mediaGate';
import './styles/global.css';

// The saved theme goes on <html> before anything renders, so a dark theme
// never flashes light while the backend starts.
applyTheme(loadTheme());

/**
 * The service worker: in the site's build, sw.js (src/sw.ts: Workbox
 * precaching for offline use, then msw's worker, imported; vite.config.ts
 * names it); the dev server uses msw's worker as it is.
 */
const WORKER_SCRIPT: string = import.meta.env.VITE_WORKER_SCRIPT ?? 'mockServiceWorker.js';

/** msw and the wasm core (the @murmur/backend package) come in a chunk of their own, loaded while the app renders. */
async function startBackend() {
  const { startMurmurBackend } = await import('@murmur/backend');
  performance.mark('murmur:mocks-loaded');
  const base = import.meta.env.BASE_URL;
  // The app sends its requests through the transport: it need not wait for
  // the service worker (on a first visit, installing it precaches the site).
  const backend = await startMurmurBackend({
    basePath: base,
    workerUrl: `${base}${WORKER_SCRIPT}`,
    persist: 'indexeddb',
    waitForWorker: false,
    // The developers' panel (a chunk of its own, loaded only when on): in
    // `npm run dev`, and on the built site with `?devtools` in the address.
    devtools: import.meta.env.DEV || new URLSearchParams(window.location.search).has('devtools'),
  });
  // The app's requests are answered from here on.
  performance.mark('murmur:backend-ready');
  backend.worker
    .then(() => performance.mark('murmur:worker-ready'), () => undefined)
    .finally(() => {
      // For tests and the bench: everything answers now (the page's own
      // fetch and `<img>` uploads too, when the browser allows a service worker).
      document.documentElement.dataset.backend = 'ready';
    });
  return backend;
}

/** Said once when the browser gives the page no service worker (a private window, some privacy settings). */
const NO_WORKER_NOTICE =
  'This browser does not allow Murmur a service worker: it works while you are online, but not offline, and uploaded images cannot be shown.';

function boot(): void {
  offerReloadOnNewVersion();
  const container = document.getElementById('root');
  if (!container) return;
  const root = createRoot(container);
  const backend = startBackend();
  const notices = backend.then((started) => started.notices);
  // The app's requests wait for the backend, then go through its transport
  // (in the page, not through the service worker); the first render does not.
  holdBackendRequestsUntil(backend.then((started) => started.transport));
  // Uploaded images wait for the service worker, which serves them to
  // `<img>`: the static host would answer them 404 (issue 14, item 1).
  const worker = backend.then((started) => started.worker);
  holdUploadsUntil(worker);
  const workerNotices = worker.then(
    () => [],
    () => [NO_WORKER_NOTICE],
  );
  root.render(
    <StrictMode>
      <App />
      <StartupNotices notices={Promise.all([notices, workerNotices]).then((lists) => lists.flat())} />
    </StrictMode>,
  );
  notices.catch((error: unknown) => root.render(<BackendUnavailable error={error} />));
}

boot();
