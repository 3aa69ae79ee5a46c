#!/usr/bin/env node
// The backend over HTTP (murmur-backend serve) beside json-server 0.17, the
// tool most installed for the same job, on this machine, both over 10,000
// posts, each server a process of its own, driven by autocannon with 50
// connections from this one:
//   - reads: Murmur's GET /api/posts/feed?page=1 (signed in) against
//     json-server's GET /posts?_page=1&_limit=10;
//   - writes: Murmur's likes with `Prefer: return=minimal` (the liked post
//     back, not every post), each journalled and flushed to disk (fdatasync)
//     before its answer, against json-server's PATCH /posts/1 (which
//     rewrites its whole file, unflushed); the ratio, and whether it is 5x;
//   - start-up to the first answer at 10,000 posts (Murmur: a first start
//     from the seed, a restart over the state it saved after one write, and a
//     restart over the state the writes below left; json-server's start over
//     the same posts; the median of 5 of each, every run listed), with where
//     the median's time went (the server's own `startup` breakdown in GET
//     __murmur/health), and, started between them, the floor on this machine
//     (bench/lib/floor-server.mjs): a bare node:http server, and one
//     answering from the core after it imported the same posts, with nothing
//     else;
//   - Murmur's RSS, sampled through the whole run.
// Every figure is printed with the load (`uptime`) it was taken at.
//
// The soak (`runHttpSoak`, `npm run bench -- --only=http-soak`, never part of
// a run without it): N requests (HTTP_SOAK_REQUESTS, default 1,000,000), half
// feed reads and half likes and dislikes, through autocannon to 127.0.0.1,
// stopped after HTTP_SOAK_MAX_SECONDS (default 3,600) whatever the count;
// RSS sampled every HTTP_SOAK_SAMPLE_SECONDS (default 5): start, peak, end,
// and the most it ever was (VmHWM, which the budget is checked against),
// the peak against the budget, and a leak check: the slope, over the requests
// answered after warm-up, of the heap live after a full collection (forced
// in the server at each sample by bench/lib/gc-probe.cjs, loaded with
// `--require` by the soak only). HTTP_SOAK_TRACE=FILE writes every sample
// (RSS, and each probe's line: the heap spaces' sizes before the collection
// and what was live after it) to FILE as JSON.
//
//   node bench/http.mjs [--smoke] [--soak]   (--smoke: 500 posts, short runs)
// HTTP_BENCH_CLI measures another build of the command (a path to its
// dist/bin/murmur-backend.js: the one before a change, say).
// Ports: HTTP_BENCH_PORT (default 5220) for Murmur, and the next one for
// json-server. Traffic goes to 127.0.0.1 only; every run is bounded in time.
// Numbers are printed (and returned), never asserted.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { uptime } from './lib/machine.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'package.json'));
const autocannon = require('autocannon');
/** The command measured: this package's build, or another one's (HTTP_BENCH_CLI: a build from before a change). */
const CLI = process.env.HTTP_BENCH_CLI ?? join(ROOT, 'packages/murmur-backend/dist/bin/murmur-backend.js');
/** The package of that command: its core and generator make the data, so that its core reads it. */
const PKG = resolve(dirname(CLI), '../..');
/** Node flags for a server the soak probes: a full collection and a memory line on SIGUSR2. */
const GC_PROBE = ['--expose-gc', '--require', join(ROOT, 'bench/lib/gc-probe.cjs')];
/** What any server takes to start here (bench/lib/floor-server.mjs): measured beside Murmur's starts. */
const FLOOR_SERVER = join(ROOT, 'bench/lib/floor-server.mjs');

const CONNECTIONS = 50;
const WRITE_TARGET = 5;
const STARTUP_TARGET_MS = 300;
/** Murmur's start-ups may be no slower than json-server's over the same posts, in the same run. */
const STARTUP_VS_JSON_SERVER = 1;
const RSS_TARGET_MB = 150;
/**
 * The soak's leak check: the heap that survives a full garbage collection
 * (forced in the server every sample by bench/lib/gc-probe.cjs) may grow by
 * at most this many MB per 100,000 requests after warm-up (a least-squares
 * fit over the last three quarters of the samples): 10 MB over a million
 * requests, 10 bytes a request. A server that keeps a few hundred bytes per
 * request (a record never dropped, a handler's closure held) grows ten times
 * faster. RSS is reported beside it but is not the check: it also holds the
 * garbage not yet collected (a sawtooth of about ±10 MB with the collector)
 * and memory V8 and malloc keep for reuse, so its slope over a run of under
 * a million requests says little (see bench/NOTES.md, item 19).
 */
const LEAK_LIMIT_MB_PER_100K = 1;
/** The leak check fits the lowest live-heap sample of each window this long (see runHttpSoak). */
const RESTING_WINDOW_SECONDS = 30;
const PORT = Number(process.env.HTTP_BENCH_PORT ?? 5220);

function sizes(smoke) {
  return smoke
    ? { posts: 500, users: 20, seconds: 2, starts: 1 }
    : { posts: 10_000, users: 100, seconds: 10, starts: 5 };
}

/** The median start of `starts` (its breakdown with it), and every run's ms. */
function medianStart(starts, loadDuring) {
  const sorted = [...starts].sort((a, b) => a.ms - b.ms);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return { ms: median.ms, runs: starts.map((start) => start.ms), startup: median.startup, load: loadDuring };
}

/** The load averages, as `uptime` prints them (1, 5, 15 minutes). */
export const load = () => /load average: (.*)$/.exec(uptime())?.[1] ?? os.loadavg().join(', ');

/**
 * Spawns `node args`, resolves once `url` answers (polled) with a status
 * `answered` accepts (200 by default), with the ms from spawn to that
 * answer and its status.
 */
export async function startProcess(args, url, headers = {}, answered = (status) => status === 200) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolveExit) => child.on('exit', resolveExit));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${output}`);
    try {
      const res = await fetch(url, { headers });
      if (answered(res.status)) {
        await res.arrayBuffer();
        return { child, ms: performance.now() - started, exited, output: () => output, status: res.status };
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error(`${url} never answered:\n${output}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

export async function stop(server) {
  server.child.kill('SIGTERM');
  await server.exited;
}

export function run(options) {
  return new Promise((resolveRun, reject) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolveRun(result),
    );
  });
}

/** req/s of the 2xx answers, p99 latency, the errors, and the load during the run. */
export function summary(result, loadBefore) {
  const ok = result['2xx'];
  return {
    requests: result.requests.total,
    ok,
    okPerSecond: Math.round(ok / (result.duration || 1)),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    load: `${loadBefore} → ${load()}`,
  };
}

/** A line of /proc/PID/status in kB (VmRSS: resident now; VmHWM: the most it ever was), 0 when gone. */
export function statusKb(pid, field) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

const rssKb = (pid) => statusKb(pid, 'VmRSS');

/**
 * Samples a process's RSS every `ms` until stopped: start, peak, end (MB) and
 * the samples; with `count`, each sample also records `count()` at its time
 * (the requests answered so far), as `points` ([count, MB]).
 */
export function sampleRss(pid, ms, count) {
  const take = () => [count?.() ?? 0, rssKb(pid)];
  const samples = [take()];
  const timer = setInterval(() => samples.push(take()), ms);
  return {
    stop() {
      clearInterval(timer);
      samples.push(take());
      const points = samples.filter(([, kb]) => kb > 0).map(([n, kb]) => [n, kb / 1024]);
      const mb = points.map(([, value]) => Math.round(value));
      return { startMb: mb[0], peakMb: Math.max(...mb), endMb: mb[mb.length - 1], samplesMb: mb, points };
    },
  };
}

/**
 * Every `ms`, a full collection in the server (SIGUSR2 to a process started
 * with GC_PROBE) and its memory line read back from stderr, with `count()`
 * at the time: `stop()` resolves to the samples, `[count, MB live in the
 * heap]` as `points` and the whole lines as `lines`.
 */
function sampleHeapAfterGc(child, ms, count) {
  const waiting = [];
  let buffered = '';
  child.stderr.on('data', (chunk) => {
    buffered += chunk;
    for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line.startsWith('murmur-gc-probe ')) waiting.shift()?.(JSON.parse(line.slice('murmur-gc-probe '.length)));
    }
  });
  const probe = () =>
    Promise.race([
      new Promise((resolveProbe) => {
        waiting.push(resolveProbe);
        child.kill('SIGUSR2');
      }),
      new Promise((resolveLate) => setTimeout(() => resolveLate(null), 30_000)),
    ]);
  const samples = [];
  let stopped = false;
  let wake = () => undefined;
  const loop = (async () => {
    while (!stopped) {
      const n = count();
      const memory = await probe();
      if (memory) samples.push([n, memory]);
      if (stopped) break;
      await new Promise((resolveWait) => {
        wake = resolveWait;
        setTimeout(resolveWait, ms);
      });
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake();
      await loop;
      return {
        points: samples.map(([n, memory]) => [n, memory.heapUsed / 2 ** 20]),
        lines: samples.map(([, memory]) => memory),
      };
    },
  };
}

/**
 * The least-squares line of y over x for [x, y] points: its slope, and the
 * slope's standard error (from the scatter around the line: the garbage
 * collector's sawtooth), so that a short run is not read as a leak or as flat.
 */
function fitLine(points) {
  const n = points.length;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
  }
  if (n < 3 || sxx === 0) return { slope: 0, standardError: Number.POSITIVE_INFINITY };
  const slope = sxy / sxx;
  const residuals = points.reduce((sum, [x, y]) => sum + (y - meanY - slope * (x - meanX)) ** 2, 0);
  return { slope, standardError: Math.sqrt(residuals / (n - 2) / sxx) };
}

/** The same posts for Murmur and json-server: Murmur's generated seed as a snapshot file, and db.json. */
export async function makeData(work, size) {
  const { createNodeCore } = await import(pathToFileURL(join(PKG, 'dist/node/index.js')).href);
  const { generateSeed, GENERATED_PASSWORD } = await import(
    pathToFileURL(join(PKG, 'dist/generate/generateSeed.js')).href
  );
  const seed = generateSeed({ users: size.users, posts: size.posts, seed: 1 });
  const core = createNodeCore();
  core.importSeed(JSON.stringify(seed));
  const snapshot = core.exportSnapshot();
  core.free();
  const state = JSON.parse(snapshot);
  const seedFile = join(work, 'seed.json');
  writeFileSync(seedFile, JSON.stringify({ snapshot: state }));
  // The core's own text, for the start-up floor (bench/lib/floor-server.mjs).
  const snapshotFile = join(work, 'snapshot.json');
  writeFileSync(snapshotFile, snapshot);
  const db = join(work, 'db.json');
  writeFileSync(
    db,
    JSON.stringify({
      posts: state.posts.map((post, i) => ({ id: i + 1, content: post.content, author: post.author, likes: 0 })),
    }),
  );
  return { state, seedFile, snapshotFile, db, password: GENERATED_PASSWORD };
}

export const signIn = async (base, username, password) =>
  (
    await (
      await fetch(`${base}/api/auth/login`, { method: 'POST', body: JSON.stringify({ username, password }) })
    ).json()
  ).encodedToken;

/** The server's memory by kind (GET __murmur/health's `memory`, MB), or null. */
async function memoryOf(base) {
  const health = await (await fetch(`${base}/__murmur/health`)).json();
  return health.memory ?? null;
}

const memoryLine = (memory) =>
  memory
    ? Object.entries(memory)
        .map(([kind, mb]) => `${kind} ${mb}`)
        .join(', ')
    : '(not reported)';

/** The server's own account of its start-up (GET __murmur/health's `startup`), or null. */
async function startupOf(base) {
  const health = await (await fetch(`${base}/__murmur/health`)).json();
  return health.startup ?? null;
}

const breakdown = (startup) =>
  startup
    ? Object.entries(startup)
        .map(([phase, ms]) => `${phase} ${ms}`)
        .join(', ')
    : '(not reported)';

/** Users who sign in to like, with a token each, and (post, token) pairs none of them has liked yet. */
export async function likers(base, state, password, count) {
  const users = state.users.filter((user) => user.username !== 'guest').slice(0, count);
  const tokens = await Promise.all(users.map((user) => signIn(base, user.username, password)));
  const pairs = [];
  for (const post of state.posts) {
    // The snapshot lists likers by user id.
    const likedBy = new Set(post.likes.likedBy);
    users.forEach((user, i) => {
      if (!likedBy.has(user._id)) pairs.push([post._id, tokens[i]]);
    });
  }
  return pairs;
}

export async function runHttpBench({ smoke = false } = {}) {
  const size = sizes(smoke);
  const work = mkdtempSync(join(os.tmpdir(), 'murmur-http-bench-'));
  const figures = { smoke, posts: size.posts, connections: CONNECTIONS, loadBefore: load() };
  try {
    const { state, seedFile, snapshotFile, db, password } = await makeData(work, size);
    copyFileSync(db, `${db}.first`);
    const port = { murmur: PORT, json: PORT + 1 };
    const murmurBase = `http://127.0.0.1:${port.murmur}`;
    const jsonServerScript = join(work, 'json-server.cjs');
    writeFileSync(
      jsonServerScript,
      `const jsonServer = require(${JSON.stringify(require.resolve('json-server'))});
const server = jsonServer.create();
server.use(jsonServer.defaults({ logger: false }));
server.use(jsonServer.router(${JSON.stringify(db)}));
server.listen(${port.json}, '127.0.0.1');`,
    );
    const jsonServerFirstAnswer = `http://127.0.0.1:${port.json}/posts?_page=1&_limit=10`;
    const serveArgs = (dir) => [CLI, 'serve', '--port', String(port.murmur), '--state', dir, '--log', 'off'];
    const firstAnswer = `${murmurBase}/api/posts/explore?page=1`;

    // Start-up to the first answer, `size.starts` times (each in a new directory):
    // from the seed, then over the saved state. The last restart serves the rest.
    // Between them, json-server's start, and the floor: a bare node:http
    // server, and one that answers from the core after importing the same
    // posts (and nothing else).
    const seedStarts = [];
    const restarts = [];
    const bareStarts = [];
    const coreStarts = [];
    const jsonStarts = [];
    const loadBeforeStarts = load();
    let murmur;
    let guest;
    for (let i = 0; i < size.starts; i++) {
      for (const [starts, extra] of [
        [bareStarts, []],
        [coreStarts, [snapshotFile]],
      ]) {
        const floor = await startProcess([FLOOR_SERVER, String(port.murmur), ...extra], firstAnswer);
        starts.push({ ms: Math.round(floor.ms), startup: null });
        await stop(floor);
      }
      const jsonStart = await startProcess([jsonServerScript], jsonServerFirstAnswer);
      jsonStarts.push({ ms: Math.round(jsonStart.ms), startup: null });
      await stop(jsonStart);
      const args = [...serveArgs(join(work, `state-${i}`)), '--seed', seedFile];
      murmur = await startProcess(args, firstAnswer);
      seedStarts.push({ ms: Math.round(murmur.ms), startup: await startupOf(murmurBase) });
      // One write, so that the state is saved and the restart reads it.
      guest = await signIn(murmurBase, 'guest', 'guest123');
      await fetch(`${murmurBase}/api/posts/like/${state.posts[0]._id}`, {
        method: 'POST',
        headers: { authorization: guest, prefer: 'return=minimal' },
      });
      await stop(murmur);
      murmur = await startProcess(args, firstAnswer);
      restarts.push({ ms: Math.round(murmur.ms), startup: await startupOf(murmurBase) });
      if (i < size.starts - 1) await stop(murmur);
    }
    const loadAfterStarts = load();
    figures.firstStart = medianStart(seedStarts, `${loadBeforeStarts} → ${loadAfterStarts}`);
    figures.restart = medianStart(restarts, `${loadBeforeStarts} → ${loadAfterStarts}`);
    figures.floorBare = medianStart(bareStarts, `${loadBeforeStarts} → ${loadAfterStarts}`);
    figures.floorCore = medianStart(coreStarts, `${loadBeforeStarts} → ${loadAfterStarts}`);
    figures.jsonServerStart = medianStart(jsonStarts, `${loadBeforeStarts} → ${loadAfterStarts}`);
    const rss = sampleRss(murmur.child.pid, 500);

    let loadNow = load();
    const json = await startProcess([jsonServerScript], jsonServerFirstAnswer);

    // Reads.
    const feed = `${murmurBase}/api/posts/feed?page=1`;
    loadNow = load();
    figures.murmurReads = summary(
      await run({ url: feed, headers: { authorization: guest }, duration: size.seconds }),
      loadNow,
    );
    figures.memoryAfterReads = await memoryOf(murmurBase);
    loadNow = load();
    figures.jsonServerReads = summary(
      await run({ url: `http://127.0.0.1:${port.json}/posts?_page=1&_limit=10`, duration: size.seconds }),
      loadNow,
    );

    // Writes: likes by many users of many posts (each like once), each
    // journalled and flushed before its answer, answered with the liked post.
    const pairs = await likers(murmurBase, state, password, 40);
    let next = 0;
    loadNow = load();
    const likeRun = await run({
      url: murmurBase,
      duration: size.seconds,
      requests: [
        {
          method: 'POST',
          setupRequest(request) {
            const [postId, token] = pairs[next++ % pairs.length];
            return {
              ...request,
              path: `/api/posts/like/${postId}`,
              headers: { authorization: token, prefer: 'return=minimal' },
            };
          },
        },
      ],
    });
    figures.murmurLikes = summary(likeRun, loadNow);
    figures.memoryAfterWrites = await memoryOf(murmurBase);
    let likes = 0;
    loadNow = load();
    figures.jsonServerPatches = summary(
      await run({
        url: `http://127.0.0.1:${port.json}`,
        duration: size.seconds,
        requests: [
          {
            method: 'PATCH',
            setupRequest: (request) => ({
              ...request,
              path: '/posts/1',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ likes: ++likes }),
            }),
          },
        ],
      }),
      loadNow,
    );
    await stop(json);
    figures.rss = rss.stop();
    await stop(murmur);

    // Restarts over the state those writes left (the server stopped as a
    // developer stops it, SIGTERM), `size.starts` times, json-server's start
    // between them.
    const afterWrites = [];
    const jsonAfterWrites = [];
    const loadBeforeRestarts = load();
    for (let i = 0; i < size.starts; i++) {
      murmur = await startProcess(
        [...serveArgs(join(work, `state-${size.starts - 1}`)), '--seed', seedFile],
        firstAnswer,
      );
      afterWrites.push({ ms: Math.round(murmur.ms), startup: await startupOf(murmurBase) });
      await stop(murmur);
      // json-server writes its whole file in place at every change: stopped
      // in the middle of one, it restarts over what was left. A file left
      // empty holds no posts (a 404), one cut short does not parse (it
      // exits): counted, and then it starts over its first data again.
      const lost = () => (figures.jsonServerLostPosts = (figures.jsonServerLostPosts ?? 0) + 1);
      const startJsonServer = () =>
        startProcess([jsonServerScript], jsonServerFirstAnswer, {}, (status) => [200, 404].includes(status));
      const jsonStart = await startJsonServer().catch((error) => {
        if (!/Malformed JSON/.test(String(error))) throw error;
        lost();
        copyFileSync(`${db}.first`, db);
        return startJsonServer();
      });
      if (jsonStart.status === 404) lost();
      jsonAfterWrites.push({ ms: Math.round(jsonStart.ms), startup: null });
      await stop(jsonStart);
    }
    const loadAfterRestarts = `${loadBeforeRestarts} → ${load()}`;
    figures.restartAfterWrites = medianStart(afterWrites, loadAfterRestarts);
    figures.jsonServerStartAfterWrites = medianStart(jsonAfterWrites, loadAfterRestarts);
    figures.loadAfter = load();
    return report(figures);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The figures, a markdown body (every figure with its load), and the targets met or missed. */
function report(f) {
  const writeRatio = f.murmurLikes.okPerSecond / Math.max(1, f.jsonServerPatches.okPerSecond);
  const row = (cells) => `| ${cells.join(' | ')} |`;
  const lines = [
    `${f.posts} posts, ${f.connections} connections (autocannon), each server a process of its own. Load (1, 5, 15 min) before: ${f.loadBefore}; after: ${f.loadAfter}.`,
    '',
    row(['measure', 'Murmur', 'json-server 0.17', 'load during (Murmur; json-server)']),
    row(['---', '---:', '---:', '---']),
    row([
      'reads: 2xx req/s (feed page 1 / `_page=1&_limit=10`)',
      f.murmurReads.okPerSecond,
      f.jsonServerReads.okPerSecond,
      `${f.murmurReads.load}; ${f.jsonServerReads.load}`,
    ]),
    row(['reads: p99 ms', f.murmurReads.p99ms, f.jsonServerReads.p99ms, '']),
    row([
      'writes: 2xx req/s (like, `Prefer: return=minimal`, flushed / PATCH)',
      f.murmurLikes.okPerSecond,
      f.jsonServerPatches.okPerSecond,
      `${f.murmurLikes.load}; ${f.jsonServerPatches.load}`,
    ]),
    row(['writes: p99 ms', f.murmurLikes.p99ms, f.jsonServerPatches.p99ms, '']),
    row([
      'writes: non-2xx, errors',
      `${f.murmurLikes.non2xx}, ${f.murmurLikes.errors}`,
      `${f.jsonServerPatches.non2xx}, ${f.jsonServerPatches.errors}`,
      '',
    ]),
    row([
      `start-up to the first answer, ms, median of ${f.firstStart.runs.length} (Murmur from the seed / restart after one write; json-server's start, between them)`,
      `${f.firstStart.ms} [${f.firstStart.runs.join(', ')}] / ${f.restart.ms} [${f.restart.runs.join(', ')}]`,
      `${f.jsonServerStart.ms} [${f.jsonServerStart.runs.join(', ')}]`,
      f.firstStart.load,
    ]),
    row([
      `start-up to the first answer over the state the writes above left, ms, median of ${f.restartAfterWrites.runs.length} (json-server's start between them)`,
      `${f.restartAfterWrites.ms} [${f.restartAfterWrites.runs.join(', ')}]`,
      `${f.jsonServerStartAfterWrites.ms} [${f.jsonServerStartAfterWrites.runs.join(', ')}]${
        f.jsonServerLostPosts
          ? ` (in ${f.jsonServerLostPosts}, its posts were gone: the stop came during a write of its file)`
          : ''
      }`,
      f.restartAfterWrites.load,
    ]),
    row([
      `start-up floor, ms, median of ${f.floorBare.runs.length}: bare node:http / the core importing the same posts, and nothing else`,
      `${f.floorBare.ms} [${f.floorBare.runs.join(', ')}] / ${f.floorCore.ms} [${f.floorCore.runs.join(', ')}]`,
      '',
      f.floorBare.load,
    ]),
    row(['RSS MB over the run (start/peak/end)', `${f.rss.startMb}/${f.rss.peakMb}/${f.rss.endMb}`, '', f.loadAfter]),
    '',
    `Murmur's memory (MB, GET __murmur/health's \`memory\`): after the reads: ${memoryLine(f.memoryAfterReads)}; after the likes: ${memoryLine(f.memoryAfterWrites)}.`,
    '',
    `Where Murmur's start-up went (ms, the server's own \`startup\` in GET __murmur/health, of the median start; \`node\` is Node's own start up to the command's first line): from the seed: ${breakdown(f.firstStart.startup)}; restart: ${breakdown(f.restart.startup)}; restart after the writes: ${breakdown(f.restartAfterWrites.startup)}.`,
  ];
  const met = (ok) => (ok ? 'met' : '**missed**');
  const targets = [
    [
      `writes ≥ ${WRITE_TARGET}× json-server's PATCH`,
      `${f.murmurLikes.okPerSecond} vs ${f.jsonServerPatches.okPerSecond} req/s = ${writeRatio.toFixed(1)}×`,
      met(writeRatio >= WRITE_TARGET),
    ],
    [
      "reads ≥ json-server's",
      `${f.murmurReads.okPerSecond} vs ${f.jsonServerReads.okPerSecond} req/s`,
      met(f.murmurReads.okPerSecond >= f.jsonServerReads.okPerSecond),
    ],
    [
      `start-up to the first answer ≤ ${STARTUP_TARGET_MS} ms`,
      `${f.firstStart.ms} ms from the seed, ${f.restart.ms} ms restart (the floor here: ${f.floorCore.ms} ms)`,
      met(Math.max(f.firstStart.ms, f.restart.ms) <= STARTUP_TARGET_MS),
    ],
    [
      "first start no slower than json-server's start (same run)",
      `${f.firstStart.ms} vs ${f.jsonServerStart.ms} ms`,
      met(f.firstStart.ms <= STARTUP_VS_JSON_SERVER * f.jsonServerStart.ms),
    ],
    [
      "restart over the state a benchmark's writes left no slower than json-server's start (same run)",
      `${f.restartAfterWrites.ms} vs ${f.jsonServerStartAfterWrites.ms} ms`,
      met(f.restartAfterWrites.ms <= STARTUP_VS_JSON_SERVER * f.jsonServerStartAfterWrites.ms),
    ],
    [`RSS ≤ ${RSS_TARGET_MB} MB (this run's peak)`, `${f.rss.peakMb} MB`, met(f.rss.peakMb <= RSS_TARGET_MB)],
  ];
  return { figures: f, markdown: lines.join('\n'), targets };
}

/**
 * The soak: `requests` requests (half feed reads, half likes and dislikes
 * taking turns on one post per connection, with `Prefer: return=minimal`),
 * stopped after `maxSeconds` whatever the count. Every `sampleSeconds`: RSS,
 * and the heap live after a full collection (GC_PROBE), each with the count
 * of answers so far. Two checks: the RSS peak within the budget, and no
 * leak: the least-squares slope of the live heap over requests answered, on
 * the last three quarters of the samples (the first is warm-up): met when
 * its 95% interval lies within LEAK_LIMIT_MB_PER_100K (a short run may be
 * too noisy to tell, and is said to be). RSS's slope is reported beside it.
 */
export async function runHttpSoak({
  requests = Number(process.env.HTTP_SOAK_REQUESTS ?? 1_000_000),
  maxSeconds = Number(process.env.HTTP_SOAK_MAX_SECONDS ?? 3_600),
  sampleSeconds = Number(process.env.HTTP_SOAK_SAMPLE_SECONDS ?? 5),
} = {}) {
  const size = sizes(false);
  const work = mkdtempSync(join(os.tmpdir(), 'murmur-http-soak-'));
  try {
    const { state, seedFile, password } = await makeData(work, size);
    const base = `http://127.0.0.1:${PORT}`;
    const args = [CLI, 'serve', '--port', String(PORT), '--state', join(work, 'state'), '--log', 'off'];
    const murmur = await startProcess([...GC_PROBE, ...args, '--seed', seedFile], `${base}/api/posts/explore?page=1`);
    const pairs = await likers(base, state, password, 40);
    const guest = await signIn(base, 'guest', 'guest123');
    let answered = 0;
    const rss = sampleRss(murmur.child.pid, sampleSeconds * 1000, () => answered);
    const heap = sampleHeapAfterGc(murmur.child, sampleSeconds * 1000, () => answered);
    const loadBefore = load();
    const started = performance.now();
    // Each connection likes and dislikes one post of its own, as one user,
    // the whole run: the state stays the same size, so that what grows is
    // the server's. (A new pair per pass through the list, as autocannon's
    // per-pass `context` gave, left one more dislike in the state every four
    // requests: a state that grew, and the server's memory with it.)
    let next = 0;
    const read = { method: 'GET', path: '/api/posts/feed?page=1', headers: { authorization: guest } };
    const result = await new Promise((resolveRun, reject) => {
      const instance = autocannon(
        {
          url: base,
          connections: CONNECTIONS,
          amount: requests,
          timeout: 30,
          requests: [read],
          setupClient(client) {
            const [postId, token] = pairs[next++ % pairs.length];
            const write = (verb) => ({
              method: 'POST',
              path: `/api/posts/${verb}/${postId}`,
              headers: { authorization: token, prefer: 'return=minimal' },
            });
            client.setRequests([read, write('like'), read, write('dislike')]);
          },
        },
        (error, out) => (error ? reject(error) : resolveRun(out)),
      );
      instance.on('response', () => (answered += 1));
      const bound = setTimeout(() => instance.stop(), maxSeconds * 1000);
      instance.on('done', () => clearTimeout(bound));
    });
    const seconds = (performance.now() - started) / 1000;
    const memory = rss.stop();
    const highWaterMb = Math.round(statusKb(murmur.child.pid, 'VmHWM') / 1024);
    const live = await heap.stop();
    await stop(murmur);
    if (process.env.HTTP_SOAK_TRACE) {
      writeFileSync(
        process.env.HTTP_SOAK_TRACE,
        JSON.stringify({ rss: memory.points, probes: live.lines.map((line, i) => [live.points[i][0], line]) }),
      );
    }
    const mb = memory.samplesMb;
    /** The slope of `points` over the last three quarters, MB per 100,000 requests, and its 95% margin. */
    const slopeOf = (points) => {
      const fitted = points.slice(Math.floor(points.length / 4));
      const line = fitLine(fitted);
      return {
        growth: line.slope * 100_000,
        // Two standard errors.
        margin: 2 * line.standardError * 100_000,
        samples: fitted.length,
        requests: fitted.length ? [fitted[0][0], fitted[fitted.length - 1][0]] : [0, 0],
      };
    };
    // The live heap at rest: a sample taken while a compaction runs also
    // holds the state's snapshot text twice more (about 7 MB each at 10,000
    // posts), so each window of RESTING_WINDOW_SECONDS keeps its lowest
    // sample, and the leak check fits those.
    const window = Math.max(2, Math.round(RESTING_WINDOW_SECONDS / sampleSeconds));
    const resting = [];
    for (let i = 0; i < live.points.length; i += window) {
      const chunk = live.points.slice(i, i + window);
      resting.push(chunk.reduce((low, point) => (point[1] < low[1] ? point : low)));
    }
    const heapSlope = slopeOf(resting);
    const allSlope = slopeOf(live.points);
    const rssSlope = slopeOf(memory.points);
    const { growth, margin } = heapSlope;
    // Flat: even the top of the interval is within the limit. Growing: even its bottom is above.
    const leakFree = growth + margin <= LEAK_LIMIT_MB_PER_100K;
    const verdict = leakFree
      ? 'flat'
      : growth - margin > LEAK_LIMIT_MB_PER_100K
        ? '**growing**'
        : '**too few requests to tell**';
    // The budget holds for the most RSS ever was, not only for the samples.
    const withinBudget = Math.max(memory.peakMb, highWaterMb) <= RSS_TARGET_MB;
    const meanOf = (points) => points.reduce((sum, [, value]) => sum + value, 0) / Math.max(1, points.length);
    const quarterMeans = (points) => {
      const quarter = Math.max(1, Math.floor(points.length / 4));
      return [0, 1, 2, 3].map((q) =>
        Math.round(meanOf(points.slice(q * quarter, q === 3 ? undefined : (q + 1) * quarter))),
      );
    };
    const liveMb = live.points.map(([, value]) => Math.round(value * 10) / 10);
    const figures = {
      asked: requests,
      made: result.requests.total,
      ok: result['2xx'],
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      seconds: Math.round(seconds),
      perSecond: Math.round(result.requests.total / seconds),
      p99ms: result.latency.p99,
      startMb: memory.startMb,
      peakMb: memory.peakMb,
      endMb: memory.endMb,
      highWaterMb,
      samplesMb: mb,
      quarterMeansMb: quarterMeans(memory.points),
      liveHeapMb: liveMb,
      liveHeapQuarterMeansMb: quarterMeans(live.points),
      growthMbPer100k: Number(growth.toFixed(2)),
      growthMarginMbPer100k: Number(margin.toFixed(2)),
      fittedSamples: heapSlope.samples,
      allSamplesGrowthMbPer100k: Number(allSlope.growth.toFixed(2)),
      allSamplesGrowthMarginMbPer100k: Number(allSlope.margin.toFixed(2)),
      fittedRequests: heapSlope.requests,
      rssGrowthMbPer100k: Number(rssSlope.growth.toFixed(2)),
      rssGrowthMarginMbPer100k: Number(rssSlope.margin.toFixed(2)),
      leakFree,
      withinBudget,
      load: `${loadBefore} → ${load()}`,
    };
    const range = (pair) => pair.map((n) => n.toLocaleString('en')).join(' to ');
    const markdown = [
      `${size.posts} posts, ${CONNECTIONS} connections; ${figures.made.toLocaleString('en')} of ${requests.toLocaleString('en')} requests asked (half feed reads, half likes and dislikes with \`Prefer: return=minimal\`) in ${figures.seconds} s (${figures.perSecond} req/s, p99 ${figures.p99ms} ms; ${figures.non2xx} non-2xx, ${figures.errors} errors), bounded at ${maxSeconds} s. Load ${figures.load}.`,
      '',
      `Every ${sampleSeconds} s the server ran a full garbage collection (bench/lib/gc-probe.cjs) and reported the heap still live: ${liveMb[0]} MB at the start, ${Math.max(...liveMb)} MB at most, ${liveMb[liveMb.length - 1]} MB at the end; means by quarter of the run ${figures.liveHeapQuarterMeansMb.join(' → ')} MB.`,
      '',
      `Leak check: the live heap at rest (the lowest sample of each ${window * sampleSeconds} s) over requests answered, least-squares slope over the last three quarters (${heapSlope.samples} points, requests ${range(heapSlope.requests)}): ${growth.toFixed(2)} ± ${margin.toFixed(2)} MB per 100,000 requests (95%), limit ${LEAK_LIMIT_MB_PER_100K}: ${verdict}. Every sample fitted instead (compactions in flight included, ${allSlope.samples} samples): ${allSlope.growth.toFixed(2)} ± ${allSlope.margin.toFixed(2)}.`,
      '',
      `RSS (sampled every ${sampleSeconds} s): start ${memory.startMb} MB, peak ${memory.peakMb} MB, end ${memory.endMb} MB (the most it ever was, the kernel's high-water mark VmHWM, start-up included: ${highWaterMb} MB); means by quarter ${figures.quarterMeansMb.join(' → ')} MB; its slope, the same fit (${rssSlope.samples} samples): ${rssSlope.growth.toFixed(2)} ± ${rssSlope.margin.toFixed(2)} MB per 100,000 requests (not the check: it holds uncollected garbage and memory kept for reuse).`,
      '',
      `Live heap samples (MB): ${liveMb.join(' ')}`,
      '',
      `RSS samples (MB): ${mb.join(' ')}`,
    ].join('\n');
    const targets = [
      [
        `RSS ≤ ${RSS_TARGET_MB} MB at peak`,
        `peak ${memory.peakMb} MB sampled, ${highWaterMb} MB high-water mark (VmHWM), over ${figures.made.toLocaleString('en')} requests`,
        withinBudget ? 'met' : '**missed**',
      ],
      [
        `memory flat: the live heap grows ≤ ${LEAK_LIMIT_MB_PER_100K} MB per 100,000 requests after warm-up`,
        `${growth.toFixed(2)} ± ${margin.toFixed(2)} MB per 100,000 over ${heapSlope.samples} resting points (${verdict.replaceAll('*', '')})`,
        leakFree ? 'met' : '**missed**',
      ],
      [
        `${requests.toLocaleString('en')} requests made`,
        `${figures.made.toLocaleString('en')} in ${figures.seconds} s`,
        figures.made >= requests ? 'met' : '**missed**',
      ],
    ];
    return { figures, markdown, targets };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const out = process.argv.includes('--soak')
    ? await runHttpSoak()
    : await runHttpBench({ smoke: process.argv.includes('--smoke') });
  console.log(`\n${out.markdown}\n`);
  for (const [target, measured, verdict] of out.targets) console.log(`${target}: ${measured} (${verdict})`);
}
