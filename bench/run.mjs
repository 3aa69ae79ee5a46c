#!/usr/bin/env node
// The Murmur bench: one headless Chromium against the production build (and
// the bench pages built from web/bench), a table on stdout, bench/RESULTS.md.
//   node bench/run.mjs            the full run (scripts/bench.sh builds first)
//   node bench/run.mjs --smoke    small sizes, few repetitions, one quick
//                                 Lighthouse run; fails only if the bench breaks
// Numbers are printed, never asserted: a slow machine never fails this.
import { createServer } from 'node:http';
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, readdirSync, statSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { extname, join, normalize, resolve, dirname } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { createRequire } from 'node:module';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../web/e2e/chromium.mjs';
import { likeVisiblePost, watchFirstPost } from './in-page.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'web', 'package.json'));
const { chromium } = require('playwright-core');

const args = process.argv.slice(2);
const SMOKE = args.includes('--smoke');
const only = (args.find((a) => a.startsWith('--only=')) ?? '').slice('--only='.length).split(',').filter(Boolean);
const wants = (part) => only.length === 0 || only.includes(part);
const PROD_DIR = resolve(ROOT, 'web', process.env.BENCH_PROD_DIR ?? 'dist-bench-prod');
const BENCH_DIR = resolve(ROOT, 'web', process.env.BENCH_PAGES_DIR ?? 'dist-bench');
const OUT_DIR = resolve(ROOT, 'bench', 'out');
// BENCH_PORT_BASE moves the five ports (4341–4346 by default) for a run beside other servers.
const PORT_SHIFT = Number(process.env.BENCH_PORT_BASE ?? 4341) - 4341;
const PORT = { prod: 4341 + PORT_SHIFT, bench: 4342 + PORT_SHIFT, cdp: (SMOKE ? 4346 : 4345) + PORT_SHIFT };
if (SMOKE) Object.assign(PORT, { prod: 4343 + PORT_SHIFT, bench: 4344 + PORT_SHIFT });
const RESULTS = SMOKE ? join(OUT_DIR, 'RESULTS-smoke.md') : join(ROOT, 'bench', 'RESULTS.md');
const CHROMIUM = process.env.CHROME_PATH ?? CHROMIUM_PATH;
/** The post card on Home (features/posts renders each post as an article). */
const POST_SELECTOR = process.env.BENCH_POST_SELECTOR ?? 'article';

const LIGHTHOUSE_ONLY = process.env.BENCH_LIGHTHOUSE?.split(',').map((x) => x.split(':'));
const CONFIG = SMOKE
  ? {
      sizes: [12, 100],
      reps: 3,
      warmup: 1,
      mirageDefaultReps: 1,
      coreReps: 3,
      backends: ['ours', 'ours-idb', 'floor', 'mirage-0', 'mirage-default'],
      startupRuns: 1,
      feedPosts: 30,
      lighthouse: [['login', 'desktop', 1]],
      phoneRuns: 1,
    }
  : {
      sizes: [12, 100, 1000, 10000],
      reps: 40,
      repsBySize: { 1000: 25, 10000: 10 },
      warmup: 3,
      mirageDefaultReps: 6,
      coreReps: 30,
      backends: ['ours', 'ours-idb', 'floor', 'mirage-0', 'mirage-default'],
      startupRuns: 7,
      feedPosts: 1000,
      // [page, preset, runs]: the mobile figures are medians of three.
      lighthouse: [
        ['login', 'desktop', 1],
        ['login', 'mobile', 3],
        ['home', 'desktop', 1],
        ['home', 'mobile', 3],
      ],
      phoneRuns: 3,
    };

const log = (...a) => console.log(...a);
const fmt = (ms, digits = 2) => (ms === undefined || Number.isNaN(ms) ? '–' : ms.toFixed(digits));
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// ---------------------------------------------------------------- servers

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * A static host like scripts/serve.mjs (immutable assets, no-cache pages, the
 * SPA fallback). `isolated` adds COOP/COEP so that the harness page gets the
 * fine-grained `performance.now()` of a cross-origin-isolated page.
 */
const gzipped = new Map();
/** The build folders do not change during a run: each file is gzipped once. */
const gzipCached = (key, buf) => {
  if (!gzipped.has(key)) gzipped.set(key, gzipSync(buf, { level: 6 }));
  return gzipped.get(key);
};

function serve(dir, port, { isolated = false, fallback = '404.html' } = {}) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
    } catch {
      file = '';
    }
    const headers = {};
    if (isolated) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    // Like any real static host, text and wasm go out gzipped.
    const send = (status, type, key) => {
      let body = existsSync(key) ? readFileSync(key) : Buffer.from('Not found');
      headers['Content-Type'] = type;
      if (/text|javascript|json|svg|wasm/.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        headers['Content-Encoding'] = 'gzip';
        headers.Vary = 'Accept-Encoding';
        body = gzipCached(key, body);
      }
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (file && existsSync(file)) {
      headers['Cache-Control'] = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      send(200, TYPES[extname(file)] ?? 'application/octet-stream', file);
      return;
    }
    const fb = join(dir, fallback);
    send(fallback === 'index.html' ? 200 : 404, 'text/html; charset=utf-8', fb);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

// ---------------------------------------------------------------- browser

async function launchChromium() {
  const profile = join(OUT_DIR, SMOKE ? 'profile-smoke' : 'profile');
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  const proc = spawn(
    CHROMIUM,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${PORT.cdp}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  const endpoint = `http://127.0.0.1:${PORT.cdp}`;
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`${endpoint}/json/version`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (proc.exitCode !== null) throw new Error(`Chromium exited: ${stderr.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.connectOverCDP(endpoint);
  return { browser, proc, version: browser.version() };
}

// ---------------------------------------------------------------- parts

async function guestSession(browser, origin, path = '/login') {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${origin}${path}`);
  await page.waitForSelector('html[data-backend="ready"]', { timeout: 30_000 });
  const session = await page.evaluate(async () => {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ username: 'guest', password: 'guest123' }),
    });
    const json = await res.json();
    return { user: json.foundUser, token: json.encodedToken };
  });
  await ctx.close();
  if (!session.token) throw new Error('guest login failed');
  return session;
}

const storageState = (origin, session) => ({
  cookies: [],
  origins: [{ origin, localStorage: [{ name: 'murmur.auth', value: JSON.stringify(session) }] }],
});

async function roundTrips(browser) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  page.on('pageerror', (e) => log('  page error:', e.message));
  await page.goto(`http://127.0.0.1:${PORT.bench}/harness.html`);
  await page.waitForFunction(() => window.murmurBench?.ready, null, { timeout: 30_000 });
  const results = await page.evaluate((config) => window.murmurBench.run(config), CONFIG);
  await ctx.close();
  if (!results.crossOriginIsolated) log('  note: harness page is not cross-origin isolated (coarse timer)');
  return results;
}

async function startup(browser, session) {
  const origin = `http://127.0.0.1:${PORT.prod}`;
  const runs = [];
  for (let i = 0; i < CONFIG.startupRuns; i++) {
    // A fresh context: empty HTTP cache, no service worker, no IndexedDB.
    const ctx = await browser.newContext({ storageState: storageState(origin, session) });
    const page = await ctx.newPage();
    await page.addInitScript(watchFirstPost, POST_SELECTOR);
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => window.__murmurFirstPost !== undefined, null, { timeout: 30_000 });
    const t = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const ready = performance.getEntriesByName('murmur:backend-ready')[0];
      const mark = (name) => performance.getEntriesByName(`murmur:${name}`)[0]?.startTime;
      return {
        ready: ready?.startTime,
        marks: Object.fromEntries(
          ['mocks-loaded', 'core-ready', 'data-restored', 'worker-ready'].map((name) => [name, mark(name)]),
        ),
        firstPostDom: window.__murmurFirstPostDom,
        firstPost: window.__murmurFirstPost,
        domContentLoaded: nav?.domContentLoadedEventEnd,
        url: location.pathname,
      };
    });
    if (t.url !== '/') throw new Error(`start-up landed on ${t.url}, not Home`);
    // The second visit, in the same context: the service worker and its
    // precache are in place (the target: warm ≤ 0.5× cold).
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.waitForFunction(() => document.documentElement.dataset.backend === 'ready');
    const firstVisitWorkerReady = await page.evaluate(
      () => performance.getEntriesByName('murmur:worker-ready')[0]?.startTime,
    );
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => window.__murmurFirstPost !== undefined, null, { timeout: 30_000 });
    t.warmFirstPost = await page.evaluate(() => window.__murmurFirstPost);
    // The worker-ready mark of the first visit may come after its first post.
    t.marks['worker-ready'] ??= firstVisitWorkerReady;
    runs.push(t);
    await ctx.close();
  }
  return {
    runs,
    ready: median(runs.map((r) => r.ready)),
    firstPost: median(runs.map((r) => r.firstPost)),
    warmFirstPost: median(runs.map((r) => r.warmFirstPost)),
    domContentLoaded: median(runs.map((r) => r.domContentLoaded)),
    marks: Object.fromEntries(
      Object.keys(runs[0].marks).map((name) => [name, median(runs.map((r) => r.marks[name]).filter(Number.isFinite))]),
    ),
  };
}

/** Slow 4G as Lighthouse's mobile profile has it: 150 ms round trip, 1.6 Mbps down, 750 kbps up. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const PHONE_VIEWPORT = { width: 390, height: 844 };

/** A fresh context at phone size whose page has the CPU slowed 4× (and the network too, if `network`). */
async function slowedPhone(browser, { storageState, network }) {
  const ctx = await browser.newContext({
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
    ...(storageState ? { storageState } : {}),
  });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', network);
  }
  return { ctx, page };
}

/**
 * A phone, for real (not simulated): a signed-in cold Home over slow 4G with
 * the CPU 4× slower, navigation → first post on screen; and on /login (cold,
 * CPU 4×), the click on Login As Guest → first post on screen.
 */
async function phone(browser, session) {
  const origin = `http://127.0.0.1:${PORT.prod}`;
  const home = [];
  const guest = [];
  for (let i = 0; i < CONFIG.phoneRuns; i++) {
    {
      const { ctx, page } = await slowedPhone(browser, {
        storageState: storageState(origin, session),
        network: SLOW_4G,
      });
      await page.addInitScript(watchFirstPost, POST_SELECTOR);
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => window.__murmurFirstPost !== undefined, null, { timeout: 60_000 });
      home.push(
        await page.evaluate(() => ({
          firstPost: window.__murmurFirstPost,
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          ready: performance.getEntriesByName('murmur:backend-ready')[0]?.startTime,
        })),
      );
      await ctx.close();
    }
    {
      const { ctx, page } = await slowedPhone(browser, {});
      await page.goto(`${origin}/login`);
      await page.waitForSelector('html[data-backend="ready"]', { timeout: 60_000 });
      const button = page.getByRole('button', { name: 'Login As Guest' });
      const ms = await button.evaluate(async (el, selector) => {
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
      guest.push(ms);
      await ctx.close();
    }
  }
  return {
    home,
    firstPost: median(home.map((r) => r.firstPost)),
    fcp: median(home.map((r) => r.fcp)),
    ready: median(home.map((r) => r.ready)),
    guest,
    guestClick: median(guest),
  };
}

function sizes() {
  // GNU gzip -9 (what `gzip -9c file | wc -c` says), and zlib at level 9 (what
  // most servers' on-the-fly compression produces): they differ by about 1%.
  const zlib9 = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
  const gz = (file) => {
    try {
      return execFileSync('gzip', ['-9c', file], { maxBuffer: 1 << 28 }).length;
    } catch {
      return zlib9(file);
    }
  };
  // What a page's HTML loads before it is interactive: its scripts (the
  // boot script, the entry), modulepreloads and stylesheets.
  const initialOf = (page) => {
    const html = readFileSync(join(PROD_DIR, page), 'utf8');
    const initial = new Set();
    for (const m of html.matchAll(/<script[^>]*src="([^"]+)"/g)) initial.add(m[1]);
    for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) initial.add(m[1]);
    for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) initial.add(m[1]);
    return (name) => [...initial].some((src) => src.endsWith(`/assets/${name}`));
  };
  const inHome = initialOf('index.html');
  const loginPage = existsSync(join(PROD_DIR, 'login', 'index.html')) ? 'login/index.html' : 'index.html';
  const inLogin = initialOf(loginPage);
  const assets = readdirSync(join(PROD_DIR, 'assets'));
  const rows = assets.map((name) => {
    const file = join(PROD_DIR, 'assets', name);
    return {
      name,
      raw: statSync(file).size,
      gzip: gz(file),
      zlib: zlib9(file),
      initial: inHome(name),
      login: inLogin(name),
      kind: extname(name).slice(1),
    };
  });
  const loginJs = rows.filter((r) => r.login && r.kind === 'js');
  const wasm = rows.find((r) => r.kind === 'wasm');
  const initialJs = rows.filter((r) => r.initial && r.kind === 'js');
  const initialCss = rows.filter((r) => r.initial && r.kind === 'css');
  const lazy = rows.filter((r) => !r.initial && r.kind === 'js').sort((a, b) => b.gzip - a.gzip);
  return {
    wasm,
    initialJs,
    initialJsGzip: initialJs.reduce((a, r) => a + r.gzip, 0),
    initialCssGzip: initialCss.reduce((a, r) => a + r.gzip, 0),
    loginJs,
    loginJsGzip: loginJs.reduce((a, r) => a + r.gzip, 0),
    lazy,
  };
}

/** Each Lighthouse page and preset of CONFIG, run as many times as it says: the medians, and each run. */
async function lighthouseRuns(browser, session) {
  const out = [];
  for (const [pageName, preset, runs = 1] of LIGHTHOUSE_ONLY ?? CONFIG.lighthouse) {
    const each = [];
    for (let run = 0; run < Number(runs); run++)
      each.push(await lighthouseRun(browser, session, pageName, preset, run));
    const mid = (key) => median(each.map((x) => x[key]));
    out.push({
      ...each[0],
      runs: each,
      performance: mid('performance'),
      accessibility: mid('accessibility'),
      bestPractices: mid('bestPractices'),
      fcp: mid('fcp'),
      lcp: mid('lcp'),
      tbt: mid('tbt'),
      cls: mid('cls'),
      transfer: mid('transfer'),
      failing: [...new Set(each.flatMap((x) => x.failing))],
    });
  }
  return out;
}

/** One Lighthouse run of `pageName` ('login' signed out, 'home' signed in) with `preset`, cold. */
async function lighthouseRun(browser, session, pageName, preset, run) {
  const { default: lighthouse } = await import(require.resolve('lighthouse'));
  const { default: desktopConfig } = await import(require.resolve('lighthouse/core/config/desktop-config.js'));
  const origin = `http://127.0.0.1:${PORT.prod}`;
  // Lighthouse opens its own tab in the browser's default profile; it
  // clears the cache and service workers but not localStorage, so the
  // session set here signs Home in.
  const ctx = browser.contexts()[0];
  const setup = await ctx.newPage();
  await setup.goto(`${origin}/login`);
  await setup.evaluate(
    ([auth]) => (auth ? localStorage.setItem('murmur.auth', auth) : localStorage.removeItem('murmur.auth')),
    [pageName === 'home' ? JSON.stringify(session) : null],
  );
  await setup.close();
  const url = `${origin}${pageName === 'home' ? '/' : '/login'}`;
  const flags = {
    port: PORT.cdp,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue;
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable' &&
        a.scoreDisplayMode !== 'manual',
    )
    .map((a) => a.id);
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(join(OUT_DIR, `lighthouse-${pageName}-${preset}-${run + 1}.json`), JSON.stringify(lhr));
  return {
    page: pageName,
    preset,
    finalUrl: new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    transfer: audit('total-byte-weight'),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    failing,
    warnings: lhr.runWarnings ?? [],
  };
}

async function feed(browser, session) {
  const origin = `http://127.0.0.1:${PORT.bench}`;
  const ctx = await browser.newContext({
    storageState: storageState(origin, session),
    viewport: { width: 1280, height: 800 },
  });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => log('  page error:', e.message));
  // The feed shows a ~1.5 s spinner before each page of 5 posts: the bench
  // fast-forwards those waits (delays of 1–2 s become 0) so that scrolling
  // through 1,000 posts takes seconds, not minutes. Nothing else changes.
  await page.addInitScript(() => {
    const original = window.setTimeout;
    window.setTimeout = (fn, ms, ...rest) => original(fn, ms >= 1000 && ms <= 2000 ? 0 : ms, ...rest);
  });
  const n = CONFIG.feedPosts;
  await page.goto(`${origin}/?bulk=${n}`);
  await page.waitForSelector(POST_SELECTOR, { timeout: 30_000 });
  // Scroll down until the end of the feed: every post loaded and passed.
  const scroll = await page.evaluate(
    async ({ selector, n }) => {
      const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
      const start = performance.now();
      let seen = new Set();
      let still = 0;
      let maxNodes = 0;
      while (performance.now() - start < 240_000) {
        window.scrollTo(0, document.documentElement.scrollHeight);
        await sleep(30);
        for (const el of document.querySelectorAll(selector))
          seen.add(el.textContent?.match(/Bulk post number (\d+)/)?.[1]);
        maxNodes = Math.max(maxNodes, document.getElementsByTagName('*').length);
        const before = seen.size;
        await sleep(30);
        for (const el of document.querySelectorAll(selector))
          seen.add(el.textContent?.match(/Bulk post number (\d+)/)?.[1]);
        still = seen.size === before ? still + 1 : 0;
        if (seen.size >= n || still > 40) break;
      }
      seen.delete(undefined);
      return { seen: seen.size, ms: performance.now() - start, maxNodes };
    },
    { selector: POST_SELECTOR, n },
  );
  // A reader pauses before clicking: let the last page's work settle.
  await page.waitForTimeout(1000);
  const nodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  // Like a post near the viewport: click its heart, wait for the liked
  // state in the DOM, then for the frame that paints it.
  const like = [];
  for (let i = 0; i < (SMOKE ? 1 : 5); i++) {
    like.push(await page.evaluate(likeVisiblePost, POST_SELECTOR));
    await page.waitForTimeout(300);
  }
  await ctx.close();
  return {
    posts: n,
    seen: scroll.seen,
    scrollMs: scroll.ms,
    nodes,
    maxNodes: scroll.maxNodes,
    like,
    likeToPaint: median(like.map((l) => l.paint)),
  };
}

// ---------------------------------------------------------------- report

function versions(chromiumVersion) {
  const pkg = (name) => {
    try {
      return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
    } catch {
      return '?';
    }
  };
  let rustc = '?';
  try {
    rustc = execFileSync('rustc', ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    // no rustc on PATH
  }
  return {
    chromium: chromiumVersion,
    node: process.version,
    msw: pkg('msw'),
    miragejs: pkg('miragejs'),
    lighthouse: pkg('lighthouse'),
    playwright: pkg('playwright-core'),
    rustc,
  };
}

function table(head, rows) {
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((h, i) => (i === 0 ? '---' : '---:')).join('|')}|`];
  for (const r of rows) lines.push(`| ${r.join(' | ')} |`);
  return lines.join('\n');
}

function report(r) {
  const parts = [];
  const met = (ok) => (ok === undefined ? '–' : ok ? 'met' : '**missed**');
  const targets = [];
  parts.push(
    `# Murmur bench results${SMOKE ? ' (smoke run: small sizes, few repetitions; not the real figures)' : ''}`,
  );
  parts.push(
    [
      `Run: ${r.date} with \`npm run bench\` (bench/run.mjs). Every figure in ms unless stated.`,
      '',
      `- Machine: ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.memGiB} GiB memory, ${r.machine.platform}`,
      `- Load average (1 min) at start / end: ${r.load.start} / ${r.load.end}${r.load.start > r.machine.cores * 0.5 ? ' (the machine was shared with other work: figures are noisier and slower than on an idle machine)' : ''}`,
      `- Versions: Chromium ${r.versions.chromium}, Node ${r.versions.node}, msw ${r.versions.msw}, miragejs ${r.versions.miragejs}, lighthouse ${r.versions.lighthouse}, playwright-core ${r.versions.playwright}, ${r.versions.rustc}`,
      `- Harness page cross-origin isolated (fine timer): ${r.rt ? r.rt.crossOriginIsolated : '–'}`,
    ].join('\n'),
  );

  if (r.rt) {
    const get = (backend, size, endpoint) =>
      r.rt.roundTrips.find((x) => x.backend === backend && x.size === size && x.endpoint === endpoint);
    const rows = [];
    for (const size of CONFIG.sizes) {
      for (const endpoint of ['GET /api/posts', 'POST like', 'POST login']) {
        const ours = get('ours', size, endpoint);
        const durable = get('ours-idb', size, endpoint);
        const floor = get('floor', size, endpoint);
        const m0 = get('mirage-0', size, endpoint);
        const md = get('mirage-default', size, endpoint);
        const ms = (x) => (x ? `${fmt(x.stat.median)} / ${fmt(x.stat.p95)}` : '–');
        const ratio = (a, b) => (a && b ? `${(a.stat.median / b.stat.median).toFixed(2)}×` : '–');
        rows.push([
          `${size}`,
          endpoint,
          ours ? kB(ours.bytes) : '–',
          ms(ours),
          ms(durable),
          ms(floor),
          ms(m0),
          ms(md),
          ratio(ours, floor),
          ratio(m0, ours),
          ratio(md, ours),
        ]);
        if (size === 100 && ours && floor && m0) {
          targets.push([
            `Round trip at 100 posts, ${endpoint}: ours ≤ 1.3× floor`,
            `${(ours.stat.median / floor.stat.median).toFixed(2)}×`,
            met(ours.stat.median <= 1.3 * floor.stat.median),
          ]);
          targets.push([
            `Round trip at 100 posts, ${endpoint}: ≥ 2× faster than Mirage timing 0`,
            `${(m0.stat.median / ours.stat.median).toFixed(2)}×`,
            met(m0.stat.median >= 2 * ours.stat.median),
          ]);
        }
        if (size === 1000 && ours) {
          targets.push([
            `Round trip at 1,000 posts, ${endpoint}: median ≤ 8 ms`,
            fmt(ours.stat.median),
            met(ours.stat.median <= 8),
          ]);
        }
      }
    }
    parts.push(
      '## API round trip (fetch → parsed JSON), median / p95 ms\n\n' +
        "ours = the wasm core through msw with the app's own handlers; ours + IndexedDB = the same with the production backend, which saves every successful POST to IndexedDB before answering (informative: the targets are about ours); floor = an msw handler answering a precomputed body of the same size. " +
        "Ours, ours + IndexedDB and the floor all take the app's path: the app's in-page transport answering in the page with the msw handlers (packages/murmur-backend/src/inPageTransport.ts, msw's `getResponse`), with the service worker running but not on the way; MirageJS replaces `fetch` with its own (pretender), as it does in an app. " +
        'Mirage 0 / Mirage default = the MirageJS implementation in web/bench/mirage.ts with `timing = 0` / its default timing (400 ms in development). ' +
        'A like is taken back (untimed) after each timed like. Body = the size of our answer (Mirage answers the same posts).\n\n' +
        table(
          [
            'posts',
            'call',
            'body',
            'ours',
            'ours + IndexedDB',
            'floor',
            'Mirage 0',
            'Mirage default',
            'ours/floor',
            'Mirage 0/ours',
            'Mirage default/ours',
          ],
          rows,
        ) +
        `\n\nRepetitions per figure: ${CONFIG.reps}${
          CONFIG.repsBySize
            ? ` (${Object.entries(CONFIG.repsBySize)
                .map(([k, v]) => `${v} at ${k}`)
                .join(', ')})`
            : ''
        } after ${CONFIG.warmup} warm-up calls; Mirage default: ${CONFIG.mirageDefaultReps}.`,
    );

    const coreRows = [];
    const coreAt = (size, endpoint) => r.rt.core.find((x) => x.size === size && x.endpoint === endpoint);
    for (const endpoint of ['GET /api/posts', 'POST like', 'POST login']) {
      for (const size of CONFIG.sizes) {
        const c = coreAt(size, endpoint);
        if (!c) continue;
        const prev =
          CONFIG.sizes.indexOf(size) > 0 ? coreAt(CONFIG.sizes[CONFIG.sizes.indexOf(size) - 1], endpoint) : null;
        coreRows.push([
          `${size}`,
          endpoint,
          kB(c.bytes),
          fmt(c.stat.median, 3),
          fmt(c.stat.p95, 3),
          `${((c.stat.median * 1000) / size).toFixed(2)}`,
          prev ? `${(c.stat.median / prev.stat.median).toFixed(1)}× for ${(size / prev.size).toFixed(1)}× posts` : '–',
        ]);
      }
    }
    // Linear: from the smallest size to each larger one, time grows no faster
    // than 1.5× the data (small sizes are mostly fixed cost, so sub-linear).
    for (const endpoint of ['GET /api/posts', 'POST like']) {
      const sizes = CONFIG.sizes.filter((size) => size >= 1000);
      const [lo, hi] = [coreAt(sizes[0], endpoint), coreAt(sizes[sizes.length - 1], endpoint)];
      if (lo && hi && lo !== hi) {
        const growth = hi.stat.median / lo.stat.median;
        const ratio = hi.size / lo.size;
        targets.push([
          `Core alone: ${endpoint} linear from ${lo.size} to ${hi.size} posts (≤ 1.5 × ${ratio}× growth)`,
          `${growth.toFixed(1)}×`,
          met(growth <= 1.5 * ratio),
        ]);
      }
    }
    const like10k = coreAt(10000, 'POST like');
    if (like10k)
      targets.push([
        'Core alone: like at 10,000 posts ≤ 15 ms',
        fmt(like10k.stat.median),
        met(like10k.stat.median <= 15),
      ]);
    const bulk = r.rt.loadBulk.map((b) => `${b.size} posts: ${fmt(b.ms)} ms`).join('; ');
    parts.push(
      '## The core alone: `handle()` in the page, median / p95 ms\n\n' +
        "Timed around `callCore()` (packages/murmur-backend/src/handlers.ts): `core.handle(...)`, copying the answer's body bytes out of wasm memory (`takeBody()`, what the app's handler hands to `Response`) and freeing the answer. State loaded with `loadBulk` (users: 6 at 12 posts, a tenth of the posts above).\n\n" +
        table(['posts', 'call', 'body', 'median', 'p95', 'µs per post', 'growth from previous size'], coreRows) +
        `\n\n\`loadBulk\` itself: ${bulk}.`,
    );
  }

  if (r.startup) {
    const s = r.startup;
    targets.push(['Start-up to first post visible ≤ 450 ms', fmt(s.firstPost, 0), met(s.firstPost <= 450)]);
    const warmRatio = s.warmFirstPost / s.firstPost;
    targets.push([
      'Warm start (second visit, service worker and precache in place) ≤ 0.5× cold',
      `${fmt(s.warmFirstPost, 0)} ms = ${warmRatio.toFixed(2)}×`,
      met(warmRatio <= 0.5),
    ]);
    parts.push(
      '## Start-up, cold cache (fresh browser context each run: empty HTTP cache, no service worker, no IndexedDB; signed in as the guest through localStorage)\n\n' +
        table(
          ['measure', 'median ms', 'runs'],
          [
            [
              'navigation → DOMContentLoaded',
              fmt(s.domContentLoaded, 0),
              s.runs.map((x) => fmt(x.domContentLoaded, 0)).join(', '),
            ],
            ...Object.keys(s.marks).map((name) => [
              `navigation → \`murmur:${name}\` mark`,
              fmt(s.marks[name], 0),
              s.runs.map((x) => fmt(x.marks[name], 0)).join(', '),
            ]),
            [
              "navigation → backend ready (`murmur:backend-ready` mark: the app's requests are answered)",
              fmt(s.ready, 0),
              s.runs.map((x) => fmt(x.ready, 0)).join(', '),
            ],
            [
              `navigation → first post visible (\`${POST_SELECTOR}\` laid out, next frame)`,
              fmt(s.firstPost, 0),
              s.runs.map((x) => fmt(x.firstPost, 0)).join(', '),
            ],
            [
              'second visit (same context: service worker, precache, IndexedDB) → first post visible',
              fmt(s.warmFirstPost, 0),
              s.runs.map((x) => fmt(x.warmFirstPost, 0)).join(', '),
            ],
          ],
        ),
    );
  }

  if (r.phone) {
    const p = r.phone;
    targets.push([
      'A phone (slow 4G: 150 ms, 1.6 Mbps; CPU 4×), Home signed in and cold: first post ≤ 2.5 s',
      fmt(p.firstPost, 0),
      met(p.firstPost <= 2500),
    ]);
    targets.push([
      'A phone (CPU 4×): Login As Guest click → first post ≤ 500 ms',
      fmt(p.guestClick, 0),
      met(p.guestClick <= 500),
    ]);
    parts.push(
      '## A phone: network and CPU slowed through CDP (Network.emulateNetworkConditions: 150 ms, 1.6 Mbps down, 750 kbps up; Emulation.setCPUThrottlingRate 4×), 390×844\n\n' +
        'Beside the desktop start-up above. Home: a fresh context (no cache, no service worker, no IndexedDB) signed in through localStorage. Guest click: /login cold, once its backend is ready, with the CPU slowed only.\n\n' +
        table(
          ['measure', 'median ms', 'runs'],
          [
            ['Home: navigation → first contentful paint', fmt(p.fcp, 0), p.home.map((x) => fmt(x.fcp, 0)).join(', ')],
            ['Home: navigation → backend ready', fmt(p.ready, 0), p.home.map((x) => fmt(x.ready, 0)).join(', ')],
            [
              'Home: navigation → first post on screen',
              fmt(p.firstPost, 0),
              p.home.map((x) => fmt(x.firstPost, 0)).join(', '),
            ],
            [
              '/login: Login As Guest click → first post on screen',
              fmt(p.guestClick, 0),
              p.guest.map((x) => fmt(x, 0)).join(', '),
            ],
          ],
        ),
    );
  }

  if (r.sizes) {
    const z = r.sizes;
    targets.push([
      'wasm ≤ 120 kB gzipped (gzip -9; zlib level 9 in brackets)',
      `${kB(z.wasm.gzip)} (${kB(z.wasm.zlib)})`,
      met(Math.max(z.wasm.gzip, z.wasm.zlib) <= 120_000),
    ]);
    targets.push(['Initial JS ≤ 200 kB gzipped', kB(z.initialJsGzip), met(z.initialJsGzip <= 200_000)]);
    targets.push(['Initial JS of /login ≤ 90 kB gzipped', kB(z.loginJsGzip), met(z.loginJsGzip <= 90_000)]);
    const rows = [
      ['wasm module', z.wasm.name, kB(z.wasm.raw), kB(z.wasm.gzip), kB(z.wasm.zlib)],
      [
        'initial JS of Home (boot script, entry, modulepreloads: the route chunks and the backend)',
        z.initialJs.map((x) => x.name).join(', '),
        kB(z.initialJs.reduce((a, x) => a + x.raw, 0)),
        kB(z.initialJsGzip),
        kB(z.initialJs.reduce((a, x) => a + x.zlib, 0)),
      ],
      [
        'initial JS of /login (all but the boot script load after its first paint)',
        z.loginJs.map((x) => x.name).join(', '),
        kB(z.loginJs.reduce((a, x) => a + x.raw, 0)),
        kB(z.loginJsGzip),
        kB(z.loginJs.reduce((a, x) => a + x.zlib, 0)),
      ],
      ['initial CSS', '', '', kB(z.initialCssGzip), ''],
      ...z.lazy.map((x) => ['lazy chunk', x.name, kB(x.raw), kB(x.gzip), kB(x.zlib)]),
    ];
    parts.push(
      '## Sizes (production build; kB = 1,000 bytes)\n\n' +
        table(['what', 'file', 'raw', 'gzip -9', 'zlib level 9'], rows),
    );
  }

  if (r.lighthouse) {
    const rows = r.lighthouse.map((l) => [
      l.page === 'home' ? 'Home (/)' : '/login',
      l.preset,
      `${l.performance}`,
      `${l.accessibility}`,
      `${l.bestPractices}`,
      fmt(l.fcp, 0),
      fmt(l.lcp, 0),
      fmt(l.tbt, 0),
      fmt(l.cls, 3),
      kB(l.transfer ?? NaN),
      `${l.runs.length}: ${l.runs.map((x) => `${x.performance} (LCP ${fmt(x.lcp, 0)})`).join(', ')}`,
      l.finalUrl,
      l.failing.join(', ') || '–',
    ]);
    for (const l of r.lighthouse) {
      const perfTarget = l.preset === 'desktop' ? 95 : 98;
      targets.push([
        `Lighthouse ${l.page} ${l.preset}: performance ≥ ${perfTarget}, a11y ≥ 95, best practices ≥ 95`,
        `${l.performance} / ${l.accessibility} / ${l.bestPractices}`,
        met(l.performance >= perfTarget && l.accessibility >= 95 && l.bestPractices >= 95),
      ]);
      if (l.preset === 'mobile' && l.page === 'login')
        targets.push(['Lighthouse mobile /login: LCP ≤ 1.5 s', fmt(l.lcp, 0), met(l.lcp <= 1500)]);
      if (l.preset === 'mobile' && l.page === 'home') {
        targets.push(['Lighthouse mobile Home, signed in, cold: LCP ≤ 2.0 s', fmt(l.lcp, 0), met(l.lcp <= 2000)]);
        targets.push(['Lighthouse mobile Home, signed in, cold: TBT ≤ 100 ms', fmt(l.tbt, 0), met(l.tbt <= 100)]);
      }
    }
    parts.push(
      '## Lighthouse (Node API, same Chromium; simulated throttling as each preset defines; figures are medians of the runs)\n\n' +
        'Cold: Lighthouse clears the cache and the service worker before each run; Home is signed in through the session in localStorage. Transfer = `total-byte-weight`.\n\n' +
        table(
          [
            'page',
            'preset',
            'performance',
            'accessibility',
            'best practices',
            'FCP',
            'LCP',
            'TBT',
            'CLS',
            'transfer',
            'runs: performance (LCP)',
            'final URL',
            'audits below 0.9',
          ],
          rows,
        ) +
        `\n\nLargest paint: ${r.lighthouse.map((l) => `${l.page} ${l.preset}: \`${l.lcpElement.slice(0, 120)}\``).join('; ')}.`,
    );
  }

  if (r.feed) {
    const f = r.feed;
    targets.push(['1,000-post feed: like → repaint ≤ 100 ms', fmt(f.likeToPaint, 1), met(f.likeToPaint <= 100)]);
    targets.push([
      '1,000-post feed: DOM < 1,500 nodes',
      `${f.nodes} (max while scrolling ${f.maxNodes})`,
      met(f.maxNodes < 1500),
    ]);
    parts.push(
      `## Home feed with ${f.posts} posts, scrolled to the end\n\n` +
        'The app (the same source, built by web/bench/vite.config.ts) over `loadBulk(2, N)`: every post is by the guest or the user the guest follows, so all are on Home. ' +
        "The feed's ~1.5 s paging spinner is fast-forwarded (timeouts of 1–2 s run at once). Like → repaint: click on the heart of the lowest visible card, until its DOM changes, then the next animation frame and a task after it.\n\n" +
        table(
          ['measure', 'value'],
          [
            ['posts passed while scrolling', `${f.seen} of ${f.posts} (${fmt(f.scrollMs / 1000, 1)} s)`],
            ['DOM elements at the end / most while scrolling', `${f.nodes} / ${f.maxNodes}`],
            ['like → DOM updated, ms (each click)', f.like.map((l) => fmt(l.dom, 1)).join(', ')],
            ['like → repaint, ms (each click)', f.like.map((l) => fmt(l.paint, 1)).join(', ')],
            ['like → repaint, median ms', fmt(f.likeToPaint, 1)],
          ],
        ),
    );
  }

  parts.splice(2, 0, '## Targets\n\n' + table(['target', 'measured', ''], targets));
  const notesFile = join(ROOT, 'bench', 'NOTES.md');
  if (existsSync(notesFile)) parts.push(readFileSync(notesFile, 'utf8').trim());
  if (r.errors.length) parts.push('## Errors\n\n' + r.errors.map((e) => `- ${e}`).join('\n'));
  return parts.join('\n\n') + '\n';
}

// ---------------------------------------------------------------- main

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  for (const dir of [PROD_DIR, BENCH_DIR]) {
    if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir} is not built: run scripts/bench.sh`);
  }
  const cpus = os.cpus();
  const r = {
    date: new Date().toISOString(),
    machine: {
      cpu: cpus[0]?.model ?? '?',
      cores: cpus.length,
      memGiB: (os.totalmem() / 2 ** 30).toFixed(1),
      platform: `${os.type()} ${os.release()} ${os.arch()}`,
    },
    load: { start: os.loadavg()[0].toFixed(2) },
    errors: [],
  };
  const servers = [
    // SPA routes answer index.html with 200, as the build's _redirects asks
    // (Lighthouse refuses a document that answers 404).
    await serve(PROD_DIR, PORT.prod, { fallback: 'index.html' }),
    await serve(BENCH_DIR, PORT.bench, { isolated: process.env.BENCH_ISOLATED !== '0', fallback: 'index.html' }),
  ];
  const { browser, proc, version } = await launchChromium();
  r.versions = versions(version);
  let failed = false;
  const part = async (name, label, fn) => {
    if (!wants(name)) return undefined;
    const start = Date.now();
    log(`… ${label}`);
    try {
      const value = await fn();
      log(`  done in ${((Date.now() - start) / 1000).toFixed(1)} s`);
      return value;
    } catch (e) {
      failed = true;
      r.errors.push(`${label}: ${e.message.split('\n')[0]}`);
      log(`  FAILED: ${e.stack ?? e}`);
      return undefined;
    }
  };
  try {
    const session = await guestSession(browser, `http://127.0.0.1:${PORT.prod}`);
    // On the bulk state the guest follows user1: the session must say so.
    const benchSession = wants('feed')
      ? await guestSession(browser, `http://127.0.0.1:${PORT.bench}`, `/login?bulk=${CONFIG.feedPosts}`)
      : null;
    r.sizes = await part('sizes', 'sizes', async () => sizes());
    r.rt = await part('rt', 'API round trips and the core alone', () => roundTrips(browser));
    r.startup = await part('startup', 'start-up on a cold cache', () => startup(browser, session));
    r.feed = await part('feed', `Home feed with ${CONFIG.feedPosts} posts`, () => feed(browser, benchSession));
    r.phone = await part('phone', 'a phone: slow 4G and CPU 4×', () => phone(browser, session));
    r.lighthouse = await part('lighthouse', 'Lighthouse', () => lighthouseRuns(browser, session));
  } finally {
    await browser.close().catch(() => {});
    proc.kill();
    for (const s of servers) s.close();
  }
  r.load.end = os.loadavg()[0].toFixed(2);
  const md = report(r);
  writeFileSync(RESULTS, md);
  log('\n' + md);
  log(`written to ${RESULTS}`);
  if (failed) {
    console.error('the bench itself failed (see FAILED above)');
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
