// The live events as the package's users read them (`events()` in Node
// and in the browser: ./liveEvents.ts), and what reading them may throw.

/** One event as the core made it: `id` its change's revision, `event` its kind, `data` its JSON. */
export interface MurmurEvent<Data = unknown> {
  id: number;
  event: string;
  data: Data;
}

/** The events a reader may not keep up with: past this many waiting, it is closed (it resumes after the last it read). */
export const MAX_WAITING_EVENTS = 1024;

/** A reader fell behind by more than MAX_WAITING_EVENTS: read again after `after`. */
export class ReaderFellBehind extends Error {
  constructor(readonly after: number) {
    super(`The reader fell ${MAX_WAITING_EVENTS} events behind and was closed: read again after ${after}`);
    this.name = 'ReaderFellBehind';
  }
}

/** The core refused the reader (a bad token): its status and message, as `GET /api/events` answers them. */
export class EventsRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'EventsRefused';
  }
}

/** What `events()` takes: a token (raw, as `encodedToken`), the last id seen, and a signal that ends it. */
export interface EventsOptions {
  token?: string;
  after?: number | string;
  signal?: AbortSignal;
}
