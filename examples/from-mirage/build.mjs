// The app's build, without Vite: `murmur-backend init` lays out msw's
// worker, the backend's .wasm and its demo media in an empty dist/, then
// esbuild bundles the app (src/index.jsx) and the demo-data page
// (src/demo.jsx) beside them. esbuild does not resolve the package's .wasm
// by itself: the app passes the `wasmUrl` init printed.
//   node build.mjs
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
// `npx murmur-backend init dist` in an app installed from the registry; the
// command's file, run by path, works before npm has linked the bin too.
const pkg = dirname(createRequire(import.meta.url).resolve('@murmur/backend/package.json'));
execFileSync(process.execPath, [join(pkg, 'dist/bin/murmur-backend.js'), 'init', 'dist'], { stdio: 'inherit' });
await build({
  entryPoints: ['src/index.jsx', 'src/demo.jsx'],
  bundle: true,
  format: 'esm',
  splitting: true,
  outdir: 'dist',
  jsx: 'automatic',
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  // msw's cookie jar without tough-cookie's public-suffix list (the backend sets no cookies).
  alias: { 'tough-cookie': '@murmur/backend/cookie-jar' },
  logLevel: 'warning',
});
copyFileSync('index.html', 'dist/index.html');
// The demo-data page: the same page over demo.js.
const demo = readFileSync('index.html', 'utf8').replaceAll('/index.', '/demo.').replace('Wavelet', 'Murmur demo data');
writeFileSync('dist/demo.html', demo);
// The static host answers a path it does not have with 404.html: the app.
copyFileSync('index.html', 'dist/404.html');
