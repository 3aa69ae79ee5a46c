// The last visit, shown first on the next one: a return to Home draws the
// feed the visitor saw last with the app's own cards, from RTK Query's cache
// (the kept answers put back with `upsertQueryEntries`), while the
// in-browser backend starts; Home's read, started at once, replaces it. To
// the rest of the app the copy is cache like any other: a like tapped on it
// is carried out on the post as the backend has it (features/posts/postWrites.ts).
// This module is the one place that keeps it, restores it and forgets it
// (keptVisit.ts says what is stored).
import { createListenerMiddleware, isAnyOf, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { api } from '../../api/apiSlice';
import { backendDataChanged } from '../../api/dataChanged';
import { logout, type SessionState } from '../../api/session';
import { postsApi } from '../../api/postsApi';
import { forgetVisit, KEPT_FEED, keepVisit, keptCache, localStore, readKeptVisit, savedDataExists } from './keptVisit';

type State = { api: ReturnType<typeof api.reducer>; session: SessionState };
type Dispatch = ThunkDispatch<State, unknown, UnknownAction>;

const selectKeptFeed = postsApi.endpoints.getFeed.select(KEPT_FEED);
const selectBookmarks = postsApi.endpoints.getBookmarks.select();

/** What, changed, is kept again: a new answer (even an equal one), a change shown on the page, the bookmarks. */
const keptParts = (state: State) => [
  selectKeptFeed(state).fulfilledTimeStamp,
  selectKeptFeed(state).data,
  selectBookmarks(state).data,
];

/** The backend's answer to Home's read (Latest): only then is what Home shows worth keeping. */
const homeAnswered = (action: UnknownAction) =>
  postsApi.endpoints.getFeed.matchFulfilled(action) &&
  action.meta.arg.originalArgs.scope === KEPT_FEED.scope &&
  'filter' in action.meta.arg.originalArgs &&
  action.meta.arg.originalArgs.filter === KEPT_FEED.filter;

/**
 * Keeps the visit whenever Home's first page or the bookmarks change (the
 * backend's answers, and the visitor's likes and bookmarks as they show),
 * once the backend has answered Home in this page, and forgets it when the
 * session ends or the data changes under the app (a reset, a restore,
 * another tab's write: Home, if on screen, keeps its new answer). Add its
 * middleware to the store.
 */
export function lastVisitListener(storage = localStore()) {
  const listener = createListenerMiddleware<State, Dispatch>();
  let answered = false;
  listener.startListening({
    predicate: (action, state, before) => {
      if (homeAnswered(action)) answered = true;
      if (!answered) return false;
      const [now, then] = [keptParts(state), keptParts(before)];
      return now.some((part, index) => part !== then[index]);
    },
    effect: (_action, { getState }) => {
      const state = getState();
      keepVisit(state.session, keptCache(state), storage);
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

/** Each store's restore, once per store (a page load makes one store). */
const restoring = new WeakMap<Dispatch, Promise<boolean>>();

/**
 * Puts the visit kept for the session back into the API cache, once per
 * page load (per store) and before anything asked for Home, then starts
 * Home's read, whose answer replaces it; only while the backend's saved data
 * is still on this device. Resolves to whether it went in.
 */
export function restoreLastVisit(dispatch: Dispatch, getState: () => State, storage = localStore()): Promise<boolean> {
  let restored = restoring.get(dispatch);
  if (!restored) {
    restored = restore(dispatch, getState, storage);
    restoring.set(dispatch, restored);
  }
  return restored;
}

async function restore(dispatch: Dispatch, getState: () => State, storage: ReturnType<typeof localStore>) {
  const kept = readKeptVisit(getState().session, storage);
  if (!kept) return false;
  if (!(await savedDataExists())) {
    forgetVisit(storage);
    return false;
  }
  const state = getState();
  // Nothing of this visit is replaced: a read of Home already under way or answered wins.
  if (state.session.token !== kept.token || selectKeptFeed(state).status !== 'uninitialized') return false;
  const { feed, bookmarks } = kept.cache;
  dispatch(
    postsApi.util.upsertQueryEntries([
      { endpointName: 'getFeed', arg: KEPT_FEED, value: { pages: [feed], pageParams: [1] } },
      ...(bookmarks && selectBookmarks(state).status === 'uninitialized'
        ? [{ endpointName: 'getBookmarks' as const, arg: undefined, value: bookmarks }]
        : []),
    ]),
  );
  // Home's read, whose answer replaces the copy (held, as every request, until the backend answers).
  void dispatch(postsApi.endpoints.getFeed.initiate(KEPT_FEED, { forceRefetch: true, subscribe: false }));
  // For tests and the bench: when the copy went in.
  performance.mark('murmur:last-visit-shown');
  return true;
}
