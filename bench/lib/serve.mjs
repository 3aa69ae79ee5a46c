// The static host every measurement loads pages from: a built folder served
// on 127.0.0.1 as a real host serves it (text and wasm gzipped, hashed
// assets cached for a year, pages revalidated, SPA routes answered with
// index.html as the build's `_redirects` asks).
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = /text|javascript|json|svg|wasm|manifest/;

/**
 * Serves `dir` on `port`. `isolated` adds COOP/COEP, so that a page gets the
 * fine-grained `performance.now()` of a cross-origin-isolated page.
 * Resolves to the `http.Server` (call `close()` when done).
 */
export function serve(dir, port, { isolated = false } = {}) {
  // The folder does not change during a run: each file is gzipped once.
  const gzipped = new Map();
  const gzipOf = (file, body) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(body, { level: 6 }));
    return gzipped.get(file);
  };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    let file = join(dir, path);
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
    } catch {
      file = '';
    }
    const found = file !== '' && existsSync(file);
    if (!found) file = join(dir, 'index.html');
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const headers = {
      'Content-Type': type,
      'Cache-Control': found && path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (isolated) {
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      headers['Cross-Origin-Embedder-Policy'] = 'require-corp';
    }
    let body = existsSync(file) ? readFileSync(file) : Buffer.from('Not found');
    if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      headers['Content-Encoding'] = 'gzip';
      headers.Vary = 'Accept-Encoding';
      body = gzipOf(file, body);
    }
    res.writeHead(existsSync(file) ? 200 : 404, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}
