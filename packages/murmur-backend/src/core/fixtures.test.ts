// @vitest-environment node
// A MirageJS app's fixtures as the seed, as they are (test-fixtures/mirage.mjs:
// short passwords, remote avatars, summary `_id`s that match nobody, a
// `likeCount` that disagrees), in Node (createMurmurServer), over HTTP
// (startMurmurHttpServer, and the command's `--seed` with a .mjs, .cjs or
// .json file): they load, their accounts sign in, what was adapted is said
// once; a seed with a duplicate username or a post by nobody is refused
// naming the item, and nothing of it loads.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createMurmurServer, createNodeCore, startMurmurHttpServer } from '../node/index.js';
import { CLI, requireBuiltCli, signIn, startChild } from '../http/testing.js';
import { SeedError, type SeedData } from './seed.js';

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), '../../test-fixtures/mirage.mjs');
const { users, posts } = (await import(FIXTURES)) as SeedData & { posts: NonNullable<SeedData['posts']> };
const work = mkdtempSync(join(tmpdir(), 'murmur-fixtures-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const GUEST = ['guestuser', 'guest1'] as const;

/** What a client of the fixtures' app sees: the guest signs in, the feed holds the fixtures' posts. */
async function expectTheFixturesServed(base: string) {
  const token = await signIn(base, ...GUEST);
  const all = (await (await fetch(`${base}api/posts`)).json()) as {
    posts: { content: string; likes: { likeCount: number; likedBy: { username: string }[] } }[];
  };
  expect(all.posts.map((post) => post.content)).toEqual(posts.map((post) => post.content));
  // likeCount is what likedBy holds, whatever the fixture said (12).
  expect(all.posts[0]!.likes.likeCount).toBe(2);
  expect(all.posts[0]!.likes.likedBy.map((u) => u.username)).toEqual(['rahulgupta', 'guestuser']);
  const me = (await (await fetch(`${base}api/users`)).json()) as {
    users: { username: string; following: { username: string }[]; avatarURL: string }[];
  };
  const guest = me.users.find((user) => user.username === 'guestuser')!;
  // Summaries with fresh random ids found their users by username.
  expect(guest.following.map((u) => u.username)).toEqual(['afreenkhan', 'rahulgupta']);
  expect(guest.avatarURL).toBe('https://res.cloudinary.com/demo/image/upload/guest.jpg');
  // The app's writes work on them.
  const like = await fetch(`${base}api/posts/like/${(await (await fetch(`${base}api/posts`)).json()).posts[1]._id}`, {
    method: 'POST',
    headers: { authorization: token },
  });
  expect(like.status).toBe(200);
}

const REPORTED = [
  'references whose _id matched no user, resolved by username: 7',
  'likeCounts recomputed from likedBy: 1 (post 1 ("Sunrise over the old fort this…"): 12 → 2)',
  'follow links listed on one side only, made on both: 1 ("guestuser" → "rahulgupta", in guestuser\'s following only)',
];

/** The fixtures with one user renamed to another's name, or a post by nobody. */
function broken(kind: 'duplicate' | 'nobody'): SeedData {
  const copy = JSON.parse(JSON.stringify({ users, posts })) as SeedData & { posts: NonNullable<SeedData['posts']> };
  if (kind === 'duplicate') copy.users[2]!.username = 'afreenkhan';
  else copy.posts[0]!.username = 'nobody';
  return copy;
}

const REFUSALS = {
  duplicate: 'seed: user "afreenkhan" (users[2]): username "afreenkhan" is users[1]\'s too',
  nobody: 'seed: post 1 ("Sunrise over the old fort this…"): username "nobody" names no user',
};

describe('MirageJS fixtures as the seed', () => {
  it('load in Node: their accounts sign in, and the report says what was adapted', async () => {
    const murmur = createMurmurServer({ seed: { users, posts } });
    await murmur.ready;
    murmur.server.listen({ onUnhandledRequest: 'bypass' });
    try {
      await expectTheFixturesServed('http://murmur.test/');
    } finally {
      murmur.server.close();
    }
    const report = murmur.seedReport!;
    expect([report.users, report.posts, report.comments]).toEqual([3, 2, 1]);
    for (const line of REPORTED) expect(report.adapted.join('\n')).toContain(line);
    expect(report.asGiven.join('\n')).toContain("passwords shorter than sign-up's 8 characters: 2");
  });

  it('are refused whole in Node when a username repeats or a post names nobody, naming the item', () => {
    for (const kind of ['duplicate', 'nobody'] as const) {
      const core = createNodeCore();
      const before = core.exportSnapshot();
      expect(() => createMurmurServer({ core, seed: broken(kind) })).toThrow(new SeedError(REFUSALS[kind]));
      expect(core.exportSnapshot()).toBe(before);
      core.free();
    }
  });

  it('load over HTTP from JavaScript, with the report on the server object', async () => {
    const api = await startMurmurHttpServer({ seed: { users, posts } });
    try {
      await expectTheFixturesServed(api.url);
      expect(api.seedReport!.adapted.join('\n')).toContain(REPORTED[1]);
    } finally {
      await api.close();
    }
  });

  it('load with `serve --seed` from a .mjs (named exports), a .cjs (module.exports) and a .json file', async () => {
    requireBuiltCli();
    const cjs = join(work, 'fixtures.cjs');
    writeFileSync(cjs, `module.exports = ${JSON.stringify({ users, posts })};\n`);
    const json = join(work, 'fixtures.json');
    writeFileSync(json, JSON.stringify({ users, posts }));
    for (const file of [FIXTURES, cjs, json]) {
      const child = await startChild(['--memory', '--seed', file]);
      try {
        await expectTheFixturesServed(child.url);
        // Said once, at the start.
        const lines = child.output().split('\n');
        const said = lines.filter((line) => line.startsWith('[murmur] seed loaded: users 3, posts 2, comments 1'));
        expect(said, child.output()).toHaveLength(1);
        expect(said[0]).toContain(REPORTED[1]);
      } finally {
        child.process.kill('SIGTERM');
        await child.exited;
      }
    }
  });

  it('are refused by `serve --seed`, naming the item, and the server does not start', async () => {
    requireBuiltCli();
    for (const kind of ['duplicate', 'nobody'] as const) {
      const file = join(work, `${kind}.mjs`);
      writeFileSync(file, `export default ${JSON.stringify(broken(kind))};\n`);
      const child = spawn(process.execPath, [CLI, 'serve', '--memory', '--port', '0', '--seed', file]);
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise((done) => child.on('exit', done));
      expect(code).toBe(2);
      expect(output).toContain(`murmur-backend: the seed was refused: ${REFUSALS[kind]}`);
      expect(output).not.toContain('ready at');
    }
  });
});
