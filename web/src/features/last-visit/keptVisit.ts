// What a return visit shows first, as it is stored: Home's first page (5
// posts, Latest, the order a visit opens with) and the visitor's bookmark
// ids, as the backend answered them, for the build and the session that
// wrote them. In localStorage: read synchronously as the app starts
// (IndexedDB would add an open and a transaction on the way to the first
// post, beside the backend's own), small, and belonging to the session
// saved there (docs/architecture.md says more).
import { DATABASE_NAME } from '@murmur/backend/protocol';
import type { SessionState } from '../../api/storedSession';
import type { PostsPageResponse } from '../../api/types';
import { isRecord } from '../../lib/isRecord';
import { FEED_PAGE_SIZE, postsApi, type FeedArg } from '../../api/postsApi';

/** The localStorage key of the kept visit. */
export const KEPT_VISIT_KEY = 'murmur.lastVisit';
/** A copy larger than this (posts with very many comments) is not kept: it would cost more to read than it saves. */
export const KEPT_VISIT_MAX_CHARS = 64_000;
/** How long the check for the saved data may take before the copy is given up. */
export const SAVED_DATA_CHECK_MS = 500;

/** The list kept: Home in the order a visit opens with. */
export const KEPT_FEED: FeedArg & { scope: 'home' } = { scope: 'home', filter: 'Latest' };

/**
 * The build this page runs: a copy written by another build (a deploy since)
 * is never shown, whatever changed in it (vite.config.ts computes it from
 * the build's sources).
 */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

export interface KeptVisit {
  build: string;
  /** The session it belongs to: another session (another user, a new sign-in) never sees it. */
  userId: string;
  token: string;
  cache: KeptCache;
}

/** What is shown again: Home's first page (Latest) and the bookmark ids, as answered. */
export interface KeptCache {
  feed: PostsPageResponse;
  bookmarks?: string[];
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The page's localStorage, or none where it is blocked (reading the property throws there). */
export function localStore(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

type CacheState = Parameters<ReturnType<typeof postsApi.endpoints.getBookmarks.select>>[0];

/**
 * What of the API cache is kept: Home's first page (Latest) as answered, and
 * the bookmark ids; null when there is nothing to show (no answer yet, an
 * empty feed).
 */
export function keptCache(state: CacheState): KeptCache | null {
  const first = postsApi.endpoints.getFeed.select(KEPT_FEED)(state).data?.pages[0];
  if (!first || first.posts.length === 0) return null;
  const feed = { ...first, posts: first.posts.slice(0, FEED_PAGE_SIZE) };
  const bookmarks = postsApi.endpoints.getBookmarks.select()(state).data;
  return bookmarks ? { feed, bookmarks } : { feed };
}

/** Keeps `cache` for `session` and this build; too large, or no session, keeps nothing. Never throws. */
export function keepVisit(
  session: SessionState,
  cache: KeptCache | null,
  storage: Storage | undefined = localStore(),
): void {
  if (!cache || !session.token || !session.user) return forgetVisit(storage);
  const kept: KeptVisit = { build: BUILD_ID, userId: session.user._id, token: session.token, cache };
  const text = JSON.stringify(kept);
  if (text.length > KEPT_VISIT_MAX_CHARS) return forgetVisit(storage);
  try {
    storage?.setItem(KEPT_VISIT_KEY, text);
  } catch {
    // Storage full or blocked: the next visit waits for the backend, as a first one does.
  }
}

/** Forgets the kept visit (a logout, a reset, a restore, another tab's change). Never throws. */
export function forgetVisit(storage: Storage | undefined = localStore()): void {
  try {
    storage?.removeItem(KEPT_VISIT_KEY);
  } catch {
    // Storage blocked: nothing was kept either.
  }
}

/** Whether `value` holds a page of posts, and bookmark ids if any, in the shape Home reads. */
function isKeptCache(value: unknown): value is KeptCache {
  if (!isRecord(value) || !isRecord(value.feed)) return false;
  const { feed, bookmarks } = value;
  const idsOk = bookmarks === undefined || (Array.isArray(bookmarks) && bookmarks.every((x) => typeof x === 'string'));
  return idsOk && Array.isArray(feed.posts) && feed.posts.every(isRecord) && typeof feed.total === 'number';
}

/**
 * The visit kept for `session` by this build, or null (none, another
 * build's, another session's, or unreadable: those are forgotten).
 */
export function readKeptVisit(session: SessionState, storage: Storage | undefined = localStore()): KeptVisit | null {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(KEPT_VISIT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as unknown;
    if (
      isRecord(kept) &&
      kept.build === BUILD_ID &&
      session.token !== null &&
      kept.token === session.token &&
      kept.userId === session.user?._id &&
      isKeptCache(kept.cache)
    ) {
      return kept as unknown as KeptVisit;
    }
  } catch {
    // Not JSON: forgotten below.
  }
  forgetVisit(storage);
  return null;
}

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
