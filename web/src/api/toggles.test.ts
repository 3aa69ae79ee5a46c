// A like or a bookmark clicked on what the screen shows while the lists that
// show it are being read (a return visit's copy of the last feed, waiting
// for the backend): carried out on the post as the backend answers it, so
// that it counts once and nothing is refused for being stale.
import { delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeStore, type AppStore } from '../app/store';
import { holdBackendRequestsUntil } from '../lib/backendGate';
import { guestOnRealCore, signIn } from '../testing/realCore';
import { type FeedArg, postsApi } from './postsApi';
import { postWritesApi } from '../features/posts/postWrites';

const session = guestOnRealCore();
const HOME: FeedArg = { scope: 'home', filter: 'Latest' };
const requests: string[] = [];
session.server.events.on('request:start', ({ request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname}`);
});

let store: AppStore;
beforeEach(async () => {
  store = session.current();
  await store.dispatch(postsApi.endpoints.getFeed.initiate(HOME)).unwrap();
  await store.dispatch(postsApi.endpoints.getBookmarks.initiate()).unwrap();
  requests.length = 0;
});
afterEach(() => holdBackendRequestsUntil(Promise.resolve()));

const shown = (content: string) =>
  postsApi.endpoints.getFeed
    .select(HOME)(store.getState())
    .data?.pages.flatMap((page) => page.posts)
    .find((post) => post.content.startsWith(content));
const likedByGuest = (content: string) => shown(content)?.likes.likedBy.some((u) => u.username === 'guest');
const bookmarked = (postId: string) =>
  postsApi.endpoints.getBookmarks.select()(store.getState()).data?.includes(postId);

/** Another tab of the same visitor: its own store and session. */
async function elsewhere(): Promise<AppStore> {
  const other = makeStore();
  await signIn(other);
  return other;
}

/** Holds the backend, as while it starts; returns its start. */
function holdBackend(): () => Promise<void> {
  let start!: () => void;
  holdBackendRequestsUntil(new Promise<void>((resolve) => (start = resolve)));
  return async () => {
    start();
    await new Promise((resolve) => setTimeout(resolve, 50));
  };
}

describe('a toggle clicked while its list is being read', () => {
  it('a like of a post liked elsewhere since: shown at once, then counted once, and nothing is sent', async () => {
    const golden = shown('Golden hour')!;
    expect(likedByGuest('Golden hour')).toBe(false);
    await (await elsewhere()).dispatch(postWritesApi.endpoints.likePost.initiate(golden._id)).unwrap();
    requests.length = 0;

    const start = holdBackend();
    const read = store.dispatch(postsApi.endpoints.getFeed.initiate(HOME, { forceRefetch: true }));
    const like = store.dispatch(postWritesApi.endpoints.likePost.initiate(golden._id));
    expect(likedByGuest('Golden hour')).toBe(true);
    expect(shown('Golden hour')?.likes.likeCount).toBe(golden.likes.likeCount + 1);
    await start();
    await read;
    await expect(like.unwrap()).resolves.toBeNull();
    expect(likedByGuest('Golden hour')).toBe(true);
    expect(shown('Golden hour')?.likes.likeCount).toBe(golden.likes.likeCount + 1);
    expect(requests).not.toContain(`POST /api/posts/like/${golden._id}`);
    read.unsubscribe();
  });

  it('a like of a post still not liked: shown at once and after the read has answered, sent once then', async () => {
    const hello = shown('Hello Murmur')!;
    expect(likedByGuest('Hello Murmur')).toBe(false);
    const start = holdBackend();
    const read = store.dispatch(postsApi.endpoints.getFeed.initiate(HOME, { forceRefetch: true }));
    const like = store.dispatch(postWritesApi.endpoints.likePost.initiate(hello._id));
    // The like's answer takes a while (the backend saves it first): once the
    // read has answered, and until the like's answer comes, the like shows.
    session.server.use(http.post(/\/api\/posts\/like\//, () => delay(200)));
    await start();
    await read;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(likedByGuest('Hello Murmur')).toBe(true);
    await like.unwrap();
    session.server.resetHandlers();
    expect(shown('Hello Murmur')?.likes.likeCount).toBe(hello.likes.likeCount + 1);
    expect(requests.filter((r) => r === `POST /api/posts/like/${hello._id}`)).toHaveLength(1);
    read.unsubscribe();
  });

  it('a like of a post deleted since: the core says why, and the post is gone from the list', async () => {
    const hello = shown('Hello Murmur')!;
    await (await elsewhere()).dispatch(postWritesApi.endpoints.deletePost.initiate(hello._id)).unwrap();
    const start = holdBackend();
    const read = store.dispatch(postsApi.endpoints.getFeed.initiate(HOME, { forceRefetch: true }));
    const like = store.dispatch(postWritesApi.endpoints.likePost.initiate(hello._id));
    await start();
    await expect(like.unwrap()).rejects.toMatchObject({ status: 404 });
    expect(shown('Hello Murmur')).toBeUndefined();
    read.unsubscribe();
  });

  it('a bookmark added elsewhere since: counted once, nothing sent; one not there yet is sent', async () => {
    const golden = shown('Golden hour')!;
    const hello = shown('Hello Murmur')!;
    expect(bookmarked(golden._id)).toBe(false);
    expect(bookmarked(hello._id)).toBe(false);
    await (await elsewhere()).dispatch(postWritesApi.endpoints.addBookmark.initiate(golden._id)).unwrap();
    requests.length = 0;

    const start = holdBackend();
    const read = store.dispatch(postsApi.endpoints.getBookmarks.initiate(undefined, { forceRefetch: true }));
    const again = store.dispatch(postWritesApi.endpoints.addBookmark.initiate(golden._id));
    const fresh = store.dispatch(postWritesApi.endpoints.addBookmark.initiate(hello._id));
    expect(bookmarked(golden._id)).toBe(true);
    await start();
    await expect(again.unwrap()).resolves.toBeNull();
    await fresh.unwrap();
    expect(bookmarked(golden._id)).toBe(true);
    expect(bookmarked(hello._id)).toBe(true);
    expect(requests).not.toContain(`POST /api/users/bookmark/${golden._id}`);
    expect(requests.filter((r) => r === `POST /api/users/bookmark/${hello._id}`)).toHaveLength(1);
    read.unsubscribe();
  });

  it('with nothing being read, a like is sent at once, as ever', async () => {
    const hello = shown('Hello Murmur')!;
    await store.dispatch(postWritesApi.endpoints.likePost.initiate(hello._id)).unwrap();
    expect(requests).toEqual([`POST /api/posts/like/${hello._id}`]);
    expect(likedByGuest('Hello Murmur')).toBe(true);
  });
});
