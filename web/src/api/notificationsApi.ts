// The bell: the signed-in user's latest notifications and how many are
// unread. The live events keep it current (api/cacheUpdates.ts); marking all
// read shows at once.
import { answerOrUndo, api } from './apiSlice';
import type { NotificationsResponse } from './types';

/** How many notifications the notifications page lists (the core's page; it keeps each user's latest 200). */
export const NOTIFICATIONS_LIMIT = 50;

/** The notifications as they are once `unread` of them are unread (0: every one is read). */
export function markRead(page: NotificationsResponse, unread: number): void {
  page.unread = unread;
  if (unread === 0) for (const notification of page.notifications) notification.read = true;
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user's latest notifications, newest first, and how many of all are unread. */
    getNotifications: build.query<NotificationsResponse, void>({
      query: () => `/notifications?limit=${NOTIFICATIONS_LIMIT}`,
      providesTags: ['Notification'],
    }),
    /** Marks every notification read: the count goes to 0 at once, and comes back if the core refuses. */
    markNotificationsRead: build.mutation<{ unread: number }, void>({
      query: () => ({ url: '/notifications/read', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('getNotifications', undefined, (page) => markRead(page, 0)),
        );
        await answerOrUndo(queryFulfilled, () => undefined, patch.undo);
      },
    }),
  }),
});

export const { useGetNotificationsQuery, useMarkNotificationsReadMutation } = notificationsApi;

const selectNotificationsResult = notificationsApi.endpoints.getNotifications.select();

/** How many notifications are unread, once read (the shell holds the subscription, api/liveEvents.ts). */
export const selectUnreadCount = (state: Parameters<typeof selectNotificationsResult>[0]) =>
  selectNotificationsResult(state).data?.unread;

/** The Notifications entry's accessible name: "Notifications, 3 unread". */
export function notificationsLabel(unread: number | undefined): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}
