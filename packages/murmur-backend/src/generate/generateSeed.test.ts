// @vitest-environment node
// `seed: { generate }`: deterministic, sized as asked, within the API's input
// rules (the core loads it through them), the guest always in it, and a bad
// option refused with a message saying what to change.
import { describe, expect, it } from 'vitest';
import { generateSeed, GENERATED_PASSWORD } from './generateSeed.js';
import { createMurmurServer, SeedError, type MurmurSeed } from '../node/index.js';

const ORIGIN = 'http://localhost';

async function get<T>(path: string): Promise<T> {
  return (await (await fetch(`${ORIGIN}${path}`)).json()) as T;
}

interface Post {
  _id: string;
  content: string;
  hashtags: string;
  mediaURL: string;
  likes: { likeCount: number; likedBy: { username: string }[] };
  comments: { text: string }[];
}
interface User {
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
  website: string;
  following: unknown[];
}

describe('generateSeed', () => {
  it('gives the same data for the same numbers, and other data for another seed', () => {
    const one = generateSeed({ users: 40, posts: 300, seed: 7 });
    expect(generateSeed({ users: 40, posts: 300, seed: 7 })).toEqual(one);
    expect(generateSeed({ users: 40, posts: 300, seed: 8 })).not.toEqual(one);
  });

  it('keeps to the API input rules', () => {
    const { users, posts = [] } = generateSeed({ users: 500, posts: 2000, seed: 3 });
    const names = users.map((u) => u.username.toLowerCase());
    expect(new Set(names).size).toBe(users.length);
    for (const user of users) {
      expect(user.username).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_.-]{1,28}[A-Za-z0-9_]$/);
      for (const name of [user.firstName ?? '', user.lastName ?? '']) {
        expect(name.trim().length).toBeGreaterThanOrEqual(1);
        expect([...name].length).toBeLessThanOrEqual(50);
      }
      expect([...(user.bio ?? '')].length).toBeLessThanOrEqual(160);
      if (user.website) expect(user.website).toMatch(/^https:\/\/[a-z0-9-]+\.example\.com$/);
      expect(user.password.length).toBeGreaterThanOrEqual(8);
    }
    for (const post of posts) {
      expect([...post.content].length).toBeLessThanOrEqual(100);
      expect([...(post.hashtags ?? '')].length).toBeLessThanOrEqual(100);
      for (const comment of post.comments ?? []) expect([...comment.text].length).toBeLessThanOrEqual(280);
    }
  });
});

describe('seed: { generate } in createMurmurServer', () => {
  it('loads users and posts as asked, with the guest, likes, comments, follows, tags, emoji and demo media', async () => {
    const { server, ready } = createMurmurServer({ seed: { generate: { users: 60, posts: 400, seed: 11 } } });
    server.listen({ onUnhandledRequest: 'error' });
    try {
      await ready;
      const { users } = await get<{ users: User[] }>('/api/users');
      const { posts } = await get<{ posts: Post[] }>('/api/posts');
      expect(users).toHaveLength(60);
      expect(posts).toHaveLength(400);
      expect(users[0]?.username).toBe('guest');
      // Varied names.
      expect(new Set(users.map((u) => u.lastName)).size).toBeGreaterThan(30);
      // The guest follows people, so Home has posts.
      expect(users[0]?.following.length).toBeGreaterThan(0);
      const share = (test: (post: Post) => boolean) => posts.filter(test).length / posts.length;
      expect(share((p) => p.hashtags.startsWith('#'))).toBeGreaterThan(0.5);
      expect(share((p) => /\p{Extended_Pictographic}/u.test(p.content))).toBeGreaterThan(0.3);
      expect(share((p) => /^\/seed\/\w+\.(jpg|mp4)$/.test(p.mediaURL))).toBeGreaterThan(0.1);
      expect(share((p) => p.comments.length > 0)).toBeGreaterThan(0.2);
      expect(share((p) => p.likes.likeCount > 0)).toBeGreaterThan(0.3);
      for (const post of posts) expect(post.likes.likeCount).toBe(post.likes.likedBy.length);
      // Login As Guest, and a generated account with the documented password.
      for (const [username, password] of [
        ['guest', 'guest123'],
        [users[5]?.username, GENERATED_PASSWORD],
      ]) {
        const res = await fetch(`${ORIGIN}/api/auth/login`, {
          method: 'POST',
          body: JSON.stringify({ username, password }),
        });
        expect(res.status, String(username)).toBe(200);
      }
    } finally {
      server.close();
    }
  });

  it('is the same data in two servers from the same numbers', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { server, ready } = createMurmurServer({ seed: { generate: { users: 20, posts: 50, seed: 5 } } });
      server.listen();
      await ready;
      answers.push(JSON.stringify(await get('/api/posts')));
      server.close();
    }
    expect(answers[1]).toBe(answers[0]);
  });

  it.each([
    [{ users: 0, posts: 10 }, 'seed: seed.generate.users must be a whole number from 1 to 10000, got 0'],
    [{ users: 10, posts: -1 }, 'seed: seed.generate.posts must be a whole number from 0 to 100000, got -1'],
    [{ users: 10, posts: 2.5 }, 'seed.generate.posts must be a whole number from 0 to 100000, got 2.5'],
    [
      { users: 10, posts: 10, seed: 'abc' },
      'seed.generate.seed must be a whole number from 0 to 4294967295, got "abc"',
    ],
    [{ users: 10, posts: 10, comments: 5 }, 'seed.generate takes users, posts and seed; remove "comments"'],
    [{ posts: 10 }, 'seed.generate.users must be a whole number from 1 to 10000, got undefined'],
  ])('refuses %j with a message saying what to change', (generate, message) => {
    const attempt = () => createMurmurServer({ seed: { generate } as unknown as MurmurSeed });
    expect(attempt).toThrow(SeedError);
    expect(attempt).toThrow(message);
  });
});
