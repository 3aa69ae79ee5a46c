// An event stream (`text/event-stream`: GET /api/events, msw's `sse()`
// handler) written to a node:http response as its events come, each flushed
// at once. Two things only HTTP needs are added here: a heartbeat comment
// (`: ping`) while the stream is idle, so that proxies and load balancers
// do not close it, and a bound on what waits unsent for a slow or vanished
// reader: past it for READER_GRACE_MS (time to take a burst, or a resume's
// events, all written at once) the connection is closed (the reader resumes
// with `Last-Event-ID`), so a reader never holds a write back nor the
// server's memory up. (In the other transports the events route bounds
// what waits unread in the stream itself: here the stream is read as it
// comes.)

import type { ServerResponse } from 'node:http';
import { graceBound, MAX_STREAM_BUFFER_BYTES, READER_GRACE_MS } from '../core/eventsRoute.js';

/** How often an idle stream gets a heartbeat comment: well within the idle time after which common proxies close a connection. */
export const HEARTBEAT_MS = 20_000;

/** How long a stream's events may wait for the next ones, to leave together. */
export const STREAM_BATCH_MS = 5;

/** The heartbeat: an SSE comment, which every client ignores. */
export const HEARTBEAT = ': ping\n\n';

/** Whether `response` is an event stream, to be written as it comes. */
export function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').split(';', 1)[0]!.trim() === 'text/event-stream';
}

/**
 * Writes the event stream `response` to `res` until either side ends it;
 * resolves then. `headOnly`: a HEAD, answered with the headers alone.
 */
export async function sendEventStream(
  res: ServerResponse,
  response: Response,
  headers: Record<string, string | string[]>,
  {
    headOnly = false,
    heartbeatMs = HEARTBEAT_MS,
    maxBufferedBytes = MAX_STREAM_BUFFER_BYTES,
    graceMs = READER_GRACE_MS,
  } = {},
): Promise<void> {
  const reader = response.body!.getReader();
  // Each event is written as it comes: no Nagle delay, no length.
  res.socket?.setNoDelay(true);
  res.writeHead(response.status, headers);
  res.flushHeaders();
  if (headOnly) {
    res.end();
    await reader.cancel();
    return;
  }
  const bound = graceBound(
    () => res.writableLength > maxBufferedBytes,
    () => res.destroy(),
    graceMs,
  );
  const send = (chunk: string | Uint8Array) => {
    if (res.destroyed || res.writableEnded) return;
    // The events that come within STREAM_BATCH_MS of the first (one
    // change's, or those of writes made together) leave in one write to
    // the socket: a system call per stream per event was most of what
    // many open streams cost the server.
    if (res.writableCorked === 0) {
      res.cork();
      setTimeout(() => res.uncork(), STREAM_BATCH_MS);
    }
    res.write(chunk);
    // A reader that does not keep up is let go rather than buffered for.
    bound.check();
  };
  let lastSent = Date.now();
  const heartbeat = setInterval(() => {
    if (Date.now() - lastSent >= heartbeatMs / 2) send(HEARTBEAT);
  }, heartbeatMs);
  // The reader gone: what is being read ends (a pending read resolves done).
  const gone = () => void reader.cancel().catch(() => undefined);
  res.once('close', gone);
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      lastSent = Date.now();
      send(next.value);
    }
  } catch {
    // The stream failed (its handler errored): the connection just ends.
  } finally {
    clearInterval(heartbeat);
    bound.cancel();
    res.off('close', gone);
    gone();
    if (!res.destroyed && !res.writableEnded) res.end();
  }
}
