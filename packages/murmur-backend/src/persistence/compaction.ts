// When the journal is folded into a snapshot saved in full. Loading a saved
// state replays its journal one entry at a time, so a short journal makes a
// fast start; a save in full exports and writes the whole state, so doing it
// seldom keeps writes fast. So: once the journal reaches a store's own
// length (below), soon after, in the background; with `whenIdle`, also once
// writes have paused for a moment with a journal worth folding (the HTTP
// server: a restart after a burst of writes, even an unclean one, replays
// little); and at a clean shutdown (PersistentBackend.compact).

/** IndexedDB (a tab's state): journal entries after which the snapshot is saved in full. */
export const IDB_COMPACT_EVERY = 64;

/**
 * A state directory (the HTTP server's): journal entries after which the
 * snapshot is saved in full. Higher than a tab's: the server takes many more
 * writes, and it also compacts when writes pause and when it stops.
 */
export const FILE_COMPACT_EVERY = 512;

/** The HTTP server's state also compacts once writes have paused this long, with at least this many entries. */
export const FILE_COMPACT_WHEN_IDLE = { afterMs: 1_000, atLeast: 32 };

export interface CompactionPolicy {
  /** Journal entries after which the snapshot is saved in full. */
  every: number;
  whenIdle?: { afterMs: number; atLeast: number };
}

export class CompactionSchedule {
  #running = false;
  #idle: ReturnType<typeof setTimeout> | undefined;

  /** `compact(atLeast)` saves the snapshot in full if the journal still holds `atLeast` entries by then. */
  constructor(
    private readonly policy: CompactionPolicy,
    private readonly compact: (atLeast: number) => Promise<void>,
  ) {}

  /** After a save (or a load): the journal is `length` entries long. */
  journalIs(length: number): void {
    clearTimeout(this.#idle);
    this.#idle = undefined;
    if (length >= this.policy.every) {
      this.#run(this.policy.every);
      return;
    }
    const idle = this.policy.whenIdle;
    if (!idle || length < idle.atLeast) return;
    this.#idle = setTimeout(() => this.#run(idle.atLeast), idle.afterMs);
    // A timer that never keeps a Node process alive on its own.
    (this.#idle as { unref?: () => void }).unref?.();
  }

  stop(): void {
    clearTimeout(this.#idle);
  }

  /** Compacts soon after (not inside the save that asked), once at a time. */
  #run(atLeast: number): void {
    if (this.#running) return;
    this.#running = true;
    setTimeout(() => {
      void this.compact(atLeast).finally(() => {
        this.#running = false;
      });
    }, 0);
  }
}
