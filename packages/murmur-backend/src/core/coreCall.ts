// One call into the wasm core, and its answer taken out of wasm memory: the
// request as plain strings in, and out its status, its body as UTF-8 bytes,
// and what it did (`changed`, `mediaId`: docs/rules.md, "Revisions and
// events"). No route, path or msw here: every layer that calls the core
// (the msw handler, the persistence, the tests) goes through it.

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
  /** The `Idempotency-Key` header, if any: a write retried with it has one effect (docs/API.md, "Idempotency-Key"). */
  idempotencyKey?: string;
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
  /** The core committed a change to the state: what a host saves. Absent: an answer made outside the core. */
  changed?: boolean;
  /** The id (`m-01`) of the upload the request registered, to store its bytes under. */
  mediaId?: string;
  /** The state's revision after the request (the core's answers): a change's live events carry it. */
  revision?: number;
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
  handle(
    method: string,
    url: string,
    authorization: string | undefined,
    body: string,
    prefer?: string,
    idempotencyKey?: string,
  ): CoreAnswer;
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
 * taken whole, each whole-list answer (megabytes at 10,000 posts) was one
 * more buffer of its size, made for every write and left for the garbage
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
 * it at once. Left to the garbage collector, every answer (every post, for
 * some) stays in the module's memory, which grows and never shrinks, and
 * each call gets slower (bench/NOTES.md, item 5).
 *
 * The body comes out as UTF-8 bytes, which is what a `Response` holds: taken
 * as a string it would be decoded from UTF-8 here and encoded back by
 * `new Response(body)` (bench/NOTES.md, item 7).
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
    idempotencyKey?: string,
  ): CoreAnswer;
  /** The state's time now (its clock may be set: docs/testing.md); absent, `Date.now()`. */
  clockNow?(): number;
}

/** `callCore` at an explicit clock: a request recorded with its clock answers the same when replayed. */
export function callCoreAt(
  core: TimedCoreLike,
  clock: Clock,
  ...[method, url, authorization, body, prefer, idempotencyKey]: Parameters<CoreLike['handle']>
): ApiResponse {
  const answer = core.handleAt(
    method,
    url,
    authorization,
    body,
    clock.nowMs,
    clock.offsetMinutes,
    prefer,
    idempotencyKey,
  );
  return takeAnswer(answer, true);
}

/**
 * Replays a recorded request for its effect: the status only. The answer
 * asked for is the smallest (`return=minimal`: one post, not every post), and
 * its body is dropped in wasm memory, never copied out. A write sent with an
 * `Idempotency-Key` replays with it and the `Prefer` it was sent with, so
 * that the core keeps the answer first given under the key.
 */
export function replayAt(
  core: TimedCoreLike,
  clock: Clock,
  ...[method, url, authorization, body, prefer, idempotencyKey]: Parameters<CoreLike['handle']>
): number {
  const asked = idempotencyKey === undefined ? RETURN_MINIMAL : prefer;
  const res = core.handleAt(method, url, authorization, body, clock.nowMs, clock.offsetMinutes, asked, idempotencyKey);
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
    answer.changed = res.changed;
    if (res.mediaId) answer.mediaId = res.mediaId;
    answer.revision = res.revision;
    return answer;
  } finally {
    if (!streamed) res.free();
  }
}

/** The plain backend: the core, on the platform's clock (a large answer's body left in the core until it is read). */
export function coreBackend(core: CoreLike): Backend {
  return {
    handle({ method, url, authorization, body, prefer, idempotencyKey }) {
      return takeAnswer(core.handle(method, url, authorization, body, prefer, idempotencyKey), true);
    },
  };
}
