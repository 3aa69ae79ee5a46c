import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyText, coreBackend } from './handlers.js';
import { createNodeCore, createTestServer } from './node.js';

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

describe('coreBackend', () => {
  it('frees each answer in wasm memory once it is read', async () => {
    const core = createNodeCore();
    const freed: number[] = [];
    const tracking = {
      handle: (...args: Parameters<typeof core.handle>) => {
        const res = core.handle(...args);
        const free = res.free.bind(res);
        return Object.assign(res, { free: () => (freed.push(res.status), free()) });
      },
    };
    const answer = await coreBackend(tracking).handle({
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
