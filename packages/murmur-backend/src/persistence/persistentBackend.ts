// The backend that keeps the core's state, composed of the parts beside it:
// the core answers each request and says what it changed (and which upload
// it registered); what changed is saved before the answer goes out, as a
// journal entry (./journal.ts), the whole state now and then
// (./compaction.ts); one tab writes at a time (./locks.ts) and the others
// load what it wrote (./tabSync.ts); a save that fails undoes the change,
// and storage that stays broken leaves the tab in memory
// (./storageFallback.ts). Its live readers (../core/liveEvents.ts) are woken
// once a change is saved, or another tab's saves are loaded. Nothing here
// knows the API's routes.

import { callCoreAt, type ApiRequest, type ApiResponse, type Backend, type Clock } from '../core/coreCall.js';
import { LiveEvents } from '../core/liveEvents.js';
import { BACKEND_FAILED, RESTORED_FROM_SEED, SAVE_FAILED, STORAGE_FULL, STORAGE_LOST } from './constants.js';
import type { BackupSummary } from './backup.js';
import { exportBackup, importBackup } from './backupApi.js';
import { CompactionSchedule, IDB_COMPACT_EVERY, type CompactionPolicy } from './compaction.js';
import {
  newHead,
  NoBaseError,
  StaleStateError,
  toSaved,
  type JournalEntry,
  type RecordedRequest,
  type SavedHead,
} from './format.js';
import { JournaledCore, type SnapshotCore } from './journal.js';
import { localLocks, STATE_LOCK, type LockManagerLike } from './locks.js';
import { StorageFallback } from './storageFallback.js';
import { MemoryStateStore, type MediaRecord, type SaveOptions, type StateStore } from './store.js';
import { TabSync, type ChannelLike } from './tabSync.js';

export type { SnapshotCore } from './journal.js';

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
  /** Also save it in full once writes have paused this long, with at least this many entries (default never). */
  compactWhenIdle?: CompactionPolicy['whenIdle'];
  /** Called after each save this tab makes (the state is now stored on this device). */
  onSaved?: () => void;
}

/** An uploaded file: the core registers it (its type and size), and its bytes are stored under the id it gives. */
export interface UploadedFile {
  bytes: ArrayBuffer;
  type: string;
}

/** What a change asks of the save that follows it. */
interface SaveRequest extends Omit<SaveOptions, 'expected'> {
  /** Save whatever is stored (a reset): no check against another tab's save. */
  unconditional?: boolean;
  /** The write to journal; left out, the snapshot is saved in full. */
  request?: RecordedRequest;
}

/** A change made (or refused) in the core, and what to save of it. */
interface Outcome {
  response: ApiResponse;
  save?: SaveRequest;
}

/** An error answer in the catalogue's shape, its message kept beside it for callers that are no HTTP client. */
type ErrorAnswer = ApiResponse & { message: string };

function errorResponse(status: number, message: string): ErrorAnswer {
  return { status, body: JSON.stringify({ errors: [message] }), message };
}

/** The time a request is answered and recorded at: the state's clock (docs/testing.md, "The clock"), in the platform's zone. */
function stateClock(core: SnapshotCore): Clock {
  const now = new Date();
  return { nowMs: core.clockNow?.() ?? now.getTime(), offsetMinutes: -now.getTimezoneOffset() };
}

const STALE = Symbol('stale');
const MAX_ATTEMPTS = 5;
const BUSY = 'The demo data is busy in another tab. Try again.';
const succeeded = (status: number) => status >= 200 && status < 300;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class PersistentBackend implements Backend {
  /** The state's live readers: woken once each change is saved (and flushed), or loaded from another tab. */
  readonly live: LiveEvents;
  private readonly core: SnapshotCore;
  private readonly journaled: JournaledCore;
  private readonly storage: StorageFallback;
  private readonly sync: TabSync;
  private readonly compaction: CompactionSchedule;
  private readonly locks: LockManagerLike;
  private readonly onNotice: (message: string) => void;
  private readonly onSaved: () => void;
  /** Whether start-up found a saved state (readable or not) in the store. */
  private foundSaved = false;
  /**
   * Tasks holding the lock or waiting for it that may change the core (a
   * compaction only reads it): while there are any, a request waits its turn.
   */
  private busy = 0;
  /** Changes made in the core before the lock was taken, not yet saved (or undone). */
  private unsaved = 0;

  private constructor(options: PersistentBackendOptions) {
    this.core = options.core;
    this.live = new LiveEvents(options.core);
    this.journaled = new JournaledCore(options.core);
    this.storage = new StorageFallback(options.store);
    this.locks = options.locks ?? localLocks();
    this.onNotice = options.onNotice ?? (() => undefined);
    this.onSaved = options.onSaved ?? (() => undefined);
    const every = Math.max(1, options.compactEvery ?? IDB_COMPACT_EVERY);
    this.compaction = new CompactionSchedule({ every, whenIdle: options.compactWhenIdle }, (atLeast) =>
      this.compact(atLeast),
    );
    const onExternalChange = options.onExternalChange ?? (() => undefined);
    this.sync = new TabSync({
      storage: this.storage,
      journaled: this.journaled,
      channel: options.channel ?? null,
      exclusive: (task) => this.exclusive(task),
      onLoaded: (revision) => {
        this.live.wake();
        onExternalChange(revision);
        this.compaction.journalIs(this.journaled.journalLength);
      },
    });
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
      backend.storage.useMemory();
      notices = [STORAGE_LOST];
    }
    return { backend, notices };
  }

  /** A backend that keeps its saves and uploads in memory, ready at once (there is nothing to restore): for Node tests, which want uploads to work. */
  static inMemory(core: SnapshotCore): PersistentBackend {
    return new PersistentBackend({ core, store: new MemoryStateStore() });
  }

  /** Whether start-up found a state saved on this device (false on a first visit, or after the browser cleared it). */
  get foundSavedState(): boolean {
    return this.foundSaved;
  }

  /** The revision of the saved state this core holds (0: none yet). */
  get revision(): number {
    return this.journaled.head?.revision ?? 0;
  }

  handle(request: ApiRequest): ApiResponse | Promise<ApiResponse> {
    return this.answer(request);
  }

  /** Stores an uploaded file: the core registers it and hands out its id, and the file is saved with the change. */
  upload(request: ApiRequest, file: UploadedFile): Promise<ApiResponse> {
    return Promise.resolve(this.answer(request, file));
  }

  /** A stored upload; undefined when there is none, or storage cannot be read. */
  async getMedia(id: string): Promise<MediaRecord | undefined> {
    try {
      return await this.storage.store.getMedia(id);
    } catch (error) {
      console.warn('Murmur: an upload could not be read', error);
      return undefined;
    }
  }

  /** Back to the seed data, in every tab; the uploads go too. */
  reset(): Promise<ApiResponse> {
    return this.replacing(async () => {
      try {
        await this.core.reset();
      } catch (error) {
        // The seed may be made only now (a server restarted over its state
        // reads its seed file at the first reset), and refused then.
        await this.journaled.rollBack();
        return {
          response: errorResponse(500, `The seed could not be loaded, so nothing was reset: ${messageOf(error)}`),
        };
      }
      return {
        response: { status: 200, body: JSON.stringify({ reset: true }) },
        save: { clearMedia: true, unconditional: true },
      };
    });
  }

  /** The backup file (./backup.ts) of the data: the state as saved and every stored upload. */
  exportBackup(): Promise<string> {
    return exportBackup(this);
  }

  /** Replaces the data with a backup file's, in every tab (./backupApi.ts). */
  importBackup(file: Blob | string): Promise<BackupSummary> {
    return importBackup(this, file);
  }

  /** The state as saved (with what other tabs saved since this one last loaded), and every stored upload. */
  savedState(): Promise<{ snapshot: string; media: MediaRecord[] }> {
    return this.exclusive(async () => {
      await this.sync.sync();
      return { snapshot: this.core.exportSnapshot(), media: await this.storage.store.allMedia() };
    });
  }

  /** Replaces the state and the uploads, in every tab; rejects with the core's reason when it refuses the state. */
  async replaceState(snapshot: string, media: readonly MediaRecord[]): Promise<ApiResponse> {
    let refused: unknown = null;
    const response = await this.replacing(async () => {
      try {
        // Refused, the core keeps the state it holds.
        this.core.importSnapshot(snapshot);
      } catch (error) {
        refused = error;
        return { response: errorResponse(400, messageOf(error)) };
      }
      return { response: { status: 200, body: '{}' }, save: { replaceMedia: media, unconditional: true } };
    });
    if (refused) throw refused;
    return response;
  }

  /**
   * Saves the snapshot in full when the journal holds at least `atLeast`
   * entries (any, by default: a clean shutdown, after which a start replays
   * nothing), holding the lock, at the head this tab holds: should another
   * tab have saved since, it is left to that one. Never rejects: on failure
   * the journal stays, and nothing is lost. It only reads the core: requests
   * go on meanwhile (a change made after the export is saved after it); one
   * made before the lock came, and not saved yet, defers it to a later save.
   */
  compact(atLeast = 1): Promise<void> {
    return this.locks
      .request(STATE_LOCK, async () => {
        const head = this.journaled.head;
        if (!head || this.journaled.journalLength < atLeast || this.unsaved > 0) return;
        const snapshot = this.core.exportSnapshot();
        await this.storage.store.save(toSaved(head, snapshot), { expected: head });
        this.journaled.savedInFull(head, snapshot);
      })
      .catch((error: unknown) => {
        if (!(error instanceof StaleStateError)) console.warn('Murmur: could not compact the saved demo data', error);
      });
  }

  close(): void {
    this.live.close();
    this.sync.close();
    this.compaction.stop();
  }

  /**
   * Runs `request` in the core. With nothing else under way in this tab it
   * runs at once: a request that changed nothing (a read, a sign-in, a
   * refusal) is answered then, one that changed the state is saved first,
   * holding the lock. Behind other work (a write being saved, another tab's
   * state being loaded) it waits its turn.
   */
  private answer(request: ApiRequest, file?: UploadedFile): ApiResponse | Promise<ApiResponse> {
    if (this.busy > 0) return this.writeAndFlush((attempt) => this.runInTurn(request, file, attempt));
    const clock = stateClock(this.core);
    const response = this.call(request, clock);
    if (response.changed) {
      this.unsaved += 1;
      return this.writeAndFlush(
        (attempt) => (attempt === 1 ? this.outcome(request, clock, response, file) : this.run(request, file)),
        { made: true },
      );
    }
    // A refusal may only mean that another tab's save is not loaded yet (a
    // like of the post it just made, a sign-in to the account it just made):
    // that is loaded, and the request asked again.
    if (succeeded(response.status)) return this.afterFlush(response);
    return this.writeAndFlush(async () => ((await this.sync.syncQuietly()) ? this.run(request, file) : { response }));
  }

  private call(request: ApiRequest, clock: Clock): ApiResponse {
    const { method, url, authorization, body, prefer, idempotencyKey } = request;
    return callCoreAt(this.core, clock, method, url, authorization, body, prefer, idempotencyKey);
  }

  /** Runs `request` in the core now, and says what to save of it. */
  private run(request: ApiRequest, file: UploadedFile | undefined): Promise<Outcome> {
    const clock = stateClock(this.core);
    return this.outcome(request, clock, this.call(request, clock), file);
  }

  /** `run`, for a request that waited its turn: a refusal is asked again once another tab's save not heard of yet is loaded. */
  private async runInTurn(request: ApiRequest, file: UploadedFile | undefined, attempt: number): Promise<Outcome> {
    const first = await this.run(request, file);
    if (attempt > 1 || first.save || succeeded(first.response.status) || !this.sync.hearsOfSaves) return first;
    return (await this.sync.syncQuietly()) ? this.run(request, file) : first;
  }

  /** What to save of `response`: the request, when it changed the state, with the uploaded file under the id the core gave it. */
  private async outcome(
    { method, url, authorization, body, prefer, idempotencyKey }: ApiRequest,
    clock: Clock,
    response: ApiResponse,
    file: UploadedFile | undefined,
  ): Promise<Outcome> {
    if (!response.changed) return { response };
    const request: RecordedRequest = { method, url, authorization: authorization ?? null, body, ...clock };
    // Kept with its key: the replay keeps the same answer under it.
    if (idempotencyKey !== undefined) Object.assign(request, { idempotencyKey, prefer });
    if (!file) return { response, save: { request } };
    if (response.mediaId) return { response, save: { request, media: { id: response.mediaId, ...file } } };
    await this.journaled.rollBack();
    return { response: errorResponse(500, 'The upload was registered without a media id') };
  }

  /**
   * `answer` once every write it may reflect is on disk, with a store that
   * flushes after its appends (the HTTP server's journal): no client ever
   * sees a state a crash could take back. At once with the other stores.
   */
  private afterFlush(answer: ApiResponse | Promise<ApiResponse>): ApiResponse | Promise<ApiResponse> {
    const flushed = this.storage.store.flushed?.();
    return flushed ? flushed.then(() => answer) : answer;
  }

  /**
   * `write`, answered once its change is flushed: outside the lock, so that
   * the next writes go on meanwhile and share that flush (group commit). A
   * flush that fails answers 500, and the store refuses every later write.
   */
  private writeAndFlush(...args: Parameters<PersistentBackend['write']>): Promise<ApiResponse> {
    return this.write(...args)
      .then((response) => this.afterFlush(response))
      .then((response) => {
        // Saved and flushed: its events may go out.
        if (response.changed && response.revision !== undefined) this.live.wake(response.revision);
        return response;
      })
      .catch((error: unknown) => {
        console.warn('Murmur: a write could not be flushed to storage', error);
        return errorResponse(500, BACKEND_FAILED);
      });
  }

  /**
   * Holding the lock: makes `change` and saves what it asks to. A change is
   * made on what the other tabs saved: with a channel, their saves are loaded
   * as they are announced, and one not heard of yet makes the save refuse
   * (the stored head is checked as it is written); without one, the stored
   * head is read first. A refused save undoes the change, loads theirs, and
   * makes the change again on top of it. `made`: the first attempt's change
   * is already in the core (made before the lock was taken, with nothing
   * else under way).
   */
  private write(change: (attempt: number) => Promise<Outcome>, { made = false } = {}): Promise<ApiResponse> {
    // A change made before the lock is saved or undone by the end of the first attempt.
    let unsaved = made;
    const settled = () => {
      if (unsaved) this.unsaved -= 1;
      unsaved = false;
    };
    const failed = async (error: unknown) => {
      // Never a stack trace for the client: the catalogue's shape, and the core as it was saved.
      console.warn('Murmur: a write failed', error);
      await this.journaled.rollBack();
      return errorResponse(500, BACKEND_FAILED);
    };
    return this.exclusive(async () => {
      try {
        for (let attempt = 1; ; attempt++) {
          if (attempt > 1 || (!made && !this.sync.hearsOfSaves)) {
            try {
              await this.sync.sync();
            } catch (error) {
              const refusal = this.storageFailed(error);
              if (refusal) return refusal;
            }
          }
          const { response, save } = await change(attempt);
          if (!save) return response;
          const outcome = await this.commit(save);
          if (outcome !== STALE) return outcome ?? response;
          if (attempt === MAX_ATTEMPTS) return errorResponse(503, BUSY);
        }
      } catch (error) {
        return await failed(error);
      } finally {
        settled();
      }
    }).catch(async (error: unknown) => {
      // The lock itself failed: the change was neither saved nor undone.
      const answer = await failed(error);
      settled();
      return answer;
    });
  }

  /**
   * Saves the change as the next revision (a journal entry, or the snapshot
   * in full when there is nothing to append to) and tells the other tabs. On
   * failure the core goes back to the last saved state, and the answer is the
   * error response to send instead, or STALE when another writer saved first.
   */
  private async commit(request: SaveRequest): Promise<ApiResponse | null | typeof STALE> {
    const { unconditional = false, request: recorded, ...options } = request;
    const head = newHead(this.journaled.head);
    try {
      await this.save(head, recorded, options, unconditional);
    } catch (error) {
      if (error instanceof StaleStateError) {
        await this.journaled.rollBack();
        return STALE;
      }
      const refusal = this.storageFailed(error);
      if (refusal) {
        await this.journaled.rollBack();
        return refusal;
      }
      // Now in memory: the change is kept there, in full.
      const snapshot = this.core.exportSnapshot();
      await this.storage.store.save(toSaved(head, snapshot), options);
      this.journaled.savedInFull(head, snapshot);
    }
    this.storage.succeeded();
    if (!this.storage.inMemory) this.onSaved();
    this.sync.announce(head.revision);
    this.compaction.journalIs(this.journaled.journalLength);
    return null;
  }

  /** Appends the write to the journal when there is a saved state to append to; saves the snapshot in full otherwise. */
  private async save(
    head: SavedHead,
    recorded: RecordedRequest | undefined,
    options: Omit<SaveOptions, 'expected'>,
    unconditional: boolean,
  ): Promise<void> {
    const saved = this.journaled.head;
    if (recorded && saved && !options.clearMedia) {
      const entry: JournalEntry = { ...head, parent: saved.stamp, ...recorded };
      try {
        await this.storage.store.append(entry, { media: options.media, expected: saved });
        this.journaled.appended(entry);
        return;
      } catch (error) {
        if (!(error instanceof NoBaseError)) throw error;
        // Nothing stored to append to (site data cleared, say): this tab's state is saved in full.
      }
    }
    const snapshot = this.core.exportSnapshot();
    await this.storage.store.save(toSaved(head, snapshot), { ...options, expected: unconditional ? undefined : saved });
    this.journaled.savedInFull(head, snapshot);
  }

  /** `writeAndFlush` of a change that replaces the state (a reset, a restore): once it is saved, every reader reads afresh. */
  private async replacing(change: (attempt: number) => Promise<Outcome>): Promise<ApiResponse> {
    const response = await this.writeAndFlush(change);
    if (succeeded(response.status)) this.live.wake();
    return response;
  }

  /** The answer to a storage failure, or null once the tab has moved to memory (then go ahead). */
  private storageFailed(error: unknown): ErrorAnswer | null {
    const failure = this.storage.failed(error);
    if (failure === 'now-in-memory') {
      this.onNotice(STORAGE_LOST);
      return null;
    }
    return errorResponse(507, failure === 'full' ? STORAGE_FULL : SAVE_FAILED);
  }

  private async restore(): Promise<string[]> {
    const found = await this.sync.restore();
    this.live.wake();
    this.foundSaved = found !== 'nothing';
    this.compaction.journalIs(this.journaled.journalLength);
    return found === 'set aside' ? [RESTORED_FROM_SEED] : [];
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    this.busy += 1;
    return this.locks.request(STATE_LOCK, task).finally(() => {
      this.busy -= 1;
    });
  }
}
