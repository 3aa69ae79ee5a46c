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
  /**
   * JSON: UTF-8 bytes as the core hands them over, a large answer still in
   * the core's memory (`StreamedBody`), or a string made in JS.
   */
  body: Uint8Array<ArrayBuffer> | StreamedBody | string;
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
  const { body } = response;
  if (typeof body === 'string') return body;
  return utf8.decode(body instanceof StreamedBody ? body.bytes() : body);
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
  takeBody(): Uint8Array;
  /** The body's length, and bytes `start..end` of it copied out (the body stays): see `StreamedBody`. */
  readonly bodyLength?: number;
  bodyChunk?(start: number, end: number): Uint8Array;
  free(): void;
}

/** Answers this large (a whole-list one: every post) stay in the core's memory and leave it in chunks of this size. */
export const STREAMED_FROM_BYTES = 256 * 1024;
const CHUNK_BYTES = 64 * 1024;

/**
 * A large answer left in the core's memory and read out a chunk at a time
 * as its reader asks (a socket as it drains, the page reading a `Response`):
 * taken whole, each whole-list answer (8 MB at 10,000 posts) was one more
 * buffer of its size, made for every write and left for the garbage
 * collector. Its core answer is freed once read to its end or given up.
 */
export class StreamedBody {
  #answer: CoreAnswer | null;
  #whenRead: (() => void)[] = [];
  readonly byteLength: number;

  constructor(answer: CoreAnswer & { bodyLength: number; bodyChunk(start: number, end: number): Uint8Array }) {
    this.#answer = answer;
    this.byteLength = answer.bodyLength;
  }

  /** Calls `callback` once the body is read (to its end, or given up), or at once if it was. */
  whenRead(callback: () => void): void {
    if (this.#answer) this.#whenRead.push(callback);
    else callback();
  }

  #read(start: number, end: number): Uint8Array<ArrayBuffer> {
    if (!this.#answer) throw new Error('the answer was read already');
    return this.#answer.bodyChunk!(start, end) as Uint8Array<ArrayBuffer>;
  }

  #free(): void {
    if (!this.#answer) return;
    this.#answer.free();
    this.#answer = null;
    for (const callback of this.#whenRead.splice(0)) callback();
  }

  /** The whole body at once (then freed). */
  bytes(): Uint8Array<ArrayBuffer> {
    const bytes = this.#read(0, this.byteLength);
    this.#free();
    return bytes;
  }

  /** The body as a stream read from the core's memory a chunk per pull (then freed). */
  stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    let at = 0;
    return new ReadableStream(
      {
        pull: (controller) => {
          const end = Math.min(at + CHUNK_BYTES, this.byteLength);
          controller.enqueue(this.#read(at, end));
          at = end;
          if (at >= this.byteLength) {
            this.#free();
            controller.close();
          }
        },
        cancel: () => this.#free(),
      },
      // Nothing read ahead: a chunk leaves the core when its reader asks.
      { highWaterMark: 0 },
    );
  }
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
export function callCore(core: CoreLike, ...args: Parameters<CoreLike['handle']>): BytesResponse {
  return takeAnswer(core.handle(...args)) as BytesResponse;
}

/** An answer whose body was taken out of the core whole (`callCore`'s). */
export type BytesResponse = ApiResponse & { body: Uint8Array<ArrayBuffer> };

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
  const answer = core.handleAt(method, url, authorization, body, clock.nowMs, clock.offsetMinutes, prefer);
  return takeAnswer(answer, true);
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

/** The answer's fields; its body taken out and the answer freed, or (`streamLarge`) a large body left in place. */
function takeAnswer(res: CoreAnswer, streamLarge = false): ApiResponse {
  const streamed = streamLarge && res.bodyChunk !== undefined && (res.bodyLength ?? 0) >= STREAMED_FROM_BYTES;
  try {
    // A fresh copy (wasm-bindgen slices it out of the module's memory), so
    // never a view of a shared buffer.
    const body = streamed ? new StreamedBody(res as ConstructorParameters<typeof StreamedBody>[0]) : res.takeBody();
    const answer: ApiResponse = { status: res.status, body: body as ApiResponse['body'] };
    if (res.allow) answer.allow = res.allow;
    if (res.preferenceApplied) answer.preferenceApplied = res.preferenceApplied;
    return answer;
  } finally {
    if (!streamed) res.free();
  }
}

/** The plain backend: the core, on the platform's clock (a large answer's body left in the core until it is read). */
export function coreBackend(core: CoreLike): Backend {
  return {
    handle({ method, url, authorization, body, prefer }) {
      return takeAnswer(core.handle(method, url, authorization, body, prefer), true);
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
 * The core's bytes as a body, handed on as they are. `new Response(bytes)`
 * copies them (the Fetch standard's "extract a body"), and a whole-list
 * answer is megabytes (every post: about 8 MB at 10,000); a stream of that
 * one chunk is read, transferred to the service worker or written to a
 * socket without a copy. Its length is the `Content-Length` beside it.
 */
function bytesStream(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
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
      if (typeof res.body === 'string') return new HttpResponse(res.body, { status: res.status, headers });
      headers['Content-Length'] = String(res.body.byteLength);
      const stream = res.body instanceof StreamedBody ? res.body.stream() : bytesStream(res.body);
      return new HttpResponse(stream, { status: res.status, headers });
    }),
  ];
}
