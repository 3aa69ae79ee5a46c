// @vitest-environment node
// The command's start-up: GET __murmur/health says where it went, phase by
// phase (Node's own start and the command's imports included), a
// `{snapshot}` seed file is loaded (and reset to) as the file holds it, and a
// restart over a saved state reads the seed file only when a reset needs it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createNodeCore } from '../node/nodeCore.js';
import { signIn, startChild, type ChildServer } from './testing.js';

let child: ChildServer;
let contents: string[];
let seedFile: string;
let firstPostId: string;
/** What the test reads of a `{snapshot}` seed file. */
interface SeedFile {
  snapshot: { posts: { likes: { likedBy: unknown[] } }[] };
}

beforeAll(async () => {
  const core = createNodeCore();
  const snapshot = JSON.parse(core.exportSnapshot()) as { posts: { _id: string; content: string }[] };
  core.free();
  snapshot.posts[0]!.content = 'Written in the seed file, café ✨';
  contents = snapshot.posts.map((post) => post.content);
  firstPostId = snapshot.posts[0]!._id;
  const file = join(mkdtempSync(join(tmpdir(), 'murmur-startup-')), 'seed.json');
  writeFileSync(file, `{ "snapshot" : ${JSON.stringify(snapshot, null, 1)} }\n`);
  seedFile = file;
  child = await startChild(['--memory', '--seed', file]);
}, 60_000);
afterAll(() => child?.process.kill('SIGTERM'));

const posts = async (url = child.url) =>
  ((await (await fetch(`${url}api/posts`)).json()) as { posts: { content: string }[] }).posts.map(
    (post) => post.content,
  );

it('reports where start-up went, from Node’s own start to listening', async () => {
  const { startup } = (await (await fetch(`${child.url}__murmur/health`)).json()) as {
    startup: Record<string, number>;
  };
  expect(Object.keys(startup)).toEqual(['node', 'imports', 'seed', 'core', 'store', 'restore', 'listen', 'total']);
  const phases = Object.entries(startup).filter(([phase]) => phase !== 'total');
  const sum = phases.reduce((total, [, ms]) => total + ms, 0);
  // Every phase is counted once; the rest (parsing the flags) is small.
  expect(startup.total).toBeGreaterThanOrEqual(sum - phases.length);
  expect(startup.total! - sum).toBeLessThan(100);
});

it('loads a {snapshot} seed file as it is written, and a reset goes back to it', async () => {
  expect(await posts()).toEqual(contents);
  expect(contents).toContain('Written in the seed file, café ✨');
  const token = (
    (await (
      await fetch(`${child.url}api/auth/login`, {
        method: 'POST',
        body: JSON.stringify({ username: 'guest', password: 'guest123' }),
      })
    ).json()) as { encodedToken: string }
  ).encodedToken;
  const made = await fetch(`${child.url}api/posts`, {
    method: 'POST',
    headers: { authorization: token, prefer: 'return=minimal' },
    body: JSON.stringify({ postData: { content: 'gone after the reset' } }),
  });
  expect(made.status).toBe(201);
  expect(await posts()).toHaveLength(contents.length + 1);
  expect((await fetch(`${child.url}__murmur/reset`, { method: 'POST' })).status).toBe(200);
  expect(await posts()).toEqual(contents);
});

it('a restart serves its saved state without reading the seed file, which a reset reads then', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-startup-restart-'));
  const state = join(dir, 'state');
  const file = join(dir, 'seed.json');
  const seedText = readFileSync(seedFile, 'utf8');
  writeFileSync(file, seedText);
  const first = await startChild(['--state', state, '--seed', file]);
  const token = await signIn(first.url);
  const liked = await fetch(`${first.url}api/posts/like/${firstPostId}`, {
    method: 'POST',
    headers: { authorization: token, prefer: 'return=minimal' },
  });
  expect(liked.status).toBe(200);
  first.process.kill('SIGTERM');
  expect(await first.exited).toBe(0);

  // Broken since: the restart does not need it, and serves the saved state.
  writeFileSync(file, seedText.replace('"format"', 'format'));
  const again = await startChild(['--state', state, '--seed', file]);
  const likeCount = async () =>
    ((await (await fetch(`${again.url}api/posts/${firstPostId}`)).json()) as { post: { likes: { likeCount: number } } })
      .post.likes.likeCount;
  const seeded = (JSON.parse(seedText) as SeedFile).snapshot.posts[0]!.likes.likedBy.length;
  expect(await likeCount()).toBe(seeded + 1);
  // A reset reads it: refused, saying why, and nothing changes.
  const refused = await fetch(`${again.url}__murmur/reset`, { method: 'POST' });
  expect(refused.status).toBe(500);
  expect(((await refused.json()) as { errors: string[] }).errors[0]).toContain(`seed file ${file}: not JSON`);
  expect(await likeCount()).toBe(seeded + 1);
  // Mended: the next reset reads it again and goes back to it.
  writeFileSync(file, seedText);
  expect((await fetch(`${again.url}__murmur/reset`, { method: 'POST' })).status).toBe(200);
  expect(await likeCount()).toBe(seeded);
  expect(await posts(again.url)).toEqual(contents);
  again.process.kill('SIGTERM');
  expect(await again.exited).toBe(0);
}, 60_000);
