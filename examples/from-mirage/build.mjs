// The app's build, without Vite: esbuild bundles src/index.jsx (and its CSS)
// into dist/, beside index.html.
//   node build.mjs
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
mkdirSync('dist');
await build({
  entryPoints: ['src/index.jsx'],
  bundle: true,
  format: 'esm',
  splitting: true,
  outdir: 'dist',
  jsx: 'automatic',
  minify: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
copyFileSync('index.html', 'dist/index.html');
// The static host answers a path it does not have with 404.html: the app.
copyFileSync('index.html', 'dist/404.html');
