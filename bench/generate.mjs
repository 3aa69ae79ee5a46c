#!/usr/bin/env node
// The generated-seed bench: how long `seed: { generate: { users,
// posts, seed } }` takes to be ready: the data made by the generator
// (@faker-js/faker), then loaded and checked by the core (importSeed), in
// headless Chromium and in Node; and the size of the two developer chunks
// (the generator and the devtools panel) in the built site, which no visitor
// loads unless asked. Prints figures; asserts nothing.
//   cd web && node bench/generate.mjs [--quick]
// Uses the Vite dev server (no build) on BENCH_GENERATE_PORT (4338); Node
// uses the built package (packages/murmur-backend/dist).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const require = createRequire(resolve(here, '../package.json'));
const { chromium } = require('playwright-core');

const QUICK = process.argv.includes('--quick');
const PORT = Number(process.env.BENCH_GENERATE_PORT ?? 4338);
const RUNS = QUICK ? 3 : 7;
const SIZES = [
  { users: 200, posts: 1000, seed: 1 },
  { users: 200, posts: 10000, seed: 1 },
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (ms) => `${ms.toFixed(0)} ms`;
function report(environment, size, samples) {
  const part = (key) => median(samples.map((s) => s[key]));
  console.log(
    `| ${environment} | ${size.users} | ${size.posts} | ${fmt(part('generateMs'))} | ${fmt(part('importMs'))} | ${fmt(part('totalMs'))} | ${fmt(Math.min(...samples.map((s) => s.totalMs)))} |`,
  );
}

console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${cpus().length} cores; median of ${RUNS} runs`,
);
console.log('| where | users | posts | generate | core importSeed | ready (total) | fastest total |');
console.log('|---|---:|---:|---:|---:|---:|---:|');

const server = await createServer({
  configFile: resolve(here, 'vite.config.ts'),
  server: { port: PORT, strictPort: true, host: '127.0.0.1', fs: { allow: [repo] } },
  logLevel: 'warn',
});
let browser;
let optionLine = '';
try {
  await server.listen();
  browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${PORT}/generate.html`);
  await page.waitForFunction(() => document.documentElement.dataset.bench === 'ready');
  for (const size of SIZES) {
    const { samples } = await page.evaluate((options) => window.generateBench.run(options), { ...size, runs: RUNS });
    report('Chromium', size, samples);
  }
  // The option as an app uses it, in a fresh page each time (it starts msw).
  const big = SIZES[SIZES.length - 1];
  const option = [];
  for (let run = 0; run < RUNS; run++) {
    const fresh = await browser.newPage();
    await fresh.goto(`http://127.0.0.1:${PORT}/generate.html`);
    await fresh.waitForFunction(() => document.documentElement.dataset.bench === 'ready');
    const result = await fresh.evaluate((options) => window.generateOption(options), big);
    if (result.posts !== big.posts || result.guestLogin !== 200)
      throw new Error(`generate gave ${JSON.stringify(result)}`);
    option.push(result);
    await fresh.close();
  }
  optionLine = `Chromium: startMurmurBackend({ persist: 'memory', seed: { generate: { users: ${big.users}, posts: ${big.posts} } } }) resolved in ${fmt(median(option.map((o) => o.readyMs)))} (median; from the core loaded: ${fmt(median(option.map((o) => o.afterCoreMs)))}; marks since the call: ${['core-ready', 'seed-made', 'seed-loaded', 'data-restored'].map((m) => `${m} ${fmt(median(option.map((o) => o.marks[m])))}`).join(', ')}; in the dev server, whose faker is the whole package, not the 152 kB chunk of a build); all ${big.posts} posts answered, guest signs in`;
} finally {
  await browser?.close();
  await server.close();
}

console.log(optionLine);

const dist = join(repo, 'packages/murmur-backend/dist');
const { generateSeed } = await import(pathToFileURL(join(dist, 'generateSeed.js')).href);
const { createNodeCore } = await import(pathToFileURL(join(dist, 'node.js')).href);
for (const size of SIZES) {
  const samples = [];
  for (let run = 0; run < RUNS; run++) {
    const core = createNodeCore();
    const started = performance.now();
    const doc = generateSeed(size);
    const generated = performance.now();
    core.importSeed(JSON.stringify(doc));
    const imported = performance.now();
    samples.push({ generateMs: generated - started, importMs: imported - generated, totalMs: imported - started });
    core.free();
  }
  report('Node', size, samples);
}

// The developer chunks in the built site (web/dist), if it is built.
try {
  const assets = join(repo, 'web/dist/assets');
  const files = readdirSync(assets);
  const initial = readFileSync(join(repo, 'web/dist/index.html'), 'utf8').match(/assets\/[^"]+\.js/g) ?? [];
  const gz = (file) => (gzipSync(readFileSync(join(assets, file)), { level: 9 }).length / 1024).toFixed(1);
  for (const chunk of ['generateSeed', 'devtoolsPanel']) {
    const file = files.find((f) => f.startsWith(`${chunk}-`) && f.endsWith('.js'));
    if (file)
      console.log(
        `web/dist: ${chunk} chunk ${gz(file)} kB gzip -9, loaded only when asked (initial JS: ${initial.map((f) => f.slice(7)).join(', ')})`,
      );
  }
} catch {
  console.log('web/dist is not built: no chunk sizes');
}
