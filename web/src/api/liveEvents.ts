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
import { useGetNotificationsQuery } from './notificationsApi';
import { api } from './apiSlice';
import { endSessionIfRejected, type ApiState } from './baseQuery';
import {
  notificationAdded,
  notificationDeleted,
  notificationsRead,
  postChanged,
  postCreated,
  postDeleted,
  userChanged,
  type CacheDispatch,
} from './cacheUpdates';
import { useAppSelector } from './hooks';
import { postArrived, postUpdated } from './liveActions';
import { selectToken } from './session';
import type { EventItem } from './types';

/** Every kind of event the contract names (`EventItem`): `tsc` fails here when it names one more or one fewer. */
const KINDS_OF: Record<EventItem['event'], true> = {
  'post.created': true,
  'post.changed': true,
  'post.deleted': true,
  'user.created': true,
  'user.changed': true,
  notification: true,
  'notification.deleted': true,
  'notifications.read': true,
  resync: true,
};
const KINDS = new Set<string>(Object.keys(KINDS_OF));

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

/** One event written into the cache (and the session, for the signed-in user). */
export function applyLiveEvent(dispatch: CacheDispatch, getState: () => unknown, event: EventItem): void {
  const me = (getState() as ApiState).session.user;
  switch (event.event) {
    case 'post.created': {
      const { post } = event.data;
      // The visitor's own post (another tab of theirs, another device) shows at once, as one written here does;
      // others' wait behind "N new posts".
      if (post.username === me?.username) {
        postCreated(dispatch, getState, post);
        return;
      }
      const followed = me?.following.some((u) => u.username === post.username) ?? false;
      dispatch(postArrived({ post, scopes: followed ? ['home', 'explore'] : ['explore'] }));
      return;
    }
    case 'post.changed': {
      const { post } = event.data;
      postChanged(dispatch, getState, post);
      dispatch(postUpdated({ postId: post._id, post }));
      return;
    }
    case 'post.deleted':
      postDeleted(dispatch, getState, event.data._id);
      dispatch(postUpdated({ postId: event.data._id }));
      return;
    case 'user.created':
      dispatch(api.util.invalidateTags(['Suggestions']));
      return;
    case 'user.changed':
      userChanged(dispatch, getState, event.data.user);
      return;
    case 'notification':
      notificationAdded(dispatch, event.data.notification, event.data.unread);
      return;
    case 'notification.deleted':
      notificationDeleted(dispatch, event.data._id, event.data.unread);
      return;
    case 'notifications.read':
      notificationsRead(dispatch, event.data.unread);
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
  const notifications = useGetNotificationsQuery(undefined, { skip: !ready || !token });
  return { unread: notifications.data?.unread };
}
