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
}

export interface ApiResponse {
  status: number;
  /** JSON: UTF-8 bytes as the core hands them over, or a string made in JS. */
  body: Uint8Array<ArrayBuffer> | string;
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
 * it at once. Left to the garbage collector, every answer (every post, for
 * some) stays in the module's memory, which grows and never shrinks, and
 * each call gets slower (bench/NOTES.md, item 5).
 *
 * The body comes out as UTF-8 bytes, which is what a `Response` holds: taken
 * as a string it would be decoded from UTF-8 here and encoded back by
 * `new Response(body)` (bench/NOTES.md, item 7).
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
    answer.changed = res.changed;
    if (res.mediaId) answer.mediaId = res.mediaId;
    answer.revision = res.revision;
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
