import { combineReducers, configureStore } from '@reduxjs/toolkit';
import auth, { loadStoredAuth, logout, saveAuth } from '../features/auth/authSlice';
import comments from '../features/comments/commentsSlice';
import posts from '../features/posts/postsSlice';
import users from '../features/users/usersSlice';

const rootReducer = combineReducers({ auth, users, posts, comments });

export type RootState = ReturnType<typeof rootReducer>;

/**
 * A new store. `persist` (on in the app, off by default in tests) restores the
 * session from localStorage and saves it back whenever it changes.
 */
export function makeStore(options: { preloadedState?: Partial<RootState>; persist?: boolean } = {}) {
  const { persist = false } = options;
  const preloadedState: Partial<RootState> = { ...options.preloadedState };
  if (persist && !preloadedState.auth) preloadedState.auth = loadStoredAuth();
  const store = configureStore({ reducer: rootReducer, preloadedState });
  if (persist) {
    let last = store.getState().auth;
    store.subscribe(() => {
      const auth = store.getState().auth;
      if (auth.user !== last.user || auth.token !== last.token) saveAuth(auth);
      last = auth;
    });
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export { logout };
