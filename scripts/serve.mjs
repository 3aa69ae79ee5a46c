#!/usr/bin/env node
// A tiny static file server, like any static host: serves a build folder at a
// base path, answers missing files with the folder's 404.html (as GitHub
// Pages does), gzips text and wasm for a client that accepts it (as every
// real host does), and nothing else. No /api: that lives in the browser.
//   node scripts/serve.mjs [dir=web/dist] [--port 4173] [--base /]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const dir = resolve(args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'web/dist');
const port = Number(option('--port', process.env.PORT ?? '4173'));
let base = option('--base', '/');
if (!base.endsWith('/')) base += '/';

const types = {
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
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8',
};

async function file(path) {
  try {
    const info = await stat(path);
    if (info.isDirectory()) return file(join(path, 'index.html'));
    return { body: await readFile(path), type: types[extname(path)] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}

/** Text and wasm compress well; images and video are compressed already. */
const COMPRESSIBLE = /^(text\/|application\/(json|wasm|manifest\+json)|image\/svg)/;

/** Sends `body`, gzipped when the type compresses and the client accepts gzip. */
function send(req, res, status, headers, body) {
  const type = headers['Content-Type'] ?? '';
  if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    body = gzipSync(body);
    headers = { ...headers, 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' };
  }
  res.writeHead(status, { ...headers, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

async function answer(req, res) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  let pathname;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    // A malformed escape (`/%E0%A4%A`): the client's mistake, not the end of the server.
    res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Bad request: malformed URL');
    return;
  }
  if (base !== '/' && url.pathname === base.slice(0, -1)) {
    // The base without its slash, as static hosts do: the app and its
    // service worker's scope live under `<base>`, slash included.
    res.writeHead(301, { Location: `${base}${url.search}` });
    res.end();
    return;
  }
  const found = pathname.startsWith(base)
    ? await file(join(dir, normalize(pathname.slice(base.length)).replace(/^(\.\.[/\\])+/, '')))
    : null;
  if (found) {
    const immutable = pathname.startsWith(`${base}assets/`);
    send(
      req,
      res,
      200,
      {
        'Content-Type': found.type,
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      },
      found.body,
    );
    return;
  }
  const fallback = await file(join(dir, '404.html'));
  send(
    req,
    res,
    404,
    { 'Content-Type': fallback ? 'text/html; charset=utf-8' : 'text/plain' },
    fallback ? fallback.body : Buffer.from('Not found'),
  );
}

const server = createServer((req, res) => {
  answer(req, res).catch((error) => {
    // Whatever one request does, the server keeps serving the others.
    console.error(`serve.mjs: ${req.method} ${req.url}:`, error);
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Internal error');
  });
});

server.listen(port, '127.0.0.1', () => {
  console.log(`Murmur is served at http://127.0.0.1:${port}${base}  (from ${dir}; Ctrl-C stops)`);
});
