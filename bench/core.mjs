// The core alone in the page: `handle()` and taking the answer's body out of
// wasm memory, at growing numbers of posts (harness/harness.ts), to show
// that its cost grows linearly with the state.
import { fmt, kB, table, target } from './lib/format.mjs';
import { harnessSizes, runHarness } from './lib/harness.mjs';

const ENDPOINTS = ['GET /api/posts', 'POST like', 'POST login'];

export default {
  title: 'The core alone: `handle()` in the page, median / p95 ms',
  smoke: true,
  async run(env) {
    const sizes = harnessSizes(env.smoke);
    const r = await runHarness(env, {
      sizes,
      reps: 0,
      warmup: 0,
      mirageDefaultReps: 0,
      coreReps: env.smoke ? 3 : 30,
      backends: [],
      parts: ['core'],
    });
    const at = (size, endpoint) => r.core.find((x) => x.size === size && x.endpoint === endpoint);
    const rows = [];
    for (const endpoint of ENDPOINTS) {
      sizes.forEach((size, i) => {
        const c = at(size, endpoint);
        if (!c) return;
        const prev = i > 0 ? at(sizes[i - 1], endpoint) : null;
        rows.push([
          `${size}`,
          endpoint,
          kB(c.bytes),
          fmt(c.stat.median, 3),
          fmt(c.stat.p95, 3),
          `${((c.stat.median * 1000) / size).toFixed(2)}`,
          prev ? `${(c.stat.median / prev.stat.median).toFixed(1)}× for ${(size / prev.size).toFixed(1)}× posts` : '–',
        ]);
      });
    }
    const targets = [];
    // Linear: from 1,000 posts to the largest size, time grows no faster
    // than 1.5× the data (small sizes are mostly fixed cost).
    for (const endpoint of ['GET /api/posts', 'POST like']) {
      const large = sizes.filter((size) => size >= 1000);
      const [lo, hi] = [at(large[0], endpoint), at(large[large.length - 1], endpoint)];
      if (lo && hi && lo !== hi) {
        const growth = hi.stat.median / lo.stat.median;
        const ratio = hi.size / lo.size;
        targets.push(
          target(
            `Core alone: ${endpoint} linear from ${lo.size} to ${hi.size} posts (≤ 1.5 × ${ratio}× growth)`,
            `${growth.toFixed(1)}×`,
            growth <= 1.5 * ratio,
          ),
        );
      }
    }
    const like10k = at(10000, 'POST like');
    if (like10k)
      targets.push(
        target('Core alone: like at 10,000 posts ≤ 15 ms', fmt(like10k.stat.median), like10k.stat.median <= 15),
      );
    return {
      body: [
        "Timed around `callCore()` (`@murmur/backend/testing`): `core.handle(...)`, copying the answer's body bytes out of wasm memory (`takeBody()`, what the app's handler hands to `Response`) and freeing the answer. State loaded with `loadBulk` (users: 6 at 12 posts, a tenth of the posts above).",
        '',
        table(['posts', 'call', 'body', 'median', 'p95', 'µs per post', 'growth from previous size'], rows),
        '',
        `\`loadBulk\` itself: ${r.loadBulk.map((b) => `${b.size} posts: ${fmt(b.ms)} ms`).join('; ')}.`,
      ].join('\n'),
      targets,
    };
  },
};
