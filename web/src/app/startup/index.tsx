// The app's start, in three phases (each a module here, each testable alone):
// the prerendered page paints (paint.ts, run by the boot script before the
// first paint); the backend starts (backend.ts); the app hydrates
// (render.tsx). src/main.tsx calls `start()`.
import { BackendUnavailable } from '../../components/BackendUnavailable';
import { hasLastVisit, restoreLastVisit } from '../../features/last-visit';
import { offerReloadOnNewVersion } from '../../features/updates/updates';
import { prepareDateFormats } from '../../lib/dateFormats';
import { whenIdle } from '../../lib/schedule';
import { routerBasename } from '../App';
import { routeOf } from '../prerendered';
import { preloadSignedInPages } from '../routes';
import { makeStore } from '../store';
import { prepareBackend } from './backend';
import { paintForVisitor } from './paint';
import { createAppRouter, prerenderedState, renderApp, whenCardsPainted, whenRouterReady } from './render';
import '../../styles/global.css';

export async function start(): Promise<void> {
  // Done by the boot script before the first paint in the build; the dev server has none.
  const visitor = paintForVisitor();
  offerReloadOnNewVersion();
  const container = document.getElementById('root');
  if (!container) return;
  const store = makeStore({ persist: true });
  const serverState = prerenderedState(store.getState());
  // A return to Home draws the feed seen last (features/last-visit) while
  // the backend starts, whose start-up (the msw chunk, the wasm core, the
  // saved data) would otherwise share the main thread with that render: it
  // starts once the copy is on screen. Any other signed-in page needs the
  // backend for its first post: it starts at once.
  const returning =
    visitor === 'in' &&
    routeOf(window.location.pathname, routerBasename) === '/' &&
    hasLastVisit(store.getState().session);
  const backend = prepareBackend({ startOnFirstRequest: !returning });
  if (returning) {
    void restoreLastVisit(store.dispatch, store.getState)
      .then((shown) => (shown ? whenCardsPainted(container) : undefined))
      // Whatever became of the copy, the backend starts.
      .catch(() => undefined)
      .then(() => backend.start())
      .catch(() => undefined);
  } else if (visitor === 'in') void backend.start().catch(() => undefined);
  const router = createAppRouter(store);
  await whenRouterReady(router);
  // For tests and the bench: the first route's modules and loaders are in.
  performance.mark('murmur:router-ready');
  const root = renderApp(container, { store, router, serverState, notices: backend.notices });
  backend.notices.catch((error: unknown) => root.render(<BackendUnavailable error={error} />));
  // The cards' date formatters are made ahead of the first post (their locale data loads in a worker).
  void prepareDateFormats(whenIdle);
  if (visitor === 'out') {
    // The login and sign-up pages need the backend only on submit (or their
    // first request): it starts once they are idle; then the shell and Home
    // load, so that a sign-in's first post follows the click at once.
    await whenIdle();
    await backend.start().catch(() => undefined);
    await whenIdle();
    await preloadSignedInPages().catch(() => undefined);
  }
}
