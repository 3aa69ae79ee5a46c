// Uploaded images are served by the in-browser backend through msw's service
// worker (which hands the page's `<img>` requests to the page's handlers), not
// by the static host. Until that worker is active and routes this page, an
// `<img>` asking for `media/m-01` reaches the host, gets a 404 and never tries
// again: such images wait for the worker before they get a `src`. In a
// browser that gives the page no service worker they are never requested.

import { useSyncExternalStore } from 'react';

/** Whether uploads can be requested: not yet, yes, or never on this page (no service worker). */
export type UploadsState = 'waiting' | 'ready' | 'unavailable';

let state: UploadsState = 'ready';
const listeners = new Set<() => void>();

function set(value: UploadsState): void {
  state = value;
  listeners.forEach((listener) => listener());
}

/**
 * Uploads are not requested until `served` resolves (app/startup/backend.ts: the backend
 * started and its service worker active); if it rejects, never.
 */
export function holdUploadsUntil(served: Promise<unknown>): void {
  set('waiting');
  served.then(
    () => set('ready'),
    () => set('unavailable'),
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the backend serves uploads to `<img>` yet; re-renders when that changes. */
export function useUploadsState(): UploadsState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
