// @vitest-environment node
// The HTTP server holds a bounded number of bytes of unread answers: a
// request waits, before its answer is made, while the answers being sent and
// those being made would pass the budget; small answers pass freely, and one
// answer larger than the whole budget still goes when nothing else is under way.
import { describe, expect, it } from 'vitest';
import { coreBackend, StreamedBody, type ApiRequest } from '../core/coreCall.js';
import { createNodeCore } from '../node/index.js';
import { OutboundBudget, requestKind } from './outbound.js';

/** Whether `promise` has settled after the microtasks queued so far. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('the outbound budget', () => {
  it('lets a request in only while the answers held and being made fit, and the next in when one is read', async () => {
    const budget = new OutboundBudget(100);
    const first = await budget.enter();
    first.hold(60);
    // The next would be counted at 60 (the last answer of its kind): 60 + 60 > 100.
    const second = budget.enter();
    expect(await settled(second)).toBe(false);
    expect(budget.waiting).toBe(1);
    first.done();
    expect(await settled(second)).toBe(true);
    expect(budget.held).toBe(0);
  });

  it('lets small answers through many at a time', async () => {
    const budget = new OutboundBudget(100);
    const warm = await budget.enter();
    warm.hold(1);
    warm.done();
    // Once one small answer of the kind is seen, the next count at its size.
    const small = await budget.enter();
    small.hold(2);
    small.done();
    const tickets = await Promise.all(Array.from({ length: 20 }, () => budget.enter()));
    for (const ticket of tickets) ticket.hold(2);
    expect(budget.held).toBe(40);
    for (const ticket of tickets) ticket.done();
    expect(budget.held).toBe(0);
  });

  it('counts each kind of request at its own last answer: small sign-ins let in no flood of whole-list writes', async () => {
    const budget = new OutboundBudget(100);
    for (let i = 0; i < 3; i++) {
      const login = await budget.enter('POST /api/auth/login');
      login.hold(1);
      login.done();
    }
    // A kind not seen yet counts as a quarter of the budget: four at a time.
    const writes = Array.from({ length: 6 }, () => budget.enter('POST /api/posts'));
    const admitted = await Promise.all(writes.map(settled));
    expect(admitted).toEqual([true, true, true, true, false, false]);
    expect(requestKind({ method: 'POST', url: '/api/posts/like/p-01?x=1' })).toBe('POST /api/posts/like');
    expect(requestKind({ method: 'GET', url: '/api/posts/user/afreen' })).toBe('GET /api/posts/user');
    expect(requestKind({ method: 'POST', url: '/api/comments/add/6d1e-4f' })).toBe('POST /api/comments/add');
  });

  it('sends one answer larger than the budget when nothing else is under way, and never two', async () => {
    const budget = new OutboundBudget(100);
    const big = await budget.enter();
    big.hold(500);
    const next = budget.enter();
    expect(await settled(next)).toBe(false);
    big.done();
    const ticket = await next;
    ticket.done(); // a request that answered nothing (a dropped connection) frees its place too
    expect(await settled(budget.enter())).toBe(true);
  });

  it('gates a backend: the next request reaches the core once a large answer before it is read', async () => {
    const core = createNodeCore();
    core.loadBulk(50, 2000); // every post: about 0.7 MB
    const reached: string[] = [];
    const inner = coreBackend(core);
    const gated = new OutboundBudget(2 ** 20).gate({
      handle: (request: ApiRequest) => (reached.push(request.url), inner.handle(request)),
    });
    const all = { method: 'GET', url: '/api/posts', authorization: undefined, body: '' };
    const first = await gated.handle(all); // a quarter of the budget estimated: let in
    const body = first.body as StreamedBody;
    expect(body).toBeInstanceOf(StreamedBody);
    const second = Promise.resolve(gated.handle({ ...all, url: '/api/posts?second' }));
    expect(await settled(second)).toBe(false);
    expect(reached).toEqual(['/api/posts']);
    const reader = body.stream().getReader();
    while (!(await reader.read()).done);
    expect(await settled(second)).toBe(true);
    expect(reached).toEqual(['/api/posts', '/api/posts?second']);
    ((await second).body as StreamedBody).bytes();
  });
});
