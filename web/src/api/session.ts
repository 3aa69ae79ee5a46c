// The session: who is signed in and their token. Client state, kept in a
// slice (and in localStorage by the store); everything the server says lives
// in the API cache (api/apiSlice.ts).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from './models';

/** The fixed localStorage key that holds `{user, token}`. */
export const AUTH_STORAGE_KEY = 'murmur.auth';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

export interface SessionState {
  user: User | null;
  token: string | null;
}

const signedOut: SessionState = { user: null, token: null };

/** The session saved by a previous visit, or none. Never throws. */
export function loadStoredSession(storage: Storage | undefined = globalThis.localStorage): SessionState {
  try {
    const raw = storage?.getItem(AUTH_STORAGE_KEY);
    if (!raw) return signedOut;
    const parsed = JSON.parse(raw) as { user?: User; token?: string };
    if (typeof parsed.token !== 'string' || !parsed.user || typeof parsed.user.username !== 'string') {
      return signedOut;
    }
    return { user: parsed.user, token: parsed.token };
  } catch {
    return signedOut;
  }
}

export function saveSession(state: SessionState, storage: Storage | undefined = globalThis.localStorage): void {
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

export const sessionSlice = createSlice({
  name: 'session',
  initialState: signedOut,
  reducers: {
    signedIn(_state, action: PayloadAction<{ user: User; token: string }>) {
      return action.payload;
    },
    /** The signed-in user as the backend now describes them; the token stays. */
    setUser(state, action: PayloadAction<User>) {
      if (state.user && state.user._id === action.payload._id) state.user = action.payload;
    },
    logout() {
      return signedOut;
    },
  },
  selectors: {
    selectSignedInUser: (state) => state.user,
    selectToken: (state) => state.token,
  },
});

export const { signedIn, setUser, logout } = sessionSlice.actions;
export const { selectSignedInUser, selectToken } = sessionSlice.selectors;
