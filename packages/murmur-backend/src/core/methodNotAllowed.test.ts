// A known path asked with another method answers 405 with `Allow`, whichever
// way the request reaches the core: msw's handlers under msw/node, and the
// browser's persistent backend (IndexedDB), whose writes take another way
// through the core. An unknown path stays 404.
import { IDBFactory } from 'fake-indexeddb';
import { getResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers } from './apiRoute.js';
import { bodyText } from './coreCall.js';
import { createNodeCore, createTestServer } from '../node/index.js';
import { startBackend } from '../browser/startBackend.js';

const { server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const cases: [method: string, path: string, allow: string][] = [
  ['PUT', '/api/posts', 'GET, POST'],
  ['PATCH', '/api/posts/p-01/', 'GET, DELETE'],
  ['GET', '/api/posts/like/p-01', 'POST'],
  ['DELETE', '/api/users', 'GET'],
  ['POST', '/api/comments/p-01', 'GET'],
  ['GET', '/api/media', 'POST'],
];

describe('405 Method not allowed, with Allow', () => {
  it.each(cases)('%s %s answers 405 with Allow: %s (msw/node)', async (method, path, allow) => {
    const res = await fetch(`http://localhost${path}`, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(await res.json()).toEqual({ errors: ['Method not allowed'] });
  });

  it('leaves an unknown path 404 without Allow', async () => {
    const res = await fetch('http://localhost/api/nothing', { method: 'PUT' });
    expect(res.status).toBe(404);
    expect(res.headers.get('allow')).toBeNull();
    expect(await res.json()).toEqual({ errors: ['No route for PUT /api/nothing'] });
  });

  it('sends no Allow on an answer that is not a 405', async () => {
    const res = await fetch('http://localhost/api/posts');
    expect(res.status).toBe(200);
    expect(res.headers.get('allow')).toBeNull();
  });
});

describe('405 through the persistent backend (IndexedDB)', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });
  afterEach(() => {
    delete (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  });

  it.each(cases)('%s %s keeps its Allow: %s', async (method, path, allow) => {
    const { backend } = await startBackend(createNodeCore(), 'indexeddb');
    const answer = await backend.handle({ method, url: path, authorization: undefined, body: '' });
    expect(answer.status).toBe(405);
    expect(answer.allow).toBe(allow);
    expect(JSON.parse(bodyText(answer))).toEqual({ errors: ['Method not allowed'] });
    // And the msw handler over it sets the header.
    const res = await getResponse(createHandlers(backend), new Request(`http://localhost${path}`, { method }));
    expect(res?.status).toBe(405);
    expect(res?.headers.get('allow')).toBe(allow);
  });
});
