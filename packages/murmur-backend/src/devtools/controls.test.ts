// The devtools panel's controls are msw overrides on the backend's real
// handlers: fail the next request (once), offline, latency, clear; and its
// log hears both msw's events and the transport.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createInPageTransport, type TransportExchange } from '../browser/inPageTransport.js';
import { createMurmurServer } from '../node/index.js';
import { BACKEND_PREFIXES } from '../core/hostOptions.js';
import { DevtoolsControls, FAILED_BY_DEVTOOLS, pathPattern, type LogEntry } from './controls.js';

const ORIGIN = window.location.origin;
const { server } = createMurmurServer({ basePath: '/murmur/' });
const controls = new DevtoolsControls(server, '/murmur/');
const exchanges = new Set<(exchange: TransportExchange) => void>();
const transport = createInPageTransport(() => server.listHandlers(), {
  basePath: '/murmur/',
  prefixes: BACKEND_PREFIXES,
  observe: (exchange) => exchanges.forEach((listener) => listener(exchange)),
});

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterEach(() => controls.clearOverrides());
afterAll(() => server.close());

const status = (path: string, method = 'GET') =>
  fetch(`${ORIGIN}${path}`, { method }).then(
    (res) => res.status,
    () => 'failed' as const,
  );

describe('pathPattern', () => {
  it('takes msw path syntax under the base', () => {
    const like = pathPattern('/api/posts/like/:postId', '/murmur/');
    expect(like.test('http://x/murmur/api/posts/like/p-01')).toBe(true);
    expect(like.test('http://x/murmur/api/posts/like/p-01/extra')).toBe(false);
    expect(pathPattern('/murmur/api/*', '/murmur/').test('http://x/murmur/api/users?x=1')).toBe(true);
    expect(pathPattern('/api/users', '/murmur/').test('http://x/api/users')).toBe(false);
  });
});

describe('DevtoolsControls', () => {
  it('fails the next matching request once, with the error body, then the core answers', async () => {
    controls.failNext('GET', '/api/users', 'error');
    const res = await fetch(`${ORIGIN}/murmur/api/users`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ errors: [FAILED_BY_DEVTOOLS] });
    expect(await status('/murmur/api/users')).toBe(200);
    // Another method is not matched.
    controls.failNext('POST', '/api/users', 'network');
    expect(await status('/murmur/api/users')).toBe(200);
  });

  it('offline fails every /api request as a network error until turned off; clear restores everything', async () => {
    controls.setOffline(true);
    expect(await status('/murmur/api/users')).toBe('failed');
    await expect(transport('/murmur/api/posts')).rejects.toThrow(TypeError);
    controls.setOffline(false);
    expect(await status('/murmur/api/users')).toBe(200);
    controls.setOffline(true);
    server.resetHandlers(); // a developer's reset drops it; turning it on again puts it back
    controls.setOffline(true);
    expect(await status('/murmur/api/users')).toBe('failed');
    controls.clearOverrides();
    expect(controls.offline).toBe(false);
    expect(await status('/murmur/api/users')).toBe(200);
  });

  it('latency holds every answer back', async () => {
    controls.setLatency(120);
    const started = performance.now();
    expect((await transport('/murmur/api/users')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    expect(() => controls.setLatency(-1)).toThrow('Latency must be a number of milliseconds, 0 or more');
  });

  it('logs the transport’s answers (with the backlog from before) and msw’s', async () => {
    const entries: LogEntry[] = [];
    const backlog: TransportExchange[] = [{ method: 'GET', url: `${ORIGIN}/murmur/api/posts?x=1`, status: 200, ms: 3 }];
    controls.watch(exchanges, (entry) => entries.push(entry), backlog);
    expect(entries).toEqual([{ method: 'GET', path: '/murmur/api/posts?x=1', status: 200, ms: 3, via: 'transport' }]);
    controls.failNext('ANY', '/api/users', 'network');
    await expect(transport('/murmur/api/users')).rejects.toThrow(TypeError);
    await fetch(`${ORIGIN}/murmur/api/users`);
    expect(entries.slice(1).map(({ ms: _, ...rest }) => rest)).toEqual([
      { method: 'GET', path: '/murmur/api/users', status: 'failed', via: 'transport' },
      { method: 'GET', path: '/murmur/api/users', status: 200, via: 'worker' },
    ]);
  });
});
