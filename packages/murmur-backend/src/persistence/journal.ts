// The journal and its replay: a core, and the saved state it holds as the
// last snapshot it loaded or saved in full (the base) plus the journal
// entries applied on it since (the tail). Loading a saved state imports its
// snapshot and replays its journal at the recorded clocks, which gives the
// same state (the core's salts come from a generator that lives in the
// snapshot); another tab's later entries are replayed the same way; and a
// change that could not be saved is undone by going back to base and tail.

import { replayAt, type LiveCore, type TimedCoreLike } from '../core/coreCall.js';
import {
  chainFrom,
  chainHead,
  headOf,
  isHead,
  sameHead,
  type JournalEntry,
  type SavedHead,
  type SavedState,
} from './format.js';

/** The parts of the wasm facade the persistence uses (and its live events: ../core/liveEvents.ts). */
export interface SnapshotCore extends TimedCoreLike, LiveCore {
  exportSnapshot(): string;
  importSnapshot(json: string): void;
  /** Back to the seed (which may be made first: a promise then). */
  reset(): void | Promise<void>;
}

/** A journal entry that did not replay as it was answered: the saved state is not one this core can rebuild. */
export class ReplayError extends Error {
  constructor(entry: JournalEntry, status: number) {
    super(`journal entry ${entry.revision} (${entry.method} ${entry.url}) replayed as ${status}`);
    this.name = 'ReplayError';
  }
}

/** The head a saved state reaches: its snapshot's, or its journal's last entry up to the stored head. */
export function reachedHead(saved: SavedState, storedHead: unknown, journal: unknown[]): SavedHead {
  const base = headOf(saved);
  return chainHead(base, chainFrom(journal, base, upTo(base, storedHead)));
}

/** The last revision to load from the journal: the stored head's, when it is one past the snapshot. */
function upTo(base: SavedHead, storedHead: unknown): number | undefined {
  return isHead(storedHead) && storedHead.revision > base.revision ? storedHead.revision : undefined;
}

export class JournaledCore {
  /** The saved state this core holds; null while it holds the unsaved state it was started with. */
  head: SavedHead | null = null;
  /**
   * The base snapshot's text; null while the core holds the state it was
   * started with (the seed, as `reset()` makes it again), which is then what
   * a rollback goes back to: exporting it up front would cost a start that a
   * saved state replaces at once.
   */
  #base: string | null = null;
  #tail: JournalEntry[] = [];

  constructor(readonly core: SnapshotCore) {}

  /** Journal entries applied since the snapshot was last saved in full. */
  get journalLength(): number {
    return this.#tail.length;
  }

  /**
   * Puts a saved state into the core: its snapshot, then the journal entries
   * that follow it (up to the stored head, when it is one). Throws when the
   * snapshot is refused or an entry does not replay; the core then holds a
   * part of it, and the caller rolls back.
   */
  load(saved: SavedState, storedHead: unknown, journal: unknown[]): void {
    const base = headOf(saved);
    const chain = chainFrom(journal, base, upTo(base, storedHead));
    this.core.importSnapshot(saved.snapshot);
    this.#replay(chain);
    this.#base = saved.snapshot;
    this.#tail = chain;
    this.head = chainHead(base, chain);
  }

  /**
   * Brings the core up to `head` with the stored entries after its own: true
   * when they were all there (or none was needed); false when the whole
   * saved state must be read, or one did not replay (then rolled back).
   */
  async catchUp(head: SavedHead, entriesAfter: (revision: number) => Promise<unknown[]>): Promise<boolean> {
    if (!this.head || head.revision <= this.head.revision) return false;
    const chain = chainFrom(await entriesAfter(this.head.revision), this.head, head.revision);
    if (!sameHead(chainHead(this.head, chain), head)) return false;
    try {
      this.#replay(chain);
    } catch (error) {
      console.warn('Murmur: another tab’s change did not replay; reading the whole state', error);
      await this.rollBack();
      return false;
    }
    this.#tail.push(...chain);
    this.head = head;
    return true;
  }

  /** The change the core holds was saved as `entry`. */
  appended(entry: JournalEntry): void {
    this.#tail.push(entry);
    this.head = headOf(entry);
  }

  /** The state the core holds was saved in full, as `snapshot`, at `head`. */
  savedInFull(head: SavedHead, snapshot: string): void {
    this.#base = snapshot;
    this.#tail = [];
    this.head = head;
  }

  /** Back to the saved state, undoing what the core holds beyond it. */
  async rollBack(): Promise<void> {
    try {
      if (this.#base === null) await this.core.reset();
      else {
        this.core.importSnapshot(this.#base);
        this.#replay(this.#tail);
      }
    } catch (error) {
      console.warn('Murmur: could not roll back', error);
    }
  }

  #replay(entries: JournalEntry[]): void {
    for (const entry of entries) {
      const { method, url, authorization, body, prefer, idempotencyKey } = entry;
      const status = replayAt(this.core, entry, method, url, authorization ?? undefined, body, prefer, idempotencyKey);
      if (status < 200 || status >= 300) throw new ReplayError(entry, status);
    }
  }
}
