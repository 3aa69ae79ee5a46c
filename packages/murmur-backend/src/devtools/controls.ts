// What the devtools panel does, apart from drawing it: every control is an
// msw handler put in front with `msw.use()` (as a developer would write it),
// and the request log reads msw's own life-cycle events (the worker's
// requests) and the transport's reports.

import { delay, http, HttpResponse, type AnyHandler, type RequestHandler } from 'msw';
import type { TransportExchange } from '../browser/inPageTransport.js';

/** The part of msw's `SetupWorker` (or `SetupServer`) the controls use. */
export interface MswLike {
  use(...handlers: RequestHandler[]): void;
  resetHandlers(): void;
  listHandlers(): readonly AnyHandler[];
  events: {
    on(event: 'request:start', listener: (args: { request: Request; requestId: string }) => void): void;
    on(
      event: 'response:mocked',
      listener: (args: { request: Request; requestId: string; response: Response }) => void,
    ): void;
  };
}

export type Via = 'worker' | 'transport';

export interface LogEntry {
  method: string;
  /** Path and query. */
  path: string;
  /** The status, or `failed` (a network error). */
  status: number | 'failed';
  ms: number;
  via: Via;
}

export type Failure = 'error' | 'network';

/** The message a request failed by the panel answers with (an `errors` body, as the core's). */
export const FAILED_BY_DEVTOOLS = 'Failed on purpose by Murmur devtools';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A path pattern as msw writes them (`/api/posts/like/:postId`, `*`), under
 * `basePath`, on any origin. A path already under the base is kept.
 */
export function pathPattern(path: string, basePath: string): RegExp {
  const absolute = path.startsWith('/') ? path : `/${path}`;
  const underBase = absolute.startsWith(basePath) ? absolute : `${basePath}${absolute.slice(1)}`;
  const source = underBase
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)))
    .join('/');
  return new RegExp(`^https?://[^/]+${source}/?(?:[?#].*)?$`);
}

export class DevtoolsControls {
  #latency = 0;
  #offline = false;
  readonly #handler: RequestHandler;
  readonly #apiPattern: RegExp;

  constructor(
    private readonly msw: MswLike,
    private readonly basePath: string,
  ) {
    this.#apiPattern = new RegExp(`^https?://[^/]+${escapeRegExp(basePath)}api(?:[/?#]|$)`);
    // One handler for latency and offline: it fails the request, or waits and
    // lets the next handler answer (a resolver that returns nothing).
    this.#handler = http.all(this.#apiPattern, async () => {
      if (this.#offline) return HttpResponse.error();
      if (this.#latency > 0) await delay(this.#latency);
      return undefined;
    });
  }

  get latency(): number {
    return this.#latency;
  }

  get offline(): boolean {
    return this.#offline;
  }

  /** Milliseconds to wait before every `/api` answer (0: none). */
  setLatency(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('Latency must be a number of milliseconds, 0 or more');
    this.#latency = ms;
    this.#install();
  }

  /** Every `/api` request fails as a network error while on. */
  setOffline(offline: boolean): void {
    this.#offline = offline;
    this.#install();
  }

  /** The next request to `method` `path` (msw's path syntax, under the base) fails: a 500 with an error body, or a network error. */
  failNext(method: string, path: string, failure: Failure): void {
    const resolver = () =>
      failure === 'network'
        ? HttpResponse.error()
        : HttpResponse.json({ errors: [FAILED_BY_DEVTOOLS] }, { status: 500 });
    const pattern = pathPattern(path.trim() || '*', this.basePath);
    const route = method === 'ANY' ? http.all : http[method.toLowerCase() as 'get' | 'post' | 'delete'];
    this.msw.use(route(pattern, resolver, { once: true }));
  }

  /** `msw.resetHandlers()`: every override goes (armed failures, offline, latency, a developer's own `use()`). */
  clearOverrides(): void {
    this.msw.resetHandlers();
    this.#offline = false;
    this.#latency = 0;
  }

  /** Put back in front after a `resetHandlers()` (which drops every override, this one too). */
  #install(): void {
    if (!this.msw.listHandlers().includes(this.#handler)) this.msw.use(this.#handler);
  }

  /** Calls `listener` for every backend request, the worker's and the transport's, once it is answered. */
  watch(
    exchanges: Set<(exchange: TransportExchange) => void>,
    listener: (entry: LogEntry) => void,
    backlog: TransportExchange[] = [],
  ): void {
    const ours = (url: URL) =>
      ['api', 'media', '__murmur'].some((prefix) => url.pathname.startsWith(`${this.basePath}${prefix}`));
    const started = new Map<string, number>();
    this.msw.events.on('request:start', ({ request, requestId }) => {
      if (ours(new URL(request.url))) started.set(requestId, performance.now());
    });
    this.msw.events.on('response:mocked', ({ request, requestId, response }) => {
      const start = started.get(requestId);
      if (start === undefined) return;
      started.delete(requestId);
      const url = new URL(request.url);
      const status = response.type === 'error' ? 'failed' : response.status;
      listener({
        method: request.method,
        path: `${url.pathname}${url.search}`,
        status,
        ms: performance.now() - start,
        via: 'worker',
      });
    });
    const fromTransport = ({ method, url, status, ms }: TransportExchange) => {
      const { pathname, search } = new URL(url);
      listener({ method, path: `${pathname}${search}`, status, ms, via: 'transport' });
    };
    // What came before, then everything from now on (instead of the buffer).
    exchanges.clear();
    backlog.splice(0).forEach(fromTransport);
    exchanges.add(fromTransport);
  }
}
