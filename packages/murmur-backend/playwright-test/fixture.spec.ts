// The `murmur` fixture in server mode: each test its own sandbox (two tests
// of one worker never see each other's posts; the sandbox is gone after its
// test), the page's requests carry it, signIn stores the session as the app
// does, stubs and faults, the clock, requests() and toHaveReceived.
import { expect, test } from '../src/playwright/index.js';

const posted: string[] = [];

/** The page, on the server's origin, posting as the app would (its own fetch, the sandbox header from the context). */
async function postFromPage(page: import('@playwright/test').Page, base: string, content: string) {
  await page.goto(`${base}__murmur/health`);
  return page.evaluate(async (text) => {
    const { token } = JSON.parse(localStorage.getItem('murmur.auth') ?? '{}') as { token?: string };
    const res = await fetch('/api/posts', {
      method: 'POST',
      headers: { authorization: token ?? '', 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify({ postData: { content: text, password: 'not-a-real-field' } }),
    });
    return res.status;
  }, content);
}

async function contents(murmur: { request: import('@playwright/test').APIRequestContext }): Promise<string[]> {
  const res = await murmur.request.get('api/posts');
  return ((await res.json()) as { posts: { content: string }[] }).posts.map((p) => p.content);
}

for (const name of ['first', 'second']) {
  test(`the ${name} test sees only its own posts`, async ({ page, murmur, murmurOptions }) => {
    await murmur.signIn('guest');
    expect(await postFromPage(page, murmurOptions.server!, `from the ${name} test`)).toBe(201);
    posted.push(murmur.sandbox);
    const seen = await contents(murmur);
    expect(seen).toContain(`from the ${name} test`);
    expect(seen.filter((c) => c.startsWith('from the '))).toHaveLength(1);
    await expect(murmur).toHaveReceived({
      method: 'POST',
      path: '/api/posts',
      body: { postData: { content: `from the ${name} test` } },
    });
    const [made] = await murmur.requests({ method: 'POST', path: '/api/posts' });
    expect(made!.headers.authorization).toBe('[redacted]');
    expect(JSON.stringify(made!.body)).not.toContain('not-a-real-field');
  });
}

test('the sandboxes of the tests before are gone', async ({ murmur }) => {
  expect(posted).toHaveLength(2);
  const health = await murmur.request.get('__murmur/health');
  // This test's own is the one open.
  expect(((await health.json()) as { sandboxes: number }).sandboxes).toBeLessThanOrEqual(1);
});

test('toHaveReceived fails on a request not made, naming the near misses', async ({ murmur }) => {
  await murmur.request.get('api/posts/p-01');
  await expect(expect(murmur).toHaveReceived({ method: 'DELETE', path: '/api/posts/:postId' })).rejects.toThrow(
    /never\.\nThe nearest of the 1 request received:\n {2}1\. GET \/api\/posts\/p-01 \(200\): method is GET, expected DELETE/,
  );
});

test('a stub answers once, a fault after the commit keeps the write, the clock stamps it', async ({ murmur }) => {
  await murmur.stub({ method: 'GET', path: '/api/posts/:postId', status: 503, times: 1 });
  expect((await murmur.request.get('api/posts/p-01')).status()).toBe(503);
  expect((await murmur.request.get('api/posts/p-01')).status()).toBe(200);
  await murmur.clock.set('2026-01-05T08:00:00Z');
  const token = await murmur.signIn('guest');
  await murmur.fail({ method: 'POST', path: '/api/posts', failure: 'network', when: 'after-commit', times: 1 });
  const send = () =>
    murmur.request.post('api/posts', {
      headers: { authorization: token, 'idempotency-key': 'pw-1', prefer: 'return=minimal' },
      data: { postData: { content: 'kept after the drop' } },
    });
  await expect(send()).rejects.toThrow();
  const retried = await send();
  expect(retried.status()).toBe(201);
  const { post } = (await retried.json()) as { post: { createdAt: string } };
  expect(Date.parse(post.createdAt)).toBe(Date.parse('2026-01-05T08:00:00Z'));
  expect((await contents(murmur)).filter((c) => c === 'kept after the drop')).toHaveLength(1);
});
