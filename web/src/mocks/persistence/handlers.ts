// The msw handlers the persistence layer answers in JavaScript, ahead of the
// generic `/api` handler: uploads (the file goes to IndexedDB, only its type
// and size to the core), the stored images, and the reset control.

import { http, HttpResponse } from 'msw';
import { anyOrigin, type ApiResponse } from '../handlers';
import type { PersistentBackend } from './persistentBackend';
import { RESET_PATH } from './protocol';

function json(response: ApiResponse): HttpResponse<BodyInit> {
  return new HttpResponse(response.body, {
    status: response.status,
    headers: { 'Content-Type': 'application/json', 'X-Murmur-Backend': 'wasm-core' },
  });
}

/** `basePath` is the site's base, with leading and trailing slash. */
export function createPersistenceHandlers(backend: PersistentBackend, basePath = '/') {
  const uploadPath = `${basePath}api/media`;
  const mediaPrefix = `${basePath}media/`;
  return [
    http.post(anyOrigin(uploadPath), async ({ request }) => {
      const { pathname } = new URL(request.url);
      if (pathname !== uploadPath && pathname !== `${uploadPath}/`) return undefined; // the core answers
      const blob = await request.blob();
      const type = (request.headers.get('content-type') ?? blob.type).split(';')[0]!.trim().toLowerCase();
      return json(await backend.upload(blob, type, request.headers.get('authorization') ?? undefined));
    }),
    http.get(anyOrigin(`${basePath}media`), async ({ request }) => {
      const { pathname } = new URL(request.url);
      const id = pathname.startsWith(mediaPrefix) ? pathname.slice(mediaPrefix.length) : '';
      const media = /^[\w-]+$/.test(id) ? await backend.getMedia(id) : undefined;
      if (!media) return new HttpResponse(null, { status: 404 });
      return new HttpResponse(media.blob, {
        status: 200,
        // Ids start again after a reset: never let a cached image stand in.
        headers: { 'Content-Type': media.type, 'Cache-Control': 'no-store' },
      });
    }),
    http.post(anyOrigin(`${basePath}${RESET_PATH}`), async () => json(await backend.reset())),
  ];
}
