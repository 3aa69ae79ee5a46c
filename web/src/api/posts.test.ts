import { beforeEach, describe, expect, it } from 'vitest';
import type { AppStore } from '../app/store';
import { makeStore } from '../app/store';
import { guestOnRealCore, signIn } from '../testing/realCore';
import { postsApi } from './postsApi';
import { postWritesApi } from '../features/posts/postWrites';
import { commentsApi } from '../features/comments/commentsApi';

const session = guestOnRealCore();
let store: AppStore;
beforeEach(async () => {
  store = session.current();
  // Subscribed, as a page is: the cache entries the writes update.
  await store.dispatch(postsApi.endpoints.getPosts.initiate()).unwrap();
  await store.dispatch(postsApi.endpoints.getBookmarks.initiate()).unwrap();
});

const posts = () => postsApi.endpoints.getPosts.select()(store.getState()).data ?? [];
const post = (id: string) => posts().find((p) => p._id === id);
const bookmarks = () => postsApi.endpoints.getBookmarks.select()(store.getState()).data;

describe('posts through RTK Query, against the real core', () => {
  it('reads all posts into the cache', () => {
    expect(posts()).toHaveLength(12);
  });

  it('creates, edits and deletes a post: each answer replaces the cached list, with no refetch', async () => {
    const reads = () => store.getState().api.queries['getPosts(undefined)']?.fulfilledTimeStamp;
    const readAt = reads();
    await store
      .dispatch(
        postWritesApi.endpoints.createPost.initiate({ content: 'Hello from the API test 🌊', hashtags: '#test' }),
      )
      .unwrap();
    expect(posts()).toHaveLength(13);
    const mine = posts().find((p) => p.content === 'Hello from the API test 🌊');
    expect(mine).toMatchObject({ username: 'guest', hashtags: '#test', comments: [] });
    expect(mine?.likes).toEqual({ likeCount: 0, likedBy: [], dislikedBy: [] });

    await store
      .dispatch(
        postWritesApi.endpoints.editPost.initiate({ postId: mine!._id, postData: { content: 'Edited', mediaURL: '' } }),
      )
      .unwrap();
    expect(post(mine!._id)?.content).toBe('Edited');

    await store.dispatch(postWritesApi.endpoints.deletePost.initiate(mine!._id)).unwrap();
    expect(posts()).toHaveLength(12);
    expect(post(mine!._id)).toBeUndefined();
    expect(reads()).toBe(readAt);
  });

  it('likes and dislikes, keeping the count equal to likedBy', async () => {
    const before = post('p-12')!.likes.likeCount;
    await store.dispatch(postWritesApi.endpoints.likePost.initiate('p-12')).unwrap();
    expect(post('p-12')!.likes.likeCount).toBe(before + 1);
    expect(post('p-12')!.likes.likedBy.map((u) => u.username)).toContain('guest');
    await store.dispatch(postWritesApi.endpoints.dislikePost.initiate('p-12')).unwrap();
    expect(post('p-12')!.likes.likeCount).toBe(before);
    expect(post('p-12')!.likes.likedBy.map((u) => u.username)).not.toContain('guest');
  });

  it('a like shows at once, before the core answers', async () => {
    const before = post('p-12')!.likes.likeCount;
    const pending = store.dispatch(postWritesApi.endpoints.likePost.initiate('p-12'));
    expect(post('p-12')!.likes.likeCount).toBe(before + 1);
    expect(post('p-12')!.likes.likedBy.map((u) => u.username)).toContain('guest');
    await pending.unwrap();
    expect(post('p-12')!.likes.likeCount).toBe(before + 1);
  });

  it('a like the core refuses (the post was deleted in another tab) is taken back', async () => {
    // Another tab (another session on the same core) deletes the guest's own post p-07.
    const other = makeStore();
    await signIn(other);
    await other.dispatch(postWritesApi.endpoints.deletePost.initiate('p-07')).unwrap();
    const before = post('p-07')!;
    const pending = store.dispatch(postWritesApi.endpoints.likePost.initiate('p-07'));
    expect(post('p-07')!.likes.likeCount).toBe(before.likes.likeCount + 1);
    await expect(pending.unwrap()).rejects.toMatchObject({ status: 404 });
    expect(post('p-07')).toEqual(before);
  });

  it('an undo of a like the core refuses is taken back too', async () => {
    // The guest has not liked p-12: the core refuses to take back a like that is not there.
    const before = post('p-12')!;
    const other = makeStore();
    await signIn(other);
    await other.dispatch(postWritesApi.endpoints.likePost.initiate('p-12')).unwrap();
    await other.dispatch(postWritesApi.endpoints.dislikePost.initiate('p-12')).unwrap();
    const pending = store.dispatch(postWritesApi.endpoints.dislikePost.initiate('p-12'));
    await expect(pending.unwrap()).rejects.toMatchObject({
      message: 'Cannot dislike a post that is already disliked.',
    });
    expect(post('p-12')).toEqual(before);
  });

  it('fails with the server message and keeps the cached list', async () => {
    const listBefore = posts();
    await expect(store.dispatch(postWritesApi.endpoints.deletePost.initiate('p-01')).unwrap()).rejects.toEqual({
      status: 400,
      message: "Cannot delete a Post doesn't belong to the logged in User.",
    });
    expect(posts()).toBe(listBefore);
  });

  it('refuses a post over 100 characters (counted in code points)', async () => {
    await store.dispatch(postWritesApi.endpoints.createPost.initiate({ content: '😀'.repeat(100) })).unwrap();
    await expect(
      store.dispatch(postWritesApi.endpoints.createPost.initiate({ content: '😀'.repeat(101) })).unwrap(),
    ).rejects.toHaveProperty('status', 400);
    expect(posts()).toHaveLength(13);
  });

  it('adds and removes bookmarks at once, the answer replacing the id list', async () => {
    expect(bookmarks()).toEqual(['p-06', 'p-11']);
    const adding = store.dispatch(postWritesApi.endpoints.addBookmark.initiate('p-01'));
    expect(bookmarks()).toEqual(['p-06', 'p-11', 'p-01']);
    await adding.unwrap();
    expect(bookmarks()).toEqual(['p-06', 'p-11', 'p-01']);
    await store.dispatch(postWritesApi.endpoints.removeBookmark.initiate('p-06')).unwrap();
    expect(bookmarks()).toEqual(['p-11', 'p-01']);
    const fresh = makeStore();
    await signIn(fresh);
    expect(await fresh.dispatch(postsApi.endpoints.getBookmarks.initiate()).unwrap()).toEqual(['p-11', 'p-01']);
  });

  it('a bookmark the core refuses is taken back', async () => {
    const other = makeStore();
    await signIn(other);
    await other.dispatch(postWritesApi.endpoints.addBookmark.initiate('p-01')).unwrap();
    // This tab has not seen it: it adds the bookmark again, which the core refuses.
    const adding = store.dispatch(postWritesApi.endpoints.addBookmark.initiate('p-01'));
    expect(bookmarks()).toEqual(['p-06', 'p-11', 'p-01']);
    await expect(adding.unwrap()).rejects.toMatchObject({ message: 'This Post is already bookmarked' });
    expect(bookmarks()).toEqual(['p-06', 'p-11']);
    // And removing one that another tab removed.
    await other.dispatch(postWritesApi.endpoints.removeBookmark.initiate('p-06')).unwrap();
    const removing = store.dispatch(postWritesApi.endpoints.removeBookmark.initiate('p-06'));
    expect(bookmarks()).toEqual(['p-11']);
    await expect(removing.unwrap()).rejects.toMatchObject({ message: 'Post not bookmarked yet' });
    expect(bookmarks()).toEqual(['p-06', 'p-11']);
  });

  it('adds, edits and deletes a comment through the post list', async () => {
    await store
      .dispatch(commentsApi.endpoints.addComment.initiate({ postId: 'p-12', text: 'Looks like bread to me' }))
      .unwrap();
    const added = post('p-12')!.comments.find((c) => c.text === 'Looks like bread to me');
    expect(added).toMatchObject({ username: 'guest' });

    await store
      .dispatch(
        commentsApi.endpoints.editComment.initiate({ postId: 'p-12', commentId: added!._id, text: 'Definitely bread' }),
      )
      .unwrap();
    expect(post('p-12')!.comments.find((c) => c._id === added!._id)?.text).toBe('Definitely bread');

    await store
      .dispatch(commentsApi.endpoints.deleteComment.initiate({ postId: 'p-12', commentId: added!._id }))
      .unwrap();
    expect(post('p-12')!.comments.some((c) => c._id === added!._id)).toBe(false);
  });

  it("lets a post's author delete someone else's comment, but not edit it", async () => {
    // p-07 is the guest's; c-09 on it is Maya's.
    await expect(
      store
        .dispatch(commentsApi.endpoints.editComment.initiate({ postId: 'p-07', commentId: 'c-09', text: 'hijacked' }))
        .unwrap(),
    ).rejects.toMatchObject({ message: "Cannot edit a comment doesn't belong to the User." });
    await store.dispatch(commentsApi.endpoints.deleteComment.initiate({ postId: 'p-07', commentId: 'c-09' })).unwrap();
    expect(post('p-07')!.comments.some((c) => c._id === 'c-09')).toBe(false);
    const theo = makeStore();
    await signIn(theo, { username: 'theo_builds', password: 'password123' });
    await expect(
      theo.dispatch(commentsApi.endpoints.deleteComment.initiate({ postId: 'p-02', commentId: 'c-03' })).unwrap(),
    ).rejects.toMatchObject({ message: "Cannot delete a comment doesn't belong to the User." });
  });
});
