import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { bodyWithin, createHandlers } from './apiRoute.js';
import { bodyText, coreBackend, STREAMED_FROM_BYTES, StreamedBody, type ApiRequest } from './coreCall.js';
import { BODY_TOO_LARGE, MAX_BODY_BYTES } from '../limits.js';
import { createNodeCore, createTestServer } from '../node/index.js';

const { server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('the in-browser backend under msw/node', () => {
  it('answers /api requests with the wasm core', async () => {
    const res = await fetch('http://localhost/api/users');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-murmur-backend')).toBe('wasm-core');
    const data = (await res.json()) as { users: { username: string }[] };
    expect(data.users.map((u) => u.username)).toContain('guest');
  });

  it('passes the core its errors, as JSON', async () => {
    const res = await fetch('http://localhost/api/no-such-route', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    const data = (await res.json()) as { errors: string[] };
    expect(data.errors[0]).toBeTruthy();
  });
});

/** The core over the demo seed, or `posts` bulk posts, counting the answers it frees. */
function trackedCore(posts?: number) {
  const core = createNodeCore();
  if (posts) core.loadBulk(50, posts);
  const freed: number[] = [];
  const tracking = {
    handle: (...args: Parameters<typeof core.handle>) => {
      const res = core.handle(...args);
      const free = res.free.bind(res);
      return Object.assign(res, { free: () => (freed.push(res.status), free()) });
    },
  };
  return { core, freed, backend: coreBackend(tracking) };
}

describe('coreBackend', () => {
  it('frees each answer in wasm memory once it is read', async () => {
    const { backend, freed } = trackedCore();
    const answer = await backend.handle({
      method: 'GET',
      url: '/api/posts',
      authorization: undefined,
      body: '',
    });
    expect(answer.status).toBe(200);
    expect((JSON.parse(bodyText(answer)) as { posts: unknown[] }).posts).toHaveLength(12);
    expect(freed).toEqual([200]);
  });
});

describe('a large answer', () => {
  /** A core over 2,000 posts (an answer of every post is about 0.7 MB), and that answer's text. */
  function largeCore() {
    const { core, freed, backend } = trackedCore(2000);
    const expected = new TextDecoder().decode(core.handle('GET', '/api/posts', undefined, '').takeBody());
    return { backend, freed, expected };
  }
  const everyPost = { method: 'GET', url: '/api/posts', authorization: undefined, body: '' };

  it('stays in the core and leaves it a chunk per read, byte for byte, freed at its end', async () => {
    const { backend, freed, expected } = largeCore();
    const answer = await backend.handle(everyPost);
    expect(answer.body).toBeInstanceOf(StreamedBody);
    const body = answer.body as StreamedBody;
    expect(body.byteLength).toBeGreaterThan(STREAMED_FROM_BYTES);
    const reader = body.stream().getReader();
    const chunks: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      // Nothing freed while the reader is still reading.
      if (chunks.length === 0) expect(freed).toEqual([]);
      chunks.push(read.value);
    }
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((c) => c.byteLength))).toBeLessThanOrEqual(64 * 1024);
    expect(new TextDecoder().decode(Buffer.concat(chunks))).toBe(expected);
    expect(freed).toEqual([200]);
  });

  it('is freed when its reader gives up, and reads whole as text', async () => {
    const { backend, freed, expected } = largeCore();
    const first = await backend.handle(everyPost);
    const reader = (first.body as StreamedBody).stream().getReader();
    await reader.read();
    await reader.cancel();
    expect(freed).toEqual([200]);
    expect(bodyText(await backend.handle(everyPost))).toBe(expected);
    expect(freed).toEqual([200, 200]);
  });

  it('is answered through the handlers with its Content-Length, the same bytes', async () => {
    const { backend, expected } = largeCore();
    const own = setupServer(...createHandlers(backend, '/'));
    server.close();
    own.listen({ onUnhandledRequest: 'error' });
    try {
      const res = await fetch('http://localhost/api/posts');
      expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(expected)));
      expect(await res.text()).toBe(expected);
    } finally {
      own.close();
      server.listen({ onUnhandledRequest: 'error' });
    }
  });
});

describe('a body over the limit', () => {
  // A backend that records what reached it, in front of the real core.
  const core = createNodeCore();
  const reached: ApiRequest[] = [];
  const recording = {
    handle: (request: ApiRequest) => (reached.push(request), coreBackend(core).handle(request)),
  };
  const own = setupServer(...createHandlers(recording, '/'));
  beforeAll(() => {
    server.close();
    own.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => {
    own.close();
    server.listen({ onUnhandledRequest: 'error' });
  });

  const login = (body: BodyInit) =>
    fetch('http://localhost/api/auth/login', { method: 'POST', body, duplex: 'half' } as RequestInit);
  const padded = (bytes: number) => `${' '.repeat(bytes - 40)}{"username":"guest","password":"guest123"}`.slice(-bytes);

  it("answers 413 with the core's message, and never reaches the core", async () => {
    reached.length = 0;
    const res = await login(padded(MAX_BODY_BYTES + 1));
    expect(res.status).toBe(413);
    expect(res.headers.get('x-murmur-backend')).toBe('wasm-core');
    expect(await res.json()).toEqual({ errors: [BODY_TOO_LARGE] });
    expect(BODY_TOO_LARGE).toBe('Request body too large');
    expect(reached).toEqual([]);
  });

  it('passes a body of exactly the limit on, whole', async () => {
    reached.length = 0;
    const body = `${' '.repeat(MAX_BODY_BYTES - 42)}{"username":"guest","password":"guest123"}`;
    expect(new TextEncoder().encode(body).length).toBe(MAX_BODY_BYTES);
    const res = await login(body);
    expect(res.status).toBe(200);
    expect(reached.map((r) => r.body)).toEqual([body]);
  });

  it('counts bytes, not characters', async () => {
    const wide = JSON.stringify({ username: '€'.repeat(MAX_BODY_BYTES / 3), password: 'x' });
    expect(wide.length).toBeLessThan(MAX_BODY_BYTES);
    expect((await login(wide)).status).toBe(413);
  });

  it('stops reading a stream with no length once it passes the limit', async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const request = new Request('http://localhost/api/auth/login', {
      method: 'POST',
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(await bodyWithin(request, MAX_BODY_BYTES)).toBeNull();
    expect(pulled).toBeLessThan(10);
  });

  it('refuses a declared Content-Length over the limit unread', async () => {
    const request = new Request('http://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'content-length': String(MAX_BODY_BYTES + 1) },
      body: '{}',
    });
    expect(await bodyWithin(request, MAX_BODY_BYTES)).toBeNull();
    expect(request.bodyUsed).toBe(false);
  });

  it('decodes UTF-8 split across chunks', async () => {
    const bytes = new TextEncoder().encode('"é😀"');
    const split = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(new Uint8Array([byte]));
        controller.close();
      },
    });
    const request = new Request('http://localhost/x', { method: 'POST', body: split, duplex: 'half' } as RequestInit);
    expect(await bodyWithin(request, MAX_BODY_BYTES)).toBe('"é😀"');
  });

  // Firefox's Request has no `body` getter (undefined): the body is read whole there.
  it('reads the body of a Request without a body stream (Firefox), and still refuses one over the limit', async () => {
    const streamless = (body: string) => {
      const request = new Request('http://localhost/api/auth/login', { method: 'POST', body });
      Object.defineProperty(request, 'body', { value: undefined });
      return request;
    };
    expect(await bodyWithin(streamless('{"username":"guest"}'), MAX_BODY_BYTES)).toBe('{"username":"guest"}');
    expect(await bodyWithin(streamless('x'.repeat(MAX_BODY_BYTES)), MAX_BODY_BYTES)).toHaveLength(MAX_BODY_BYTES);
    expect(await bodyWithin(streamless('x'.repeat(MAX_BODY_BYTES + 1)), MAX_BODY_BYTES)).toBeNull();
  });
});
