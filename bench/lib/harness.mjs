// The harness page (harness/harness.html, built into bench/out/harness and
// served cross-origin isolated for a fine-grained timer): rt.mjs and
// core.mjs run `window.murmurBench.run(config)` in it.

/** Runs the harness with `config` in a fresh context; returns its results. */
export async function runHarness(env, config) {
  const browser = await env.browser();
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log('  page error:', e.message));
    await page.goto(`${env.harness.origin}/harness.html`);
    await page.waitForFunction(() => window.murmurBench?.ready, null, { timeout: 30_000 });
    const results = await page.evaluate((c) => window.murmurBench.run(c), config);
    if (!results.crossOriginIsolated)
      console.log('  note: the harness page is not cross-origin isolated (coarse timer)');
    return results;
  } finally {
    await ctx.close();
  }
}

/** The post counts the harness measures at. */
export const harnessSizes = (smoke) => (smoke ? [12, 100] : [12, 100, 1000, 10000]);
