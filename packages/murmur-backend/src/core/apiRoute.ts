// The msw handler that routes `<base>api/...` into a backend (the core, or a
// layer around it), with the request's body read no further than its limit.

import { delay, http, HttpResponse } from 'msw';
import { BODY_TOO_LARGE, MAX_BODY_BYTES } from '../limits.js';
import { StreamedBody, type Backend } from './coreCall.js';
import { shownBody, shownHeaders, shownQuery, type ReceivedRequest, type TestState } from './testState.js';

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

/** The test state of the request being answered (./testState.ts), when the host keeps one. */
export type TestStateOf = () => TestState | null | Promise<TestState | null>;

/** The answer of a fault: a 500 in the catalogue's shape, or a dropped connection. */
function faultAnswer(failure: 'error' | 'network'): Response {
  if (failure === 'network') return HttpResponse.error();
  return HttpResponse.json({ errors: [FAULT_MESSAGE] }, { status: 500, headers: HEADERS });
}

/** What a fault's `error` answers. */
export const FAULT_MESSAGE = 'Murmur fault: this request was made to fail (__murmur/stubs)';

/**
 * The msw handlers that route `<base>api/...` on any origin into `backend`.
 * `basePath` is the site's base, with leading and trailing slash (`/`, `/murmur/`).
 * `testing`, when given, is the state's test state: each request is recorded
 * in its journal, and its stubs and faults answer first.
 */
export function createHandlers(backend: Backend, basePath = '/', testing?: TestStateOf) {
  const apiPrefix = `${basePath}api`;
  const pattern = anyOrigin(apiPrefix);
  return [
    http.all(pattern, async ({ request }) => {
      const url = new URL(request.url);
      const apiPath = `/api${url.pathname.slice(apiPrefix.length)}`;
      const path = `${apiPath}${url.search}`;
      const body =
        request.method === 'GET' || request.method === 'HEAD' ? '' : await bodyWithin(request, MAX_BODY_BYTES);
      const state = testing ? await testing() : null;
      const began = performance.now();
      const received = state && {
        at: new Date().toISOString(),
        method: request.method,
        path: apiPath,
        query: shownQuery(url.searchParams),
        headers: shownHeaders(request.headers),
        body: body === null ? '[over the size limit]' : shownBody(body),
      };
      const answered = (response: Response, stubbed?: ReceivedRequest['stubbed']) => {
        if (state && received) {
          const status = response.type === 'error' ? 'failed' : response.status;
          const ms = Math.round(performance.now() - began);
          state.record({ ...received, status, ms, ...(stubbed ? { stubbed } : {}) });
        }
        return response;
      };
      const steer = state?.take(request.method, apiPath) ?? null;
      if (steer?.kind === 'stub') {
        if (steer.delayMs > 0) await delay(steer.delayMs);
        const headers = { ...HEADERS, ...steer.headers };
        const text = steer.body === undefined ? null : JSON.stringify(steer.body);
        return answered(new HttpResponse(text, { status: steer.status, headers }), 'stub');
      }
      if (steer?.when === 'before') return answered(faultAnswer(steer.failure), 'fault');
      // The core refuses it too, but a body this large is not worth copying into it.
      if (body === null) {
        return answered(HttpResponse.json({ errors: [BODY_TOO_LARGE] }, { status: 413, headers: HEADERS }));
      }
      const res = await backend.handle({
        method: request.method,
        url: path,
        authorization: request.headers.get('authorization') ?? undefined,
        body,
        prefer: request.headers.get('prefer') ?? undefined,
        idempotencyKey: request.headers.get('idempotency-key') ?? undefined,
      });
      if (steer) {
        // After the commit: the write is saved (handle settles once it is), its answer is lost.
        if (res.body instanceof StreamedBody)
          res.body
            .stream()
            .cancel()
            .catch(() => undefined);
        return answered(faultAnswer(steer.failure), 'fault');
      }
      const headers: Record<string, string> = { ...HEADERS };
      if (res.allow) headers.Allow = res.allow;
      if (res.preferenceApplied) headers['Preference-Applied'] = res.preferenceApplied;
      if (typeof res.body === 'string') return answered(new HttpResponse(res.body, { status: res.status, headers }));
      headers['Content-Length'] = String(res.body.byteLength);
      const stream = res.body instanceof StreamedBody ? res.body.stream() : bytesStream(res.body);
      return answered(new HttpResponse(stream, { status: res.status, headers }));
    }),
  ];
}
