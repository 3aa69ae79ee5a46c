#!/usr/bin/env node
// A new sandbox per test at 10,000 posts (docs/testing.md): `murmur-backend
// serve`'s server in this process, its seed generated at 10,000 posts, and
// for each of N tests a sandbox forked from the main state
// (`POST __murmur/sandboxes`) and its first answer (a first page of posts,
// as a test's first read), timed from the fork's request to that answer:
// p50 and p99. Beside it, the same test
// started by a reset of a sandbox at the seed's size (`POST __murmur/reset`,
// which loads the seed again) and its first answer. Then the memory the
// open forks hold: the process's RSS and the wasm memory, before the forks
// and with all N open. Figures and the load (`uptime`) are printed, never
// asserted.
//   node bench/forks.mjs [--smoke]   (--smoke: 500 posts, 10 forks)
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { uptime } from './lib/machine.mjs';
import { target } from './lib/format.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = (path) => pathToFileURL(resolve(ROOT, 'packages/murmur-backend/dist', path)).href;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n) => `${n.toFixed(1)} ms`;
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

async function measure({ posts, forks, resets }) {
  const { startMurmurHttpServer } = await import(pkg('node/index.js'));
  const { wasmMemoryBytes } = await import(pkg('node/nodeCore.js'));
  const server = await startMurmurHttpServer({ seed: { generate: { users: 100, posts, seed: 1 } } });
  const base = server.url;
  const first = async (sandbox) => {
    const res = await fetch(`${base}api/posts?page=1&limit=10`, { headers: { 'x-murmur-sandbox': sandbox } });
    if (res.status !== 200) throw new Error(`first answer ${res.status}`);
    await res.arrayBuffer();
  };
  const loadBefore = uptime();
  globalThis.gc?.();
  const before = { rss: process.memoryUsage().rss, wasm: wasmMemoryBytes() };
  const forkTimes = [];
  for (let i = 0; i < forks; i++) {
    const began = performance.now();
    const res = await fetch(`${base}__murmur/sandboxes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `fork-${i}` }),
    });
    if (res.status !== 201) throw new Error(`fork ${i}: ${res.status} ${await res.text()}`);
    await first(`fork-${i}`);
    forkTimes.push(performance.now() - began);
  }
  globalThis.gc?.();
  const open = { rss: process.memoryUsage().rss, wasm: wasmMemoryBytes() };
  // A reset of a sandbox at the seed's size, and its first answer (the sandbox made first, untimed).
  await first('reset-probe');
  const resetTimes = [];
  for (let i = 0; i < resets; i++) {
    const began = performance.now();
    const res = await fetch(`${base}__murmur/reset`, {
      method: 'POST',
      headers: { 'x-murmur-sandbox': 'reset-probe' },
    });
    if (res.status !== 200) throw new Error(`reset ${res.status}`);
    await first('reset-probe');
    resetTimes.push(performance.now() - began);
  }
  const loadAfter = uptime();
  await server.close();
  forkTimes.sort((a, b) => a - b);
  resetTimes.sort((a, b) => a - b);
  return { forkTimes, resetTimes, before, open, loadBefore, loadAfter };
}

export async function runForks({ smoke = false } = {}) {
  const size = smoke ? { posts: 500, forks: 10, resets: 5 } : { posts: 10_000, forks: 100, resets: 20 };
  const r = await measure(size);
  const forkP50 = percentile(r.forkTimes, 50);
  const forkP99 = percentile(r.forkTimes, 99);
  const resetP50 = percentile(r.resetTimes, 50);
  const lines = [
    `${size.posts} posts; ${size.forks} forks (POST __murmur/sandboxes from the main state, then GET /api/posts?page=1&limit=10 in it), ${size.resets} resets of a sandbox at the seed's size (POST __murmur/reset, then the same read).`,
    '',
    '| | p50 | p99 | max |',
    '|---|---:|---:|---:|',
    `| fork and first answer | ${ms(forkP50)} | ${ms(forkP99)} | ${ms(r.forkTimes.at(-1))} |`,
    `| reset and first answer | ${ms(resetP50)} | ${ms(percentile(r.resetTimes, 99))} | ${ms(r.resetTimes.at(-1))} |`,
    '',
    `Fork p99 / reset p50: ${(forkP99 / resetP50).toFixed(2)}x (target: p99 under 50 ms and at most 2x a reset).`,
    `Memory with ${size.forks} forks open: RSS ${mb(r.before.rss)} → ${mb(r.open.rss)}, wasm memory ${mb(r.before.wasm)} → ${mb(r.open.wasm)} (${mb((r.open.rss - r.before.rss) / size.forks)} RSS per fork).`,
    `Load before: ${r.loadBefore}`,
    `Load after: ${r.loadAfter}`,
  ];
  const targets = [
    target('fork and first answer, p99 under 50 ms', ms(forkP99), forkP99 < 50),
    target('fork p99 at most 2x a reset p50', `${(forkP99 / resetP50).toFixed(2)}x`, forkP99 <= 2 * resetP50),
  ];
  return { body: lines.join('\n'), targets };
}

export default {
  title: 'A sandbox per test: fork at 10,000 posts, and the memory of 100 open forks',
  smoke: true,
  async run(env) {
    return runForks({ smoke: env.smoke });
  },
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { body } = await runForks({ smoke: process.argv.includes('--smoke') });
  console.log(body);
}
