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

/** An event with the message a stream sends of it: `id:` as text, `data:` one line of JSON. */
export interface SentEvent extends MurmurEvent {
  /** Made once for every reader, which sends it as it is. */
  message: { id: string; event: string; data: string };
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

/** What a read hands a reader: the events it may see now, and where it then stands. */
interface Share {
  events: SentEvent[];
  after: number;
}

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
    this.#hand(reader, this.#share(read.body));
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
    // Readers of one user at one revision (most, once they have caught up)
    // share one read, and the same events.
    const shares = new Map<string, Share | undefined>();
    for (const reader of [...this.#readers]) {
      if (reader.after === this.#committed || !this.#readers.has(reader)) continue;
      const key = `${reader.after}\n${reader.authorization ?? ''}`;
      let share = shares.get(key);
      if (!shares.has(key)) {
        const read = this.#read(reader.authorization, String(reader.after));
        share = 'refused' in read ? undefined : this.#share(read.body);
        shares.set(key, share);
      }
      if (share) {
        this.#hand(reader, share);
      } else {
        this.#readers.delete(reader);
        reader.end();
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
    const events = body.events.map((e) => ({
      ...e,
      message: { id: String(e.id), event: e.event, data: JSON.stringify(e.data) },
    }));
    return { body: { revision: body.revision, events } };
  }

  /**
   * The events of `body` a reader may be given now (those whose change is
   * saved; a `resync` always), and where it then stands: past every saved
   * change it was shown or could not see, never past one not saved yet.
   */
  #share(body: { revision: number; events: SentEvent[] }): Share {
    const events = body.events.filter((e) => e.event === RESYNC || e.id <= this.#committed);
    const last = events.at(-1);
    const upTo = Math.min(body.revision, this.#committed);
    return { events, after: last?.event === RESYNC ? last.id : Math.max(last?.id ?? 0, upTo) };
  }

  #hand(reader: Reader, share: Share): void {
    reader.after = share.after;
    if (share.events.length > 0) reader.deliver(share.events);
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
