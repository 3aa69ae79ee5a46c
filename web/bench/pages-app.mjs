#!/usr/bin/env node
// What each page reads (issue 26): the production build, signed in as the
// guest, at the seed and over a saved 10,000-post state. For each page (Home,
// Explore, a profile, bookmarks, a post, a tag, a search): navigation to its
// first post card visible, the bytes of JSON the page had read by then, and a
// like on it (click to the card updated). Prints a table; asserts nothing.
//   cd web && node bench/pages-app.mjs [--quick]
// Serves the production build in web/$BENCH_PROD_DIR (scripts/bench.sh builds
// web/dist-bench-prod) with scripts/serve.mjs on BENCH_PAGES_PORT (default 4339; scripts/bench.sh gives BENCH_PORT_BASE + 6).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { likeVisiblePost, watchFirstPost } from '../../bench/in-page.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.mjs';
import { benchCore, chromium, GUEST, REPO as repo, savedState, serveSite, signInAsGuest, storeState, WEB as web } from './appBench.mjs';

const QUICK = process.argv.includes('--quick');
const PORT = Number(process.env.BENCH_PAGES_PORT ?? 4339);
const DIST = resolve(web, process.env.BENCH_PROD_DIR ?? 'dist-bench-prod');
const SIZES = [undefined, 10_000]; // the seed, then 10,000 posts
const VISITS = QUICK ? 3 : 7;
const LIKES = QUICK ? 3 : 5;
/** Posts the guest bookmarks in the large state (the seed has its own). */
const BOOKMARKS = 30;
const CARD = 'article';

if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${DIST} is not built: run scripts/bench.sh or scripts/build.sh`);

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

async function measure(browser, origin, posts) {
  const { state, pages } = setUp(posts);
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('  page error:', e.message));
  await page.addInitScript(watchFirstPost, CARD);
  await page.addInitScript(countJson);
  await page.goto(`${origin}/`);
  await page.waitForSelector('html[data-backend="ready"]', { timeout: 30_000 });
  if (state) {
    await page.evaluate(storeState, state);
    await page.goto(`${origin}/`);
    await page.waitForSelector('html[data-backend="ready"]', { timeout: 60_000 });
  }
  await page.evaluate(signInAsGuest, GUEST);
  const results = [];
  for (const [name, route, note] of pages) {
    const visits = [];
    // The first visit warms the HTTP cache and the service worker's precache.
    for (let i = 0; i < VISITS + 1; i++) {
      await page.goto(`${origin}${route}`);
      await page.waitForFunction(() => window.__murmurFirstPost !== undefined, null, { timeout: 60_000 });
      const visit = await page.evaluate(() => ({
        firstPost: window.__murmurFirstPost,
        json: window.__murmurJson.filter((r) => r.at <= window.__murmurFirstPostDom).reduce((n, r) => n + r.bytes, 0),
        reads: window.__murmurJson.filter((r) => r.at <= window.__murmurFirstPostDom).length,
      }));
      if (i > 0) visits.push(visit);
    }
    await page.waitForTimeout(500);
    const likes = [];
    for (let i = 0; i < LIKES; i++) {
      likes.push((await page.evaluate(likeVisiblePost, CARD)).dom);
      await page.waitForTimeout(300);
    }
    results.push({ name, route, note, visits, likes });
  }
  await ctx.close();
  return results;
}

const server = serveSite(DIST, PORT);
let browser;
try {
  await new Promise((r) => setTimeout(r, 500));
  browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const origin = `http://127.0.0.1:${PORT}`;
  const load = [os.loadavg()[0].toFixed(2)];
  const runs = [];
  for (const posts of SIZES) runs.push(await measure(browser, origin, posts));
  load.push(os.loadavg()[0].toFixed(2));
  const [seed, large] = runs;
  const lines = [
    `## Each page at the seed and at 10,000 posts (production build, Chromium; load ${load.join(' → ')}; medians of ${VISITS} visits, each run in brackets)`,
    '',
    'First content = navigation to the first post card laid out and painted (a reload of the page\'s address, service worker warm). JSON = bytes of every API answer the app had read by then (`Response.json`). Like = click on a visible card\'s heart to the card updated in the DOM.',
    '',
    '| page | first content, seed | JSON, seed | first content, 10,000 posts | JSON, 10,000 posts | 10,000 / seed | like → card updated, 10,000 posts | page at 10,000 posts |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  large.forEach((big, i) => {
    const small = seed[i];
    const t = (r) => median(r.visits.map((v) => v.firstPost));
    const json = (r) => median(r.visits.map((v) => v.json));
    lines.push(
      `| ${big.name} | ${fmt(t(small))} ms (${small.visits.map((v) => fmt(v.firstPost)).join(', ')}) | ${kB(json(small))} | ${fmt(t(big))} ms (${big.visits.map((v) => fmt(v.firstPost)).join(', ')}) | ${kB(json(big))} | ${(t(big) / t(small)).toFixed(2)}× | ${fmt(median(big.likes))} ms (${big.likes.map(fmt).join(', ')}) | \`${big.route}\`${big.note ? ` (${big.note})` : ''} |`,
    );
  });
  const md = lines.join('\n');
  console.log(`\n${md}\n`);
  mkdirSync(resolve(repo, 'bench/out'), { recursive: true });
  writeFileSync(resolve(repo, 'bench/out/pages.md'), `${md}\n`);
} finally {
  await browser?.close();
  server.kill();
}
