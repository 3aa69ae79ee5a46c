import { http, HttpResponse } from 'msw';
import { BODY_TOO_LARGE, MAX_BODY_BYTES } from '../limits.js';

/** One API request as the core sees it: plain strings. */
export interface ApiRequest {
  method: string;
  /** Path and query, starting at `/api/`. */
  url: string;
  authorization: string | undefined;
  body: string;
  /**
   * The `Prefer` header (RFC 7240), if any: `return=minimal` makes a post or
   * comment write answer only the post it changed (docs/API.md).
   */
  prefer?: string;
}

export interface ApiResponse {
  status: number;
  /** JSON: UTF-8 bytes as the core hands them over, or a string made in JS. */
  body: Uint8Array<ArrayBuffer> | string;
  /** A 405's `Allow` header: the methods the path answers (`GET, POST`). */
  allow?: string;
  /** `return=minimal` when the body is the smaller answer `Prefer` asked for (the `Preference-Applied` header). */
  preferenceApplied?: string;
}

const utf8 = new TextDecoder();

/** The `Prefer` value (RFC 7240) that asks a write for only what it changed. */
export const RETURN_MINIMAL = 'return=minimal';

/** The answer's JSON text, whichever form its body is in. */
export function bodyText(response: ApiResponse): string {
  return typeof response.body === 'string' ? response.body : utf8.decode(response.body);
}

/** Anything that answers API requests: the wasm core, or a layer around it. */
export interface Backend {
  handle(request: ApiRequest): ApiResponse | Promise<ApiResponse>;
}

/**
 * The shape of the wasm facade's `handle` (see mock-core/src/wasm.rs): the
 * core reads the clock and zone itself (`Date`). `MockCore.handleAt` takes
 * them explicitly, for callers that record requests and replay them.
 */
export interface CoreLike {
  handle(method: string, url: string, authorization: string | undefined, body: string, prefer?: string): CoreAnswer;
}

/** One answer of the wasm facade, living in wasm memory until freed. */
export interface CoreAnswer {
  status: number;
  readonly allow?: string;
  readonly preferenceApplied?: string;
  /** Whether the request committed a change to the state (a write that succeeded): what a host saves. */
  readonly changed: boolean;
  /** The id (`m-01`) of the upload the request registered (`POST /api/media`), to store its bytes under. */
  readonly mediaId?: string;
  /** The state's revision after the request: one more than before when it `changed` the state. */
  readonly revision: number;
  takeBody(): Uint8Array;
  free(): void;
}

/**
 * The live side of the wasm facade (mock-core/src/wasm.rs; docs/rules.md,
 * "Live events"): the state's revision, and a reader's events after the
 * last revision it saw, the body an `EventsResponse` (`{revision, events}`).
 * Nothing is new unless `revision` has moved since the last call.
 */
export interface LiveCore {
  readonly revision: number;
  events(authorization: string | undefined, after: string | undefined): CoreAnswer;
}

/**
 * One call into the core. Its answer lives in wasm memory: read it and free
 * it at once. Left to the garbage collector, every answer (3.4 MB at 10,000
 * posts) stays in the module's memory, which grows and never shrinks, and
 * each call gets slower (a like at 10,000 posts: 5.9 ms leaked, 0.33 ms freed).
 *
 * The body comes out as UTF-8 bytes, which is what a `Response` holds: taken
 * as a string it would be decoded from UTF-8 here and encoded back by
 * `new Response(body)` (GET /api/posts at 10,000 posts, core to parsed JSON:
 * 26.6 ms as a string, 14.7 ms as bytes).
 */
export function callCore(core: CoreLike, ...args: Parameters<CoreLike['handle']>): ApiResponse {
  return takeAnswer(core.handle(...args));
}

/** The time and zone a request is answered at: `Date.now()` and `-new Date().getTimezoneOffset()`. */
export interface Clock {
  nowMs: number;
  offsetMinutes: number;
}

/** A core that also answers at an explicit clock (`MockCore.handleAt`). */
export interface TimedCoreLike extends CoreLike {
  handleAt(
    method: string,
    url: string,
    authorization: string | undefined,
    body: string,
    nowMs: number,
    offsetMinutes: number,
    prefer?: string,
  ): CoreAnswer;
}

/** `callCore` at an explicit clock: a request recorded with its clock answers the same when replayed. */
export function callCoreAt(
  core: TimedCoreLike,
  clock: Clock,
  ...[method, url, authorization, body, prefer]: Parameters<CoreLike['handle']>
): ApiResponse {
  return takeAnswer(core.handleAt(method, url, authorization, body, clock.nowMs, clock.offsetMinutes, prefer));
}

/**
 * Replays a recorded request for its effect: the status only. The answer
 * asked for is the smallest (`return=minimal`: one post, not every post), and
 * its body is dropped in wasm memory, never copied out.
 */
export function replayAt(
  core: TimedCoreLike,
  clock: Clock,
  ...[method, url, authorization, body]: Parameters<CoreLike['handle']>
): number {
  const res = core.handleAt(method, url, authorization, body, clock.nowMs, clock.offsetMinutes, RETURN_MINIMAL);
  try {
    return res.status;
  } finally {
    res.free();
  }
}

function takeAnswer(res: CoreAnswer): ApiResponse {
  try {
    // A fresh copy (wasm-bindgen slices it out of the module's memory), so
    // never a view of a shared buffer.
    const answer: ApiResponse = { status: res.status, body: res.takeBody() as Uint8Array<ArrayBuffer> };
    if (res.allow) answer.allow = res.allow;
    if (res.preferenceApplied) answer.preferenceApplied = res.preferenceApplied;
    return answer;
  } finally {
    res.free();
  }
}

/** The plain backend: the core, on the platform's clock. */
export function coreBackend(core: CoreLike): Backend {
  return {
    handle({ method, url, authorization, body, prefer }) {
      return callCore(core, method, url, authorization, body, prefer);
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
 * The request's body as text, or `null` once it passes `maxBytes`: a
 * declared `Content-Length` over it is refused unread, and a stream is read
 * no further than the limit.
 */
export async function bodyWithin(request: Request, maxBytes: number): Promise<string | null> {
  if (Number(request.headers.get('content-length')) > maxBytes) return null;
  if (request.body === undefined) {
    // Firefox gives a Request no `body` stream: read it whole, then measure.
    const bytes = await request.arrayBuffer();
    return bytes.byteLength > maxBytes ? null : new TextDecoder().decode(bytes);
  }
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      // Not awaited: under msw/node the cancel of an intercepted body never settles.
      reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}

const HEADERS = { 'Content-Type': 'application/json', 'X-Murmur-Backend': 'wasm-core' };

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
      const body =
        request.method === 'GET' || request.method === 'HEAD' ? '' : await bodyWithin(request, MAX_BODY_BYTES);
      // The core refuses it too, but a body this large is not worth copying into it.
      if (body === null) return HttpResponse.json({ errors: [BODY_TOO_LARGE] }, { status: 413, headers: HEADERS });
      const res = await backend.handle({
        method: request.method,
        url: path,
        authorization: request.headers.get('authorization') ?? undefined,
        body,
        prefer: request.headers.get('prefer') ?? undefined,
      });
      const headers: Record<string, string> = { ...HEADERS };
      if (res.allow) headers.Allow = res.allow;
      if (res.preferenceApplied) headers['Preference-Applied'] = res.preferenceApplied;
      return new HttpResponse(res.body, { status: res.status, headers });
    }),
  ];
}
