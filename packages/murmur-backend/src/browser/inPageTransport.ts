// The in-page transport: the fetch function that the backend start-up hands
// to the app's API client (web/src/lib/backendGate.ts). A request to one of our
// routes is answered by the msw handlers right here in the page, with msw's
// documented `getResponse(handlers, request)`, instead of travelling page →
// service worker → page (the handler) → service worker → page. The handlers
// are the very ones the worker runs, so the answer is the same. Nothing global
// is replaced: other code's `fetch`, `<img>`/`<video>` media, navigations,
// XHR and other tabs' requests go through the service worker as before.

import { getResponse, RequestHandler, type AnyHandler } from 'msw';

export interface InPageTransportOptions {
  /** The site's base path, with leading and trailing slash (`/`, `/murmur/`). */
  basePath: string;
  /** Path prefixes under `basePath` answered in the page (`api/`, `media/`, …). */
  prefixes: readonly string[];
  /** Where everything else goes (the service worker, through the browser's `fetch`). */
  fallback?: typeof fetch;
  /** Whose origin counts as ours; the page's by default. */
  origin?: string;
  /** Told about every request answered here (not those passed on to `fallback`), once it is. */
  observe?: (exchange: TransportExchange) => void;
}

/** One request the transport answered: `status` is `'failed'` for a network error (`HttpResponse.error()`) or a handler that threw an abort. */
export interface TransportExchange {
  method: string;
  url: string;
  status: number | 'failed';
  ms: number;
}

/** The handlers, or a way to read the current ones (a worker whose handlers are swapped). */
export type HandlerSource = readonly AnyHandler[] | (() => readonly AnyHandler[]);

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

/**
 * A request whose body the caller gave as a string. msw clones every request
 * before it tries a handler (the clone is what its life-cycle events
 * report). A Request's own `clone()` tees the body stream, which in
 * Chromium costs more than the core takes to answer, and so does reading
 * the original afterwards (bench/NOTES.md, item 6). This request's clone is
 * built again from the same string: the same method, URL, headers, signal
 * and body.
 */
class ReplayableRequest extends Request {
  readonly #init: RequestInit & { body: string };

  constructor(url: string, init: RequestInit & { body: string }) {
    super(url, init);
    this.#init = init;
  }

  override clone(): Request {
    // A body already read cannot be cloned: the platform says so.
    return this.bodyUsed ? super.clone() : new ReplayableRequest(this.url, this.#init);
  }
}

/** The handlers that answer requests (msw's WebSocket handlers do not). */
const httpHandlers = (handlers: readonly AnyHandler[]) =>
  handlers.filter((handler) => handler instanceof RequestHandler);

/** `passthrough()` from a handler: msw lets the request go on to the network. */
const isPassthrough = (response: Response) =>
  response.status === 302 && response.headers.get('x-msw-intention') === 'passthrough';

/**
 * A `fetch` that answers a same-origin request under `basePath` + one of
 * `prefixes` in the page with `handlers`. When no handler answers (or one
 * passes it through), and for every other URL, the request goes to
 * `fallback`, that is to the service worker.
 */
export function createInPageTransport(handlers: HandlerSource, options: InPageTransportOptions): typeof fetch {
  const fallback = options.fallback ?? ((input, init) => fetch(input, init));
  const origin = options.origin ?? globalThis.location.origin;
  const prefixes = options.prefixes.map((prefix) => `${options.basePath}${prefix}`);
  const current = typeof handlers === 'function' ? handlers : () => handlers;

  /** The request's URL if it is one of ours, resolved as fetch resolves it (against the document's base URL). */
  const ours = (input: RequestInfo | URL): URL | null => {
    let url: URL;
    try {
      url =
        input instanceof Request ? new URL(input.url) : new URL(String(input), globalThis.document?.baseURI ?? origin);
    } catch {
      return null; // fetch itself reports the bad URL
    }
    const mine = url.origin === origin && prefixes.some((prefix) => url.pathname.startsWith(prefix));
    return mine ? url : null;
  };

  async function answer(request: Request, input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
    const started = performance.now();
    const report = (status: TransportExchange['status']) =>
      options.observe?.({ method: request.method, url: request.url, status, ms: performance.now() - started });
    try {
      const { response, ours } = await respond(request, input, init);
      if (ours) report(response.status);
      return response;
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) report('failed');
      throw error;
    }
  }

  /** The answer, and whether the handlers gave it (`false`: the fallback did). */
  async function respond(
    request: Request,
    input: RequestInfo | URL,
    init: RequestInit | undefined,
  ): Promise<{ response: Response; ours: boolean }> {
    const signal = request.signal;
    if (signal.aborted) throw signal.reason ?? abortError();
    // For the fall-through a handler may have read the body: keep a copy,
    // unless fetch can build it again from `input` and `init`.
    const fallbackCopy =
      request.body !== null && (input instanceof Request || typeof init?.body !== 'string') ? request.clone() : null;
    let settled: Response | undefined;
    let onAbort: () => void = () => undefined;
    // As with the worker, an abort does not stop the handler; the caller just stops waiting.
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason ?? abortError());
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      settled = await Promise.race([getResponse(httpHandlers(current()), request), aborted]);
    } catch (error) {
      if (signal.aborted) throw signal.reason ?? abortError();
      settled = handlerErrorResponse(error);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    if (signal.aborted) throw signal.reason ?? abortError();
    if (!settled || isPassthrough(settled)) {
      return { response: await (fallbackCopy ? fallback(fallbackCopy) : fallback(input, init)), ours: false };
    }
    if (settled.type === 'error') throw new TypeError('Failed to fetch');
    // As fetch's own answers (and msw's interceptors) do: the response knows its URL.
    if (!settled.url) Object.defineProperty(settled, 'url', { value: request.url, configurable: true });
    return { response: settled, ours: true };
  }

  return function inPageFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = ours(input);
    if (!url) return fallback(input, init);
    let request: Request;
    try {
      // `new Request(input, init)`, with a relative URL already resolved.
      if (input instanceof Request) request = new Request(input, init);
      else if (typeof init?.body === 'string') request = new ReplayableRequest(url.href, { ...init, body: init.body });
      else request = new Request(url.href, init);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new TypeError(String(error)));
    }
    return answer(request, input, init);
  };
}
