// Everything the server says lives in one RTK Query API, as Redux Essentials
// shows: this base holds the client (baseQuery), the tag types and nothing
// else; each feature injects its endpoints beside its pages
// (features/*/…Api.ts, `injectEndpoints`), typed with the request and
// response types generated from the core (api/types), so a change of shape
// in the core fails `tsc`. The reads that several features show (posts,
// users, notifications) are changed in place by one module
// (api/cacheUpdates.ts), which the writes and the live events
// (api/liveEvents.ts) share.
import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery, type ApiState } from './baseQuery';

/**
 * A page reads its data again when it opens (its route's loader, app/routes.tsx,
 * or its hooks as they mount), unless it was answered within this many
 * seconds: the read a loader made just before its page rendered is that
 * page's read. Writes in this tab change the cache, and another tab's write
 * invalidates it (features/demo-data/useDataSync.ts), so nothing newer is missed.
 */
export const FRESH_FOR_SECONDS = 5;

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Post', 'User', 'Bookmark', 'Feed', 'Suggestions', 'Notification'],
  endpoints: () => ({}),
});

/** The session as an endpoint's `getState` holds it. */
export const sessionOf = (getState: () => unknown) => (getState() as ApiState).session;

/** An optimistic write's end: the answer is the truth; a refusal takes the change back. */
export async function answerOrUndo<T>(answer: Promise<{ data: T }>, settle: (data: T) => void, undo: () => void) {
  try {
    settle((await answer).data);
  } catch {
    undo();
  }
}
