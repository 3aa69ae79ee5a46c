// Image uploads (posts, post edits, avatars): the checks of docs/rules.md, "Uploads" and the
// one function that turns a picked file into a mediaURL.

import { imageTypeOf, SIGNATURE_BYTES } from '@murmur/backend/protocol';
import { ApiError, apiUrl, backendRequest } from './api';

export const MAX_UPLOAD_BYTES = 10_485_760;
export const NOT_AN_IMAGE = 'file must be an image (JPEG/PNG)';
export const TOO_LARGE = 'file must be less than 10mb';

/** The message to show for a picked file, or null when it may be attached. */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size >= MAX_UPLOAD_BYTES) return TOO_LARGE;
  return null;
}

/**
 * The full check of a picked file: its declared type and size, then its
 * first bytes, which must be a JPEG's or a PNG's (a text file renamed
 * `.png`, or an SVG, is refused with the same message).
 */
export async function checkImageBytes(file: Blob): Promise<string | null> {
  const problem = checkImageFile(file);
  if (problem) return problem;
  try {
    return imageTypeOf(await file.slice(0, SIGNATURE_BYTES).arrayBuffer()) ? null : NOT_AN_IMAGE;
  } catch {
    return NOT_AN_IMAGE; // unreadable (the file went away): nothing to upload
  }
}

/**
 * Uploads a checked image to the backend, which keeps it in the browser's
 * storage, and returns the mediaURL (`media/<id>`) to save with the post or
 * profile, sent with `token` (features/media/uploadMedia passes the
 * session's). Rejects with the check's or the backend's message.
 */
export async function uploadImage(file: File, token: string | null): Promise<string> {
  const problem = await checkImageBytes(file);
  if (problem) throw new Error(problem);
  const headers: Record<string, string> = { 'content-type': file.type };
  if (token) headers.authorization = token;
  const data = await backendRequest<{ mediaURL?: unknown }>(apiUrl('/media'), { method: 'POST', headers, body: file });
  if (typeof data?.mediaURL === 'string') return data.mediaURL;
  throw new ApiError(500, 'Upload failed: the backend did not return the image address');
}
