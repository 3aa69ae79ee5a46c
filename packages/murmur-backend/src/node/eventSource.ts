// msw's `sse()` handler requires the platform's `EventSource` when it is
// made, and Node has none before 22 (and behind a flag there): the
// `eventsource` package's (the WHATWG interface, on Node's `fetch`) stands
// in where it is missing. It is also what Node code uses to read a stream.

import { EventSource as NodeEventSource } from 'eventsource';

/** Makes `EventSource` global where the platform has none; the global one either way. */
export function ensureEventSource(): typeof EventSource {
  if (typeof globalThis.EventSource === 'undefined') {
    globalThis.EventSource = NodeEventSource as unknown as typeof EventSource;
  }
  return globalThis.EventSource;
}
