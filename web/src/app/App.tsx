import { useLayoutEffect } from 'react';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { Provider, useSelector } from 'react-redux';
import { Toasts } from '../components/Toasts';
import { DataSync } from '../features/demo-data/useDataSync';
import { applyTheme } from '../features/theme/theme';
import { selectTheme } from '../features/theme/themeSlice';
import type { AppStore, RootState } from './store';
import { AppRoutes } from './routes';
import './app.css';

/**
 * The router's basename: the site's base path with its trailing slash, so
 * that Home is `/murmur/`. Without the slash the page would sit at `/murmur`,
 * outside the service worker's scope `/murmur/`, and after a reload there no
 * upload would load.
 */
export const routerBasename = import.meta.env.BASE_URL;

// Opened at the base without its slash (a host that does not redirect): move to it before the router reads the URL.
if (typeof window !== 'undefined' && `${window.location.pathname}/` === routerBasename) {
  window.history.replaceState(
    window.history.state,
    '',
    `${routerBasename}${window.location.search}${window.location.hash}`,
  );
}

/** Keeps <html> in step with the chosen theme (start.tsx applies it before the first paint). */
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
  /** Rendering at build time (src/prerender.tsx): the route to render, instead of the browser's. */
  location?: string;
}

export function App({ store, serverState, location }: AppProps) {
  const routes = <AppRoutes />;
  return (
    <Provider store={store} serverState={serverState}>
      <ThemeSync />
      <DataSync />
      {location === undefined ? (
        <BrowserRouter basename={routerBasename}>{routes}</BrowserRouter>
      ) : (
        <StaticRouter basename={routerBasename} location={`${routerBasename.replace(/\/$/, '')}${location}`}>
          {routes}
        </StaticRouter>
      )}
      <AppToaster />
    </Provider>
  );
}
