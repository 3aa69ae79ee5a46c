// The IndexedDB store (./store.ts: what every store does). The head
// (revision and stamp) sits under a key of its own, so that the check every
// write makes first reads a few bytes, not the whole state.

import {
  abortQuietly,
  committed,
  JOURNAL_STORE,
  MEDIA_STORE,
  QUARANTINE_STORE,
  requestResult,
  STATE_STORE,
  STORAGE_DEADLINE_MS,
} from './indexedDb.js';
import {
  chainFrom,
  chainHead,
  headOf,
  isHead,
  NoBaseError,
  overwritesOther,
  readSaved,
  sameHead,
  StaleStateError,
  type JournalEntry,
  type SavedState,
} from './format.js';
import {
  StorageUnavailableError,
  type AppendOptions,
  type MediaRecord,
  type QuarantinedState,
  type SaveOptions,
  type StateStore,
  type StoredState,
} from './store.js';

const HEAD_KEY = 'head';
const CURRENT_KEY = 'current';

export interface IdbStoreOptions {
  /** Opens the database again after the browser closed it (site data cleared, say). */
  reopen?: () => Promise<IDBDatabase>;
  /** Deadline of every transaction, in ms. */
  deadline?: number;
}

/**
 * Whether a failure may be the connection going away under us, so that the
 * operation is worth running once more on a reopened connection. Chromium's
 * "Clear site data" shows up as an InvalidStateError, an AbortError or an
 * UnknownError, depending on when it strikes. Not so: another tab's save, a
 * full disk, a value that cannot be stored, a deadline already spent.
 */
function mayBeClosedConnection(error: unknown): boolean {
  if (!(error instanceof DOMException)) return false;
  return !['QuotaExceededError', 'DataCloneError', 'ConstraintError', 'DataError'].includes(error.name);
}

/** The stored record of an upload, in this build's form or the Blob form older builds stored. */
async function mediaFrom(id: string, found: unknown): Promise<MediaRecord | undefined> {
  if (typeof found !== 'object' || found === null) return undefined;
  const { type, bytes, blob } = found as { type?: unknown; bytes?: unknown; blob?: unknown };
  if (typeof type !== 'string') return undefined;
  if (bytes instanceof ArrayBuffer) return { id, type, bytes };
  // Another realm's ArrayBuffer (a test environment's) fails instanceof.
  if (Object.prototype.toString.call(bytes) === '[object ArrayBuffer]')
    return { id, type, bytes: bytes as ArrayBuffer };
  if (isBlobLike(blob)) {
    try {
      return { id, type, bytes: await blob.arrayBuffer() };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The IndexedDB store. The head (revision and stamp) sits under a key of its
 * own so that the check every write makes first reads a few bytes, not the
 * whole state. Every transaction has a deadline; when the browser closes the
 * connection under a running tab, the next operation opens it again (once).
 */
export class IdbStateStore implements StateStore {
  private database: IDBDatabase | null;
  private readonly reopen: (() => Promise<IDBDatabase>) | undefined;
  private readonly deadline: number;

  constructor(database: IDBDatabase, options: IdbStoreOptions = {}) {
    this.reopen = options.reopen;
    this.deadline = options.deadline ?? STORAGE_DEADLINE_MS;
    this.database = null;
    this.adopt(database);
  }

  private adopt(database: IDBDatabase): void {
    this.database = database;
    // Fired when the browser closes the connection itself (site data cleared,
    // the disk gone): the next operation reopens.
    database.onclose = () => {
      if (this.database === database) this.database = null;
    };
  }

  /** Runs `operation` on a transaction; reopens the database and runs it once more if the connection was closed. */
  private async run<T>(
    stores: string[],
    mode: IDBTransactionMode,
    operation: (tx: IDBTransaction) => Promise<T>,
  ): Promise<T> {
    const attempt = async () => {
      if (!this.database) {
        if (!this.reopen) throw new StorageUnavailableError(new Error('The database connection is closed'));
        try {
          this.adopt(await this.reopen());
        } catch (error) {
          throw new StorageUnavailableError(error);
        }
      }
      return operation(this.database!.transaction(stores, mode));
    };
    try {
      return await attempt();
    } catch (error) {
      if (!this.reopen || !mayBeClosedConnection(error)) throw error;
      // Closed under us (the close event may come after the failure): open again.
      try {
        this.database?.close();
      } catch {
        // Already closed.
      }
      this.database = null;
      return attempt();
    }
  }

  readHead(): Promise<unknown> {
    return this.run([STATE_STORE], 'readonly', (tx) =>
      requestResult(tx.objectStore(STATE_STORE).get(HEAD_KEY), this.deadline),
    );
  }

  loadState(): Promise<StoredState> {
    return this.run([STATE_STORE, JOURNAL_STORE], 'readonly', async (tx) => {
      const states = tx.objectStore(STATE_STORE);
      // All three asked for at once: the journal is short (compacted every so many entries).
      const [current, head, entries] = await Promise.all([
        requestResult(states.get(CURRENT_KEY), this.deadline),
        requestResult(states.get(HEAD_KEY), this.deadline),
        requestResult(tx.objectStore(JOURNAL_STORE).getAll(), this.deadline),
      ]);
      const loaded = readSaved(current);
      if (loaded.kind !== 'ok') return { loaded, head, journal: [] };
      const after = loaded.saved.revision;
      return { loaded, head, journal: entries.filter((entry) => isHead(entry) && entry.revision > after) };
    });
  }

  readJournal(after: number, upTo?: number): Promise<unknown[]> {
    if (upTo !== undefined && upTo <= after) return Promise.resolve([]);
    const range =
      upTo === undefined ? IDBKeyRange.lowerBound(after, true) : IDBKeyRange.bound(after, upTo, true, false);
    return this.run([JOURNAL_STORE], 'readonly', (tx) =>
      requestResult(tx.objectStore(JOURNAL_STORE).getAll(range), this.deadline),
    );
  }

  save(state: SavedState, options: SaveOptions = {}): Promise<void> {
    const { media, clearMedia = false, replaceMedia, expected } = options;
    const touchesMedia = media || clearMedia || replaceMedia;
    const stores = touchesMedia ? [STATE_STORE, JOURNAL_STORE, MEDIA_STORE] : [STATE_STORE, JOURNAL_STORE];
    return this.run(stores, 'readwrite', async (tx) => {
      const done = committed(tx, this.deadline);
      const states = tx.objectStore(STATE_STORE);
      let refusal: unknown = null;
      const write = () => {
        try {
          states.put(state, CURRENT_KEY);
          states.put(headOf(state), HEAD_KEY);
          tx.objectStore(JOURNAL_STORE).clear();
          if (clearMedia || replaceMedia) tx.objectStore(MEDIA_STORE).clear();
          for (const record of [...(replaceMedia ?? []), ...(media ? [media] : [])]) {
            tx.objectStore(MEDIA_STORE).put({ type: record.type, bytes: record.bytes }, record.id);
          }
        } catch (error) {
          // A put can throw at once (a DataCloneError, or a quota check): undo
          // the whole transaction and report that error.
          refusal = error;
          abortQuietly(tx);
        }
      };
      if (expected === undefined) {
        write();
      } else {
        // Checked and written in one transaction: no other save can come between.
        const head = states.get(HEAD_KEY);
        head.onsuccess = () => {
          if (!overwritesOther(head.result, expected)) return write();
          refusal = new StaleStateError();
          abortQuietly(tx);
        };
      }
      try {
        await done;
      } catch (error) {
        throw refusal ?? error;
      }
    });
  }

  append(entry: JournalEntry, options: AppendOptions): Promise<void> {
    const { media, expected } = options;
    const stores = media ? [STATE_STORE, JOURNAL_STORE, MEDIA_STORE] : [STATE_STORE, JOURNAL_STORE];
    return this.run(stores, 'readwrite', async (tx) => {
      const done = committed(tx, this.deadline);
      const states = tx.objectStore(STATE_STORE);
      let refusal: unknown = null;
      // Checked and written in one transaction: no other save can come between.
      const head = states.get(HEAD_KEY);
      head.onsuccess = () => {
        try {
          if (!isHead(head.result)) refusal = new NoBaseError();
          else if (!sameHead(head.result, expected)) refusal = new StaleStateError();
          if (refusal) return abortQuietly(tx);
          tx.objectStore(JOURNAL_STORE).put(entry, entry.revision);
          states.put(headOf(entry), HEAD_KEY);
          if (media) tx.objectStore(MEDIA_STORE).put({ type: media.type, bytes: media.bytes }, media.id);
        } catch (error) {
          refusal = error;
          abortQuietly(tx);
        }
      };
      try {
        await done;
      } catch (error) {
        throw refusal ?? error;
      }
    });
  }

  repairHead(): Promise<void> {
    return this.run([STATE_STORE, JOURNAL_STORE], 'readwrite', async (tx) => {
      const done = committed(tx, this.deadline);
      const states = tx.objectStore(STATE_STORE);
      const journal = tx.objectStore(JOURNAL_STORE);
      const current = states.get(CURRENT_KEY);
      current.onsuccess = () => {
        const loaded = readSaved(current.result);
        if (loaded.kind !== 'ok') {
          states.delete(HEAD_KEY);
          journal.clear();
          return;
        }
        const entries = journal.getAll(IDBKeyRange.lowerBound(loaded.saved.revision, true));
        entries.onsuccess = () => {
          const base = headOf(loaded.saved);
          const chain = chainFrom(entries.result, base);
          const head = chainHead(base, chain);
          states.put(head, HEAD_KEY);
          // Entries past the chain are strays (a damaged profile): gone, so no later chain runs into them.
          journal.delete(IDBKeyRange.lowerBound(head.revision, true));
        };
      };
      await done;
    });
  }

  quarantine(saved: unknown, reason: string): Promise<void> {
    return this.run([STATE_STORE, QUARANTINE_STORE, JOURNAL_STORE], 'readwrite', async (tx) => {
      const done = committed(tx, this.deadline);
      const entry: QuarantinedState = { quarantinedAt: Date.now(), reason, saved };
      try {
        tx.objectStore(QUARANTINE_STORE).add(entry);
      } catch {
        // Not storable as it is (say, an object that cannot be cloned): keep its text.
        tx.objectStore(QUARANTINE_STORE).add({ ...entry, saved: String(saved) });
      }
      tx.objectStore(STATE_STORE).delete(CURRENT_KEY);
      tx.objectStore(STATE_STORE).delete(HEAD_KEY);
      tx.objectStore(JOURNAL_STORE).clear();
      await done;
    });
  }

  getMedia(id: string): Promise<MediaRecord | undefined> {
    return this.run([MEDIA_STORE], 'readonly', async (tx) =>
      mediaFrom(id, await requestResult(tx.objectStore(MEDIA_STORE).get(id), this.deadline)),
    );
  }

  allMedia(): Promise<MediaRecord[]> {
    return this.run([MEDIA_STORE], 'readonly', async (tx) => {
      const media = tx.objectStore(MEDIA_STORE);
      const [keys, values] = await Promise.all([
        requestResult(media.getAllKeys(), this.deadline),
        requestResult(media.getAll(), this.deadline),
      ]);
      const records = await Promise.all(keys.map((key, i) => mediaFrom(String(key), values[i])));
      return records.filter((record): record is MediaRecord => record !== undefined);
    });
  }
}

/** A Blob, also one from another realm (a test environment's, say). */
function isBlobLike(value: unknown): value is Blob {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).size === 'number' &&
    typeof (value as Blob).arrayBuffer === 'function'
  );
}
