// Everything the server says lives here: one RTK Query API whose endpoints
// are typed with the request and response types generated from the core
// (api/types), so a change of shape in the core fails `tsc`. Posts, users and
// bookmarks are cached queries; a mutation whose answer is the whole post
// list writes it into the cache (spec §4), likes, bookmarks and follows show
// at once and are taken back if the core refuses.
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
  tagTypes: ['Post', 'User', 'Bookmark'],
  endpoints: (build) => {
    /** A write whose answer is the whole post list: it replaces the cached one, no refetch. */
    const postsWrite = <Arg>(query: (arg: Arg) => ApiArgs) =>
      build.mutation<Post[], Arg>({
        query,
        transformResponse: postsOf,
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(api.util.updateQueryData('getPosts', undefined, () => data));
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
          const patch = dispatch(
            api.util.updateQueryData('getPosts', undefined, (posts) => {
              const post = posts.find((p) => p._id === postId);
              if (post && me) applyVote(post.likes, me, kind);
            }),
          );
          const settle = (data: Post[]) => dispatch(api.util.updateQueryData('getPosts', undefined, () => data));
          await answerOrUndo(queryFulfilled, settle, patch.undo);
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

      createPost: postsWrite((postData: PostData) => ({
        url: '/posts',
        method: 'POST',
        body: { postData } satisfies PostRequest,
      })),
      editPost: postsWrite(({ postId, postData }: { postId: string; postData: PostData }) => ({
        url: `/posts/edit/${id(postId)}`,
        method: 'POST',
        body: { postData } satisfies PostRequest,
      })),
      deletePost: postsWrite((postId: string) => ({ url: `/posts/${id(postId)}`, method: 'DELETE' })),
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
