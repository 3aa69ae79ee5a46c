// Everything the server says lives here: one RTK Query API whose endpoints
// are typed with the request and response types generated from the core
// (api/types), so a change of shape in the core fails `tsc`. Posts, users and
// bookmarks are cached queries; every list of posts a page shows (Home,
// Explore, a profile, bookmarks, a tag, a search) is read a page at a time
// (one infinite query per list), a post's page reads that post alone. A
// mutation whose answer is the whole post list writes it into every cached
// copy of the posts (docs/product.md, "States"); likes, comments, bookmarks and follows show at
// once wherever the post or user is cached and are taken back if the core
// refuses: `patchPost` and `patchUser` are the one place that finds them.
import { createAction, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { uploadImage } from '../lib/files';
import { apiFailure, baseQuery, endSessionIfRejected, type ApiArgs, type ApiFailure, type ApiState } from './baseQuery';
import type { Comment, Post, PostData, User, UserEdit } from './models';
import { setUser, signedIn } from './session';
import type {
  BookmarksResponse,
  CommentRequest,
  EditUserRequest,
  FollowResponse,
  LikesView,
  LoginRequest,
  LoginResponse,
  NotificationsResponse,
  PostRequest,
  PostResponse,
  PostsPageResponse,
  PostsResponse,
  SearchResponse,
  SignupRequest,
  SignupResponse,
  UserResponse,
  UserSummary,
  UsersResponse,
} from './types';

/** How many notifications the notifications page lists (the core's page; it keeps each user's latest 200). */
export const NOTIFICATIONS_LIMIT = 50;

const id = encodeURIComponent;
const sessionOf = (getState: () => unknown) => (getState() as ApiState).session;
const postsOf = (response: PostsResponse) => response.posts;
const bookmarksOf = (response: BookmarksResponse) => response.bookmarks;

/**
 * A page reads its data again when it opens (its route's loader, app/routes.tsx,
 * or its hooks as they mount), unless it was answered within this many
 * seconds: the read a loader made just before its page rendered is that
 * page's read. Writes in this tab change the cache, and another tab's write
 * invalidates it (features/demo-data/useDataSync.ts), so nothing newer is missed.
 */
export const FRESH_FOR_SECONDS = 5;

/** People and tags a search's results page lists (the most relevant); its posts come a page at a time. */
export const SEARCH_LIST_LIMIT = 10;

/** A feed's orders (docs/product.md, "Home"), as the core names them. */
export type FeedFilter = 'Latest' | 'Oldest' | 'Trending';
/** Posts a feed page holds (docs/product.md, "Home"). */
export const FEED_PAGE_SIZE = 5;
/**
 * A list of posts read a page at a time: Home (the user's posts and those
 * they follow), Explore (every post), a user's posts (a profile) or a tag's,
 * each in one order; the user's bookmarks (the latest first); a search's posts (best first).
 */
export type FeedArg =
  | { scope: 'home' | 'explore'; filter: FeedFilter }
  | { scope: 'author'; username: string; filter: FeedFilter }
  | { scope: 'tag'; tag: string; filter: FeedFilter }
  | { scope: 'bookmarks' }
  | { scope: 'search'; q: string };

/** The core's address of a list's page (docs/API.md). */
export function feedUrl(arg: FeedArg, page: number): string {
  const paging = `page=${page}&limit=${FEED_PAGE_SIZE}`;
  switch (arg.scope) {
    case 'home':
      return `/posts/feed?filter=${arg.filter}&${paging}`;
    case 'explore':
      return `/posts/explore?filter=${arg.filter}&${paging}`;
    case 'author':
      return `/posts/author/${id(arg.username)}?filter=${arg.filter}&${paging}`;
    case 'tag':
      return `/posts/tag/${id(arg.tag)}?filter=${arg.filter}&${paging}`;
    case 'bookmarks':
      return `/posts/bookmarks?${paging}`;
    case 'search':
      return `/posts/search?q=${id(arg.q)}&${paging}`;
  }
}

/** Whether a post just written by `author` belongs at the top of the list `arg`, newest first. */
const takesNewPost = (arg: FeedArg, author: string) =>
  arg.scope === 'home' || arg.scope === 'explore' || (arg.scope === 'author' && arg.username === author);

type CacheState = Parameters<typeof api.util.selectCachedArgsForQuery>[0];
type Dispatch = ThunkDispatch<CacheState, unknown, UnknownAction>;
/** The store's dispatch as the cache's helpers take it. */
export type CacheDispatch = Dispatch;
export const cachedArgs = <Name extends 'getFeed' | 'getPost' | 'getUserByName'>(getState: () => unknown, name: Name) =>
  api.util.selectCachedArgsForQuery(getState() as CacheState, name);
export const feedArgs = (getState: () => unknown) => cachedArgs(getState, 'getFeed');

/**
 * Changes the post `postId` wherever it is cached (the whole list, every
 * page of every list, the post's own page); returns the undo of all.
 */
export function patchPost(
  dispatch: Dispatch,
  getState: () => unknown,
  postId: string,
  recipe: (post: Post) => void,
): () => void {
  const patches = [
    dispatch(
      api.util.updateQueryData('getPosts', undefined, (posts) => {
        const post = posts.find((p) => p._id === postId);
        if (post) recipe(post);
      }),
    ),
    ...feedArgs(getState).map((arg) =>
      dispatch(
        api.util.updateQueryData('getFeed', arg, (feed) => {
          for (const post of feed.pages.flatMap((page) => page.posts)) if (post._id === postId) recipe(post);
        }),
      ),
    ),
    ...cachedArgs(getState, 'getPost')
      .filter((arg) => arg === postId)
      .map((arg) => dispatch(api.util.updateQueryData('getPost', arg, recipe))),
  ];
  return () => patches.forEach((patch) => patch.undo());
}

/** Changes the user `userId` wherever it is cached (the user list, their profile); returns the undo of all. */
export function patchUser(
  dispatch: Dispatch,
  getState: () => unknown,
  userId: string,
  recipe: (user: User) => void,
): () => void {
  const patches = [
    dispatch(
      api.util.updateQueryData('getUsers', undefined, (users) => {
        const user = users.find((u) => u._id === userId);
        if (user) recipe(user);
      }),
    ),
    ...cachedArgs(getState, 'getUserByName').map((arg) =>
      dispatch(
        api.util.updateQueryData('getUserByName', arg, (user) => {
          if (user._id === userId) recipe(user);
        }),
      ),
    ),
  ];
  return () => patches.forEach((patch) => patch.undo());
}

/** The post `postId` as the cache holds it (a list's page, or its own page), if anywhere. */
function cachedPost(getState: () => unknown, postId: string): Post | undefined {
  const state = getState() as CacheState;
  for (const arg of feedArgs(getState)) {
    const pages = api.endpoints.getFeed.select(arg)(state).data?.pages ?? [];
    const post = pages.flatMap((page) => page.posts).find((p) => p._id === postId);
    if (post) return post;
  }
  return api.endpoints.getPost.select(postId)(state).data;
}

/** The reads under way of the lists (and the page) that show the post `postId`. */
function readsOfPost(dispatch: Dispatch, getState: () => unknown, postId: string): Read[] {
  const state = getState() as CacheState;
  const showing = feedArgs(getState).filter((arg) =>
    api.endpoints.getFeed
      .select(arg)(state)
      .data?.pages.some((page) => page.posts.some((p) => p._id === postId)),
  );
  return [
    ...showing.map((arg) => dispatch(api.util.getRunningQueryThunk('getFeed', arg))),
    dispatch(api.util.getRunningQueryThunk('getPost', postId)),
  ].filter((read) => read !== undefined);
}

/** The bookmark ids with `postId` added or removed. */
function toggled(ids: string[], postId: string, kind: 'add' | 'remove'): string[] {
  const rest = ids.filter((x) => x !== postId);
  return kind === 'add' ? [...rest, postId] : rest;
}

/** The core's answer about users (after a follow) put into every cache of them. */
function settleUsers(dispatch: Dispatch, getState: () => unknown, users: User[]): void {
  dispatch(api.util.updateQueryData('getUsers', undefined, () => users));
  for (const arg of cachedArgs(getState, 'getUserByName')) {
    const fresh = users.find((u) => u.username === arg);
    if (fresh) dispatch(api.util.updateQueryData('getUserByName', arg, () => fresh));
  }
}

/**
 * A write's answer (every post) put into every cache: it replaces the list;
 * each list's pages keep their posts in their new version and drop the
 * deleted ones; a post's page takes its new version. A created post (the
 * answer's last) tops the Latest lists it belongs to.
 */
function settlePosts(dispatch: Dispatch, getState: () => unknown, posts: Post[], created: boolean): void {
  dispatch(api.util.updateQueryData('getPosts', undefined, () => posts));
  const byId = new Map(posts.map((p) => [p._id, p]));
  for (const postId of cachedArgs(getState, 'getPost')) {
    const fresh = byId.get(postId);
    if (fresh) dispatch(api.util.updateQueryData('getPost', postId, () => fresh));
  }
  for (const arg of feedArgs(getState)) {
    dispatch(
      api.util.updateQueryData('getFeed', arg, (feed) => {
        let removed = 0;
        for (const page of feed.pages) {
          const before = page.posts.length;
          page.posts = page.posts.flatMap((p) => byId.get(p._id) ?? []);
          removed += before - page.posts.length;
        }
        for (const page of feed.pages) page.total = Math.max(0, page.total - removed);
      }),
    );
  }
  const newest = created ? posts.at(-1) : undefined;
  if (newest) showNewPost(dispatch, getState, newest);
}

/**
 * A post the visitor just wrote (in this tab, or another of theirs: api/liveEvents.ts)
 * on top of the Latest lists it belongs to, and counted in the others.
 */
export function showNewPost(dispatch: Dispatch, getState: () => unknown, post: Post): void {
  for (const arg of feedArgs(getState)) {
    if (!takesNewPost(arg, post.username)) continue;
    dispatch(
      api.util.updateQueryData('getFeed', arg, (feed) => {
        const first = feed.pages[0];
        if (!first || feed.pages.some((page) => page.posts.some((p) => p._id === post._id))) return;
        if ('filter' in arg && arg.filter === 'Latest') first.posts.unshift(post);
        for (const page of feed.pages) page.total += 1;
      }),
    );
  }
}

/** How a user appears in another's lists (likes, follows). */
function summaryOf(user: UserSummary): UserSummary {
  const { _id, firstName, lastName, username, avatarURL } = user;
  return { _id, firstName, lastName, username, avatarURL };
}

/** What a like or its undo does to a post's likes, as the core does it (docs/API.md). */
function applyVote(likes: LikesView, me: UserSummary, vote: 'like' | 'dislike'): void {
  const without = (list: UserSummary[]) => list.filter((u) => u._id !== me._id);
  likes.likedBy = vote === 'like' ? [...without(likes.likedBy), summaryOf(me)] : without(likes.likedBy);
  likes.dislikedBy = vote === 'dislike' ? [...without(likes.dislikedBy), summaryOf(me)] : without(likes.dislikedBy);
  likes.likeCount = likes.likedBy.length;
}

/** What following (or unfollowing) `other` does to `user`'s list `list` (`following` for the follower, `followers` for the one followed). */
function applyFollow(user: User, list: 'following' | 'followers', other: UserSummary, follow: boolean): void {
  user[list] = user[list].filter((u) => u._id !== other._id);
  if (follow) user[list].push(summaryOf(other));
}

/** A comment as it shows until the core answers with the real one. */
function pendingComment(me: UserSummary, text: string): Comment {
  const now = new Date().toISOString();
  const { firstName, lastName, username, avatarURL } = me;
  return {
    _id: `pending-${now}`,
    text,
    firstName,
    lastName,
    username,
    avatarURL,
    votes: { upvotedBy: [], downvotedBy: [] },
    createdAt: now,
    updatedAt: now,
  };
}

/** An optimistic write's end: the answer is the truth; a refusal takes the change back. */
async function answerOrUndo<T>(answer: Promise<{ data: T }>, settle: (data: T) => void, undo: () => void) {
  try {
    settle((await answer).data);
  } catch {
    undo();
  }
}

/**
 * A cache kept from an earlier visit (features/last-visit), in RTK Query's
 * own shape: RTK Query puts its answered entries back as they were
 * (`extractRehydrationInfo`), and the first read of each replaces it.
 */
export const cacheRestored = createAction<RestoredCache>('api/cacheRestored');

/** RTK Query's cache, as `cacheRestored` carries it (the entries to put back and the tags they provide). */
export interface RestoredCache {
  queries: Record<string, unknown>;
  provided: { tags: Record<string, Record<string, string[]>>; keys: Record<string, unknown> };
}

/** A read under way (RTK Query's running query). */
interface Read {
  unwrap(): Promise<unknown>;
}

/**
 * Whether a toggle (a like, a bookmark) still changes anything, once the reads
 * under way of the lists showing its post have answered: the visitor asked
 * on what the screen showed then (the last visit's copy, say), the answers
 * say how the post is now (`current`). Undefined when nothing was being read
 * (the screen is the backend's) or a read failed: the toggle is sent.
 */
async function stillChanges(
  reads: readonly Read[],
  current: () => boolean | undefined,
  wanted: boolean,
): Promise<boolean | undefined> {
  if (reads.length === 0) return undefined;
  try {
    await Promise.all(reads.map((read) => read.unwrap()));
  } catch {
    return undefined;
  }
  const now = current();
  return now === undefined || now !== wanted;
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Post', 'User', 'Bookmark', 'Feed', 'Suggestions', 'Notification'],
  // Annotated as `any`, as RTK Query's documentation does, to avoid a circular type reference.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  extractRehydrationInfo(action): any {
    if (!cacheRestored.match(action)) return undefined;
    return { mutations: {}, subscriptions: {}, ...action.payload };
  },
  endpoints: (build) => {
    /**
     * A write whose answer is the whole post list: it goes into every cached
     * copy, no refetch (`created`: the answer's last post is new). After a
     * delete the feeds are read again, so that no post falls between pages.
     */
    const postsWrite = <Arg>(query: (arg: Arg) => ApiArgs, effect: 'created' | 'deleted' | 'changed' = 'changed') =>
      build.mutation<Post[], Arg>({
        query,
        transformResponse: postsOf,
        async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            settlePosts(dispatch, getState, data, effect === 'created');
            if (effect === 'deleted') dispatch(api.util.invalidateTags(['Feed']));
          } catch {
            // Nothing changed; the caller tells the user.
          }
        },
      });

    /** Signing in or up: the answer starts the session. */
    const sessionStart = <Arg, Response>(url: string, pick: (response: Response) => { user: User; token: string }) =>
      build.mutation<{ user: User; token: string }, Arg>({
        query: (body) => ({ url, method: 'POST', body }),
        transformResponse: pick,
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const session = (await queryFulfilled).data;
            // The answer holds the user's bookmark ids, which is what the
            // bookmarks' read would answer now: Home need not ask again.
            dispatch(
              api.util.upsertQueryEntries([
                { endpointName: 'getBookmarks', arg: undefined, value: [...session.user.bookmarks] },
              ]),
            );
            dispatch(signedIn(session));
          } catch {
            // The form tells the user.
          }
        },
      });

    /**
     * A write to one post whose answer is the whole post list: `change` shows
     * on the post wherever it is cached at once, the answer then replaces it;
     * a refusal takes the change back everywhere.
     */
    const optimisticPostWrite = <Arg extends string | { postId: string }>(
      query: (arg: Arg) => ApiArgs,
      change: (post: Post, arg: Arg, me: User) => void,
    ) =>
      build.mutation<Post[], Arg>({
        query,
        transformResponse: postsOf,
        async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
          const me = sessionOf(getState).user;
          const postId = typeof arg === 'string' ? arg : arg.postId;
          const undo = patchPost(dispatch, getState, postId, (post) => {
            if (me) change(post, arg, me);
          });
          await answerOrUndo(queryFulfilled, (data) => settlePosts(dispatch, getState, data, false), undo);
        },
      });

    /**
     * A like or its undo: shown at once on the post wherever it is cached;
     * then, if the lists showing it were being read (the last visit's copy
     * waiting for the backend's answer), carried out on the post as they
     * answered it: nothing is sent when it already is as asked.
     */
    const vote = (kind: 'like' | 'dislike') =>
      build.mutation<Post[] | null, string>({
        async queryFn(postId, { dispatch, getState }, _extra, send) {
          const me = sessionOf(getState).user;
          const likedNow = () => {
            const post = cachedPost(getState, postId);
            return post && me ? post.likes.likedBy.some((u) => u._id === me._id) : undefined;
          };
          const changes = await stillChanges(readsOfPost(dispatch, getState, postId), likedNow, kind === 'like');
          if (changes === false) return { data: null };
          // The answers replaced the copy the click was shown on: shown again until this one answers.
          if (changes && me) patchPost(dispatch, getState, postId, (post) => applyVote(post.likes, me, kind));
          const answer = await send({ url: `/posts/${kind}/${id(postId)}`, method: 'POST' });
          if (answer.error) return { error: answer.error as ApiFailure };
          return { data: postsOf(answer.data as PostsResponse) };
        },
        async onQueryStarted(postId, { dispatch, getState, queryFulfilled }) {
          const me = sessionOf(getState).user;
          const undo = patchPost(dispatch, getState, postId, (post) => {
            if (me) applyVote(post.likes, me, kind);
          });
          const settle = (data: Post[] | null) => data && settlePosts(dispatch, getState, data, false);
          await answerOrUndo(queryFulfilled, settle, undo);
        },
      });

    /** Adding or removing a bookmark: on screen at once, then carried out as a like is; the answer is the whole list. */
    const bookmark = (kind: 'add' | 'remove') =>
      build.mutation<string[] | null, string>({
        async queryFn(postId, { dispatch, getState }, _extra, send) {
          const ids = () => api.endpoints.getBookmarks.select()(getState() as CacheState).data;
          const running = dispatch(api.util.getRunningQueryThunk('getBookmarks', undefined));
          const changes = await stillChanges(running ? [running] : [], () => ids()?.includes(postId), kind === 'add');
          if (changes === false) return { data: null };
          if (changes)
            dispatch(api.util.updateQueryData('getBookmarks', undefined, (list) => toggled(list, postId, kind)));
          const answer = await send({
            url: `/users/${kind === 'add' ? 'bookmark' : 'remove-bookmark'}/${id(postId)}`,
            method: 'POST',
          });
          if (answer.error) return { error: answer.error as ApiFailure };
          return { data: bookmarksOf(answer.data as BookmarksResponse) };
        },
        async onQueryStarted(postId, { dispatch, queryFulfilled }) {
          // Every card reads its bookmark from this list, so every page shows the change.
          const patch = dispatch(
            api.util.updateQueryData('getBookmarks', undefined, (list) => toggled(list, postId, kind)),
          );
          const settle = (data: string[] | null) => {
            if (!data) return;
            dispatch(api.util.updateQueryData('getBookmarks', undefined, () => data));
            // The bookmarks list is read by page number: read it again, so that no post falls between pages.
            dispatch(api.util.invalidateTags([{ type: 'Feed', id: 'bookmarks' }]));
          };
          await answerOrUndo(queryFulfilled, settle, patch.undo);
        },
      });

    /** Following or unfollowing: the button and the counts change at once; the answer is both users' truth. */
    const follow = (kind: 'follow' | 'unfollow') =>
      build.mutation<FollowResponse, UserSummary>({
        query: (user) => ({ url: `/users/${kind}/${id(user._id)}`, method: 'POST' }),
        async onQueryStarted(user, { dispatch, getState, queryFulfilled }) {
          const before = sessionOf(getState).user;
          if (before) {
            const others = before.following.filter((u) => u._id !== user._id);
            dispatch(setUser({ ...before, following: kind === 'follow' ? [...others, summaryOf(user)] : others }));
          }
          const undos = before
            ? [
                patchUser(dispatch, getState, before._id, (me) =>
                  applyFollow(me, 'following', user, kind === 'follow'),
                ),
                patchUser(dispatch, getState, user._id, (them) =>
                  applyFollow(them, 'followers', before, kind === 'follow'),
                ),
              ]
            : [];
          await answerOrUndo(
            queryFulfilled,
            (data) => {
              dispatch(setUser(data.user));
              settleUsers(dispatch, getState, data.allUsers);
              // Home shows the posts of the people one follows; Who to Follow brings the next person in.
              dispatch(api.util.invalidateTags([{ type: 'Feed', id: 'home' }, 'Suggestions']));
            },
            () => {
              if (before) dispatch(setUser(before));
              undos.forEach((undo) => undo());
            },
          );
        },
      });

    const commentBody = (text: string): CommentRequest => ({ commentData: text });

    return {
      getPosts: build.query<Post[], void>({
        query: () => '/posts',
        transformResponse: postsOf,
        providesTags: ['Post'],
      }),
      /** A list's posts (FeedArg), a page at a time in its order, each page with the list's total. */
      getFeed: build.infiniteQuery<PostsPageResponse, FeedArg, number>({
        infiniteQueryOptions: {
          initialPageParam: 1,
          getNextPageParam: (last, _all, lastPage) =>
            lastPage * FEED_PAGE_SIZE < last.total ? lastPage + 1 : undefined,
        },
        query: ({ queryArg, pageParam }) => feedUrl(queryArg, pageParam),
        providesTags: (_result, _error, { scope }) => ['Post', 'Feed', { type: 'Feed', id: scope }],
      }),
      /** One post with its comments (a post's page). */
      getPost: build.query<Post, string>({
        query: (postId) => `/posts/${id(postId)}`,
        transformResponse: (response: PostResponse) => response.post,
        providesTags: ['Post'],
      }),
      /** One user by username (a profile). */
      getUserByName: build.query<User, string>({
        query: (username) => `/users/profile/${id(username)}`,
        transformResponse: (response: UserResponse) => response.user,
        providesTags: ['User'],
      }),
      getUsers: build.query<User[], void>({
        query: () => '/users',
        transformResponse: (response: UsersResponse) => response.users,
        providesTags: ['User'],
      }),
      /** The first `limit` people the signed-in user could follow (Who to Follow). */
      getSuggestions: build.query<User[], number>({
        query: (limit) => `/users/suggestions?limit=${limit}`,
        transformResponse: (response: UsersResponse) => response.users,
        providesTags: ['User', 'Suggestions'],
      }),
      /** Users, posts and tags matching `q` (case and accents ignored). */
      search: build.query<SearchResponse, { q: string; limit?: number }>({
        query: ({ q, limit = 10 }) => `/search?q=${encodeURIComponent(q)}&limit=${limit}`,
        providesTags: ['Post', 'User'],
      }),
      /** Ids of the signed-in user's bookmarked posts, oldest first. */
      getBookmarks: build.query<string[], void>({
        query: () => '/users/bookmark',
        transformResponse: bookmarksOf,
        providesTags: ['Bookmark'],
      }),

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
            api.util.updateQueryData('getNotifications', undefined, (page) => {
              page.unread = 0;
              for (const notification of page.notifications) notification.read = true;
            }),
          );
          await answerOrUndo(queryFulfilled, () => undefined, patch.undo);
        },
      }),

      createPost: postsWrite(
        (postData: PostData) => ({
          url: '/posts',
          method: 'POST',
          body: { postData } satisfies PostRequest,
        }),
        'created',
      ),
      editPost: postsWrite(({ postId, postData }: { postId: string; postData: PostData }) => ({
        url: `/posts/edit/${id(postId)}`,
        method: 'POST',
        body: { postData } satisfies PostRequest,
      })),
      deletePost: postsWrite((postId: string) => ({ url: `/posts/${id(postId)}`, method: 'DELETE' }), 'deleted'),
      likePost: vote('like'),
      dislikePost: vote('dislike'),
      addComment: optimisticPostWrite(
        ({ postId, text }: { postId: string; text: string }) => ({
          url: `/comments/add/${id(postId)}`,
          method: 'POST',
          body: commentBody(text),
        }),
        (post, { text }, me) => void post.comments.push(pendingComment(me, text)),
      ),
      editComment: optimisticPostWrite(
        ({ postId, commentId, text }: { postId: string; commentId: string; text: string }) => ({
          url: `/comments/edit/${id(postId)}/${id(commentId)}`,
          method: 'POST',
          body: commentBody(text),
        }),
        (post, { commentId, text }) => {
          const comment = post.comments.find((c) => c._id === commentId);
          if (comment) comment.text = text;
        },
      ),
      deleteComment: optimisticPostWrite(
        ({ postId, commentId }: { postId: string; commentId: string }) => ({
          url: `/comments/delete/${id(postId)}/${id(commentId)}`,
          method: 'POST',
        }),
        (post, { commentId }) => {
          post.comments = post.comments.filter((c) => c._id !== commentId);
        },
      ),

      addBookmark: bookmark('add'),
      removeBookmark: bookmark('remove'),
      followUser: follow('follow'),
      unfollowUser: follow('unfollow'),

      editUser: build.mutation<User, UserEdit>({
        query: (userData) => ({ url: '/users/edit', method: 'POST', body: { userData } satisfies EditUserRequest }),
        transformResponse: (response: UserResponse) => response.user,
        // The core rewrote the name and avatar embedded in the user's posts and comments.
        invalidatesTags: (_result, error) => (error ? [] : ['Post']),
        async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(setUser(data));
            patchUser(dispatch, getState, data._id, (user) => void Object.assign(user, data));
          } catch {
            // Nothing changed; the form tells the user.
          }
        },
      }),

      login: sessionStart<LoginRequest, LoginResponse>('/auth/login', (response) => ({
        user: response.foundUser,
        token: response.encodedToken,
      })),
      signup: sessionStart<SignupRequest, SignupResponse>('/auth/signup', (response) => ({
        user: response.createdUser,
        token: response.encodedToken,
      })),

      /** Uploads a checked image (lib/files) with the session's token; resolves to its mediaURL. */
      uploadMedia: build.mutation<string, File>({
        async queryFn(file, queryApi) {
          const token = sessionOf(queryApi.getState).token;
          try {
            return { data: await uploadImage(file, token) };
          } catch (error) {
            const failure = apiFailure(error);
            endSessionIfRejected(failure, token, queryApi);
            return { error: failure };
          }
        },
      }),
    };
  },
});

export const {
  useGetPostsQuery,
  useGetFeedInfiniteQuery,
  useGetPostQuery,
  useGetUserByNameQuery,
  useGetUsersQuery,
  useGetSuggestionsQuery,
  useGetBookmarksQuery,
  useGetNotificationsQuery,
  useMarkNotificationsReadMutation,
  useSearchQuery,
  useCreatePostMutation,
  useEditPostMutation,
  useDeletePostMutation,
  useLikePostMutation,
  useDislikePostMutation,
  useAddCommentMutation,
  useEditCommentMutation,
  useDeleteCommentMutation,
  useAddBookmarkMutation,
  useRemoveBookmarkMutation,
  useFollowUserMutation,
  useUnfollowUserMutation,
  useEditUserMutation,
  useLoginMutation,
  useSignupMutation,
  useUploadMediaMutation,
} = api;

const EMPTY: readonly string[] = [];
const selectBookmarksResult = api.endpoints.getBookmarks.select();

/** The signed-in user's bookmark ids as cached (read without subscribing: the shell holds the subscription). */
export const selectBookmarkIds = (state: Parameters<typeof selectBookmarksResult>[0]) =>
  selectBookmarksResult(state).data ?? EMPTY;

const selectNotificationsResult = api.endpoints.getNotifications.select();

/** How many notifications are unread, once read (the shell holds the subscription, api/liveEvents.ts). */
export const selectUnreadCount = (state: Parameters<typeof selectNotificationsResult>[0]) =>
  selectNotificationsResult(state).data?.unread;

/** The Notifications entry's accessible name: "Notifications, 3 unread". */
export function notificationsLabel(unread: number | undefined): string {
  return unread ? `Notifications, ${unread} unread` : 'Notifications';
}
