// The built pages paint before any script runs (issue 24): the login page
// and the signed-in shell are prerendered into the HTML, hydrated without a
// mismatch, and never shown to the wrong visitor.
import type { Browser, ConsoleMessage, Page } from '@playwright/test';
import { SUB_URL } from '../playwright.config';
import { expect, signIn, test } from './support';

const PHONE = { width: 390, height: 844 };
const TAGLINE = 'Short posts, warm replies and the people you follow, all in one calm feed.';
const BASES = [
  { name: 'the root', login: '/login', home: '/' },
  { name: '/murmur/', login: `${SUB_URL}login`, home: SUB_URL },
];

/** React's hydration complaints and any other console error or warning. */
function watchConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  return messages;
}

/** A saved session for `home`'s origin: sign in once through the API, keep the storage. */
async function signedInState(browser: Browser, home: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const base = new URL(home, 'http://127.0.0.1').pathname;
  await signIn(page, home, undefined, base);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Records, from before the document is parsed, every frame in which the
 * login form or the shell is visible; `window.__seen` lists what was seen.
 */
function recordFrames() {
  const seen = new Set<string>();
  (window as unknown as { __seen: Set<string> }).__seen = seen;
  const look = () => {
    const login = document.querySelector('.auth__form');
    if (login?.checkVisibility({ visibilityProperty: true })) seen.add('login');
    const shell = document.querySelector('.shell');
    if (shell?.checkVisibility({ visibilityProperty: true })) seen.add('shell');
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

for (const base of BASES) {
  test.describe(`prerendered pages at ${base.name}`, () => {
    test('the HTML served at /login holds the heading, the tagline and the form', async ({ request }) => {
      const res = await request.get(base.login);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain('<h1 class="auth__title">Welcome to Murmur</h1>');
      expect(html).toContain(TAGLINE);
      expect(html).toMatch(/<form class="auth__form"/);
      expect(html).toMatch(/<input[^>]*name="username"/);
      expect(html).toContain('Login As Guest');
    });

    test('with JavaScript off, /login shows its form', async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
      const page = await context.newPage();
      await page.goto(base.login);
      await expect(page.getByRole('heading', { name: 'Welcome to Murmur' })).toBeVisible();
      await expect(page.getByText(TAGLINE)).toBeVisible();
      await expect(page.getByLabel('Username')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
      if (base.name === 'the root') await page.screenshot({ path: 'test-results/prerender-login-no-js-phone.png' });
      await context.close();
    });

    test('/login hydrates without a warning, and its form works', async ({ page }) => {
      const messages = watchConsole(page);
      await page.goto(base.login);
      await page.getByLabel('Username').fill('guest');
      await page.getByLabel('Password', { exact: true }).fill('guest123');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page.getByRole('article').first()).toBeVisible();
      expect(messages).toEqual([]);
    });

    test('a signed-in visit to Home hydrates the shell without a warning, and never shows the login form', async ({ browser }) => {
      const context = await browser.newContext({ storageState: await signedInState(browser, base.home) });
      const page = await context.newPage();
      const messages = watchConsole(page);
      await page.addInitScript(recordFrames);
      await page.goto(base.home);
      await expect(page.getByRole('article').first()).toBeVisible();
      expect(await page.evaluate(() => [...(window as unknown as { __seen: Set<string> }).__seen])).toEqual(['shell']);
      // The hydrated shell's dialogs keep their names (React's ids match the HTML's).
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Create post' })).toBeVisible();
      expect(messages).toEqual([]);
      await context.close();
    });

    test('a signed-in visitor at /login never sees the login form: Home comes instead', async ({ browser }) => {
      const context = await browser.newContext({ storageState: await signedInState(browser, base.home) });
      const page = await context.newPage();
      const messages = watchConsole(page);
      await page.addInitScript(recordFrames);
      await page.goto(base.login);
      await expect(page.getByRole('article').first()).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(new URL(base.home, 'http://127.0.0.1').pathname);
      expect(await page.evaluate(() => [...(window as unknown as { __seen: Set<string> }).__seen])).toEqual(['shell']);
      expect(messages).toEqual([]);
      await context.close();
    });
  });
}

test('a signed-out visitor at a deep link never sees the shell: the login page comes instead', async ({ page }) => {
  const messages = watchConsole(page);
  // The static host answers a deep link with its 404.html (the app), status 404.
  const notFound = /status of 404/;
  await page.addInitScript(recordFrames);
  await page.goto('/post/p-01');
  await expect(page.getByRole('heading', { name: 'Welcome to Murmur' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => [...(window as unknown as { __seen: Set<string> }).__seen])).toEqual(['login']);
  expect(messages.filter((text) => !notFound.test(text))).toEqual([]);
});

test('before any module runs, a signed-in visit shows the shell in the saved theme', async ({ browser }) => {
  const state = await signedInState(browser, '/');
  state.origins[0]!.localStorage.push({ name: 'murmur.theme', value: JSON.stringify({ hue: 152, background: 'lights-out' }) });
  const context = await browser.newContext({ storageState: state, viewport: PHONE });
  const page = await context.newPage();
  // Only the HTML, its CSS and the boot script: every module is held back.
  await page.route(/\/assets\/.*\.js$/, (route) => (route.request().url().includes('/boot-') ? route.continue() : route.abort()));
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading posts' })).toBeAttached();
  await expect(page.locator('.spinner').first()).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(0, 0, 0)');
  expect(await page.locator('html').getAttribute('data-background')).toBe('lights-out');
  await page.screenshot({ path: 'test-results/prerender-shell-before-scripts-phone.png' });
  await context.close();
});

test("/login downloads neither the feed's chunks nor the backend before it has painted", async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/login');
  await page.waitForFunction(() => document.documentElement.dataset.backend === 'ready');
  // Nothing of the signed-in pages, ever.
  expect(requests.filter((path) => /\/(AppLayout|HomePage|Feed|PostCard|PostComposer)-/.test(path))).toEqual([]);
  // The backend and its wasm start only after the first contentful paint.
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
    const starts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\.wasm$|\/browser-[\w-]+\.js$/.test(entry.name))
      .map((entry) => entry.startTime);
    return { paint, starts };
  });
  expect(timing.starts.length).toBeGreaterThanOrEqual(2);
  for (const start of timing.starts) expect(start).toBeGreaterThan(timing.paint);
});
