// What the live events (api/liveEvents.ts) tell the app's own slices, kept
// apart so that a slice in the entry chunk does not bring the stream's
// reader with it.
import { createAction } from '@reduxjs/toolkit';
import type { FeedArg } from './postsApi';
import { api } from './apiSlice';
import type { SharedState } from './hooks';
import type { Post } from './models';

/** The lists a newly arrived post belongs at the top of (with the "N new posts" bar, features/posts). */
export type ArrivalScope = Extract<FeedArg['scope'], 'home' | 'explore'>;

/** A post someone made arrived: the lists `scopes` show it once the visitor asks (features/posts). */
export const postArrived = createAction<{ post: Post; scopes: ArrivalScope[] }>('live/postArrived');
/** A post changed (its likes, comments, text) or was deleted (`post` undefined). */
export const postUpdated = createAction<{ postId: string; post?: Post }>('live/postUpdated');

/** The live endpoint's selector, as api/liveEvents.ts injects it (with the shell's chunk; until then, none). */
type LiveSelect = () => (state: never) => { data?: { open: boolean } };
const liveEndpoint = () => (api.endpoints as { liveEvents?: { select: LiveSelect } }).liveEvents;

/**
 * Whether the live events are flowing: then every change, this tab's, another
 * tab's or a reset (a `resync`), reaches the cache as an event, and nothing
 * needs reading again wholesale.
 */
export function selectLiveOpen(state: SharedState): boolean {
  return liveEndpoint()?.select()(state as never).data?.open === true;
}
