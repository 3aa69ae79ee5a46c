#!/usr/bin/env node
// The Murmur bench: every measurement of the project, one file each in this
// folder, all on one headless Chromium and one static host (lib/). Figures
// are printed and written to bench/RESULTS.md, never asserted: a slow
// machine never fails this; only a broken measurement does (exit code 1).
// Budgets (budgets.mjs) are checked in every run and print
// `BUDGET EXCEEDED: …` when crossed.
//   node bench/run.mjs                   every measurement (scripts/bench.sh builds first)
//   node bench/run.mjs --only=sizes,rt   those (a prefix takes a family: persistence → persistence, persistence-app)
//   node bench/run.mjs --smoke           the smoke run of npm test: small sizes, few repetitions
//   node bench/run.mjs --quick           fewer repetitions where a measurement takes minutes
//   node bench/run.mjs --only=http-soak  the HTTP soak (only when named: HTTP_SOAK_REQUESTS, default 1,000,000)
// Ports: BENCH_PORT_BASE (default 4341) + 0, 1, 4 for the site, the harness
// pages and Chromium's debugging port; the smoke run takes + 2, 3, 5, so
// that it can run beside a full run.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { budgetLine, checked } from './lib/budgets.mjs';
import { launchChromium } from './lib/chromium.mjs';
import { table } from './lib/format.mjs';
import { describeMachine, load1, machine, uptime } from './lib/machine.mjs';
import { serve } from './lib/serve.mjs';
import { guestSession } from './lib/site.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BENCH = join(ROOT, 'bench');

/** Every measurement, in the order a full run takes them: bench/<name>.mjs. */
const MEASUREMENTS = [
  'budgets',
  'sizes',
  'rt',
  'core',
  'startup',
  'feed',
  'phone',
  'lighthouse',
  'persistence',
  'persistence-app',
  'backup',
  'generate',
  'pages',
  'live-tabs',
  'native',
  'http',
  'http-soak',
  'whole-list',
  'live',
  'forks',
];

/** Measurements that run only when `--only` names them exactly (a soak takes up to an hour). */
const EXPLICIT = new Set(['http-soak']);

/** A measurement's answer as a section body: markdown and targets, a string, or figures as JSON. */
function asSection(out) {
  if (typeof out === 'string') return { body: out };
  if (typeof out?.markdown === 'string') return { body: out.markdown, targets: out.targets };
  return { body: '```json\n' + JSON.stringify(out, null, 2) + '\n```' };
}

/**
 * The measurements whose file is not of this folder's kind: `http` is
 * bench/http.mjs exporting `runHttpBench({ smoke })` (the HTTP server
 * against json-server), run when the file exists; `http-soak` is its
 * `runHttpSoak()` (HTTP_SOAK_REQUESTS requests; the heap live after a forced
 * collection, and RSS, sampled throughout).
 */
const ADAPTERS = {
  http: async () => {
    const file = join(BENCH, 'http.mjs');
    if (!existsSync(file)) return null;
    const { runHttpBench } = await import(pathToFileURL(file).href);
    return {
      title: 'The HTTP server (`murmur-backend serve`) against json-server',
      smoke: true,
      run: async (env) => asSection(await runHttpBench({ smoke: env.smoke })),
    };
  },
  'http-soak': async () => {
    const file = join(BENCH, 'http.mjs');
    if (!existsSync(file)) return null;
    const { runHttpSoak } = await import(pathToFileURL(file).href);
    return {
      title: 'The HTTP server over a long run: memory over N requests (`murmur-backend serve`)',
      file: 'bench/http.mjs, runHttpSoak',
      smoke: false,
      run: async () => asSection(await runHttpSoak()),
    };
  },
};

const args = process.argv.slice(2);
const SMOKE = args.includes('--smoke');
/** Fewer repetitions for the measurements that take minutes (persistence, backup, generate, pages). */
const QUICK = args.includes('--quick');
const only = (args.find((a) => a.startsWith('--only=')) ?? '').slice('--only='.length).split(',').filter(Boolean);
for (const name of only) {
  if (!MEASUREMENTS.some((m) => m === name || m.startsWith(`${name}-`)))
    throw new Error(`--only=${name}: no such measurement (there are ${MEASUREMENTS.join(', ')})`);
}
/** Budgets always run: a guard does not depend on which figures were asked for. */
const wanted = (name) =>
  EXPLICIT.has(name)
    ? only.includes(name)
    : name === 'budgets' || only.length === 0 || only.some((o) => name === o || name.startsWith(`${o}-`));

const PORT_BASE = Number(process.env.BENCH_PORT_BASE ?? 4341);
const PORT = SMOKE
  ? { site: PORT_BASE + 2, harness: PORT_BASE + 3, cdp: PORT_BASE + 5 }
  : { site: PORT_BASE, harness: PORT_BASE + 1, cdp: PORT_BASE + 4 };
const OUT_DIR = join(BENCH, 'out');
const RESULTS = SMOKE ? join(OUT_DIR, 'RESULTS-smoke.md') : join(BENCH, 'RESULTS.md');
/** The production site and the harness pages, as scripts/bench.sh builds them. */
const SITE_DIR = resolve(ROOT, process.env.BENCH_SITE_DIR ?? 'web/dist-bench-prod');
const HARNESS_DIR = resolve(ROOT, process.env.BENCH_HARNESS_DIR ?? 'bench/out/harness');

/** What every measurement's `run(env)` is given; the browser and the guest's session start on first use. */
function environment(servers) {
  let chromium;
  let session;
  const env = {
    smoke: SMOKE,
    quick: QUICK,
    root: ROOT,
    outDir: OUT_DIR,
    cdpPort: PORT.cdp,
    site: { dir: SITE_DIR, origin: `http://127.0.0.1:${PORT.site}` },
    harness: { dir: HARNESS_DIR, origin: `http://127.0.0.1:${PORT.harness}` },
    async browser() {
      chromium ??= launchChromium({ cdpPort: PORT.cdp, profile: join(OUT_DIR, SMOKE ? 'profile-smoke' : 'profile') });
      return (await chromium).browser;
    },
    async session() {
      session ??= env.browser().then((browser) => guestSession(browser, env.site.origin));
      return session;
    },
    /** Everything a Lighthouse run needs (lib/lighthouse.mjs). */
    async lighthouse() {
      return {
        browser: await env.browser(),
        origin: env.site.origin,
        cdpPort: PORT.cdp,
        session: await env.session(),
        outDir: OUT_DIR,
      };
    },
    async close() {
      if (chromium) await (await chromium).close();
      for (const s of servers) s.close();
    },
  };
  return env;
}

async function load(name) {
  const file = join(BENCH, `${name}.mjs`);
  if (ADAPTERS[name]) return ADAPTERS[name](file);
  return (await import(pathToFileURL(file).href)).default;
}

/** One section of RESULTS.md, between markers that a later `--only` run replaces it by. */
function section(name, m, result, when) {
  const targets = result.targets?.length ? `\n\n${table(['target', 'measured', ''], result.targets)}` : '';
  return [
    `<!-- bench:${name} -->`,
    `## ${m.title}`,
    '',
    `Measured ${when.date} by \`npm run bench${SMOKE ? ' -- --smoke' : name === 'budgets' ? '' : ` -- --only=${name}`}\` (${m.file ?? `bench/${name}.mjs`}${name === 'budgets' ? ', in every run' : ''}) on ${when.machine}. Load before: \`${when.before}\`; after: \`${when.after}\`${when.busy ? ' (the machine was busy with other work: figures are slower and noisier than on an idle one)' : ''}.`,
    '',
    `${result.body.trim()}${targets}`,
    `<!-- /bench:${name} -->`,
  ].join('\n');
}

/** The sections an earlier RESULTS.md holds, by name. */
function earlierSections(file) {
  const sections = new Map();
  if (!existsSync(file)) return sections;
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/<!-- bench:([\w-]+) -->[\s\S]*?<!-- \/bench:\1 -->/g)) sections.set(m[1], m[0]);
  return sections;
}

function header() {
  return [
    `# Murmur bench results${SMOKE ? ' (smoke run: small sizes, few repetitions; not the real figures)' : ''}`,
    '',
    'Written by `npm run bench` (bench/run.mjs); do not edit by hand. Each section says when it was measured, on which machine and at what load; a run with `--only` rewrites its own sections and keeps the others. Every figure is in ms unless it says otherwise. History and analysis: [NOTES.md](NOTES.md).',
  ].join('\n');
}

const EXCEEDED = join(OUT_DIR, SMOKE ? 'budgets-exceeded-smoke.txt' : 'budgets-exceeded.txt');

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  rmSync(EXCEEDED, { force: true });
  const servers = [];
  if (existsSync(join(SITE_DIR, 'index.html'))) servers.push(await serve(SITE_DIR, PORT.site));
  if (existsSync(HARNESS_DIR)) servers.push(await serve(HARNESS_DIR, PORT.harness, { isolated: true }));
  const env = environment(servers);
  const host = describeMachine(machine());
  console.log(`bench on ${host}\nload: ${uptime()}`);
  const written = new Map();
  const failures = [];
  try {
    for (const name of MEASUREMENTS.filter(wanted)) {
      const m = await load(name);
      if (!m) {
        if (only.includes(name)) console.log(`\n… ${name}: bench/${name}.mjs is not there, nothing to run`);
        continue;
      }
      if (SMOKE && !m.smoke) continue;
      const when = { date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC', machine: host };
      console.log(`\n… ${m.title}`);
      when.before = uptime();
      const busy = load1();
      const start = Date.now();
      try {
        const result = await m.run(env);
        when.after = uptime();
        when.busy = Math.max(busy, load1()) > machine().cores * 0.5;
        written.set(name, section(name, m, result, when));
        console.log(`\n${written.get(name)}\n`);
        console.log(`  done in ${((Date.now() - start) / 1000).toFixed(1)} s`);
      } catch (e) {
        failures.push(`${name}: ${String(e?.message ?? e).split('\n')[0]}`);
        console.log(`  FAILED: ${e?.stack ?? e}`);
      }
    }
  } finally {
    await env.close();
  }

  const sections = SMOKE ? new Map() : earlierSections(RESULTS);
  for (const [name, text] of written) sections.set(name, text);
  const ordered = [...sections.entries()].sort(
    ([a], [b]) => (MEASUREMENTS.indexOf(a) + 1 || 99) - (MEASUREMENTS.indexOf(b) + 1 || 99),
  );
  const errors = failures.length ? [`## Errors of this run\n\n${failures.map((f) => `- ${f}`).join('\n')}`] : [];
  const md = [header(), ...errors, ...ordered.map(([, text]) => text)].join('\n\n') + '\n';
  writeFileSync(RESULTS, md);
  console.log(`\nwritten to ${RESULTS}`);
  console.log(`load at the end: ${uptime()}`);
  // The budgets once more, last, where nobody scrolls past them; the
  // crossed ones also in a file that scripts/test.sh prints in its summary.
  console.log(`\nbudgets:\n${checked.map(budgetLine).join('\n')}`);
  const exceeded = checked.filter((b) => !b.ok).map((b) => `BUDGET EXCEEDED: ${b.line}\n`);
  writeFileSync(EXCEEDED, exceeded.join(''));
  if (failures.length) {
    console.error(`the bench itself failed: ${failures.join('; ')}`);
    process.exit(1);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
