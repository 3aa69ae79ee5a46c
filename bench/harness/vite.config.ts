// The bench build (never part of the production site): the harness page and
// the app over a bulk state, in web/dist-bench. bench/run.mjs builds it.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('.'),
  base: '/',
  publicDir: here('../../public'),
  plugins: [react()],
  // The production build's aliases, so that the bench measures the same msw.
  // BENCH_CORE_DIR swaps in another build of the core (a --profiling one,
  // with function names, for a profiler).
  resolve: {
    alias: {
      '@core': process.env.BENCH_CORE_DIR ?? here('../../mock-core/pkg'),
      'tough-cookie': here('../../packages/murmur-backend/src/cookieJar.ts'),
    },
  },
  logLevel: 'error',
  build: {
    outDir: process.env.BENCH_OUT_DIR ?? here('../dist-bench'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 10_000,
    // BENCH_PAGES=harness builds the harness alone.
    rollupOptions: {
      input: Object.fromEntries(
        (process.env.BENCH_PAGES ?? 'index,harness').split(',').map((page) => [page, here(`${page}.html`)]),
      ),
    },
  },
});
