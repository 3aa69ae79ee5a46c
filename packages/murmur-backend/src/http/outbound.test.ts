// @vitest-environment node
// The HTTP server holds a bounded number of bytes of unread answers: a
// request waits, before its answer is made, while the answers being sent and
// those being made would pass the budget; small answers pass freely, and one
// answer larger than the whole budget still goes when nothing else is under way.
import { describe, expect, it } from 'vitest';
import { OutboundBudget } from './outbound.js';

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
    // The next would be counted at 60 (the largest recent answer): 60 + 60 > 100.
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
    // Eight small answers push the first estimate (an eighth of the budget) out.
    for (let i = 0; i < 8; i++) {
      const ticket = await budget.enter();
      ticket.hold(2);
      ticket.done();
    }
    const tickets = await Promise.all(Array.from({ length: 20 }, () => budget.enter()));
    for (const ticket of tickets) ticket.hold(2);
    expect(budget.held).toBe(40);
    for (const ticket of tickets) ticket.done();
    expect(budget.held).toBe(0);
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
});
