// Storage that stops working mid-session. A full disk is said as such; any
// other failure is answered as a save that failed, until storage looks gone
// for good (it could not be reopened, or failed twice in a row): then the
// tab keeps its data in memory from there on, tells the user once, and
// carries on.

import { MemoryStateStore, StorageUnavailableError, type StateStore } from './store.js';

/** Storage failures in a row (a full disk aside) after which the tab keeps its data in memory. */
const FAILURES_BEFORE_FALLBACK = 2;

/** What a storage failure means for the write that met it. */
export type StorageFailure = 'full' | 'failed' | 'now-in-memory';

const isQuota = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';

export class StorageFallback {
  #store: StateStore;
  #failures = 0;

  constructor(store: StateStore) {
    this.#store = store;
  }

  /** Where the state is kept now: the store given, or memory once it has failed for good. */
  get store(): StateStore {
    return this.#store;
  }

  get inMemory(): boolean {
    return this.#store instanceof MemoryStateStore;
  }

  /** Keeps everything in memory from now on (storage could not even be read at start-up). */
  useMemory(): void {
    this.#store = new MemoryStateStore();
  }

  /** A save went through: the failures in a row start again from none. */
  succeeded(): void {
    this.#failures = 0;
  }

  /** Counts a failure; once storage looks gone, moves to memory (uploads stored so far are still read from it). */
  failed(error: unknown): StorageFailure {
    console.warn('Murmur: storage failed', error);
    if (isQuota(error)) return 'full';
    this.#failures += 1;
    const gone = error instanceof StorageUnavailableError || this.#failures >= FAILURES_BEFORE_FALLBACK;
    if (!gone || this.inMemory) return 'failed';
    this.#store = new MemoryStateStore(this.#store);
    return 'now-in-memory';
  }
}
