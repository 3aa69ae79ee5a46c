/// <reference types="vitest/config" />
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSP_META } from './csp.mjs';
import { rebuildCoreOnRustChange } from './src/dev/coreWatcher';
import { bootScript, prerenderPages } from './build/prerender';
import { compileHints } from './build/compileHints';

const root = fileURLToPath(new URL('..', import.meta.url));

/** BASE_PATH=/murmur/ builds the site for a sub-path; the default is the root. */
function basePath(): string {
  const raw = process.env.BASE_PATH ?? '/';
  const withLead = raw.startsWith('/') ? raw : `/${raw}`;
  return withLead.endsWith('/') ? withLead : `${withLead}/`;
}

/**
 * react-router's package exports point at its development build whatever the
 * mode (remix-run/react-router#12532, #14102: dev warnings and checks ship to
 * production). A production build takes its production build instead.
 */
function reactRouterProduction(mode: string): Record<string, string> {
  if (mode !== 'production') return {};
  const dist = (file: string) =>
    fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));
  return { 'react-router/dom': dist('dom-export.mjs'), 'react-router': dist('index.mjs') };
}

/**
 * The Content-Security-Policy <meta> (csp.mjs), first in <head> of the
 * production build. Not in the dev server, whose React refresh runs an inline
 * script.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'murmur-csp',
    apply: 'build',
    // Right after <meta charset> (which must come first), before any script or style it governs.
    transformIndexHtml(html) {
      const charset = /<meta charset="UTF-8" \/>/;
      if (!charset.test(html)) throw new Error('index.html: no <meta charset="UTF-8" /> to put the CSP after');
      return html.replace(
        charset,
        (tag) => `${tag}\n    <meta http-equiv="Content-Security-Policy" content="${CSP_META}" />`,
      );
    },
  };
}

/**
 * The service worker (src/sw.ts, built to sw.js) with the precache list of
 * the build written in, and the web app manifest. msw's worker registers it
 * (app/startup/backend.ts), so the plugin injects no registration script.
 */
function pwa(base: string) {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    injectManifest: {
      rollupFormat: 'iife', // a classic script: it calls importScripts
      globPatterns: ['**/*.{html,js,css,wasm,svg,png,jpg,webp,mp4,webm,webmanifest}'],
      // msw's worker is imported by sw.js, which the browser keeps with it;
      // 404.html is the static host's copy of index.html; the backend's data
      // generator and devtools panel are for developers, loaded only when
      // asked for (`seed: { generate }`, `?devtools`): no visitor stores them.
      // The login video's MP4 is the fallback for a browser without WebM
      // (every engine Murmur is tested in plays the WebM): a fifth of the
      // precache (bench/NOTES.md, item 16) that no visitor needs offline (the poster stands in).
      globIgnores: [
        'mockServiceWorker.js',
        '404.html',
        'assets/generateSeed-*.js',
        'assets/devtoolsPanel-*.js',
        'video/login.mp4',
      ],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
    manifest: {
      name: 'Murmur',
      short_name: 'Murmur',
      description: 'Share short posts, follow friends, and keep it all in your browser.',
      lang: 'en',
      start_url: base,
      scope: base,
      display: 'standalone',
      theme_color: '#6b4fe0',
      background_color: '#ffffff',
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
  });
}

/**
 * A digest of what a build is made from: the app's and the backend's
 * sources, the wasm core and the locked dependencies. The same sources give
 * the same build; any change gives another.
 */
function sourceDigest(): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(path, name));
      return;
    }
    hash.update(path.slice(root.length)).update('\0').update(readFileSync(path)).update('\0');
  };
  for (const path of ['web/src', 'web/index.html', 'packages/murmur-backend/src', 'mock-core/pkg', 'package-lock.json'])
    add(join(root, path));
  return hash.digest('base64url').slice(0, 16);
}

export default defineConfig(({ mode, command, isSsrBuild }) => {
  // Which build a page runs: the return visit shows nothing kept by another
  // build (features/last-visit), and the e2e update test reads it. A second
  // deploy of the same sources may name itself (VITE_BUILD_ID).
  process.env.VITE_BUILD_ID ??= command === 'build' ? sourceDigest() : 'dev';
  return config(mode, command, isSsrBuild);
});

function config(mode: string, command: 'build' | 'serve', isSsrBuild: boolean | undefined): UserConfig {
  return {
    base: basePath(),
    publicDir: fileURLToPath(new URL('../public', import.meta.url)),
    plugins: [
      react(),
      // The site's pages; not the server build that prerenders them (build/prerender.ts).
      ...(isSsrBuild
        ? []
        : [
            contentSecurityPolicy(),
            bootScript(basePath()),
            compileHints(),
            prerenderPages(basePath(), mode),
            pwa(basePath()),
          ]),
      // The dev server (not vitest's) rebuilds the core when a Rust file changes.
      command === 'serve' && !process.env.VITEST && rebuildCoreOnRustChange(root),
    ],
    // The worker the app registers (app/startup/backend.ts): a build has sw.js;
    // the dev server (and a build without the plugin, like the bench pages)
    // uses msw's worker as it is.
    define: {
      'import.meta.env.VITE_WORKER_SCRIPT': JSON.stringify(command === 'build' ? 'sw.js' : 'mockServiceWorker.js'),
    },
    resolve: {
      alias: {
        // msw's cookie jar without tough-cookie's public-suffix list (most of
        // the backend's chunk, bench/NOTES.md, item 2): see packages/murmur-backend/src/browser/cookieJar.ts.
        'tough-cookie': '@murmur/backend/cookie-jar',
        ...reactRouterProduction(mode),
      },
    },
    server: {
      host: '127.0.0.1',
      // The backend package (packages/murmur-backend, with the wasm) lives
      // outside web/; let the dev server read it (src/dev/coreWatcher.ts
      // rebuilds the core and reloads the page).
      fs: { allow: [root] },
      watch: { ignored: ['!**/mock-core/pkg/**'] },
    },
    preview: { host: '127.0.0.1' },
    // The backend's worker (@murmur/backend's workerEntry.js) loads its data
    // generator as a chunk of its own, which only an ES module worker can.
    worker: { format: 'es' },
    build: {
      outDir: process.env.OUT_DIR ?? 'dist',
      emptyOutDir: true,
      target: 'es2022',
      assetsInlineLimit: 0,
    },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['src/testing/setup.ts'],
      restoreMocks: true,
    },
  };
}
