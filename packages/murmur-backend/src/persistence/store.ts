// Where the demo data lives between visits: the core's saved state (a
// snapshot now and then, and a journal of the writes since), uploaded images,
// and a quarantine for saved states that could not be read. The stores:
// IndexedDB (./idbStateStore.ts), a directory (./fileStore.ts), and memory
// (below: the fallback, and Node tests).

import {
  headOf,
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

/** IndexedDB could not be opened again after the browser closed it: storage is gone for this page. */
export class StorageUnavailableError extends Error {
  constructor(readonly reason: unknown) {
    super(`IndexedDB is not available: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'StorageUnavailableError';
  }
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
