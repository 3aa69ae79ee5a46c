// What a test steers and reads in msw/node (createMurmurServer), against the
// real core: the journal (redacted), the verification's message, stubs and
// faults bounded by `times` (a fault after the commit leaves the write saved),
// idempotent retries, the state's clock, and a fork that leaves its parent be.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMurmurServer } from '../node/index.js';
import { checkReceived } from './verify.js';
import { parseSteer, REDACTED, type ReceivedRequest } from './testState.js';

const ORIGIN = window.location.origin;
const murmur = createMurmurServer();
const { server } = murmur;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  murmur.clear();
  murmur.clock.real();
});
afterAll(() => server.close());

async function login(): Promise<string> {
  const res = await fetch(`${ORIGIN}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'guest', password: 'guest123' }),
  });
  return ((await res.json()) as { encodedToken: string }).encodedToken;
}

function post(token: string, content: string, headers: Record<string, string> = {}) {
  return fetch(`${ORIGIN}/api/posts`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json', prefer: 'return=minimal', ...headers },
    body: JSON.stringify({ postData: { content } }),
  });
}

async function postsWith(content: string): Promise<{ createdAt: string }[]> {
  const { posts } = (await (await fetch(`${ORIGIN}/api/posts`)).json()) as {
    posts: { content: string; createdAt: string }[];
  };
  return posts.filter((p) => p.content === content);
}

describe('the journal', () => {
  it('lists each request with its query, headers and JSON body, passwords and tokens redacted', async () => {
    const token = await login();
    await fetch(`${ORIGIN}/api/posts?page=2&limit=3`, { headers: { authorization: token } });
    const [signIn, read] = murmur.requests();
    expect(signIn).toMatchObject({
      method: 'POST',
      path: '/api/auth/login',
      body: { username: 'guest', password: REDACTED },
      status: 200,
    });
    expect(read).toMatchObject({ method: 'GET', path: '/api/posts', query: { page: '2', limit: '3' }, status: 200 });
    expect(read!.headers.authorization).toBe(REDACTED);
    expect(JSON.stringify(murmur.requests())).not.toContain('guest123');
    expect(JSON.stringify(murmur.requests())).not.toContain(token);
    expect(murmur.requests({ method: 'post' }).map((r) => r.path)).toEqual(['/api/auth/login']);
    expect(murmur.requests({ path: '/api/posts' })).toHaveLength(1);
  });

  it('verifies a request made, and fails on one not made naming the nearest and how each differs', async () => {
    const token = await login();
    await post(token, 'hello');
    expect(() =>
      murmur.verify({ method: 'POST', path: '/api/posts', body: { postData: { content: 'hello' } } }),
    ).not.toThrow();
    expect(() => murmur.verify({ method: 'POST', path: '/api/posts', times: 1 })).not.toThrow();
    expect(() => murmur.verify({ method: 'POST', path: '/api/posts', body: { postData: { content: 'bye' } } })).toThrow(
      [
        'Expected POST /api/posts with body {"postData":{"content":"bye"}} at least once; received it never.',
        'The nearest of the 2 requests received:',
        '  1. POST /api/posts (201): body.postData.content is "hello", expected "bye"',
        '  2. POST /api/auth/login (200): path is /api/auth/login, expected /api/posts; body.postData is missing',
      ].join('\n'),
    );
    expect(() => murmur.verify({ method: 'DELETE', path: '/api/posts/:postId' })).toThrow(
      /method is POST, expected DELETE/,
    );
    expect(() => murmur.verify({ path: '/api/posts', times: 2 })).toThrow(/at least once|2 times; received it once/);
  });

  it('says so when nothing was received at all', () => {
    expect(checkReceived([], { path: '/api/posts' }).message).toBe(
      'Expected any method /api/posts at least once; received it never: no request was received at all.',
    );
    const one = { method: 'GET', path: '/api/posts', body: null, status: 200 } as ReceivedRequest;
    expect(checkReceived([one, one], { path: '/api/posts', times: 1 })).toEqual({
      pass: false,
      message: 'Expected any method /api/posts once; received it 2 times.',
    });
  });
});

describe('stubs and faults', () => {
  it('a stub with times: 1 answers once, then the core answers', async () => {
    murmur.stub({
      method: 'GET',
      path: '/api/posts/:postId',
      status: 503,
      body: { errors: ['down'] },
      headers: { 'Retry-After': '1' },
      times: 1,
    });
    const first = await fetch(`${ORIGIN}/api/posts/p-01`);
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(await first.json()).toEqual({ errors: ['down'] });
    const second = await fetch(`${ORIGIN}/api/posts/p-01`);
    expect(second.status).toBe(200);
    expect(murmur.requests().map((r) => [r.status, r.stubbed])).toEqual([
      [503, 'stub'],
      [200, undefined],
    ]);
  });

  it('a network fault after the commit drops the answer and leaves the write saved', async () => {
    const token = await login();
    murmur.fail({ method: 'POST', path: '/api/posts', failure: 'network', when: 'after-commit', times: 1 });
    await expect(post(token, 'saved, then dropped')).rejects.toThrow(TypeError);
    expect(await postsWith('saved, then dropped')).toHaveLength(1);
    expect(murmur.requests({ method: 'POST', path: '/api/posts' })[0]).toMatchObject({
      status: 'failed',
      stubbed: 'fault',
    });
  });

  it('an error fault before the core answers 500 and changes nothing', async () => {
    const token = await login();
    murmur.fail({ method: 'POST', path: '/api/posts', failure: 'error', times: 1 });
    const res = await post(token, 'never made');
    expect(res.status).toBe(500);
    expect(await postsWith('never made')).toHaveLength(0);
    expect((await post(token, 'made')).status).toBe(201);
  });

  it('refuses a stub or fault it cannot follow, saying what to change', () => {
    expect(() => murmur.stub({ path: 'api/posts' })).toThrow(
      'path must be a path from /api such as "/api/posts/:postId"',
    );
    expect(() => murmur.fail({ path: '/api/posts', failure: 'boom' as 'error' })).toThrow(
      'failure must be "error" (a 500) or "network" (the connection dropped)',
    );
    expect(parseSteer({ path: '/api/posts', times: 0 })).toBe(
      'times must be a whole number, 1 or more (left out: every matching request)',
    );
    expect(parseSteer({ path: '/api/posts', failure: 'error', when: 'later' })).toMatch(/^when must be "before"/);
    expect(parseSteer({ path: '/api/posts', status: 99 })).toBe('status must be a whole number from 200 to 599');
    expect(parseSteer({ path: '/api/posts', colour: 1 })).toBe(
      'a stub takes method, path, status, body, headers, delayMs and times; remove colour',
    );
  });
});

describe('Idempotency-Key', () => {
  it('a retry after a dropped answer has one effect and answers the first answer', async () => {
    const token = await login();
    murmur.fail({ method: 'POST', path: '/api/posts', failure: 'network', when: 'after-commit', times: 1 });
    const key = { 'idempotency-key': 'retry-1' };
    await expect(post(token, 'posted once', key)).rejects.toThrow(TypeError);
    const retry = await post(token, 'posted once', key);
    expect(retry.status).toBe(201);
    expect(((await retry.json()) as { post: { content: string } }).post.content).toBe('posted once');
    expect(await postsWith('posted once')).toHaveLength(1);
    const reused = await post(token, 'another body', key);
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({
      errors: ['This Idempotency-Key was already used with another request body; send a new key for a new request'],
    });
  });
});

describe('the clock', () => {
  it('a clock set to a date stamps new posts with it, advanced it moves on', async () => {
    const token = await login();
    murmur.clock.set('2026-01-05T08:00:00Z');
    expect(murmur.clock.now()).toBe('2026-01-05T08:00:00Z');
    await post(token, 'at eight');
    murmur.clock.advance(2 * 3600_000);
    await post(token, 'at ten');
    const [eight] = await postsWith('at eight');
    const [ten] = await postsWith('at ten');
    expect(Date.parse(eight!.createdAt)).toBe(Date.parse('2026-01-05T08:00:00Z'));
    expect(Date.parse(ten!.createdAt)).toBe(Date.parse('2026-01-05T10:00:00Z'));
    expect(() => murmur.clock.set('tomorrow')).toThrow(/such as "2026-01-05T08:00:00Z"/);
  });
});

describe('snapshot and fork', () => {
  it('a fork starts from the snapshot, without its writes re-run, and the snapshot stays as it was', async () => {
    const token = await login();
    await post(token, 'prepared once');
    const prepared = await murmur.snapshot();
    await post(token, 'only in the first test');
    await murmur.fork(prepared);
    expect(await postsWith('prepared once')).toHaveLength(1);
    expect(await postsWith('only in the first test')).toHaveLength(0);
    await post(await login(), 'only in the second test');
    expect(await murmur.snapshot()).not.toBe(prepared);
    await murmur.fork(prepared);
    expect(await postsWith('only in the second test')).toHaveLength(0);
  });
});
