#!/usr/bin/env node
// The persistence bench in the app: the production build with a
// saved 10,000-post state (snapshot, and a journal of writes since), reloaded
// in Chromium: navigation to the first post card visible, and a like in the
// app (click to the card updated), each with the saved state kept in
// IndexedDB. Prints a table; asserts nothing.
//   cd web && node bench/persistence-app.mjs [--quick] [--no-build]
// Builds into web/dist-persistence (skipped with --no-build when present) and
// serves it with scripts/serve.mjs on BENCH_APP_PORT (default 4338).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  benchCore,
  chromium,
  GUEST,
  savedState,
  serveSite,
  signInAsGuest,
  storeState,
  WEB as web,
} from './appBench.mjs';
import { likeVisiblePost, watchFirstPost } from '../../bench/in-page.mjs';

const require = createRequire(resolve(web, 'package.json'));

const QUICK = process.argv.includes('--quick');
const PORT = Number(process.env.BENCH_APP_PORT ?? 4338);
const OUT = resolve(web, 'dist-persistence');
const POSTS = 10_000;
const RELOADS = QUICK ? 3 : 9;
const LIKES = QUICK ? 3 : 7;
/** The longest journal a start-up replays: one short of a compaction (COMPACT_EVERY = 64). */
const JOURNAL_LENGTHS = [0, 63];

if (!(process.argv.includes('--no-build') && existsSync(OUT))) {
  const { build } = await import(pathToFileURL(require.resolve('vite')).href);
  await build({
    root: web,
    configFile: resolve(web, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: OUT, emptyOutDir: true },
  });
}

// The saved state, made by the same core in Node: the bulk data, then likes
// and dislikes answered at recorded clocks (what the journal holds).
function stateWithJournal(entries) {
  const core = benchCore(POSTS);
  const postId = core.call('GET', '/api/posts').posts[POSTS - 1]._id;
  const writes = Array.from({ length: entries }, (_, i) => [
    'POST',
    `/api/posts/${i % 2 === 0 ? 'like' : 'dislike'}/${postId}`,
  ]);
  const state = savedState(core, writes);
  core.mock.free();
  return state;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (ms) => (ms < 10 ? ms.toFixed(1) : ms.toFixed(0));

const server = serveSite(OUT, PORT);
let browser;
try {
  await new Promise((r) => setTimeout(r, 500));
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const origin = `http://127.0.0.1:${PORT}`;
  const rows = [];
  for (const entries of JOURNAL_LENGTHS) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log('  page error:', e.message));
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') console.log(`  page ${m.type()}:`, m.text());
    });
    await page.addInitScript(watchFirstPost, 'article');
    await page.goto(`${origin}/`);
    await page.waitForSelector('html[data-backend="ready"]', { timeout: 30_000 });
    // Put the saved state where the app keeps it, then sign the guest in on it.
    await page.evaluate(storeState, stateWithJournal(entries));
    await page.goto(`${origin}/`); // the build here has no 404.html: always load the root
    await page.waitForSelector('html[data-backend="ready"]', { timeout: 30_000 });
    await page.evaluate(signInAsGuest, GUEST);

    const reloads = [];
    for (let i = 0; i < RELOADS + 1; i++) {
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => window.__murmurFirstPost !== undefined, null, { timeout: 60_000 });
      const t = await page.evaluate(() => ({
        firstPost: window.__murmurFirstPost,
        restored: performance.getEntriesByName('murmur:data-restored')[0]?.startTime,
        // The saved state read and replayed, alone: from the core ready to the data restored.
        restore:
          performance.getEntriesByName('murmur:data-restored')[0]?.startTime -
          performance.getEntriesByName('murmur:core-ready')[0]?.startTime,
      }));
      if (process.env.BENCH_VERBOSE) console.log(t);
      if (i > 0) reloads.push(t); // the first warms the HTTP cache and the service worker
    }
    await page.waitForTimeout(1000);
    // What the feed's read costs by itself at this size (the whole list, 3.4 MB of JSON), for comparison.
    const reads = [];
    for (let i = 0; i < 3; i++) {
      reads.push(
        await page.evaluate(async () => {
          const start = performance.now();
          await (await fetch('/api/posts')).json();
          return performance.now() - start;
        }),
      );
    }
    const likes = [];
    for (let i = 0; i < LIKES; i++) {
      likes.push((await page.evaluate(likeVisiblePost, 'article')).dom);
      await page.waitForTimeout(300);
    }
    const revision = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const request = indexedDB.open('murmur');
          request.onsuccess = () => {
            const get = request.result.transaction('state').objectStore('state').get('head');
            get.onsuccess = () => resolve(get.result?.revision);
          };
        }),
    );
    await ctx.close();
    rows.push({ entries, reloads, likes, reads, revision });
  }

  console.log(`\nchromium, production build, ${POSTS.toLocaleString('en')} posts saved: medians (each run)`);
  console.log(
    '| journal entries at reload | reload → first post visible | data restored (mark) | restore alone (core ready → data restored) | like: click → card updated | GET /api/posts in the page (fetch → parsed) | head revision after |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.entries} | ${fmt(median(r.reloads.map((x) => x.firstPost)))} ms (${r.reloads.map((x) => fmt(x.firstPost)).join(', ')}) | ${fmt(median(r.reloads.map((x) => x.restored)))} ms | ${fmt(median(r.reloads.map((x) => x.restore)))} ms | ${fmt(median(r.likes))} ms (${r.likes.map(fmt).join(', ')}) | ${fmt(median(r.reads))} ms | ${r.revision} |`,
    );
  }
} finally {
  await browser?.close();
  server.kill();
}
