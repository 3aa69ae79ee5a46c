// How many bytes of the core's answers the HTTP server holds that its
// clients have not read yet, and a wait before the core makes more. A write
// that answers every post (`{posts}`, megabytes at 10,000 posts) is made
// far faster than its client reads it: with dozens of clients writing at
// once, the server made an answer for each of them long before the first was
// read, and held them all. Now a request reaches the core only
// while the answers held, and those being made (each counted at the size of
// the last answer to a request of its kind: method and route, ids left
// out), fit in the budget; the others wait, their bodies read, before the
// core. An answer is held until its client has read
// it (a large one stays in the core's memory meanwhile, `StreamedBody`).
// The clients' own pace sets the rate either way, and small answers (a
// read, a `Prefer: return=minimal` write) count for little. Requests wait
// here only once read and past `--latency`: a slow client, or a delayed
// answer, holds no place.

import { StreamedBody, type ApiRequest, type Backend } from '../core/coreCall.js';

/** The bytes of unread answers the server holds before requests wait for the core: a few whole-list answers at 10,000 posts. */
export const OUTBOUND_BUDGET_BYTES = 24 * 2 ** 20;

/** Kinds of request whose last answer's size is kept (beyond, they are forgotten and learnt again). */
const KINDS_KEPT = 64;

/** A request's kind: its method and the route's words (`POST /api/posts/like`), ids left out. */
export function requestKind(request: Pick<ApiRequest, 'method' | 'url'>): string {
  const path = request.url.split(/[?#]/, 1)[0] ?? '';
  const words = path.split('/').filter((part, i) => i < 3 || /^[a-z-]+$/.test(part));
  return `${request.method} ${words.slice(0, 4).join('/')}`;
}

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
  /** The bytes the answers being made are counted at, together. */
  #making = 0;
  /** Requests let in whose answer is not made yet. */
  #makingCount = 0;
  /**
   * The size of the last answer to each kind of request: one being made
   * counts as that. A kind not seen yet counts as a quarter of the budget: a
   * few at a time until its size is known (50 clients starting at once must
   * not get 50 whole-list answers made before the first is read).
   */
  #sizes = new Map<string, number>();
  #waiting: { kind: string; estimate: number; admit: (ticket: OutboundTicket) => void }[] = [];

  constructor(private readonly limit = OUTBOUND_BUDGET_BYTES) {}

  /** Bytes of answers made and not read yet. */
  get held(): number {
    return this.#held;
  }

  /** Requests waiting for room. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Resolves once there is room for an answer to a request of `kind` (at once when there is), with its ticket. */
  enter(kind = ''): Promise<OutboundTicket> {
    const estimate = this.#sizes.get(kind) ?? this.limit / 4;
    if (this.#waiting.length === 0 && this.#fits(estimate)) return Promise.resolve(this.#admit(kind, estimate));
    return new Promise((admit) => this.#waiting.push({ kind, estimate, admit }));
  }

  /** Room when nothing is under way (one answer larger than the budget still goes), or when one more answer fits. */
  #fits(estimate: number): boolean {
    if (this.#makingCount === 0 && this.#held === 0) return true;
    return this.#held + this.#making + estimate <= this.limit;
  }

  #admit(kind: string, estimate: number): OutboundTicket {
    this.#making += estimate;
    this.#makingCount += 1;
    let state: 'making' | 'holding' | 'done' = 'making';
    let bytes = 0;
    const made = () => {
      this.#making -= estimate;
      this.#makingCount -= 1;
    };
    return {
      hold: (size) => {
        if (state !== 'making') return;
        state = 'holding';
        made();
        bytes = size;
        this.#held += size;
        if (this.#sizes.size >= KINDS_KEPT && !this.#sizes.has(kind)) this.#sizes.clear();
        this.#sizes.set(kind, size);
      },
      done: () => {
        if (state === 'done') return;
        if (state === 'making') made();
        this.#held -= bytes;
        state = 'done';
        for (let next = this.#waiting[0]; next && this.#fits(next.estimate); next = this.#waiting[0]) {
          this.#waiting.shift();
          next.admit(this.#admit(next.kind, next.estimate));
        }
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
      const ticket = await this.enter(requestKind(request));
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
