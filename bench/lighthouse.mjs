// Lighthouse (Node API, the bench's Chromium) on /login signed out and Home
// signed in, cold (Lighthouse clears the cache and the service worker), with
// the desktop and mobile presets. Home on the mobile preset, first visit
// beside return visit, is in the phone section (phone.mjs).
//   BENCH_LIGHTHOUSE=login:mobile:3,home:desktop:1   other pages, presets and run counts
import { fmt, kB, table, target } from './lib/format.mjs';
import { lighthouseMedian } from './lib/lighthouse.mjs';

/** [page, preset, runs]: the mobile figures are medians of three. */
const FULL = [
  ['login', 'desktop', 1],
  ['login', 'mobile', 3],
  ['home', 'desktop', 1],
];
const SMOKE = [['login', 'desktop', 1]];

export default {
  title:
    'Lighthouse (Node API, same Chromium; simulated throttling as each preset defines; figures are medians of the runs)',
  smoke: true,
  async run(env) {
    const chosen = process.env.BENCH_LIGHTHOUSE?.split(',').map((x) => x.split(':')) ?? (env.smoke ? SMOKE : FULL);
    const lh = await env.lighthouse();
    const results = [];
    for (const [page, preset, runs = 1] of chosen)
      results.push(await lighthouseMedian(lh, { page, preset, visit: 'first' }, Number(runs)));
    const targets = [];
    for (const l of results) {
      const perf = l.preset === 'desktop' ? 95 : 98;
      targets.push(
        target(
          `Lighthouse ${l.page} ${l.preset}: performance ≥ ${perf}, a11y ≥ 95, best practices ≥ 95`,
          `${l.performance} / ${l.accessibility} / ${l.bestPractices}`,
          l.performance >= perf && l.accessibility >= 95 && l.bestPractices >= 95,
        ),
      );
      if (l.preset === 'mobile' && l.page === 'login')
        targets.push(
          target('Lighthouse mobile /login: LCP ≤ 1.5 s', fmt(l.lcp, 0), l.lcp <= 1500),
          target('Lighthouse mobile /login: TBT ≤ 100 ms', fmt(l.tbt, 0), l.tbt <= 100),
        );
      console.log(
        `  ${l.page} ${l.preset}: performance ${l.performance}, LCP ${fmt(l.lcp, 0)} ms, TBT ${fmt(l.tbt, 0)} ms`,
      );
    }
    const rows = results.map((l) => [
      l.page === 'home' ? 'Home (/)' : '/login',
      l.preset,
      `${l.performance}`,
      `${l.accessibility}`,
      `${l.bestPractices}`,
      fmt(l.fcp, 0),
      fmt(l.lcp, 0),
      fmt(l.tbt, 0),
      fmt(l.cls, 3),
      kB(l.transfer ?? NaN),
      `${l.runs.length}: ${l.runs.map((x) => `${x.performance} (LCP ${fmt(x.lcp, 0)})`).join(', ')}`,
      l.finalUrl,
      l.failing.join(', ') || '–',
    ]);
    return {
      body: [
        'Cold: Lighthouse clears the cache and the service worker before each run; Home is signed in through the session in localStorage. Transfer = `total-byte-weight`. Reports: bench/out/lighthouse-*.json.',
        '',
        table(
          [
            'page',
            'preset',
            'performance',
            'accessibility',
            'best practices',
            'FCP',
            'LCP',
            'TBT',
            'CLS',
            'transfer',
            'runs: performance (LCP)',
            'final URL',
            'audits below 0.9',
          ],
          rows,
        ),
        '',
        `Largest paint: ${results.map((l) => `${l.page} ${l.preset}: \`${l.lcpElement.slice(0, 120)}\``).join('; ')}.`,
      ].join('\n'),
      targets,
    };
  },
};
