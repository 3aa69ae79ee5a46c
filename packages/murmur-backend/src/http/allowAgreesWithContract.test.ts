// @vitest-environment node
// Every transport says what docs/openapi.json says about each path: asked
// with a method the path does not have (OPTIONS, PUT), msw/node's handlers
// and the browser's persistent backend answer 405 with the path's methods as
// `Allow`, and the HTTP server answers OPTIONS with them (HEAD and OPTIONS
// beside, which it answers itself) and PUT with 405. A literal path is not
// the parameterised one beside it: `/api/posts/feed` has GET alone, not a
// post's DELETE (Schemathesis's `allow_header_conformance` check).
import { readFileSync } from 'node:fs';
import { IDBFactory } from 'fake-indexeddb';
import { getResponse, type RequestHandler } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBackend } from '../browser/startBackend.js';
import { createMurmurServer, createNodeCore } from '../node/index.js';
import { startMurmurHttpServer, type MurmurHttpServer } from './server.js';

interface PathItem {
  [method: string]: { parameters?: { in: string; name: string; example?: string }[] };
}
const contract = JSON.parse(readFileSync(new URL('../../../../docs/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, PathItem>;
};
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Each path of the contract, filled with its parameters' examples, and the methods it lists. */
const paths = Object.entries(contract.paths).map(([pattern, item]) => {
  const documented = METHODS.filter((m) => m in item).map((m) => m.toUpperCase());
  const parameters = Object.values(item).flatMap((op) => op.parameters ?? []);
  const path = pattern.replace(/\{(\w+)\}/g, (_, name: string) => {
    const example = parameters.find((p) => p.in === 'path' && p.name === name)?.example;
    if (example === undefined) throw new Error(`${pattern}: no example for {${name}}`);
    return example;
  });
  return [path, documented] as const;
});

const methodsOf = (allow: string | null | undefined) =>
  (allow ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter((m) => m !== '' && m !== 'HEAD' && m !== 'OPTIONS')
    .sort();

it('covers every path of the contract, the literal ones beside a parameter included', () => {
  expect(paths.length).toBeGreaterThan(25);
  expect(paths).toContainEqual(['/api/posts/feed', ['GET']]);
  expect(paths).toContainEqual(['/api/users/edit', ['POST']]);
});

describe('msw/node (createMurmurServer)', () => {
  const { server } = createMurmurServer({ core: createNodeCore() });
  // Answered through msw's own `getResponse`, as the worker and the HTTP server do, without
  // intercepting this process's requests (the HTTP server's test below sends real ones).
  const answer = (path: string, method: string) =>
    getResponse(server.listHandlers() as RequestHandler[], new Request(`http://localhost${path}`, { method }));

  it.each(paths)('%s: 405 with Allow: %s', async (path, documented) => {
    for (const method of ['OPTIONS', 'PUT']) {
      const res = await answer(path, method);
      expect(res?.status, `${method} ${path}`).toBe(405);
      expect(methodsOf(res?.headers.get('allow')), `${method} ${path}`).toEqual([...documented].sort());
    }
  });
});

describe('the browser persistent backend (IndexedDB)', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });
  afterEach(() => {
    delete (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  });

  it('answers each path 405 with its Allow', async () => {
    const { backend } = await startBackend(createNodeCore(), 'indexeddb');
    for (const [path, documented] of paths) {
      const res = await backend.handle({ method: 'OPTIONS', url: path, authorization: undefined, body: '' });
      expect(res.status, path).toBe(405);
      expect(methodsOf(res.allow), path).toEqual([...documented].sort());
    }
  });
});

describe('the HTTP server (murmur-backend serve)', () => {
  let http: MurmurHttpServer;
  beforeAll(async () => {
    http = await startMurmurHttpServer();
  });
  afterAll(() => http.close());

  it.each(paths)('%s: OPTIONS and 405 list %s', async (path, documented) => {
    const url = `${http.url}${path.slice(1)}`;
    const options = await fetch(url, { method: 'OPTIONS' });
    expect(methodsOf(options.headers.get('allow')), `OPTIONS ${path}`).toEqual([...documented].sort());
    const put = await fetch(url, { method: 'PUT' });
    expect(put.status, `PUT ${path}`).toBe(405);
    expect(methodsOf(put.headers.get('allow')), `PUT ${path}`).toEqual([...documented].sort());
  });
});
