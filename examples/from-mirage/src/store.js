// Redux Toolkit slices as the app had them: the signed-in user and token
// (kept in localStorage), every post (each post write replaces the list with
// the answer's), every user.
import { configureStore, createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { api } from './api.js';

const SAVED = 'from-mirage-auth';
const saved = JSON.parse(localStorage.getItem(SAVED) ?? 'null');
const message = (error) => error.response?.data?.errors?.[0] ?? error.message;
const thunk = (name, call) =>
  createAsyncThunk(name, async (arg, { getState, rejectWithValue }) => {
    try {
      return (await call(getState().auth.token, arg)).data;
    } catch (error) {
      return rejectWithValue(message(error));
    }
  });

export const login = thunk('auth/login', (_, { username, password }) => api.login(username, password));
export const loadPosts = thunk('posts/load', () => api.posts());
export const loadUsers = thunk('users/load', () => api.users());
export const createPost = thunk('posts/create', (token, content) => api.createPost(token, content));
export const toggleLike = thunk('posts/like', (token, { postId, liked }) =>
  liked ? api.dislike(token, postId) : api.like(token, postId),
);
export const addComment = thunk('posts/comment', (token, { postId, text }) => api.comment(token, postId, text));
export const toggleFollow = thunk('users/follow', (token, { userId, following }) =>
  following ? api.unfollow(token, userId) : api.follow(token, userId),
);
export const editProfile = thunk('auth/edit', (token, userData) => api.editUser(token, userData));

const auth = createSlice({
  name: 'auth',
  initialState: { user: saved?.user ?? null, token: saved?.token ?? null, error: null },
  reducers: {
    logout: (state) => {
      state.user = null;
      state.token = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.fulfilled, (state, { payload }) => {
        state.user = payload.foundUser;
        state.token = payload.encodedToken;
        state.error = null;
      })
      .addCase(login.rejected, (state, { payload }) => {
        state.error = payload;
      })
      .addCase(editProfile.fulfilled, (state, { payload }) => {
        state.user = payload.user;
      })
      .addCase(toggleFollow.fulfilled, (state, { payload }) => {
        state.user = payload.user;
      });
  },
});

const replacePosts = (state, { payload }) => {
  state.all = payload.posts;
};
const posts = createSlice({
  name: 'posts',
  initialState: { all: [] },
  reducers: {},
  extraReducers: (builder) => {
    for (const thunk of [loadPosts, createPost, toggleLike, addComment]) builder.addCase(thunk.fulfilled, replacePosts);
  },
});

const users = createSlice({
  name: 'users',
  initialState: { all: [] },
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadUsers.fulfilled, (state, { payload }) => {
        state.all = payload.users;
      })
      .addCase(toggleFollow.fulfilled, (state, { payload }) => {
        state.all = payload.allUsers;
      });
  },
});

export const { logout } = auth.actions;
export const store = configureStore({ reducer: { auth: auth.reducer, posts: posts.reducer, users: users.reducer } });
store.subscribe(() => {
  const { user, token } = store.getState().auth;
  localStorage.setItem(SAVED, JSON.stringify(token ? { user, token } : null));
});
