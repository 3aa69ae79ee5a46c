// Between node:http and the Fetch API msw's handlers speak: a `Request` made
// from an IncomingMessage (its body a stream read no further than the
// route's limit), and a `Response` written back.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { MAX_BODY_BYTES } from '../limits.js';
import { isEventStream, sendEventStream } from './eventStream.js';
import { BACKUP_PATH, RESTORE_PATH } from '../core/controlPaths.js';
import { BACKUP_MAX_BYTES } from '../persistence/backup.js';

/** The largest upload the core accepts, and a little more for a multipart envelope. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024 + 64 * 1024;

/** How many bytes a request to `pathname` may send: uploads and backups have their own limits, everything else MAX_BODY_BYTES. */
export function bodyLimit(pathname: string, basePath: string): number {
  const rest = pathname.startsWith(basePath) ? pathname.slice(basePath.length).replace(/\/$/, '') : '';
  if (rest === 'api/media') return UPLOAD_MAX_BYTES;
  if (rest === BACKUP_PATH || rest === RESTORE_PATH) return BACKUP_MAX_BYTES;
  return MAX_BODY_BYTES;
}

/** A body longer than its limit: answered 413, the rest never read. */
export class BodyTooLargeError extends Error {
  constructor() {
    super('Request body too large');
    this.name = 'BodyTooLargeError';
  }
}

/** The declared `Content-Length` is over `limit`. */
export function declaredTooLarge(req: IncomingMessage, limit: number): boolean {
  const length = Number(req.headers['content-length']);
  return Number.isFinite(length) && length > limit;
}

/**
 * The request as msw's handlers take it. `HEAD` is asked as `GET` (node:http
 * sends no body for a HEAD). The body streams in as a handler reads it, and
 * fails with BodyTooLargeError past `limit` (`tooLarge()` then says so).
 */
export function toFetchRequest(
  req: IncomingMessage,
  origin: string,
  limit: number,
  signal?: AbortSignal,
): { request: Request; tooLarge: () => boolean } {
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    if (/^(host|connection|keep-alive|transfer-encoding|upgrade)$/i.test(name)) continue;
    headers.append(name, req.rawHeaders[i + 1]!);
  }
  let over = false;
  // `signal`: aborted once the connection is gone, so that what the answer
  // holds (an event stream's reader) is let go.
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  // HTTP/1.1: a request with neither Content-Length nor Transfer-Encoding,
  // or a zero Content-Length, has no body (a like, a follow): no stream made.
  const bodyless =
    req.headers['transfer-encoding'] === undefined &&
    (req.headers['content-length'] === undefined || req.headers['content-length'] === '0');
  if (method !== 'GET' && method !== 'HEAD' && !bodyless) {
    let bytes = 0;
    const counted = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.body = counted.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          bytes += chunk.byteLength;
          if (bytes > limit) {
            over = true;
            controller.error(new BodyTooLargeError());
            return;
          }
          controller.enqueue(chunk);
        },
      }),
    );
    init.duplex = 'half';
  }
  return { request: new Request(new URL(req.url ?? '/', origin), init), tooLarge: () => over };
}

/**
 * Writes `response` to `res`. An event stream goes as its events come
 * (./eventStream.ts). A body of known length (the core's answers
 * say it in `Content-Length`) is piped as its chunks come, never gathered:
 * a whole-list answer is megabytes, and reading it whole (`arrayBuffer()`)
 * copied it twice more, per request, while dozens waited for their write's
 * flush. Any other body (an override's, an upload, a backup) is read whole
 * first, so that its `Content-Length` is right.
 */
export async function sendResponse(
  res: ServerResponse,
  response: Response,
  extra: Record<string, string>,
): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'transfer-encoding') headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  Object.assign(headers, extra);
  if (response.body && isEventStream(response)) {
    await sendEventStream(res, response, headers, { headOnly: res.req.method === 'HEAD' });
    return;
  }
  const length = Number(response.headers.get('content-length') ?? NaN);
  const streamed = response.body !== null && Number.isSafeInteger(length) && length >= 0;
  const body = streamed ? null : Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(body?.byteLength ?? length);
  res.writeHead(response.status, headers);
  if (body) {
    res.end(body); // node:http leaves the body out of a HEAD answer itself
    return;
  }
  // With the socket's backpressure; a client gone mid-answer just ends it.
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), res).catch(() => {
    res.destroy();
  });
}

/** A JSON error answer in the catalogue's shape. */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  extra: Record<string, string> = {},
): void {
  const body = JSON.stringify({ errors: [message] });
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    ...extra,
  });
  res.end(body);
}
