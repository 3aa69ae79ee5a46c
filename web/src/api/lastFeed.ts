// Home as the visitor saw it last, shown at once on their next visit while
// the in-browser backend starts (loading the wasm core and replaying the
// saved data takes about a second on a phone), then replaced by the
// backend's answer. What is kept is Home's first page (5 posts, Latest
// order) in RTK Query's own shape, with the ids of those posts the visitor
// bookmarked; it goes back into the API cache with `upsertQueryEntries`, so
// the page reads it as it reads any answer and the backend's answer simply
// replaces it. docs/architecture.md says why it lives in localStorage and
// when it is forgotten.
import { createSlice, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { api, FEED_PAGE_SIZE, type FeedArg, type FeedFilter } from './apiSlice';
import type { SessionState } from './storedSession';
import type { PostsPageResponse } from './types';
import { forgetLastFeed, LAST_FEED_KEY, LAST_FEED_VERSION, localStore } from './lastFeedStorage';

export { forgetLastFeed, LAST_FEED_KEY, SAVED_DATA_CHECK_MS, savedDataExists } from './lastFeedStorage';

const VERSION = LAST_FEED_VERSION;
/** A copy larger than this (posts with very many comments) is not kept: it would cost more to read than it saves. */
export const LAST_FEED_MAX_CHARS = 64_000;

const NO_BOOKMARKS: readonly string[] = [];

/** The list kept: Home in the order a visit opens with. */
export const LAST_FEED_ARG: FeedArg & { scope: 'home'; filter: FeedFilter } = { scope: 'home', filter: 'Latest' };

export interface LastFeed {
  version: typeof VERSION;
  /** The session it belongs to: another session (another user, a new sign-in) never sees it. */
  userId: string;
  token: string;
  /** Home's first page as the backend answered it (and as later changes on screen left it). */
  page: PostsPageResponse;
  /** Which of the page's posts were bookmarked. */
  bookmarks: string[];
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The copy kept for `session`, or null (none, another session's, or unreadable: those are forgotten). */
export function readLastFeed(session: SessionState, storage: Storage | undefined = localStore()): LastFeed | null {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(LAST_FEED_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as unknown;
    if (
      isRecord(kept) &&
      kept.version === VERSION &&
      session.token !== null &&
      kept.token === session.token &&
      kept.userId === session.user?._id &&
      isRecord(kept.page) &&
      Array.isArray(kept.page.posts) &&
      typeof kept.page.total === 'number' &&
      Array.isArray(kept.bookmarks)
    ) {
      return kept as unknown as LastFeed;
    }
  } catch {
    // Not JSON: forgotten below.
  }
  forgetLastFeed(storage);
  return null;
}

/** Keeps Home's first page for `session`; an empty page, a copy too large, or no session keeps nothing. Never throws. */
export function keepLastFeed(
  session: SessionState,
  page: PostsPageResponse,
  bookmarked: readonly string[],
  storage: Storage | undefined = localStore(),
): void {
  const posts = page.posts.slice(0, FEED_PAGE_SIZE);
  // An empty feed has nothing to show at once: the next visit waits for the backend's answer.
  if (!session.token || !session.user || posts.length === 0) return forgetLastFeed(storage);
  const ids = new Set(posts.map((p) => p._id));
  const kept: LastFeed = {
    version: VERSION,
    userId: session.user._id,
    token: session.token,
    page: { ...page, posts },
    bookmarks: bookmarked.filter((id) => ids.has(id)),
  };
  const text = JSON.stringify(kept);
  if (text.length > LAST_FEED_MAX_CHARS) return forgetLastFeed(storage);
  try {
    storage?.setItem(LAST_FEED_KEY, text);
  } catch {
    // Storage full or blocked: the next visit waits for the backend, as a first one does.
  }
}

/** Where the copy stands: not shown, on screen until the backend answers, or taken down because the backend's read failed. */
export type LastFeedStatus = 'none' | 'shown' | 'failed';

/**
 * Whether the Home on screen is the copy kept from the last visit, not yet
 * replaced by the backend's answer. While it is, a like or a bookmark on
 * its posts waits for that answer (features/posts/PostCard.tsx); if the
 * read fails, the copy is taken down (features/posts/useFeed.ts).
 */
export const lastFeedSlice = createSlice({
  name: 'lastFeed',
  initialState: { status: 'none' as LastFeedStatus },
  reducers: {
    lastFeedShown(state) {
      state.status = 'shown';
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(
        (action) => api.endpoints.getFeed.matchFulfilled(action) && isLastFeedArg(action.meta.arg.originalArgs),
        (state) => {
          state.status = 'none';
        },
      )
      .addMatcher(
        (action) =>
          api.endpoints.getFeed.matchRejected(action) &&
          !action.meta.condition &&
          isLastFeedArg(action.meta.arg.originalArgs),
        (state) => {
          if (state.status === 'shown') state.status = 'failed';
        },
      );
  },
  selectors: {
    selectLastFeedStatus: (state) => state.status,
    selectShowingLastFeed: (state) => state.status === 'shown',
  },
});

export const { lastFeedShown } = lastFeedSlice.actions;
export const { selectLastFeedStatus, selectShowingLastFeed } = lastFeedSlice.selectors;

/** Whether `arg` is the list kept (Home, Latest). */
export function isLastFeedArg(arg: unknown): boolean {
  return isRecord(arg) && arg.scope === LAST_FEED_ARG.scope && 'filter' in arg && arg.filter === LAST_FEED_ARG.filter;
}

type State = { api: ReturnType<typeof api.reducer>; session: SessionState };
type Dispatch = ThunkDispatch<State, unknown, UnknownAction>;

/**
 * Puts `kept` into the API cache before anything asked for Home (a request
 * under way would not be replaced by the copy, and its answer must win),
 * then asks the backend for the real page: it answers once it has started,
 * and replaces the copy. Resolves to whether the copy was put.
 */
export function putLastFeed(dispatch: Dispatch, getState: () => State, kept: LastFeed): boolean {
  const state = getState();
  if (state.session.token !== kept.token) return false;
  if (api.endpoints.getFeed.select(LAST_FEED_ARG)(state).status !== 'uninitialized') return false;
  const bookmarksRead = api.endpoints.getBookmarks.select()(state).status !== 'uninitialized';
  dispatch(
    api.util.upsertQueryEntries([
      { endpointName: 'getFeed', arg: LAST_FEED_ARG, value: { pages: [kept.page], pageParams: [1] } },
      ...(bookmarksRead ? [] : [{ endpointName: 'getBookmarks' as const, arg: undefined, value: kept.bookmarks }]),
    ]),
  );
  dispatch(lastFeedShown());
  // Home asks too as it mounts (and reuses this request): this one replaces
  // the copy even if the visitor has left Home by then.
  void dispatch(api.endpoints.getFeed.initiate(LAST_FEED_ARG, { subscribe: false, forceRefetch: true }));
  return true;
}

/** Resolves once the copy is no longer on screen: to true when the backend's answer replaced it, false when its read failed. */
export function whenLastFeedAnswered(store: {
  getState: () => { lastFeed: { status: LastFeedStatus } };
  subscribe: (listener: () => void) => () => void;
}): Promise<boolean> {
  return new Promise((resolve) => {
    const check = () => {
      const { status } = store.getState().lastFeed;
      if (status === 'shown') return false;
      resolve(status === 'none');
      return true;
    };
    if (check()) return;
    const unsubscribe = store.subscribe(() => {
      if (check()) unsubscribe();
    });
  });
}

/**
 * Keeps Home's first page whenever it changes on screen (the backend's
 * answers, and the visitor's likes and bookmarks as they show), once it is
 * the backend's; forgets it when the session ends. Subscribe it to the store.
 */
export function lastFeedKeeper(
  getState: () => State & { lastFeed: { status: LastFeedStatus } },
  storage: Storage | undefined = localStore(),
) {
  let lastPage: PostsPageResponse | undefined;
  let lastBookmarks: readonly string[] | undefined;
  let lastToken: string | null = getState().session.token;
  return () => {
    const state = getState();
    const token = state.session.token;
    if (token !== lastToken) {
      lastToken = token;
      if (token === null) forgetLastFeed(storage);
    }
    if (state.lastFeed.status !== 'none' || !token) return;
    const page = api.endpoints.getFeed.select(LAST_FEED_ARG)(state).data?.pages[0];
    const bookmarks = api.endpoints.getBookmarks.select()(state).data ?? NO_BOOKMARKS;
    // Only a new answer or change is kept: what was forgotten (the data changed under it) is not written back.
    if (!page || (page === lastPage && bookmarks === lastBookmarks)) return;
    lastPage = page;
    lastBookmarks = bookmarks;
    keepLastFeed(state.session, page, bookmarks, storage);
  };
}

/** The post `postId` as Home's kept list holds it now (after the backend's answer: its version), if it is there. */
export function selectLastFeedPost(state: Pick<State, 'api'>, postId: string) {
  const pages = api.endpoints.getFeed.select(LAST_FEED_ARG)(state as State).data?.pages ?? [];
  for (const page of pages) {
    const post = page.posts.find((p) => p._id === postId);
    if (post) return post;
  }
  return undefined;
}
