// The last visit, shown first on the next one: a return to Home draws the
// feed the visitor saw last with the app's own cards, from RTK Query's cache
// put back as it was (`cacheRestored`), while the in-browser backend starts;
// Home's read replaces it. This module is the one place that keeps it,
// restores it and forgets it (keptVisit.ts says what is stored).
import { createListenerMiddleware, isAnyOf, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { api, cacheRestored } from '../../api/apiSlice';
import { backendDataChanged } from '../../api/dataChanged';
import { logout, type SessionState } from '../../api/session';
import {
  forgetVisit,
  isKeptFeed,
  KEPT_FEED,
  keepVisit,
  keptCache,
  localStore,
  readKeptVisit,
  savedDataExists,
} from './keptVisit';

type State = { api: ReturnType<typeof api.reducer>; session: SessionState };
type Dispatch = ThunkDispatch<State, unknown, UnknownAction>;

/** When this page started: an entry answered before then is the restored copy, not an answer of this visit. */
const PAGE_STARTED = Date.now();

const selectKeptFeed = api.endpoints.getFeed.select(KEPT_FEED);
const selectBookmarks = api.endpoints.getBookmarks.select();

/** Home's first page (Latest) as cached, if the backend answered it in this page; the restored copy does not count. */
function answeredFeed(state: State): unknown {
  const entry = selectKeptFeed(state);
  const answered = entry.fulfilledTimeStamp !== undefined && entry.fulfilledTimeStamp >= PAGE_STARTED;
  return answered ? entry.data?.pages[0] : undefined;
}

/** What, changed, is kept again: a new answer (even an equal one), a change shown on the page, the bookmarks. */
const keptParts = (state: State) => [
  selectKeptFeed(state).fulfilledTimeStamp,
  answeredFeed(state),
  selectBookmarks(state).data,
];

/**
 * Keeps the visit whenever Home's first page or the bookmarks change (the
 * backend's answers, and the visitor's likes and bookmarks as they show),
 * and forgets it when the session ends or the data changes under the app
 * (a reset, a restore, another tab's write: Home, if on screen, keeps its
 * new answer). Add its middleware to the store.
 */
export function lastVisitListener(storage = localStore()) {
  const listener = createListenerMiddleware<State, Dispatch>();
  listener.startListening({
    predicate: (_action, state, before) => {
      if (answeredFeed(state) === undefined) return false;
      const [now, then] = [keptParts(state), keptParts(before)];
      return now.some((part, index) => part !== then[index]);
    },
    effect: (_action, { getState }) => {
      const state = getState();
      keepVisit(state.session, keptCache(state.api), storage);
    },
  });
  listener.startListening({
    matcher: isAnyOf(logout, backendDataChanged),
    effect: () => forgetVisit(storage),
  });
  return listener.middleware;
}

/** Whether a visit is kept for `session` by this build (whether the saved data is still here is asked as it is restored). */
export function hasLastVisit(session: SessionState, storage = localStore()): boolean {
  return readKeptVisit(session, storage) !== null;
}

let restoring: Promise<boolean> | undefined;

/**
 * Puts the visit kept for the session back into the API cache, once per
 * page load and before anything asked for Home (a read under way would not
 * be replaced by the copy, and its answer must win); only while the
 * backend's saved data is still on this device. Home's read then replaces
 * it. Resolves to whether it went in.
 */
export function restoreLastVisit(dispatch: Dispatch, getState: () => State, storage = localStore()): Promise<boolean> {
  restoring ??= (async () => {
    const kept = readKeptVisit(getState().session, storage);
    if (!kept) return false;
    if (!(await savedDataExists())) {
      forgetVisit(storage);
      return false;
    }
    const state = getState();
    if (state.session.token !== kept.token) return false;
    // Nothing of this visit is replaced: only what the cache does not hold yet
    // goes in, as answered long ago, so that every page showing it reads it again.
    const queries = Object.fromEntries(
      Object.entries(kept.cache.queries)
        .filter(([key]) => !(key in state.api.queries))
        .map(([key, entry]) => [key, { ...(entry as object), fulfilledTimeStamp: 0 }]),
    );
    if (
      !Object.keys(queries).some((key) =>
        isKeptFeed((kept.cache.queries[key] as { originalArgs?: unknown }).originalArgs),
      )
    )
      return false;
    dispatch(cacheRestored({ ...kept.cache, queries }));
    // For tests and the bench: when the copy went in.
    performance.mark('murmur:last-visit-shown');
    return true;
  })();
  return restoring;
}

/** Tests: the next `restoreLastVisit` looks again, as on a new page load. */
export function restoreAgainForTests(): void {
  restoring = undefined;
}
