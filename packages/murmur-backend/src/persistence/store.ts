// Where the demo data lives between visits: the core's saved state (a
// snapshot now and then, and a journal of the writes since), uploaded images,
// and a quarantine for saved states that could not be read.

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
  type Loaded,
  type SavedHead,
  type SavedState,
} from './format.js';

export interface MediaRecord {
  id: string;
  type: string;
  /**
   * The file's bytes. Stored as an ArrayBuffer, never as a Blob: WebKit's
   * ephemeral storage (private browsing, WebDriver sessions) cannot store a
   * Blob in IndexedDB, and the failing transaction never settles there.
   */
  bytes: ArrayBuffer;
}

export interface QuarantinedState {
  quarantinedAt: number;
  reason: string;
  /** Exactly what was stored, for whoever wants to recover it by hand. */
  saved: unknown;
}

export interface SaveOptions {
  /** An upload to store in the same transaction as the state. */
  media?: MediaRecord;
  /** Drop every stored upload (a reset). */
  clearMedia?: boolean;
  /** Replace every stored upload with these (a restore from a backup), in the same transaction. */
  replaceMedia?: readonly MediaRecord[];
  /**
   * The save this one replaces. When another save is stored instead, nothing
   * is written and `save` rejects with a StaleStateError: a backstop for
   * browsers without Web Locks (or pages outside a secure context).
   * Left out, the save is unconditional (a reset).
   */
  expected?: SavedHead | null;
}

export interface AppendOptions {
  /** An upload to store in the same transaction as the entry. */
  media?: MediaRecord;
  /** The save the entry follows: anything else stored, and nothing is written (StaleStateError). */
  expected: SavedHead;
}

export interface StoredState {
  loaded: Loaded;
  head: unknown;
  journal: unknown[];
}

export interface StateStore {
  /** The head of the stored state (`undefined` when nothing is saved), unchecked. */
  readHead(): Promise<unknown>;
  /**
   * The whole stored state, read in one transaction (so never half of a
   * compaction): the last snapshot saved in full (`current`), the head, and
   * the journal entries after the snapshot's revision (unchecked).
   */
  loadState(): Promise<StoredState>;
  /** The stored journal entries after revision `after` up to `upTo` (all when left out), by revision, unchecked. */
  readJournal(after: number, upTo?: number): Promise<unknown[]>;
  /**
   * Saves a snapshot in full as `current`, with its head, and empties the
   * journal (every entry in it is part of the snapshot, or of a state it
   * replaces). Resolves once committed; rejects otherwise.
   */
  save(state: SavedState, options?: SaveOptions): Promise<void>;
  /**
   * Appends one write to the journal and makes its head the stored head, in
   * one transaction that first checks the stored head is `expected`
   * (StaleStateError otherwise; NoBaseError when no head is stored at all).
   */
  append(entry: JournalEntry, options: AppendOptions): Promise<void>;
  /**
   * Makes the head describe the state stored now (the snapshot and the
   * journal entries that follow it; no head when there is no readable
   * state), reading and writing in one transaction: whatever another tab
   * saved meanwhile, the head never points at an older save.
   */
  repairHead(): Promise<void>;
  /** Moves an unreadable saved state aside, leaving no saved state (and no journal). */
  quarantine(saved: unknown, reason: string): Promise<void>;
  getMedia(id: string): Promise<MediaRecord | undefined>;
  /** Every stored upload, by id. */
  allMedia(): Promise<MediaRecord[]>;
  /**
   * For a store whose `append` resolves before the entry is on disk (the
   * HTTP server's journal, flushed in groups): settles once everything
   * appended so far is. Absent: `append` resolving means stored.
   */
  flushed?(): Promise<void>;
}

const HEAD_KEY = 'head';
const CURRENT_KEY = 'current';

export interface IdbStoreOptions {
  /** Opens the database again after the browser closed it (site data cleared, say). */
  reopen?: () => Promise<IDBDatabase>;
  /** Deadline of every transaction, in ms. */
  deadline?: number;
}

/** IndexedDB could not be opened again after the browser closed it: storage is gone for this page. */
export class StorageUnavailableError extends Error {
  constructor(readonly reason: unknown) {
    super(`IndexedDB is not available: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'StorageUnavailableError';
  }
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

/**
 * Keeps everything in memory: the fallback when IndexedDB cannot be opened
 * (some private modes). The app works; nothing outlives the tab.
 */
export class MemoryStateStore implements StateStore {
  private current: unknown = undefined;
  private head: SavedHead | undefined = undefined;
  private journal = new Map<number, JournalEntry>();
  private readonly media = new Map<string, MediaRecord>();
  readonly quarantined: QuarantinedState[] = [];

  /**
   * `previous`: the store this one replaces when storage stopped working
   * mid-session; uploads not found here are still looked up there.
   */
  constructor(private previous?: Pick<StateStore, 'getMedia'>) {}

  async readHead(): Promise<unknown> {
    return this.head;
  }

  async loadState(): Promise<StoredState> {
    const loaded = readSaved(this.current);
    const after = loaded.kind === 'ok' ? loaded.saved.revision : Number.POSITIVE_INFINITY;
    return { loaded, head: this.head, journal: await this.readJournal(after) };
  }

  async readJournal(after: number, upTo = Number.POSITIVE_INFINITY): Promise<unknown[]> {
    return [...this.journal.values()]
      .filter((e) => e.revision > after && e.revision <= upTo)
      .sort((a, b) => a.revision - b.revision);
  }

  async save(state: SavedState, options: SaveOptions = {}): Promise<void> {
    if (options.expected !== undefined && overwritesOther(this.head, options.expected)) {
      throw new StaleStateError();
    }
    this.current = state;
    this.head = headOf(state);
    this.journal = new Map();
    if (options.clearMedia || options.replaceMedia) {
      this.media.clear();
      this.previous = undefined;
    }
    for (const record of options.replaceMedia ?? []) this.media.set(record.id, record);
    if (options.media) this.media.set(options.media.id, options.media);
  }

  async append(entry: JournalEntry, options: AppendOptions): Promise<void> {
    if (!this.head) throw new NoBaseError();
    if (!sameHead(this.head, options.expected)) throw new StaleStateError();
    this.journal.set(entry.revision, entry);
    this.head = headOf(entry);
    if (options.media) this.media.set(options.media.id, options.media);
  }

  async repairHead(): Promise<void> {
    // Written only by this tab, in step: nothing to repair.
  }

  async quarantine(saved: unknown, reason: string): Promise<void> {
    this.quarantined.push({ quarantinedAt: Date.now(), reason, saved });
    this.current = undefined;
    this.head = undefined;
    this.journal = new Map();
  }

  async getMedia(id: string): Promise<MediaRecord | undefined> {
    const found = this.media.get(id);
    if (found || !this.previous) return found;
    return this.previous.getMedia(id).catch(() => undefined);
  }

  async allMedia(): Promise<MediaRecord[]> {
    return [...this.media.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }
}
