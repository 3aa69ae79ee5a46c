// The budgets, checked in every run (the smoke run of npm test too): the
// wasm core at or under 195 kB gzip -9, and /login's HTML painting before
// any of its modules has loaded (the page is prerendered: its text must not
// wait for JavaScript). A crossing prints `BUDGET EXCEEDED: …`
// (lib/budgets.mjs); the figures are in the section.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { initialOf, gzip9 } from './lib/assets.mjs';
import { budget, budgetLine } from './lib/budgets.mjs';
import { fmt, kB } from './lib/format.mjs';

/** The wasm core's budget, gzip -9 (kB of 1,000 bytes). */
export const WASM_BUDGET = 195_000;
/** How long /login may take to paint with every module held before that counts as "never". */
const PAINT_WAIT_MS = 10_000;

function wasmBudget(site) {
  const wasm = readdirSync(join(site.dir, 'assets')).find((name) => name.endsWith('.wasm'));
  if (!wasm) return budget('wasm', false, `no .wasm in ${site.dir}/assets: the core is not in the build`);
  const size = gzip9(join(site.dir, 'assets', wasm));
  return budget(
    'wasm',
    size <= WASM_BUDGET,
    `wasm ${kB(size)} ${size <= WASM_BUDGET ? '≤' : '>'} ${kB(WASM_BUDGET)} gzip -9 (${wasm})`,
  );
}

/**
 * /login in a fresh context with every module script held at the network
 * (classic scripts, such as the render-blocking boot script, go through):
 * its first contentful paint and the Login As Guest button on screen must
 * come while they are held. Then the held requests go on.
 */
async function loginPaint(env) {
  const page = existsSync(join(env.site.dir, 'login', 'index.html')) ? 'login/index.html' : 'index.html';
  const { classic } = initialOf(env.site.dir, page);
  const browser = await env.browser();
  const ctx = await browser.newContext();
  const held = [];
  try {
    await ctx.route('**/*', (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (request.resourceType() === 'script' && !classic.includes(url.pathname)) held.push(route);
      else void route.continue();
    });
    const tab = await ctx.newPage();
    await tab.goto(`${env.site.origin}/login`, { waitUntil: 'commit' });
    const painted = await tab
      .waitForFunction(
        () => {
          const fcp = performance.getEntriesByName('first-contentful-paint')[0];
          const button = [...document.querySelectorAll('button')].find((b) =>
            /Login As Guest/i.test(b.textContent ?? ''),
          );
          const box = button?.getBoundingClientRect();
          return fcp && box && box.height > 0 ? { fcp: fcp.startTime } : false;
        },
        null,
        { timeout: PAINT_WAIT_MS, polling: 50 },
      )
      .then((handle) => handle.jsonValue())
      .catch(() => null);
    const heldAtPaint = held.length;
    const modules = held.map((route) => new URL(route.request().url()).pathname.split('/').pop());
    for (const route of held.splice(0)) void route.continue().catch(() => {});
    const ok = painted !== null;
    const entry = budget(
      'login-paint',
      ok,
      ok
        ? `/login painted from its HTML at ${fmt(painted.fcp, 0)} ms, Login As Guest on screen, with ${heldAtPaint} module script(s) held at the network`
        : `/login did not paint (first contentful paint with Login As Guest on screen) within ${PAINT_WAIT_MS / 1000} s while ${heldAtPaint} script(s) were held (${modules.join(', ') || 'none requested'})`,
    );
    return { entry, painted, modules };
  } finally {
    await ctx.close();
  }
}

export default {
  title: 'Budgets',
  smoke: true,
  async run(env) {
    const wasm = wasmBudget(env.site);
    const paint = await loginPaint(env);
    return {
      body: [
        `Checked in every run, the smoke run of \`npm test\` included: a crossing prints \`BUDGET EXCEEDED\` there and here (the run does not fail on a figure). The wasm: the core's module in the production build, \`gzip -9\`, at most ${kB(WASM_BUDGET)}. /login: loaded in a fresh context with every module script held at the network (the classic boot script goes through); its first contentful paint and the Login As Guest button on screen must come while they are held.`,
        '',
        budgetLine(wasm),
        budgetLine(paint.entry),
      ].join('\n'),
    };
  },
};
