import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupServer, type SetupServer } from 'msw/node';
import { initSync, MockCore } from '../core/mock_core.js';
import { backendHandlers, whenStarted } from './backendHandlers.js';
import { normalizeBasePath, type MurmurCommonOptions } from './options.js';
import { PersistentBackend } from './persistence/persistentBackend.js';
import { checkSeed, loadableSeed, type LoadableSeed } from './seed.js';
import { seededCore } from './seededCore.js';

export type { GenerateOptions } from './generateOptions.js';
export type { Latency, MurmurCommonOptions, UnhandledRequest } from './options.js';
export { SeedError, type MurmurSeed, type SeedComment, type SeedData, type SeedPost, type SeedUser } from './seed.js';
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
  /** msw's `setupServer`: call `listen()` in `beforeAll` and `close()` in `afterAll`; `use()`, `resetHandlers()` and the rest as msw documents. */
  server: SetupServer;
  core: MockCore;
  /**
   * Settles once the seed is in the core: at once, except with
   * `seed: { generate }`, whose generator loads first (requests wait for it
   * anyway; await this before reading `core` directly). Rejects with a
   * `SeedError` when the core refuses the seed.
   */
  ready: Promise<void>;
}

/**
 * An msw server for Node tests whose `<basePath>api/*` (on any origin) is
 * answered by a real core, with the handlers the browser uses (uploads and
 * `<basePath>media/*` kept in memory). Options as `startMurmurBackend`'s,
 * without persistence; `core` takes an existing core instead of a new one.
 * Throws a `SeedError` when a seed (other than a generated one, see `ready`)
 * is refused, or when `generate`'s options are wrong.
 */
export function createMurmurServer(options: MurmurCommonOptions & { core?: MockCore } = {}): MurmurServer {
  const base = normalizeBasePath(options.basePath);
  const core = options.core ?? createNodeCore(base);
  const seed = options.seed;
  checkSeed(seed);
  const start = (loadable: LoadableSeed | undefined) => PersistentBackend.inMemory(seededCore(core, loadable));
  const backend =
    seed && 'generate' in seed
      ? loadableSeed(seed).then(start)
      : Promise.resolve(start(seed as LoadableSeed | undefined));
  const ready = backend.then(() => undefined);
  ready.catch(() => undefined); // requests report it; `ready` is for the caller
  const server = setupServer(...backendHandlers(whenStarted(backend), { ...options, basePath: base }));
  return { server, core, ready };
}

/** `createMurmurServer` over `core` (Murmur's own tests). */
export function createTestServer(core: MockCore = createNodeCore()): MurmurServer {
  return createMurmurServer({ core });
}
