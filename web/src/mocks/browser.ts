import { setupWorker } from 'msw/browser';
import init, { MockCore } from '@core/mock_core.js';
import wasmUrl from '@core/mock_core_bg.wasm?url';
import { createHandlers } from './handlers';
import { createPersistenceHandlers, startPersistence } from './persistence';

export interface MockBackend {
  core: MockCore;
  /** Messages for the user about start-up (a saved state set aside, …). */
  notices: string[];
}

/**
 * Loads the wasm core, restores the saved demo data into it, and starts the
 * service worker that routes `/api` (and uploaded media) into it. This module
 * (with msw and the wasm) is loaded lazily, in a chunk of its own, before the
 * app first renders.
 */
export async function startMockBackend(): Promise<MockBackend> {
  const base = import.meta.env.BASE_URL;
  await init({ module_or_path: wasmUrl });
  const core = new MockCore(Math.random() * Number.MAX_SAFE_INTEGER);
  const { backend, notices } = await startPersistence(core);
  const worker = setupWorker(...createPersistenceHandlers(backend, base), ...createHandlers(backend, base));
  await worker.start({
    serviceWorker: { url: `${base}mockServiceWorker.js`, options: { scope: base } },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return { core, notices };
}
