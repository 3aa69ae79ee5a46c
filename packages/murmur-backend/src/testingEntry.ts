// The package's `@murmur/backend/testing` entry: the parts
// `startMurmurBackend` composes, for measuring and testing them one at a
// time (bench/ uses nothing else of the package's insides). They are the
// same code the backend runs; their shapes may change between versions more
// freely than the main entry's. (A file named testing.* would be left out of
// the tarball as a test helper: scripts/check-pack.mjs.)
import init, { MockCore } from '../core/mock_core.js';

export { MockCore };
export {
  bodyText,
  callCore,
  coreBackend,
  type ApiRequest,
  StreamedBody,
  type ApiResponse,
  type Backend,
  type BytesResponse,
  type CoreLike,
} from './core/coreCall.js';
export { createHandlers } from './core/apiRoute.js';
export { createInPageTransport, type InPageTransportOptions } from './browser/inPageTransport.js';
export { startPersistence } from './browser/indexedDbPersistence.js';
export { PersistentBackend, type SnapshotCore } from './persistence/persistentBackend.js';
export { IDB_COMPACT_EVERY } from './persistence/compaction.js';
export { IdbStateStore } from './persistence/idbStateStore.js';
export { openDatabase } from './persistence/indexedDb.js';
export { newHead, type JournalEntry, type SavedHead } from './persistence/format.js';
export { readBackup } from './persistence/backup.js';

/**
 * Compiles the wasm core in a page (once; later calls reuse it) and returns
 * its class. `wasmUrl` for a bundler that gives the module another address;
 * by default the package's own `core/mock_core_bg.wasm`. In Node, use
 * `createNodeCore` from `@murmur/backend/node`.
 */
export async function loadCore(wasmUrl?: string | URL): Promise<typeof MockCore> {
  await init({ module_or_path: wasmUrl ?? new URL('../core/mock_core_bg.wasm', import.meta.url) });
  return MockCore;
}

/** The data generator behind `seed: { generate }`, loaded on demand as the backend loads it. */
export const loadGenerator = () => import('./generate/generateSeed.js');
