import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupServer, type SetupServer } from 'msw/node';
import { initSync, MockCore } from '../core/mock_core.js';
import { createHandlers } from './handlers.js';
import { normalizeBasePath, withHostOptions, type MurmurCommonOptions } from './options.js';
import { createPersistenceHandlers } from './persistence/handlers.js';
import { PersistentBackend } from './persistence/persistentBackend.js';
import { seededCore } from './seededCore.js';

export type { Latency, MurmurCommonOptions, UnhandledRequest } from './options.js';
export { SeedError, type MurmurSeed, type SeedPost, type SeedUser } from './seed.js';
export { MockCore };

// A path, not a URL: under jsdom, `URL` is jsdom's and node:fs refuses it
// (and a bundler may rewrite `new URL(..., import.meta.url)` into an asset's URL).
const wasmPath = resolve(dirname(fileURLToPath(import.meta.url)), '../core/mock_core_bg.wasm');
let initialised = false;

/**
 * A fresh core over the demo seed, loaded from the built wasm on disk, for a
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

export interface MurmurServer {
  /** msw's `setupServer`: call `listen()` in `beforeAll` and `close()` in `afterAll`. */
  server: SetupServer;
  core: MockCore;
}

/**
 * An msw server for Node tests whose `<basePath>api/*` (on any origin) is
 * answered by a real core, with the handlers the browser uses (uploads and
 * `<basePath>media/*` kept in memory). Options as `startMurmurBackend`'s,
 * without persistence; `core` takes an existing core instead of a new one.
 */
export function createMurmurServer(options: MurmurCommonOptions & { core?: MockCore } = {}): MurmurServer {
  const base = normalizeBasePath(options.basePath);
  const core = options.core ?? createNodeCore(base);
  const backend = PersistentBackend.inMemory(seededCore(core, options.seed));
  const handlers = [...createPersistenceHandlers(backend, base), ...createHandlers(backend, base)];
  return { server: setupServer(...withHostOptions(handlers, { ...options, basePath: base })), core };
}

/** `createMurmurServer` over `core` (Murmur's own tests). */
export function createTestServer(core: MockCore = createNodeCore()): MurmurServer {
  return createMurmurServer({ core });
}
