import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../app/store';
import { makeStore } from '../app/store';
import { guestOnRealCore, signIn } from '../testing/realCore';
import { FEED_PAGE_SIZE, type FeedArg, postsApi } from './postsApi';
import { postWritesApi } from '../features/posts/postWrites';
import { commentsApi } from '../features/comments/commentsApi';
import { usersApi } from './usersApi';
import { userWritesApi } from '../features/users/userWrites';

const session = guestOnRealCore();
let store: AppStore;
beforeEach(() => {
  store = session.current();
});

const HOME: FeedArg = { scope: 'home', filter: 'Latest' };
const EXPLORE: FeedArg = { scope: 'explore', filter: 'Latest' };

/** Reads a feed's first page (subscribed, as a page is): its last page read. */
const read = async (arg: FeedArg) =>
  (await store.dispatch(postsApi.endpoints.getFeed.initiate(arg)).unwrap()).pages.at(-1)!;
/** Reads a feed's next page. */
const readNext = (arg: FeedArg) =>
  store.dispatch(postsApi.endpoints.getFeed.initiate(arg, { direction: 'forward' })).unwrap();
const cached = (arg: FeedArg) => postsApi.endpoints.getFeed.select(arg)(store.getState()).data;
const feedPosts = (arg: FeedArg) => cached(arg)?.pages.flatMap((page) => page.posts) ?? [];
const feedPost = (arg: FeedArg, id: string) => feedPosts(arg).find((p) => p._id === id);
const total = (arg: FeedArg) => cached(arg)?.pages.at(-1)?.total;
const time = (iso: string) => Date.parse(iso);

describe('paged feeds through RTK Query, against the real core', () => {
  it('reads Home a page of 5 at a time, newest first, with the total', async () => {
    const first = await read(HOME);
    expect(first.posts).toHaveLength(FEED_PAGE_SIZE);
    expect(first.total).toBeGreaterThan(FEED_PAGE_SIZE);
    await readNext(HOME);
    const posts = feedPosts(HOME);
    expect(posts.length).toBe(Math.min(2 * FEED_PAGE_SIZE, first.total));
    expect(new Set(posts.map((p) => p._id)).size).toBe(posts.length);
    const times = posts.map((p) => time(p.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Only the guest's posts and those of the people the guest follows.
    const me = store.getState().session.user!;
    const authors = new Set([me.username, ...me.following.map((f) => f.username)]);
    expect(posts.every((p) => authors.has(p.username))).toBe(true);
    // Explore holds every post (the seed's 12).
    expect((await read(EXPLORE)).total).toBe(12);
  });

  it('reads the chosen order: Trending is most liked first', async () => {
    const arg: FeedArg = { scope: 'explore', filter: 'Trending' };
    await read(arg);
    await readNext(arg);
    await readNext(arg);
    const likes = feedPosts(arg).map((p) => p.likes.likeCount);
    expect(likes).toHaveLength(12);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
  });

  it('a like shows at once on every cached feed page, then the answer', async () => {
    await read(HOME);
    await read(EXPLORE);
    const id = feedPosts(HOME).find((p) => !p.likes.likedBy.some((u) => u.username === 'guest'))!._id;
    const before = feedPost(HOME, id)!.likes.likeCount;
    const pending = store.dispatch(postWritesApi.endpoints.likePost.initiate(id));
    for (const arg of [HOME, EXPLORE]) {
      expect(feedPost(arg, id)?.likes.likeCount).toBe(before + 1);
      expect(feedPost(arg, id)?.likes.likedBy.map((u) => u.username)).toContain('guest');
    }
    await pending.unwrap();
    expect(feedPost(HOME, id)?.likes.likeCount).toBe(before + 1);
  });

  it('a like the core refuses (the post was deleted in another tab) is taken back on the feed', async () => {
    await read(HOME);
    const other = makeStore();
    await signIn(other);
    await other.dispatch(postWritesApi.endpoints.deletePost.initiate('p-07')).unwrap();
    const before = feedPost(HOME, 'p-07');
    expect(before).toBeDefined();
    const pending = store.dispatch(postWritesApi.endpoints.likePost.initiate('p-07'));
    expect(feedPost(HOME, 'p-07')!.likes.likeCount).toBe(before!.likes.likeCount + 1);
    await expect(pending.unwrap()).rejects.toMatchObject({ status: 404 });
    expect(feedPost(HOME, 'p-07')).toEqual(before);
  });

  it('a new post tops Latest at once; Oldest counts it; a delete takes it out', async () => {
    const oldest: FeedArg = { scope: 'home', filter: 'Oldest' };
    await read(HOME);
    await read(EXPLORE);
    await read(oldest);
    const [home, explore, old] = [total(HOME)!, total(EXPLORE)!, total(oldest)!];
    const reads = () => postsApi.endpoints.getFeed.select(HOME)(store.getState()).fulfilledTimeStamp;
    const readAt = reads();
    const answer = await store
      .dispatch(postWritesApi.endpoints.createPost.initiate({ content: 'Fresh off the press' }))
      .unwrap();
    const mine = answer.at(-1)!;
    expect(mine.content).toBe('Fresh off the press');
    expect(feedPosts(HOME)[0]).toEqual(mine);
    expect(feedPosts(EXPLORE)[0]).toEqual(mine);
    expect([total(HOME), total(EXPLORE), total(oldest)]).toEqual([home + 1, explore + 1, old + 1]);
    expect(feedPost(oldest, mine._id)).toBeUndefined();
    expect(reads()).toBe(readAt);

    await store.dispatch(postWritesApi.endpoints.deletePost.initiate(mine._id)).unwrap();
    expect(feedPost(HOME, mine._id)).toBeUndefined();
    expect(total(HOME)).toBe(home);
    // The feeds are read again, so that no post falls between pages.
    await vi.waitFor(() => expect(reads()).not.toBe(readAt));
    expect(feedPosts(HOME)).toHaveLength(FEED_PAGE_SIZE);
    expect(total(HOME)).toBe(home);
  });

  it('edits and comments show on the feed from the answer', async () => {
    await read(HOME);
    await store
      .dispatch(postWritesApi.endpoints.editPost.initiate({ postId: 'p-07', postData: { content: 'Edited on Home' } }))
      .unwrap();
    expect(feedPost(HOME, 'p-07')?.content).toBe('Edited on Home');
    await store.dispatch(commentsApi.endpoints.addComment.initiate({ postId: 'p-07', text: 'A note' })).unwrap();
    expect(feedPost(HOME, 'p-07')?.comments[0]?.text).toBe('A note');
  });

  it('following someone brings their posts to Home; unfollowing takes them away', async () => {
    await read(HOME);
    const before = total(HOME)!;
    const users = await store.dispatch(usersApi.endpoints.getUsers.initiate()).unwrap();
    const me = store.getState().session.user!;
    const stranger = users.find((u) => u._id !== me._id && !me.following.some((f) => f._id === u._id))!;
    await store.dispatch(userWritesApi.endpoints.followUser.initiate(stranger)).unwrap();
    await vi.waitFor(() => expect(total(HOME)).toBeGreaterThan(before));
    await store.dispatch(userWritesApi.endpoints.unfollowUser.initiate(stranger)).unwrap();
    await vi.waitFor(() => expect(total(HOME)).toBe(before));
  });
});
