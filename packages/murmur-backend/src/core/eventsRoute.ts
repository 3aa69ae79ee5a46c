// `GET <base>api/events`: the state's live events as Server-Sent Events
// (docs/rules.md, "Live events"), through msw's own `sse()` handler, so that
// one handler answers in the browser's worker, in the page's transport, in
// msw/node and over HTTP (the server pipes the stream it answers). Each
// event is `id:` its change's revision, `event:` its kind and `data:` its
// JSON, exactly as the core made it. The core answers the path's other
// methods (405, `Allow: GET`).
//
// What waits unread for a stream's reader is bounded: msw's stream holds
// whatever it is sent until it is read, and a page or a test that never
// reads would hold every event after it. The stream is read as it comes into
// one that counts the bytes waiting; past MAX_STREAM_BUFFER_BYTES for
// READER_GRACE_MS it fails (the reader resumes with `Last-Event-ID`, as
// EventSource does by itself) and its reader is closed. A host that reads
// every stream as it comes and bounds what waits in its own buffers (the
// HTTP server, its sockets, with the same `graceBound`) says so
// (`hostBoundsStreams`) and is spared the second stream.

import { getResponse, http, HttpResponse, sse } from 'msw';
import type { EventReader, LiveEvents } from './liveEvents.js';

/** A backend whose state has live readers. */
export interface EventsBackend {
  liveEvents(): LiveEvents | Promise<LiveEvents>;
}

/** Where a client that cannot send `Authorization` (`EventSource`) puts its token. */
export const ACCESS_TOKEN_PARAMETER = 'access_token';

/** What a `GET` of the stream that does not ask for one (`Accept: text/event-stream`) gets, with 406. */
export const NOT_AN_EVENT_STREAM_REQUEST =
  'GET /api/events answers Server-Sent Events only: send Accept: text/event-stream (EventSource does)';

/** The stream's events by kind (`post.created`, `notification`, `resync`...: the contract's `LiveEvent`), each data its JSON text. */
type EventKinds = { [kind: `${string}.${string}`]: string; notification: string; resync: string };

/** Bytes a stream may have waiting for its reader before it is closed: many events, even large ones. */
export const MAX_STREAM_BUFFER_BYTES = 256 * 1024;

/** How long more than MAX_STREAM_BUFFER_BYTES may wait for a reader before it is let go. */
export const READER_GRACE_MS = 1_000;

/** Why a stream whose reader let MAX_STREAM_BUFFER_BYTES wait was closed. */
export const READER_FELL_BEHIND =
  'The reader of GET /api/events fell too far behind and the stream was closed: read it again with Last-Event-ID';

const JSON_HEADERS = { 'Content-Type': 'application/json', 'X-Murmur-Backend': 'wasm-core' };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A check to call after each write to a reader: once `behind()` holds, it
 * looks again `graceMs` later (a reader that reads takes a burst, or the
 * events a resume hands it at once, well within it) and calls `letGo` if
 * the reader is still behind. `cancel` drops a pending look.
 */
export function graceBound(behind: () => boolean, letGo: () => void, graceMs = READER_GRACE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const look = () => {
    timer = undefined;
    if (behind()) letGo();
  };
  return {
    check: () => {
      if (behind()) timer ??= setTimeout(look, graceMs);
    },
    cancel: () => clearTimeout(timer),
  };
}

/**
 * `source` read as it comes, into a stream that fails once more than
 * `maxBytes` have waited in it unread for `graceMs` (a reader that reads
 * takes a burst, or the events a resume hands it at once, well within it);
 * `ended` is called when `source` is no longer read (it ended, failed or was
 * let go).
 */
export function boundedStream(
  source: ReadableStream<Uint8Array>,
  maxBytes: number,
  ended: () => void,
  graceMs = READER_GRACE_MS,
): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const bound = graceBound(
          () => (controller.desiredSize ?? 0) < 0,
          () => {
            controller.error(new Error(READER_FELL_BEHIND));
            void reader.cancel().catch(() => undefined);
          },
          graceMs,
        );
        void (async () => {
          try {
            for (;;) {
              const next = await reader.read();
              if (next.done) return controller.close();
              controller.enqueue(next.value);
              bound.check();
            }
          } catch (error) {
            // Failed, or already let go (then this changes nothing).
            controller.error(error);
          } finally {
            bound.cancel();
            ended();
          }
        })();
      },
      cancel: (reason) => reader.cancel(reason),
    },
    new ByteLengthQueuingStrategy({ highWaterMark: maxBytes }),
  );
}

/** The events' handlers under `basePath` (with leading and trailing slash), on any origin. */
export function eventsHandlers(backend: EventsBackend, basePath = '/', { hostBoundsStreams = false } = {}) {
  const pattern = new RegExp(`^https?://[^/]+${escapeRegExp(`${basePath}api/events`)}(?:[?#]|$)`);
  /** msw's `sse()` handler for one request, handing its reader to `opened`. */
  const stream = (opened: (reader: EventReader) => void) =>
    sse<EventKinds>(pattern, async ({ request, client }) => {
      const url = new URL(request.url);
      const authorization =
        request.headers.get('authorization') ?? url.searchParams.get(ACCESS_TOKEN_PARAMETER) ?? undefined;
      const live = await backend.liveEvents();
      const open = live.open(
        { authorization, after: request.headers.get('last-event-id') ?? undefined },
        (events) => {
          for (const { message } of events)
            client.send(message as { id: string; event: keyof EventKinds; data: string });
        },
        () => client.close(),
      );
      // Thrown, a response replaces the stream (msw's handlers allow it).
      if (open.refused)
        throw new HttpResponse(open.refused.body, { status: open.refused.status, headers: JSON_HEADERS });
      const { reader } = open;
      opened(reader);
      if (request.signal.aborted) reader.close();
      else request.signal.addEventListener('abort', () => reader.close(), { once: true });
    });
  return [
    http.get(pattern, async ({ request }) => {
      let reader: EventReader | undefined;
      const response = await getResponse([stream((opened) => (reader = opened))], request, { quiet: true });
      if (!response)
        return HttpResponse.json({ errors: [NOT_AN_EVENT_STREAM_REQUEST] }, { status: 406, headers: JSON_HEADERS });
      if (!reader || !response.body || hostBoundsStreams) return response;
      const { status, statusText, headers } = response;
      const opened = reader;
      return new Response(
        boundedStream(response.body, MAX_STREAM_BUFFER_BYTES, () => opened.close()),
        {
          status,
          statusText,
          headers,
        },
      );
    }),
  ];
}
