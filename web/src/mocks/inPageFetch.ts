// The in-page fast path: `fetch` calls to our own routes are answered by the
// msw handlers right here in the page, with msw's documented
// `getResponse(handlers, request)`, instead of travelling page → service
// worker → page (the handler) → service worker → page. The handlers are the
// very ones the worker runs, so the answer is the same; everything else
// (other URLs, `<img>`/`<video>` media, navigations, XHR, other tabs' and
// windows' requests) still goes through the service worker.

import { getResponse, RequestHandler } from 'msw';

export interface InPageFetchOptions {
  /** The site's base path, with leading and trailing slash (`/`, `/murmur/`). */
  basePath: string;
  /** Path prefixes under `basePath` answered in the page (`api/`, `media/`, …). */
  prefixes: readonly string[];
  /** Whose `fetch` to wrap and whose origin counts as ours; `window` by default. */
  target?: Pick<Window, 'fetch' | 'location'>;
}

/** The handlers, or a way to read the current ones (a worker whose handlers are swapped). */
export type HandlerSource = readonly RequestHandler[] | (() => readonly RequestHandler[]);

const abortError = () => new DOMException('signal is aborted without reason', 'AbortError');

/** What the worker does with a handler that throws: a 500 with the error as JSON. */
function handlerErrorResponse(reason: unknown): Response {
  if (reason instanceof Response) return reason;
  const error = reason instanceof Error ? reason : new Error(String(reason));
  console.warn('Murmur: uncaught exception in a request handler, answered with 500', error);
  return new Response(JSON.stringify({ name: error.name, message: error.message, stack: error.stack }), {
    status: 500,
    statusText: 'Request Handler Error',
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A body that `new Request` copies, so the same `init` can be passed on again. */
const replayable = (body: BodyInit | null | undefined) =>
  body == null ||
  typeof body === 'string' ||
  body instanceof Blob ||
  body instanceof ArrayBuffer ||
  ArrayBuffer.isView(body) ||
  body instanceof URLSearchParams ||
  body instanceof FormData;

/**
 * msw's `RequestHandler.run` clones every request before it tries a handler
 * (the clone is what its life-cycle events report) and keeps the clone in
 * `RequestHandler.cache`, one per request. In Chromium `request.clone()` on
 * a request with a body tees the body into two streams: 0.27 ms for a 50-byte
 * JSON body, and reading the original afterwards costs another 0.3 ms
 * (against 0.02 ms untouched): together more than the core takes to answer.
 * When fetch can build the request again from `input` and `init`, that
 * second build (0.015 ms) is the clone: the same method, URL, headers and
 * body, without the tee. Any other request is left to msw's own clone.
 */
function primeHandlerClone(request: Request, build: () => Request) {
  const cache = (RequestHandler as { cache?: unknown }).cache;
  if (request.body === null || !(cache instanceof WeakMap) || cache.has(request)) return;
  cache.set(request, build());
}

/** `passthrough()` from a handler: msw lets the request go on to the network. */
const isPassthrough = (response: Response) =>
  response.status === 302 && response.headers.get('x-msw-intention') === 'passthrough';

/**
 * Wraps `target.fetch` (once) so that a same-origin request under
 * `basePath` + one of `prefixes` is answered in the page by `handlers`. When
 * no handler answers (or one passes it through), the request goes to the
 * original `fetch`, that is to the service worker as before. Returns a
 * function that takes the wrapper out again.
 */
export function installInPageFetch(handlers: HandlerSource, options: InPageFetchOptions): () => void {
  const target = options.target ?? window;
  const original = target.fetch;
  const prefixes = options.prefixes.map((prefix) => `${options.basePath}${prefix}`);
  const current = typeof handlers === 'function' ? handlers : () => handlers;
  let active = true;

  /** The request's URL if it is one of ours, resolved as fetch resolves it (against the document's base URL). */
  const ours = (input: RequestInfo | URL): URL | null => {
    let url: URL;
    try {
      url = input instanceof Request ? new URL(input.url) : new URL(String(input), document.baseURI);
    } catch {
      return null; // fetch itself reports the bad URL
    }
    const mine = url.origin === target.location.origin && prefixes.some((prefix) => url.pathname.startsWith(prefix));
    return mine ? url : null;
  };

  async function answer(request: Request, input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
    const signal = request.signal;
    if (signal.aborted) throw signal.reason ?? abortError();
    // For the fall-through a handler may have read the body: keep a copy,
    // unless fetch can build it again from `input` and `init`.
    const fallback = request.body !== null && (input instanceof Request || !replayable(init?.body)) ? request.clone() : null;
    let settled: Response | undefined;
    let onAbort: () => void = () => undefined;
    // As with the worker, an abort does not stop the handler; the caller just stops waiting.
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason ?? abortError());
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      settled = await Promise.race([getResponse(current() as RequestHandler[], request), aborted]);
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? abortError();
      settled = handlerErrorResponse(error);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    if (signal.aborted) throw signal.reason ?? abortError();
    if (!settled || isPassthrough(settled)) return fallback ? original.call(target, fallback) : original.call(target, input, init);
    if (settled.type === 'error') throw new TypeError('Failed to fetch');
    // As fetch's own answers (and msw's interceptors) do: the response knows its URL.
    if (!settled.url) Object.defineProperty(settled, 'url', { value: request.url, configurable: true });
    return settled;
  }

  const wrapper = function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = active ? ours(input) : null;
    if (!url) return original.call(target, input, init);
    let request: Request;
    try {
      // `new Request(input, init)`, with a relative URL already resolved.
      request = new Request(input instanceof Request ? input : url.href, init);
      if (!(input instanceof Request) && replayable(init?.body)) primeHandlerClone(request, () => new Request(url.href, init));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new TypeError(String(error)));
    }
    return answer(request, input, init);
  };

  target.fetch = wrapper;
  return () => {
    active = false;
    // Someone (Mirage, a test) may have wrapped fetch over ours: then ours
    // stays in their chain but only passes calls on.
    if (target.fetch === wrapper) target.fetch = original;
  };
}
