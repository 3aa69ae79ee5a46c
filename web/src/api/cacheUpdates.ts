// The one place that changes what the cache holds of a post, a user or the
// notifications, wherever it is cached (every page of every list, a post's
// page, the whole list, a profile, the bell): the writes' optimistic changes
// and answers (features/posts/postWrites.ts, features/users/userWrites.ts, features/comments) and the live events
// (api/liveEvents.ts) call the same functions, through RTK Query's public
// cache utilities (`selectCachedArgsForQuery`, `updateQueryData`).
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { markRead, notificationsApi } from './notificationsApi';
import { postsApi, type FeedArg } from './postsApi';
import { usersApi } from './usersApi';
import type { ApiState } from './baseQuery';
import type { Post, User } from './models';
import { setUser } from './session';
import type { NotificationView, PostsPageResponse } from './types';

type StateOf<Api extends { util: { selectCachedArgsForQuery: (state: never, name: never) => unknown } }> = Parameters<
  Api['util']['selectCachedArgsForQuery']
>[0];
/** The store's state as every read the updates change types it. */
type CacheState = StateOf<typeof postsApi> & StateOf<typeof usersApi> & StateOf<typeof notificationsApi>;
/** The store's dispatch as the cache's updates take it. */
export type CacheDispatch = ThunkDispatch<CacheState, unknown, UnknownAction>;
type GetState = () => unknown;

const feedArgs = (getState: GetState) => postsApi.util.selectCachedArgsForQuery(getState() as CacheState, 'getFeed');
const postArgs = (getState: GetState) => postsApi.util.selectCachedArgsForQuery(getState() as CacheState, 'getPost');
const profileArgs = (getState: GetState) =>
  usersApi.util.selectCachedArgsForQuery(getState() as CacheState, 'getUserByName');

/** Every cached list's pages, changed by `recipe`. */
function eachFeed(
  dispatch: CacheDispatch,
  getState: GetState,
  recipe: (feed: { pages: PostsPageResponse[] }, arg: FeedArg) => void,
) {
  return feedArgs(getState).map((arg) =>
    dispatch(postsApi.util.updateQueryData('getFeed', arg, (feed) => recipe(feed, arg))),
  );
}

/** A list's pages without the posts `gone` says are gone, its total counting them out. */
function dropPosts(feed: { pages: PostsPageResponse[] }, gone: (postId: string) => boolean): void {
  let removed = 0;
  for (const page of feed.pages) {
    const before = page.posts.length;
    page.posts = page.posts.filter((p) => !gone(p._id));
    removed += before - page.posts.length;
  }
  if (removed) for (const page of feed.pages) page.total = Math.max(0, page.total - removed);
}

/**
 * Changes the post `postId` wherever it is cached (the whole list, every
 * page of every list, the post's own page); returns the undo of all.
 */
export function patchPost(dispatch: CacheDispatch, getState: GetState, postId: string, recipe: (post: Post) => void) {
  const patches = [
    dispatch(
      postsApi.util.updateQueryData('getPosts', undefined, (posts) => {
        const post = posts.find((p) => p._id === postId);
        if (post) recipe(post);
      }),
    ),
    ...eachFeed(dispatch, getState, (feed) => {
      for (const post of feed.pages.flatMap((page) => page.posts)) if (post._id === postId) recipe(post);
    }),
    ...postArgs(getState)
      .filter((arg) => arg === postId)
      .map((arg) => dispatch(postsApi.util.updateQueryData('getPost', arg, recipe))),
  ];
  return () => patches.forEach((patch) => patch.undo());
}

/** The post `postId` as the cache holds it (a list's page, or its own page), if anywhere. */
export function cachedPost(getState: GetState, postId: string): Post | undefined {
  const state = getState() as CacheState;
  for (const arg of feedArgs(getState)) {
    const pages = postsApi.endpoints.getFeed.select(arg)(state).data?.pages ?? [];
    const post = pages.flatMap((page) => page.posts).find((p) => p._id === postId);
    if (post) return post;
  }
  return postsApi.endpoints.getPost.select(postId)(state).data;
}

/**
 * Waits for the reads under way of what `tag` names (the lists showing a
 * post, the bookmark ids): a write decided on what the screen showed before
 * they answer would act on an older copy, and their answer would then
 * overwrite what it shows. Resolves to whether any was under way and all
 * answered (then the cache holds the backend's answer); false when none was
 * or one failed.
 */
export async function readsAnswered(
  dispatch: CacheDispatch,
  getState: GetState,
  tag: { type: 'Post'; id: string } | 'Bookmark',
): Promise<boolean> {
  const reads = postsApi.util
    .selectInvalidatedBy(getState() as CacheState, [tag])
    .map(({ endpointName, originalArgs }) =>
      // The endpoints providing these tags are the posts' reads (api/postsApi.ts).
      dispatch(postsApi.util.getRunningQueryThunk(endpointName as 'getPost', originalArgs as string)),
    )
    .filter((read) => read !== undefined);
  if (reads.length === 0) return false;
  try {
    await Promise.all(reads.map((read) => read.unwrap()));
    return true;
  } catch {
    return false;
  }
}

/** A post as the backend now has it (a write's answer, a live event), wherever it is cached. */
export function postChanged(dispatch: CacheDispatch, getState: GetState, post: Post): void {
  patchPost(dispatch, getState, post._id, (cached) => void Object.assign(cached, post));
}

/** Whether a post just written by `author` belongs at the top of the list `arg`, newest first. */
const takesNewPost = (arg: FeedArg, author: string) =>
  arg.scope === 'home' || arg.scope === 'explore' || (arg.scope === 'author' && arg.username === author);

/**
 * A post the visitor just wrote (in this tab, or another of theirs: a live
 * event) on top of the Latest lists it belongs to, and counted in the others.
 */
export function postCreated(dispatch: CacheDispatch, getState: GetState, post: Post): void {
  eachFeed(dispatch, getState, (feed, arg) => {
    const first = feed.pages[0];
    if (!takesNewPost(arg, post.username) || !first) return;
    if (feed.pages.some((page) => page.posts.some((p) => p._id === post._id))) return;
    if ('filter' in arg && arg.filter === 'Latest') first.posts.unshift(post);
    for (const page of feed.pages) page.total += 1;
  });
}

/** A post deleted: out of every list and the whole list; a post's page open on it reads it again (and says it is gone). */
export function postDeleted(dispatch: CacheDispatch, getState: GetState, postId: string): void {
  eachFeed(dispatch, getState, (feed) => dropPosts(feed, (id) => id === postId));
  dispatch(postsApi.util.updateQueryData('getPosts', undefined, (posts) => posts.filter((p) => p._id !== postId)));
  if (postArgs(getState).includes(postId))
    void dispatch(postsApi.endpoints.getPost.initiate(postId, { forceRefetch: true, subscribe: false }));
}

/**
 * A write's answer (every post) put into every cache: it replaces the list;
 * each list's pages keep their posts in their new version and drop the
 * deleted ones; a post's page takes its new version. A created post (the
 * answer's last) tops the Latest lists it belongs to.
 */
export function postsAnswered(dispatch: CacheDispatch, getState: GetState, posts: Post[], created = false): void {
  dispatch(postsApi.util.updateQueryData('getPosts', undefined, () => posts));
  const byId = new Map(posts.map((p) => [p._id, p]));
  for (const postId of postArgs(getState)) {
    const fresh = byId.get(postId);
    if (fresh) dispatch(postsApi.util.updateQueryData('getPost', postId, () => fresh));
  }
  eachFeed(dispatch, getState, (feed) => {
    dropPosts(feed, (id) => !byId.has(id));
    for (const page of feed.pages) page.posts = page.posts.map((p) => byId.get(p._id) ?? p);
  });
  const newest = created ? posts.at(-1) : undefined;
  if (newest) postCreated(dispatch, getState, newest);
}

/** Changes the user `userId` wherever it is cached (the user list, their profile); returns the undo of all. */
export function patchUser(dispatch: CacheDispatch, getState: GetState, userId: string, recipe: (user: User) => void) {
  const patches = [
    dispatch(
      usersApi.util.updateQueryData('getUsers', undefined, (users) => {
        const user = users.find((u) => u._id === userId);
        if (user) recipe(user);
      }),
    ),
    ...profileArgs(getState).map((arg) =>
      dispatch(
        usersApi.util.updateQueryData('getUserByName', arg, (user) => {
          if (user._id === userId) recipe(user);
        }),
      ),
    ),
  ];
  return () => patches.forEach((patch) => patch.undo());
}

/** The core's answer about users (after a follow) put into every cache of them. */
export function usersAnswered(dispatch: CacheDispatch, getState: GetState, users: User[]): void {
  dispatch(usersApi.util.updateQueryData('getUsers', undefined, () => users));
  for (const arg of profileArgs(getState)) {
    const fresh = users.find((u) => u.username === arg);
    if (fresh) dispatch(usersApi.util.updateQueryData('getUserByName', arg, () => fresh));
  }
}

/** The user as posts and comments show their author. */
function restyleAuthor(post: Post, user: User): void {
  const { firstName, lastName, avatarURL } = user;
  if (post.username === user.username) Object.assign(post, { firstName, lastName, avatarURL });
  for (const comment of post.comments)
    if (comment.username === user.username) Object.assign(comment, { firstName, lastName, avatarURL });
}

/**
 * A user as the backend now has them (a profile edit, a live event): their
 * profile and lists, their name and avatar on their posts and comments, and,
 * for the signed-in user, the session and the bookmark ids.
 */
export function userChanged(dispatch: CacheDispatch, getState: GetState, user: User): void {
  patchUser(dispatch, getState, user._id, (cached) => void Object.assign(cached, user));
  eachFeed(dispatch, getState, (feed) => {
    for (const page of feed.pages) for (const post of page.posts) restyleAuthor(post, user);
  });
  for (const postId of postArgs(getState))
    dispatch(postsApi.util.updateQueryData('getPost', postId, (post) => restyleAuthor(post, user)));
  if (user._id === (getState() as ApiState).session.user?._id) {
    dispatch(setUser(user));
    dispatch(postsApi.util.updateQueryData('getBookmarks', undefined, () => [...user.bookmarks]));
  }
}

/** A new notification on top of the bell's list, with the count the backend gives. */
export function notificationAdded(dispatch: CacheDispatch, notification: NotificationView, unread: number): void {
  dispatch(
    notificationsApi.util.updateQueryData('getNotifications', undefined, (page) => {
      if (!page.notifications.some((n) => n._id === notification._id)) page.notifications.unshift(notification);
      page.unread = unread;
    }),
  );
}

/** A notification taken back (an undone like, a deleted comment). */
export function notificationDeleted(dispatch: CacheDispatch, notificationId: string, unread: number): void {
  dispatch(
    notificationsApi.util.updateQueryData('getNotifications', undefined, (page) => {
      page.notifications = page.notifications.filter((n) => n._id !== notificationId);
      page.unread = unread;
    }),
  );
}

/** The notifications read elsewhere (another tab): the count the backend gives. */
export function notificationsRead(dispatch: CacheDispatch, unread: number): void {
  dispatch(notificationsApi.util.updateQueryData('getNotifications', undefined, (page) => markRead(page, unread)));
}
