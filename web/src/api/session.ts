// The session: who is signed in and their token. Client state, kept in a
// slice (and in localStorage by the store); everything the server says lives
// in the API cache (api/apiSlice.ts).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from './models';
import { signedOut } from './storedSession';

export { AUTH_STORAGE_KEY, loadStoredSession, saveSession, signedOut, type SessionState } from './storedSession';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

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
