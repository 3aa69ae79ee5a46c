// What the live events (api/liveEvents.ts) tell the app's own slices, kept
// apart so that a slice in the entry chunk does not bring the stream's
// reader with it.
import { createAction } from '@reduxjs/toolkit';
import type { FeedArg } from './apiSlice';
import type { Post } from './models';

/** The lists a newly arrived post belongs at the top of (with the "N new posts" bar, features/posts). */
export type ArrivalScope = Extract<FeedArg['scope'], 'home' | 'explore'>;

/** A post someone made arrived: the lists `scopes` show it once the visitor asks (features/posts). */
export const postArrived = createAction<{ post: Post; scopes: ArrivalScope[] }>('live/postArrived');
/** A post changed (its likes, comments, text) or was deleted (`post` undefined). */
export const postUpdated = createAction<{ postId: string; post?: Post }>('live/postUpdated');

/** Where RTK Query keeps the live endpoint's entry (api/liveEvents.ts; its default key for no argument). */
const LIVE_ENTRY = 'liveEvents(undefined)';

/**
 * Whether the live events are flowing: then every change, this tab's, another
 * tab's or a reset (a `resync`), reaches the cache as an event, and nothing
 * needs reading again wholesale.
 */
export function selectLiveOpen(state: { api: { queries: Record<string, { data?: unknown } | undefined> } }): boolean {
  const data = state.api.queries[LIVE_ENTRY]?.data;
  return typeof data === 'object' && data !== null && 'open' in data && data.open === true;
}
