import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from './node';

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
