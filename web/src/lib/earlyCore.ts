/**
 * The backend's wasm core, fetched by the boot script (src/boot.ts) on a
 * signed-in page, while the app's modules load, and handed to the backend
 * (src/start.tsx) once it starts: read once, never fetched twice.
 *
 * A fetch rather than `<link rel="preload">`: the backend may start seconds
 * after the page's load event (on a slow phone; on a return visit it waits
 * for the kept feed to paint), and Chromium warns in the console about a
 * preload not used within a few seconds of it.
 */
const KEY = Symbol.for('murmur.earlyCore');

interface EarlyCore {
  url: string;
  response: Promise<Response>;
}

type Holder = { [KEY]?: EarlyCore };

/** Starts fetching the core at `url` (a same-origin path). */
export function fetchCoreEarly(url: string): void {
  const response = fetch(url, { credentials: 'same-origin' });
  // Read by the backend; a failure is retried there.
  response.catch(() => undefined);
  (window as Holder)[KEY] = { url, response };
}

/**
 * The core fetched early, at most once (a response's body is read once), or
 * `undefined` when the boot script fetched none. A fetch that failed or was
 * refused is made again.
 */
export function takeEarlyCore(): Promise<Response> | undefined {
  const holder = window as Holder;
  const early = holder[KEY];
  if (!early) return undefined;
  delete holder[KEY];
  const again = () => fetch(early.url, { credentials: 'same-origin' });
  return early.response.then((response) => (response.ok ? response : again()), again);
}
