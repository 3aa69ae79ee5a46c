// Whether a server is the app's backend, and where (read synchronously, at
// start-up and by any page that must say what a server-backed app cannot
// do): a page served by `murmur-backend serve --static` carries the
// server's marker, and a build may name its server (`VITE_MURMUR_API`).
// Otherwise the backend runs in the tab (app/startup/backend.ts).

import { useSyncExternalStore } from 'react';

/** The marker a server puts in the HTML it serves: its API is the app's backend. */
export const SERVER_MARKER = 'meta[name="murmur-backend"][content="server"]';

/**
 * The server the app's backend is, as the base address its `api/` is under:
 * `VITE_MURMUR_API` when the build sets it, the page's own site when the
 * server marked the page; null when the backend runs in the tab.
 */
export function serverBackend(
  doc: Document = document,
  configured: string | undefined = import.meta.env.VITE_MURMUR_API,
): URL | null {
  const site = new URL(import.meta.env.BASE_URL, doc.baseURI);
  if (configured) {
    const url = new URL(configured, site);
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    return url;
  }
  return doc.querySelector(SERVER_MARKER) ? site : null;
}

const noChanges = () => () => undefined;

/**
 * The host of the server that is the app's backend, or null, for a
 * component: null when prerendered (the build knows of no server) and while
 * hydrating, then the page's own answer, so the prerendered markup hydrates
 * as it is.
 */
export function useServerBackendHost(): string | null {
  return useSyncExternalStore(
    noChanges,
    () => serverBackend()?.host ?? null,
    () => null,
  );
}
