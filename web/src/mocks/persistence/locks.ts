// One writer at a time, across tabs: the Web Locks API where the browser has
// it, and an in-page queue where it does not (Node tests, old browsers).

export const STATE_LOCK = 'murmur-state';

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

/** The browser's cross-tab locks, or the in-page queue when there are none. */
export function browserLocks(): LockManagerLike {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return localLocks();
  return {
    request<T>(name: string, task: () => Promise<T>): Promise<T> {
      return locks.request(name, { mode: 'exclusive' }, () => task()) as Promise<T>;
    },
  };
}
