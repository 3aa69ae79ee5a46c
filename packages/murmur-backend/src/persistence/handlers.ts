// The msw handlers the persistence layer answers in JavaScript, ahead of the
// generic `/api` handler: uploads (the file goes to IndexedDB, only its type
// and size to the core), the stored images, and the reset control.

import { http, HttpResponse } from 'msw';
import { imageTypeOf } from '../imageType.js';
import { anyOrigin, type ApiResponse } from '../handlers.js';
import type { PersistentBackend } from './persistentBackend.js';
import { RESET_PATH } from './protocol.js';

/** The type the core refuses with 'file must be an image (JPEG/PNG)'. */
const NOT_AN_IMAGE_TYPE = 'application/octet-stream';

function json(response: ApiResponse): HttpResponse<BodyInit> {
  return new HttpResponse(response.body, {
    status: response.status,
    headers: { 'Content-Type': 'application/json', 'X-Murmur-Backend': 'wasm-core' },
  });
}

/** What these handlers need of the backend (a `PersistentBackend`, or one still starting). */
export type MediaBackend = Pick<PersistentBackend, 'upload' | 'getMedia' | 'reset'>;

/** `basePath` is the site's base, with leading and trailing slash. */
export function createPersistenceHandlers(backend: MediaBackend, basePath = '/') {
  const uploadPath = `${basePath}api/media`;
  const mediaPrefix = `${basePath}media/`;
  return [
    http.post(anyOrigin(uploadPath), async ({ request }) => {
      const { pathname } = new URL(request.url);
      if (pathname !== uploadPath && pathname !== `${uploadPath}/`) return undefined; // the core answers
      const bytes = await request.arrayBuffer();
      // The bytes decide, not the declared type: a text file named .png, or an
      // SVG, is refused by the core as not an image (JPEG/PNG).
      const type = imageTypeOf(bytes) ?? NOT_AN_IMAGE_TYPE;
      return json(await backend.upload(bytes, type, request.headers.get('authorization') ?? undefined));
    }),
    http.get(anyOrigin(`${basePath}media`), async ({ request }) => {
      const { pathname } = new URL(request.url);
      const id = pathname.startsWith(mediaPrefix) ? pathname.slice(mediaPrefix.length) : '';
      const media = /^[\w-]+$/.test(id) ? await backend.getMedia(id) : undefined;
      if (!media) return new HttpResponse(null, { status: 404 });
      return new HttpResponse(media.bytes, {
        status: 200,
        // Ids start again after a reset: never let a cached image stand in.
        headers: { 'Content-Type': media.type, 'Cache-Control': 'no-store' },
      });
    }),
    http.post(anyOrigin(`${basePath}${RESET_PATH}`), async () => json(await backend.reset())),
  ];
}
