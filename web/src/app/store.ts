import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import auth, { loadStoredAuth, logout, saveAuth } from '../features/auth/authSlice';
import comments from '../features/comments/commentsSlice';
import posts from '../features/posts/postsSlice';
import theme from '../features/theme/themeSlice';
import { loadTheme, saveTheme } from '../features/theme/theme';
import users from '../features/users/usersSlice';
import { createSessionListener } from './session';

const appReducer = combineReducers({ auth, users, posts, comments, theme });

export type RootState = ReturnType<typeof appReducer>;

/** Logging out forgets everything the session loaded; the theme belongs to the device. */
function rootReducer(state: Partial<RootState> | undefined, action: UnknownAction): RootState {
  if (state && logout.match(action)) return appReducer({ theme: state.theme }, action);
  return appReducer(state, action);
}

/**
 * A new store. `persist` (on in the app, off by default in tests) restores the
 * session and the theme from localStorage and saves them back on change.
 */
export function makeStore(options: { preloadedState?: Partial<RootState>; persist?: boolean } = {}) {
  const { persist = false } = options;
  const preloadedState: Partial<RootState> = { ...options.preloadedState };
  if (persist && !preloadedState.auth) preloadedState.auth = loadStoredAuth();
  if (persist && !preloadedState.theme) preloadedState.theme = loadTheme();
  const session = createSessionListener();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(session.middleware),
  });
  if (persist) {
    let last = store.getState();
    store.subscribe(() => {
      const state = store.getState();
      if (state.auth.user !== last.auth.user || state.auth.token !== last.auth.token) saveAuth(state.auth);
      if (state.theme !== last.theme) saveTheme(state.theme);
      last = state;
    });
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export { logout };
