// How many bytes of answers the HTTP server holds that its clients have not
// read yet, and a wait before it makes more. A write that answers every post
// (`{posts}`, about 8 MB at 10,000 posts) is made in a few ms and read by its
// client in tens: with 50 clients writing at once, the server made an answer
// for each of them long before the first was read, and held them all
// (hundreds of MB). Now a request is let in only while the answers held,
// and those being made (each counted at the size of the largest of the last
// few sent), fit in the budget; the others wait, unread. The clients' own pace sets the
// rate either way, and a small answer (a read, a `Prefer: return=minimal`
// write) counts for little.

/** The bytes of unread answers the server holds before new requests wait: a few whole-list answers at 10,000 posts. */
export const OUTBOUND_BUDGET_BYTES = 24 * 2 ** 20;

/** One request let in: `hold(bytes)` once its answer is being sent, `done()` when it is over (both at most once). */
export interface OutboundTicket {
  hold(bytes: number): void;
  done(): void;
}

/** The ticket of the request `res` answers, while it is being answered (see `OutboundBudget.answering`). */
const tickets = new WeakMap<object, OutboundTicket>();

/** Counts an answer of `bytes` as held by the request `res` answers (nothing outside `answering`). */
export function holdAnswer(res: object, bytes: number): void {
  tickets.get(res)?.hold(bytes);
}

/** How many of the last answers' sizes estimate the next one's. */
const RECENT = 8;

export class OutboundBudget {
  /** Bytes of answers being sent. */
  #held = 0;
  /** Requests let in whose answer is not being sent yet. */
  #making = 0;
  /** The sizes of the last answers sent (at first, an eighth of the budget each): one being made counts as their largest. */
  #recent: number[];
  #waiting: ((ticket: OutboundTicket) => void)[] = [];

  constructor(private readonly limit = OUTBOUND_BUDGET_BYTES) {
    this.#recent = new Array<number>(RECENT).fill(limit / 8);
  }

  /** Bytes of answers being sent now. */
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

  /** Runs `answer` for the request `res` answers once there is room, its ticket done when it settles. */
  async answering<T>(res: object, answer: () => Promise<T>): Promise<T> {
    const ticket = await this.enter();
    tickets.set(res, ticket);
    try {
      return await answer();
    } finally {
      ticket.done();
    }
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
}
