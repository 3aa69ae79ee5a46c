// Loading the stored state into the core, and keeping tabs in step. At
// start-up the whole stored state is loaded (one that cannot be read is set
// aside, and the core keeps the seed). Every tab writes the one stored state
// (one writer at a time: locks.ts), and after each save it posts its
// revision on a channel. A tab that hears of one, or finds the stored head is
// not its own before a write, loads what the others saved: the journal
// entries after its own revision, or the whole stored state once a
// compaction has dropped those. A stored head that does not describe the
// state stored with it (a damaged profile, a crash between two builds) is
// repaired once and read again.

import { isHead, sameHead, type SavedState } from './format.js';
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
   * Start-up: loads the stored state into the core (which holds the seed).
   * Resolves to what was found: nothing, a state it set aside (unreadable,
   * or refused by the core), or one it loaded.
   */
  async restore(): Promise<'nothing' | 'set aside' | 'loaded'> {
    const { storage, journaled } = this.#options;
    const store = storage.store;
    const { loaded, head, journal } = await store.loadState();
    if (loaded.kind === 'empty') {
      // A head with no state describes nothing: left there, every write would take it for another tab's save.
      if (head !== undefined) await store.repairHead();
      return 'nothing';
    }
    if (loaded.kind === 'unreadable') {
      await this.#setAside(loaded.raw, loaded.reason);
      return 'set aside';
    }
    if (!(await this.#load(loaded.saved, head, journal))) return 'set aside';
    // Repaired from what is stored by then: another tab may have saved since it was read.
    if (!isHead(head) || !sameHead(head, journaled.head)) await store.repairHead();
    return 'loaded';
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
    const { storage, journaled } = this.#options;
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
        await this.#setAside(loaded.raw, loaded.reason);
        return false;
      }
      if (isHead(head) && sameHead(reachedHead(loaded.saved, head, journal), head)) {
        if (sameHead(head, journaled.head)) return false; // caught up with meanwhile
        return this.#load(loaded.saved, head, journal);
      }
      // The head does not describe the state under it: made to match, then read once more.
      if (repaired) return false;
      await store.repairHead();
    }
  }

  /** Puts a saved state into the core; one it refuses (or whose journal does not replay) is set aside, and the core rolled back. */
  async #load(saved: SavedState, head: unknown, journal: unknown[]): Promise<boolean> {
    const { journaled } = this.#options;
    try {
      journaled.load(saved, head, journal);
      return true;
    } catch (error) {
      await journaled.rollBack();
      await this.#setAside(saved, error instanceof Error ? error.message : String(error));
      return false;
    }
  }

  async #setAside(saved: unknown, reason: string): Promise<void> {
    console.warn(`Murmur: saved demo data set aside (${reason})`);
    await this.#options.storage.store.quarantine(saved, reason);
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
