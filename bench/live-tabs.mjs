// A write in one tab to its render in another (the live events): two tabs
// of one browser on the production build, signed in as the guest, both on
// Home. Tab A clicks a post's heart; tab B's copy of that card shows the
// like. In between: A's in-page backend answers and saves the write, tells
// the other tabs, B's backend replays it and streams its events, and B's
// cache and card follow (docs/product.md, "Live"). The clock is the
// wall clock both tabs share (`performance.timeOrigin + performance.now()`).
import { fmt, median, table, target } from './lib/format.mjs';
import { POST_SELECTOR, SESSION_KEY } from './lib/site.mjs';

const LIKE = `${POST_SELECTOR} button[aria-label="Like"]`;

/** In tab B: when the first card's heart next changes its state (epoch ms). */
function nextFlip(selector) {
  return new Promise((resolve) => {
    const button = document.querySelector(selector);
    if (!button) throw new Error('no like button');
    const before = button.getAttribute('aria-pressed');
    const observer = new MutationObserver(() => {
      const now = document.querySelector(selector);
      if (now?.getAttribute('aria-pressed') !== before) {
        observer.disconnect();
        resolve(performance.timeOrigin + performance.now());
      }
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-pressed'],
    });
  });
}

/** In tab A: clicks the first card's heart; returns when (epoch ms). */
function click(selector) {
  const at = performance.timeOrigin + performance.now();
  document.querySelector(selector)?.click();
  return at;
}

export default {
  title: 'Live: a write in one tab to its render in another (production build)',
  smoke: true,
  async run(env) {
    const reps = env.smoke ? 3 : 20;
    const warmup = env.smoke ? 1 : 2;
    const browser = await env.browser();
    const context = await browser.newContext();
    try {
      const [a, b] = [await context.newPage(), await context.newPage()];
      // Signed in by this context's own backend (a token is its state's).
      await a.goto(`${env.site.origin}/login`);
      await a.waitForSelector('html[data-backend="ready"]', { timeout: 60_000 });
      await a.evaluate(async (key) => {
        const res = await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'guest', password: 'guest123' }),
        });
        const { foundUser, encodedToken } = await res.json();
        localStorage.setItem(key, JSON.stringify({ user: foundUser, token: encodedToken }));
      }, SESSION_KEY);
      for (const page of [a, b]) {
        await page.goto(`${env.site.origin}/`);
        await page.waitForSelector(LIKE, { timeout: 60_000 });
        await page.waitForSelector('html[data-live="open"]', { timeout: 60_000 });
      }
      const samples = [];
      for (let i = 0; i < warmup + reps; i++) {
        const flipped = b.evaluate(nextFlip, LIKE);
        // Tab A's own card has shown its click before the next one.
        const pressed = await a.getAttribute(LIKE, 'aria-pressed');
        const clicked = await a.evaluate(click, LIKE);
        const shown = await flipped;
        await a.waitForFunction(
          ([selector, was]) => document.querySelector(selector)?.getAttribute('aria-pressed') !== was,
          [LIKE, pressed],
        );
        if (i >= warmup) samples.push(shown - clicked);
        // Each write saved and settled before the next.
        await b.waitForTimeout(100);
      }
      const med = median(samples);
      const sorted = [...samples].sort((x, y) => x - y);
      const p90 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.9))];
      console.log(`  tab to tab: median ${fmt(med, 0)} ms over ${reps}`);
      return {
        body: table(
          ['measure', 'median ms', 'p90 ms', 'runs'],
          [
            [
              'click on a heart in tab A → the same card in tab B shows it',
              fmt(med, 0),
              fmt(p90, 0),
              samples.map((x) => fmt(x, 0)).join(', '),
            ],
          ],
        ),
        targets: [
          target(
            `A write in one tab to its render in another, median of ${reps} ≤ 200 ms`,
            `${fmt(med, 0)} ms`,
            med <= 200,
          ),
        ],
      };
    } finally {
      await context.close();
    }
  },
};
