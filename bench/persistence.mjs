#!/usr/bin/env node
// The persistence bench: what saving adds to a mutation at
// the seed size, 1,000 and 10,000 posts (a journal entry appended; a full save
// for comparison), a like as the app's fetch is answered with and without
// saving, and how long restoring a saved state takes at start-up (1,000 and
// 10,000 posts, with no journal and with the longest one a start-up replays).
// Measured in headless Chromium (real IndexedDB) and in Node (fake-indexeddb,
// a second figure). Prints tables; asserts nothing.
//   cd web && node bench/persistence.mjs [--quick]
// Uses the Vite dev server (no build); port 4337.
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const require = createRequire(resolve(here, '../package.json'));
const { chromium } = require('playwright-core');

const QUICK = process.argv.includes('--quick');
const PORT = Number(process.env.BENCH_PERSISTENCE_PORT ?? 4337);
const options = {
  sizes: [12, 1000, 10000],
  rounds: QUICK ? { 12: 10, 1000: 5, 10000: 4 } : { 12: 100, 1000: 30, 10000: 20 },
  restorePosts: [1000, 10000],
  restoreRuns: QUICK ? 3 : 15,
};

const server = await createServer({
  configFile: resolve(here, 'vite.config.ts'),
  server: { port: PORT, strictPort: true, host: '127.0.0.1', fs: { allow: [repo] } },
  logLevel: 'warn',
});

const fmt = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));
function print(figures) {
  console.log(`\n${figures.environment}: medians per like/dislike`);
  console.log(
    '| posts | snapshot | backend: in memory | backend: saved | fetch answered: in memory | fetch answered: saved | saved / in memory (fetch) | save path (journal append) | full save (export + commit) |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const s of figures.saves) {
    console.log(
      `| ${s.posts} | ${s.snapshotKB.toFixed(0)} KB | ${fmt(s.plain)} ms | ${fmt(s.persisted)} ms | ${fmt(s.fetchPlain)} ms | ${fmt(s.fetchPersisted)} ms | ${(s.fetchPersisted / s.fetchPlain).toFixed(2)}× | ${fmt(s.added)} ms | ${fmt(s.fullSave)} ms |`,
    );
  }
  for (const r of figures.restores) {
    console.log(
      `${figures.environment}: restore of a ${r.posts}-post state (${r.snapshotKB.toFixed(0)} KB) + ${r.entries} journal entries: median ${fmt(r.median)} ms (min ${fmt(r.min)}, max ${fmt(r.max)})`,
    );
  }
}

let browser;
try {
  await server.listen();
  browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${PORT}/persistence.html`);
  await page.waitForFunction(() => document.documentElement.dataset.bench === 'ready', null, { timeout: 60_000 });
  page.setDefaultTimeout(0);
  print(await page.evaluate((o) => window.persistenceBench.run(o), options));
  await browser.close();
  browser = undefined;

  // Node: the same measure over fake-indexeddb, loaded through Vite for the TypeScript.
  await import('fake-indexeddb/auto');
  const { createNodeCore } = await server.ssrLoadModule('/../../packages/murmur-backend/src/node.ts');
  const { openDatabase } = await server.ssrLoadModule('/../../packages/murmur-backend/src/persistence/db.ts');
  const { measurePersistence } = await server.ssrLoadModule('/persistence-measure.ts');
  print(
    await measurePersistence(
      { name: 'node + fake-indexeddb', newCore: () => createNodeCore(), openDatabase },
      { ...options, rounds: (posts) => options.rounds[posts] ?? 20 },
    ),
  );
} finally {
  await browser?.close();
  await server.close();
}
