import 'fake-indexeddb/auto';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from './apiRoute.js';
import { createPersistenceHandlers } from './mediaRoutes.js';
import { PersistentBackend } from '../persistence/persistentBackend.js';
import { IdbStateStore } from '../persistence/idbStateStore.js';
import { freshDatabase, newCore, signIn } from '../persistence/testing.js';

// The routes the persistence layer answers in JavaScript, through msw as the
// page uses them, on a site that lives under /murmur/.
const site = 'http://localhost/murmur/';
let backend: PersistentBackend;
let server: ReturnType<typeof setupServer>;

beforeAll(async () => {
  const { database } = await freshDatabase();
  ({ backend } = await PersistentBackend.start({ core: newCore('/murmur/'), store: new IdbStateStore(database) }));
  server = setupServer(...createPersistenceHandlers(backend, '/murmur/'), ...createHandlers(backend, '/murmur/'));
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 42]);

async function upload(body: BodyInit, type: string, token: string | null) {
  const headers: Record<string, string> = { 'content-type': type };
  if (token) headers.authorization = token;
  return fetch(`${site}api/media`, { method: 'POST', headers, body });
}

describe('uploads, media and reset through msw', () => {
  it('stores an uploaded image and serves it back with its type', async () => {
    const token = await signIn(backend);
    const res = await upload(bytes, 'image/png', token);
    expect(res.status).toBe(201);
    const { mediaURL } = (await res.json()) as { mediaURL: string };
    const image = await fetch(new URL(mediaURL, site));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(bytes);
  });

  it('answers the core’s refusals, and 404 for unknown media', async () => {
    const token = await signIn(backend);
    const refused = await upload('plain text', 'text/plain', token);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ errors: ['file must be an image (JPEG/PNG)'] });
    expect((await upload(bytes, 'image/png', null)).status).toBe(401);
    expect((await fetch(`${site}media/m-999`)).status).toBe(404);
    expect((await fetch(`${site}media/..%2Fapi%2Fusers`)).status).toBe(404);
    // Other paths under /api/media are the core's: no such route.
    expect((await fetch(`${site}api/media/extra`, { method: 'POST', body: '{}' })).status).toBe(404);
  });

  it('checks the bytes, not the declared type: a text file named .png and an SVG are refused', async () => {
    const token = await signIn(backend);
    const message = { errors: ['file must be an image (JPEG/PNG)'] };
    const renamed = await upload('just some text, saved as notes.png', 'image/png', token);
    expect(renamed.status).toBe(400);
    expect(await renamed.json()).toEqual(message);
    const svg = await upload('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml', token);
    expect(svg.status).toBe(400);
    expect(await svg.json()).toEqual(message);
    // A JPEG sent as image/png is stored and served as what it is.
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
    const res = await upload(jpeg, 'image/png', token);
    expect(res.status).toBe(201);
    const { mediaURL } = (await res.json()) as { mediaURL: string };
    expect((await fetch(new URL(mediaURL, site))).headers.get('content-type')).toBe('image/jpeg');
  });

  it('resets to the seed through the control route and drops the uploads', async () => {
    const token = await signIn(backend);
    const { mediaURL } = (await (await upload(bytes, 'image/png', token)).json()) as { mediaURL: string };
    await fetch(`${site}api/posts`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ postData: { content: 'Before the reset' } }),
    });
    const res = await fetch(`${site}__murmur/reset`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await fetch(new URL(mediaURL, site))).status).toBe(404);
    const { posts } = (await (await fetch(`${site}api/posts`)).json()) as { posts: { content: string }[] };
    expect(posts.map((p) => p.content)).not.toContain('Before the reset');
    expect(posts).toHaveLength(12);
  });
});
