// Everything the server says lives here: one RTK Query API whose endpoints
// are typed with the request and response types generated from the core
// (api/types), so a change of shape in the core fails `tsc`. Posts, users and
// bookmarks are cached queries; Home and Explore read pages of posts (an
// infinite query per feed and order). A mutation whose answer is the whole
// post list writes it into every cached copy of the posts (spec §4); likes,
// bookmarks and follows show at once and are taken back if the core refuses.
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { uploadImage } from '../lib/files';
import { apiFailure, baseQuery, endSessionIfRejected, type ApiArgs, type ApiState } from './baseQuery';
import type { Post, PostData, User, UserEdit } from './models';
import { setUser, signedIn } from './session';
import type {
  BookmarksResponse,
  CommentRequest,
  EditUserRequest,
  FollowResponse,
  LikesView,
  LoginRequest,
  LoginResponse,
  PostRequest,
  PostsPageResponse,
  PostsResponse,
  SearchResponse,
  SignupRequest,
  SignupResponse,
  TagFeedResponse,
  UserResponse,
  UserSummary,
  UsersResponse,
} from './types';

const id = encodeURIComponent;
const sessionOf = (getState: () => unknown) => (getState() as ApiState).session;
const postsOf = (response: PostsResponse) => response.posts;
const bookmarksOf = (response: BookmarksResponse) => response.bookmarks;

/** A feed's orders (spec §Home), as the core names them. */
export type FeedFilter = 'Latest' | 'Oldest' | 'Trending';
/** Posts a feed page holds (spec §Home). */
export const FEED_PAGE_SIZE = 5;
/** A paged feed: Home (the user's posts and those they follow) or Explore (every post), in one order. */
export interface FeedArg {
  scope: 'home' | 'explore';
  filter: FeedFilter;
}
const feedPath = { home: '/posts/feed', explore: '/posts/explore' } as const;

type CacheState = Parameters<typeof api.util.selectCachedArgsForQuery>[0];
type Dispatch = ThunkDispatch<CacheState, unknown, UnknownAction>;
const feedArgs = (getState: () => unknown) => api.util.selectCachedArgsForQuery(getState() as CacheState, 'getFeed');

/** Changes the post `postId` wherever it is cached (the whole list, every feed page); returns the undo. */
function patchPost(dispatch: Dispatch, getState: () => unknown, postId: string, recipe: (post: Post) => void): () => void {
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
  ];
  return () => patches.forEach((patch) => patch.undo());
}

/**
 * A write's answer (every post) put into every cache: it replaces the list;
 * each feed page keeps its posts in their new version and drops the deleted
 * ones. A created post (the answer's last) tops the Latest feeds.
 */
function settlePosts(dispatch: Dispatch, getState: () => unknown, posts: Post[], created: boolean): void {
  dispatch(api.util.updateQueryData('getPosts', undefined, () => posts));
  const byId = new Map(posts.map((p) => [p._id, p]));
  const newest = created ? posts.at(-1) : undefined;
  for (const arg of feedArgs(getState)) {
    dispatch(
      api.util.updateQueryData('getFeed', arg, (feed) => {
        let change = 0;
        for (const page of feed.pages) {
          const before = page.posts.length;
          page.posts = page.posts.flatMap((p) => byId.get(p._id) ?? []);
          change -= before - page.posts.length;
        }
        const first = feed.pages[0];
        if (newest && first && !feed.pages.some((page) => page.posts.some((p) => p._id === newest._id))) {
          change += 1;
          if (arg.filter === 'Latest') first.posts.unshift(newest);
        }
        for (const page of feed.pages) page.total = Math.max(0, page.total + change);
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

/** What following (or unfollowing) someone does to both users' lists. */
function applyFollow(me: User, them: User, follow: boolean): void {
  me.following = me.following.filter((u) => u._id !== them._id);
  them.followers = them.followers.filter((u) => u._id !== me._id);
  if (follow) {
    me.following.push(summaryOf(them));
    them.followers.push(summaryOf(me));
  }
}

/** An optimistic write's end: the answer is the truth; a refusal takes the change back. */
async function answerOrUndo<T>(answer: Promise<{ data: T }>, settle: (data: T) => void, undo: () => void) {
  try {
    settle((await answer).data);
  } catch {
    undo();
  }
}

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Post', 'User', 'Bookmark', 'Feed'],
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
            dispatch(signedIn((await queryFulfilled).data));
          } catch {
            // The form tells the user.
          }
        },
      });

    /** A like or its undo: on screen at once, then the answer; undone if the core refuses. */
    const vote = (kind: 'like' | 'dislike') =>
      build.mutation<Post[], string>({
        query: (postId) => ({ url: `/posts/${kind}/${id(postId)}`, method: 'POST' }),
        transformResponse: postsOf,
        async onQueryStarted(postId, { dispatch, getState, queryFulfilled }) {
          const me = sessionOf(getState).user;
          const undo = patchPost(dispatch, getState, postId, (post) => {
            if (me) applyVote(post.likes, me, kind);
          });
          await answerOrUndo(queryFulfilled, (data) => settlePosts(dispatch, getState, data, false), undo);
        },
      });

    /** Adding or removing a bookmark: on screen at once; the answer is the whole list. */
    const bookmark = (kind: 'add' | 'remove') =>
      build.mutation<string[], string>({
        query: (postId) => ({ url: `/users/${kind === 'add' ? 'bookmark' : 'remove-bookmark'}/${id(postId)}`, method: 'POST' }),
        transformResponse: bookmarksOf,
        async onQueryStarted(postId, { dispatch, queryFulfilled }) {
          const patch = dispatch(
            api.util.updateQueryData('getBookmarks', undefined, (ids) => {
              const rest = ids.filter((x) => x !== postId);
              return kind === 'add' ? [...rest, postId] : rest;
            }),
          );
          const settle = (data: string[]) => dispatch(api.util.updateQueryData('getBookmarks', undefined, () => data));
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
          const patch = dispatch(
            api.util.updateQueryData('getUsers', undefined, (users) => {
              const me = users.find((u) => u._id === before?._id);
              const them = users.find((u) => u._id === user._id);
              if (me && them) applyFollow(me, them, kind === 'follow');
            }),
          );
          await answerOrUndo(
            queryFulfilled,
            (data) => {
              dispatch(setUser(data.user));
              dispatch(api.util.updateQueryData('getUsers', undefined, () => data.allUsers));
              // Home shows the posts of the people one follows.
              dispatch(api.util.invalidateTags([{ type: 'Feed', id: 'home' }]));
            },
            () => {
              if (before) dispatch(setUser(before));
              patch.undo();
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
      /** Home's or Explore's posts, a page at a time in the filter's order, each page with the feed's total. */
      getFeed: build.infiniteQuery<PostsPageResponse, FeedArg, number>({
        infiniteQueryOptions: {
          initialPageParam: 1,
          getNextPageParam: (last, _all, lastPage) => (lastPage * FEED_PAGE_SIZE < last.total ? lastPage + 1 : undefined),
        },
        query: ({ queryArg: { scope, filter }, pageParam }) =>
          `${feedPath[scope]}?filter=${filter}&page=${pageParam}&limit=${FEED_PAGE_SIZE}`,
        providesTags: (_result, _error, { scope }) => ['Post', 'Feed', { type: 'Feed', id: scope }],
      }),
      getUsers: build.query<User[], void>({
        query: () => '/users',
        transformResponse: (response: UsersResponse) => response.users,
        providesTags: ['User'],
      }),
      /** A page of the posts carrying a tag, newest first, with the tag's post count. */
      getTagFeed: build.query<TagFeedResponse, { tag: string; page?: number; limit?: number }>({
        query: ({ tag, page = 1, limit = 50 }) => `/posts/tag/${id(tag)}?page=${page}&limit=${limit}`,
        providesTags: ['Post'],
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
      addComment: postsWrite(({ postId, text }: { postId: string; text: string }) => ({
        url: `/comments/add/${id(postId)}`,
        method: 'POST',
        body: commentBody(text),
      })),
      editComment: postsWrite(({ postId, commentId, text }: { postId: string; commentId: string; text: string }) => ({
        url: `/comments/edit/${id(postId)}/${id(commentId)}`,
        method: 'POST',
        body: commentBody(text),
      })),
      deleteComment: postsWrite(({ postId, commentId }: { postId: string; commentId: string }) => ({
        url: `/comments/delete/${id(postId)}/${id(commentId)}`,
        method: 'POST',
      })),

      addBookmark: bookmark('add'),
      removeBookmark: bookmark('remove'),
      followUser: follow('follow'),
      unfollowUser: follow('unfollow'),

      editUser: build.mutation<User, UserEdit>({
        query: (userData) => ({ url: '/users/edit', method: 'POST', body: { userData } satisfies EditUserRequest }),
        transformResponse: (response: UserResponse) => response.user,
        // The core rewrote the name and avatar embedded in the user's posts and comments.
        invalidatesTags: (_result, error) => (error ? [] : ['Post']),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(setUser(data));
            dispatch(api.util.updateQueryData('getUsers', undefined, (users) => users.map((u) => (u._id === data._id ? data : u))));
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
  useGetUsersQuery,
  useGetBookmarksQuery,
  useGetTagFeedQuery,
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
