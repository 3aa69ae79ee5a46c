// Every page's cache against the real core: a profile (the author's posts
// and the user), bookmarks, a post's page, a tag and a search, beside Home
// and Explore. An optimistic like, comment, bookmark or follow shows at once
// in every cached page that shows the post or user, and is taken back in all
// of them when the core refuses.
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppStore } from '../app/store';
import { makeStore } from '../app/store';
import { guestOnRealCore, signIn } from '../testing/realCore';
import { selectBookmarkIds, type FeedArg, postsApi } from './postsApi';
import { postWritesApi } from '../features/posts/postWrites';
import { commentsApi } from '../features/comments/commentsApi';
import { usersApi } from './usersApi';
import { userWritesApi } from '../features/users/userWrites';
import type { Post } from './models';

const session = guestOnRealCore();
let store: AppStore;
beforeEach(() => {
  store = session.current();
});

/** A seed post by lena_sketches (whom the guest does not follow), tagged #harbor, with 'gulls' in its text. */
const POST = 'p-04';
const AUTHOR = 'lena_sketches';
const LISTS: Record<string, FeedArg> = {
  profile: { scope: 'author', username: AUTHOR, filter: 'Latest' },
  bookmarks: { scope: 'bookmarks' },
  tag: { scope: 'tag', tag: 'harbor', filter: 'Trending' },
  search: { scope: 'search', q: 'gulls' },
  explore: { scope: 'explore', filter: 'Oldest' },
};

/** Reads a list page by page (as scrolling does) until it holds the post or ends. */
async function readUntilShown(arg: FeedArg) {
  let result = await store.dispatch(postsApi.endpoints.getFeed.initiate(arg)).unwrap();
  while (!result.pages.some((page) => page.posts.some((p) => p._id === POST))) {
    const last = result.pages.at(-1)!;
    if (result.pages.length * 5 >= last.total) throw new Error(`${arg.scope} never shows ${POST}`);
    result = await store.dispatch(postsApi.endpoints.getFeed.initiate(arg, { direction: 'forward' })).unwrap();
  }
}

/** The post as each page's cache holds it (the lists, then the post's own page). */
function everywhere(): Record<string, Post | undefined> {
  const state = store.getState();
  const shown: Record<string, Post | undefined> = {};
  for (const [page, arg] of Object.entries(LISTS)) {
    const pages = postsApi.endpoints.getFeed.select(arg)(state).data?.pages ?? [];
    shown[page] = pages.flatMap((p) => p.posts).find((p) => p._id === POST);
  }
  shown.post = postsApi.endpoints.getPost.select(POST)(state).data;
  return shown;
}

/** Opens every page that shows the post: each list, and the post's page. */
async function openEveryPage() {
  await store.dispatch(postsApi.endpoints.getBookmarks.initiate()).unwrap();
  await store.dispatch(postWritesApi.endpoints.addBookmark.initiate(POST)).unwrap();
  for (const arg of Object.values(LISTS)) await readUntilShown(arg);
  await store.dispatch(postsApi.endpoints.getPost.initiate(POST)).unwrap();
  const shown = everywhere();
  for (const [page, post] of Object.entries(shown)) expect(post, page).toBeDefined();
  return shown;
}

/** Another tab, signed in as `username`, changes the core behind this one's back. */
async function otherTab(username = 'guest') {
  const other = makeStore();
  await signIn(other, { username, password: username === 'guest' ? 'guest123' : 'password123' });
  return other;
}

describe('every page shows optimistic writes and takes them back when refused', () => {
  it('a like shows at once on every page, then the answer', async () => {
    const before = await openEveryPage();
    const likes = before.post!.likes.likeCount;
    const pending = store.dispatch(postWritesApi.endpoints.likePost.initiate(POST));
    for (const [page, post] of Object.entries(everywhere())) {
      expect(post?.likes.likeCount, page).toBe(likes + 1);
      expect(
        post?.likes.likedBy.map((u) => u.username),
        page,
      ).toContain('guest');
    }
    await pending.unwrap();
    for (const [page, post] of Object.entries(everywhere())) expect(post?.likes.likeCount, page).toBe(likes + 1);
  });

  it('a like the core refuses (already liked in another tab) is taken back on every page', async () => {
    const before = await openEveryPage();
    await (await otherTab()).dispatch(postWritesApi.endpoints.likePost.initiate(POST)).unwrap();
    const pending = store.dispatch(postWritesApi.endpoints.likePost.initiate(POST));
    expect(everywhere().tag?.likes.likeCount).toBe(before.tag!.likes.likeCount + 1);
    await expect(pending.unwrap()).rejects.toMatchObject({ status: 400 });
    expect(everywhere()).toEqual(before);
  });

  it('a comment shows at once on every page; the answer brings the real one', async () => {
    const before = await openEveryPage();
    const pending = store.dispatch(commentsApi.endpoints.addComment.initiate({ postId: POST, text: 'Lovely lines' }));
    for (const [page, post] of Object.entries(everywhere())) {
      expect(post?.comments, page).toHaveLength(before[page]!.comments.length + 1);
      expect(post?.comments.at(-1)?.text, page).toBe('Lovely lines');
    }
    await pending.unwrap();
    for (const [page, post] of Object.entries(everywhere())) {
      const mine = post?.comments.find((c) => c.text === 'Lovely lines');
      expect(mine?._id, page).not.toMatch(/^pending/);
    }
  });

  it('a comment, an edit and a delete the core refuses (the post was deleted) are taken back on every page', async () => {
    const before = await openEveryPage();
    const commentId = before.post!.comments[0]?._id;
    expect(commentId).toBeDefined();
    await (await otherTab(AUTHOR)).dispatch(postWritesApi.endpoints.deletePost.initiate(POST)).unwrap();
    const writes = [
      () => store.dispatch(commentsApi.endpoints.addComment.initiate({ postId: POST, text: 'Too late' })),
      () =>
        store.dispatch(
          commentsApi.endpoints.editComment.initiate({ postId: POST, commentId: commentId!, text: 'Changed' }),
        ),
      () => store.dispatch(commentsApi.endpoints.deleteComment.initiate({ postId: POST, commentId: commentId! })),
    ];
    for (const write of writes) {
      const pending = write();
      expect(everywhere().search).not.toEqual(before.search);
      await expect(pending.unwrap()).rejects.toMatchObject({ status: 404 });
      expect(everywhere()).toEqual(before);
    }
  });

  it('removing a bookmark shows at once on every card and comes back when refused', async () => {
    await openEveryPage();
    expect(selectBookmarkIds(store.getState())).toContain(POST);
    // Another tab removed it first: this tab's removal is refused.
    await (await otherTab()).dispatch(postWritesApi.endpoints.removeBookmark.initiate(POST)).unwrap();
    const pending = store.dispatch(postWritesApi.endpoints.removeBookmark.initiate(POST));
    expect(selectBookmarkIds(store.getState())).not.toContain(POST);
    await expect(pending.unwrap()).rejects.toMatchObject({ status: 400 });
    expect(selectBookmarkIds(store.getState())).toContain(POST);
  });

  it('the bookmarks page is read again after a bookmark, latest first', async () => {
    await openEveryPage();
    await store.dispatch(postWritesApi.endpoints.addBookmark.initiate('p-01')).unwrap();
    await expect
      .poll(() => postsApi.endpoints.getFeed.select(LISTS.bookmarks!)(store.getState()).data?.pages[0]?.posts[0]?._id)
      .toBe('p-01');
  });

  it('a follow shows at once on the profile and the user list, and is taken back when refused', async () => {
    const profile = await store.dispatch(usersApi.endpoints.getUserByName.initiate(AUTHOR)).unwrap();
    await store.dispatch(usersApi.endpoints.getUsers.initiate()).unwrap();
    const cachedProfile = () => usersApi.endpoints.getUserByName.select(AUTHOR)(store.getState()).data!;
    const listed = () =>
      usersApi.endpoints.getUsers
        .select()(store.getState())
        .data!.find((u) => u.username === AUTHOR)!;
    const followers = profile.followers.length;

    const pending = store.dispatch(userWritesApi.endpoints.followUser.initiate(profile));
    expect(cachedProfile().followers).toHaveLength(followers + 1);
    expect(listed().followers).toHaveLength(followers + 1);
    expect(store.getState().session.user!.following.map((u) => u.username)).toContain(AUTHOR);
    await pending.unwrap();
    expect(cachedProfile().followers.map((u) => u.username)).toContain('guest');

    // Unfollowed in another tab: this tab's second unfollow is refused and taken back.
    await store.dispatch(usersApi.endpoints.getUserByName.initiate(AUTHOR, { forceRefetch: true })).unwrap();
    const followed = cachedProfile();
    await (await otherTab()).dispatch(userWritesApi.endpoints.unfollowUser.initiate(profile)).unwrap();
    const refused = store.dispatch(userWritesApi.endpoints.unfollowUser.initiate(profile));
    expect(cachedProfile().followers).toHaveLength(followers);
    await expect(refused.unwrap()).rejects.toMatchObject({ status: 400 });
    expect(cachedProfile()).toEqual(followed);
    expect(listed().followers).toHaveLength(followers + 1);
  });
});
