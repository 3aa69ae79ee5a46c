// The spec's whole-list answers: every post and comment write
// answers every post (`{posts}`, about 8 MB at 10,000 posts), which is what
// a client written for the spec reads. Side by side in one run, before and
// after, when a build of the package from before is given
// (BENCH_BEFORE_PKG=<a built packages/murmur-backend>: scripts/bench.sh
// copies it to bench/out/before-pkg and builds the harness over it too,
// bench/out/harness-before):
//   - over HTTP (murmur-backend serve over a saved 10,000-post state,
//     journalled and flushed, autocannon with 50 connections from this
//     process): post writes and comment writes with the whole-list answer,
//     comment writes with `Prefer: return=minimal`; 2xx/s, p50 and p99,
//     errors; the server's RSS (the most it ever was, VmHWM) over the three;
//     the builds take turns, two rounds each;
//   - in the browser at 10,000 posts: a like with the whole-list answer
//     through the app's path (harness/harness.ts, `ours`: the in-page
//     transport, msw's handlers, the core, `res.json()`), median of 20.
// Every figure with the load (`uptime`) it was taken at.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fmt, median, table, target } from './lib/format.mjs';
import { serve } from './lib/serve.mjs';
import { load, makeData, run, sampleRss, signIn, startProcess, statusKb, stop, summary } from './http.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const AFTER_PKG = join(ROOT, 'packages/murmur-backend');
const BEFORE_PKG = join(ROOT, 'bench/out/before-pkg');
const BEFORE_HARNESS = join(ROOT, 'bench/out/harness-before');
const PORT = Number(process.env.WHOLE_LIST_PORT ?? 5230);
const WRITE_TARGET = 5;
const RSS_TARGET_MB = 150;

const cli = (pkg) => join(pkg, 'dist/bin/murmur-backend.js');

/** The builds to measure: after always, before when there is one. */
function builds() {
  const list = [{ name: 'after', cli: cli(AFTER_PKG) }];
  if (existsSync(cli(BEFORE_PKG))) list.unshift({ name: 'before', cli: cli(BEFORE_PKG) });
  return list;
}

/** One server of `build` over the seed: the three runs, and its RSS. */
async function measureServer(build, { seedFile, state, password, seconds, work, round }) {
  const base = `http://127.0.0.1:${PORT}`;
  const args = [build.cli, 'serve', '--port', String(PORT), '--state', join(work, `${build.name}-${round}`)];
  const server = await startProcess([...args, '--log', 'off', '--seed', seedFile], `${base}/api/posts/explore?page=1`);
  try {
    // Forty users write, each with a token; comments go to posts in turn.
    const users = state.users.filter((user) => user.username !== 'guest').slice(0, 40);
    const tokens = await Promise.all(users.map((user) => signIn(base, user.username, password)));
    const ids = state.posts.map((post) => post._id);
    let n = 0;
    const write = (path, body, prefer) => ({
      method: 'POST',
      setupRequest: (request) => {
        n += 1;
        return {
          ...request,
          path: path(n),
          headers: { authorization: tokens[n % tokens.length], ...(prefer ? { prefer } : {}) },
          body: JSON.stringify(body(n)),
        };
      },
    });
    /** One run, with the server's RSS sampled through it (its peak, MB). */
    const timed = async (request) => {
      const loadBefore = load();
      const rss = sampleRss(server.child.pid, 100);
      const result = summary(await run({ url: base, duration: seconds, timeout: 30, requests: [request] }), loadBefore);
      return { ...result, rssPeakMb: rss.stop().peakMb };
    };
    const posts = await timed(
      write(
        () => '/api/posts',
        (i) => ({ postData: { content: `whole list ${i}` } }),
      ),
    );
    const comments = await timed(
      write(
        (i) => `/api/comments/add/${ids[(i * 7919) % ids.length]}`,
        (i) => ({ commentData: `comment ${i}` }),
      ),
    );
    const minimal = await timed(
      write(
        (i) => `/api/comments/add/${ids[(i * 7919) % ids.length]}`,
        (i) => ({ commentData: `small ${i}` }),
        'return=minimal',
      ),
    );
    // A server that died mid-run (its errors counted above) says why: its last output.
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`the ${build.name} server exited during the runs:\n${server.output().slice(-2000)}`);
    const highWaterMb = Math.round(statusKb(server.child.pid, 'VmHWM') / 1024);
    return { posts, comments, minimal, highWaterMb };
  } finally {
    await stop(server);
  }
}

async function measureHttp(env) {
  const work = mkdtempSync(join(os.tmpdir(), 'murmur-whole-list-'));
  const size = env.smoke ? { posts: 500, users: 50 } : { posts: 10_000, users: 100 };
  const seconds = env.smoke ? 2 : 10;
  const rounds = env.smoke ? 1 : 2;
  try {
    const { state, seedFile, password } = await makeData(work, size);
    const results = Object.fromEntries(builds().map((build) => [build.name, []]));
    for (let round = 0; round < rounds; round++) {
      // Take turns, the order flipped each round.
      const order = round % 2 === 0 ? builds() : [...builds()].reverse();
      for (const build of order) {
        results[build.name].push(await measureServer(build, { seedFile, state, password, seconds, work, round }));
      }
    }
    return { size, seconds, results };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** In the browser, at 10,000 posts: a like with the whole-list answer, and GET /api/posts, median of 20. */
async function measureBrowser(env) {
  const pages = [{ name: 'after', origin: env.harness.origin }];
  let before = null;
  if (existsSync(join(BEFORE_HARNESS, 'harness.html'))) {
    const port = Number(new URL(env.harness.origin).port) + 10;
    before = await serve(BEFORE_HARNESS, port, { isolated: true });
    pages.unshift({ name: 'before', origin: `http://127.0.0.1:${port}` });
  }
  const size = env.smoke ? 100 : 10_000;
  const out = {};
  try {
    const browser = await env.browser();
    for (const { name, origin } of pages) {
      const ctx = await browser.newContext();
      try {
        const page = await ctx.newPage();
        await page.goto(`${origin}/harness.html`);
        await page.waitForFunction(() => window.murmurBench?.ready, null, { timeout: 30_000 });
        const loadBefore = load();
        const results = await page.evaluate((config) => window.murmurBench.run(config), {
          sizes: [size],
          reps: env.smoke ? 3 : 20,
          warmup: 2,
          mirageDefaultReps: 0,
          coreReps: 0,
          backends: ['ours'],
          parts: ['roundTrips'],
        });
        const of = (endpoint) => results.roundTrips.find((r) => r.endpoint === endpoint);
        out[name] = { like: of('POST like'), all: of('GET /api/posts'), load: `${loadBefore} → ${load()}` };
      } finally {
        await ctx.close();
      }
    }
  } finally {
    before?.close();
  }
  return { size, results: out };
}

export default {
  title: "Whole-list answers (every post in each write's answer): over HTTP and in the browser, before and after",
  smoke: true,
  async run(env) {
    const http = await measureHttp(env);
    const browser = await measureBrowser(env);
    const names = Object.keys(http.results);
    const med = (name, run, field) => median(http.results[name].map((r) => r[run][field]));
    const rows = [];
    for (const name of names) {
      for (const [run, label] of [
        ['posts', 'post writes, whole list'],
        ['comments', 'comment writes, whole list'],
        ['minimal', 'comment writes, `Prefer: return=minimal`'],
      ]) {
        const runs = http.results[name].map((r) => r[run]);
        rows.push([
          name,
          label,
          `${med(name, run, 'okPerSecond')} [${runs.map((r) => r.okPerSecond).join(', ')}]`,
          `${med(name, run, 'p50ms')} / ${med(name, run, 'p99ms')}`,
          `${runs.reduce((sum, r) => sum + r.non2xx, 0)}, ${runs.reduce((sum, r) => sum + r.errors, 0)}`,
          Math.max(...runs.map((r) => r.rssPeakMb)),
          runs.map((r) => r.load).join('; '),
        ]);
      }
    }
    /** The most RSS was during the whole-list runs (sampled every 100 ms). */
    const rssOf = (name) => Math.max(...http.results[name].flatMap((r) => [r.posts.rssPeakMb, r.comments.rssPeakMb]));
    const lines = [
      `Over HTTP: \`murmur-backend serve\` over a saved ${http.size.posts}-post state (journalled, flushed), 50 connections (autocannon), ${http.seconds} s per run, the builds taking turns (${http.results.after.length} rounds).`,
      '',
      table(
        [
          'build',
          'writes',
          '2xx/s, median [runs]',
          'p50 / p99 ms',
          'non-2xx, errors',
          'RSS peak MB',
          'load (1, 5, 15 min)',
        ],
        rows,
      ),
      '',
      `The server's RSS: at most ${names.map((name) => `${rssOf(name)} MB (${name})`).join(', ')} during the whole-list runs (sampled every 100 ms); the most it ever was in a server's life, start-up and the \`return=minimal\` run included (VmHWM): ${names.map((name) => `${Math.max(...http.results[name].map((r) => r.highWaterMb))} MB (${name})`).join(', ')}.`,
      '',
      `In the browser (Chromium), ${browser.size} posts, the app's path (in-page transport, msw's handlers, the core, \`res.json()\`), median / p95 ms of ${Object.values(browser.results)[0]?.like.stat.n ?? 0}:`,
      '',
      table(
        ['build', 'like (whole list)', 'GET /api/posts', 'answer', 'load'],
        Object.entries(browser.results).map(([name, r]) => [
          name,
          `${fmt(r.like.stat.median)} / ${fmt(r.like.stat.p95)}`,
          `${fmt(r.all.stat.median)} / ${fmt(r.all.stat.p95)}`,
          `${Math.round(r.like.bytes / 1000)} kB`,
          r.load,
        ]),
      ),
    ];
    const targets = [];
    if (http.results.before) {
      for (const run of ['posts', 'comments']) {
        const ratio = med('after', run, 'okPerSecond') / Math.max(1, med('before', run, 'okPerSecond'));
        const errors = http.results.after.reduce((sum, r) => sum + r[run].errors + r[run].non2xx, 0);
        targets.push(
          target(
            `${run === 'posts' ? 'post' : 'comment'} writes with the whole list ≥ ${WRITE_TARGET}× before, no errors`,
            `${ratio.toFixed(1)}×, ${errors} errors`,
            ratio >= WRITE_TARGET && errors === 0,
          ),
        );
      }
      const minimal = med('after', 'minimal', 'okPerSecond') / Math.max(1, med('before', 'minimal', 'okPerSecond'));
      targets.push(
        target('`Prefer: return=minimal` writes unchanged or better', `${minimal.toFixed(2)}×`, minimal >= 0.9),
      );
    }
    targets.push(
      target(
        `server RSS ≤ ${RSS_TARGET_MB} MB during the whole-list writes`,
        `${rssOf('after')} MB`,
        rssOf('after') <= RSS_TARGET_MB,
      ),
    );
    return { body: lines.join('\n'), targets };
  },
};
