// GET /api/events in the built static site: `EventSource` in the page, its
// stream answered by the service worker through the backend's `sse()`
// handler, gets the same events for the same writes as a reader of the
// package in Node (msw/node).
import { createMurmurServer } from '@murmur/backend/node';
import type { Page } from '@playwright/test';
import { expect, GUEST, pageFetch, signIn, test } from './support';

interface Seen {
  id: number;
  event: string;
  data: unknown;
}

const KINDS = ['post.created', 'post.changed', 'user.changed', 'notification'];

/** The writes, as `send(method, path, token, body)` makes them: a post by the guest, Maya's like of it and her follow. */
async function writes(send: (method: string, path: string, token: string, body?: unknown) => Promise<string>) {
  const guest = JSON.parse(await send('POST', 'auth/login', '', GUEST)).encodedToken as string;
  const maya = JSON.parse(await send('POST', 'auth/login', '', { username: 'maya_lind', password: 'password123' }))
    .encodedToken as string;
  const { posts } = JSON.parse(await send('POST', 'posts', guest, { postData: { content: 'Live from the worker' } }));
  const mine = (posts as { _id: string; content: string }[]).find((p) => p.content === 'Live from the worker')!;
  await send('POST', `posts/like/${mine._id}`, maya);
  await send('POST', 'users/follow/u-guest', maya);
  return guest;
}

/** What stays the same between two runs of the same writes: the ids, kinds and what each is about (not the times). */
const shape = (events: Seen[]) =>
  events.map(({ id, event, data }) => {
    const value = data as {
      post?: { _id: string; likeCount: number };
      user?: { username: string };
      notification?: { type: string };
    };
    return [id, event, value.post?._id, value.post?.likeCount, value.user?.username, value.notification?.type];
  });

async function inThePage(page: Page): Promise<Seen[]> {
  await signIn(page, '/');
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('murmur.auth')!) as { token: string }).token,
  );
  // The stream goes through the service worker: the page must be under its control.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.evaluate(
    ([kinds, accessToken]) => {
      const seen: Seen[] = [];
      (window as unknown as { seen: Seen[] }).seen = seen;
      const source = new EventSource(`/api/events?access_token=${encodeURIComponent(accessToken)}`);
      for (const kind of kinds) {
        source.addEventListener(kind, (e) => {
          const message = e as MessageEvent<string>;
          seen.push({ id: Number(message.lastEventId), event: kind, data: JSON.parse(message.data) });
        });
      }
      return new Promise((resolve) => source.addEventListener('open', resolve, { once: true }));
    },
    [KINDS, token] as const,
  );
  await writes(async (method, path, auth, body) => {
    const res = await pageFetch(page, `/api/${path}`, {
      method,
      headers: auth ? { authorization: auth } : {},
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.body;
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as { seen: Seen[] }).seen.length)).toBe(6);
  return page.evaluate(() => (window as unknown as { seen: Seen[] }).seen);
}

async function inNode(): Promise<Seen[]> {
  const murmur = createMurmurServer();
  murmur.server.listen({ onUnhandledRequest: 'bypass' });
  try {
    const seen: Seen[] = [];
    const guest = JSON.parse(
      await (await fetch('http://localhost/api/auth/login', { method: 'POST', body: JSON.stringify(GUEST) })).text(),
    ).encodedToken as string;
    const reading = (async () => {
      for await (const event of murmur.events({ token: guest })) {
        if (KINDS.includes(event.event)) seen.push(event);
        if (seen.length === 6) break;
      }
    })();
    await writes(async (method, path, auth, body) => {
      const res = await fetch(`http://localhost/api/${path}`, {
        method,
        headers: auth ? { authorization: auth } : {},
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.text();
    });
    await reading;
    return seen;
  } finally {
    murmur.server.close();
  }
}

test('EventSource in the built site gets the same events for the same writes as a Node reader', async ({ page }) => {
  const browser = await inThePage(page);
  const node = await inNode();
  // The like: the post and the guest's notification; the follow: both users and the guest's notification.
  expect(browser.map((e) => e.event)).toEqual([
    'post.created',
    'post.changed',
    'notification',
    'user.changed',
    'user.changed',
    'notification',
  ]);
  expect(shape(browser)).toEqual(shape(node));
});
