// Where the demo data lives between visits: the core's saved state, uploaded
// images, and a quarantine for saved states that could not be read.

import { committed, MEDIA_STORE, QUARANTINE_STORE, requestResult, STATE_STORE } from './db';
import { overwritesOther, readSaved, StaleStateError, type Loaded, type SavedHead, type SavedState } from './format';

export interface MediaRecord {
  id: string;
  type: string;
  blob: Blob;
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
  /**
   * The save this one replaces. When another save is stored instead, nothing
   * is written and `save` rejects with a StaleStateError: a backstop for
   * browsers without Web Locks (or pages outside a secure context).
   */
  expected?: SavedHead | null;
}

export interface StateStore {
  /** The head of the stored state (`undefined` when nothing is saved), unchecked. */
  readHead(): Promise<unknown>;
  loadCurrent(): Promise<Loaded>;
  /** Resolves once the state (and media) are committed; rejects otherwise. */
  save(state: SavedState, options?: SaveOptions): Promise<void>;
  /** Moves an unreadable saved state aside, leaving no saved state. */
  quarantine(saved: unknown, reason: string): Promise<void>;
  getMedia(id: string): Promise<MediaRecord | undefined>;
}

const HEAD_KEY = 'head';
const CURRENT_KEY = 'current';

/**
 * The IndexedDB store. The head (revision and stamp) sits under a key of its
 * own so that the check every write makes first reads a few bytes, not the
 * whole state.
 */
export class IdbStateStore implements StateStore {
  constructor(private readonly db: IDBDatabase) {}

  async readHead(): Promise<unknown> {
    const tx = this.db.transaction(STATE_STORE, 'readonly');
    return requestResult(tx.objectStore(STATE_STORE).get(HEAD_KEY));
  }

  async loadCurrent(): Promise<Loaded> {
    const tx = this.db.transaction(STATE_STORE, 'readonly');
    return readSaved(await requestResult(tx.objectStore(STATE_STORE).get(CURRENT_KEY)));
  }

  async save(state: SavedState, options: SaveOptions = {}): Promise<void> {
    const { media, clearMedia = false, expected } = options;
    const stores = media || clearMedia ? [STATE_STORE, MEDIA_STORE] : [STATE_STORE];
    const tx = this.db.transaction(stores, 'readwrite');
    const done = committed(tx);
    const states = tx.objectStore(STATE_STORE);
    let refusal: unknown = null;
    const write = () => {
      try {
        states.put(state, CURRENT_KEY);
        states.put({ revision: state.revision, stamp: state.stamp, savedAt: state.savedAt }, HEAD_KEY);
        if (clearMedia) tx.objectStore(MEDIA_STORE).clear();
        if (media) tx.objectStore(MEDIA_STORE).put({ type: media.type, blob: media.blob }, media.id);
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
  }

  async quarantine(saved: unknown, reason: string): Promise<void> {
    const tx = this.db.transaction([STATE_STORE, QUARANTINE_STORE], 'readwrite');
    const done = committed(tx);
    const entry: QuarantinedState = { quarantinedAt: Date.now(), reason, saved };
    try {
      tx.objectStore(QUARANTINE_STORE).add(entry);
    } catch {
      // Not storable as it is (say, an object that cannot be cloned): keep its text.
      tx.objectStore(QUARANTINE_STORE).add({ ...entry, saved: String(saved) });
    }
    tx.objectStore(STATE_STORE).delete(CURRENT_KEY);
    tx.objectStore(STATE_STORE).delete(HEAD_KEY);
    await done;
  }

  async getMedia(id: string): Promise<MediaRecord | undefined> {
    const tx = this.db.transaction(MEDIA_STORE, 'readonly');
    const found: unknown = await requestResult(tx.objectStore(MEDIA_STORE).get(id));
    if (typeof found !== 'object' || found === null) return undefined;
    const { type, blob } = found as { type?: unknown; blob?: unknown };
    if (typeof type !== 'string' || !isBlobLike(blob)) return undefined;
    return { id, type, blob };
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

function abortQuietly(tx: IDBTransaction): void {
  try {
    tx.abort();
  } catch {
    // Already finished.
  }
}

/**
 * Keeps everything in memory: the fallback when IndexedDB cannot be opened
 * (some private modes). The app works; nothing outlives the tab.
 */
export class MemoryStateStore implements StateStore {
  private current: unknown = undefined;
  private readonly media = new Map<string, MediaRecord>();
  readonly quarantined: QuarantinedState[] = [];

  async readHead(): Promise<unknown> {
    const loaded = readSaved(this.current);
    return loaded.kind === 'ok' ? loaded.saved : this.current;
  }

  async loadCurrent(): Promise<Loaded> {
    return readSaved(this.current);
  }

  async save(state: SavedState, options: SaveOptions = {}): Promise<void> {
    if (options.expected !== undefined && overwritesOther(await this.readHead(), options.expected)) {
      throw new StaleStateError();
    }
    this.current = state;
    if (options.clearMedia) this.media.clear();
    if (options.media) this.media.set(options.media.id, options.media);
  }

  async quarantine(saved: unknown, reason: string): Promise<void> {
    this.quarantined.push({ quarantinedAt: Date.now(), reason, saved });
    this.current = undefined;
  }

  async getMedia(id: string): Promise<MediaRecord | undefined> {
    return this.media.get(id);
  }
}
