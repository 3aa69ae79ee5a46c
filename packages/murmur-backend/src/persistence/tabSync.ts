// Keeping tabs in step. Every tab writes the one stored state (one writer at
// a time: locks.ts), and after each save it posts its revision on a channel.
// A tab that hears of one, or finds the stored head is not its own before a
// write, loads what the others saved: the journal entries after its own
// revision, or the whole stored state once a compaction has dropped those.
// A stored head that does not describe the state stored with it (a damaged
// profile, a crash between two builds) is repaired once and read again.

import { isHead, sameHead } from './format.js';
import { reachedHead, type JournaledCore } from './journal.js';
import type { StorageFallback } from './storageFallback.js';

/** What a tab posts on the channel after each save. */
export interface SaveMessage {
  revision: number;
}

export interface ChannelLike {
  postMessage(message: SaveMessage): void;
  addEventListener(type: 'message', listener: () => void): void;
  removeEventListener(type: 'message', listener: () => void): void;
}

export interface TabSyncOptions {
  storage: StorageFallback;
  journaled: JournaledCore;
  /** Where saves are announced to the other tabs, and heard from them (none: the head is read before each write). */
  channel: ChannelLike | null;
  /** Runs a task holding the state's lock. */
  exclusive: <T>(task: () => Promise<T>) => Promise<T>;
  /** Keeps an unreadable stored state aside. */
  setAside: (saved: unknown, reason: string) => Promise<void>;
  /** Called, holding the lock, after another tab's save was loaded into the core. */
  onLoaded: (revision: number) => void;
}

export class TabSync {
  readonly #options: TabSyncOptions;

  constructor(options: TabSyncOptions) {
    this.#options = options;
    options.channel?.addEventListener('message', this.#onMessage);
  }

  /** Another tab's save is announced when it is made: the stored head need not be read before each write. */
  get hearsOfSaves(): boolean {
    return this.#options.channel !== null;
  }

  /** Tells the other tabs that this one saved `revision`. */
  announce(revision: number): void {
    this.#options.channel?.postMessage({ revision });
  }

  /** Stops listening to the other tabs. */
  close(): void {
    this.#options.channel?.removeEventListener('message', this.#onMessage);
  }

  /**
   * Loads what other tabs saved since this core last did. Run holding the
   * lock, before a write. Resolves to whether it loaded anything; rejects
   * when storage cannot be read.
   */
  async sync(): Promise<boolean> {
    const { storage, journaled } = this.#options;
    const store = storage.store;
    const head = await store.readHead();
    if (head === undefined) return false; // nothing saved: this core's state stands
    if (isHead(head) && sameHead(head, journaled.head)) return false;
    const caughtUp =
      isHead(head) && (await journaled.catchUp(head, (after) => store.readJournal(after, head.revision)));
    if (!caughtUp && !(await this.#loadWhole())) return false;
    this.#options.onLoaded(journaled.head?.revision ?? 0);
    return true;
  }

  /** `sync`, for a check that may fail: false when storage cannot be read. */
  async syncQuietly(): Promise<boolean> {
    try {
      return await this.sync();
    } catch (error) {
      console.warn('Murmur: could not read the saved demo data', error);
      return false;
    }
  }

  /** Reads and loads the whole stored state; true when the core now holds another save than before. */
  async #loadWhole(): Promise<boolean> {
    const { storage, journaled, setAside } = this.#options;
    const store = storage.store;
    for (let repaired = false; ; repaired = true) {
      const { loaded, head, journal } = await store.loadState();
      if (loaded.kind === 'empty') {
        // A head with nothing under it: dropped, or every write would take it for another tab's save.
        await store.repairHead();
        return false;
      }
      if (loaded.kind === 'unreadable') {
        // This tab keeps its state, the last one it knows was good; its next save replaces the stored one.
        await setAside(loaded.raw, loaded.reason);
        return false;
      }
      if (isHead(head) && sameHead(reachedHead(loaded.saved, head, journal), head)) {
        if (sameHead(head, journaled.head)) return false; // caught up with meanwhile
        try {
          journaled.load(loaded.saved, head, journal);
        } catch (error) {
          await journaled.rollBack();
          await setAside(loaded.saved, error instanceof Error ? error.message : String(error));
          return false;
        }
        return true;
      }
      // The head does not describe the state under it: made to match, then read once more.
      if (repaired) return false;
      await store.repairHead();
    }
  }

  readonly #onMessage = () => {
    if (this.#options.storage.inMemory) return; // nothing shared any more
    // The message is only a nudge: the stored head says what to load.
    void this.#options
      .exclusive(() => this.sync())
      .catch((error: unknown) => {
        console.warn('Murmur: could not load another tab’s change', error);
      });
  };
}
