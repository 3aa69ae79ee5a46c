// The harness pages (never part of the site): the round-trip and core
// harness (rt.mjs, core.mjs) and the persistence, backup and generated-seed
// pages (persistence.mjs, backup.mjs, generate.mjs). They reach the backend
// through its public entries only (`@murmur/backend`, `@murmur/backend/testing`).
// scripts/bench.sh builds them into bench/out/harness (BENCH_HARNESS_DIR).
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const PAGES = ['harness', 'persistence', 'backup', 'generate'];

function aliases(pkg: string | undefined): Record<string, string> {
  if (!pkg) return { 'tough-cookie': '@murmur/backend/cookie-jar' };
  return {
    'tough-cookie': `${pkg}/dist/browser/cookieJar.js`,
    '@murmur/backend/testing': `${pkg}/dist/testingEntry.js`,
    '@murmur/backend/protocol': `${pkg}/dist/protocol.js`,
    '@murmur/backend': `${pkg}/dist/browser/index.js`,
  };
}

export default defineConfig({
  root: here('.'),
  base: '/',
  // msw's worker script (generate.html starts the backend as an app does).
  publicDir: here('../../public'),
  // As the site does, so that the bench measures the same msw.
  // BENCH_HARNESS_PACKAGE: a build of the package from before a change
  // (scripts/bench.sh, BENCH_BEFORE_PKG), in place of this repository's.
  resolve: { alias: aliases(process.env.BENCH_HARNESS_PACKAGE) },
  logLevel: 'error',
  build: {
    outDir: process.env.BENCH_HARNESS_DIR ?? here('../out/harness'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 10_000,
    rollupOptions: { input: Object.fromEntries(PAGES.map((page) => [page, here(`${page}.html`)])) },
  },
});
