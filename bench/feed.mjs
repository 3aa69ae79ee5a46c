// The Home feed over 1,000 posts in the production build: scrolled to the
// end (how many elements the page holds), then likes near the viewport
// (click → repaint). The state is made by the core in Node
// (`loadBulk(2, N)`: every post is by the guest or the one user the guest
// follows, so all are on Home) and put where the app keeps its data.
import { fmt, median, table, target } from './lib/format.mjs';
import { likeVisiblePost } from './lib/in-page.mjs';
import { benchCore, openOverState, savedState } from './lib/savedState.mjs';
import { POST_SELECTOR } from './lib/site.mjs';

function bulkState(posts) {
  const core = benchCore(posts, 2);
  const state = savedState(core);
  core.mock.free();
  return state;
}

/** In the page: scrolls down until every post has been passed (or nothing new comes); what it saw. */
async function scrollToEnd({ selector, n }) {
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const start = performance.now();
  const seen = new Set();
  let still = 0;
  let maxNodes = 0;
  const look = () => {
    for (const el of document.querySelectorAll(selector))
      seen.add(el.textContent?.match(/Bulk post number (\d+)/)?.[1]);
  };
  while (performance.now() - start < 240_000) {
    window.scrollTo(0, document.documentElement.scrollHeight);
    await sleep(30);
    look();
    maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length);
    const before = seen.size;
    await sleep(30);
    look();
    still = seen.size === before ? still + 1 : 0;
    if (seen.size >= n || still > 40) break;
  }
  seen.delete(undefined);
  return { seen: seen.size, ms: performance.now() - start, maxNodes };
}

export default {
  title: 'Home feed over a large state, scrolled to the end (production build)',
  smoke: true,
  async run(env) {
    const n = env.smoke ? 30 : 1000;
    const browser = await env.browser();
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.log('  page error:', e.message));
      await openOverState(page, env.site.origin, bulkState(n));
      // The feed shows a ~1.5 s spinner before each page of posts: the bench
      // fast-forwards those waits (delays of 1–2 s become 0) so that
      // scrolling through 1,000 posts takes seconds, not minutes.
      await page.addInitScript(() => {
        const original = window.setTimeout;
        window.setTimeout = (fn, ms, ...rest) => original(fn, ms >= 1000 && ms <= 2000 ? 0 : ms, ...rest);
      });
      await page.goto(`${env.site.origin}/`);
      await page.waitForSelector(POST_SELECTOR, { timeout: 60_000 });
      const scroll = await page.evaluate(scrollToEnd, { selector: POST_SELECTOR, n });
      // A reader pauses before clicking: the last page's work settles.
      await page.waitForTimeout(1000);
      const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
      const like = [];
      for (let i = 0; i < (env.smoke ? 1 : 5); i++) {
        like.push(await page.evaluate(likeVisiblePost, POST_SELECTOR));
        await page.waitForTimeout(300);
      }
      const likeToPaint = median(like.map((l) => l.paint));
      console.log(`  ${scroll.seen} of ${n} posts passed; ${nodes} elements; like → repaint ${fmt(likeToPaint, 1)} ms`);
      return {
        body: [
          `${n} posts. The feed's ~1.5 s paging spinner is fast-forwarded (timeouts of 1–2 s run at once). Like → repaint: click on the heart of the lowest visible card, until its DOM changes, then the next animation frame and a task after it.`,
          '',
          table(
            ['measure', 'value'],
            [
              ['posts passed while scrolling', `${scroll.seen} of ${n} (${fmt(scroll.ms / 1000, 1)} s)`],
              ['DOM elements at the end / most while scrolling', `${nodes} / ${scroll.maxNodes}`],
              ['like → DOM updated, ms (each click)', like.map((l) => fmt(l.dom, 1)).join(', ')],
              ['like → repaint, ms (each click)', like.map((l) => fmt(l.paint, 1)).join(', ')],
              ['like → repaint, median ms', fmt(likeToPaint, 1)],
            ],
          ),
        ].join('\n'),
        targets: [
          target(`${n}-post feed: every post reached by scrolling`, `${scroll.seen} of ${n}`, scroll.seen >= n),
          target(`${n}-post feed: like → repaint ≤ 100 ms`, fmt(likeToPaint, 1), likeToPaint <= 100),
          target(
            `${n}-post feed: DOM < 1,500 nodes`,
            `${nodes} (max while scrolling ${scroll.maxNodes})`,
            scroll.maxNodes < 1500,
          ),
        ],
      };
    } finally {
      await ctx.close();
    }
  },
};
