// @vitest-environment node
// The HTTP server as a client sees it: the same API as in the browser,
// uploads (raw bytes and multipart) served with their type, 405 with Allow,
// HEAD, OPTIONS and CORS, 413 before a large body is read, a slow client
// stalling no one, the contract at <base>openapi.json, msw overrides, the
// control plane and its admin token, static files, sandboxes, and the lock.
import { cpSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMurmurHttpServer, type MurmurHttpServer } from './server.js';
import { signIn } from './testing.js';
import { SERVER_MARKER } from './staticFiles.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const tmp = (name: string) => mkdtempSync(join(tmpdir(), `murmur-${name}-`));

let server: MurmurHttpServer;
let base: string;
let token: string;

beforeAll(async () => {
  const site = tmp('static');
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>Murmur</title>');
  mkdirSync(join(site, 'assets'));
  writeFileSync(join(site, 'assets', 'app.js'), 'console.log(1)');
  server = await startMurmurHttpServer({ state: tmp('state'), staticDir: site, adminToken: 's3cret' });
  base = server.url;
  token = await signIn(base);
});
afterAll(() => server.close());

const admin = { 'x-murmur-admin-token': 's3cret' };

describe('the API over HTTP', () => {
  it('answers as the core does, errors included', async () => {
    const posts = await fetch(`${base}api/posts`);
    expect(posts.status).toBe(200);
    expect(posts.headers.get('content-type')).toBe('application/json');
    expect(((await posts.json()) as { posts: unknown[] }).posts).toHaveLength(12);
    const unauthorised = await fetch(`${base}api/posts`, { method: 'POST', body: '{"postData":{"content":"x"}}' });
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toEqual({ errors: ['The token is invalid. Unauthorized access error.'] });
    const unknown = await fetch(`${base}nothing/here`, { headers: { accept: 'application/json' } });
    expect(unknown.status).toBe(200); // the static site's fallback: an app route
    // Every page it serves names this server as the app's backend; other files are as they are.
    expect(await unknown.text()).toBe(`${SERVER_MARKER}<!doctype html><title>Murmur</title>`);
    expect(await (await fetch(`${base}assets/app.js`)).text()).toBe('console.log(1)');
  });

  it('uploads an image as raw bytes and as multipart/form-data, and serves it with its type', async () => {
    for (const body of [
      PNG,
      (() => {
        const form = new FormData();
        form.append('file', new Blob([PNG], { type: 'image/png' }), 'photo.png');
        return form;
      })(),
    ]) {
      const res = await fetch(`${base}api/media`, { method: 'POST', headers: { authorization: token }, body });
      expect(res.status).toBe(201);
      const { mediaURL } = (await res.json()) as { mediaURL: string };
      const image = await fetch(new URL(mediaURL, base));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    }
    const text = new FormData();
    text.append('file', new Blob(['not an image']), 'a.png');
    const refused = await fetch(`${base}api/media`, { method: 'POST', headers: { authorization: token }, body: text });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ errors: ['file must be an image (JPEG/PNG)'] });
  });

  it('answers HEAD like GET without a body, and OPTIONS with Allow', async () => {
    const head = await fetch(`${base}api/posts`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
    expect(await head.text()).toBe('');
    const options = await fetch(`${base}api/posts/p-01`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, DELETE, HEAD, OPTIONS');
  });

  it('answers a preflight and reflects the origin (CORS on by default)', async () => {
    const preflight = await fetch(`${base}api/posts`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:8081',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:8081');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    const get = await fetch(`${base}api/posts`, { headers: { origin: 'http://localhost:8081' } });
    expect(get.headers.get('access-control-allow-origin')).toBe('http://localhost:8081');
  });

  it('answers 405 with Allow for a known control path asked with another method', async () => {
    const res = await fetch(`${base}__murmur/health`, { method: 'DELETE', headers: admin });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 405 with Allow to a method the Fetch API cannot carry (TRACE), never a 500', async () => {
    const answer = await new Promise<{ status: number; allow: string | undefined }>((resolve, reject) => {
      const req = httpRequest(`${base}api/users/u-01`, { method: 'TRACE' });
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, allow: res.headers.allow });
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer).toEqual({ status: 405, allow: 'GET, HEAD' });
  });

  it('refuses a body over 256 kB with 413 before reading it, declared or streamed', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      // Declares 10 MB and sends none of it: the answer comes anyway.
      const req = httpRequest(`${base}api/posts`, {
        method: 'POST',
        headers: { 'content-length': String(10 * 1024 * 1024), authorization: token },
      });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(status).toBe(413);
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(16 * 1024).fill(32));
        controller.close();
      },
    });
    const streamed = await fetch(`${base}api/posts`, {
      method: 'POST',
      headers: { authorization: token },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ errors: ['Request body too large'] });
  });

  it('answers other clients while one sends its body slowly', async () => {
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/posts HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nContent-Length: 40\r\n\r\n{"postData":`,
    );
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 5 }, () => fetch(`${base}api/posts/p-01`)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // They are answered while the slow body is still coming (the socket is closed only after).
    expect(performance.now() - started).toBeLessThan(10_000);
    socket.destroy();
  });

  it('serves the contract with servers set to the address asked', async () => {
    const doc = (await (await fetch(`${base}openapi.json`)).json()) as { openapi: string; servers: { url: string }[] };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: base.replace(/\/$/, '') }]);
  });

  it('lets msw.use() override a route for HTTP clients, and resetHandlers() undo it', async () => {
    server.msw.use(
      http.get('*/api/posts/p-02', () => HttpResponse.json({ errors: ['down for a test'] }, { status: 503 })),
    );
    expect((await fetch(`${base}api/posts/p-02`)).status).toBe(503);
    server.msw.use(http.get('*/api/posts/p-03', () => HttpResponse.error()));
    await expect(fetch(`${base}api/posts/p-03`)).rejects.toThrow();
    server.msw.resetHandlers();
    expect((await fetch(`${base}api/posts/p-02`)).status).toBe(200);
  });

  it('serves the front end beside the API, with the single-page fallback, never outside its directory', async () => {
    expect(await (await fetch(`${base}assets/app.js`)).text()).toBe('console.log(1)');
    const route = await fetch(`${base}profile/guest`);
    expect(route.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await route.text()).toContain('<title>Murmur</title>');
    expect((await fetch(`${base}assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}..%2F..%2Fetc%2Fpasswd`)).status).not.toBe(200);
  });
});

describe('the control plane', () => {
  it('needs the admin token when one is set', async () => {
    const res = await fetch(`${base}__murmur/health`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      errors: ['The control API needs the admin token: send it in the x-murmur-admin-token header'],
    });
  });

  it('reports health and the last requests', async () => {
    const health = (await (await fetch(`${base}__murmur/health`, { headers: admin })).json()) as Record<
      string,
      unknown
    >;
    expect(health).toMatchObject({ status: 'ok', sandboxes: expect.any(Number) });
    // Where start-up went, by phase, and the memory now.
    const startup = health.startup as Record<string, number>;
    expect(Object.keys(startup)).toEqual(['seed', 'core', 'store', 'restore', 'listen', 'total']);
    expect(startup.total).toBeGreaterThanOrEqual(startup.core! + startup.restore!);
    const memory = health.memory as { rss: number; wasm: number };
    expect(memory.rss).toBeGreaterThan(10);
    // The core's linear memory holds its state: at least a megabyte, and part of the process's.
    expect(memory.wasm).toBeGreaterThanOrEqual(1);
    expect(memory.wasm).toBeLessThan(memory.rss);
    await fetch(`${base}api/posts/p-04`);
    const { requests } = (await (await fetch(`${base}__murmur/requests`, { headers: admin })).json()) as {
      requests: { method: string; path: string; status: number }[];
    };
    expect(requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/posts/p-04', status: 200 });
  });

  it('counts the requests in flight in its health', async () => {
    const inFlight = async () =>
      ((await (await fetch(`${base}__murmur/health`, { headers: admin })).json()) as { inFlight: number }).inFlight;
    expect(await inFlight()).toBe(0);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.msw.use(
      http.get('*/api/posts/p-05', async () => {
        await held;
        return HttpResponse.json({ held: true });
      }),
    );
    const answers = [fetch(`${base}api/posts/p-05`), fetch(`${base}api/posts/p-05`)];
    for (let tries = 0; (await inFlight()) < 2 && tries < 200; tries++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await inFlight()).toBe(2);
    release();
    expect((await Promise.all(answers)).map((res) => res.status)).toEqual([200, 200]);
    server.msw.resetHandlers();
    expect(await inFlight()).toBe(0);
  });

  it('applies settings: latency, offline, and failing the next request to a route', async () => {
    const put = (body: unknown) =>
      fetch(`${base}__murmur/settings`, { method: 'PUT', headers: admin, body: JSON.stringify(body) });
    expect(await (await put({ latency: 150 })).json()).toEqual({ latency: 150, offline: false });
    const started = performance.now();
    await fetch(`${base}api/posts/p-01`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await put({ latency: 0, offline: true });
    await expect(fetch(`${base}api/posts/p-01`)).rejects.toThrow();
    await put({ offline: false, failNext: { method: 'GET', path: '/api/posts/:postId' } });
    const failed = await fetch(`${base}api/posts/p-01`);
    expect(failed.status).toBe(500);
    expect((await fetch(`${base}api/posts/p-01`)).status).toBe(200);
    const wrong = await put({ latency: -1 });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ errors: ['latency must be a number of milliseconds, 0 or more'] });
  });

  it('makes a backup and restores it with PUT; a bad file changes nothing and says why', async () => {
    const backup = await fetch(`${base}__murmur/backup`, { headers: admin });
    expect(backup.headers.get('content-disposition')).toMatch(/murmur-backup-\d{4}-\d\d-\d\d\.json/);
    const file = await backup.text();
    const created = await fetch(`${base}api/posts`, {
      method: 'POST',
      headers: { authorization: token },
      body: JSON.stringify({ postData: { content: 'gone after the restore' } }),
    });
    expect(created.status).toBe(201);
    const bad = await fetch(`${base}__murmur/backup`, { method: 'PUT', headers: admin, body: '{"format":"other"}' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: string[] }).errors[0]).toContain('not a Murmur backup');
    const count = async () => ((await (await fetch(`${base}api/posts`)).json()) as { posts: unknown[] }).posts.length;
    expect(await count()).toBe(13);
    const restored = await fetch(`${base}__murmur/backup`, { method: 'PUT', headers: admin, body: file });
    expect(restored.status).toBe(200);
    expect(await count()).toBe(12);
  });
});

describe('sandboxes', () => {
  it('keep each client to its own state, and a reset touches only its own', async () => {
    const as = (name: string) => ({ 'x-murmur-sandbox': name });
    const a = await signIn(base, 'guest', 'guest123', as('worker-1'));
    const b = await signIn(base, 'guest', 'guest123', as('worker-2'));
    const like = (sandbox: string, auth: string) =>
      fetch(`${base}api/posts/like/p-05`, { method: 'POST', headers: { ...as(sandbox), authorization: auth } });
    const likes = async (headers: Record<string, string>) =>
      ((await (await fetch(`${base}api/posts/p-05`, { headers })).json()) as { post: { likes: { likeCount: number } } })
        .post.likes.likeCount;
    const before = await likes({});
    expect((await like('worker-1', a)).status).toBe(200);
    expect(await likes(as('worker-1'))).toBe(before + 1);
    expect(await likes(as('worker-2'))).toBe(before);
    expect(await likes({})).toBe(before);
    expect((await like('worker-2', b)).status).toBe(200);
    const reset = await fetch(`${base}__murmur/reset`, { method: 'POST', headers: { ...admin, ...as('worker-1') } });
    expect(reset.status).toBe(200);
    expect(await likes(as('worker-1'))).toBe(before);
    expect(await likes(as('worker-2'))).toBe(before + 1);
    const bad = await fetch(`${base}api/posts`, { headers: as('no spaces!') });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ errors: ["x-murmur-sandbox must be 1 to 64 letters, digits, '_' or '-'"] });
  });
});

describe('the state directory', () => {
  it('keeps the state across a restart, and a reset after it goes back to the seed', async () => {
    const dir = tmp('restart');
    const seed = {
      users: [{ username: 'ada', password: 'engine-1843', firstName: 'Ada', lastName: 'Lovelace' }],
      posts: [{ username: 'ada', content: 'The first program' }],
    };
    const contents = async (url: string) =>
      ((await (await fetch(`${url}api/posts`)).json()) as { posts: { content: string }[] }).posts.map((p) => p.content);
    const first = await startMurmurHttpServer({ state: dir, seed });
    const ada = await signIn(first.url, 'ada', 'engine-1843');
    const made = await fetch(`${first.url}api/posts`, {
      method: 'POST',
      headers: { authorization: ada },
      body: JSON.stringify({ postData: { content: 'Written before the restart' } }),
    });
    expect(made.status).toBe(201);
    await first.close();
    const second = await startMurmurHttpServer({ state: dir, seed });
    try {
      expect((await contents(second.url)).sort()).toEqual(['The first program', 'Written before the restart']);
      expect((await fetch(`${second.url}__murmur/reset`, { method: 'POST' })).status).toBe(200);
      expect(await contents(second.url)).toEqual(['The first program']);
    } finally {
      await second.close();
    }
  });

  it('answers a write with only the post it changed when asked Prefer: return=minimal, journalled the same', async () => {
    const dir = tmp('minimal');
    const first = await startMurmurHttpServer({ state: dir });
    const guest = await signIn(first.url);
    const write = (path: string, prefer?: string, body = '') =>
      fetch(`${first.url}api/${path}`, {
        method: 'POST',
        headers: { authorization: guest, ...(prefer ? { prefer } : {}) },
        body,
      });
    const made = await write('posts', 'return=minimal', JSON.stringify({ postData: { content: 'Small' } }));
    expect(made.status).toBe(201);
    expect(made.headers.get('preference-applied')).toBe('return=minimal');
    const { post } = (await made.json()) as { post: { _id: string; content: string } };
    expect(post.content).toBe('Small');
    const liked = await write(`posts/like/${post._id}`, 'respond-async, return=minimal');
    expect(liked.headers.get('preference-applied')).toBe('return=minimal');
    expect(await liked.json()).toMatchObject({ post: { _id: post._id, likes: { likeCount: 1 } } });
    // Without the header (or with another preference): every post, as the contract's default.
    const commented = await write(`comments/add/${post._id}`, 'return=representation', '{"commentData":"Hi"}');
    expect(commented.headers.get('preference-applied')).toBeNull();
    expect(((await commented.json()) as { posts: unknown[] }).posts).toHaveLength(13);
    // The directory as a crash would leave it (every answered write flushed, the journal not yet folded).
    const crashed = tmp('minimal-crashed');
    cpSync(dir, crashed, { recursive: true, filter: (path) => !path.endsWith('murmur.lock') });
    await first.close();
    for (const state of [crashed, dir]) {
      const second = await startMurmurHttpServer({ state });
      try {
        const again = (await (await fetch(`${second.url}api/posts/${post._id}`)).json()) as {
          post: { likes: { likeCount: number }; comments: unknown[] };
        };
        expect([again.post.likes.likeCount, again.post.comments.length]).toEqual([1, 1]);
      } finally {
        await second.close();
      }
    }
  });

  it('folds the journal into state.json when it stops, so that the next start replays nothing', async () => {
    const dir = tmp('stopped');
    const first = await startMurmurHttpServer({ state: dir });
    const guest = await signIn(first.url);
    for (const content of ['one', 'two', 'three']) {
      const made = await fetch(`${first.url}api/posts`, {
        method: 'POST',
        headers: { authorization: guest, prefer: 'return=minimal' },
        body: JSON.stringify({ postData: { content } }),
      });
      expect(made.status).toBe(201);
    }
    // The first write saved the state in full; the next two are journal lines.
    expect(readFileSync(join(dir, 'journal.jsonl'), 'utf8').trim().split('\n')).toHaveLength(2);
    await first.close();
    expect(readFileSync(join(dir, 'journal.jsonl'), 'utf8')).toBe('');
    const [head, snapshot] = readFileSync(join(dir, 'state.json'), 'utf8').split('\n') as [string, string];
    expect((JSON.parse(head) as { revision: number }).revision).toBe(3);
    expect(snapshot).toContain('three');
  });

  it('refuses a second server, naming the process that holds it', async () => {
    const dir = tmp('locked');
    const first = await startMurmurHttpServer({ state: dir });
    await expect(startMurmurHttpServer({ state: dir })).rejects.toThrow(`${dir} is in use by process ${process.pid}`);
    await first.close();
    const second = await startMurmurHttpServer({ state: dir });
    await second.close();
  });
});
