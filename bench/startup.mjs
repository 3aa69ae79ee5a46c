// Start-up on the desktop: Home signed in, cold (a fresh browser context
// each run: empty HTTP cache, no service worker, no IndexedDB), to the first
// post visible, with the app's start-up marks; then a second visit in the
// same context (service worker, precache and data in place).
import { watchFirstPost } from './lib/in-page.mjs';
import { fmt, median, table, target } from './lib/format.mjs';
import { POST_SELECTOR, storageState } from './lib/site.mjs';

const MARKS = ['mocks-loaded', 'core-ready', 'data-restored', 'worker-ready'];

async function coldStart(browser, origin, session) {
  const ctx = await browser.newContext({ storageState: storageState(origin, session) });
  try {
    const page = await ctx.newPage();
    await page.addInitScript(watchFirstPost, POST_SELECTOR);
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => window.__murmurFirstPost !== undefined, null, { timeout: 30_000 });
    const t = await page.evaluate((marks) => {
      const nav = performance.getEntriesByType('navigation')[0];
      const mark = (name) => performance.getEntriesByName(`murmur:${name}`)[0]?.startTime;
      return {
        ready: mark('backend-ready'),
        marks: Object.fromEntries(marks.map((name) => [name, mark(name)])),
        firstPost: window.__murmurFirstPost,
        domContentLoaded: nav?.domContentLoadedEventEnd,
        url: location.pathname,
      };
    }, MARKS);
    if (t.url !== '/') throw new Error(`start-up landed on ${t.url}, not Home`);
    // The second visit, in the same context: the service worker and its
    // precache are in place.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForFunction(() => document.documentElement.dataset.backend === 'ready');
    // The worker-ready mark of the first visit may come after its first post.
    t.marks['worker-ready'] ??= await page.evaluate(
      () => performance.getEntriesByName('murmur:worker-ready')[0]?.startTime,
    );
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => window.__murmurFirstPost !== undefined, null, { timeout: 30_000 });
    t.warmFirstPost = await page.evaluate(() => window.__murmurFirstPost);
    return t;
  } finally {
    await ctx.close();
  }
}

export default {
  title:
    'Start-up, cold cache (fresh browser context each run: empty HTTP cache, no service worker, no IndexedDB; signed in as the guest through localStorage)',
  smoke: true,
  async run(env) {
    const browser = await env.browser();
    const session = await env.session();
    const runs = [];
    for (let i = 0; i < (env.smoke ? 1 : 7); i++) runs.push(await coldStart(browser, env.site.origin, session));
    const med = (pick) => median(runs.map(pick).filter(Number.isFinite));
    const row = (label, pick) => [label, fmt(med(pick), 0), runs.map((x) => fmt(pick(x), 0)).join(', ')];
    const firstPost = med((x) => x.firstPost);
    const warm = med((x) => x.warmFirstPost);
    console.log(`  first post ${fmt(firstPost, 0)} ms cold, ${fmt(warm, 0)} ms on the second visit`);
    return {
      body: table(
        ['measure', 'median ms', 'runs'],
        [
          row('navigation → DOMContentLoaded', (x) => x.domContentLoaded),
          ...MARKS.map((name) => row(`navigation → \`murmur:${name}\` mark`, (x) => x.marks[name])),
          row(
            "navigation → backend ready (`murmur:backend-ready` mark: the app's requests are answered)",
            (x) => x.ready,
          ),
          row(`navigation → first post visible (\`${POST_SELECTOR}\` laid out, next frame)`, (x) => x.firstPost),
          row(
            'second visit (same context: service worker, precache, IndexedDB) → first post visible',
            (x) => x.warmFirstPost,
          ),
        ],
      ),
      targets: [
        target('Start-up to first post visible ≤ 450 ms', fmt(firstPost, 0), firstPost <= 450),
        target(
          'Warm start (second visit, service worker and precache in place) ≤ 0.5× cold',
          `${fmt(warm, 0)} ms = ${(warm / firstPost).toFixed(2)}×`,
          warm / firstPost <= 0.5,
        ),
      ],
    };
  },
};
