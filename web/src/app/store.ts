import { combineSlices, configureStore, createListenerMiddleware, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../api/apiSlice';
import { loadStoredSession, logout, saveSession, sessionSlice } from '../api/session';
import { lastVisitListener } from '../features/last-visit';
import { feedSlice } from '../features/posts/feedSlice';
import { loadTheme, saveTheme } from '../features/theme/theme';
import { themeSlice } from '../features/theme/themeSlice';

const appReducer = combineSlices(sessionSlice, api, themeSlice, feedSlice);

export type RootState = ReturnType<typeof appReducer>;

/** Logging out forgets everything the session loaded; the theme belongs to the device. */
function rootReducer(state: Partial<RootState> | undefined, action: UnknownAction): RootState {
  if (state && logout.match(action)) return appReducer({ theme: state.theme }, action);
  return appReducer(state, action);
}

/**
 * A new store. `persist` (on in the app, off by default in tests) restores the
 * session and the theme from localStorage and saves them back on change, and
 * keeps what the next visit shows first (features/last-visit).
 */
export function makeStore(options: { preloadedState?: Partial<RootState>; persist?: boolean } = {}) {
  const { persist = false } = options;
  const preloadedState: Partial<RootState> = { ...options.preloadedState };
  if (persist && !preloadedState.session) preloadedState.session = loadStoredSession();
  if (persist && !preloadedState.theme) preloadedState.theme = loadTheme();
  // The API's own bookkeeping (subscriptions, requests under way) forgets the
  // session too, once the request that may have ended it has settled.
  const onLogout = createListenerMiddleware();
  onLogout.startListening({
    actionCreator: logout,
    effect: (_action, { dispatch }) => void setTimeout(() => dispatch(api.util.resetApiState())),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => {
      const middleware = getDefault().prepend(onLogout.middleware).concat(api.middleware);
      return persist ? middleware.concat(lastVisitListener()) : middleware;
    },
  });
  if (persist) {
    let last = store.getState();
    store.subscribe(() => {
      const state = store.getState();
      if (state.session !== last.session) saveSession(state.session);
      if (state.theme !== last.theme) saveTheme(state.theme);
      last = state;
    });
  }
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
