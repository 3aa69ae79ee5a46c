// GET /api/events over HTTP: the same `sse()` handler as in the browser and
// msw/node, written to the socket as each event comes.

import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  awayAndBack,
  readEventStream,
  resumeAfterMuch,
  streamEvents,
  type StreamedEvent,
} from '../core/testing.js';
import { startMurmurHttpServer, type MurmurHttpServer } from './server.js';
import { HEARTBEAT, sendEventStream } from './eventStream.js';
import { MAX_STREAM_BUFFER_BYTES } from '../core/eventsRoute.js';
import { signIn } from './testing.js';

let server: MurmurHttpServer;
let base: string;

beforeAll(async () => {
  server = await startMurmurHttpServer({ log: 'off' });
  base = server.url;
});
afterAll(() => server.close());

const post = (token: string, content: string, headers: Record<string, string> = {}) =>
  api<{ posts: { _id: string; content: string }[] }>(base, 'POST', 'posts', {
    token,
    headers,
    body: { postData: { content } },
  });
const contentOf = (event: StreamedEvent) => (event.data as { post: { content: string } }).post.content;
const health = async () => (await (await fetch(`${base}__murmur/health`)).json()) as { eventStreams: number };

/** Bytes the process holds in buffers (every socket's and stream's queued chunks), garbage collected first. */
function buffersHeld(): number {
  const { gc } = globalThis as { gc?: () => void };
  if (!gc) throw new Error('run this suite with node --expose-gc (vitest.config.ts execArgv)');
  gc();
  return process.memoryUsage().arrayBuffers;
}

describe('GET /api/events over HTTP', () => {
  it('sends a post made by one client to another client’s open stream, as it happens', async () => {
    const stream = await streamEvents(base);
    const guest = await signIn(base);
    await post(guest, 'Over HTTP, live');
    const [event] = await stream.take(1);
    expect(event).toMatchObject({ event: 'post.created', id: server.core.revision });
    expect(contentOf(event!)).toBe('Over HTTP, live');
    await stream.close();
  });

  it('sends a notification to its recipient’s stream only', async () => {
    const [guest, maya] = [await signIn(base), await signIn(base, 'maya_lind', 'password123')];
    const toGuest = await streamEvents(base, { token: guest });
    const toMaya = await streamEvents(base, { query: `access_token=${encodeURIComponent(maya)}` });
    await api(base, 'POST', 'users/follow/u-guest', { token: maya });
    const guestGot = await toGuest.take(3);
    expect(guestGot.map((e) => e.event)).toEqual(['user.changed', 'user.changed', 'notification']);
    expect(guestGot[2]!.data).toMatchObject({ notification: { type: 'follow', actor: { username: 'maya_lind' } } });
    expect((await toMaya.within(300)).map((e) => e.event)).toEqual(['user.changed', 'user.changed']);
    await api(base, 'POST', 'users/unfollow/u-guest', { token: maya });
    await Promise.all([toGuest.close(), toMaya.close()]);
  });

  it('hands a resume more than MAX_STREAM_BUFFER_BYTES of events, all written at once, whole', async () => {
    const guest = await signIn(base);
    const { expected, got } = await resumeAfterMuch(
      base,
      guest,
      () => server.core.revision,
      2 * MAX_STREAM_BUFFER_BYTES,
    );
    expect(got).toEqual(expected);
  });

  it('resumes with every event made while the reader was away (Last-Event-ID)', async () => {
    const guest = await signIn(base);
    const [, ...missed] = await awayAndBack(base, (content) => post(guest, content));
    expect(missed.map(contentOf)).toEqual(['while away 1', 'while away 2']);
  });

  it('keeps each sandbox’s events to its own readers (the header, or ?sandbox= for EventSource)', async () => {
    const inA = await streamEvents(base, { headers: { 'x-murmur-sandbox': 'events-a' } });
    const inB = await streamEvents(base, { query: 'sandbox=events-b' });
    const inMain = await streamEvents(base);
    const tokenA = await signIn(base, 'guest', 'guest123', { 'x-murmur-sandbox': 'events-a' });
    const tokenB = await signIn(base, 'guest', 'guest123', { 'x-murmur-sandbox': 'events-b' });
    await post(tokenA, 'only in A', { 'x-murmur-sandbox': 'events-a' });
    await post(tokenB, 'only in B', { 'x-murmur-sandbox': 'events-b' });
    expect((await inA.take(1)).map(contentOf)).toEqual(['only in A']);
    expect((await inB.take(1)).map(contentOf)).toEqual(['only in B']);
    expect(await inA.within(200)).toEqual([]);
    expect(await inB.within(0)).toEqual([]);
    expect(await inMain.within(0)).toEqual([]);
    await Promise.all([inA.close(), inB.close(), inMain.close()]);
  });

  it('refuses a bad token with 401 and the catalogue’s message, and a request for no stream with 406', async () => {
    const bad = await fetch(`${base}api/events?access_token=nope`, { headers: { accept: 'text/event-stream' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ errors: ['The token is invalid. Unauthorized access error.'] });
    const plain = await fetch(`${base}api/events`);
    expect(plain.status).toBe(406);
  });

  it('drops a reader that never reads once its bound is passed; writes go on and memory stays flat', async () => {
    const guest = await signIn(base);
    const target = (await post(guest, 'a post to comment on, many times')).posts.find(
      (p) => p.content === 'a post to comment on, many times',
    )!;
    const before = await health();
    const buffersBefore = buffersHeld();
    // A raw connection that asks for the stream and never reads a byte.
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    socket.write(`GET /api/events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n`);
    socket.pause();
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await expect.poll(async () => (await health()).eventStreams).toBe(before.eventStreams + 1);
    // Each comment makes the post's event larger (it carries every comment):
    // the socket's buffers fill, then the stream's bound.
    const text = 'x'.repeat(280);
    let writes = 0;
    while ((await health()).eventStreams > before.eventStreams) {
      const started = performance.now();
      await api(base, 'POST', `comments/add/${target._id}`, { token: guest, body: { commentData: { text } } });
      // The reader that never reads holds no write back.
      expect(performance.now() - started).toBeLessThan(2_000);
      writes += 1;
      expect(writes).toBeLessThan(2_000);
    }
    socket.resume();
    socket.destroy();
    await closed;
    expect((await health()).eventStreams).toBe(before.eventStreams);
    // What was waiting for it is let go. (Not RSS: the core's WebAssembly memory
    // grows with the comments themselves and never gives memory back.)
    await expect.poll(() => buffersHeld() - buffersBefore).toBeLessThan(MAX_STREAM_BUFFER_BYTES);
  });

  it('ends every stream when the server closes (a reader reconnects elsewhere)', async () => {
    const other = await startMurmurHttpServer({ log: 'off' });
    const res = await fetch(`${other.url}api/events`, { headers: { accept: 'text/event-stream' } });
    const stream = readEventStream(res.body!);
    await other.close();
    expect(await stream.within(1_000)).toEqual([]);
  });
});

describe('sendEventStream', () => {
  let http: Server;
  let url: string;
  beforeAll(async () => {
    http = createServer((_req, res) => {
      const body = new ReadableStream<Uint8Array>({ start: () => undefined });
      const response = new Response(body, { headers: { 'content-type': 'text/event-stream' } });
      void sendEventStream(res, response, { 'content-type': 'text/event-stream' }, { heartbeatMs: 50 });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  it('sends a heartbeat comment while the stream is idle', async () => {
    const controller = new AbortController();
    const res = await fetch(url, { signal: controller.signal });
    const stream = readEventStream(res.body!, () => controller.abort());
    expect(await stream.within(400)).toEqual([]);
    expect(stream.comments.length).toBeGreaterThanOrEqual(2);
    expect(stream.comments[0]).toBe(HEARTBEAT.slice(1).trim());
    await stream.close();
    http.closeAllConnections();
  });
});
