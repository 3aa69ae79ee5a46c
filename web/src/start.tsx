// The app's start (src/main.tsx loads this module, then calls `boot`): the
// store, the backend, and the first render, hydrating the prerendered page.
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { whenIdle, yieldToPage } from '@murmur/backend/protocol';
import { App, routerBasename } from './app/App';
import { preloadSignedInPages } from './app/routes';
import { firstRenderMatches, PRERENDERED_SESSION, routeOf } from './app/prerendered';
import type { AppStore, RootState } from './app/store';
import { forgetLastFeed, putLastFeed, readLastFeed, savedDataExists } from './api/lastFeed';
import { signedOut } from './api/session';
import { BackendUnavailable } from './components/BackendUnavailable';
import { StartupNotices } from './features/demo-data/StartupNotices';
import { applyTheme, loadTheme } from './features/theme/theme';
import { offerReloadOnNewVersion } from './features/updates/updates';
import { afterFirstPaint } from './lib/afterFirstPaint';
import { holdBackendRequestsUntil } from './lib/backendGate';
import { holdUploadsUntil } from './lib/mediaGate';
import { prepareDateFormats } from './lib/dateFormats';
import { takeEarlyCore } from './lib/earlyCore';
import './styles/global.css';

// The saved theme is on <html> before the first paint (src/boot.ts, in the
// build); the dev server has no boot script, so it is applied here as well.
applyTheme(loadTheme());

/**
 * The service worker: in the site's build, sw.js (src/sw.ts: Workbox
 * precaching for offline use, then msw's worker, imported; vite.config.ts
 * names it); the dev server uses msw's worker as it is.
 */
const WORKER_SCRIPT: string = import.meta.env.VITE_WORKER_SCRIPT ?? 'mockServiceWorker.js';

/** msw and the wasm core (the @murmur/backend package) come in a chunk of their own, loaded while the app renders. */
async function startBackend() {
  const { startMurmurBackend } = await import('@murmur/backend');
  performance.mark('murmur:mocks-loaded');
  const base = import.meta.env.BASE_URL;
  // The app sends its requests through the transport: it need not wait for
  // the service worker (on a first visit, installing it precaches the site).
  const backend = await startMurmurBackend({
    basePath: base,
    workerUrl: `${base}${WORKER_SCRIPT}`,
    persist: 'indexeddb',
    waitForWorker: false,
    // On a signed-in page the boot script has been fetching the core since the HTML came.
    wasmResponse: takeEarlyCore(),
    // The developers' panel (a chunk of its own, loaded only when on): in
    // `npm run dev`, and on the built site with `?devtools` in the address.
    devtools: import.meta.env.DEV || new URLSearchParams(window.location.search).has('devtools'),
  });
  // The app's requests are answered from here on.
  performance.mark('murmur:backend-ready');
  backend.worker
    .then(
      () => performance.mark('murmur:worker-ready'),
      () => undefined,
    )
    .finally(() => {
      // For tests and the bench: everything answers now (the page's own
      // fetch and `<img>` uploads too, when the browser allows a service worker).
      document.documentElement.dataset.backend = 'ready';
    });
  return backend;
}

/** Posts painted within this long after the copy went in, or the backend starts regardless. */
const COPY_PAINT_DEADLINE_MS = 3000;

/**
 * Resolves after the frame that paints the first post in `container` (or
 * after COPY_PAINT_DEADLINE_MS). A page that is not visible gets no frames
 * and paints nothing (a tab opened in the background): it resolves at once.
 */
function whenPostPainted(container: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(deadline);
      observer.disconnect();
      document.removeEventListener('visibilitychange', onHidden);
      resolve();
    };
    const deadline = setTimeout(finish, COPY_PAINT_DEADLINE_MS);
    const painted = () => requestAnimationFrame(() => setTimeout(finish, 0));
    // The app's own cards, not the picture of them drawn before the app ran.
    const shown = () => [...container.querySelectorAll('article')].some((card) => !card.closest('.last-feed-picture'));
    const observer = new MutationObserver(() => {
      if (shown()) painted();
    });
    const onHidden = () => {
      if (document.visibilityState !== 'visible') finish();
    };
    if (document.visibilityState !== 'visible') return finish();
    document.addEventListener('visibilitychange', onHidden);
    if (shown()) painted();
    else observer.observe(container, { childList: true, subtree: true });
  });
}

/** Said once when the browser gives the page no service worker (a private window, some privacy settings). */
const NO_WORKER_NOTICE =
  'This browser does not allow Murmur a service worker: it works while you are online, but not offline, and uploaded images cannot be shown.';

/**
 * The state the page was prerendered with, for hydration: the visitor's own
 * (theme, feed order) but the prerendered session (app/prerendered.ts), so
 * that the first render is the page in the HTML; the real session follows.
 */
function prerenderedState(store: AppStore, visitor: string | undefined): RootState {
  return { ...store.getState(), session: visitor === 'in' ? PRERENDERED_SESSION : signedOut };
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

/** Starts the app with its store (`makeStore({ persist: true })`): src/main.tsx calls it once the modules are in. */
export function boot(store: AppStore): void {
  offerReloadOnNewVersion();
  const container = document.getElementById('root');
  if (!container) return;
  const signedIn = store.getState().session.token !== null;
  const route = routeOf(window.location.pathname, routerBasename);
  // A return to Home shows the feed the visitor saw last while the backend
  // starts (api/lastFeed.ts), once the saved data it was read from is known
  // to be still here: asked before the backend opens (and so creates) it.
  const kept = route === '/' ? readLastFeed(store.getState().session) : null;
  // A signed-in page needs the backend for its first post: it starts at once,
  // beside the page's own chunks (the HTML preloads both). The login and
  // sign-up pages need it only on submit: it loads once they have painted,
  // or at the first request if that comes sooner.
  // With the feed seen last to show, it starts once that has painted: its
  // start-up (the msw chunk, the wasm core, the saved data) would otherwise
  // share the main thread with the render that shows the copy, and hold it up.
  let starting: ReturnType<typeof startBackend> | undefined;
  const start = () => (starting ??= startBackend());
  // The copy goes into the store before the first render (the check takes a few ms).
  const copyShown = kept
    ? savedDataExists().then((exists) => {
        if (!exists) {
          forgetLastFeed();
          return false;
        }
        const shown = putLastFeed(store.dispatch, store.getState, kept);
        // For tests and the bench: when the copy went in.
        if (shown) performance.mark('murmur:last-feed-shown');
        return shown;
      })
    : undefined;
  const copyPainted = copyShown?.then((shown) => (shown ? whenPostPainted(container) : undefined));
  const backend = !signedIn ? afterFirstPaint().then(start) : copyPainted ? copyPainted.then(start) : start();
  const notices = backend.then((started) => started.notices);
  // The cards' date formatters are made ahead of the first post (their
  // locale data loads in a worker), once the page is idle.
  void yieldToPage().then(() => prepareDateFormats(whenIdle));
  // A sign-in leads to Home: its modules load once the backend is in and the
  // page is idle, so that the first post follows the click at once. A failure
  // (offline before the first visit completed) is retried by the route itself.
  if (!signedIn) {
    backend.then(
      () => void whenIdle().then(() => preloadSignedInPages().catch(() => undefined)),
      () => undefined,
    );
  }
  // The app's requests wait for the backend, then go through its transport
  // (in the page, not through the service worker); the first render does not.
  holdBackendRequestsUntil(
    backend.then((started) => started.transport),
    { onFirstRequest: copyPainted ? undefined : () => void start() },
  );
  // Uploaded images wait for the service worker, which serves them to
  // `<img>`: the static host would answer them 404.
  const worker = backend.then((started) => started.worker);
  holdUploadsUntil(worker);
  const workerNotices = worker.then(
    () => [],
    () => [NO_WORKER_NOTICE],
  );
  // The same tree as the prerendered pages' (src/prerender.tsx).
  const app = (serverState?: RootState) => (
    <StrictMode>
      <App store={store} serverState={serverState} />
      <StartupNotices notices={Promise.all([notices, workerNotices]).then((lists) => lists.flat())} />
    </StrictMode>
  );
  const marks = container.dataset;
  const hydrating = firstRenderMatches(marks, route, signedIn);
  // Taken before Home's copy from the last visit goes into the store: hydration renders the page in the HTML.
  const serverState = hydrating ? prerenderedState(store, marks.prerenderedSession) : undefined;
  const render = () => {
    let root!: Root;
    if (hydrating) {
      // The page in the HTML is this visitor's first render: hydrate it. In
      // a transition, so that React hydrates in slices (lib/renderSlices.ts) and a tap
      // meanwhile is answered between them (React replays it once the target
      // is hydrated): as a plain update, hydration is one long task.
      startTransition(() => {
        root = hydrateRoot(container, app(serverState));
      });
    } else {
      root = createRoot(container);
      // A transition: the root waits for the route's chunks (app/routes.tsx)
      // with the HTML's page still there, then replaces it in one commit.
      const clearMarks = () => {
        container.removeAttribute('data-prerendered-path');
        container.removeAttribute('data-prerendered-session');
      };
      startTransition(() => root.render(<OnFirstCommit run={clearMarks}>{app()}</OnFirstCommit>));
    }
    notices.catch((error: unknown) => root.render(<BackendUnavailable error={error} />));
  };
  // Hydrating the signed-in shell and Home: their modules (linked by the
  // HTML) are in before the first render, so that hydration never waits on
  // them. A store update (the kept copy, the session) reaching a page still
  // waiting for its module makes React drop that part of the prerendered page
  // and show a spinner in its place: the composer, with what was typed in it,
  // and the return visit's picture would go with it.
  const pages =
    hydrating && marks.prerenderedSession === 'in' ? preloadSignedInPages().catch(() => undefined) : undefined;
  if (copyShown || pages) void Promise.allSettled([copyShown, pages]).then(render);
  else render();
}
