// GET /api/events under msw/node (the same `sse()` handler the worker and
// the HTTP server answer with), and the Node form, `events()`.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventSource } from 'eventsource';
import { createMurmurServer, EventsRefused, MAX_WAITING_EVENTS, ReaderFellBehind } from '../node/index.js';
import {
  api,
  awayAndBack,
  openEvents,
  readEventStream,
  resumeAfterMuch,
  streamEvents,
  type StreamedEvent,
} from './testing.js';
import {
  boundedStream,
  MAX_STREAM_BUFFER_BYTES,
  NOT_AN_EVENT_STREAM_REQUEST,
  READER_FELL_BEHIND,
  READER_GRACE_MS,
} from './eventsRoute.js';

const BASE = 'http://localhost/';
const INVALID_TOKEN = 'The token is invalid. Unauthorized access error.';
const murmur = createMurmurServer();
beforeAll(() => murmur.server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => murmur.server.close());

const signIn = async (username: string, password = 'password123') =>
  (await api<{ encodedToken: string }>(BASE, 'POST', 'auth/login', { body: { username, password } })).encodedToken;
const post = (token: string, content: string) =>
  api<{ posts: { _id: string; content: string }[] }>(BASE, 'POST', 'posts', { token, body: { postData: { content } } });
const kinds = (events: StreamedEvent[]) => events.map((e) => e.event);

describe('GET /api/events under msw/node', () => {
  it('streams a post made by one client to another client, as the core made the event', async () => {
    const guest = await signIn('guest', 'guest123');
    const controller = new AbortController();
    const res = await openEvents(BASE, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const stream = readEventStream(res.body!, () => controller.abort());
    await post(guest, 'Hello from the guest, live');
    const [event] = await stream.take(1);
    expect(event!.event).toBe('post.created');
    expect((event!.data as { post: { content: string; username: string } }).post).toMatchObject({
      content: 'Hello from the guest, live',
      username: 'guest',
    });
    expect(event!.id).toBe(murmur.core.revision);
    await stream.close();
  });

  it('sends a notification to its recipient only', async () => {
    const [guest, maya] = [await signIn('guest', 'guest123'), await signIn('maya_lind')];
    const guestStream = await streamEvents(BASE, { token: guest });
    const mayaStream = await streamEvents(BASE, { token: `Bearer ${maya}` });
    const mine = (await post(guest, 'Like this one, Maya')).posts.find((p) => p.content === 'Like this one, Maya')!;
    await guestStream.take(1);
    await mayaStream.take(1);
    await api(BASE, 'POST', `posts/like/${mine._id}`, { token: maya });
    expect(kinds(await guestStream.take(2))).toEqual(['post.changed', 'notification']);
    expect(kinds(await mayaStream.within(300))).toEqual(['post.changed']);
    await Promise.all([guestStream.close(), mayaStream.close()]);
  });

  it('resumes after Last-Event-ID with every event made while the reader was away', async () => {
    const guest = await signIn('guest', 'guest123');
    const [seen, ...missed] = await awayAndBack(BASE, (content) => post(guest, content));
    expect(missed.map((e) => (e.data as { post: { content: string } }).post.content)).toEqual([
      'while away 1',
      'while away 2',
    ]);
    expect(missed.map((e) => e.id)).toEqual([seen!.id + 1, seen!.id + 2]);
  });

  it('answers a resync for an id the state does not keep', async () => {
    const stream = await streamEvents(BASE, { after: 'not-a-revision' });
    const [event] = await stream.take(1);
    expect(event).toEqual({ id: murmur.core.revision, event: 'resync', data: { revision: murmur.core.revision } });
    await stream.close();
  });

  it('takes the token as ?access_token= (EventSource sends no header) and reconnects with Last-Event-ID', async () => {
    const guest = await signIn('guest', 'guest123');
    const maya = await signIn('maya_lind');
    const source = new EventSource(`${BASE}api/events?access_token=${encodeURIComponent(guest)}`);
    const notified = new Promise<MessageEvent>((resolve) => source.addEventListener('notification', resolve));
    await new Promise((resolve) => source.addEventListener('open', resolve, { once: true }));
    await api(BASE, 'POST', 'users/follow/u-guest', { token: maya });
    const event = await notified;
    expect(JSON.parse(event.data as string)).toMatchObject({ notification: { type: 'follow' } });
    expect(event.lastEventId).toBe(String(murmur.core.revision));
    source.close();
  });

  it('refuses a bad token with 401 and the catalogue message, in the header or the query', async () => {
    for (const res of [
      await openEvents(BASE, { token: 'not-a-token' }),
      await openEvents(BASE, { query: 'access_token=not-a-token' }),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ errors: [INVALID_TOKEN] });
    }
  });

  it('answers a GET that asks for no event stream 406, saying how to ask', async () => {
    const res = await fetch(`${BASE}api/events`);
    expect(res.status).toBe(406);
    expect(await res.json()).toEqual({ errors: [NOT_AN_EVENT_STREAM_REQUEST] });
  });

  it('leaves the other methods to the core: 405 with Allow: GET', async () => {
    const res = await fetch(`${BASE}api/events`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('closes a stream whose reader never reads once MAX_STREAM_BUFFER_BYTES wait; writes go on', async () => {
    const guest = await signIn('guest', 'guest123');
    const target = (await post(guest, 'a post to comment on, unread')).posts.find(
      (p) => p.content === 'a post to comment on, unread',
    )!;
    // Asked for and never read, as a page or a test that forgets its stream.
    const unread = await openEvents(BASE);
    const reading = await streamEvents(BASE);
    // Each comment's event carries the post with every comment: they grow.
    const text = 'x'.repeat(280);
    let writes = 0;
    for (let sent = 0; sent < 2 * MAX_STREAM_BUFFER_BYTES; sent += writes * text.length) writes += 1;
    const all = reading.take(writes);
    for (let i = 0; i < writes; i++) {
      await api(BASE, 'POST', `comments/add/${target._id}`, { token: guest, body: { commentData: { text } } });
    }
    // A reader that reads gets every event.
    expect((await all).length).toBe(writes);
    await reading.close();
    // The one that did not is failed, not grown: what waited is let go (it resumes with Last-Event-ID).
    await new Promise((resolve) => setTimeout(resolve, READER_GRACE_MS + 100));
    const body = unread.body!.getReader();
    let received = 0;
    const failure = await (async () => {
      for (;;) {
        const next = await body.read();
        if (next.done) return null;
        received += next.value.byteLength;
      }
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ message: READER_FELL_BEHIND });
    expect(received).toBeLessThanOrEqual(MAX_STREAM_BUFFER_BYTES);
  });

  it('hands a resume more than MAX_STREAM_BUFFER_BYTES of events at once, whole', async () => {
    const guest = await signIn('guest', 'guest123');
    const { expected, got } = await resumeAfterMuch(
      BASE,
      guest,
      () => murmur.core.revision,
      2 * MAX_STREAM_BUFFER_BYTES,
    );
    expect(got).toEqual(expected);
  });
});

describe('boundedStream', () => {
  /** A source the test writes into, and whether it was let go. */
  const source = () => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start: (c) => void (controller = c),
      cancel: () => void (cancelled = true),
    });
    return { stream, controller, cancelled: () => cancelled };
  };
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const tick = () => wait(0);

  it('passes every chunk of a source that is read, and ends with it', async () => {
    const { stream, controller } = source();
    let ended = 0;
    const reader = boundedStream(stream, 10, () => (ended += 1)).getReader();
    const chunks = [new Uint8Array(8), new Uint8Array(8), new Uint8Array(8)];
    for (const chunk of chunks) {
      controller.enqueue(chunk);
      expect((await reader.read()).value).toBe(chunk);
    }
    controller.close();
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(ended).toBe(1);
  });

  it('fails once more than its bound has waited unread for its grace, and lets the source go', async () => {
    const { stream, controller, cancelled } = source();
    let ended = 0;
    const bounded = boundedStream(stream, 10, () => (ended += 1), 20);
    controller.enqueue(new Uint8Array(6));
    controller.enqueue(new Uint8Array(4));
    await wait(40);
    expect(ended).toBe(0);
    controller.enqueue(new Uint8Array(1));
    await wait(5);
    expect(ended).toBe(0);
    await wait(40);
    expect(ended).toBe(1);
    expect(cancelled()).toBe(true);
    await expect(bounded.getReader().read()).rejects.toThrow(READER_FELL_BEHIND);
  });

  it('keeps a stream whose reader takes a burst past the bound within the grace', async () => {
    const { stream, controller, cancelled } = source();
    let ended = 0;
    const reader = boundedStream(stream, 10, () => (ended += 1), 20).getReader();
    for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(8));
    await wait(5);
    for (let i = 0; i < 4; i++) expect((await reader.read()).value?.byteLength).toBe(8);
    await wait(40);
    expect(ended).toBe(0);
    expect(cancelled()).toBe(false);
    controller.enqueue(new Uint8Array(8));
    expect((await reader.read()).value?.byteLength).toBe(8);
  });

  it('lets the source go when its own reader does', async () => {
    const { stream, cancelled } = source();
    let ended = 0;
    await boundedStream(stream, 10, () => (ended += 1)).cancel();
    await tick();
    expect(cancelled()).toBe(true);
    expect(ended).toBe(1);
  });
});

describe('events() in Node', () => {
  it('iterates the same events the stream sends for the same writes', async () => {
    const guest = await signIn('guest', 'guest123');
    const stream = await streamEvents(BASE, { token: guest });
    const iterated: StreamedEvent[] = [];
    const reading = (async () => {
      for await (const event of murmur.events({ token: guest })) {
        iterated.push(event);
        if (iterated.length === 3) break;
      }
    })();
    const made = (await post(guest, 'one, to like')).posts.find((p) => p.content === 'one, to like')!;
    await api(BASE, 'POST', `posts/like/${made._id}`, { token: await signIn('theo_builds') });
    await reading;
    expect(await stream.take(3)).toEqual(iterated);
    expect(kinds(iterated)).toEqual(['post.created', 'post.changed', 'notification']);
    await stream.close();
  });

  it('starts after `after` and rejects a bad token with its status and message', async () => {
    const after = murmur.core.revision;
    await post(await signIn('guest', 'guest123'), 'after the mark');
    const iterator = murmur.events({ after });
    const first = await iterator.next();
    expect(first.value).toMatchObject({ id: after + 1, event: 'post.created' });
    await iterator.return();
    const refused = await murmur
      .events({ token: 'nope' })
      .next()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(EventsRefused);
    expect(refused).toMatchObject({ status: 401, message: INVALID_TOKEN });
  });

  it('ends at its signal, and throws once more than MAX_WAITING_EVENTS wait unread', async () => {
    const controller = new AbortController();
    const iterator = murmur.events({ signal: controller.signal });
    const next = iterator.next();
    controller.abort();
    expect(await next).toEqual({ done: true, value: undefined });

    const guest = await signIn('guest', 'guest123');
    const lagging = murmur.events({ token: guest });
    const waiting = lagging.next();
    await post(guest, 'the first');
    const first = await waiting;
    const minimal = { token: guest, headers: { prefer: 'return=minimal' } };
    for (let i = 0; i <= MAX_WAITING_EVENTS; i++) {
      await api(BASE, 'POST', 'posts', { ...minimal, body: { postData: { content: `flood ${i}` } } });
    }
    const fell = await (async () => {
      for (;;) {
        const { done } = await lagging.next();
        if (done) return null;
      }
    })().catch((error: unknown) => error);
    expect(fell).toBeInstanceOf(ReaderFellBehind);
    expect((fell as ReaderFellBehind).after).toBe(first.value!.id);
  });
});
