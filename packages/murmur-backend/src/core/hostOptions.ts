// The host's options (startMurmurBackend in ../browser/index.ts, createMurmurServer in
// ../node/index.ts): what they mean, and the one msw handler that applies latency,
// logging and the unhandled-request rule around the backend's own handlers.

import { getResponse, http, HttpHandler, passthrough, type RequestHandler } from 'msw';
import type { MurmurSeed } from './seed.js';
import type { MurmurApiSettings } from '../apiSettings.js';

/** A fixed delay in milliseconds, or a `[min, max]` range drawn from per request. */
export type Latency = number | readonly [min: number, max: number];

/** `404`: an `/api` path the core does not know answers 404 (the default). `passthrough`: it goes on to the network. */
export type UnhandledRequest = 'error' | 'passthrough';

export type { MurmurApiSettings } from '../apiSettings.js';

/** What both entry points take. */
export interface MurmurCommonOptions {
  /** The API's settings for an app built on the MirageJS template (see `MurmurApiSettings`). Default the spec's. */
  api?: MurmurApiSettings;
  /** Where the site lives, with leading and trailing slash (`/`, `/murmur/`). Default `/`. */
  basePath?: string;
  /** The host's own users, posts and follows, or a snapshot; default the demo seed. */
  seed?: MurmurSeed;
  /** A delay before each answer, so loaders and races can be seen. Default none. */
  latency?: Latency;
  /** One console line per request (method, path, status, ms). Default off. */
  log?: boolean;
  /** What an `/api` path the core has no route for gets. Default `'error'` (404). */
  onUnhandledRequest?: UnhandledRequest;
}

/** The route prefixes under the base that the backend answers. */
export const BACKEND_PREFIXES = ['api/', 'media/', '__murmur/'] as const;

/** `/`, `/murmur/`: a leading and a trailing slash. */
export function normalizeBasePath(basePath = '/'): string {
  const lead = basePath.startsWith('/') ? basePath : `/${basePath}`;
  return lead.endsWith('/') ? lead : `${lead}/`;
}

/** Milliseconds to wait for one request, drawn from `latency`. Throws on a negative or reversed range. */
export function latencyMs(latency: Latency | undefined, random: () => number = Math.random): number {
  if (latency === undefined) return 0;
  const [min, max] = typeof latency === 'number' ? [latency, latency] : latency;
  if (!(Number.isFinite(min) && Number.isFinite(max) && min >= 0 && max >= min)) {
    throw new RangeError(
      `latency must be a number of ms >= 0 or a [min, max] range with 0 <= min <= max, got ${JSON.stringify(latency)}`,
    );
  }
  return min + random() * (max - min);
}

/** The core's answer to a path it has no route for (mock-core/src/error.rs, `ApiError::NoRoute`). */
async function isNoRoute(response: Response): Promise<boolean> {
  if (response.status !== 404) return false;
  try {
    const body = (await response.clone().json()) as { errors?: unknown[] };
    return typeof body.errors?.[0] === 'string' && body.errors[0].startsWith('No route for ');
  } catch {
    return false;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The handlers that can answer a request with this `method`, in their order.
 * msw tries each handler it is given in turn, and each try parses the URL and
 * reads the request's cookies (in a page, `document.cookie`: a call into the
 * browser); the backend's own handlers are seven, and a GET under `/api` needs
 * only three of them tried. A handler that is not an HTTP one is kept.
 */
function handlersForMethod(handlers: readonly RequestHandler[], method: string): RequestHandler[] {
  return handlers.filter((handler) => {
    if (!(handler instanceof HttpHandler)) return true;
    const expected = handler.info.method;
    // As msw matches it: a pattern, or the name in any case.
    return expected instanceof RegExp ? expected.test(method) : expected.toUpperCase() === method.toUpperCase();
  });
}

/**
 * One msw handler over the backend's `handlers`, on every route they answer
 * under `basePath`: it waits `latency`, asks them (msw's `getResponse`),
 * passes an unknown `/api` path through when asked to, and logs one line.
 */
export function withHostOptions(handlers: readonly RequestHandler[], options: MurmurCommonOptions): RequestHandler[] {
  latencyMs(options.latency); // a bad value fails at start-up, not on the first request
  const base = normalizeBasePath(options.basePath);
  const routes = BACKEND_PREFIXES.map((prefix) => escapeRegExp(prefix.slice(0, -1))).join('|');
  const pattern = new RegExp(`^https?://[^/]+${escapeRegExp(base)}(?:${routes})(?:[/?#]|$)`);
  return [
    http.all(pattern, async ({ request }) => {
      const started = performance.now();
      const wait = latencyMs(options.latency);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // Quiet: this handler is the one msw logs (where its host logs), and an
      // event stream's handler would otherwise log every event it sends.
      const response = await getResponse(handlersForMethod(handlers, request.method), request, { quiet: true });
      const url = new URL(request.url);
      const passing =
        options.onUnhandledRequest === 'passthrough' &&
        url.pathname.startsWith(`${base}api`) &&
        (!response || (await isNoRoute(response)));
      if (options.log) {
        const status = passing || !response ? 'passthrough' : String(response.status);
        console.info(
          `[murmur] ${request.method} ${url.pathname}${url.search} ${status} ${Math.round(performance.now() - started)}ms`,
        );
      }
      // Nothing answered (a path none of them knows): on to the network, as without the backend.
      return passing ? passthrough() : response;
    }),
  ];
}
