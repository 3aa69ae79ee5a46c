// The app's start-up, all of it, in order. Nothing here waits for the page to
// be idle or painted before starting anything:
// 1. the prerendered page paints, right for this visitor (paint.ts, run by
//    the boot script before the first paint);
// 2. the backend starts at once, in its own worker (backend.ts), while
// 3. the app hydrates as soon as its first route's modules are in
//    (render.tsx): a tap on the page from then on is React's to replay.
// A page's reads go to the backend when they are made and wait for it there.
// src/main.tsx calls `start()`.
import { BackendUnavailable } from '../../components/BackendUnavailable';
import { hasLastVisit, restoreLastVisit } from '../../features/last-visit';
import { offerReloadOnNewVersion } from '../../features/updates/updates';
import { prepareDateFormats } from '../../lib/dateFormats';
import { whenIdle } from '../../lib/schedule';
import { routerBasename } from '../App';
import { routeOf } from '../prerendered';
import { makeStore } from '../store';
import { startBackend } from './backend';
import { paintForVisitor } from './paint';
import { createAppRouter, prerenderedState, renderApp, whenRouterReady } from './render';
import '../../styles/global.css';

export async function start(): Promise<void> {
  // Done by the boot script before the first paint in the build; the dev server has none.
  const visitor = paintForVisitor();
  offerReloadOnNewVersion();
  const container = document.getElementById('root');
  if (!container) return;
  // On every page, now: the backend's thread is its own, so its start takes nothing from the render.
  const backend = startBackend();
  const store = makeStore({ persist: true });
  const serverState = prerenderedState(store.getState());
  // A return to Home shows the feed seen last (features/last-visit) until the backend's answer replaces it.
  const returning =
    visitor === 'in' &&
    routeOf(window.location.pathname, routerBasename) === '/' &&
    hasLastVisit(store.getState().session);
  if (returning) void restoreLastVisit(store.dispatch, store.getState).catch(() => undefined);
  const router = createAppRouter(store);
  await whenRouterReady(router);
  // For tests and the bench: the first route's modules are in (its loaders start its reads and do not wait for them).
  performance.mark('murmur:router-ready');
  const root = renderApp(container, { store, router, serverState, notices: backend.notices });
  backend.notices.catch((error: unknown) => root.render(<BackendUnavailable error={error} />));
  // The cards' date formatters are made ahead of the first post (their locale data loads in a worker).
  void prepareDateFormats(whenIdle);
}
