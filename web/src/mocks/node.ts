import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupServer } from 'msw/node';
import { initSync, MockCore } from '@core/mock_core.js';
import { createHandlers } from './handlers';
import { createPersistenceHandlers } from './persistence/handlers';
import { PersistentBackend } from './persistence/persistentBackend';

// A path, not a URL: under jsdom, `URL` is jsdom's and node:fs refuses it.
const wasmPath = resolve(dirname(fileURLToPath(import.meta.url)), '../../../mock-core/pkg/mock_core_bg.wasm');
let initialised = false;

/**
 * A fresh core over the seed data, loaded from the built wasm on disk, for a
 * site under `basePath` (its media and avatar paths are absolute under it).
 * It seeds its salts from Node's `crypto.getRandomValues`.
 */
export function createNodeCore(basePath = '/'): MockCore {
  if (!initialised) {
    initSync({ module: readFileSync(wasmPath) });
    initialised = true;
  }
  return new MockCore({ basePath });
}

/**
 * An msw server for Node tests that answers `/api` with a real core, the same
 * handlers the browser uses (uploads and `/media` included, kept in memory).
 * Call `listen()` in `beforeAll`.
 */
export function createTestServer(core: MockCore = createNodeCore()) {
  const backend = PersistentBackend.inMemory(core);
  const server = setupServer(...createPersistenceHandlers(backend, '/'), ...createHandlers(backend, '/'));
  return { server, core };
}
