// A Backend around the wasm core that keeps its state in a StateStore: every
// successful mutation is saved before its response goes out, one tab writes at
// a time, and the other tabs load what was written.
//
// What a write costs to save is what the change costs: the request itself
// (method, url, authorization, body and the clock it was answered at) is
// appended to a journal, a few hundred bytes. The whole snapshot is saved only
// for the first save, a reset, and a compaction now and then (compaction.ts). Loading a save
// is the snapshot plus the journal replayed on it at the recorded clocks,
// which gives the same state (the core's salts come from a generator that
// lives in the snapshot). Another tab's writes are replayed from the journal
// after the last revision this tab holds; the whole state is read again only
// when the journal no longer reaches back that far.

import {
  bodyText,
  callCoreAt,
  coreBackend,
  replayAt,
  type ApiRequest,
  type ApiResponse,
  type Backend,
  type Clock,
  type TimedCoreLike,
} from '../core/apiRoute.js';
import {
  chainFrom,
  chainHead,
  isHead,
  newHead,
  NoBaseError,
  sameHead,
  StaleStateError,
  toSaved,
  type JournalEntry,
  type RecordedRequest,
  type SavedHead,
  type SavedState,
} from './format.js';
import { BACKUP_MESSAGES, BackupError, readBackup, writeBackup, type BackupSummary } from './backup.js';
import { IDB_COMPACT_EVERY } from './compaction.js';
import { localLocks, STATE_LOCK, type LockManagerLike } from './locks.js';
import { BACKEND_FAILED, RESTORED_FROM_SEED, SAVE_FAILED, STORAGE_FULL, STORAGE_LOST } from './constants.js';
import {
  MemoryStateStore,
  StorageUnavailableError,
  type MediaRecord,
  type SaveOptions,
  type StateStore,
} from './store.js';

/** The parts of the wasm facade this layer uses. */
export interface SnapshotCore extends TimedCoreLike {
  exportSnapshot(): string;
  importSnapshot(json: string): void;
  /** Back to the seed (which may be made first: a promise then). */
  reset(): void | Promise<void>;
}

/** What a tab posts on the channel after each save. */
export interface SaveMessage {
  revision: number;
}

export interface ChannelLike {
  postMessage(message: SaveMessage): void;
  addEventListener(type: 'message', listener: () => void): void;
  removeEventListener(type: 'message', listener: () => void): void;
}

export interface PersistentBackendOptions {
  core: SnapshotCore;
  store: StateStore;
  /** One writer at a time; share one across tabs (default: this page only). */
  locks?: LockManagerLike;
  /** Where saves are announced to the other tabs, and heard from them. */
  channel?: ChannelLike | null;
  /** Called after another tab's state was loaded into this core. */
  onExternalChange?: (revision: number) => void;
  /** Called with a message for the user (storage stopped working, …). */
  onNotice?: (message: string) => void;
  /** Journal entries after which the snapshot is saved in full again (default IDB_COMPACT_EVERY). */
  compactEvery?: number;
  /** Called after each save this tab makes (the state is now stored on this device). */
  onSaved?: () => void;
}

/** What a change asks of the save that follows it. */
interface SaveRequest extends Omit<SaveOptions, 'expected'> {
  /** Save whatever is stored (a reset): no check against another tab's save. */
  unconditional?: boolean;
  /** The write to journal; left out, the snapshot is saved in full. */
  request?: RecordedRequest;
}

/** A journal entry that did not replay as it was answered: the saved state is not one this core can rebuild. */
class ReplayError extends Error {
  constructor(entry: JournalEntry, status: number) {
    super(`journal entry ${entry.revision} (${entry.method} ${entry.url}) replayed as ${status}`);
    this.name = 'ReplayError';
  }
}

/** A sign-in answers 200 and changes nothing: not journaled. */
const changesNothing = (request: ApiRequest) =>
  request.method === 'POST' && /^\/api\/auth\/login\/?(?:\?|$)/.test(request.url);

function platformClock(): Clock {
  const now = new Date();
  return { nowMs: now.getTime(), offsetMinutes: -now.getTimezoneOffset() };
}

const STALE = Symbol('stale');
const MAX_ATTEMPTS = 5;
const BUSY = 'The demo data is busy in another tab. Try again.';

const isRead = (method: string) => method === 'GET' || method === 'HEAD';
const succeeded = (status: number) => status >= 200 && status < 300;

function errorResponse(status: number, message: string): ApiResponse {
  return { status, body: JSON.stringify({ errors: [message] }) };
}

const isQuota = (error: unknown) => error instanceof DOMException && error.name === 'QuotaExceededError';

/** After this many storage failures in a row (a full disk aside), the tab keeps its data in memory. */
const FAILURES_BEFORE_FALLBACK = 2;

/** `/media/m-01` (`<base>media/m-01`) in the core's upload answer → `m-01`. */
function mediaIdOf(response: ApiResponse): string | null {
  try {
    const url = (JSON.parse(bodyText(response)) as { mediaURL?: unknown }).mediaURL;
    const match = typeof url === 'string' ? /(?:^|\/)media\/([\w-]+)$/.exec(url) : null;
    return match?.[1] ?? null;
  } catch {
    return null;
  }
}

export class PersistentBackend implements Backend {
  private readonly core: SnapshotCore;
  private store: StateStore;
  private readonly locks: LockManagerLike;
  private readonly channel: ChannelLike | null;
  private readonly onExternalChange: (revision: number) => void;
  private readonly onNotice: (message: string) => void;
  private readonly onSaved: () => void;
  private readonly direct: Backend;
  /** Whether start-up found a saved state (readable or not) in the store. */
  private foundSaved = false;
  /** Storage failures in a row (quota aside); reset by every good save. */
  private failures = 0;
  /** The saved state this core holds, or null when it holds an unsaved seed. */
  private head: SavedHead | null = null;
  /**
   * The last snapshot this core loaded or saved in full, and the journal
   * entries applied on it since: together, the saved state (what a failed
   * save rolls back to). Null until it is needed: the core holds the state it
   * was started with and nothing has changed it (exporting 10,000 posts takes
   * tens of ms that a start over a saved state, which replaces it, never needs).
   */
  private base: string | null = null;
  private tail: JournalEntry[] = [];
  /** A compaction is scheduled or running. */
  private compacting = false;
  private readonly compactEvery: number;

  private constructor(options: PersistentBackendOptions) {
    this.core = options.core;
    this.store = options.store;
    this.locks = options.locks ?? localLocks();
    this.channel = options.channel ?? null;
    this.onExternalChange = options.onExternalChange ?? (() => undefined);
    this.onNotice = options.onNotice ?? (() => undefined);
    this.onSaved = options.onSaved ?? (() => undefined);
    this.direct = coreBackend(options.core);
    this.compactEvery = Math.max(1, options.compactEvery ?? IDB_COMPACT_EVERY);
    this.channel?.addEventListener('message', this.onChannelMessage);
  }

  /**
   * Restores the saved state into `core` (which holds the seed) and returns
   * the backend, with notices for the user. A saved state that cannot be read
   * is quarantined and the seed kept: start-up never fails because of it.
   */
  static async start(options: PersistentBackendOptions): Promise<{ backend: PersistentBackend; notices: string[] }> {
    const backend = new PersistentBackend(options);
    let notices: string[];
    try {
      notices = await backend.exclusive(() => backend.restore());
    } catch (error) {
      // Storage that cannot even be read: run in memory, over the seed.
      console.warn('Murmur: the saved demo data could not be read', error);
      backend.store = new MemoryStateStore();
      notices = [STORAGE_LOST];
    }
    return { backend, notices };
  }

  /**
   * A backend that keeps its saves and uploads in memory, ready at once (there
   * is nothing to restore): for Node tests, which want uploads to work.
   */
  static inMemory(core: SnapshotCore): PersistentBackend {
    return new PersistentBackend({ core, store: new MemoryStateStore() });
  }

  /** Whether start-up found a state saved on this device (false on a first visit, or after the browser cleared it). */
  get foundSavedState(): boolean {
    return this.foundSaved;
  }

  /** The revision of the saved state this core holds (0: none yet). */
  get revision(): number {
    return this.head?.revision ?? 0;
  }

  handle(request: ApiRequest): ApiResponse | Promise<ApiResponse> {
    if (isRead(request.method)) return this.afterFlush(this.direct.handle(request));
    if (changesNothing(request)) {
      // A sign-in the core accepts is answered at once, like a read: it
      // saves nothing, so it need not wait for the cross-tab lock (10-25 ms
      // on a desktop, on the way from Login As Guest to the first post). A
      // refused one goes the writes' way, which first loads another tab's
      // save not heard of yet (an account just made there) and asks again.
      const response = callCoreAt(
        this.core,
        platformClock(),
        request.method,
        request.url,
        request.authorization,
        request.body,
      );
      if (succeeded(response.status)) return this.afterFlush(response);
    }
    return this.mutate(request);
  }

  /**
   * `answer` once every write it may reflect is on disk, with a store that
   * flushes after its appends (the HTTP server's journal): no client ever
   * sees a state a crash could take back. At once with the other stores.
   */
  private afterFlush(answer: ApiResponse | Promise<ApiResponse>): ApiResponse | Promise<ApiResponse> {
    const flushed = this.store.flushed?.();
    return flushed ? flushed.then(() => answer) : answer;
  }

  /**
   * `write`, answered once its change is flushed: outside the lock, so that
   * the next writes go on meanwhile and share that flush (group commit). A
   * flush that fails answers 500, and the store refuses every later write.
   */
  private writeAndFlush(change: Parameters<PersistentBackend['write']>[0]): Promise<ApiResponse> {
    return this.write(change)
      .then((response) => this.afterFlush(response))
      .catch((error: unknown) => {
        console.warn('Murmur: a write could not be flushed to storage', error);
        return errorResponse(500, BACKEND_FAILED);
      });
  }

  /**
   * Stores an uploaded image: the core checks it and hands out its id, and
   * the image is saved with the state in one transaction.
   */
  upload(bytes: ArrayBuffer, type: string, authorization: string | undefined): Promise<ApiResponse> {
    const body = JSON.stringify({ type, size: bytes.byteLength });
    return this.mutate({ method: 'POST', url: '/api/media', authorization, body }, (response) => {
      const id = mediaIdOf(response);
      return id ? { id, type, bytes } : null;
    });
  }

  /** A stored upload; undefined when there is none, or storage cannot be read. */
  async getMedia(id: string): Promise<MediaRecord | undefined> {
    try {
      return await this.store.getMedia(id);
    } catch (error) {
      console.warn('Murmur: an upload could not be read', error);
      return undefined;
    }
  }

  /** Back to the seed data, in every tab; the uploads go too. */
  reset(): Promise<ApiResponse> {
    return this.writeAndFlush(async () => {
      try {
        await this.core.reset();
      } catch (error) {
        // The seed is made when first needed (a server restarted over its
        // state reads its seed file only now), and may be refused then.
        this.rollBack();
        const why = error instanceof Error ? error.message : String(error);
        return { response: errorResponse(500, `The seed could not be loaded, so nothing was reset: ${why}`) };
      }
      return {
        response: { status: 200, body: JSON.stringify({ reset: true }) },
        save: { clearMedia: true, unconditional: true },
      };
    });
  }

  /**
   * The backup file (./backup.ts) of the data: the state as saved (with what
   * other tabs saved since this one last loaded) and every stored upload.
   */
  exportBackup(): Promise<string> {
    return this.exclusive(async () => {
      await this.syncFromStore();
      return writeBackup(this.core.exportSnapshot(), await this.store.allMedia());
    });
  }

  /**
   * Replaces the data with a backup's, in every tab, once the file has
   * passed every check (./backup.ts) and the core has accepted its state.
   * Rejects with a BackupError naming what is wrong (or an Error when the
   * save failed), and then nothing has changed.
   */
  async importBackup(file: Blob | string): Promise<BackupSummary> {
    const checked = await readBackup(file);
    let refused: BackupError | null = null;
    const response = await this.writeAndFlush(async () => {
      try {
        // The core checks every rule of the state; refused, it keeps the one it holds.
        this.core.importSnapshot(checked.snapshot);
      } catch (error) {
        const why = (error instanceof Error ? error.message : String(error)).replace(/^snapshot refused: /, '');
        refused = new BackupError('state-refused', BACKUP_MESSAGES.stateRefused(why));
        return { response: errorResponse(400, refused.message) };
      }
      return {
        response: { status: 200, body: JSON.stringify({ restored: checked.summary }) },
        save: { replaceMedia: checked.media, unconditional: true },
      };
    });
    if (refused) throw refused;
    if (!succeeded(response.status)) throw new Error(messageOf(response));
    return checked.summary;
  }

  close(): void {
    this.channel?.removeEventListener('message', this.onChannelMessage);
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.locks.request(STATE_LOCK, task);
  }

  private async restore(): Promise<string[]> {
    const { loaded, head: storedHead, journal } = await this.store.loadState();
    this.foundSaved = loaded.kind !== 'empty';
    if (loaded.kind === 'empty') {
      // A head with no state describes nothing: left there, every write would
      // take it for another tab's save.
      if (storedHead !== undefined) await this.store.repairHead();
      return [];
    }
    if (loaded.kind === 'ok') {
      try {
        this.loadSaved(loaded.saved, storedHead, journal);
      } catch (error) {
        await this.core.reset();
        this.base = this.core.exportSnapshot();
        await this.setAside(loaded.saved, error instanceof Error ? error.message : String(error));
        return [RESTORED_FROM_SEED];
      }
      // Repaired from what is stored by then: another tab may have saved since it was read.
      if (!isHead(storedHead) || !sameHead(storedHead, this.head)) await this.store.repairHead();
      this.scheduleCompaction();
      return [];
    }
    await this.setAside(loaded.raw, loaded.reason);
    return [RESTORED_FROM_SEED];
  }

  /**
   * Puts a saved state into the core: its snapshot, then the journal entries
   * that follow it (up to the stored head, when it is one). Throws when the
   * snapshot is refused or an entry does not replay; the core then holds a
   * part of it, and the caller puts back what it held.
   */
  private loadSaved(saved: SavedState, storedHead: unknown, journal: unknown[]): void {
    const base = headOf(saved);
    const chain = chainFrom(journal, base, upToOf(base, storedHead));
    this.core.importSnapshot(saved.snapshot);
    this.replay(chain);
    this.base = saved.snapshot;
    this.tail = chain;
    this.head = chainHead(base, chain);
  }

  /** Applies journal entries to the core, as they were answered. */
  private replay(entries: JournalEntry[]): void {
    for (const entry of entries) {
      const status = replayAt(this.core, entry, entry.method, entry.url, entry.authorization ?? undefined, entry.body);
      if (!succeeded(status)) throw new ReplayError(entry, status);
    }
  }

  /**
   * Brings the core up to the stored head with the journal entries after its
   * own: true when they were all there (or none was needed), false when the
   * whole saved state must be read.
   */
  private async catchUp(head: SavedHead): Promise<boolean> {
    if (!this.head || head.revision <= this.head.revision) return false;
    const chain = chainFrom(await this.store.readJournal(this.head.revision, head.revision), this.head, head.revision);
    if (!sameHead(chainHead(this.head, chain), head)) return false;
    try {
      this.replay(chain);
    } catch (error) {
      console.warn('Murmur: another tab’s change did not replay; reading the whole state', error);
      this.rollBack();
      return false;
    }
    this.tail.push(...chain);
    this.head = head;
    return true;
  }

  private async setAside(saved: unknown, reason: string): Promise<void> {
    console.warn(`Murmur: saved demo data set aside (${reason})`);
    await this.store.quarantine(saved, reason);
  }

  /**
   * Loads the stored state when another tab saved since this core last did.
   * Run holding the lock, before every write. Returns whether it loaded one.
   */
  private async syncFromStore(repaired = false): Promise<boolean> {
    // Loading another tab's save changes the core: what a failure rolls back to, first.
    this.base ??= this.core.exportSnapshot();
    const head = await this.store.readHead();
    if (head === undefined) return false; // nothing saved: this core's state stands
    if (isHead(head) && sameHead(head, this.head)) return false;
    if (isHead(head) && (await this.catchUp(head))) {
      this.onExternalChange(head.revision);
      this.scheduleCompaction();
      return true;
    }
    const { loaded, head: stored, journal } = await this.store.loadState();
    if (loaded.kind === 'empty') {
      // A head with nothing under it (a damaged profile): drop it, or every write would take it for another tab's save.
      await this.store.repairHead();
      return false;
    }
    if (loaded.kind === 'unreadable') {
      // Keep this tab's state, the last one it knows was good; its next save replaces it.
      await this.setAside(loaded.raw, loaded.reason);
      return false;
    }
    const { saved } = loaded;
    const base = headOf(saved);
    const reached = chainHead(base, chainFrom(journal, base, upToOf(base, stored)));
    if (!isHead(stored) || !sameHead(reached, stored)) {
      // The head does not describe the state stored with it (a damaged
      // profile, a crash between two builds): make it match, or no save would
      // ever pass its check.
      await this.store.repairHead();
      // Load what it says now (once: no loop on a head that stays wrong).
      return repaired ? false : this.syncFromStore(true);
    }
    if (sameHead(stored, this.head)) return false; // another tab's save was caught up with meanwhile
    try {
      this.loadSaved(saved, stored, journal);
    } catch (error) {
      // Keep this tab's state, the last one it knows was good; its next save replaces the stored one.
      this.rollBack();
      await this.setAside(saved, error instanceof Error ? error.message : String(error));
      return false;
    }
    this.onExternalChange(stored.revision);
    this.scheduleCompaction();
    return true;
  }

  private mutate(request: ApiRequest, attach?: (response: ApiResponse) => MediaRecord | null): Promise<ApiResponse> {
    return this.writeAndFlush(async () => {
      const clock = platformClock();
      const { method, url, authorization, body, prefer } = request;
      const response = callCoreAt(this.core, clock, method, url, authorization, body, prefer);
      // A refused request changes nothing in the core, so nothing is saved.
      if (!succeeded(response.status) || changesNothing(request)) return { response };
      const recorded: RecordedRequest = { method, url, authorization: authorization ?? null, body, ...clock };
      if (!attach) return { response, save: { request: recorded } };
      const media = attach(response);
      if (media) return { response, save: { media, request: recorded } };
      this.rollBack();
      return { response: errorResponse(500, 'The upload was registered without a media id') };
    });
  }

  /**
   * Holding the lock: loads what other tabs saved, applies `change` to it,
   * and saves the result when `change` asks to. Should another writer get in
   * between anyway (no Web Locks in this browser), the change is undone and
   * run again on top of theirs.
   */
  private write(change: () => Promise<{ response: ApiResponse; save?: SaveRequest }>): Promise<ApiResponse> {
    return this.exclusive(async () => {
      // What a failed save rolls back to, taken before the first change.
      this.base ??= this.core.exportSnapshot();
      for (let attempt = 1; ; attempt++) {
        try {
          // With a channel, another tab's save is announced and loaded when
          // it comes; one not heard of yet makes the append refuse (the head
          // is checked in its transaction), and the change runs again on top
          // of it. Without one, the stored head is read first every time.
          if (attempt > 1 || !this.channel) await this.syncFromStore();
        } catch (error) {
          const refusal = this.storageFailed(error);
          if (refusal) return refusal;
        }
        const { response, save } = await change();
        if (!save) {
          // Refused, perhaps only because another tab's save is not loaded yet (a like of its new post): load it and try once more.
          if (attempt === 1 && this.channel && !succeeded(response.status) && (await this.syncQuietly())) continue;
          return response;
        }
        const outcome = await this.commit(save);
        if (outcome !== STALE) return outcome ?? response;
        if (attempt === MAX_ATTEMPTS) return errorResponse(503, BUSY);
      }
    }).catch((error: unknown) => {
      // Never a stack trace for the client: the catalogue's shape, and the core as it was saved.
      console.warn('Murmur: a write failed', error);
      this.rollBack();
      return errorResponse(500, BACKEND_FAILED);
    });
  }

  /** `syncFromStore`, for a check that may fail: false when storage cannot be read. */
  private async syncQuietly(): Promise<boolean> {
    try {
      return await this.syncFromStore();
    } catch (error) {
      console.warn('Murmur: could not read the saved demo data', error);
      return false;
    }
  }

  private rollBack(): void {
    if (this.base === null) return; // nothing changed the core since it started
    try {
      this.core.importSnapshot(this.base);
      this.replay(this.tail);
    } catch (error) {
      console.warn('Murmur: could not roll back', error);
    }
  }

  /**
   * Counts a storage failure. When storage looks gone for good (it could not
   * be reopened, or failed twice in a row) the tab switches to memory, tells
   * the user, and carries on: null, go ahead. Otherwise the error to answer.
   */
  private storageFailed(error: unknown): ApiResponse | null {
    console.warn('Murmur: storage failed', error);
    if (isQuota(error)) return errorResponse(507, STORAGE_FULL);
    this.failures += 1;
    const gone = error instanceof StorageUnavailableError || this.failures >= FAILURES_BEFORE_FALLBACK;
    if (!gone || this.store instanceof MemoryStateStore) return errorResponse(507, SAVE_FAILED);
    this.store = new MemoryStateStore(this.store);
    this.onNotice(STORAGE_LOST);
    return null;
  }

  /**
   * Saves the change as the next revision (a journal entry, or the snapshot
   * in full when there is nothing to append to) and tells the other tabs. On
   * failure the core goes back to the last saved state, and the answer is the
   * error response to send instead, or STALE when another writer saved first.
   */
  private async commit(request: SaveRequest): Promise<ApiResponse | null | typeof STALE> {
    const { unconditional = false, request: recorded, ...options } = request;
    const head = newHead(this.head);
    let saved: { entry: JournalEntry } | { snapshot: string };
    try {
      saved = await this.saveChange(head, recorded, options, unconditional);
    } catch (error) {
      if (error instanceof StaleStateError) {
        this.rollBack();
        return STALE;
      }
      const refusal = this.storageFailed(error);
      if (refusal) {
        this.rollBack();
        return refusal;
      }
      // Now in memory: keep the change there, in full.
      const snapshot = this.core.exportSnapshot();
      await this.store.save(toSaved(head, snapshot), options);
      saved = { snapshot };
    }
    this.failures = 0;
    this.head = head;
    if (!(this.store instanceof MemoryStateStore)) this.onSaved();
    if ('entry' in saved) {
      this.tail.push(saved.entry);
    } else {
      this.base = saved.snapshot;
      this.tail = [];
    }
    this.channel?.postMessage({ revision: head.revision });
    this.scheduleCompaction();
    return null;
  }

  /** Appends the write to the journal when there is a saved state to append to; saves the snapshot in full otherwise. */
  private async saveChange(
    head: SavedHead,
    recorded: RecordedRequest | undefined,
    options: Omit<SaveOptions, 'expected'>,
    unconditional: boolean,
  ): Promise<{ entry: JournalEntry } | { snapshot: string }> {
    if (recorded && this.head && !options.clearMedia) {
      const entry: JournalEntry = { ...head, parent: this.head.stamp, ...recorded };
      try {
        await this.store.append(entry, { media: options.media, expected: this.head });
        return { entry };
      } catch (error) {
        if (!(error instanceof NoBaseError)) throw error;
        // Nothing stored to append to (site data cleared, say): save this tab's state in full.
      }
    }
    const snapshot = this.core.exportSnapshot();
    await this.store.save(toSaved(head, snapshot), { ...options, expected: unconditional ? undefined : this.head });
    return { snapshot };
  }

  /**
   * Saves the snapshot in full once the journal is `compactEvery` entries
   * long: soon after, in the background.
   */
  private scheduleCompaction(): void {
    if (this.compacting || this.tail.length < this.compactEvery) return;
    this.compacting = true;
    setTimeout(() => {
      void this.compact(this.compactEvery).finally(() => {
        this.compacting = false;
      });
    }, 0);
  }

  /**
   * Saves the snapshot in full when the journal holds at least `atLeast`
   * entries (any, by default: a clean shutdown, after which a start replays
   * nothing), holding the lock, at the head this tab holds: should another
   * tab have saved since, it is left to that one. Never rejects: the journal
   * stays, and nothing is lost.
   */
  compact(atLeast = 1): Promise<void> {
    return this.exclusive(async () => {
      const head = this.head;
      if (!head || this.tail.length < atLeast) return;
      const snapshot = this.core.exportSnapshot();
      await this.store.save(toSaved(head, snapshot), { expected: head });
      this.base = snapshot;
      this.tail = [];
    }).catch((error: unknown) => {
      if (!(error instanceof StaleStateError)) console.warn('Murmur: could not compact the saved demo data', error);
    });
  }

  private readonly onChannelMessage = () => {
    if (this.store instanceof MemoryStateStore) return; // nothing shared any more
    // The message is only a nudge: the stored head says what to load.
    void this.exclusive(() => this.syncFromStore()).catch((error: unknown) => {
      console.warn('Murmur: could not load another tab’s change', error);
    });
  };
}

/** The message of an error answer (`{"errors": [message]}`). */
function messageOf(response: ApiResponse): string {
  try {
    const message = (JSON.parse(bodyText(response)) as { errors?: unknown[] }).errors?.[0];
    if (typeof message === 'string') return message;
  } catch {
    // Not the catalogue's shape: the status says what there is to say.
  }
  return `The backup could not be restored (${response.status}).`;
}

/** The last revision to load from the journal: the stored head's, when it is one past the snapshot. */
function upToOf(base: SavedHead, storedHead: unknown): number | undefined {
  return isHead(storedHead) && storedHead.revision > base.revision ? storedHead.revision : undefined;
}

function headOf(head: SavedHead): SavedHead {
  return { revision: head.revision, stamp: head.stamp, savedAt: head.savedAt };
}
