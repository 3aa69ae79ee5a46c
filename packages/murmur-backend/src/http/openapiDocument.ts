// The contract (docs/openapi.json, shipped in the package as
// core/openapi.json): served at `<base>openapi.json` with `servers` set to
// the address the client used, and read for the methods each path answers
// (what OPTIONS says in `Allow`).

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const documentPath = resolve(dirname(fileURLToPath(import.meta.url)), '../../core/openapi.json');

interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
}

let loaded: OpenApiDocument | null = null;
function contract(): OpenApiDocument {
  loaded ??= JSON.parse(readFileSync(documentPath, 'utf8')) as OpenApiDocument;
  return loaded;
}

/** The document with `servers` naming `origin` + `basePath` (the paths start at `/api`). */
export function documentFor(origin: string, basePath: string): OpenApiDocument {
  return { ...contract(), servers: [{ url: `${origin}${basePath.replace(/\/$/, '')}` }] };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let patterns: { pattern: RegExp; methods: string[] }[] | null = null;

/** The methods the contract lists for `apiPath` (`/api/...`), GET bringing HEAD; null for a path it does not know. */
export function documentedMethods(apiPath: string): string[] | null {
  patterns ??= Object.entries(contract().paths).map(([path, item]) => {
    const source = path
      .split('/')
      .map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const methods = HTTP_METHODS.filter((method) => method in item).map((method) => method.toUpperCase());
    if (methods.includes('GET') && !methods.includes('HEAD')) methods.push('HEAD');
    return { pattern: new RegExp(`^${source}/?$`), methods };
  });
  // A literal segment wins over a parameter (`/api/posts/feed` is not `/api/posts/{postId}`): the most literal match.
  const matches = patterns.filter(({ pattern }) => pattern.test(apiPath));
  if (matches.length === 0) return null;
  const literal = (m: { pattern: RegExp }) => m.pattern.source.split('[^/]+').length;
  return matches.sort((a, b) => literal(a) - literal(b))[0]!.methods;
}
