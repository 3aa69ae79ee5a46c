// What a test steers and reads of one state, beside the core
// (docs/testing.md): the journal of the API requests it received (with
// passwords and tokens redacted), declarative stubs and faults bounded by
// `times`, and the state's clock (the core's own). One per state: the Node
// server's, and each of the HTTP server's sandboxes. Plain data and no msw
// here but path matching, so that every host can hold one.

import { matchRequestUrl } from 'msw';
import { isRecord } from '../json.js';

/** What a redacted value reads. */
export const REDACTED = '[redacted]';
/** The journal's length at most, per state: the oldest requests go first. */
export const JOURNAL_KEPT = 1000;

/** One API request the state received, as `GET __murmur/requests` lists it (oldest first). */
export interface ReceivedRequest {
  /** When it began, ISO 8601 in UTC (the platform's time, not the state's clock). */
  at: string;
  method: string;
  /** The path from `/api`, without the query. */
  path: string;
  query: Record<string, string>;
  /** Lower-case names; `authorization` and cookies shown as `[redacted]`. */
  headers: Record<string, string>;
  /** The JSON body (passwords and tokens `[redacted]`), the text when it is not JSON, null when empty. */
  body: unknown;
  /** The status answered, or `failed` when the connection was dropped (a `network` fault). */
  status: number | 'failed';
  ms: number;
  /** Answered by a stub or a fault rather than the core. */
  stubbed?: 'stub' | 'fault';
}

/** A stub: the answer `method path` gets instead of the core's (docs/testing.md, "Stubs and faults"). */
export interface StubOptions {
  method?: string;
  path: string;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Answers this many times, then the core answers again; left out, every time. */
  times?: number;
}

/** A fault: `error` answers 500, `network` drops the connection; `after-commit` applies and saves the write first. */
export interface FaultOptions {
  method?: string;
  path: string;
  failure: 'error' | 'network';
  when?: 'before' | 'after-commit';
  times?: number;
}

export interface StubSpec {
  method: string;
  path: string;
  status: number;
  body?: unknown;
  headers: Record<string, string>;
  delayMs: number;
  /** Answers left; Infinity when not bounded. */
  times: number;
}

export interface FaultSpec {
  method: string;
  path: string;
  failure: 'error' | 'network';
  /** `before`: the core never sees the request; `after-commit`: the write is applied and saved, then the answer fails. */
  when: 'before' | 'after-commit';
  times: number;
}

export type Steer = ({ kind: 'stub' } & StubSpec) | ({ kind: 'fault' } & FaultSpec);

/** The filter of `requests()`: a method, and a path in msw's syntax (`/api/posts/:postId`, `*`). */
export interface RequestFilter {
  method?: string;
  path?: string;
}

/** The clock's moves a core offers (mock-core/src/wasm.rs). */
export interface ClockCore {
  clock(): string;
  setClock(iso: string): void;
  advanceClock(ms: number): void;
  resumeClock(): void;
  realClock(): void;
}

const SECRET_KEY = /password|token|secret/i;
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'x-murmur-admin-token']);
const METHODS = ['ANY', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** `value` with every field whose name says password, token or secret shown as `[redacted]`. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, SECRET_KEY.test(key) ? REDACTED : redact(field)]),
  );
}

/** A request's headers as the journal shows them. */
export function shownHeaders(headers: Headers): Record<string, string> {
  const shown: Record<string, string> = {};
  headers.forEach((value, name) => {
    shown[name] = SECRET_HEADERS.has(name) ? REDACTED : value;
  });
  return shown;
}

/** A request body as the journal shows it: JSON redacted, other text as it is, null for none. */
export function shownBody(text: string): unknown {
  if (text === '') return null;
  try {
    return redact(JSON.parse(text));
  } catch {
    return text;
  }
}

/** A query as the journal shows it (`access_token` redacted). */
export function shownQuery(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  params.forEach((value, name) => {
    query[name] = SECRET_KEY.test(name) ? REDACTED : value;
  });
  return query;
}

/** Whether `path` (from `/api`) matches `pattern` in msw's syntax. */
export function pathMatches(pattern: string, path: string): boolean {
  const origin = 'http://murmur.test';
  const full = pattern.startsWith('/') ? `${origin}${pattern}` : pattern;
  return matchRequestUrl(new URL(`${origin}${path}`), full).matches;
}

const sameMethod = (wanted: string, method: string) => wanted === 'ANY' || wanted === method.toUpperCase();

const STEER_EXAMPLE =
  'such as {"method": "POST", "path": "/api/posts", "status": 503, "times": 1} or {"method": "POST", "path": "/api/posts", "failure": "network", "when": "after-commit"}';

/** A `POST __murmur/stubs` body checked: the stub or fault, or a message saying what to change. */
export function parseSteer(given: unknown): Steer | string {
  if (!isRecord(given)) return `a stub is a JSON object ${STEER_EXAMPLE}`;
  const { method = 'ANY', path, times, failure, when, status, body, headers, delayMs, ...rest } = given;
  const unknown = Object.keys(rest);
  const isFault = failure !== undefined || when !== undefined;
  if (unknown.length > 0) {
    const takes = isFault
      ? 'method, path, failure, when and times'
      : 'method, path, status, body, headers, delayMs and times';
    return `a ${isFault ? 'fault' : 'stub'} takes ${takes}; remove ${unknown.join(', ')}`;
  }
  if (typeof path !== 'string' || !path.startsWith('/')) {
    return 'path must be a path from /api such as "/api/posts/:postId" (msw\'s syntax, * for any)';
  }
  const upper = typeof method === 'string' ? method.toUpperCase() : '';
  if (!METHODS.includes(upper)) return `method must be one of ${METHODS.join(', ')}`;
  if (times !== undefined && !(Number.isSafeInteger(times) && (times as number) >= 1)) {
    return 'times must be a whole number, 1 or more (left out: every matching request)';
  }
  const left = (times as number | undefined) ?? Number.POSITIVE_INFINITY;
  if (isFault) {
    if (status !== undefined || body !== undefined || headers !== undefined || delayMs !== undefined) {
      return 'a fault (with failure or when) takes no status, body, headers or delayMs: make a stub for an answer';
    }
    if (failure !== 'error' && failure !== 'network') {
      return 'failure must be "error" (a 500) or "network" (the connection dropped)';
    }
    const moment = when ?? 'before';
    if (moment !== 'before' && moment !== 'after-commit') {
      return 'when must be "before" (the backend never sees the request) or "after-commit" (the write is saved, then the answer fails)';
    }
    return { kind: 'fault', method: upper, path, failure, when: moment, times: left };
  }
  if (
    status !== undefined &&
    !(Number.isSafeInteger(status) && (status as number) >= 200 && (status as number) <= 599)
  ) {
    return 'status must be a whole number from 200 to 599';
  }
  if (headers !== undefined && !(isRecord(headers) && Object.values(headers).every((v) => typeof v === 'string'))) {
    return 'headers must be an object of strings such as {"Retry-After": "1"}';
  }
  if (
    delayMs !== undefined &&
    !(Number.isFinite(delayMs) && (delayMs as number) >= 0 && (delayMs as number) <= 60_000)
  ) {
    return 'delayMs must be a number of milliseconds from 0 to 60000';
  }
  return {
    kind: 'stub',
    method: upper,
    path,
    status: (status as number | undefined) ?? 200,
    body,
    headers: (headers as Record<string, string> | undefined) ?? {},
    delayMs: (delayMs as number | undefined) ?? 0,
    times: left,
  };
}

/** A steer as `GET __murmur/stubs` lists it (`times` left, null when unbounded). */
function shownSteer(steer: Steer): Record<string, unknown> {
  return { ...steer, times: Number.isFinite(steer.times) ? steer.times : null };
}

export class TestState {
  readonly #journal: ReceivedRequest[] = [];
  #steers: Steer[] = [];

  constructor(readonly clockCore: ClockCore | null = null) {}

  /** The requests received, oldest first, those matching `filter`. */
  requests(filter: RequestFilter = {}): ReceivedRequest[] {
    const method = filter.method?.toUpperCase() ?? 'ANY';
    return this.#journal.filter(
      (r) => sameMethod(method, r.method) && (filter.path === undefined || pathMatches(filter.path, r.path)),
    );
  }

  record(request: ReceivedRequest): void {
    this.#journal.push(request);
    if (this.#journal.length > JOURNAL_KEPT) this.#journal.splice(0, this.#journal.length - JOURNAL_KEPT);
  }

  /** Forgets the requests received (a test starting afresh). */
  clearRequests(): void {
    this.#journal.length = 0;
  }

  /** Adds a stub or fault; the newest matching one answers first. */
  steer(steer: Steer): void {
    this.#steers.unshift(steer);
  }

  get steers(): Record<string, unknown>[] {
    return this.#steers.map(shownSteer);
  }

  clearSteers(): void {
    this.#steers = [];
  }

  /** The stub or fault answering `method path` now, its `times` counted down (and dropped at 0). */
  take(method: string, path: string): Steer | null {
    const found = this.#steers.find((s) => sameMethod(s.method, method) && pathMatches(s.path, path));
    if (!found) return null;
    found.times -= 1;
    if (found.times <= 0) this.#steers = this.#steers.filter((s) => s !== found);
    return found;
  }
}
