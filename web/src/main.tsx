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
  const backend = await startMurmurBackend({ basePath: base, workerUrl: `${base}${WORKER_SCRIPT}`, persist: 'indexeddb' });
  // For tests and the bench: the backend answers from here on.
  document.documentElement.dataset.backend = 'ready';
  performance.mark('murmur:backend-ready');
  return backend;
}

function boot(): void {
  offerReloadOnNewVersion();
  const container = document.getElementById('root');
  if (!container) return;
  const root = createRoot(container);
  const backend = startBackend();
  const notices = backend.then((started) => started.notices);
  // The app's requests wait for the backend, then go through its transport; the first render does not.
  holdBackendRequestsUntil(backend.then((started) => started.transport));
  // Uploaded images too: the static host would answer them 404 (issue 14, item 1).
  holdUploadsUntil(notices);
  root.render(
    <StrictMode>
      <App />
      <StartupNotices notices={notices} />
    </StrictMode>,
  );
  notices.catch((error: unknown) => root.render(<BackendUnavailable error={error} />));
}

boot();
