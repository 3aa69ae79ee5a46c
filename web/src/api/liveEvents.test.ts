// The live events written into the cache, against the real core: another
// user's writes make the events the core gives the guest's reader (its
// `events`, what every host streams), and the guest's cache shows them as
// a reader would see them on screen. The stream itself (lib/eventStream.ts)
// is answered here by an msw handler of the test's own.
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeStore, type AppStore } from '../app/store';
import { guestOnRealCore, signIn } from '../testing/realCore';
import { type FeedArg, postsApi } from './postsApi';
import { notificationsApi } from './notificationsApi';
import { postWritesApi } from '../features/posts/postWrites';
import { commentsApi } from '../features/comments/commentsApi';
import { searchApi } from '../features/search/searchApi';
import { userWritesApi } from '../features/users/userWrites';
import { applyLiveEvent, liveApi, parseEvent } from './liveEvents';
import { logout } from './session';
import type { EventsResponse } from './types';

const session = guestOnRealCore();
const MAYA = { username: 'maya_lind', password: 'password123' };
const HOME: FeedArg = { scope: 'home', filter: 'Latest' };
const utf8 = new TextDecoder();

let guest: AppStore;
let maya: AppStore;
beforeEach(async () => {
  guest = session.current();
  maya = makeStore();
  await signIn(maya, MAYA);
});

/** The guest's events after `after`, as a reader receives them, written into the guest's cache. */
function deliver(after: number): number {
  const answer = session.core.events(guest.getState().session.token ?? undefined, String(after));
  const { events } = JSON.parse(utf8.decode(answer.takeBody())) as EventsResponse;
  answer.free();
  for (const item of events) {
    const event = parseEvent({ id: String(item.id), event: item.event, data: JSON.stringify(item.data) });
    if (event) applyLiveEvent(guest.dispatch, guest.getState, event);
  }
  return events.length;
}

const homePosts = () =>
  postsApi.endpoints.getFeed
    .select(HOME)(guest.getState())
    .data?.pages.flatMap((p) => p.posts) ?? [];
const notifications = () => notificationsApi.endpoints.getNotifications.select()(guest.getState()).data;

describe('live events in the cache', () => {
  it('a like, a comment with a mention and a post by another user show where the guest has them, without a read', async () => {
    await guest.dispatch(postsApi.endpoints.getFeed.initiate(HOME)).unwrap();
    const before = await guest.dispatch(notificationsApi.endpoints.getNotifications.initiate()).unwrap();
    const mine = homePosts().find((p) => p.username === 'guest');
    expect(mine).toBeDefined();
    const postId = mine!._id;
    const likes = mine!.likes.likeCount;
    const since = session.core.revision;

    await maya.dispatch(postWritesApi.endpoints.dislikePost.initiate(postId)).unwrap();
    await maya.dispatch(postWritesApi.endpoints.likePost.initiate(postId)).unwrap();
    await maya.dispatch(commentsApi.endpoints.addComment.initiate({ postId, text: 'Lovely, @guest!' })).unwrap();
    expect(deliver(since)).toBeGreaterThan(0);

    const shown = homePosts().find((p) => p._id === postId);
    expect(shown?.likes.likeCount).toBe(likes);
    expect(shown?.likes.likedBy.some((u) => u.username === MAYA.username)).toBe(true);
    expect(shown?.comments[0]?.text).toBe('Lovely, @guest!');
    // The like came back (its first notification was taken back by the unlike), and the comment that mentions is one.
    const now = notifications();
    expect(now?.unread).toBe(before.unread + 1);
    expect(now?.notifications[0]).toMatchObject({ type: 'comment', postId, actor: { username: MAYA.username } });

    const next = session.core.revision;
    await maya.dispatch(postWritesApi.endpoints.createPost.initiate({ content: 'Fresh from the north' })).unwrap();
    deliver(next);
    const arrived = guest.getState().feed.arrived;
    expect(arrived.home.map((p) => p.content)).toEqual(['Fresh from the north']);
    expect(arrived.explore.map((p) => p.content)).toEqual(['Fresh from the north']);
    // Nothing moved under the reader: the list shows it once asked.
    expect(homePosts().some((p) => p.content === 'Fresh from the north')).toBe(false);
  });

  it('the guest’s own post, written in another tab, shows on top of Home at once', async () => {
    await guest.dispatch(postsApi.endpoints.getFeed.initiate(HOME)).unwrap();
    const otherTab = makeStore();
    await signIn(otherTab);
    const since = session.core.revision;
    await otherTab.dispatch(postWritesApi.endpoints.createPost.initiate({ content: 'From my other tab' })).unwrap();
    deliver(since);
    expect(homePosts()[0]?.content).toBe('From my other tab');
    expect(guest.getState().feed.arrived.home).toEqual([]);
  });

  it('a read elsewhere, and notifications taken back, set the count', async () => {
    await guest.dispatch(notificationsApi.endpoints.getNotifications.initiate()).unwrap();
    const lenaFollows = () =>
      notifications()?.notifications.some((n) => n.type === 'follow' && n.actor.username === 'lena_sketches');
    expect(lenaFollows()).toBe(true);
    const since = session.core.revision;
    await guest.dispatch(notificationsApi.endpoints.markNotificationsRead.initiate()).unwrap();
    // Lena follows the guest (the seed): her unfollow takes its notification back.
    const lena = makeStore();
    await signIn(lena, { username: 'lena_sketches', password: 'password123' });
    const [guestUser] = await lena
      .dispatch(searchApi.endpoints.search.initiate({ q: 'guest' }))
      .unwrap()
      .then((r) => r.users);
    await lena.dispatch(userWritesApi.endpoints.unfollowUser.initiate(guestUser!)).unwrap();
    deliver(since);
    expect(notifications()?.unread).toBe(0);
    expect(notifications()?.notifications.every((n) => n.read)).toBe(true);
    expect(lenaFollows()).toBe(false);
  });

  it('on resync, what is cached is read afresh', async () => {
    await guest.dispatch(postsApi.endpoints.getFeed.initiate(HOME)).unwrap();
    const subscription = guest.dispatch(postsApi.endpoints.getFeed.initiate(HOME));
    const mine = homePosts().find((p) => p.username === 'guest')!;
    await maya
      .dispatch(commentsApi.endpoints.addComment.initiate({ postId: mine._id, text: 'Missed by the window' }))
      .unwrap();
    expect(homePosts().find((p) => p._id === mine._id)?.comments[0]?.text).not.toBe('Missed by the window');
    const resync = parseEvent({ id: '99', event: 'resync', data: '{"revision":99}' });
    applyLiveEvent(guest.dispatch, guest.getState, resync!);
    await expect
      .poll(() => homePosts().find((p) => p._id === mine._id)?.comments[0]?.text)
      .toBe('Missed by the window');
    subscription.unsubscribe();
  });

  it('ignores events it does not know, and data that is not JSON', () => {
    expect(parseEvent({ id: '1', event: 'post.starred', data: '{}' })).toBeUndefined();
    expect(parseEvent({ id: '1', event: 'post.changed', data: 'not json' })).toBeUndefined();
    expect(parseEvent({ id: '1', event: 'message', data: '{}' })).toBeUndefined();
  });
});

describe('the live events endpoint', () => {
  it('reads the stream with the token while subscribed, and closes it at logout', async () => {
    const encoder = new TextEncoder();
    let cancelled = false;
    let aborted: AbortSignal | undefined;
    let authorization: string | null = null;
    let send: (text: string) => void = () => undefined;
    session.server.use(
      http.get('*/api/events', ({ request }) => {
        authorization = request.headers.get('authorization');
        aborted = request.signal;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            send = (text) => controller.enqueue(encoder.encode(text));
          },
          cancel() {
            cancelled = true;
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    await guest.dispatch(notificationsApi.endpoints.getNotifications.initiate()).unwrap();
    guest.dispatch(liveApi.endpoints.liveEvents.initiate());
    await expect.poll(() => liveApi.endpoints.liveEvents.select()(guest.getState()).data?.open).toBe(true);
    expect(authorization).toBe(guest.getState().session.token);

    send('id: 50\nevent: notifications.read\ndata: {"unread":0}\n\n');
    await expect.poll(() => notifications()?.unread).toBe(0);

    guest.dispatch(logout());
    // The request is aborted (and its body cancelled, where the transport passes that on).
    await expect.poll(() => cancelled || aborted?.aborted).toBe(true);
    expect(liveApi.endpoints.liveEvents.select()(guest.getState()).data).toBeUndefined();
  });
});
