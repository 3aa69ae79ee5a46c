// Uploaded images are served by the in-browser backend (msw's service worker
// and the page's handlers), not by the static host. Until the backend is up,
// an `<img>` asking for `media/m-01` reaches the host, gets a 404 and never
// tries again: such images wait for the backend before they get a `src`.

import { useSyncExternalStore } from 'react';

let ready = true;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  ready = value;
  listeners.forEach((listener) => listener());
}

/** Uploads are not requested until `started` resolves (main.tsx, with the backend's start). */
export function holdUploadsUntil(started: Promise<unknown>): void {
  set(false);
  // A start that failed shows its own screen; the images stay unrequested.
  started.then(() => set(true), () => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the backend answers uploads yet; re-renders when it starts to. */
export function useUploadsReady(): boolean {
  return useSyncExternalStore(subscribe, () => ready, () => ready);
}
