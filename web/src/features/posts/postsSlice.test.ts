import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeStore, type AppStore } from '../../app/store';
import { createTestServer } from '../../mocks/node';
import { login, logout } from '../auth/authSlice';
import {
  addBookmark,
  addComment,
  createPost,
  deleteComment,
  deletePost,
  dislikePost,
  editComment,
  editPost,
  fetchBookmarks,
  fetchPosts,
  likePost,
  nextPage,
  removeBookmark,
  resetPage,
  selectPostById,
  setFilter,
} from './postsSlice';

const { server, core } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let store: AppStore;
async function signedIn(username = 'guest', password = 'guest123') {
  const s = makeStore();
  await s.dispatch(login({ username, password })).unwrap();
  return s;
}

beforeEach(async () => {
  core.reset();
  store = await signedIn();
});

const post = (id: string) => selectPostById(store.getState(), id);

describe('posts slice, against the real core', () => {
  it('starts with the defaults of spec §3', () => {
    const fresh = makeStore().getState().posts;
    expect(fresh).toMatchObject({ allPosts: [], filterPost: 'Latest', page: 1, isLoading: false, isPostLoading: false });
  });

  it('fetches all posts and sets the loading flag while pending', async () => {
    const pending = store.dispatch(fetchPosts());
    expect(store.getState().posts.isPostLoading).toBe(true);
    await pending;
    expect(store.getState().posts.allPosts).toHaveLength(12);
    expect(store.getState().posts.isPostLoading).toBe(false);
  });

  it('takes the bookmark list from the signed-in user, and drops it on logout', () => {
    expect(store.getState().posts.bookmarkPosts).toEqual(['p-06', 'p-11']);
    store.dispatch(logout());
    expect(store.getState().posts.bookmarkPosts).toEqual([]);
  });

  it('creates, edits and deletes a post, replacing the list each time', async () => {
    await store.dispatch(createPost({ content: 'Hello from the slice test 🌊', hashtags: '#test' })).unwrap();
    let list = store.getState().posts.allPosts;
    expect(list).toHaveLength(13);
    const mine = list.find((p) => p.content === 'Hello from the slice test 🌊');
    expect(mine).toMatchObject({ username: 'guest', hashtags: '#test', comments: [] });
    expect(mine?.likes).toEqual({ likeCount: 0, likedBy: [], dislikedBy: [] });

    await store.dispatch(editPost({ postId: mine!._id, postData: { content: 'Edited', mediaURL: '' } })).unwrap();
    expect(post(mine!._id)?.content).toBe('Edited');

    await store.dispatch(deletePost(mine!._id)).unwrap();
    list = store.getState().posts.allPosts;
    expect(list).toHaveLength(12);
    expect(list.some((p) => p._id === mine!._id)).toBe(false);
  });

  it('likes and dislikes, keeping the count equal to likedBy', async () => {
    await store.dispatch(fetchPosts());
    const before = post('p-12')!.likes.likeCount;
    await store.dispatch(likePost('p-12')).unwrap();
    expect(post('p-12')!.likes.likeCount).toBe(before + 1);
    expect(post('p-12')!.likes.likedBy.map((u) => u.username)).toContain('guest');
    await store.dispatch(dislikePost('p-12')).unwrap();
    expect(post('p-12')!.likes.likeCount).toBe(before);
    expect(post('p-12')!.likes.likedBy.map((u) => u.username)).not.toContain('guest');
  });

  it('rejects with the server message, resets the flag and keeps the list', async () => {
    await store.dispatch(fetchPosts());
    const listBefore = store.getState().posts.allPosts;
    // The guest already likes p-02 in the seed.
    const result = await store.dispatch(likePost('p-02'));
    expect(likePost.rejected.match(result)).toBe(true);
    expect(result.payload).toBe('Cannot like a post that is already liked.');
    expect(store.getState().posts.isPostLoading).toBe(false);
    expect(store.getState().posts.allPosts).toBe(listBefore);

    const notMine = await store.dispatch(deletePost('p-01'));
    expect(notMine.payload).toBe("Cannot delete a Post doesn't belong to the logged in User.");
    expect(store.getState().posts.allPosts).toBe(listBefore);
  });

  it('refuses a post over 100 characters (counted in code points)', async () => {
    const ok = await store.dispatch(createPost({ content: '😀'.repeat(100) }));
    expect(createPost.fulfilled.match(ok)).toBe(true);
    const tooLong = await store.dispatch(createPost({ content: '😀'.repeat(101) }));
    expect(createPost.rejected.match(tooLong)).toBe(true);
    expect(store.getState().posts.isPostLoading).toBe(false);
  });

  it('adds and removes bookmarks, replacing the id list', async () => {
    await store.dispatch(addBookmark('p-01')).unwrap();
    expect(store.getState().posts.bookmarkPosts).toEqual(['p-06', 'p-11', 'p-01']);
    const twice = await store.dispatch(addBookmark('p-01'));
    expect(twice.payload).toBe('This Post is already bookmarked');
    expect(store.getState().posts.isLoading).toBe(false);
    await store.dispatch(removeBookmark('p-06')).unwrap();
    expect(store.getState().posts.bookmarkPosts).toEqual(['p-11', 'p-01']);
    const fresh = await signedIn();
    await fresh.dispatch(fetchBookmarks()).unwrap();
    expect(fresh.getState().posts.bookmarkPosts).toEqual(['p-11', 'p-01']);
    const notThere = await store.dispatch(removeBookmark('p-06'));
    expect(notThere.payload).toBe('Post not bookmarked yet');
  });

  it('adds, edits and deletes a comment through the post list', async () => {
    await store.dispatch(addComment({ postId: 'p-12', text: 'Looks like bread to me' })).unwrap();
    const added = post('p-12')!.comments.find((c) => c.text === 'Looks like bread to me');
    expect(added).toMatchObject({ username: 'guest' });

    await store.dispatch(editComment({ postId: 'p-12', commentId: added!._id, text: 'Definitely bread' })).unwrap();
    expect(post('p-12')!.comments.find((c) => c._id === added!._id)?.text).toBe('Definitely bread');

    await store.dispatch(deleteComment({ postId: 'p-12', commentId: added!._id })).unwrap();
    expect(post('p-12')!.comments.some((c) => c._id === added!._id)).toBe(false);
  });

  it("lets a post's author delete someone else's comment, but not edit it", async () => {
    // p-07 is the guest's; c-09 on it is Maya's.
    const edit = await store.dispatch(editComment({ postId: 'p-07', commentId: 'c-09', text: 'hijacked' }));
    expect(edit.payload).toBe("Cannot edit a comment doesn't belong to the User.");
    await store.dispatch(deleteComment({ postId: 'p-07', commentId: 'c-09' })).unwrap();
    expect(post('p-07')!.comments.some((c) => c._id === 'c-09')).toBe(false);
    // …and a stranger cannot delete a comment on someone else's post.
    const theo = await signedIn('theo_builds', 'password123');
    const refused = await theo.dispatch(deleteComment({ postId: 'p-02', commentId: 'c-03' }));
    expect(refused.payload).toBe("Cannot delete a comment doesn't belong to the User.");
  });

  it('keeps the filter and the page', () => {
    store.dispatch(nextPage());
    store.dispatch(nextPage());
    expect(store.getState().posts.page).toBe(3);
    store.dispatch(setFilter('Trending'));
    expect(store.getState().posts).toMatchObject({ filterPost: 'Trending', page: 1 });
    store.dispatch(nextPage());
    store.dispatch(resetPage());
    expect(store.getState().posts.page).toBe(1);
  });
});
