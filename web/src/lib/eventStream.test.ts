import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEventStream, type StreamEvent } from './eventStream';
import type { Transport } from './backendGate';

/** A stream answer whose body is `chunks`, then ends (or stays open with `open`). */
function streamAnswer(chunks: string[], { open = false } = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!open) controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** A transport that answers each request with the next of `answers` (the last one again once they run out). */
function transport(answers: (() => Response | Promise<Response>)[]) {
  const requests: { headers: Record<string, string> }[] = [];
  const fetch: Transport = async (_input, init) => {
    requests.push({ headers: { ...(init?.headers as Record<string, string>) } });
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)];
    if (!answer) throw new TypeError('Failed to fetch');
    return answer();
  };
  return { fetch, requests };
}

const fast = { firstMs: 1, maxMs: 1 };
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true));

afterEach(() => {
  vi.useRealTimers();
});

describe('openEventStream', () => {
  it('reads events cut anywhere, with their id, kind and data, and sends the token', async () => {
    const { fetch, requests } = transport([
      () =>
        streamAnswer(
          [
            'id: 3\nevent: post.cre',
            'ated\ndata: {"post":',
            '{"_id":"p-1"}}\n\n: heartbeat\n\n',
            'id: 4\nevent: resync\ndata: {"revision":4}\n\n',
          ],
          {
            open: true,
          },
        ),
    ]);
    const events: StreamEvent[] = [];
    const stream = openEventStream({ url: '/api/events', token: () => 'tok', fetch, onEvent: (e) => events.push(e) });
    await until(() => events.length === 2);
    expect(events).toEqual([
      { id: '3', event: 'post.created', data: '{"post":{"_id":"p-1"}}' },
      { id: '4', event: 'resync', data: '{"revision":4}' },
    ]);
    expect(requests[0]?.headers).toMatchObject({ authorization: 'tok', accept: 'text/event-stream' });
    expect(requests[0]?.headers['last-event-id']).toBeUndefined();
    expect(stream.lastEventId()).toBe('4');
    stream.stop();
  });

  it('after a drop, reconnects with Last-Event-ID and says it resumed', async () => {
    const { fetch, requests } = transport([
      () => streamAnswer(['id: 7\nevent: post.changed\ndata: {}\n\n']),
      () => streamAnswer(['id: 8\nevent: post.changed\ndata: {}\n\n'], { open: true }),
    ]);
    const ids: (string | undefined)[] = [];
    const opens: boolean[] = [];
    const onDrop = vi.fn();
    const stream = openEventStream({
      url: '/api/events',
      token: () => null,
      fetch,
      backoff: fast,
      onEvent: (e) => ids.push(e.id),
      onOpen: (resumed) => opens.push(resumed),
      onDrop,
    });
    await until(() => ids.length === 2);
    expect(ids).toEqual(['7', '8']);
    expect(requests[1]?.headers['last-event-id']).toBe('7');
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(opens).toEqual([false, true]);
    expect(onDrop).toHaveBeenCalledTimes(1);
    stream.stop();
  });

  it('stops for good when the token is refused, with the catalogue message', async () => {
    const message = 'The token is invalid. Unauthorized access error.';
    const { fetch, requests } = transport([() => Response.json({ errors: [message] }, { status: 401 })]);
    const onRejected = vi.fn();
    openEventStream({
      url: '/api/events',
      token: () => 'bad',
      fetch,
      backoff: fast,
      onEvent: () => undefined,
      onRejected,
    });
    await until(() => onRejected.mock.calls.length === 1);
    expect(onRejected).toHaveBeenCalledWith(401, message);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(1);
  });

  it('waits longer after each failure, up to the ceiling, and afresh after a stream that opened', async () => {
    vi.useFakeTimers();
    const failing = () => Promise.reject(new TypeError('Failed to fetch'));
    const { fetch, requests } = transport([failing, failing, failing, failing, () => streamAnswer([]), failing]);
    const stream = openEventStream({
      url: '/api/events',
      token: () => null,
      fetch,
      backoff: { firstMs: 100, maxMs: 300 },
      random: () => 1,
      onEvent: () => undefined,
    });
    const after = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms - 1);
      const before = requests.length;
      await vi.advanceTimersByTimeAsync(1);
      return requests.length - before;
    };
    await vi.advanceTimersByTimeAsync(0);
    expect(requests).toHaveLength(1);
    expect(await after(200)).toBe(1); // 100 × 2
    expect(await after(300)).toBe(1); // 400, held at the ceiling
    expect(await after(300)).toBe(1);
    expect(await after(300)).toBe(1); // this one opens and ends
    expect(await after(100)).toBe(1); // the back-off starts afresh
    stream.stop();
  });

  it('stop() closes the open stream and never reconnects', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      cancel() {
        cancelled = true;
      },
    });
    const { fetch, requests } = transport([
      () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    ]);
    const opened = vi.fn();
    const stream = openEventStream({
      url: '/api/events',
      token: () => null,
      fetch,
      backoff: fast,
      onEvent: () => undefined,
      onOpen: opened,
    });
    await until(() => opened.mock.calls.length === 1);
    stream.stop();
    await until(() => cancelled);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(1);
  });

  it('treats an answer that is not a stream (a static host’s page) as a drop', async () => {
    const { fetch, requests } = transport([
      () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }),
      () => streamAnswer(['id: 1\nevent: resync\ndata: {"revision":1}\n\n'], { open: true }),
    ]);
    const events: StreamEvent[] = [];
    const stream = openEventStream({
      url: '/api/events',
      token: () => null,
      fetch,
      backoff: fast,
      onEvent: (e) => events.push(e),
    });
    await until(() => events.length === 1);
    expect(requests).toHaveLength(2);
    stream.stop();
  });
});
