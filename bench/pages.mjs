// What each page reads: the production build, signed in as the guest, at
// the seed and over a saved 10,000-post state. For each page (Home,
// Explore, a profile, bookmarks, a post, a tag, a search): navigation to its
// first post card visible, the bytes of JSON the page had read by then, and
// a like on it (click → card updated).
import { likeVisiblePost, watchFirstPost } from './lib/in-page.mjs';
import { benchCore, openOverState, savedState } from './lib/savedState.mjs';

const SIZES = [undefined, 10_000]; // the seed, and 10,000 posts
/** Posts the guest bookmarks in the large state (the seed has its own). */
const BOOKMARKS = 30;
const CARD = 'article';

/** In the page, from its start: every JSON answer the app reads (`Response.json`), when and how many bytes. */
function countJson() {
  const reads = (window.__murmurJson = []);
  Response.prototype.json = async function () {
    const text = await this.text();
    reads.push({ at: performance.now(), bytes: new TextEncoder().encode(text).length });
    return JSON.parse(text);
  };
}

/** The state at `posts` (the seed when undefined) and the pages to open on it. */
function setUp(posts) {
  const core = benchCore(posts);
  const newest = core.call('GET', '/api/posts/explore?limit=1').posts[0];
  const tag = /#([\p{L}\p{N}_]+)/u.exec(`${newest.hashtags} ${newest.content}`)?.[1];
  if (!tag) throw new Error(`the newest post has no tag: ${newest.content}`);
  if (posts !== undefined) {
    const held = new Set(core.call('GET', '/api/users/bookmark').bookmarks);
    for (const post of core.call('GET', `/api/posts/explore?filter=Oldest&limit=${BOOKMARKS}`).posts) {
      if (!held.has(post._id)) core.call('POST', `/api/users/bookmark/${post._id}`);
    }
  }
  const state = posts === undefined ? null : savedState(core);
  const tagged = core.call('GET', `/api/posts/tag/${encodeURIComponent(tag)}?limit=1`).total;
  const found = core.call('GET', `/api/posts/search?q=${encodeURIComponent(tag)}&limit=1`).total;
  const authored = core.call('GET', `/api/posts/author/${newest.username}?limit=1`).total;
  core.mock.free();
  const pages = [
    ['Home', '/'],
    ['Explore', '/explore'],
    ['profile', `/profile/${newest.username}`, `${authored} posts`],
    ['bookmarks', '/bookmark'],
    ['post', `/post/${newest._id}`],
    ['tag', `/tag/${encodeURIComponent(tag)}`, `${tagged} posts`],
    ['search', `/search?q=${encodeURIComponent(tag)}`, `${found} posts`],
  ];
  return { state, pages };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (ms) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/**
 * In the page: an in-app navigation to `route` (as a link click does, through
 * the router's history), to the first post card laid out and painted, and the
 * JSON the app read meanwhile.
 */
async function navigateInApp([route, selector]) {
  const start = performance.now();
  const before = window.__murmurJson.length;
  history.pushState({}, '', route);
  dispatchEvent(new PopStateEvent('popstate'));
  const dom = await new Promise((resolve) => {
    const check = () => {
      const el = document.querySelector(selector);
      if (el && el.getBoundingClientRect().height > 0) {
        observer.disconnect();
        resolve(performance.now());
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document, { childList: true, subtree: true });
    check();
  });
  const painted = await new Promise((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0)));
  const reads = window.__murmurJson.slice(before).filter((r) => r.at <= dom);
  return { ms: painted - start, json: reads.reduce((n, r) => n + r.bytes, 0) };
}

/** A signed-in tab over the state at `posts` (the seed when undefined), with the pages to open on it. */
async function openTab(browser, origin, posts) {
  const { state, pages } = setUp(posts);
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('  page error:', e.message));
  await page.addInitScript(watchFirstPost, CARD);
  await page.addInitScript(countJson);
  await openOverState(page, origin, state);
  return { ctx, page, pages };
}

/** A reload of `route`: navigation to the first post card, and the JSON read before it. */
async function reload(page, origin, route) {
  await page.goto(`${origin}${route}`);
  await page.waitForFunction(() => window.__murmurFirstPost !== undefined, null, { timeout: 60_000 });
  return page.evaluate(() => ({
    ms: window.__murmurFirstPost,
    json: window.__murmurJson.filter((r) => r.at <= window.__murmurFirstPostDom).reduce((n, r) => n + r.bytes, 0),
  }));
}

/** From a freshly loaded page with no post on it (the theme page: an empty cache), an in-app navigation to `route`. */
async function inApp(page, origin, route) {
  await page.goto(`${origin}/theme`);
  await page.waitForSelector('html[data-backend="ready"]', { timeout: 60_000 });
  await page.waitForTimeout(300); // the shell's own reads (Who to Follow) settle first
  return page.evaluate(navigateInApp, [route, CARD]);
}

/**
 * Each page at each size, the sizes interleaved visit by visit so that the
 * machine's other work falls on both alike.
 */
async function measure(browser, origin, { visits, likes }) {
  const tabs = [];
  for (const posts of SIZES) tabs.push(await openTab(browser, origin, posts));
  const results = tabs.map(() => []);
  for (let p = 0; p < tabs[0].pages.length; p++) {
    const runs = tabs.map(() => ({ reloads: [], inApp: [], likes: [] }));
    // The first round warms the HTTP cache and the service worker's precache.
    for (let i = 0; i < visits + 1; i++) {
      for (const [t, { page, pages }] of tabs.entries()) {
        const route = pages[p][1];
        const [r, n] = [await reload(page, origin, route), await inApp(page, origin, route)];
        if (i > 0) {
          runs[t].reloads.push(r);
          runs[t].inApp.push(n);
        }
      }
    }
    for (const [t, { page, pages }] of tabs.entries()) {
      await page.goto(`${origin}${pages[p][1]}`);
      await page.waitForSelector(CARD);
      await page.waitForTimeout(500);
      for (let i = 0; i < likes; i++) {
        runs[t].likes.push((await page.evaluate(likeVisiblePost, CARD)).dom);
        await page.waitForTimeout(300);
      }
      const [name, route, note] = pages[p];
      results[t].push({ name, route, note, ...runs[t] });
    }
  }
  for (const { ctx } of tabs) await ctx.close();
  return results;
}

export default {
  title: 'Each page at the seed and at 10,000 posts (production build)',
  smoke: false,
  async run(env) {
    const quick = env.smoke || env.quick;
    const visits = quick ? 3 : 7;
    const browser = await env.browser();
    const [seed, large] = await measure(browser, env.site.origin, { visits, likes: quick ? 3 : 5 });
    const med = (xs) => median(xs.map((x) => x.ms));
    const each = (xs) => xs.map((x) => fmt(x.ms)).join(', ');
    const json = (xs) => kB(median(xs.map((x) => x.json)));
    const lines = [
      `Medians of ${visits} visits, each in brackets, the two sizes interleaved. In-app = a link's navigation (through the router's history) from a freshly loaded page with nothing cached, to the page's first post card laid out and painted: what the page itself costs. Reload = loading the page's address (service worker warm), which also starts the backend and restores the saved state. JSON = bytes of the API answers the app read (\`Response.json\`) before that first card (for a reload, the shell's too). Like = click on a visible card's heart to the card updated in the DOM.`,
      '',
      '| page | in-app, seed | in-app, 10,000 posts | 10,000 / seed | JSON before first card, seed / 10,000 (in-app) | reload, seed | reload, 10,000 posts | 10,000 / seed | JSON, reload, 10,000 | like → card updated, seed / 10,000 | page at 10,000 posts |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ];
    large.forEach((big, i) => {
      const small = seed[i];
      lines.push(
        `| ${big.name} | ${fmt(med(small.inApp))} ms (${each(small.inApp)}) | ${fmt(med(big.inApp))} ms (${each(big.inApp)}) | ${(med(big.inApp) / med(small.inApp)).toFixed(2)}× | ${json(small.inApp)} / ${json(big.inApp)} | ${fmt(med(small.reloads))} ms (${each(small.reloads)}) | ${fmt(med(big.reloads))} ms (${each(big.reloads)}) | ${(med(big.reloads) / med(small.reloads)).toFixed(2)}× | ${json(big.reloads)} | ${fmt(median(small.likes))} / ${fmt(median(big.likes))} ms (${big.likes.map(fmt).join(', ')}) | \`${big.route}\`${big.note ? ` (${big.note})` : ''} |`,
      );
    });
    const body = lines.join('\n');
    return { body };
  },
};
