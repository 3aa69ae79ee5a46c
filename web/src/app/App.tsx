import { useLayoutEffect, type ReactNode } from 'react';
import { Provider, useSelector } from 'react-redux';
import { Toasts } from '../components/Toasts';
import { DataSync } from '../features/demo-data/useDataSync';
import { applyTheme } from '../features/theme/theme';
import { selectTheme } from '../features/theme/themeSlice';
import type { AppStore, RootState } from './store';
import './app.css';

/**
 * The router's basename: the site's base path with its trailing slash, so
 * that Home is `/murmur/`. Without the slash the page would sit at `/murmur`,
 * outside the service worker's scope `/murmur/`, and after a reload there no
 * upload would load.
 */
export const routerBasename = import.meta.env.BASE_URL;

/** Keeps <html> in step with the chosen theme (the boot script applies it before the first paint). */
export function ThemeSync() {
  const theme = useSelector(selectTheme);
  useLayoutEffect(() => applyTheme(theme), [theme]);
  return null;
}

/** The app's toasts (components/Toasts.tsx). */
export const AppToaster = Toasts;

interface AppProps {
  store: AppStore;
  /** The state the page was prerendered with: hydration renders that first (react-redux's `serverState`). */
  serverState?: RootState;
  /** The router: React Router's `RouterProvider` in the browser, its `StaticRouterProvider` at build time. */
  children: ReactNode;
}

/** The whole app around its router: the store, the theme, the data's sync between tabs, the toasts. */
export function App({ store, serverState, children }: AppProps) {
  return (
    <Provider store={store} serverState={serverState}>
      <ThemeSync />
      <DataSync />
      {children}
      <AppToaster />
    </Provider>
  );
}
