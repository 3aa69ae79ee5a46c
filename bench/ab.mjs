#!/usr/bin/env node
// Two builds of the site compared on one host, their runs interleaved (A, B,
// A, B, …), so that the machine's other work falls on both alike: what the
// bench's notes ask before a start-up technique stays or goes.
//   node bench/ab.mjs --a=web/dist-before --b=web/dist --measure=click,return,lh-login,lh-return --runs=5
// Measures: `click` (/login's Login As Guest → first post, CPU 4×), `return`
// and `first` (Home's first post on a return and a first visit, slow 4G and
// CPU 4×; the app's own card as `appPost`), `lh-login` and `lh-return`
// (Lighthouse's mobile profile: /login cold, Home's return visit). The load
// (`uptime`) is printed before each pair. Ports: BENCH_PORT_BASE (default
// 4361) + 0 and 1 for the two sites, + 4 for Chromium's debugging port.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from './lib/chromium.mjs';
import { fmt, median } from './lib/format.mjs';
import { lighthouseRun } from './lib/lighthouse.mjs';
import { uptime } from './lib/machine.mjs';
import { serve } from './lib/serve.mjs';
import { guestSession } from './lib/site.mjs';
import { firstVisit, guestClick, returnVisit } from './phone.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const DIRS = { A: resolve(ROOT, arg('a', '')), B: resolve(ROOT, arg('b', '')) };
const MEASURES = arg('measure', 'click,return').split(',');
const RUNS = Number(arg('runs', '5'));
const PORT = Number(process.env.BENCH_PORT_BASE ?? 4361);
const OUT = join(ROOT, 'bench', 'out', 'ab');

/** Each measure: one run against a site, to a figure (ms or a score) or several by name. */
const RUN = {
  click: (site) => guestClick(site.browser, site.origin),
  first: (site) => firstVisit(site.browser, site.origin, site.session),
  return: (site) => returnVisit(site.browser, site.origin, site.session),
  'lh-login': (site, run) => lighthouse(site, { page: 'login', visit: 'first', run }),
  'lh-return': (site, run) => lighthouse(site, { page: 'home', visit: 'return', run }),
};

async function lighthouse(site, { page, visit, run }) {
  const l = await lighthouseRun(
    { browser: site.browser, origin: site.origin, cdpPort: PORT + 4, session: site.session, outDir: site.out },
    { page, preset: 'mobile', visit, run },
  );
  return { performance: l.performance, tbt: l.tbt, lcp: l.lcp, fcp: l.fcp };
}

async function main() {
  for (const m of MEASURES) if (!RUN[m]) throw new Error(`--measure=${m}: no such measure (${Object.keys(RUN)})`);
  const chromium = await launchChromium({ cdpPort: PORT + 4, profile: join(OUT, 'profile') });
  const servers = [];
  const sites = {};
  try {
    for (const [name, dir] of Object.entries(DIRS)) {
      const port = PORT + (name === 'A' ? 0 : 1);
      servers.push(await serve(dir, port));
      const origin = `http://127.0.0.1:${port}`;
      const out = join(OUT, name);
      mkdirSync(out, { recursive: true });
      sites[name] = { dir, origin, out, browser: chromium.browser };
      sites[name].session = await guestSession(chromium.browser, origin);
    }
    console.log(`A = ${DIRS.A}\nB = ${DIRS.B}`);
    const results = Object.fromEntries(MEASURES.map((m) => [m, { A: [], B: [] }]));
    for (let run = 0; run < RUNS; run++) {
      console.log(`run ${run + 1}: ${uptime()}`);
      for (const m of MEASURES) {
        // Alternate which build goes first, so that neither always follows the other.
        for (const name of run % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
          const value = await RUN[m](sites[name], run);
          results[m][name].push(value);
          console.log(`  ${m} ${name}: ${JSON.stringify(value)}`);
        }
      }
    }
    console.log(`\nload at the end: ${uptime()}\n`);
    for (const m of MEASURES) {
      for (const name of ['A', 'B']) {
        const values = results[m][name];
        const keys = typeof values[0] === 'number' ? [null] : Object.keys(values[0]);
        const line = keys
          .map((key) => {
            const xs = values.map((v) => (key === null ? v : v[key])).filter(Number.isFinite);
            return `${key ?? 'ms'} median ${fmt(median(xs), 0)} (${xs.map((x) => fmt(x, 0)).join(', ')})`;
          })
          .join('; ');
        console.log(`${m} ${name}: ${line}`);
      }
    }
  } finally {
    await chromium.close();
    for (const server of servers) server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
