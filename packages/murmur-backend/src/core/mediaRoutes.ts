// The msw handlers answered in JavaScript, ahead of the generic `/api` one
// (apiRoute.ts): uploads (the file goes to the store, IndexedDB or a
// directory; only its type and size to the core), the stored images, the
// reset control, and backups (the file made, and a file restored:
// ../persistence/backup.ts).

import { http, HttpResponse } from 'msw';
import { imageTypeOf } from './imageType.js';
import { anyOrigin } from './apiRoute.js';
import { StreamedBody, type ApiResponse } from './coreCall.js';
import type { PersistentBackend } from '../persistence/persistentBackend.js';
import { BACKUP_MAX_BYTES, BACKUP_MESSAGES, BackupError, backupFileName } from '../persistence/backup.js';
import { BACKUP_PATH, RESET_PATH, RESTORE_PATH } from './controlPaths.js';

/** The type the core refuses with 'file must be an image (JPEG/PNG)'. */
const NOT_AN_IMAGE_TYPE = 'application/octet-stream';

function json(response: ApiResponse): HttpResponse<BodyInit> {
  // These answers are small (an upload's id, a reset): never left in the core.
  return new HttpResponse(response.body instanceof StreamedBody ? response.body.bytes() : response.body, {
    status: response.status,
    headers: { 'Content-Type': 'application/json', 'X-Murmur-Backend': 'wasm-core' },
  });
}

function errorAnswer(status: number, message: string): ApiResponse {
  return { status, body: JSON.stringify({ errors: [message] }) };
}

/** What these handlers need of the backend (a `PersistentBackend`, or one still starting). */
export type MediaBackend = Pick<PersistentBackend, 'upload' | 'getMedia' | 'reset' | 'exportBackup' | 'importBackup'>;

/** `basePath` is the site's base, with leading and trailing slash. */
export function createPersistenceHandlers(backend: MediaBackend, basePath = '/') {
  const uploadPath = `${basePath}api/media`;
  const mediaPrefix = `${basePath}media/`;
  return [
    http.post(anyOrigin(uploadPath), async ({ request }) => {
      const { pathname } = new URL(request.url);
      if (pathname !== uploadPath && pathname !== `${uploadPath}/`) return undefined; // the core answers
      const bytes = await uploadedBytes(request);
      // The bytes decide, not the declared type: a text file named .png, or an
      // SVG, is refused by the core as not an image (JPEG/PNG).
      const type = imageTypeOf(bytes) ?? NOT_AN_IMAGE_TYPE;
      // The core registers the file by its type and size, and hands out its id; the bytes go to the store.
      const registration = JSON.stringify({ type, size: bytes.byteLength });
      const authorization = request.headers.get('authorization') ?? undefined;
      return json(
        await backend.upload({ method: 'POST', url: '/api/media', authorization, body: registration }, { bytes, type }),
      );
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
    http.get(anyOrigin(`${basePath}${BACKUP_PATH}`), async () => {
      try {
        return new HttpResponse(await backend.exportBackup(), {
          status: 200,
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': `attachment; filename="${backupFileName()}"`,
            'Cache-Control': 'no-store',
          },
        });
      } catch (error) {
        console.warn('Murmur: the backup could not be made', error);
        return json(errorAnswer(500, 'The backup could not be made: the saved data could not be read. Try again.'));
      }
    }),
    http.post(anyOrigin(`${basePath}${RESTORE_PATH}`), ({ request }) => restore(request)),
    // The same restore, as a PUT of the backup (the HTTP server's control API).
    http.put(anyOrigin(`${basePath}${BACKUP_PATH}`), ({ request }) => restore(request)),
  ];

  async function restore(request: Request): Promise<HttpResponse<BodyInit>> {
    try {
      // A body declared over the limit is refused before it is read.
      if (Number(request.headers.get('content-length') ?? 0) > BACKUP_MAX_BYTES) {
        throw new BackupError('too-large', BACKUP_MESSAGES.tooLarge);
      }
      const summary = await backend.importBackup(await request.blob());
      return json({ status: 200, body: JSON.stringify({ restored: summary }) });
    } catch (error) {
      if (error instanceof BackupError)
        return json(errorAnswer(error.problem === 'too-large' ? 413 : 400, error.message));
      // Not the file: the save failed (a full disk, say), and nothing changed.
      return json(errorAnswer(507, error instanceof Error ? error.message : String(error)));
    }
  }
}

/**
 * An upload's bytes: the body itself (an image sent as it is), or the first
 * file of a `multipart/form-data` body (what a form, or a mobile app, sends).
 */
async function uploadedBytes(request: Request): Promise<ArrayBuffer> {
  if (!/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '')) return request.arrayBuffer();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return new ArrayBuffer(0); // not a readable form: refused by the core as not an image
  }
  for (const value of form.values()) if (typeof value !== 'string') return value.arrayBuffer();
  return new ArrayBuffer(0);
}
