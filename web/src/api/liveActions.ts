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
