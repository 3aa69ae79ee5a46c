// msw's own API steers the backend: an override with `use()` answers the
// next request however it is sent (fetch, XHR, the in-page transport, which
// reads the current handlers), `once` overrides expire, `resetHandlers()`
// returns to the backend's handlers, and HttpResponse.error() and delay()
// behave as msw documents. Against the real core (createMurmurServer's
// handlers are the browser's).
import { delay, http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createInPageTransport } from '../browser/inPageTransport.js';
import { createMurmurServer } from '../node/index.js';
import { BACKEND_PREFIXES } from './hostOptions.js';

const ORIGIN = window.location.origin;
const { server } = createMurmurServer();
// The browser's transport, over the server's handlers as they are at each request.
const transport = createInPageTransport(() => server.listHandlers(), {
  basePath: '/',
  prefixes: BACKEND_PREFIXES,
  fallback: () => Promise.reject(new Error('not ours')),
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let token = '';
beforeAll(async () => {
  const res = await fetch(`${ORIGIN}/api/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ username: 'guest', password: 'guest123' }),
  });
  token = ((await res.json()) as { encodedToken: string }).encodedToken;
});

type Sender = (path: string, method?: string) => Promise<{ status: number; body: string }>;

const viaFetch: Sender = async (path, method = 'POST') => {
  const res = await fetch(`${ORIGIN}${path}`, { method, headers: { authorization: token } });
  return { status: res.status, body: await res.text() };
};
const viaTransport: Sender = async (path, method = 'POST') => {
  const res = await transport(path, { method, headers: { authorization: token } });
  return { status: res.status, body: await res.text() };
};
const viaXhr: Sender = (path, method = 'POST') =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${ORIGIN}${path}`);
    xhr.setRequestHeader('authorization', token);
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('XHR network error'));
    xhr.send();
  });

const tryAgain = () =>
  http.post('*/api/posts/like/:postId', () => HttpResponse.json({ errors: ['Try again'] }, { status: 500 }), {
    once: true,
  });

describe.each([
  ['fetch', viaFetch],
  ['XHR', viaXhr],
  ['the transport', viaTransport],
])('an msw.use() override, sent by %s', (_, send) => {
  it('answers the next like, once; then the core answers again', async () => {
    server.use(tryAgain());
    const failed = await send('/api/posts/like/p-03');
    expect(failed).toEqual({ status: 500, body: JSON.stringify({ errors: ['Try again'] }) });
    // Used up: the core answers, and the failed like changed nothing.
    const liked = await send('/api/posts/like/p-03');
    expect(liked.status).toBe(200);
    const post = (
      JSON.parse(liked.body) as { posts: { _id: string; likes: { likedBy: { username: string }[] } }[] }
    ).posts.find((p) => p._id === 'p-03');
    expect(post?.likes.likedBy.map((u) => u.username)).toContain('guest');
    expect((await send('/api/posts/dislike/p-03')).status).toBe(200);
  });

  it('resetHandlers() drops a lasting override and the backend answers again', async () => {
    server.use(http.get('*/api/users', () => HttpResponse.json({ users: [] })));
    expect(JSON.parse((await send('/api/users', 'GET')).body)).toEqual({ users: [] });
    expect(JSON.parse((await send('/api/users', 'GET')).body)).toEqual({ users: [] });
    server.resetHandlers();
    const users = JSON.parse((await send('/api/users', 'GET')).body) as { users: unknown[] };
    expect(users.users).toHaveLength(6);
  });

  it('HttpResponse.error() is a network error', async () => {
    server.use(http.get('*/api/posts', () => HttpResponse.error(), { once: true }));
    await expect(send('/api/posts', 'GET')).rejects.toThrow(TypeError);
    expect((await send('/api/posts', 'GET')).status).toBe(200);
  });
});

describe('delay() in an override', () => {
  it('holds the answer back, in the transport too', async () => {
    server.use(
      http.get('*/api/users', async () => {
        await delay(150);
        return undefined; // then the backend answers
      }),
    );
    const started = performance.now();
    const res = await transport('/api/users');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.status).toBe(200);
  });
});

describe('restoreHandlers()', () => {
  it('makes a used once-override answer again', async () => {
    server.use(tryAgain());
    expect((await viaTransport('/api/posts/like/p-03')).status).toBe(500);
    server.restoreHandlers();
    expect((await viaTransport('/api/posts/like/p-03')).status).toBe(500);
    expect((await viaTransport('/api/posts/like/p-03')).status).toBe(200);
    await viaTransport('/api/posts/dislike/p-03');
  });
});
