// The msw handler that routes `<base>api/...` into a backend (the core, or a
// layer around it), with the request's body read no further than its limit.

import { http, HttpResponse } from 'msw';
import { BODY_TOO_LARGE, MAX_BODY_BYTES } from '../limits.js';
import { StreamedBody, type Backend } from './coreCall.js';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches `path` (and anything below it, or a query) on any origin. */
export function anyOrigin(path: string): RegExp {
  return new RegExp(`^https?://[^/]+${escapeRegExp(path)}(?:[/?#]|$)`);
}

/**
 * The request's body as text, or `null` once it passes `maxBytes`: a
 * declared `Content-Length` over it is refused unread, and a stream is read
 * no further than the limit.
 */
export async function bodyWithin(request: Request, maxBytes: number): Promise<string | null> {
  if (Number(request.headers.get('content-length')) > maxBytes) return null;
  if (request.body === undefined) {
    // Firefox gives a Request no `body` stream: read it whole, then measure.
    const bytes = await request.arrayBuffer();
    return bytes.byteLength > maxBytes ? null : new TextDecoder().decode(bytes);
  }
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      // Not awaited: under msw/node the cancel of an intercepted body never settles.
      reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}

const HEADERS = { 'Content-Type': 'application/json', 'X-Murmur-Backend': 'wasm-core' };

/**
 * The core's bytes as a body, handed on as they are. `new Response(bytes)`
 * copies them (the Fetch standard's "extract a body"), and a whole-list
 * answer is megabytes; a stream of that one chunk is read, transferred to
 * the service worker or written to a socket without a copy. Its length is
 * the `Content-Length` beside it.
 */
function bytesStream(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * The msw handlers that route `<base>api/...` on any origin into `backend`.
 * `basePath` is the site's base, with leading and trailing slash (`/`, `/murmur/`).
 */
export function createHandlers(backend: Backend, basePath = '/') {
  const apiPrefix = `${basePath}api`;
  const pattern = anyOrigin(apiPrefix);
  return [
    http.all(pattern, async ({ request }) => {
      const url = new URL(request.url);
      const path = `/api${url.pathname.slice(apiPrefix.length)}${url.search}`;
      const body =
        request.method === 'GET' || request.method === 'HEAD' ? '' : await bodyWithin(request, MAX_BODY_BYTES);
      // The core refuses it too, but a body this large is not worth copying into it.
      if (body === null) return HttpResponse.json({ errors: [BODY_TOO_LARGE] }, { status: 413, headers: HEADERS });
      const res = await backend.handle({
        method: request.method,
        url: path,
        authorization: request.headers.get('authorization') ?? undefined,
        body,
        prefer: request.headers.get('prefer') ?? undefined,
      });
      const headers: Record<string, string> = { ...HEADERS };
      if (res.allow) headers.Allow = res.allow;
      if (res.preferenceApplied) headers['Preference-Applied'] = res.preferenceApplied;
      if (typeof res.body === 'string') return new HttpResponse(res.body, { status: res.status, headers });
      headers['Content-Length'] = String(res.body.byteLength);
      const stream = res.body instanceof StreamedBody ? res.body.stream() : bytesStream(res.body);
      return new HttpResponse(stream, { status: res.status, headers });
    }),
  ];
}
