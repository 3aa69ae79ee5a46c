/// <reference lib="webworker" />
// The site's one service worker: Workbox precaching (the app shell, chunks,
// the wasm core, seed media, avatars, the login video) in front of msw's own
// worker, which it imports unchanged (so `msw init` can still update it).
//
// Order matters. Listeners of one event run in the order they were added, and
// msw's `fetch` listener answers every non-navigation request once a page has
// started mocking (passing unhandled ones to the network). So ours is added
// first: it answers precached files and SPA navigations from the cache and
// stops the event there; everything else (`<base>api/`, uploaded `<base>media/`
// served from IndexedDB by the page's handlers) goes on to msw as before.
import { PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { NavigationRoute, Router } from 'workbox-routing';
import { CLAIM_PAGE_MESSAGE } from '@murmur/backend/protocol';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** The worker's own folder: the site's base path (`/` or `/murmur/`). */
const base = new URL('./', self.location.href).pathname;

// The list of files and their revisions is written in by the build
// (vite-plugin-pwa's injectManifest), so every deploy is a new worker script:
// browsers compare it byte for byte on each visit and install the new one.
const precache = new PrecacheController();
precache.precache(self.__WB_MANIFEST);

const router = new Router();
// `/login` is the prerendered `login/index.html` (Workbox itself tries
// `/login/index.html` only for `/login/`).
router.registerRoute(
  new PrecacheRoute(precache, {
    urlManipulation: ({ url }) => (url.pathname.endsWith('/') ? [] : [new URL(`${url.pathname}/index.html`, url)]),
  }),
);
// Deep links (`/post/p-01`, `/murmur/profile/ada`) are the app's routes: any
// navigation inside the scope gets index.html, network or not (precached
// files matched first, above). Paths the page's handlers answer are left alone.
router.registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL(`${base}index.html`), {
    denylist: [new RegExp(`^${base}(api|media|__murmur)/`)],
  }),
);

self.addEventListener('fetch', (event) => {
  const response = router.handleRequest({ request: event.request, event });
  if (!response) return;
  event.respondWith(response);
  event.stopImmediatePropagation();
});

// msw's worker unregisters itself when its last page closes (for a mock worker
// in development, so that a page that stops mocking is not left intercepted).
// Here it is the site's offline shell and must outlive its pages: otherwise a
// reload (which closes the last page first) can find no worker and, with the
// network gone, show the browser's error page. The page-side `unregister()`
// (msw's `worker.stop()` teardown, or a user in devtools) is not affected.
Object.defineProperty(self.registration, 'unregister', { value: () => Promise.resolve(false) });

// A page this worker does not control (a hard reload bypasses it) asks to be
// taken over rather than reloading itself (@murmur/backend waits for this
// before it starts msw, whose start would reload such a page).
self.addEventListener('message', (event) => {
  if (event.data === CLAIM_PAGE_MESSAGE) event.waitUntil(self.clients.claim());
});

// msw's worker also takes over at once (`skipWaiting` on install, `clients.claim`
// on activate): a new deploy is installed on the next visit and takes over the
// open pages, which then offer a reload (src/features/updates/updates.tsx).
self.importScripts('mockServiceWorker.js');
