#!/usr/bin/env node
// The backup bench: the size of a backup file, and how long
// "Download a backup", reading a picked file for the confirm dialog, and
// "Restore" take, at the seed and at 10,000 posts, without uploads and with
// some. Measured in headless Chromium (real IndexedDB) and in Node
// (fake-indexeddb, a second figure). Prints a table; asserts nothing.
//   cd web && node bench/backup.mjs [--quick]
// Uses the Vite dev server (no build); port BENCH_BACKUP_PORT (4338).
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { createServer } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '../..');
const require = createRequire(resolve(here, '../package.json'));
const { chromium } = require('playwright-core');

const QUICK = process.argv.includes('--quick');
const PORT = Number(process.env.BENCH_BACKUP_PORT ?? 4338);
const options = { sizes: [12, 10000], images: 5, imageBytes: 200_000, runs: QUICK ? 3 : 9 };

const server = await createServer({
  configFile: resolve(here, 'vite.config.ts'),
  server: { port: PORT, strictPort: true, host: '127.0.0.1', fs: { allow: [repo] } },
  logLevel: 'warn',
});

const ms = (value) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
function print({ environment, figures }) {
  console.log(
    `\n${environment}: backups, medians of ${options.runs} runs (load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  console.log('| posts | uploads | file | Download a backup | read for the dialog | Restore |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  for (const f of figures) {
    const uploads = f.images === 0 ? 'none' : `${f.images} × ${options.imageBytes / 1000} kB`;
    console.log(
      `| ${f.posts} | ${uploads} | ${(f.bytes / 1e6).toFixed(2)} MB | ${ms(f.exportMs)} ms | ${ms(f.previewMs)} ms | ${ms(f.restoreMs)} ms |`,
    );
  }
}

let browser;
try {
  await server.listen();
  browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${PORT}/backup.html`);
  await page.waitForFunction(() => document.documentElement.dataset.bench === 'ready', null, { timeout: 60_000 });
  page.setDefaultTimeout(0);
  print(await page.evaluate((o) => window.backupBench.run(o), options));
  await browser.close();
  browser = undefined;

  // Node: the same measure over fake-indexeddb, loaded through Vite for the TypeScript.
  await import('fake-indexeddb/auto');
  const { createNodeCore } = await server.ssrLoadModule('/../../packages/murmur-backend/src/node.ts');
  const { openDatabase } = await server.ssrLoadModule('/../../packages/murmur-backend/src/persistence/db.ts');
  const { measureBackups } = await server.ssrLoadModule('/backup-measure.ts');
  print(
    await measureBackups({ name: 'node + fake-indexeddb', newCore: () => createNodeCore(), openDatabase }, options),
  );
} finally {
  await browser?.close();
  await server.close();
}
