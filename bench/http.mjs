#!/usr/bin/env node
// The backend over HTTP (murmur-backend serve) beside json-server 0.17, the
// tool most installed for the same job, on this machine, both over 10,000
// posts, each server a process of its own, driven by autocannon with 50
// connections from this one:
//   - reads: Murmur's GET /api/posts/feed?page=1 (signed in) against
//     json-server's GET /posts?_page=1&_limit=10;
//   - writes: Murmur's likes, each flushed to disk (fdatasync) before its
//     answer, against json-server's PATCH /posts/1 (which rewrites its whole
//     file, unflushed);
//   - start-up to the first answer at 10,000 posts (Murmur: a first start
//     from the seed, and a restart over the state it saved);
//   - Murmur's RSS over a long run of reads (a minute of them, not 1 M
//     requests: on a shared 2-core machine 1 M would take hours; the table
//     says how many it made).
//   node bench/http.mjs [--smoke]     (--smoke: 500 posts, short runs)
// Traffic goes to 127.0.0.1 only; every run is bounded in time. Numbers are
// printed (and returned by runHttpBench), never asserted.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(ROOT, 'package.json'));
const autocannon = require('autocannon');
const PKG = join(ROOT, 'packages/murmur-backend');
const CLI = join(PKG, 'dist/http/cli.js');

const CONNECTIONS = 50;

function sizes(smoke) {
  return smoke
    ? { posts: 500, users: 20, seconds: 2, rssSeconds: 5 }
    : { posts: 10_000, users: 100, seconds: 10, rssSeconds: 60 };
}

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/** Spawns `node args`, resolves once `url` answers 200 (polled), with the ms from spawn to that answer. */
async function startProcess(args, url, headers = {}) {
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
      if (res.status === 200) {
        await res.arrayBuffer();
        return { child, ms: performance.now() - started, exited, output: () => output };
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error(`${url} never answered:\n${output}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function stop(server) {
  server.child.kill('SIGTERM');
  await server.exited;
}

function run(options) {
  return new Promise((resolveRun, reject) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolveRun(result),
    );
  });
}

/** req/s of the 2xx answers, p99 latency, and the errors. */
function summary(result) {
  const ok = result['2xx'];
  return {
    requests: result.requests.total,
    ok,
    okPerSecond: Math.round(ok / (result.duration || 1)),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function rssKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

export async function runHttpBench({ smoke = false } = {}) {
  const size = sizes(smoke);
  const work = mkdtempSync(join(os.tmpdir(), 'murmur-http-bench-'));
  const figures = { smoke, posts: size.posts, connections: CONNECTIONS, loadBefore: load() };
  try {
    // The same 10,000 posts for both: Murmur's generated seed, as a snapshot file.
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
    const db = join(work, 'db.json');
    writeFileSync(
      db,
      JSON.stringify({
        posts: state.posts.map((post, i) => ({ id: i + 1, content: post.content, author: post.author, likes: 0 })),
      }),
    );

    // Start-up to the first answer: Murmur from the seed, then over its saved state; json-server over db.json.
    const port = { murmur: 5220, json: 5221 };
    const murmurBase = `http://127.0.0.1:${port.murmur}`;
    const dir = join(work, 'state');
    const serveArgs = [CLI, 'serve', '--port', String(port.murmur), '--state', dir, '--log', 'off'];
    let murmur = await startProcess([...serveArgs, '--seed', seedFile], `${murmurBase}/api/posts/explore?page=1`);
    figures.murmurFirstStartMs = Math.round(murmur.ms);
    // One write, so that the state is saved (a snapshot) and the restart reads it.
    const signIn = async (username, password) =>
      (
        await (
          await fetch(`${murmurBase}/api/auth/login`, { method: 'POST', body: JSON.stringify({ username, password }) })
        ).json()
      ).encodedToken;
    const guest = await signIn('guest', 'guest123');
    await fetch(`${murmurBase}/api/posts/like/${state.posts[0]._id}`, {
      method: 'POST',
      headers: { authorization: guest },
    });
    await stop(murmur);
    murmur = await startProcess([...serveArgs, '--seed', seedFile], `${murmurBase}/api/posts/explore?page=1`);
    figures.murmurRestartMs = Math.round(murmur.ms);
    figures.murmurRssAtStartMb = Math.round(rssKb(murmur.child.pid) / 1024);
    const jsonServerScript = join(work, 'json-server.cjs');
    writeFileSync(
      jsonServerScript,
      `const jsonServer = require(${JSON.stringify(require.resolve('json-server'))});
const server = jsonServer.create();
server.use(jsonServer.defaults({ logger: false }));
server.use(jsonServer.router(${JSON.stringify(db)}));
server.listen(${port.json}, '127.0.0.1');`,
    );
    const json = await startProcess([jsonServerScript], `http://127.0.0.1:${port.json}/posts?_page=1&_limit=10`);
    figures.jsonServerStartMs = Math.round(json.ms);

    // Reads.
    const feed = `${murmurBase}/api/posts/feed?page=1`;
    figures.murmurReads = summary(await run({ url: feed, headers: { authorization: guest }, duration: size.seconds }));
    figures.jsonServerReads = summary(
      await run({ url: `http://127.0.0.1:${port.json}/posts?_page=1&_limit=10`, duration: size.seconds }),
    );

    // Writes: likes by many users of many posts (each like once), each flushed before its answer.
    const likers = state.users.filter((user) => user.username !== 'guest').slice(0, 40);
    const tokens = await Promise.all(likers.map((user) => signIn(user.username, GENERATED_PASSWORD)));
    const pairs = [];
    for (const post of state.posts) {
      // The snapshot lists likers by user id.
      const likedBy = new Set(post.likes.likedBy);
      likers.forEach((user, i) => {
        if (!likedBy.has(user._id)) pairs.push([post._id, tokens[i]]);
      });
    }
    let next = 0;
    const likeRun = await run({
      url: murmurBase,
      duration: size.seconds,
      requests: [
        {
          method: 'POST',
          setupRequest(request) {
            const [postId, token] = pairs[next++ % pairs.length];
            return { ...request, path: `/api/posts/like/${postId}`, headers: { authorization: token } };
          },
        },
      ],
    });
    figures.murmurLikes = summary(likeRun);
    let likes = 0;
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
    );
    await stop(json);

    // RSS over a long run of reads.
    const samples = [rssKb(murmur.child.pid)];
    const timer = setInterval(() => samples.push(rssKb(murmur.child.pid)), 500);
    const long = await run({ url: feed, headers: { authorization: guest }, duration: size.rssSeconds });
    clearInterval(timer);
    samples.push(rssKb(murmur.child.pid));
    figures.rss = {
      requests: long.requests.total,
      seconds: long.duration,
      startMb: Math.round(samples[0] / 1024),
      peakMb: Math.round(Math.max(...samples) / 1024),
      endMb: Math.round(samples[samples.length - 1] / 1024),
    };
    await stop(murmur);
    figures.loadAfter = load();
    return figures;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function printTable(f) {
  const row = (name, murmur, json) =>
    console.log(`${name.padEnd(44)} ${String(murmur).padStart(16)} ${String(json).padStart(16)}`);
  console.log(
    `\nHTTP bench${f.smoke ? ' (smoke)' : ''}: ${f.posts} posts, ${f.connections} connections; load before ${f.loadBefore}, after ${f.loadAfter}\n`,
  );
  row('', 'Murmur', 'json-server 0.17');
  row('reads: 2xx req/s (feed page / _page=1&_limit=10)', f.murmurReads.okPerSecond, f.jsonServerReads.okPerSecond);
  row('reads: p99 ms', f.murmurReads.p99ms, f.jsonServerReads.p99ms);
  row('writes: 2xx req/s (like, flushed / PATCH)', f.murmurLikes.okPerSecond, f.jsonServerPatches.okPerSecond);
  row('writes: p99 ms', f.murmurLikes.p99ms, f.jsonServerPatches.p99ms);
  row(
    'writes: non-2xx, errors',
    `${f.murmurLikes.non2xx}, ${f.murmurLikes.errors}`,
    `${f.jsonServerPatches.non2xx}, ${f.jsonServerPatches.errors}`,
  );
  row('start-up to the first answer, ms', `${f.murmurFirstStartMs} / ${f.murmurRestartMs}`, f.jsonServerStartMs);
  row(`RSS MB over ${f.rss.requests} reads (start/peak/end)`, `${f.rss.startMb}/${f.rss.peakMb}/${f.rss.endMb}`, '');
  console.log('\n(Murmur start-up: a first start from the seed / a restart over its saved state.)');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const figures = await runHttpBench({ smoke: process.argv.includes('--smoke') });
  printTable(figures);
}
