import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk';
import { apiRequest, errorMessage, type RequestOptions } from '../../lib/api';
import type { Comment, Post, PostData } from '../../api/models';
import type { RootState } from '../../app/store';
import { login, logout, signup } from '../auth/authSlice';

export type PostFilter = 'Latest' | 'Oldest' | 'Trending';
export const POST_FILTERS: PostFilter[] = ['Oldest', 'Latest', 'Trending'];
export const PAGE_SIZE = 5;

export interface PostsState {
  allPosts: Post[];
  /** Ids of the signed-in user's bookmarked posts. */
  bookmarkPosts: string[];
  filterPost: PostFilter;
  postComments: Comment[];
  isLoading: boolean;
  isPostLoading: boolean;
  page: number;
}

const initialState: PostsState = {
  allPosts: [],
  bookmarkPosts: [],
  filterPost: 'Latest',
  postComments: [],
  isLoading: false,
  isPostLoading: false,
  page: 1,
};

/** A thunk that calls the API (with the token when `auth`) and returns `pick(data)`. */
function apiThunk<Arg, Data, Result>(
  type: string,
  request: (arg: Arg) => { path: string } & Omit<RequestOptions, 'token'>,
  pick: (data: Data) => Result,
) {
  return createAppAsyncThunk(type, async (arg: Arg, { getState, rejectWithValue }) => {
    try {
      const { path, ...options } = request(arg);
      return pick(await apiRequest<Data>(path, { ...options, token: getState().auth.token }));
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  });
}

const posts = (data: { posts: Post[] }) => data.posts;
const bookmarks = (data: { bookmarks: string[] }) => data.bookmarks;
const id = encodeURIComponent;

export const fetchPosts = apiThunk('posts/fetchAll', (_: void) => ({ path: '/posts' }), posts);
export const createPost = apiThunk(
  'posts/create',
  (postData: PostData) => ({ path: '/posts', method: 'POST', body: { postData } }),
  posts,
);
export const editPost = apiThunk(
  'posts/edit',
  ({ postId, postData }: { postId: string; postData: PostData }) => ({
    path: `/posts/edit/${id(postId)}`,
    method: 'POST',
    body: { postData },
  }),
  posts,
);
export const deletePost = apiThunk(
  'posts/delete',
  (postId: string) => ({ path: `/posts/${id(postId)}`, method: 'DELETE' }),
  posts,
);
export const likePost = apiThunk(
  'posts/like',
  (postId: string) => ({ path: `/posts/like/${id(postId)}`, method: 'POST' }),
  posts,
);
export const dislikePost = apiThunk(
  'posts/dislike',
  (postId: string) => ({ path: `/posts/dislike/${id(postId)}`, method: 'POST' }),
  posts,
);
export const addComment = apiThunk(
  'posts/addComment',
  ({ postId, text }: { postId: string; text: string }) => ({
    path: `/comments/add/${id(postId)}`,
    method: 'POST',
    body: { commentData: text },
  }),
  posts,
);
export const editComment = apiThunk(
  'posts/editComment',
  ({ postId, commentId, text }: { postId: string; commentId: string; text: string }) => ({
    path: `/comments/edit/${id(postId)}/${id(commentId)}`,
    method: 'POST',
    body: { commentData: text },
  }),
  posts,
);
export const deleteComment = apiThunk(
  'posts/deleteComment',
  ({ postId, commentId }: { postId: string; commentId: string }) => ({
    path: `/comments/delete/${id(postId)}/${id(commentId)}`,
    method: 'POST',
  }),
  posts,
);
export const fetchBookmarks = apiThunk('posts/fetchBookmarks', (_: void) => ({ path: '/users/bookmark' }), bookmarks);
export const addBookmark = apiThunk(
  'posts/addBookmark',
  (postId: string) => ({ path: `/users/bookmark/${id(postId)}`, method: 'POST' }),
  bookmarks,
);
export const removeBookmark = apiThunk(
  'posts/removeBookmark',
  (postId: string) => ({ path: `/users/remove-bookmark/${id(postId)}`, method: 'POST' }),
  bookmarks,
);

/** Every thunk whose answer is the whole post list. */
const postListThunks = [
  fetchPosts,
  createPost,
  editPost,
  deletePost,
  likePost,
  dislikePost,
  addComment,
  editComment,
  deleteComment,
];
const bookmarkThunks = [fetchBookmarks, addBookmark, removeBookmark];

const postsSlice = createSlice({
  name: 'posts',
  initialState,
  reducers: {
    setFilter(state, action: PayloadAction<PostFilter>) {
      state.filterPost = action.payload;
      state.page = 1;
    },
    nextPage(state) {
      state.page += 1;
    },
    resetPage(state) {
      state.page = 1;
    },
  },
  extraReducers: (builder) => {
    // The bookmark list starts as the signed-in user's, and leaves with them.
    for (const thunk of [login, signup]) {
      builder.addCase(thunk.fulfilled, (state, action) => {
        state.bookmarkPosts = action.payload.user.bookmarks ?? [];
      });
    }
    builder.addCase(logout, (state) => {
      state.bookmarkPosts = [];
      state.page = 1;
    });
    for (const thunk of postListThunks) {
      builder
        .addCase(thunk.pending, (state) => {
          state.isPostLoading = true;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          state.allPosts = action.payload;
          state.isPostLoading = false;
        })
        .addCase(thunk.rejected, (state) => {
          state.isPostLoading = false;
        });
    }
    for (const thunk of bookmarkThunks) {
      builder
        .addCase(thunk.pending, (state) => {
          state.isLoading = true;
        })
        .addCase(thunk.fulfilled, (state, action) => {
          state.bookmarkPosts = action.payload;
          state.isLoading = false;
        })
        .addCase(thunk.rejected, (state) => {
          state.isLoading = false;
        });
    }
  },
});

export const { setFilter, nextPage, resetPage } = postsSlice.actions;

export const selectAllPosts = (state: RootState) => state.posts.allPosts;
export const selectBookmarkIds = (state: RootState) => state.posts.bookmarkPosts;
export const selectPostById = (state: RootState, postId: string | undefined) =>
  state.posts.allPosts.find((post) => post._id === postId);
export default postsSlice.reducer;
