// A Backend around the wasm core that keeps its state in a StateStore: every
// successful mutation is saved before its response goes out, one tab writes at
// a time, and the other tabs load what was written.

import { bodyText, coreBackend, type ApiRequest, type ApiResponse, type Backend, type CoreLike } from '../handlers';
import { isHead, newHead, sameHead, StaleStateError, toSaved, type SavedHead } from './format';
import { localLocks, STATE_LOCK, type LockManagerLike } from './locks';
import { BACKEND_FAILED, RESTORED_FROM_SEED, SAVE_FAILED, STORAGE_FULL, STORAGE_LOST } from './protocol';
import { MemoryStateStore, StorageUnavailableError, type MediaRecord, type SaveOptions, type StateStore } from './store';

/** The parts of the wasm facade this layer uses. */
export interface SnapshotCore extends CoreLike {
  exportSnapshot(): string;
  importSnapshot(json: string): void;
  reset(): void;
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
}

/** What a change asks of the save that follows it. */
interface SaveRequest extends Omit<SaveOptions, 'expected'> {
  /** Save whatever is stored (a reset): no check against another tab's save. */
  unconditional?: boolean;
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
  private readonly direct: Backend;
  /** Storage failures in a row (quota aside); reset by every good save. */
  private failures = 0;
  /** The saved state this core holds, or null when it holds an unsaved seed. */
  private head: SavedHead | null = null;
  /** The snapshot of the last saved state: what a failed save rolls back to. */
  private lastSaved: string;

  private constructor(options: PersistentBackendOptions) {
    this.core = options.core;
    this.store = options.store;
    this.locks = options.locks ?? localLocks();
    this.channel = options.channel ?? null;
    this.onExternalChange = options.onExternalChange ?? (() => undefined);
    this.onNotice = options.onNotice ?? (() => undefined);
    this.direct = coreBackend(options.core);
    this.lastSaved = options.core.exportSnapshot();
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

  /** The revision of the saved state this core holds (0: none yet). */
  get revision(): number {
    return this.head?.revision ?? 0;
  }

  handle(request: ApiRequest): ApiResponse | Promise<ApiResponse> {
    if (isRead(request.method)) return this.direct.handle(request);
    return this.mutate(request);
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
    return this.write(async () => {
      this.core.reset();
      return {
        response: { status: 200, body: JSON.stringify({ reset: true }) },
        save: { clearMedia: true, unconditional: true },
      };
    });
  }

  close(): void {
    this.channel?.removeEventListener('message', this.onChannelMessage);
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    return this.locks.request(STATE_LOCK, task);
  }

  private async restore(): Promise<string[]> {
    const loaded = await this.store.loadCurrent();
    const storedHead = await this.store.readHead();
    if (loaded.kind === 'empty') {
      // A head with no state describes nothing: left there, every write would
      // take it for another tab's save.
      if (storedHead !== undefined) await this.store.repairHead();
      return [];
    }
    if (loaded.kind === 'ok') {
      try {
        this.core.importSnapshot(loaded.saved.snapshot);
      } catch (error) {
        await this.setAside(loaded.saved, error instanceof Error ? error.message : String(error));
        return [RESTORED_FROM_SEED];
      }
      this.head = headOf(loaded.saved);
      this.lastSaved = loaded.saved.snapshot;
      // Repaired from what is stored by then: another tab may have saved since it was read.
      if (!isHead(storedHead) || !sameHead(storedHead, this.head)) await this.store.repairHead();
      return [];
    }
    await this.setAside(loaded.raw, loaded.reason);
    return [RESTORED_FROM_SEED];
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
    const head = await this.store.readHead();
    if (head === undefined) return false; // nothing saved: this core's state stands
    if (isHead(head) && sameHead(head, this.head)) return false;
    const loaded = await this.store.loadCurrent();
    if (loaded.kind === 'empty') return false;
    if (loaded.kind === 'unreadable') {
      // Keep this tab's state, the last one it knows was good; its next save replaces it.
      await this.setAside(loaded.raw, loaded.reason);
      return false;
    }
    const { saved } = loaded;
    if (sameHead(saved, this.head)) {
      // The head does not describe the state stored with it (a damaged
      // profile, a crash between two builds): make it match, or no save would
      // ever pass its check.
      await this.store.repairHead();
      // Should another tab have saved in between, load that now (once: no loop on a head that stays wrong).
      return repaired ? false : this.syncFromStore(true);
    }
    try {
      this.core.importSnapshot(saved.snapshot);
    } catch (error) {
      await this.setAside(saved, error instanceof Error ? error.message : String(error));
      return false;
    }
    this.head = headOf(saved);
    this.lastSaved = saved.snapshot;
    this.onExternalChange(saved.revision);
    return true;
  }

  private mutate(
    request: ApiRequest,
    attach?: (response: ApiResponse) => MediaRecord | null,
  ): Promise<ApiResponse> {
    return this.write(async () => {
      const response = await this.direct.handle(request);
      // A refused request changes nothing in the core, so nothing is saved.
      if (!succeeded(response.status)) return { response };
      if (!attach) return { response, save: {} };
      const media = attach(response);
      if (media) return { response, save: { media } };
      this.core.importSnapshot(this.lastSaved);
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
      for (let attempt = 1; ; attempt++) {
        try {
          await this.syncFromStore();
        } catch (error) {
          const refusal = this.storageFailed(error);
          if (refusal) return refusal;
        }
        const { response, save } = await change();
        if (!save) return response;
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

  private rollBack(): void {
    try {
      this.core.importSnapshot(this.lastSaved);
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
   * Saves the core's state as the next revision (unless it is unchanged) and
   * tells the other tabs. On failure the core goes back to the last saved
   * state, and the answer is the error response to send instead, or STALE
   * when another writer saved first.
   */
  private async commit(request: SaveRequest): Promise<ApiResponse | null | typeof STALE> {
    const { unconditional = false, ...options } = request;
    const snapshot = this.core.exportSnapshot();
    // A sign-in answers 200 and changes nothing: no need to write.
    if (!options.media && !options.clearMedia && snapshot === this.lastSaved) return null;
    const head = newHead(this.head);
    const saved = toSaved(head, snapshot);
    try {
      await this.store.save(saved, { ...options, expected: unconditional ? undefined : this.head });
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
      // Now in memory: keep the change there.
      await this.store.save(saved, options);
    }
    this.failures = 0;
    this.head = head;
    this.lastSaved = snapshot;
    this.channel?.postMessage({ revision: head.revision });
    return null;
  }

  private readonly onChannelMessage = () => {
    if (this.store instanceof MemoryStateStore) return; // nothing shared any more
    // The message is only a nudge: the stored head says what to load.
    void this.exclusive(() => this.syncFromStore()).catch((error: unknown) => {
      console.warn('Murmur: could not load another tab’s change', error);
    });
  };
}

function headOf(head: SavedHead): SavedHead {
  return { revision: head.revision, stamp: head.stamp, savedAt: head.savedAt };
}
