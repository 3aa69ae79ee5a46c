// @vitest-environment node
// One test per host option of createMurmurServer (the same layer as
// startMurmurBackend's), against the real core.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getResponse, http, HttpResponse, type RequestHandler } from 'msw';
import { latencyMs, withHostOptions } from './hostOptions.js';
import { createMurmurServer, SeedError, type MurmurSeed } from '../node/index.js';

const ORIGIN = 'http://localhost';

async function send(path: string, init: { method?: string; body?: unknown; token?: string } = {}, origin = ORIGIN) {
  const res = await fetch(`${origin}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: init.token ? { authorization: init.token } : {},
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, text, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const login = (username: string, password: string, origin = ORIGIN) =>
  send('/api/auth/login', { body: { username, password } }, origin);

/** Runs `body` with an msw server over these options listening. */
async function withServer(options: Parameters<typeof createMurmurServer>[0], body: () => Promise<void>) {
  const { server } = createMurmurServer(options);
  server.listen({ onUnhandledRequest: 'bypass' });
  try {
    await body();
  } finally {
    server.close();
  }
}

const SEED: MurmurSeed = {
  users: [
    { username: 'ada', password: 'engine-1843', firstName: 'Ada', lastName: 'Lovelace', bio: 'Notes on the engine' },
    {
      username: 'grace',
      password: 'cobol-1959',
      firstName: 'Grace',
      lastName: 'Hopper',
      avatarURL: '/avatars/seed-2.svg',
    },
  ],
  follows: [['grace', 'ada']],
  posts: [
    { username: 'ada', content: 'The engine weaves algebraic patterns', hashtags: '#engine', likedBy: ['grace'] },
    { username: 'grace', content: 'Found a moth in the relay' },
  ],
};

describe('seed', () => {
  it("logs the host's users in with their plain passwords, and the demo seed is gone", async () => {
    await withServer({ seed: SEED }, async () => {
      const ada = await login('ada', 'engine-1843');
      expect(ada.status).toBe(200);
      expect(JSON.stringify(ada.json)).not.toContain('engine-1843'); // hashed, never returned
      expect((await login('ada', 'wrong')).status).toBe(401);
      expect((await login('guest', 'guest123')).json.errors).toEqual([
        'The username you entered is not Registered. Not Found error',
      ]);
      const users = (await send('/api/users')).json.users as {
        username: string;
        bio?: string;
        followers: { username: string }[];
      }[];
      expect(users.map((u) => u.username)).toEqual(['ada', 'grace']);
      expect(users.map((u) => (u as unknown as { _id: string })._id)).toEqual(['u-01', 'u-02']);
      expect(users[0]?.bio).toBe('Notes on the engine');
      expect(users[0]?.followers.map((u) => u.username)).toEqual(['grace']);
      const posts = (await send('/api/posts')).json.posts as {
        content: string;
        username: string;
        likes: { likeCount: number };
      }[];
      expect(posts.map((p) => [p.username, p.content, p.likes.likeCount])).toEqual(
        expect.arrayContaining([
          ['ada', 'The engine weaves algebraic patterns', 1],
          ['grace', 'Found a moth in the relay', 0],
        ]),
      );
      expect(posts).toHaveLength(2);
      expect((await send('/api/posts/p-01')).json.post).toMatchObject({
        username: 'ada',
        content: 'The engine weaves algebraic patterns',
      });
    });
  });

  it('comes back on a reset, not the demo seed', async () => {
    await withServer({ seed: SEED }, async () => {
      const token = String((await login('ada', 'engine-1843')).json.encodedToken);
      await send('/api/posts', { body: { postData: { content: 'one more' } }, token });
      expect((await send('/__murmur/reset', { method: 'POST' })).status).toBe(200);
      expect((await send('/api/posts')).json.posts).toHaveLength(2);
      expect((await login('guest', 'guest123')).status).toBe(404);
    });
  });

  it('takes a snapshot', async () => {
    const { core } = createMurmurServer({ seed: SEED });
    const snapshot = core.exportSnapshot();
    await withServer({ seed: { snapshot } }, async () => {
      expect((await login('grace', 'cobol-1959')).status).toBe(200);
    });
  });

  it('without one, serves the demo seed', async () => {
    await withServer({}, async () => {
      expect((await login('guest', 'guest123')).status).toBe(200);
    });
  });

  it.each([
    [{ users: [SEED.users[0], SEED.users[0]] }, 'seed: user "ada" (users[1]): username "ada" is users[0]\'s too'],
    [
      { users: [SEED.users[0]], posts: [{ username: 'bob', content: 'hi' }] },
      'seed: post 1 ("hi"): username "bob" names no user',
    ],
    [
      { users: [SEED.users[0]], posts: [{ username: 'ada', content: 'hi', comments: [{ username: 'ada' }] }] },
      'seed: post 1 ("hi"): comments[0]: no text (text, comment, commentData or content)',
    ],
    [{ users: [SEED.users[0]], follows: [['ada', 'bob']] }, 'seed: follows[0] ("ada" → "bob"): "bob" names no user'],
    [{ users: 'ada' }, 'seed: `users` must be a list (or give a `snapshot` or `generate`)'],
    [{ snapshot: '{"format":"other"}' }, 'seed: snapshot refused'],
  ])('refuses a bad seed with a clear error: %#', (seed, message) => {
    const attempt = () => createMurmurServer({ seed: seed as MurmurSeed });
    expect(attempt).toThrow(SeedError);
    expect(attempt).toThrow(message);
  });

  it("loads what only the API's input rules refuse as it is, and says so", async () => {
    const seed = {
      users: [{ username: 'ada', password: 'x', avatarURL: 'https://cdn.example.com/a.png' }],
      posts: [{ username: 'ada', content: 'x'.repeat(150), likes: { likeCount: 3, likedBy: [] } }],
      follows: [['ada', 'ada']] as [string, string][],
    };
    const murmur = createMurmurServer({ seed });
    await murmur.ready;
    expect(murmur.seedReport!.adapted.join('\n')).toContain('likeCounts recomputed from likedBy: 1');
    expect(murmur.seedReport!.adapted.join('\n')).toContain('self-follows dropped: 1');
    expect(murmur.seedReport!.asGiven.join('\n')).toContain("passwords shorter than sign-up's 8 characters: 1");
    murmur.server.listen({ onUnhandledRequest: 'bypass' });
    try {
      expect((await login('ada', 'x')).status).toBe(200);
    } finally {
      murmur.server.close();
    }
  });
});

describe('latency', () => {
  it('draws each delay from its range', () => {
    expect(latencyMs(undefined)).toBe(0);
    expect(latencyMs(25)).toBe(25);
    expect(latencyMs([10, 50], () => 0)).toBe(10);
    expect(latencyMs([10, 50], () => 0.5)).toBe(30);
    expect(latencyMs([10, 50], () => 0.999)).toBeLessThan(50);
  });

  it('refuses a negative or reversed range', () => {
    expect(() => createMurmurServer({ latency: -1 })).toThrow(RangeError);
    expect(() => createMurmurServer({ latency: [50, 10] })).toThrow('latency must be');
  });

  it('delays every answer within its range', async () => {
    await withServer({ latency: [60, 120] }, async () => {
      for (let i = 0; i < 4; i += 1) {
        const start = performance.now();
        expect((await send('/api/posts')).status).toBe(200);
        const took = performance.now() - start;
        expect(took).toBeGreaterThanOrEqual(59);
        expect(took).toBeLessThan(120 + 200); // the range, plus the core's and the machine's own time
      }
    });
  });

  it('is none by default', async () => {
    await withServer({}, async () => {
      // The quickest of a few: a busy machine may stall any one of them.
      const took: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const start = performance.now();
        await send('/api/users');
        took.push(performance.now() - start);
      }
      expect(Math.min(...took)).toBeLessThan(60);
    });
  });
});

describe('log', () => {
  afterEach(() => vi.restoreAllMocks());
  const spies = () =>
    ['log', 'info', 'warn', 'error', 'debug'].map((name) =>
      vi.spyOn(console, name as 'log').mockImplementation(() => undefined),
    );

  it('prints nothing when off (the default)', async () => {
    const all = spies();
    await withServer({}, async () => {
      await send('/api/posts');
      await login('guest', 'guest123');
    });
    for (const spy of all) expect(spy).not.toHaveBeenCalled();
  });

  it('prints one line per request when on: method, path, status, ms', async () => {
    spies();
    await withServer({ log: true }, async () => {
      await send('/api/posts?page=1');
      await login('guest', 'nope');
      await send('/api/posts/p-999');
    });
    const lines = vi.mocked(console.info).mock.calls.map((args) => args.join(' '));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\[murmur\] GET \/api\/posts\?page=1 200 \d+ms$/);
    expect(lines[1]).toMatch(/^\[murmur\] POST \/api\/auth\/login 401 \d+ms$/);
    expect(lines[2]).toMatch(/^\[murmur\] GET \/api\/posts\/p-999 404 \d+ms$/);
  });
});

describe('onUnhandledRequest', () => {
  let stub: Server;
  let origin = '';
  beforeAll(async () => {
    stub = createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ from: 'stub', url: req.url }));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => stub.close(resolve)));

  it('answers an /api path the core does not know with 404 by default', async () => {
    await withServer({}, async () => {
      const res = await send('/api/weather', {}, origin);
      expect(res.status).toBe(404);
      expect(res.json.errors).toEqual(['No route for GET /api/weather']);
    });
  });

  it("'passthrough' sends it on to the real server, and the core still answers its own routes", async () => {
    await withServer({ onUnhandledRequest: 'passthrough' }, async () => {
      expect((await send('/api/weather?city=Oslo', {}, origin)).json).toEqual({
        from: 'stub',
        url: '/api/weather?city=Oslo',
      });
      expect((await send('/api/posts', {}, origin)).json.posts).toHaveLength(12);
      // A known route's own 404 is the core's answer, not a pass-through.
      expect((await send('/api/posts/p-999', {}, origin)).json.errors).toEqual(['Post not found']);
    });
  });
});

describe('routing', () => {
  it("tries only the handlers of the request's method (each try parses the URL and reads the cookies)", async () => {
    const tried: string[] = [];
    const watched = <T extends RequestHandler>(name: string, handler: T): T => {
      const parse = handler.parse.bind(handler);
      handler.parse = (args) => {
        tried.push(name);
        return parse(args);
      };
      return handler;
    };
    const handlers = withHostOptions(
      [
        watched(
          'POST media',
          http.post(/\/api\/media$/, () => HttpResponse.json({ from: 'POST media' })),
        ),
        watched(
          'GET media',
          http.get(/\/media\//, () => HttpResponse.json({ from: 'GET media' })),
        ),
        watched(
          'put',
          http.put(/\/api\//, () => HttpResponse.json({ from: 'put' })),
        ),
        watched(
          'all',
          http.all(/\/api\//, () => HttpResponse.json({ from: 'all' })),
        ),
      ],
      {},
    );
    const answer = async (method: string, path: string) =>
      (await (await getResponse(handlers, new Request(`${ORIGIN}${path}`, { method })))?.json()) as unknown;

    expect(await answer('GET', '/api/posts')).toEqual({ from: 'all' });
    expect(tried).toEqual(['GET media', 'all']);
    tried.length = 0;
    expect(await answer('post', '/api/media')).toEqual({ from: 'POST media' });
    expect(tried).toEqual(['POST media']);
    tried.length = 0;
    expect(await answer('PUT', '/api/backup')).toEqual({ from: 'put' });
    expect(tried).toEqual(['put']);
    tried.length = 0;
    expect(await answer('DELETE', '/api/posts/p-1')).toEqual({ from: 'all' });
    expect(tried).toEqual(['all']);
  });
});
