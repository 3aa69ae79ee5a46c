import { http, HttpResponse } from 'msw';

/** One API request as the core sees it: plain strings. */
export interface ApiRequest {
  method: string;
  /** Path and query, starting at `/api/`. */
  url: string;
  authorization: string | undefined;
  body: string;
}

export interface ApiResponse {
  status: number;
  body: string;
}

/** Anything that answers API requests: the wasm core, or a layer around it. */
export interface Backend {
  handle(request: ApiRequest): ApiResponse | Promise<ApiResponse>;
}

/** The shape of the wasm facade's `handle` (see mock-core/src/wasm.rs). */
export interface CoreLike {
  handle(
    method: string,
    url: string,
    authorization: string | undefined,
    body: string,
    nowMs: number,
    offsetMinutes: number,
  ): { status: number; body: string; free(): void };
}

/**
 * One call into the core. Its answer lives in wasm memory: read it and free
 * it at once. Left to the garbage collector, every answer (3.4 MB at 10,000
 * posts) stays in the module's memory, which grows and never shrinks, and
 * each call gets slower (a like at 10,000 posts: 5.9 ms leaked, 0.33 ms freed).
 */
export function callCore(core: CoreLike, ...args: Parameters<CoreLike['handle']>): ApiResponse {
  const res = core.handle(...args);
  try {
    return { status: res.status, body: res.body };
  } finally {
    res.free();
  }
}

/** The plain backend: the core with the caller's clock. */
export function coreBackend(core: CoreLike): Backend {
  return {
    handle({ method, url, authorization, body }) {
      const now = new Date();
      return callCore(core, method, url, authorization, body, now.getTime(), -now.getTimezoneOffset());
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches `path` (and anything below it, or a query) on any origin. */
export function anyOrigin(path: string): RegExp {
  return new RegExp(`^https?://[^/]+${escapeRegExp(path)}(?:[/?#]|$)`);
}

/**
 * The msw handlers that route `<base>api/...` on any origin into `backend`.
 * `basePath` is the site's base, with leading and trailing slash (`/`, `/murmur/`).
 */
export function createHandlers(backend: Backend, basePath = '/') {
  const apiPrefix = `${basePath}api`;
  const pattern = anyOrigin(apiPrefix);
  return [
    http.all(pattern, async ({ request }) => {
      const url = new URL(request.url);
      const path = `/api${url.pathname.slice(apiPrefix.length)}${url.search}`;
      const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
      const res = await backend.handle({
        method: request.method,
        url: path,
        authorization: request.headers.get('authorization') ?? undefined,
        body,
      });
      return new HttpResponse(res.body, {
        status: res.status,
        headers: { 'Content-Type': 'application/json', 'X-Murmur-Backend': 'wasm-core' },
      });
    }),
  ];
}
