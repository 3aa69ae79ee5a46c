import { setupWorker } from 'msw/browser';
import init, { MockCore } from '@core/mock_core.js';
import wasmUrl from '@core/mock_core_bg.wasm?url';
import { coreBackend, createHandlers } from './handlers';

/**
 * Loads the wasm core and starts the service worker that routes `/api` into
 * it. This module (with msw and the wasm) is loaded lazily, in a chunk of its
 * own, before the app first renders.
 */
export async function startMockBackend(): Promise<MockCore> {
  const base = import.meta.env.BASE_URL;
  await init({ module_or_path: wasmUrl });
  const core = new MockCore(Math.random() * Number.MAX_SAFE_INTEGER);
  const worker = setupWorker(...createHandlers(coreBackend(core), base));
  await worker.start({
    serviceWorker: { url: `${base}mockServiceWorker.js`, options: { scope: base } },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });
  return core;
}
