// API round trips (fetch → parsed JSON) in one page, through ours (the wasm
// core with the app's own msw handlers, answered in the page by the in-page
// transport as the app is), ours saving to IndexedDB, the floor (a
// precomputed body of the same size through the same path) and MirageJS
// (timing 0 and its default), interleaved call by call
// (harness/harness.ts).
import { fmt, kB, table, target } from './lib/format.mjs';
import { harnessSizes, runHarness } from './lib/harness.mjs';

const ENDPOINTS = ['GET /api/posts', 'POST like', 'POST login'];

export default {
  title: 'API round trip (fetch → parsed JSON), median / p95 ms',
  smoke: true,
  async run(env) {
    const config = env.smoke
      ? { reps: 3, warmup: 1, mirageDefaultReps: 1 }
      : { reps: 40, repsBySize: { 1000: 25, 10000: 10 }, warmup: 3, mirageDefaultReps: 6 };
    const sizes = harnessSizes(env.smoke);
    const r = await runHarness(env, {
      ...config,
      sizes,
      coreReps: 0,
      backends: ['ours', 'ours-idb', 'floor', 'mirage-0', 'mirage-default'],
      parts: ['roundTrips'],
    });
    const get = (backend, size, endpoint) =>
      r.roundTrips.find((x) => x.backend === backend && x.size === size && x.endpoint === endpoint);
    const rows = [];
    const targets = [];
    for (const size of sizes) {
      for (const endpoint of ENDPOINTS) {
        const [ours, durable, floor, m0, md] = ['ours', 'ours-idb', 'floor', 'mirage-0', 'mirage-default'].map((b) =>
          get(b, size, endpoint),
        );
        const ms = (x) => (x ? `${fmt(x.stat.median)} / ${fmt(x.stat.p95)}` : '–');
        const ratio = (a, b) => (a && b ? `${(a.stat.median / b.stat.median).toFixed(2)}×` : '–');
        rows.push([
          `${size}`,
          endpoint,
          ours ? kB(ours.bytes) : '–',
          ms(ours),
          ms(durable),
          ms(floor),
          ms(m0),
          ms(md),
          ratio(ours, floor),
          ratio(m0, ours),
          ratio(md, ours),
        ]);
        if (size === 100 && ours && floor && m0) {
          targets.push(
            target(
              `Round trip at 100 posts, ${endpoint}: ours ≤ 1.3× floor`,
              ratio(ours, floor),
              ours.stat.median <= 1.3 * floor.stat.median,
            ),
            target(
              `Round trip at 100 posts, ${endpoint}: ≥ 2× faster than Mirage timing 0`,
              ratio(m0, ours),
              m0.stat.median >= 2 * ours.stat.median,
            ),
          );
        }
        if (size === 1000 && ours)
          targets.push(
            target(
              `Round trip at 1,000 posts, ${endpoint}: median ≤ 8 ms`,
              fmt(ours.stat.median),
              ours.stat.median <= 8,
            ),
          );
      }
    }
    const reps = `${config.reps}${
      config.repsBySize
        ? ` (${Object.entries(config.repsBySize)
            .map(([k, v]) => `${v} at ${k}`)
            .join(', ')})`
        : ''
    }`;
    return {
      body: [
        "ours = the wasm core through msw with the app's own handlers; ours + IndexedDB = the same with the production backend, which saves every successful POST to IndexedDB before answering (informative: the targets are about ours); floor = an msw handler answering a precomputed body of the same size. " +
          "Ours, ours + IndexedDB and the floor all take the app's path: the in-page transport (`createInPageTransport` of `@murmur/backend/testing`, msw's `getResponse`) answering in the page with the worker's current handlers, the service worker running but not on the way. MirageJS replaces `fetch` with its own (pretender), as it does in an app. " +
          'Mirage 0 / Mirage default = the MirageJS implementation in bench/harness/mirage.ts with `timing = 0` / its default timing (400 ms in development). ' +
          `A like is taken back (untimed) after each timed like. Body = the size of our answer (Mirage answers the same posts). Harness page cross-origin isolated (fine timer): ${r.crossOriginIsolated}.`,
        '',
        table(
          [
            'posts',
            'call',
            'body',
            'ours',
            'ours + IndexedDB',
            'floor',
            'Mirage 0',
            'Mirage default',
            'ours/floor',
            'Mirage 0/ours',
            'Mirage default/ours',
          ],
          rows,
        ),
        '',
        `Repetitions per figure: ${reps} after ${config.warmup} warm-up calls; Mirage default: ${config.mirageDefaultReps}.`,
      ].join('\n'),
      targets,
    };
  },
};
