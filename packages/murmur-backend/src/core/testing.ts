// Helpers for the live events' tests in every transport: an event stream
// (`text/event-stream`) read event by event, with a deadline, and the
// requests that make events.

import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';

/** One event as a stream carries it: `id`, `event` and `data` parsed. */
export interface StreamedEvent {
  id: number;
  event: string;
  data: unknown;
}

/** A stream read event by event: `take(n)` waits (up to `ms`) for the next `n`; `close()` cancels it. */
export interface EventStreamReader {
  take(n: number, ms?: number): Promise<StreamedEvent[]>;
  /** Resolves with what arrived within `ms` (none expected, say). */
  within(ms: number): Promise<StreamedEvent[]>;
  close(): Promise<void>;
  /** Comments seen (`: ping`). */
  comments: string[];
}

/**
 * Reads `body` event by event. `abort`, when given, is called on `close()`:
 * a client that leaves aborts its request (what tells the server), rather
 * than only cancelling the body.
 */
export function readEventStream(body: ReadableStream<Uint8Array>, abort?: () => void): EventStreamReader {
  const comments: string[] = [];
  const stream = body
    .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
    .pipeThrough(new EventSourceParserStream({ onComment: (comment) => comments.push(comment) }));
  const reader = stream.getReader();
  const buffered: StreamedEvent[] = [];
  let pending: Promise<ReadableStreamReadResult<EventSourceMessage>> | null = null;
  let done = false;
  const pull = async (until: number): Promise<boolean> => {
    if (done) return false;
    pending ??= reader.read();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), Math.max(0, until - Date.now()));
    });
    const result = await Promise.race([pending, timeout]);
    clearTimeout(timer);
    if (result === 'timeout') return false;
    pending = null;
    if (result.done) {
      done = true;
      return false;
    }
    const { id, event, data } = result.value;
    buffered.push({ id: Number(id), event: event ?? 'message', data: JSON.parse(data) });
    return true;
  };
  return {
    comments,
    async take(n, ms = 5_000) {
      const until = Date.now() + ms;
      while (buffered.length < n) {
        if (!(await pull(until))) {
          throw new Error(`expected ${n} events within ${ms} ms, got ${JSON.stringify(buffered.map((e) => e.event))}`);
        }
      }
      return buffered.splice(0, n);
    },
    async within(ms) {
      const until = Date.now() + ms;
      while (await pull(until));
      return buffered.splice(0);
    },
    async close() {
      abort?.();
      await reader.cancel().catch(() => undefined);
    },
  };
}

/** Opens `GET <base>api/events` with `fetch` as a client of the stream would; the response, read or not. */
export function openEvents(
  base: string,
  {
    token,
    after,
    query,
    headers = {},
    signal,
  }: {
    token?: string;
    after?: number | string;
    query?: string;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  } = {},
): Promise<Response> {
  const all: Record<string, string> = { accept: 'text/event-stream', ...headers };
  if (token) all.authorization = token;
  if (after !== undefined) all['last-event-id'] = String(after);
  return fetch(`${base}api/events${query ? `?${query}` : ''}`, { headers: all, signal });
}

/** `openEvents` read as a stream (status 200 checked); `close()` aborts the request. */
export async function streamEvents(
  base: string,
  options: Parameters<typeof openEvents>[1] = {},
): Promise<EventStreamReader> {
  const controller = new AbortController();
  const res = await openEvents(base, { ...options, signal: controller.signal });
  if (res.status !== 200 || !res.body) throw new Error(`GET api/events answered ${res.status}: ${await res.text()}`);
  return readEventStream(res.body, () => controller.abort());
}

/** A JSON request to `<base>api/...` as `token`; the parsed answer (status checked). */
export async function api<T = unknown>(
  base: string,
  method: string,
  path: string,
  { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const res = await fetch(`${base}api/${path}`, {
    method,
    headers: { ...(token ? { authorization: token } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A reader reads one post's event and leaves; two more posts are made; it
 * comes back with that event's id as `Last-Event-ID`. The events it then
 * gets (the same in every transport).
 */
export async function awayAndBack(base: string, post: (content: string) => Promise<unknown>): Promise<StreamedEvent[]> {
  const first = await streamEvents(base);
  await post('before the break');
  const [seen] = await first.take(1);
  await first.close();
  await post('while away 1');
  await post('while away 2');
  const resumed = await streamEvents(base, { after: seen!.id });
  const missed = await resumed.take(2);
  await resumed.close();
  return [seen!, ...missed];
}

/**
 * A reader away while `token` comments on one post until the comments'
 * events, each carrying the post with every comment, hold more than
 * `bytes`; it then resumes after the revision before them. The ids the
 * resume should hand it, and the ids it got.
 */
export async function resumeAfterMuch(
  base: string,
  token: string,
  revision: () => number,
  bytes: number,
): Promise<{ expected: number[]; got: number[] }> {
  const content = `commented on while away, ${bytes} bytes`;
  const made = await api<{ posts: { _id: string; content: string }[] }>(base, 'POST', 'posts', {
    token,
    body: { postData: { content } },
  });
  const target = made.posts.find((p) => p.content === content)!;
  const after = revision();
  const text = 'z'.repeat(280);
  let writes = 0;
  for (let sent = 0; sent < bytes; sent += writes * text.length) writes += 1;
  for (let i = 0; i < writes; i++) {
    await api(base, 'POST', `comments/add/${target._id}`, { token, body: { commentData: { text } } });
  }
  const stream = await streamEvents(base, { after });
  const got = (await stream.take(writes)).map((e) => e.id);
  await stream.close();
  return { expected: Array.from({ length: writes }, (_, i) => after + i + 1), got };
}
