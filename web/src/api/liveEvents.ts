// The backend's live events (docs/rules.md, "Live events") put into the
// cache, as RTK Query's documentation shows for streaming updates: a query
// whose cache entry holds the stream open (`onCacheEntryAdded`) and writes
// each event into the cached data it changes (`updateQueryData`). The shell
// subscribes to it once the page is idle (`useLiveEvents`); logging out
// removes every cache entry, which closes the stream.
import { useEffect, useState } from 'react';
import { apiUrl } from '../lib/api';
import { backendFetch } from '../lib/backendGate';
import { openEventStream, type StreamEvent } from '../lib/eventStream';
import { isRecord } from '../lib/isRecord';
import { whenIdle } from '../lib/schedule';
import { api, cachedArgs, feedArgs, patchPost, patchUser, showNewPost, type CacheDispatch } from './apiSlice';
import { postArrived, postUpdated } from './liveActions';
import { endSessionIfRejected, type ApiState } from './baseQuery';
import { useAppSelector } from './hooks';
import type { Post, User } from './models';
import { setUser, selectToken } from './session';
import type { EventItem } from './types';

const KINDS = new Set<string>([
  'post.created',
  'post.changed',
  'post.deleted',
  'user.created',
  'user.changed',
  'notification',
  'notification.deleted',
  'notifications.read',
  'resync',
]);

/** The stream's event as the contract types it, or undefined for one this app does not know (a newer backend's). */
export function parseEvent({ id, event, data }: StreamEvent): EventItem | undefined {
  if (!KINDS.has(event)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!isRecord(body)) return undefined;
  return { id: Number(id), event, data: body } as EventItem;
}

/** The user as posts and comments show their author. */
function restyleAuthor(post: Post, user: User): void {
  const { firstName, lastName, avatarURL } = user;
  if (post.username === user.username) Object.assign(post, { firstName, lastName, avatarURL });
  for (const comment of post.comments)
    if (comment.username === user.username) Object.assign(comment, { firstName, lastName, avatarURL });
}

/** One event written into the cache (and the session, for the signed-in user). */
export function applyLiveEvent(dispatch: CacheDispatch, getState: () => unknown, event: EventItem): void {
  const me = (getState() as ApiState).session.user;
  switch (event.event) {
    case 'post.created': {
      const { post } = event.data;
      // The visitor's own post (another tab of theirs, another device) shows at once, as one written here does;
      // others' wait behind "N new posts".
      if (post.username === me?.username) {
        showNewPost(dispatch, getState, post);
        return;
      }
      const followed = me?.following.some((u) => u.username === post.username) ?? false;
      dispatch(postArrived({ post, scopes: followed ? ['home', 'explore'] : ['explore'] }));
      return;
    }
    case 'post.changed': {
      const { post } = event.data;
      patchPost(dispatch, getState, post._id, (cached) => void Object.assign(cached, post));
      dispatch(postUpdated({ postId: post._id, post }));
      return;
    }
    case 'post.deleted': {
      const postId = event.data._id;
      for (const arg of feedArgs(getState))
        dispatch(
          api.util.updateQueryData('getFeed', arg, (feed) => {
            const found = feed.pages.some((page) => page.posts.some((p) => p._id === postId));
            if (!found) return;
            for (const page of feed.pages) {
              page.posts = page.posts.filter((p) => p._id !== postId);
              page.total = Math.max(0, page.total - 1);
            }
          }),
        );
      dispatch(api.util.updateQueryData('getPosts', undefined, (posts) => posts.filter((p) => p._id !== postId)));
      // A post's page open on it reads it again, and says it is gone.
      if (cachedArgs(getState, 'getPost').includes(postId))
        void dispatch(api.endpoints.getPost.initiate(postId, { forceRefetch: true, subscribe: false }));
      dispatch(postUpdated({ postId }));
      return;
    }
    case 'user.created':
      dispatch(api.util.invalidateTags(['Suggestions']));
      return;
    case 'user.changed': {
      const { user } = event.data;
      patchUser(dispatch, getState, user._id, (cached) => void Object.assign(cached, user));
      for (const arg of feedArgs(getState))
        dispatch(
          api.util.updateQueryData('getFeed', arg, (feed) => {
            for (const page of feed.pages) for (const post of page.posts) restyleAuthor(post, user);
          }),
        );
      for (const postId of cachedArgs(getState, 'getPost'))
        dispatch(api.util.updateQueryData('getPost', postId, (post) => restyleAuthor(post, user)));
      if (me && user._id === me._id) {
        dispatch(setUser(user));
        dispatch(api.util.updateQueryData('getBookmarks', undefined, () => [...user.bookmarks]));
      }
      return;
    }
    case 'notification': {
      const { notification, unread } = event.data;
      dispatch(
        api.util.updateQueryData('getNotifications', undefined, (page) => {
          if (!page.notifications.some((n) => n._id === notification._id)) page.notifications.unshift(notification);
          page.unread = unread;
        }),
      );
      return;
    }
    case 'notification.deleted': {
      const { _id, unread } = event.data;
      dispatch(
        api.util.updateQueryData('getNotifications', undefined, (page) => {
          page.notifications = page.notifications.filter((n) => n._id !== _id);
          page.unread = unread;
        }),
      );
      return;
    }
    case 'notifications.read':
      dispatch(
        api.util.updateQueryData('getNotifications', undefined, (page) => {
          page.unread = event.data.unread;
          if (event.data.unread === 0) for (const n of page.notifications) n.read = true;
        }),
      );
      return;
    case 'resync':
      // The events in between are gone: what is on screen reads afresh.
      dispatch(api.util.invalidateTags(['Post', 'User', 'Bookmark', 'Notification', 'Suggestions']));
      return;
  }
}

/** Says on the page whether the stream is open (`<html data-live>`), for the end-to-end tests and the bench. */
function live(state: 'open' | 'closed'): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.live = state;
}

/** Whether the stream is open (the live endpoint's data). */
export interface LiveStatus {
  open: boolean;
}

export const liveApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The live events, followed while subscribed (the shell holds the subscription). */
    liveEvents: build.query<LiveStatus, void>({
      queryFn: () => ({ data: { open: false } }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(_arg, { dispatch, getState, cacheDataLoaded, cacheEntryRemoved, updateCachedData }) {
        try {
          await cacheDataLoaded;
        } catch {
          return;
        }
        const token = () => (getState() as unknown as ApiState).session.token;
        const opened = token();
        const stream = openEventStream({
          url: apiUrl('/events'),
          token,
          fetch: backendFetch,
          onEvent(message) {
            const event = parseEvent(message);
            if (event) applyLiveEvent(dispatch, getState, event);
          },
          onOpen(resumed) {
            updateCachedData((status) => {
              status.open = true;
            });
            live('open');
            // Opened with nothing to resume after: what changed between the bell's read and now is unknown.
            if (!resumed) dispatch(api.util.invalidateTags(['Notification']));
          },
          onDrop() {
            updateCachedData((status) => {
              status.open = false;
            });
            live('closed');
          },
          onRejected(status, message) {
            endSessionIfRejected({ status, message }, opened, { dispatch, getState });
          },
        });
        await cacheEntryRemoved;
        stream.stop();
        live('closed');
      },
    }),
  }),
});

/**
 * Follows the live events and reads the notifications (the bell's count)
 * for the signed-in visitor, once the page is idle after its first render:
 * the first post comes first.
 */
export function useLiveEvents(): { unread: number | undefined } {
  const token = useAppSelector(selectToken);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let mounted = true;
    void whenIdle().then(() => mounted && setReady(true));
    return () => {
      mounted = false;
    };
  }, []);
  liveApi.useLiveEventsQuery(undefined, { skip: !ready || !token });
  const notifications = api.useGetNotificationsQuery(undefined, { skip: !ready || !token });
  return { unread: notifications.data?.unread };
}
