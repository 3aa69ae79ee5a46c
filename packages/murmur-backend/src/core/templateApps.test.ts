// @vitest-environment node
// Apps built on the MirageJS template: their fixtures in each variant (a
// comment's text under `comment`, `commentData` or `content`, integer ids,
// a comment by someone who is no user, dates as `Date` reads them) load in
// Node and over HTTP with the report saying what was adapted, and the API's
// settings (`api`: bookmarks as posts, longer posts, shorter passwords,
// remote avatars) apply in Node, over HTTP and from a seed that names them.
import { afterEach, describe, expect, it } from 'vitest';
import { createMurmurServer, createNodeCore, startMurmurHttpServer } from '../node/index.js';
import { signIn } from '../http/testing.js';
import { SeedError, type SeedData } from './seed.js';

const template = {
  users: [
    { _id: 1, username: 'maya', password: 'maya12', firstName: 'Maya', lastName: 'Rao', createdAt: 'May 14 2022' },
    { _id: 2, username: 'omar', password: 'omar12', firstName: 'Omar', lastName: 'Said' },
  ],
  posts: [
    {
      _id: 10,
      username: 'maya',
      content: 'Hello from the template',
      likes: { likeCount: 0, likedBy: [], dislikedBy: [] },
      comments: [
        { _id: 100, username: 'omar', comment: 'as comment' },
        { _id: 101, username: 'omar', commentData: { text: 'as commentData' } },
        { _id: 102, username: 'visitor', firstName: 'Vi', lastName: 'Sitor', text: 'from nobody' },
      ],
    },
  ],
} as unknown as SeedData;

const ADAPTED = [
  'comment texts read from comment, commentData or content: 2',
  'comments by a username that is no user, kept with the name and avatar they carry: 1',
  "dates in another form than RFC 3339, read as JavaScript's Date reads them: 1",
];

/** What an app built on the template reads: its comments, its bookmarks as posts, a 200-character post. */
async function expectTheTemplateServed(base: string, bookmarksAsPosts: boolean) {
  const comments = (await (await fetch(`${base}api/comments/10`)).json()) as { comments: { text: string }[] };
  expect(comments.comments.map((c) => c.text).sort()).toEqual(['as comment', 'as commentData', 'from nobody']);
  const token = await signIn(base, 'maya', 'maya12');
  const auth = { authorization: token, 'content-type': 'application/json' };
  const bookmarked = await fetch(`${base}api/users/bookmark/10`, { method: 'POST', headers: auth });
  const { bookmarks } = (await bookmarked.json()) as { bookmarks: unknown[] };
  expect(bookmarks).toEqual([bookmarksAsPosts ? expect.objectContaining({ _id: '10' }) : '10']);
  const long = await fetch(`${base}api/posts`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ postData: { content: 'x'.repeat(200) } }),
  });
  expect(long.status).toBe(bookmarksAsPosts ? 201 : 400);
}

describe('apps built on the MirageJS template', () => {
  let close: (() => unknown) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('load their fixtures in Node, with the report, and take the api settings', async () => {
    const murmur = createMurmurServer({ seed: template, api: { bookmarks: 'posts', maxPostChars: 280 } });
    await murmur.ready;
    murmur.server.listen({ onUnhandledRequest: 'bypass' });
    close = () => murmur.server.close();
    for (const line of ADAPTED) expect(murmur.seedReport!.adapted.join('\n')).toContain(line);
    await expectTheTemplateServed('http://murmur.test/', true);
  });

  it('keep the spec answers without settings', async () => {
    const murmur = createMurmurServer({ seed: template });
    await murmur.ready;
    murmur.server.listen({ onUnhandledRequest: 'bypass' });
    close = () => murmur.server.close();
    await expectTheTemplateServed('http://murmur.test/', false);
  });

  it('load over HTTP, with settings from the seed itself', async () => {
    const api = await startMurmurHttpServer({ seed: { ...template, api: { bookmarks: 'posts', maxPostChars: 280 } } });
    close = () => api.close();
    for (const line of ADAPTED) expect(api.seedReport!.adapted.join('\n')).toContain(line);
    await expectTheTemplateServed(api.url, true);
  });

  it('take the api settings over HTTP, and a wrong one says what to change', async () => {
    const api = await startMurmurHttpServer({ seed: template, api: { bookmarks: 'posts', maxPostChars: 280 } });
    close = () => api.close();
    await expectTheTemplateServed(api.url, true);
    expect(() => createMurmurServer({ api: { maxPostChars: 0 } })).toThrow(
      'api.maxPostChars must be 1 to 10000, got 0',
    );
  });

  it('are still refused for a duplicate id, naming the item', () => {
    const twice = { users: [template.users[0], { ...template.users[1], _id: 1 }] } as SeedData;
    expect(() => createMurmurServer({ seed: twice })).toThrow(
      new SeedError('seed: user "omar" (users[1]): _id "1" is users[0]\'s too'),
    );
  });

  it("serve a template app's journey, and it is all still there after a reload", async () => {
    const settings = { bookmarks: 'posts', maxPostChars: 280, avatars: 'anywhere' } as const;
    const core = createNodeCore();
    const first = createMurmurServer({ core, seed: template, api: settings });
    await first.ready;
    first.server.listen({ onUnhandledRequest: 'bypass' });
    close = () => first.server.close();
    const base = 'http://murmur.test/';
    const token = await signIn(base, 'omar', 'omar12');
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}api/${path}`, {
        method,
        headers: { authorization: token, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const posted = await call('POST', 'posts', { postData: { content: 'y'.repeat(200) } });
    expect(posted.status).toBe(201);
    const mine = (posted.json.posts as { _id: string; content: string }[]).find((p) => p.content.length === 200)!;
    expect((await call('POST', `posts/like/${mine._id}`)).status).toBe(200);
    const marked = await call('POST', `users/bookmark/${mine._id}`);
    expect(marked.json.bookmarks[0].content).toBe('y'.repeat(200));
    const commented = await call('POST', `comments/add/${mine._id}`, { commentData: { text: 'first!' } });
    const comment = (commented.json.posts as { _id: string; comments: { _id: string }[] }[]).find(
      (p) => p._id === mine._id,
    )!.comments[0]!;
    const voted = await call('POST', `comments/upvote/${mine._id}/${comment._id}`);
    expect(voted.json.comments[0].votes.upvotedBy.map((u: { username: string }) => u.username)).toEqual(['omar']);
    const followed = await call('POST', 'users/follow/1');
    expect(followed.json.followUser.username).toBe('maya');
    expect(followed.json.followUser.followers.map((u: { username: string }) => u.username)).toEqual(['omar']);
    const avatar = 'https://cdn.example.com/omar.png';
    expect((await call('POST', 'users/edit', { userData: { avatarURL: avatar } })).json.user.avatarURL).toBe(avatar);
    // A reload: a new backend over the state the first one saved.
    const saved = core.exportSnapshot();
    first.server.close();
    const second = createMurmurServer({ seed: { snapshot: saved }, api: settings });
    await second.ready;
    second.server.listen({ onUnhandledRequest: 'bypass' });
    close = () => second.server.close();
    const again = await call('GET', 'users/bookmark');
    expect(again.json.bookmarks.map((p: { _id: string }) => p._id)).toEqual([mine._id]);
    expect(again.json.bookmarks[0].likes.likeCount).toBe(1);
    expect(again.json.bookmarks[0].comments[0].votes.upvotedBy).toHaveLength(1);
    const omar = await call('GET', 'users/omar');
    expect(omar.json.user.avatarURL).toBe(avatar);
    expect(omar.json.user.following.map((u: { username: string }) => u.username)).toEqual(['maya']);
  });
});
