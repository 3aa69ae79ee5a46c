// The Node side of the measurements that run the same TypeScript in
// Chromium (a harness page) and in Node (fake-indexeddb): Vite loads the
// harness's modules for Node, without a server.
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

/** Calls `fn(load)`, where `load('/persistence-measure.ts')` imports a module of bench/harness for Node. */
export async function withHarnessModules(fn) {
  const server = await createServer({
    configFile: fileURLToPath(new URL('../harness/vite.config.ts', import.meta.url)),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'warn',
  });
  try {
    return await fn((path) => server.ssrLoadModule(path));
  } finally {
    await server.close();
  }
}

/** Opens `page` of the harness (built, served by the runner) in a fresh context and waits for it; returns { page, close }. */
export async function openHarnessPage(env, name) {
  const browser = await env.browser();
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.log('  page error:', e.message));
  await page.goto(`${env.harness.origin}/${name}.html`);
  await page.waitForFunction(() => document.documentElement.dataset.bench === 'ready', null, { timeout: 60_000 });
  page.setDefaultTimeout(0);
  return { page, close: () => ctx.close() };
}
