// One state's live readers (docs/rules.md, "Live events"): each follows the
// core's events after the last revision it saw. The core makes the events;
// this only asks it for a reader's share when a committed change moved the
// revision (a write answered after its save, another tab's saves loaded, a
// reset or a restore), never on a timer, and hands each reader its events in
// order. Transports sit on top: the `sse()` handler (./eventsRoute.ts) and
// the async iterator Node tests and the devtools read (`iterateEvents`).

import { bodyText, type ApiResponse, type LiveCore } from './coreCall.js';
import {
  EventsRefused,
  MAX_WAITING_EVENTS,
  ReaderFellBehind,
  type EventsOptions,
  type MurmurEvent,
} from './eventsApi.js';

/** An event with its data as the one line of JSON a stream sends. */
export interface SentEvent extends MurmurEvent {
  text: string;
}

/** Who reads: a token (raw or `Bearer`) or none (the public events), and the last id it saw (`Last-Event-ID`). */
export interface ReaderOptions {
  authorization?: string;
  /** The id of the last event read: the reader starts with every event after it (or one `resync`). Left out: from now. */
  after?: string;
}

/** The core's body of `events()` (an `EventsResponse`). */
interface EventsBody {
  revision: number;
  events: MurmurEvent[];
}

/** A reader the source hands events to until it is closed. */
export interface EventReader {
  close(): void;
}

/** What opening a reader answers: a reader, or the core's refusal (401, 404) to send as it is. */
export type Opened = { reader: EventReader; refused?: undefined } | { refused: ApiResponse; reader?: undefined };

interface Reader {
  authorization: string | undefined;
  after: number;
  deliver: (events: SentEvent[]) => void;
  /** Called when the core refuses the reader later (its user gone with a replaced state). */
  end: () => void;
}

const RESYNC = 'resync';

type Read = { refused: ApiResponse } | { body: { revision: number; events: SentEvent[] } };

export class LiveEvents {
  readonly #core: LiveCore;
  readonly #readers = new Set<Reader>();
  /** The newest revision known saved: events past it are held back until their change is. */
  #committed: number;

  constructor(core: LiveCore) {
    this.#core = core;
    this.#committed = core.revision;
  }

  /** How many readers are open. */
  get readers(): number {
    return this.#readers.size;
  }

  /**
   * Opens a reader: its first events (those after `after`, or a `resync`)
   * are delivered at once, the rest as changes are committed. A bad token
   * is refused (401, or 404 for a user that is gone) and opens nothing.
   */
  open(options: ReaderOptions, deliver: Reader['deliver'], end: Reader['end'] = () => undefined): Opened {
    const read = this.#read(options.authorization, options.after);
    if ('refused' in read) return { refused: read.refused };
    const reader: Reader = { authorization: options.authorization, after: 0, deliver, end };
    this.#readers.add(reader);
    this.#hand(reader, read.body);
    return { reader: { close: () => void this.#readers.delete(reader) } };
  }

  /**
   * A change was committed at `revision` (a write's answer, after its save):
   * every reader gets what it may read of it. Without a revision, the state
   * itself was replaced or loaded (a reset, a restore, another tab's saves):
   * the core's revision is then the committed one, whichever way it moved.
   */
  wake(revision?: number): void {
    this.#committed = revision === undefined ? this.#core.revision : Math.max(this.#committed, revision);
    // Delivered now, in order: a test that writes in a loop of awaits (msw/node
    // answers without a turn of the event loop) reads every change's events,
    // not a resync once the window has moved on.
    // Readers of one user at one revision (most, once they have caught up) share one read.
    const reads = new Map<string, Read>();
    for (const reader of [...this.#readers]) {
      if (reader.after === this.#committed || !this.#readers.has(reader)) continue;
      const key = `${reader.after}\n${reader.authorization ?? ''}`;
      let read = reads.get(key);
      if (!read) {
        read = this.#read(reader.authorization, String(reader.after));
        reads.set(key, read);
      }
      if ('refused' in read) {
        this.#readers.delete(reader);
        reader.end();
      } else {
        this.#hand(reader, read.body);
      }
    }
  }

  /** Closes every reader (the state is closing). */
  close(): void {
    const readers = [...this.#readers];
    this.#readers.clear();
    for (const reader of readers) reader.end();
  }

  #read(authorization: string | undefined, after: string | undefined): Read {
    const answer = this.#core.events(authorization, after);
    const response: ApiResponse = { status: answer.status, body: answer.takeBody() as Uint8Array<ArrayBuffer> };
    answer.free();
    if (response.status !== 200) return { refused: response };
    const body = JSON.parse(bodyText(response)) as EventsBody;
    const events = body.events.map((e) => ({ ...e, text: JSON.stringify(e.data) }));
    return { body: { revision: body.revision, events } };
  }

  /**
   * Gives the reader the events of `body` whose change is saved (a `resync`
   * always), and moves it past them: past every saved change it was shown
   * or could not see, never past one not saved yet.
   */
  #hand(reader: Reader, body: { revision: number; events: SentEvent[] }): void {
    const events = body.events.filter((e) => e.event === RESYNC || e.id <= this.#committed);
    const last = events.at(-1);
    const upTo = Math.min(body.revision, this.#committed);
    reader.after = last?.event === RESYNC ? last.id : Math.max(last?.id ?? 0, upTo);
    if (events.length > 0) reader.deliver(events);
  }
}

/** The first message of an error answer in the catalogue's shape. */
function errorMessage(response: ApiResponse): string {
  try {
    const { errors } = JSON.parse(bodyText(response)) as { errors?: unknown[] };
    return typeof errors?.[0] === 'string' ? errors[0] : `status ${response.status}`;
  } catch {
    return `status ${response.status}`;
  }
}

/**
 * The events of `source` as an async iterator, for as long as it is read
 * (`break` closes the reader). The reader opens at once, not at the first
 * `next()`: a write made after this call is among its events. Its first
 * `next()` rejects with an `EventsRefused` for a bad token; once more than
 * MAX_WAITING_EVENTS wait unread, the reader is closed and `next()` throws
 * a `ReaderFellBehind` (read again after its `after`).
 */
export function iterateEvents(
  source: LiveEvents | Promise<LiveEvents>,
  options: EventsOptions = {},
): AsyncGenerator<MurmurEvent, void, undefined> {
  const waiting: MurmurEvent[] = [];
  let wakeUp: (() => void) | null = null;
  let ended = false;
  let fellBehind = false;
  let lastRead = options.after === undefined ? undefined : Number(options.after);
  const notify = () => {
    wakeUp?.();
    wakeUp = null;
  };
  let reader: EventReader | undefined;
  const opening = Promise.resolve(source).then((live) => {
    const opened = live.open(
      { authorization: options.token, after: options.after === undefined ? undefined : String(options.after) },
      (events) => {
        for (const { id, event, data } of events) waiting.push({ id, event, data });
        if (waiting.length > MAX_WAITING_EVENTS) {
          // Not read: held no longer.
          fellBehind = true;
          reader?.close();
        }
        notify();
      },
      () => {
        ended = true;
        notify();
      },
    );
    reader = opened.reader;
    if (fellBehind) reader?.close();
    return opened;
  });
  // Reported by the first `next()`, if it ever comes.
  opening.catch(() => undefined);
  const onAbort = () => {
    ended = true;
    notify();
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  return (async function* read() {
    let opened: Opened | undefined;
    try {
      opened = await opening;
      if (opened.refused) throw new EventsRefused(opened.refused.status, errorMessage(opened.refused));
      for (;;) {
        if (fellBehind) throw new ReaderFellBehind(lastRead ?? 0);
        const next = waiting.shift();
        if (next) {
          lastRead = next.id;
          yield next;
          continue;
        }
        if (ended || options.signal?.aborted) return;
        await new Promise<void>((resolve) => {
          wakeUp = resolve;
        });
      }
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      opened?.reader?.close();
    }
  })();
}
