// @vitest-environment node
// The test control routes over HTTP, per sandbox, as any language's tests
// use them: the journal and its HAR (valid HAR 1.2, no password in it),
// stubs and faults (after the commit, the socket is dropped and the write is
// saved), the clock, forking a sandbox from another's state and deleting it,
// and an Idempotency-Key kept across a restart.
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMurmurHttpServer, type MurmurHttpServer } from './server.js';
import { signIn } from './testing.js';

const require = createRequire(import.meta.url);
const tmp = (name: string) => mkdtempSync(join(tmpdir(), `murmur-${name}-`));

let server: MurmurHttpServer;
let base: string;
beforeAll(async () => {
  server = await startMurmurHttpServer({});
  base = server.url;
});
afterAll(() => server.close());

const inSandbox = (name: string, headers: Record<string, string> = {}) => ({
  'x-murmur-sandbox': name,
  'content-type': 'application/json',
  ...headers,
});

async function control(sandbox: string, path: string, method = 'GET', body?: unknown) {
  const res = await fetch(`${base}__murmur/${path}`, {
    method,
    headers: inSandbox(sandbox),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

function post(sandbox: string, token: string, content: string, headers: Record<string, string> = {}) {
  return fetch(`${base}api/posts`, {
    method: 'POST',
    headers: inSandbox(sandbox, { authorization: token, prefer: 'return=minimal', ...headers }),
    body: JSON.stringify({ postData: { content } }),
  });
}

async function contents(sandbox: string, url = base): Promise<string[]> {
  const res = await fetch(`${url}api/posts`, { headers: inSandbox(sandbox) });
  return ((await res.json()) as { posts: { content: string }[] }).posts.map((p) => p.content);
}

/** HAR 1.2's JSON Schema (the har-schema package, draft-06), compiled. */
function harValidator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  const schemas = require('har-schema') as Record<string, object>;
  for (const [name, schema] of Object.entries(schemas)) if (name !== 'har') ajv.addSchema(schema);
  return ajv.compile(schemas.har!);
}

describe('the journal over HTTP', () => {
  it('is per sandbox, filtered by method and path, with passwords and tokens redacted', async () => {
    const token = await signIn(base, 'guest', 'guest123', inSandbox('journal-a'));
    await post('journal-a', token, 'in a');
    await fetch(`${base}api/posts?page=1`, { headers: inSandbox('journal-b') });
    const a = await control('journal-a', 'requests?method=POST&path=/api/posts');
    expect(a.json.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/posts',
        status: 201,
        body: { postData: { content: 'in a' } },
      }),
    ]);
    const all = await control('journal-a', 'requests');
    expect(JSON.stringify(all.json)).not.toContain('guest123');
    expect(JSON.stringify(all.json)).not.toContain(token);
    const b = await control('journal-b', 'requests');
    expect(b.json.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/posts', query: { page: '1' } }),
    ]);
    expect((await control('journal-a', 'requests', 'DELETE')).json).toEqual({ requests: [] });
    expect((await control('journal-a', 'requests')).json).toEqual({ requests: [] });
  });

  it('answers the journal as HAR 1.2 that validates against its schema', async () => {
    const token = await signIn(base, 'guest', 'guest123', inSandbox('har'));
    await post('har', token, 'in the har');
    await fetch(`${base}api/posts?page=1`, { headers: inSandbox('har') });
    const res = await fetch(`${base}__murmur/requests.har`, { headers: inSandbox('har') });
    expect(res.headers.get('content-disposition')).toContain('murmur.har');
    const har = (await res.json()) as { log: { entries: { request: { url: string; method: string } }[] } };
    const validate = harValidator();
    expect(validate(har), JSON.stringify(validate.errors)).toBe(true);
    expect(har.log.entries.map((e) => `${e.request.method} ${e.request.url}`)).toEqual([
      `POST ${base}api/auth/login`,
      `POST ${base}api/posts`,
      `GET ${base}api/posts?page=1`,
    ]);
    expect(JSON.stringify(har)).not.toContain('guest123');
  });
});

describe('stubs and faults over HTTP', () => {
  it('a stub with times: 1 answers once, then the core answers', async () => {
    const made = await control('stubs', 'stubs', 'POST', {
      method: 'GET',
      path: '/api/posts/:postId',
      status: 404,
      body: { errors: ['gone'] },
      times: 1,
    });
    expect(made.status).toBe(201);
    expect(made.json.stubs).toEqual([expect.objectContaining({ kind: 'stub', path: '/api/posts/:postId', times: 1 })]);
    const first = await fetch(`${base}api/posts/p-01`, { headers: inSandbox('stubs') });
    expect([first.status, await first.json()]).toEqual([404, { errors: ['gone'] }]);
    expect((await fetch(`${base}api/posts/p-01`, { headers: inSandbox('stubs') })).status).toBe(200);
    expect((await control('stubs', 'stubs')).json).toEqual({ stubs: [] });
    // Another sandbox never saw it.
    expect((await control('stubs-other', 'stubs')).json).toEqual({ stubs: [] });
  });

  it('a network fault after the commit drops the connection and leaves the write saved', async () => {
    const token = await signIn(base, 'guest', 'guest123', inSandbox('fault'));
    const dropAfterCommit = { method: 'POST', path: '/api/posts', failure: 'network', when: 'after-commit', times: 1 };
    await control('fault', 'stubs', 'POST', dropAfterCommit);
    await expect(post('fault', token, 'saved before the drop')).rejects.toThrow();
    expect(await contents('fault')).toContain('saved before the drop');
    // The retry with a key is the case every mobile client meets: one post.
    await control('fault', 'stubs', 'POST', dropAfterCommit);
    const key = { 'idempotency-key': 'k-fault' };
    await expect(post('fault', token, 'once', key)).rejects.toThrow();
    expect((await post('fault', token, 'once', key)).status).toBe(201);
    expect((await contents('fault')).filter((c) => c === 'once')).toHaveLength(1);
  });

  it('refuses a bad stub with 400 saying what to change', async () => {
    const bad = await control('stubs', 'stubs', 'POST', { path: '/api/posts', failure: 'network', when: 'soon' });
    expect(bad.status).toBe(400);
    expect((bad.json.errors as string[])[0]).toMatch(/^when must be "before"/);
    expect((await control('stubs', 'stubs', 'POST', 'not an object')).status).toBe(400);
  });
});

describe('the clock over HTTP', () => {
  it('set, advanced and resumed per sandbox; a post is stamped with it', async () => {
    const set = await control('clock', 'clock', 'PUT', { set: '2026-01-05T08:00:00Z' });
    expect(set).toEqual({ status: 200, json: { now: '2026-01-05T08:00:00Z', mode: 'paused' } });
    expect((await control('clock', 'clock', 'PUT', { advanceMs: 60_000 })).json.now).toBe('2026-01-05T08:01:00Z');
    const token = await signIn(base, 'guest', 'guest123', inSandbox('clock'));
    const made = (await (await post('clock', token, 'stamped')).json()) as { post: { createdAt: string } };
    expect(Date.parse(made.post.createdAt)).toBe(Date.parse('2026-01-05T08:01:00Z'));
    expect((await control('clock-other', 'clock')).json.mode).toBe('real');
    const bad = await control('clock', 'clock', 'PUT', { advanceMs: -5 });
    expect(bad).toEqual({
      status: 400,
      json: { errors: ['The clock advances by a whole number of milliseconds, 0 or more'] },
    });
    expect((await control('clock', 'clock', 'PUT', { resume: true })).json.mode).toBe('running');
    expect((await control('clock', 'clock', 'PUT', { real: true })).json.mode).toBe('real');
  });
});

describe('forking sandboxes', () => {
  it('a fork starts from its parent state and never changes it; a deleted sandbox starts afresh', async () => {
    const token = await signIn(base, 'guest', 'guest123', inSandbox('parent'));
    await post('parent', token, 'prepared');
    await control('parent', 'clock', 'PUT', { set: '2026-02-01T00:00:00Z' });
    const fork = await control('ignored', 'sandboxes', 'POST', { name: 'child', from: 'parent' });
    expect(fork).toEqual({ status: 201, json: { name: 'child', from: 'parent' } });
    expect(await contents('child')).toContain('prepared');
    expect((await control('child', 'clock')).json).toEqual({ now: '2026-02-01T00:00:00Z', mode: 'paused' });
    const childToken = await signIn(base, 'guest', 'guest123', inSandbox('child'));
    await post('child', childToken, 'only in the child');
    expect(await contents('parent')).not.toContain('only in the child');
    // A reset of the fork goes back to where it was forked.
    await fetch(`${base}__murmur/reset`, { method: 'POST', headers: inSandbox('child') });
    expect(await contents('child')).toContain('prepared');
    expect(await contents('child')).not.toContain('only in the child');
    const again = await control('child', 'sandboxes', 'POST', { name: 'child', from: 'parent' });
    expect(again.status).toBe(409);
    expect((await control('x', 'sandboxes', 'POST', { name: 'orphan', from: 'nobody' })).status).toBe(404);
    expect((await control('x', 'sandboxes', 'POST', { name: 'bad name!' })).status).toBe(400);
    const gone = await fetch(`${base}__murmur/sandboxes?name=child`, { method: 'DELETE' });
    expect(await gone.json()).toEqual({ deleted: true });
    expect(await contents('child')).not.toContain('prepared');
  });
});

describe('Idempotency-Key across a restart', () => {
  it('a retry after the server restarted within the key lifetime has one effect', async () => {
    const dir = tmp('idem');
    let first = await startMurmurHttpServer({ state: dir });
    const token = await signIn(first.url);
    const send = (url: string, body: string) =>
      fetch(`${url}api/posts`, {
        method: 'POST',
        headers: { authorization: token, 'idempotency-key': 'restart-1', prefer: 'return=minimal' },
        body,
      });
    const body = JSON.stringify({ postData: { content: 'across a restart' } });
    const answer = await (await send(first.url, body)).text();
    await first.close();
    first = await startMurmurHttpServer({ state: dir });
    try {
      const again = await send(first.url, body);
      expect([again.status, await again.text()]).toEqual([201, answer]);
      const all = (await (await fetch(`${first.url}api/posts`)).json()) as { posts: { content: string }[] };
      expect(all.posts.filter((p) => p.content === 'across a restart')).toHaveLength(1);
    } finally {
      await first.close();
    }
  });
});
