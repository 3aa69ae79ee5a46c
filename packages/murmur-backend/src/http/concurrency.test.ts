// @vitest-environment node
// Writes are serialised: 20 clients send 500 likes, comments and follows at
// once, and every one has exactly one effect; the journal on disk replays
// to the very same state after a restart.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { GENERATED_PASSWORD } from '../generate/generateSeed.js';
import { startMurmurHttpServer } from './server.js';
import { signIn } from './testing.js';

interface Summary {
  _id: string;
  username: string;
}
interface User extends Summary {
  following: Summary[];
  followers: Summary[];
}
interface Post {
  _id: string;
  comments: unknown[];
  likes: { likeCount: number; likedBy: Summary[] };
}

const CLIENTS = 20;
const seed = { generate: { users: 40, posts: 30, seed: 3 } };

it('gives 500 simultaneous writes from 20 clients exactly 500 effects, and replays them from the journal', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'murmur-concurrency-'));
  const server = await startMurmurHttpServer({ state: dir, seed });
  const base = server.url;
  const read = async <T>(path: string): Promise<T> => (await fetch(`${base}${path}`)).json() as Promise<T>;
  const { users } = await read<{ users: User[] }>('api/users');
  const { posts } = await read<{ posts: Post[] }>('api/posts');
  const clients = users.slice(0, CLIENTS);
  const tokens = await Promise.all(
    clients.map((user) => signIn(base, user.username, user.username === 'guest' ? 'guest123' : GENERATED_PASSWORD)),
  );

  // Each client: 10 likes of posts it does not like yet, 10 comments, 5 follows of users it does not follow yet.
  const expectedLikes = new Map(posts.map((post) => [post._id, post.likes.likeCount]));
  const expectedComments = new Map(posts.map((post) => [post._id, post.comments.length]));
  const expectedFollowers = new Map(users.map((user) => [user._id, user.followers.length]));
  const writes: { path: string; token: string; body?: string }[] = [];
  clients.forEach((user, i) => {
    const token = tokens[i]!;
    const likable = posts.filter((post) => !post.likes.likedBy.some((liker) => liker._id === user._id));
    for (const post of likable.slice(0, 10)) {
      writes.push({ path: `api/posts/like/${post._id}`, token });
      expectedLikes.set(post._id, expectedLikes.get(post._id)! + 1);
    }
    for (let c = 0; c < 10; c++) {
      const post = posts[(i * 7 + c) % posts.length]!;
      writes.push({ path: `api/comments/add/${post._id}`, token, body: JSON.stringify({ commentData: `n${i}-${c}` }) });
      expectedComments.set(post._id, expectedComments.get(post._id)! + 1);
    }
    const followable = users.filter(
      (other) => other._id !== user._id && !user.following.some((followed) => followed._id === other._id),
    );
    for (const other of followable.slice(0, 5)) {
      writes.push({ path: `api/users/follow/${other._id}`, token });
      expectedFollowers.set(other._id, expectedFollowers.get(other._id)! + 1);
    }
  });
  expect(writes).toHaveLength(500);

  const statuses = await Promise.all(
    writes.map(async ({ path, token, body }) => {
      const res = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: token }, body });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  expect(statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);

  const after = await read<{ posts: Post[] }>('api/posts');
  for (const post of after.posts) {
    expect(post.likes.likeCount, post._id).toBe(expectedLikes.get(post._id));
    expect(post.likes.likedBy, post._id).toHaveLength(expectedLikes.get(post._id)!);
    expect(post.comments, post._id).toHaveLength(expectedComments.get(post._id)!);
  }
  const { users: followed } = await read<{ users: User[] }>('api/users');
  for (const user of followed) expect(user.followers, user.username).toHaveLength(expectedFollowers.get(user._id)!);

  // The journal (and the snapshots compacted from it) replay to the very same state.
  const state = server.core.exportSnapshot();
  const answers = JSON.stringify(after);
  await server.close();
  const again = await startMurmurHttpServer({ state: dir, seed });
  try {
    expect(again.core.exportSnapshot()).toBe(state);
    expect(JSON.stringify(await (await fetch(`${again.url}api/posts`)).json())).toBe(answers);
  } finally {
    await again.close();
  }
}, 120_000);
