// The start-up's third phase: the app hydrates. React Router's data router
// loads the first route's modules and runs its loaders (app/routes.tsx),
// then React hydrates the prerendered page when it is this visitor's first
// render, and renders afresh otherwise.
import { StrictMode, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router-dom';
import { signedOut } from '../../api/session';
import { StartupNotices } from '../../features/demo-data/StartupNotices';
import { App, routerBasename } from '../App';
import { firstRenderMatches, PRERENDERED_SESSION, routeOf, type PrerenderMarks } from '../prerendered';
import { appRoutes } from '../routes';
import type { AppStore, RootState } from '../store';
import { releaseEarlyTaps } from './paint';

/** The app's router in the browser. */
export function createAppRouter(store: AppStore): DataRouter {
  // Opened at the base without its slash (a host that does not redirect): move to it before the router reads the URL.
  if (`${window.location.pathname}/` === routerBasename) {
    window.history.replaceState(
      window.history.state,
      '',
      `${routerBasename}${window.location.search}${window.location.hash}`,
    );
  }
  return createBrowserRouter(appRoutes(store), { basename: routerBasename });
}

/** Settles once the router has loaded the first route's modules and run its loaders: its first render is then the page. */
export function whenRouterReady(router: DataRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * The state the page was prerendered with, for hydration: the visitor's own
 * (theme, feed order) but the prerendered session (app/prerendered.ts), so
 * that the first render is the page in the HTML; the real state (the
 * session, a return visit's feed) renders right after. Taken before the
 * router's loaders run, while the cache holds no data yet.
 */
export function prerenderedState(state: RootState): RootState {
  return { ...state, session: state.session.token === null ? signedOut : PRERENDERED_SESSION };
}

/**
 * When the HTML holds a page the client does not render first, the app
 * renders afresh; the old page stays (hidden if it was meant for the other
 * kind of visitor, global.css) until this first commit replaces it.
 */
function OnFirstCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useLayoutEffect(run, [run]);
  return children;
}

/** Once the first render is committed (its handlers attached), a tap held until then is done. */
function WhenInCharge({ children }: { children: ReactNode }) {
  useEffect(() => releaseEarlyTaps(), []);
  return children;
}

export interface RenderOptions {
  store: AppStore;
  router: DataRouter;
  /** The state to hydrate with (`prerenderedState`), taken before the router's loaders ran. */
  serverState: RootState;
  /** What the backend has to say at start-up. */
  notices: Promise<readonly string[]>;
}

/** Renders the app into `container`: hydrating its prerendered page if that is this first render, afresh otherwise. */
export function renderApp(container: HTMLElement, { store, router, serverState, notices }: RenderOptions): Root {
  // The same tree as the prerendered pages' (src/prerender.tsx).
  const app = (hydrating: boolean) => (
    <StrictMode>
      <WhenInCharge>
        <App store={store} serverState={hydrating ? serverState : undefined}>
          <RouterProvider router={router} />
        </App>
        <StartupNotices notices={notices} />
      </WhenInCharge>
    </StrictMode>
  );
  const marks: PrerenderMarks = container.dataset;
  const route = routeOf(window.location.pathname, routerBasename);
  if (firstRenderMatches(marks, route, store.getState().session.token !== null)) {
    return hydrateRoot(container, app(true));
  }
  const root = createRoot(container);
  const clearMarks = () => {
    container.removeAttribute('data-prerendered-path');
    container.removeAttribute('data-prerendered-session');
  };
  root.render(<OnFirstCommit run={clearMarks}>{app(false)}</OnFirstCommit>);
  return root;
}
