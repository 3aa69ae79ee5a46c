// `--static DIR`: a built front end served beside the API, so that one port
// is the whole product. A path that is no file gets `index.html` (a
// single-page app's routes); nothing outside DIR is ever read. Each HTML
// page says that this server is its backend (SERVER_MARKER): Murmur's app
// then sends its requests here rather than starting a backend in the tab,
// so that every client of the server shares one state.

import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** Put first in each HTML page's `<head>`: the page's backend is this server (read by the app's start-up, synchronously). */
export const SERVER_MARKER = '<meta name="murmur-backend" content="server">';

/** `html` with SERVER_MARKER first in its `<head>` (at its start when it has none). */
export function markServed(html: string): string {
  const head = /<head(?:\s[^>]*)?>/i.exec(html);
  if (!head) return SERVER_MARKER + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + SERVER_MARKER + html.slice(at);
}

async function fileAt(path: string): Promise<string | null> {
  try {
    const info = await stat(path);
    if (info.isFile()) return path;
    if (info.isDirectory()) return fileAt(join(path, 'index.html'));
  } catch {
    // no such file
  }
  return null;
}

/**
 * Answers a GET or HEAD for `pathname` (under `basePath`) from `dir`: the
 * file, or `index.html` for a path with no extension (a route of the app).
 * False when there is nothing to serve (the caller answers 404).
 */
export async function serveStatic(
  dir: string,
  basePath: string,
  pathname: string,
  res: ServerResponse,
  extra: Record<string, string>,
): Promise<boolean> {
  if (!pathname.startsWith(basePath) && `${pathname}/` !== basePath) return false;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(basePath.length));
  } catch {
    return false;
  }
  const root = resolve(dir);
  const target = normalize(join(root, relative));
  if (target !== root && !target.startsWith(root + sep)) return false;
  const found = (await fileAt(target)) ?? (extname(relative) === '' ? await fileAt(join(root, 'index.html')) : null);
  if (!found) return false;
  const type = extname(found).toLowerCase();
  const file = await readFile(found);
  const body = type === '.html' ? Buffer.from(markServed(file.toString('utf8'))) : file;
  res.writeHead(200, {
    'content-type': TYPES[type] ?? 'application/octet-stream',
    'content-length': String(body.byteLength),
    ...extra,
  });
  res.end(body);
  return true;
}
