// @vitest-environment node
// The backend in its worker, as the page sees it: the page's side
// (./workerHost.ts) and the worker's (./backendWorker.ts) joined by a
// MessageChannel, with the real core. What crosses is what a browser's
// worker would carry: structured clones, transferred buffers and streams.

import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupError } from '../persistence/backup.js';
import { SeedError } from '../core/seed.js';
import { EventsRefused } from '../core/eventsApi.js';
import { serveBackend } from './backendWorker.js';
import type { LocalOptions } from './localBackend.js';
import { connectWorker, type WorkerHost } from './workerHost.js';
import { ensureEventSource } from '../node/eventSource.js';

// msw makes the events' handler with the platform's EventSource, which a browser's worker has and Node 20 lacks.
ensureEventSource();

const wasm = () => {
  const bytes = readFileSync(new URL('../../core/mock_core_bg.wasm', import.meta.url));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};

const ports: MessagePort[] = [];
afterEach(() => ports.splice(0).forEach((port) => port.close()));

/** A worker whose other end serves the backend (streams transferred, or sent in chunks). */
function startInWorker(options: Partial<LocalOptions> = {}, transferStreams?: boolean): WorkerHost {
  const { port1: page, port2: scope } = new MessageChannel();
  ports.push(page, scope);
  serveBackend(scope as never, { transferStreams });
  scope.start();
  page.start();
  const worker = Object.assign(page, { terminate: () => page.close() }) as unknown as Worker;
  return connectWorker(worker, { basePath: '/', persist: 'memory', wasm: wasm(), ...options });
}

const site = 'http://localhost';
async function send(
  host: WorkerHost,
  method: string,
  path: string,
  init: { body?: unknown; token?: string; accept?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (init.accept) headers.accept = init.accept;
  if (init.token) headers.authorization = init.token;
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  if (body) headers['content-type'] = 'application/json';
  const response = await host.respond(new Request(`${site}${path}`, { method, headers, body }));
  if (!response) throw new Error(`no answer for ${method} ${path}`);
  return response;
}

async function signIn(host: WorkerHost): Promise<string> {
  const answer = await send(host, 'POST', '/api/auth/login', { body: { username: 'guest', password: 'guest123' } });
  return ((await answer.json()) as { encodedToken: string }).encodedToken;
}

describe('the backend in its worker', () => {
  it('answers a request handed over, and the write is seen by the next read', async () => {
    const host = startInWorker();
    const report = await host.started;
    expect(report.foundSavedState).toBe(false);
    const token = await signIn(host);
    const created = await send(host, 'POST', '/api/posts', { token, body: { postData: { content: 'From the page' } } });
    expect(created.status).toBe(201);
    const posts = (await (await send(host, 'GET', '/api/posts')).json()) as { posts: { content: string }[] };
    expect(posts.posts.map((post) => post.content)).toContain('From the page');
  });

  it("answers the core's own errors as the core does, and leaves routes it does not know to the page", async () => {
    const host = startInWorker();
    const refused = await send(host, 'POST', '/api/posts', { body: { postData: { content: 'x' } } });
    expect(refused.status).toBe(401);
    expect(await host.respond(new Request(`${site}/elsewhere`))).toBeUndefined();
  });

  it('hands a GET over without a body, even one the browser gave an empty stream (Firefox)', async () => {
    const host = startInWorker();
    const read = new Request(`${site}/api/posts`);
    Object.defineProperty(read, 'body', { value: new ReadableStream() });
    const answer = await host.respond(read);
    expect(answer?.status).toBe(200);
  });

  it.each([true, false])('streams the live events as they come (stream transferred: %s)', async (transfer) => {
    const host = startInWorker({}, transfer);
    const token = await signIn(host);
    const stream = await send(host, 'GET', '/api/events', { token, accept: 'text/event-stream' });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    await send(host, 'POST', '/api/posts', { token, body: { postData: { content: 'Live from the worker' } } });
    let text = '';
    while (!text.includes('Live from the worker')) text += (await reader.read()).value ?? '';
    expect(text).toMatch(/^event:post\.created$/m);
    await reader.cancel();
  });

  it("follows the events through events(), and a refused reader's error keeps its class", async () => {
    const host = startInWorker();
    const token = await signIn(host);
    const stop = new AbortController();
    const events = host.events({ signal: stop.signal });
    const first = events.next();
    await send(host, 'POST', '/api/posts', { token, body: { postData: { content: 'Seen by events()' } } });
    expect((await first).value).toMatchObject({ event: 'post.created' });
    stop.abort();
    expect(await events.next()).toEqual({ done: true, value: undefined });
    await expect(host.events({ token: 'not a token' }).next()).rejects.toBeInstanceOf(EventsRefused);
  });

  it("calls the core's methods by name, and says when there is no such method", async () => {
    const host = startInWorker();
    const snapshot = JSON.parse((await host.call('core', 'exportSnapshot')) as string) as { users: unknown[] };
    expect(snapshot.users.length).toBeGreaterThan(1);
    await expect(host.call('core', 'mineBitcoin')).rejects.toThrow('The core has no method mineBitcoin()');
  });

  it('backs up and restores in the worker; a bad file is refused with its BackupError', async () => {
    const host = startInWorker();
    const file = (await host.call('exportBackup')) as string;
    expect(JSON.parse(file)).toMatchObject({ format: 'murmur-backup' });
    await expect(host.call('importBackup', file)).resolves.toMatchObject({ users: expect.any(Number) });
    const refused = host.call('importBackup', 'not json at all');
    await expect(refused).rejects.toBeInstanceOf(BackupError);
    await expect(refused).rejects.toMatchObject({ problem: 'not-json' });
  });

  it('steers its state as a server does: the journal, a fault after the commit, the clock, and a retry with its Idempotency-Key', async () => {
    const host = startInWorker();
    const token = await signIn(host);
    expect((await send(host, 'PUT', '/__murmur/clock', { body: { set: '2026-01-05T08:00:00Z' } })).status).toBe(200);
    const fault = { method: 'POST', path: '/api/posts', failure: 'network', when: 'after-commit', times: 1 };
    expect((await send(host, 'POST', '/__murmur/stubs', { body: fault })).status).toBe(201);
    const post = () =>
      host.respond(
        new Request(`${site}/api/posts`, {
          method: 'POST',
          headers: { authorization: token, 'content-type': 'application/json', 'idempotency-key': 'k-worker-1' },
          body: JSON.stringify({ postData: { content: 'Dropped in the worker' } }),
        }),
      );

    // The page sees a dropped connection (the transport makes it fetch's TypeError), and the post is saved.
    expect((await post())?.type).toBe('error');
    const retried = await post();
    expect(retried?.status).toBe(201);
    const { posts } = (await (await send(host, 'GET', '/api/posts')).json()) as {
      posts: { content: string; createdAt: string }[];
    };
    const mine = posts.filter((p) => p.content === 'Dropped in the worker');
    expect(mine).toHaveLength(1);
    expect(Date.parse(mine[0]!.createdAt)).toBe(Date.parse('2026-01-05T08:00:00Z'));

    const { requests } = (await (await send(host, 'GET', '/__murmur/requests')).json()) as {
      requests: { method: string; path: string; status: number | 'failed'; body: unknown }[];
    };
    expect(requests.filter((r) => r.path === '/api/posts' && r.method === 'POST').map((r) => r.status)).toEqual([
      'failed',
      201,
    ]);
    expect(requests[0]).toMatchObject({ path: '/api/auth/login', body: { username: 'guest', password: '[redacted]' } });
    const har = (await (await send(host, 'GET', '/__murmur/requests.har')).json()) as { log: { version: string } };
    expect(har.log.version).toBe('1.2');
    expect(JSON.stringify(har)).not.toContain('guest123');
  });

  it('a seed the core refuses fails the start with a SeedError, as in the page', async () => {
    const host = startInWorker({ seed: { users: [{ username: 'a' }] } as never });
    await expect(host.started).rejects.toBeInstanceOf(SeedError);
  });

  it('a worker whose script never runs is unusable (the page then runs the backend itself)', async () => {
    const target = new EventTarget();
    const worker = Object.assign(target, { postMessage: () => undefined, terminate: () => undefined });
    const host = connectWorker(worker as unknown as Worker, { basePath: '/', persist: 'memory', wasm: wasm() });
    const error = Object.assign(new Event('error'), { message: 'Failed to fetch a worker script' });
    target.dispatchEvent(error);
    await expect(host.unusable).rejects.toThrow(
      "The backend's worker could not start: Failed to fetch a worker script",
    );
  });
});
