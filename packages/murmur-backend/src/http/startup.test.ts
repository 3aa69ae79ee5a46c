// @vitest-environment node
// The command's start-up: GET __murmur/health says where it went, phase by
// phase (Node's own start and the command's imports included), and a
// `{snapshot}` seed file is loaded (and reset to) as the file holds it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createNodeCore } from '../node/nodeCore.js';
import { startChild, type ChildServer } from './testing.js';

let child: ChildServer;
let contents: string[];

beforeAll(async () => {
  const core = createNodeCore();
  const snapshot = JSON.parse(core.exportSnapshot()) as { posts: { content: string }[] };
  core.free();
  snapshot.posts[0]!.content = 'Written in the seed file';
  contents = snapshot.posts.map((post) => post.content);
  const file = join(mkdtempSync(join(tmpdir(), 'murmur-startup-')), 'seed.json');
  writeFileSync(file, `{ "snapshot" : ${JSON.stringify(snapshot, null, 1)} }\n`);
  child = await startChild(['--memory', '--seed', file]);
}, 60_000);
afterAll(() => child?.process.kill('SIGTERM'));

const posts = async () =>
  ((await (await fetch(`${child.url}api/posts`)).json()) as { posts: { content: string }[] }).posts.map(
    (post) => post.content,
  );

it('reports where start-up went, from Node’s own start to listening', async () => {
  const { startup } = (await (await fetch(`${child.url}__murmur/health`)).json()) as {
    startup: Record<string, number>;
  };
  expect(Object.keys(startup)).toEqual([
    'node',
    'imports',
    'seedFile',
    'seed',
    'core',
    'store',
    'restore',
    'listen',
    'total',
  ]);
  const phases = Object.entries(startup).filter(([phase]) => phase !== 'total');
  const sum = phases.reduce((total, [, ms]) => total + ms, 0);
  // Every phase is counted once; the rest (parsing the flags) is small.
  expect(startup.total).toBeGreaterThanOrEqual(sum - phases.length);
  expect(startup.total! - sum).toBeLessThan(100);
});

it('loads a {snapshot} seed file as it is written, and a reset goes back to it', async () => {
  expect(await posts()).toEqual(contents);
  expect(contents).toContain('Written in the seed file');
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
