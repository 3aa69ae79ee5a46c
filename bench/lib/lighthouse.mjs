// Lighthouse (its Node API) on the bench's Chromium, through the debugging
// port: a cold first visit as Lighthouse makes it (cache and service worker
// cleared), or a return visit (the site visited and signed in before, its
// service worker and data kept, only the HTTP cache cleared).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './format.mjs';
import { SESSION_KEY, visitBefore } from './site.mjs';

/**
 * One Lighthouse run of `page` ('login' signed out, 'home' signed in with
 * `session`) with `preset` ('desktop' or 'mobile'), on a `visit` that is
 * 'first' (cold) or 'return'. Keeps the report in `outDir`.
 */
export async function lighthouseRun({ browser, origin, cdpPort, session, outDir }, { page, preset, visit, run }) {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  // Lighthouse opens its tab in the browser's default context: the session
  // (and, for a return visit, the worker and the data) are set up there.
  const ctx = browser.contexts()[0];
  const setup = await ctx.newPage();
  await setup.goto(`${origin}/login`);
  await setup.evaluate(
    ([key, auth]) => (auth ? localStorage.setItem(key, auth) : localStorage.removeItem(key)),
    [SESSION_KEY, page === 'home' ? JSON.stringify(session) : null],
  );
  if (visit === 'return') await visitBefore(ctx, setup, origin, page);
  await setup.close();
  const url = `${origin}${page === 'home' ? '/' : '/login'}`;
  const flags = {
    port: cdpPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // A return visit keeps what the first one left; Lighthouse would clear it.
    disableStorageReset: visit === 'return',
  };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `lighthouse-${page}-${preset}-${visit}-${run + 1}.json`), JSON.stringify(lhr));
  const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue;
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null && a.score < 0.9 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode),
    )
    .map((a) => a.id);
  return {
    page,
    preset,
    visit,
    finalUrl: new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    transfer: audit('total-byte-weight'),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '',
    failing,
  };
}

/** `runs` runs of lighthouseRun: the medians, each run, and every audit below 0.9 in any. */
export async function lighthouseMedian(env, what, runs) {
  const each = [];
  for (let run = 0; run < runs; run++) each.push(await lighthouseRun(env, { ...what, run }));
  const mid = (key) => median(each.map((x) => x[key]));
  return {
    ...each[0],
    runs: each,
    performance: mid('performance'),
    accessibility: mid('accessibility'),
    bestPractices: mid('bestPractices'),
    fcp: mid('fcp'),
    lcp: mid('lcp'),
    tbt: mid('tbt'),
    cls: mid('cls'),
    transfer: mid('transfer'),
    failing: [...new Set(each.flatMap((x) => x.failing))],
  };
}
