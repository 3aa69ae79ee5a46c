// The build's server rendering (vite.config.ts, `prerender`): each page of
// app/prerendered.ts rendered to HTML with React's own `prerender`, through
// React Router's static handler (`createStaticHandler`, `createStaticRouter`,
// `StaticRouterProvider`), which loads the route modules first, for a visitor
// whose session is either the prerendered one (the shell, its data still
// loading) or none (the forms). Nothing here runs in the browser.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router-dom';
import { App, routerBasename } from './app/App';
import { PRERENDERED_SESSION, type PrerenderedPage } from './app/prerendered';
import { appRoutes } from './app/routes';
import { makeStore } from './app/store';
import { StartupNotices } from './features/demo-data/StartupNotices';
import { signedOut } from './api/session';

export { PRERENDERED_PAGES } from './app/prerendered';

/** Start-up notices come from the browser's backend: none at build time. */
const NO_NOTICES = new Promise<string[]>(() => {});

/** The routes without their loaders: at build time there is no backend, and a page is drawn as it is before its reads answer. */
function withoutReads(routes: RouteObject[]): RouteObject[] {
  return routes.map(
    ({ loader: _loader, children, ...route }) =>
      (children ? { ...route, children: withoutReads(children) } : route) as RouteObject,
  );
}

/**
 * The markup of `page`, to go inside `#root`. The same tree as the browser
 * renders (app/startup/render.tsx): React's ids (`useId`, which labels the
 * dialogs) follow the tree's shape, and hydration keeps the ids of the HTML.
 */
export async function renderPage(page: PrerenderedPage): Promise<string> {
  const store = makeStore({ preloadedState: { session: page.visitor === 'in' ? PRERENDERED_SESSION : signedOut } });
  const handler = createStaticHandler(withoutReads(appRoutes(store)), { basename: routerBasename });
  const url = new URL(`${routerBasename.replace(/\/$/, '')}${page.path}`, 'http://prerender.invalid');
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`prerender: ${page.path} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <App store={store}>
        {/* No hydration data: the CSP allows no inline script, and the pages' loaders read nothing the HTML shows. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </App>
      <StartupNotices notices={NO_NOTICES} />
    </StrictMode>,
  );
  return new Response(prelude).text();
}
