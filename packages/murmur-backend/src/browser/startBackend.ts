import { PersistentBackend, startPersistence, type PageSide } from './indexedDbPersistence.js';
import type { SnapshotCore } from '../persistence/persistentBackend.js';

/** Where the data lives: IndexedDB (kept across reloads, shared between tabs) or this page's memory. */
export type Persist = 'indexeddb' | 'memory';

/**
 * The backend over `core` for `persist`: `indexeddb` restores the saved
 * state (or saves the seed) and keeps saving; `memory` touches no storage.
 * `core` may still be loading (storage opens meanwhile).
 */
export async function startBackend(
  core: SnapshotCore | Promise<SnapshotCore>,
  persist: Persist,
  page?: PageSide,
): Promise<{ backend: PersistentBackend; notices: string[] }> {
  if (persist === 'indexeddb') return startPersistence(core, page);
  if (persist === 'memory') return { backend: PersistentBackend.inMemory(await core), notices: [] };
  throw new TypeError(`persist must be 'indexeddb' or 'memory', got ${JSON.stringify(persist)}`);
}
