// One writer at a time, across tabs: the Web Locks API where the browser has
// it, and an in-page queue where it does not (Node tests, old browsers).

export const STATE_LOCK = 'murmur-state';

/**
 * How long a tab waits for the lock before it takes it from its holder. Every
 * storage transaction a holder runs has a deadline of its own
 * (STORAGE_DEADLINE_MS), so a live holder lets go well before this; one
 * that has not is gone (a page the browser has not torn down yet, a save that
 * never settled) and must not hold every other tab up.
 */
export const LOCK_WAIT_MS = 12_000;

export interface LockManagerLike {
  /** Runs `task` holding the exclusive lock `name`; others wait their turn. */
  request<T>(name: string, task: () => Promise<T>): Promise<T>;
}

/** Serialises tasks per name within this JavaScript realm. */
export function localLocks(): LockManagerLike {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(task, task);
      const tail = run.catch(() => undefined);
      tails.set(name, tail);
      void tail.then(() => {
        if (tails.get(name) === tail) tails.delete(name);
      });
      return run;
    },
  };
}

/** The part of `navigator.locks` used here. */
export interface WebLocks {
  request<T>(name: string, options: LockOptions, callback: () => Promise<T>): Promise<T>;
}

/**
 * Web Locks with a deadline on the wait: after `waitMs` the lock is stolen
 * (the holder's lock is released and its own request rejects), so a lock
 * never outlives its page, nor a save that never settles.
 */
export function webLocks(locks: WebLocks, waitMs = LOCK_WAIT_MS): LockManagerLike {
  return {
    async request<T>(name: string, task: () => Promise<T>): Promise<T> {
      const wait = new AbortController();
      const timer = setTimeout(() => wait.abort(), waitMs);
      let granted = false;
      try {
        return await locks.request(name, { mode: 'exclusive', signal: wait.signal }, () => {
          granted = true;
          clearTimeout(timer);
          return task();
        });
      } catch (error) {
        if (granted || !wait.signal.aborted) throw error;
        console.warn(`Murmur: the lock ${name} was held for over ${waitMs} ms; taking it over`);
        return locks.request(name, { mode: 'exclusive', steal: true }, () => task());
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The browser's cross-tab locks, or the in-page queue when there are none. */
export function browserLocks(): LockManagerLike {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return localLocks();
  return webLocks(locks as WebLocks);
}
