// The built pages paint before any script runs (docs/product.md, "Loading"): the login page
// and the signed-in shell are prerendered into the HTML, hydrated without a
// mismatch, and never shown to the wrong visitor.
import type { Browser, ConsoleMessage, Page } from '@playwright/test';
import { ROOT_URL, SUB_URL } from '../playwright.config';
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

    test("Home's HTML paints before its modules: they wait in the template the boot script inserts after the paint", async ({
      request,
    }) => {
      // A page's modules and their preloads in <head> competed with its
      // stylesheets for a phone's bandwidth (web/build/prerender.ts, deferScripts).
      const html = await (await request.get(base.home)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      const template = head.match(/<template id="murmur-app" data-visitor="in">([\s\S]*?)<\/template>/)?.[1] ?? '';
      expect(template).toMatch(/^<script type="module"[^>]*src="[^"]*\/assets\/index-/);
      expect([...template.matchAll(/<link rel="modulepreload"/g)].length).toBeGreaterThan(10);
      const outside = head.replace(/<template[\s\S]*?<\/template>/, '');
      expect(outside).not.toMatch(/<script type="module"|<link rel="modulepreload"|<link rel="preload"/);
      const boot = outside.search(/<script src="[^"]*\/assets\/boot-/);
      expect(boot).toBeGreaterThan(0);
      // Their stylesheets come first: the first paint needs them.
      expect(outside.search(/<link rel="stylesheet"/)).toBeLessThan(boot);
    });

    test('the modules a first visit runs are marked for eager compilation, and no others', async ({ request }) => {
      // Chromium compiles a marked script's functions as it streams in, off
      // the main thread, instead of one by one as the guest's click first
      // calls them (build/compileHints.ts).
      const hint = '//# allFunctionsCalledOnLoad\n';
      const modules = new Set<string>();
      for (const page of [base.login, base.home]) {
        const html = await (await request.get(page)).text();
        for (const match of html.matchAll(
          /<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="([^"]+)"/g,
        ))
          modules.add(new URL(match[1] ?? '', new URL(page, ROOT_URL)).href);
      }
      expect([...modules].some((src) => /\/AppLayout-/.test(src))).toBe(true);
      expect([...modules].some((src) => /\/LoginPage-/.test(src))).toBe(true);
      for (const src of modules) expect((await (await request.get(src)).text()).startsWith(hint), src).toBe(true);
      // The pages and the picker no first visit opens stay lazy: the precache lists them.
      const home = new URL(base.home, ROOT_URL);
      const sw = await (await request.get(new URL('sw.js', home).href)).text();
      const lazy = [...sw.matchAll(/"(assets\/(?:ExplorePage|EmojiPickerPanel|ThemePage)-[\w-]+\.js)"/g)].map(
        (m) => m[1] ?? '',
      );
      expect(lazy).toHaveLength(3);
      for (const path of lazy)
        expect((await (await request.get(new URL(path, home).href)).text()).startsWith('//#'), path).toBe(false);
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

    test('a signed-in visit to Home hydrates the shell without a warning, and never shows the login form', async ({
      browser,
    }) => {
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

test('the wasm core downloads once, and a backend that starts late leaves the console quiet', async ({ browser }) => {
  const context = await browser.newContext({ storageState: await signedInState(browser, '/') });
  const page = await context.newPage();
  const messages = watchConsole(page);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  // A slow phone: the backend's chunk (msw and the package) comes 6 s late,
  // long after the load event. A `<link rel="preload">` of the core made
  // Chromium warn that it was not used within a few seconds of that event.
  let held = 0;
  await page.route(/\/assets\/browser-[^/]*\.js$/, async (route) => {
    held += 1;
    await new Promise((resolve) => setTimeout(resolve, 6000));
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('article').first()).toBeVisible({ timeout: 30_000 });
  expect(held).toBe(1);
  expect(requests.filter((path) => path.endsWith('.wasm'))).toHaveLength(1);
  expect(messages).toEqual([]);
  await context.close();
});

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
  state.origins[0]!.localStorage.push({
    name: 'murmur.theme',
    value: JSON.stringify({ hue: 152, background: 'lights-out' }),
  });
  const context = await browser.newContext({ storageState: state, viewport: PHONE });
  const page = await context.newPage();
  // Only the HTML, its CSS and the boot script: every module is held back.
  await page.route(/\/assets\/.*\.js$/, (route) =>
    route.request().url().includes('/boot-') ? route.continue() : route.abort(),
  );
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading posts' })).toBeAttached();
  await expect(page.locator('.spinner').first()).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(0, 0, 0)');
  expect(await page.locator('html').getAttribute('data-background')).toBe('lights-out');
  await page.screenshot({ path: 'test-results/prerender-shell-before-scripts-phone.png' });
  await context.close();
});

test('/login paints before it downloads any module, and the backend after that', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto('/login');
  await page.waitForFunction(() => document.documentElement.dataset.backend === 'ready');
  // Nothing of the signed-in pages: /login loads what it shows (and its backend).
  const backendAt = requests.findIndex((path) => /\/browser-[\w-]+\.js$/.test(path));
  expect(backendAt).toBeGreaterThan(0);
  expect(
    requests.slice(0, backendAt).filter((path) => /\/(AppLayout|HomePage|Feed|PostCard|PostComposer)-/.test(path)),
  ).toEqual([]);
  // The mark is drawn inline: as an image file it was a document of its own for the main thread to make.
  expect(requests.filter((path) => path.endsWith('/logo.svg'))).toEqual([]);
  // Only the boot script blocks the paint: every module and the backend's
  // worker (which then fetches the wasm) start after the first contentful paint.
  const timing = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
    const starts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\.wasm$|\.js$/.test(entry.name) && !/\/boot-[\w-]+\.js$/.test(entry.name))
      .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime }));
    return { paint, starts };
  });
  expect(timing.starts.map((s) => s.name)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/\/index-[\w-]+\.js$/),
      expect.stringMatching(/\/workerEntry-[\w-]+\.js$/),
    ]),
  );
  for (const { name, start } of timing.starts) expect(start, name).toBeGreaterThan(timing.paint);
});

test('the tab icon is a PNG at its declared sizes, never the SVG, also as a sign-in moves the address to Home', async ({
  page,
}) => {
  // The browser makes an SVG icon into a whole document on the page's main
  // thread each time the address changes (bench/NOTES.md, item 30); a PNG it just decodes.
  const icons = await page.goto('/login').then(() =>
    page.locator('link[rel="icon"]').evaluateAll((links) =>
      links.map((link) => ({
        href: (link as HTMLLinkElement).href,
        type: link.getAttribute('type'),
        sizes: link.getAttribute('sizes'),
      })),
    ),
  );
  expect(icons.length).toBeGreaterThan(0);
  for (const icon of icons) {
    expect(icon.type, icon.href).toBe('image/png');
    const size = await page.evaluate(async (href) => {
      const image = new Image();
      image.src = href;
      await image.decode();
      return `${image.naturalWidth}x${image.naturalHeight}`;
    }, icon.href);
    expect(size, icon.href).toBe(icon.sizes);
  }
  await page.waitForFunction(() => document.documentElement.dataset.backend === 'ready');
  await page.getByRole('button', { name: 'Login As Guest' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  const fetched = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => /favicon/.test(path)),
    );
  await expect.poll(fetched).toContainEqual(expect.stringMatching(/\/icons\/favicon-\d+\.png$/));
  expect((await fetched()).filter((path) => path.endsWith('.svg'))).toEqual([]);
});

test('what a visitor types into /login before its script runs is kept, never sent in an address, and signs in', async ({
  page,
}) => {
  // The app's entry waits until the visitor has typed and pressed Enter.
  let release = () => undefined as void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  // Not until the document is parsed: a module script in it holds that too.
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('Username').fill('guest');
  await page.getByLabel('Password', { exact: true }).fill('guest123');
  // Before the script runs, the form cannot be sent (a sent form would put its fields in the address).
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Login As Guest' })).toBeDisabled();
  await page.getByLabel('Password', { exact: true }).press('Enter');
  expect(page.url()).not.toContain('guest123');
  release();
  // Hydrated: the fields still hold what was typed, and it signs in.
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeEnabled();
  await expect(page.getByLabel('Username')).toHaveValue('guest');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('guest123');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(page.url()).not.toContain('guest123');
});

test('the prerendered forms are posted, never sent as an address, even with JavaScript off', async ({ request }) => {
  for (const path of ['/login', '/signup']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<form class="auth__form"[^>]* method="post"/);
    expect(html, path).toMatch(/<button type="submit" class="btn auth__submit" disabled=""/);
  }
});
