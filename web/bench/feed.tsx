// The app as main.tsx boots it, except that the core holds a bulk state
// (`?bulk=1000`: 1,000 posts by the guest and the one user the guest
// follows, so that all of them are on Home) before the first render.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '../src/app/App';
import { makeStore } from '../src/app/store';
import { holdBackendRequestsUntil } from '../src/lib/backendGate';
import { startMurmurBackend } from '@murmur/backend';
import '../src/styles/global.css';

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) return;
  const { core, transport } = await startMurmurBackend({ basePath: '/', persist: 'indexeddb' });
  holdBackendRequestsUntil(Promise.resolve(transport));
  const bulk = Number(new URLSearchParams(location.search).get('bulk') ?? 0);
  if (bulk > 0) core.loadBulk(2, bulk);
  document.documentElement.dataset.backend = 'ready';
  createRoot(container).render(
    <StrictMode>
      <App store={makeStore({ persist: true })} />
    </StrictMode>,
  );
}

void boot();
