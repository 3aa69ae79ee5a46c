// `GET <base>api/events`: the state's live events as Server-Sent Events
// (docs/rules.md, "Live events"), through msw's own `sse()` handler, so that
// one handler answers in the browser's worker, in the page's transport, in
// msw/node and over HTTP (the server pipes the stream it answers). Each
// event is `id:` its change's revision, `event:` its kind and `data:` its
// JSON, exactly as the core made it. The core answers the path's other
// methods (405, `Allow: GET`).

import { http, HttpResponse, sse } from 'msw';
import type { LiveEvents } from './liveEvents.js';

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

const JSON_HEADERS = { 'Content-Type': 'application/json', 'X-Murmur-Backend': 'wasm-core' };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The events' handlers under `basePath` (with leading and trailing slash), on any origin. */
export function eventsHandlers(backend: EventsBackend, basePath = '/') {
  const pattern = new RegExp(`^https?://[^/]+${escapeRegExp(`${basePath}api/events`)}(?:[?#]|$)`);
  return [
    sse<EventKinds>(pattern, async ({ request, client }) => {
      const url = new URL(request.url);
      const authorization =
        request.headers.get('authorization') ?? url.searchParams.get(ACCESS_TOKEN_PARAMETER) ?? undefined;
      const live = await backend.liveEvents();
      const opened = live.open(
        { authorization, after: request.headers.get('last-event-id') ?? undefined },
        (events) => {
          for (const { id, event, text } of events)
            client.send({ id: String(id), event: event as keyof EventKinds, data: text });
        },
        () => client.close(),
      );
      // Thrown, a response replaces the stream (msw's handlers allow it).
      if (opened.refused)
        throw new HttpResponse(opened.refused.body, { status: opened.refused.status, headers: JSON_HEADERS });
      const { reader } = opened;
      if (request.signal.aborted) reader.close();
      else request.signal.addEventListener('abort', () => reader.close(), { once: true });
    }),
    http.get(pattern, () =>
      HttpResponse.json({ errors: [NOT_AN_EVENT_STREAM_REQUEST] }, { status: 406, headers: JSON_HEADERS }),
    ),
  ];
}
