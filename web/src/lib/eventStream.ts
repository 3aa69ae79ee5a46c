// The app's one reader of the backend's live events (`GET /api/events`,
// Server-Sent Events; docs/rules.md, "Live events"), whatever answers it:
// the backend in this page, its service worker or a server. It is `fetch`
// read as a stream rather than `EventSource`, so that the token goes in the
// `Authorization` header as on every other request (never in an address a
// log keeps) and the request goes through the app's transport
// (lib/backendGate.ts). The text is parsed by `eventsource-parser`, the
// spec's parsing algorithm on its own. After a drop it reconnects with
// back-off and `Last-Event-ID`, so nothing is missed.
import { createParser } from 'eventsource-parser';
import type { Transport } from './backendGate';

/** One event as the stream sent it. */
export interface StreamEvent {
  /** The `id:` field: the revision of its change. */
  id: string | undefined;
  /** The `event:` field: its kind (`post.created`, `resync`...). */
  event: string;
  /** The `data:` field: one JSON text. */
  data: string;
}

export interface EventStreamOptions {
  /** The stream's address (`apiUrl('/events')`). */
  url: string;
  /** The session's token, read at each connection. */
  token: () => string | null;
  /** How requests reach the backend. */
  fetch: Transport;
  onEvent: (event: StreamEvent) => void;
  /** The stream is open; `resumed`: it asked for what came after the last event it had. */
  onOpen?: (resumed: boolean) => void;
  /** The open stream ended or failed: a reconnection follows. */
  onDrop?: () => void;
  /** The backend refused the token (401, or 404 for a user gone): the reader stops for good. */
  onRejected?: (status: number, message: string) => void;
  /** Waits between attempts: the first, doubled at each failure up to the last (a `retry:` field sets the first). */
  backoff?: { firstMs: number; maxMs: number };
  /** Spread of the wait (0 to 1), so that many readers dropped together do not come back together. */
  random?: () => number;
}

export interface EventStream {
  /** Closes the stream; it never reconnects. */
  stop(): void;
  /** The id of the last event read (what a reconnection resumes after). */
  lastEventId(): string | undefined;
}

const DEFAULT_BACKOFF = { firstMs: 1000, maxMs: 30_000 };

/** The catalogue's message from an error body, if any. */
async function refusal(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors)) {
      const [message] = body.errors as unknown[];
      if (typeof message === 'string') return message;
    }
  } catch {
    // No JSON: the status says it.
  }
  return `Request failed (${response.status})`;
}

/** Opens the stream and keeps it open until `stop()` or a refused token. */
export function openEventStream(options: EventStreamOptions): EventStream {
  const { url, token, fetch, onEvent, onOpen, onDrop, onRejected, random = Math.random } = options;
  const backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  const controller = new AbortController();
  const { signal } = controller;
  let lastId: string | undefined;
  let firstMs = backoff.firstMs;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });

  /** One connection, read to its end; 'stop' when the token was refused. */
  async function connect(): Promise<'dropped' | 'opened' | 'stop'> {
    const headers: Record<string, string> = { accept: 'text/event-stream' };
    const current = token();
    if (current) headers.authorization = current;
    if (lastId !== undefined) headers['last-event-id'] = lastId;
    const response = await fetch(url, { headers, signal, cache: 'no-store' });
    if (response.status === 401 || response.status === 404) {
      onRejected?.(response.status, await refusal(response));
      return 'stop';
    }
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return 'dropped';
    }
    onOpen?.(lastId !== undefined);
    const parser = createParser({
      onEvent(message) {
        if (message.id !== undefined) lastId = message.id;
        onEvent({ id: message.id, event: message.event ?? 'message', data: message.data });
      },
      onRetry(ms) {
        firstMs = ms;
      },
    });
    const reader = response.body.getReader();
    const stopReading = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', stopReading, { once: true });
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || signal.aborted) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // A stream cut off: the same as one that ended.
    } finally {
      signal.removeEventListener('abort', stopReading);
    }
    if (!signal.aborted) onDrop?.();
    return 'opened';
  }

  void (async () => {
    let failures = 0;
    while (!signal.aborted) {
      let outcome: 'dropped' | 'opened' | 'stop';
      try {
        outcome = await connect();
      } catch {
        outcome = 'dropped';
      }
      if (outcome === 'stop' || signal.aborted) return;
      // A stream that was open and ended starts the back-off afresh.
      failures = outcome === 'opened' ? 0 : failures + 1;
      const ceiling = Math.min(backoff.maxMs, firstMs * 2 ** failures);
      await wait(ceiling / 2 + (ceiling / 2) * random());
    }
  })();

  return {
    stop: () => controller.abort(),
    lastEventId: () => lastId,
  };
}
