// Where the return visit's kept Home lives, and the check that the saved
// data it was read from is still on this device. No Redux here: the
// render-blocking picture script (src/bootPicture.ts) reads these before the first
// paint (features/posts/lastFeedPicture.ts), as the app does later
// (api/lastFeed.ts).
import { DATABASE_NAME } from '@murmur/backend/protocol';

/** The localStorage key of the kept copy of Home's first page. */
export const LAST_FEED_KEY = 'murmur.lastFeed';
/** The localStorage key of the picture of its first cards. */
export const LAST_FEED_PICTURE_KEY = 'murmur.lastFeedPicture';
/** The copy's format: a copy of another version is forgotten. */
export const LAST_FEED_VERSION = 1;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The page's localStorage, or none where it is blocked (reading the property throws there). */
export function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Forgets the kept copy and its picture (a logout, a reset, a restore, another tab's change). Never throws. */
export function forgetLastFeed(storage: Storage | undefined = localStore()): void {
  try {
    storage?.removeItem(LAST_FEED_KEY);
    storage?.removeItem(LAST_FEED_PICTURE_KEY);
  } catch {
    // Storage blocked: nothing was kept either.
  }
}

/** How long the check for the saved data may take before the copy is given up. */
export const SAVED_DATA_CHECK_MS = 500;

/**
 * Whether the backend's saved data is still on this device. A browser that
 * clears site data takes IndexedDB (the data) and may leave localStorage
 * (the copy, the session): a copy that outlived its data is never shown.
 * Without `indexedDB.databases()` (an old browser) nothing can be told: no copy is shown.
 */
export async function savedDataExists(
  factory: IDBFactory | undefined = globalThis.indexedDB,
  deadlineMs = SAVED_DATA_CHECK_MS,
): Promise<boolean> {
  if (typeof factory?.databases !== 'function') return false;
  // WebKit's ephemeral sessions never settle `databases()`: no answer in time
  // counts as "cannot tell", and the backend starts as on a first visit.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), deadlineMs)));
  const asked = factory
    .databases()
    .then((databases) => databases.some((db) => db.name === DATABASE_NAME))
    .catch(() => false);
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}
