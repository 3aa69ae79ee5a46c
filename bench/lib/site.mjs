// Signing in on the production site: the guest's session, made once by the
// site's own backend, then handed to fresh contexts through localStorage
// (where the app keeps it), so that a measured visit starts signed in.

/** The key the app keeps its session under. */
export const SESSION_KEY = 'murmur.auth';

/** The post card on every feed (features/posts renders each post as an article). */
export const POST_SELECTOR = process.env.BENCH_POST_SELECTOR ?? 'article';

/** Signs the guest in on the site at `origin` (in a context of its own) and returns { user, token }. */
export async function guestSession(browser, origin) {
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    await page.goto(`${origin}/login`);
    await page.waitForSelector('html[data-backend="ready"]', { timeout: 30_000 });
    const session = await page.evaluate(async () => {
      const res = await fetch('/api/auth/login', {
        method: 'POST',
        body: JSON.stringify({ username: 'guest', password: 'guest123' }),
      });
      const json = await res.json();
      return { user: json.foundUser, token: json.encodedToken };
    });
    if (!session.token) throw new Error('guest login failed');
    return session;
  } finally {
    await ctx.close();
  }
}

/** Playwright's storage state for a context signed in with `session` at `origin`. */
export const storageState = (origin, session) => ({
  cookies: [],
  origins: [{ origin, localStorage: [{ name: SESSION_KEY, value: JSON.stringify(session) }] }],
});

/**
 * The visit before a return visit, in `setup` (a page of `ctx`, which
 * keeps what the visit leaves): the page opened until its first post (or its backend, on
 * /login), the service worker in control with its precache, a like and its
 * undo saved as a regular's use leaves them; then the HTTP cache cleared.
 */
export async function visitBefore(ctx, setup, origin, page) {
  const address = `${origin}${page === 'home' ? '/' : '/login'}`;
  await setup.goto(address);
  await setup.waitForSelector('html[data-backend="ready"]', { timeout: 60_000 });
  await setup.evaluate(() => navigator.serviceWorker.ready);
  if (!(await setup.evaluate(() => navigator.serviceWorker.controller !== null))) {
    // A page opened before its worker was active stays uncontrolled: the next one is not.
    await setup.goto(address);
    await setup.waitForSelector('html[data-backend="ready"]', { timeout: 60_000 });
  }
  await setup.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  if (page === 'home') {
    await setup.waitForSelector(POST_SELECTOR, { timeout: 60_000 });
    // Through the worker, as any request of the page's own: the backend saves both.
    const saved = await setup.evaluate(async (key) => {
      const { token } = JSON.parse(localStorage.getItem(key) ?? '{}');
      const { posts } = await (await fetch('/api/posts/explore?limit=1')).json();
      const statuses = [];
      for (const verb of ['like', 'dislike']) {
        const res = await fetch(`/api/posts/${verb}/${posts[0]._id}`, {
          method: 'POST',
          headers: { authorization: token },
        });
        statuses.push(res.status);
      }
      return statuses;
    }, SESSION_KEY);
    if (saved.some((status) => status !== 200)) throw new Error(`the visit before: like and undo answered ${saved}`);
  }
  const cdp = await ctx.newCDPSession(setup);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}
