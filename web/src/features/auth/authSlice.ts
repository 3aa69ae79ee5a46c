import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { createAppAsyncThunk } from '../../app/createAppAsyncThunk';
import { apiRequest, errorMessage } from '../../lib/api';
import type { SignupData, User } from '../../api/models';
import { editUser, followUser, unfollowUser } from '../users/usersSlice';

/** The fixed localStorage key that holds `{user, token}`. */
export const AUTH_STORAGE_KEY = 'murmur.auth';

export interface AuthState {
  user: User | null;
  token: string | null;
  isLoading: boolean;
}

const initialState: AuthState = { user: null, token: null, isLoading: false };

/** The session saved by a previous visit, or none. Never throws. */
export function loadStoredAuth(storage: Storage | undefined = globalThis.localStorage): AuthState {
  try {
    const raw = storage?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return initialState;
    const parsed = JSON.parse(raw) as { user?: User; token?: string };
    if (typeof parsed.token !== 'string' || !parsed.user || typeof parsed.user.username !== 'string') {
      return initialState;
    }
    return { user: parsed.user, token: parsed.token, isLoading: false };
  } catch {
    return initialState;
  }
}

export function saveAuth(state: AuthState, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (state.token && state.user) {
      storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify({ user: state.user, token: state.token }));
    } else {
      storage?.removeItem(AUTH_STORAGE_KEY);
    }
  } catch {
    // Storage full or blocked: the session still works until the tab closes.
  }
}

export const login = createAppAsyncThunk(
  'auth/login',
  async (credentials: { username: string; password: string }, { rejectWithValue }) => {
    try {
      const data = await apiRequest<{ foundUser: User; encodedToken: string }>('/auth/login', {
        method: 'POST',
        body: credentials,
      });
      return { user: data.foundUser, token: data.encodedToken };
    } catch (error) {
      return rejectWithValue(errorMessage(error));
    }
  },
);

export const signup = createAppAsyncThunk('auth/signup', async (details: SignupData, { rejectWithValue }) => {
  try {
    const data = await apiRequest<{ createdUser: User; encodedToken: string }>('/auth/signup', {
      method: 'POST',
      body: details,
    });
    return { user: data.createdUser, token: data.encodedToken };
  } catch (error) {
    return rejectWithValue(errorMessage(error));
  }
});

const BOOKMARK_RESULT = /^posts\/(fetchBookmarks|addBookmark|removeBookmark)\/fulfilled$/;

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    logout() {
      return initialState;
    },
    /** A profile update replaces the stored user and keeps the token. */
    setUser(state, action: PayloadAction<User>) {
      state.user = action.payload;
    },
  },
  extraReducers: (builder) => {
    for (const thunk of [login, signup]) {
      builder
        .addCase(thunk.pending, (state) => {
          state.isLoading = true;
        })
        .addCase(thunk.fulfilled, (_state, action) => ({ ...action.payload, isLoading: false }))
        .addCase(thunk.rejected, (state) => {
          state.isLoading = false;
        });
    }
    builder.addCase(editUser.fulfilled, (state, action) => {
      state.user = action.payload;
    });
    for (const thunk of [followUser, unfollowUser]) {
      builder.addCase(thunk.fulfilled, (state, action) => {
        state.user = action.payload.user;
      });
    }
    // The bookmark calls live in the posts slice, which imports this one:
    // match their results by type so the stored user's bookmarks stay current.
    builder.addMatcher(
      (action): action is PayloadAction<string[]> => BOOKMARK_RESULT.test(action.type),
      (state, action) => {
        if (state.user) state.user.bookmarks = action.payload;
      },
    );
  },
});

export const { logout, setUser } = authSlice.actions;
export default authSlice.reducer;
