// A phone, for real (not simulated): Chromium slowed through CDP (slow 4G
// and the CPU 4×) at a phone's size. Home signed in on a first visit (cold:
// nothing cached) and on a return visit (visited and signed in before: the
// service worker and the data kept, the HTTP cache cleared), navigation →
// first post on screen; on /login (cold, CPU 4×) the click on Login As
// Guest → first post on screen; and Lighthouse's mobile profile on Home,
// first visit beside return visit (full run only).
import { fmt, kB, median, table, target } from './lib/format.mjs';
import { watchFirstPost } from './lib/in-page.mjs';
import { lighthouseMedian } from './lib/lighthouse.mjs';
import { PHONE_VIEWPORT, SLOW_4G, slowDown, slowedPhone } from './lib/phone.mjs';
import { POST_SELECTOR, storageState, visitBefore } from './lib/site.mjs';

const APP_POST_SELECTOR = `${POST_SELECTOR}:not(.last-feed-picture ${POST_SELECTOR})`;

/** In a page slowed and watched from its start: navigation → first post on screen, and what came before it. */
async function homeTimes(page, origin) {
  await page.addInitScript(watchFirstPost, POST_SELECTOR);
  // The app's own cards, not a picture of them drawn before the app ran (builds before NOTES.md's item 37 drew one).
  await page.addInitScript(watchFirstPost, { selector: APP_POST_SELECTOR, key: '__murmurAppPost' });
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => window.__murmurAppPost !== undefined, null, { timeout: 60_000 });
  return page.evaluate(() => ({
    firstPost: window.__murmurFirstPost,
    appPost: window.__murmurAppPost,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    ready: performance.getEntriesByName('murmur:backend-ready')[0]?.startTime,
    controlled: navigator.serviceWorker.controller !== null,
  }));
}

/** A first visit to Home, signed in (exported for ab.mjs). */
export async function firstVisit(browser, origin, session) {
  const { ctx, page } = await slowedPhone(browser, { storageState: storageState(origin, session), network: SLOW_4G });
  try {
    return await homeTimes(page, origin);
  } finally {
    await ctx.close();
  }
}

/** A return visit to Home (exported for ab.mjs). */
export async function returnVisit(browser, origin, session) {
  const ctx = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    storageState: storageState(origin, session),
  });
  try {
    const before = await ctx.newPage();
    await visitBefore(ctx, before, origin, 'home');
    await before.close();
    const page = await ctx.newPage();
    await slowDown(ctx, page, SLOW_4G);
    const t = await homeTimes(page, origin);
    if (!t.controlled) throw new Error('the return visit was not served by the service worker');
    return t;
  } finally {
    await ctx.close();
  }
}

/** /login's Login As Guest click → first post, in ms (exported for ab.mjs). */
export async function guestClick(browser, origin) {
  const { ctx, page } = await slowedPhone(browser, {});
  try {
    await page.goto(`${origin}/login`);
    await page.waitForSelector('html[data-backend="ready"]', { timeout: 60_000 });
    return await page.getByRole('button', { name: 'Login As Guest' }).evaluate(async (el, selector) => {
      const start = performance.now();
      const shown = new Promise((resolve) => {
        const check = () => {
          const post = document.querySelector(selector);
          if (post && post.getBoundingClientRect().height > 0) {
            obs.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
          }
        };
        const obs = new MutationObserver(check);
        obs.observe(document, { childList: true, subtree: true });
      });
      el.click();
      return (await shown) - start;
    }, POST_SELECTOR);
  } finally {
    await ctx.close();
  }
}

export default {
  title:
    'A phone: network and CPU slowed through CDP (slow 4G: 150 ms, 1.6 Mbps down, 750 kbps up; CPU 4×), 390×844; first visit beside return visit',
  smoke: true,
  async run(env) {
    const browser = await env.browser();
    const session = await env.session();
    const origin = env.site.origin;
    const runs = env.smoke ? 1 : 5;
    const first = [];
    const back = [];
    const guest = [];
    // Interleaved, so that the machine's other work falls on each alike.
    for (let i = 0; i < runs; i++) {
      first.push(await firstVisit(browser, origin, session));
      back.push(await returnVisit(browser, origin, session));
      guest.push(await guestClick(browser, origin));
    }
    const lighthouseRuns = env.smoke ? 0 : 3;
    const lighthouse = [];
    if (lighthouseRuns > 0) {
      const lh = await env.lighthouse();
      for (const visit of ['first', 'return'])
        lighthouse.push(await lighthouseMedian(lh, { page: 'home', preset: 'mobile', visit }, lighthouseRuns));
    }
    const med = (xs, key) => median(xs.map((x) => x[key]).filter(Number.isFinite));
    const each = (xs, key) => xs.map((x) => fmt(x[key], 0)).join(', ');
    const rows = [
      ['Home: navigation → first contentful paint', 'fcp'],
      ['Home: navigation → backend ready', 'ready'],
      ['Home: navigation → first post on screen', 'firstPost'],
      ["Home: navigation → the app's own first card (the return visit first shows a picture of it)", 'appPost'],
    ].map(([label, key]) => [
      label,
      `${fmt(med(first, key), 0)} (${each(first, key)})`,
      `${fmt(med(back, key), 0)} (${each(back, key)})`,
    ]);
    rows.push([
      '/login (cold, CPU 4× only): Login As Guest click → first post on screen',
      `${fmt(median(guest), 0)} (${guest.map((x) => fmt(x, 0)).join(', ')})`,
      '–',
    ]);
    const [lhFirst, lhBack] = lighthouse;
    if (lhFirst && lhBack) {
      const lhRow = (label, pick) => [label, pick(lhFirst), pick(lhBack)];
      const perRun = (l) => l.runs.map((x) => `${x.performance}`).join(', ');
      rows.push(
        lhRow('Lighthouse mobile, Home: performance (each run)', (l) => `${l.performance} (${perRun(l)})`),
        lhRow('Lighthouse mobile, Home: LCP', (l) => fmt(l.lcp, 0)),
        lhRow('Lighthouse mobile, Home: TBT', (l) => fmt(l.tbt, 0)),
        lhRow('Lighthouse mobile, Home: FCP', (l) => fmt(l.fcp, 0)),
        lhRow('Lighthouse mobile, Home: transfer', (l) => kB(l.transfer ?? NaN)),
        lhRow('Lighthouse mobile, Home: audits below 0.9', (l) => l.failing.join(', ') || '–'),
      );
    }
    const firstPost = med(first, 'firstPost');
    const returnPost = med(back, 'firstPost');
    const click = median(guest);
    console.log(
      `  Home first post: first visit ${fmt(firstPost, 0)} ms, return visit ${fmt(returnPost, 0)} ms; guest click → first post ${fmt(click, 0)} ms`,
    );
    const targets = [
      target('A phone (slow 4G, CPU 4×), return visit: first post ≤ 1.0 s', fmt(returnPost, 0), returnPost <= 1000),
      target('A phone (CPU 4×): Login As Guest click → first post ≤ 500 ms', fmt(click, 0), click <= 500),
      target('A phone, Home signed in, first visit (cold, informative): first post', fmt(firstPost, 0), undefined),
    ];
    if (lhBack)
      targets.push(
        target(
          'Lighthouse mobile, Home, return visit: performance ≥ 98, TBT ≤ 100 ms, LCP ≤ 1.2 s',
          `${lhBack.performance}, ${fmt(lhBack.tbt, 0)} ms, ${fmt(lhBack.lcp, 0)} ms`,
          lhBack.performance >= 98 && lhBack.tbt <= 100 && lhBack.lcp <= 1200,
        ),
      );
    return {
      body: [
        `First visit: a fresh context (no cache, no service worker, no IndexedDB) signed in through localStorage. Return visit: a fresh context that visited Home once unslowed (service worker in control with its precache, a like and its undo saved), then had its HTTP cache cleared (\`Network.clearBrowserCache\`), and loads Home again slowed; it fails if the worker does not serve it. Medians of ${runs} (each run in brackets), the three kinds interleaved.${
          lighthouseRuns
            ? ` Lighthouse: its mobile profile (simulated throttling), medians of ${lighthouseRuns}; the first visit as Lighthouse makes it (storage reset), the return visit after the same visit before, with Lighthouse's storage reset off.`
            : ' Lighthouse: not in the smoke run.'
        }`,
        '',
        table(['measure', 'first visit, median ms', 'return visit, median ms'], rows),
      ].join('\n'),
      targets,
    };
  },
};
