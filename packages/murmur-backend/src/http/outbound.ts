// How many bytes of the core's answers the HTTP server holds that its
// clients have not read yet, and a wait before the core makes more. A write
// that answers every post (`{posts}`, about 8 MB at 10,000 posts) is made in
// a few ms and read by its client in tens: with 50 clients writing at once,
// the server made an answer for each of them long before the first was read,
// and held them all (hundreds of MB). Now a request reaches the core only
// while the answers held, and those being made (each counted at the size of
// the largest of the last few), fit in the budget; the others wait, their
// bodies read, before the core. An answer is held until its client has read
// it (a large one stays in the core's memory meanwhile, `StreamedBody`).
// The clients' own pace sets the rate either way, and small answers (a
// read, a `Prefer: return=minimal` write) count for little. Requests wait
// here only once read and past `--latency`: a slow client, or a delayed
// answer, holds no place.

import { StreamedBody, type ApiRequest, type Backend } from '../core/apiRoute.js';

/** The bytes of unread answers the server holds before requests wait for the core: a few whole-list answers at 10,000 posts. */
export const OUTBOUND_BUDGET_BYTES = 32 * 2 ** 20;

/** How many of the last answers' sizes estimate the next one's. */
const RECENT = 8;

/** An answer dropped unread (no reader ever came) gives its place back when collected. */
const unread = new FinalizationRegistry<() => void>((done) => done());

/** One request let in: `hold(bytes)` once its answer is made, `done()` when it is read or given up (both at most once). */
export interface OutboundTicket {
  hold(bytes: number): void;
  done(): void;
}

export class OutboundBudget {
  /** Bytes of answers made and not read yet. */
  #held = 0;
  /** Requests let in whose answer is not made yet. */
  #making = 0;
  /**
   * The sizes of the last answers: one being made counts as their largest.
   * At first, a quarter of the budget each: a few requests at a time until
   * the answers' sizes are known (50 clients starting at once must not get
   * 50 whole-list answers made before the first is read).
   */
  #recent: number[];
  #waiting: ((ticket: OutboundTicket) => void)[] = [];

  constructor(private readonly limit = OUTBOUND_BUDGET_BYTES) {
    this.#recent = new Array<number>(RECENT).fill(limit / 4);
  }

  /** Bytes of answers made and not read yet. */
  get held(): number {
    return this.#held;
  }

  /** Requests waiting for room. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Resolves once there is room for one more answer (at once when there is), with its ticket. */
  enter(): Promise<OutboundTicket> {
    if (this.#waiting.length === 0 && this.#fits()) return Promise.resolve(this.#admit());
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  /** Room when nothing is under way (one answer larger than the budget still goes), or when one more answer fits. */
  #fits(): boolean {
    if (this.#making === 0 && this.#held === 0) return true;
    return this.#held + (this.#making + 1) * Math.max(...this.#recent) <= this.limit;
  }

  #admit(): OutboundTicket {
    this.#making += 1;
    let state: 'making' | 'holding' | 'done' = 'making';
    let bytes = 0;
    return {
      hold: (size) => {
        if (state !== 'making') return;
        state = 'holding';
        this.#making -= 1;
        bytes = size;
        this.#held += size;
        this.#recent.shift();
        this.#recent.push(size);
      },
      done: () => {
        if (state === 'done') return;
        if (state === 'making') this.#making -= 1;
        this.#held -= bytes;
        state = 'done';
        while (this.#waiting.length > 0 && this.#fits()) this.#waiting.shift()!(this.#admit());
      },
    };
  }

  /**
   * `backend` with its requests to the core let through this budget: each
   * waits for room, and its answer is held until read (a `StreamedBody`: to
   * its end, or until its reader gives up) or, small, at once.
   */
  gate<B extends Backend>(backend: B): B {
    const handle = async (request: ApiRequest) => {
      const ticket = await this.enter();
      try {
        const answer = await backend.handle(request);
        const { body } = answer;
        const size = typeof body === 'string' ? body.length : body.byteLength;
        ticket.hold(size);
        if (body instanceof StreamedBody) {
          body.whenRead(() => ticket.done());
          unread.register(body, () => ticket.done());
        } else ticket.done();
        return answer;
      } catch (error) {
        ticket.done();
        throw error;
      }
    };
    return { ...backend, handle };
  }
}
