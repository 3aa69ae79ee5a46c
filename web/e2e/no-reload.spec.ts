import type { BrowserContext, Locator, Page } from '@playwright/test';
import { SUB_URL } from '../playwright.config';
import { expect, PNG, test, waitForBackend } from './support';

// No page ever reloads itself: the document a visitor sees is the one they
// keep, and what they typed or chose stays. Each test runs in a fresh
// context (a fresh profile): the first visit registers the service worker
// while the visitor is already on Home, and every path below opens a new
// document while that worker is still installing (its precache filling) or,
// for the hard reload, while it is active but bypassed. Such a page loads
// with no service worker controlling it although one is registered: the
// backend must take it as it is (docs/backend-browser.md, "A page no
// service worker controls: never reloaded").

/** How long a document must stay the same after its first post. */
const WATCH_MS = 5000;

/**
 * Holds the service worker's install for `ms`: its precache waits that long
 * for the login video (a file the first visit's pages never need), as on a
 * slow line, so that the next document loads while the worker is installing.
 * Only the worker's own requests are held.
 */
async function slowInstall(context: BrowserContext, ms = 8000): Promise<void> {
  await recordStart(context);
  await context.route(/\/video\/login\.webm$/, async (route) => {
    if (route.request().serviceWorker()) await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** Records, as each document starts, whether a worker controls it and how many are registered. */
async function recordStart(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const start = window as { controlledAtStart?: boolean; registeredAtStart?: Promise<number> };
    start.controlledAtStart = navigator.serviceWorker.controller !== null;
    start.registeredAtStart = navigator.serviceWorker.getRegistrations().then((found) => found.length);
  });
}

/** The state this test is about: the document loaded with no worker controlling it, while one was registered. */
async function loadedUncontrolledBesideARegistration(page: Page): Promise<void> {
  const start = await page.evaluate(async () => {
    const recorded = window as { controlledAtStart?: boolean; registeredAtStart?: Promise<number> };
    return { controlled: recorded.controlledAtStart, registered: await recorded.registeredAtStart };
  });
  expect(start).toEqual({ controlled: false, registered: 1 });
}

/** The first visit: /login, then Login As Guest, up to the first post on Home. */
async function guestSignIn(page: Page, base = '/'): Promise<void> {
  await page.goto(base === '/' ? '/login' : `${SUB_URL}login`);
  await page.getByRole('button', { name: 'Login As Guest' }).click();
  await expect(firstPost(page)).toBeVisible({ timeout: 15_000 });
}

const firstPost = (page: Page) => page.getByRole('main').locator('article[data-post-id]').first();

/** Home's composer, or on any other page the header's Create modal. */
async function composer(page: Page): Promise<Locator> {
  const onHome = page.getByRole('main').getByRole('region', { name: 'Create a post' });
  if (await onHome.count()) return onHome;
  await page.getByRole('button', { name: 'Create' }).click();
  return page.getByRole('dialog', { name: 'Create post' });
}

/**
 * From the first post on: types into the composer and chooses an image, then
 * checks for 5 s that the document is still the one that showed that post
 * (`performance.timeOrigin`, and no `load` of another) and that
 * the text and the image are still there, ready to post.
 */
async function keepsTheDocument(page: Page, text: string): Promise<void> {
  await expect(firstPost(page)).toBeVisible({ timeout: 15_000 });
  const origin = await page.evaluate(() => performance.timeOrigin);
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  const box = await composer(page);
  await box.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await box.getByTestId('image-input').setInputFiles({ name: 'pixels.png', mimeType: 'image/png', buffer: PNG });
  await page.waitForTimeout(WATCH_MS);
  expect(loads, 'documents loaded since').toEqual([]);
  expect(await page.evaluate(() => performance.timeOrigin), 'the document').toBe(origin);
  await expect(box.getByRole('textbox', { name: "What's on your mind?" })).toHaveValue(text);
  await expect(box.getByRole('img', { name: 'Attached image preview' })).toBeVisible();
  await expect(box.getByRole('button', { name: 'Post', exact: true })).toBeEnabled();
}

/** Posts what the composer holds and finds it on Home, image and all: the backend still answers. */
async function postsIt(page: Page, text: string): Promise<void> {
  const modal = page.getByRole('dialog', { name: 'Create post' });
  const inModal = (await modal.count()) > 0;
  const box = inModal ? modal : page.getByRole('main').getByRole('region', { name: 'Create a post' });
  await box.getByRole('button', { name: 'Post', exact: true }).click();
  if (inModal) {
    await expect(modal).toBeHidden();
    await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).first().click();
  }
  const mine = page.getByRole('main').getByRole('article').filter({ hasText: text });
  await expect(mine).toHaveCount(1);
  // The upload is served to <img> by the service worker: it took the page over, and is the scope's only one.
  const image = mine.getByRole('img', { name: /Image shared by/ });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 20_000 }).toBe(2);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const scopes = await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((registration) => registration.scope),
  );
  expect(scopes).toEqual([new URL(basePathOf(page.url()), page.url()).href]);
}

/** The site's base path for a page's URL: the sub-path build lives under /murmur/. */
const basePathOf = (url: string) => (new URL(url).pathname.startsWith('/murmur/') ? '/murmur/' : '/');

test.describe('no page reloads itself (a fresh profile each)', () => {
  test.describe.configure({ timeout: 90_000 }); // two documents, a 5 s watch, a post: slow on a loaded 2-core machine

  test('the first visit: /login, then Login As Guest', async ({ page, context }) => {
    await slowInstall(context);
    await guestSignIn(page);
    await keepsTheDocument(page, 'Typed right after the first post');
    await postsIt(page, 'Typed right after the first post');
  });

  test('a new document at / after signing in (a typed address)', async ({ page, context }) => {
    await slowInstall(context);
    await guestSignIn(page);
    await page.goto('/');
    await loadedUncontrolledBesideARegistration(page);
    await keepsTheDocument(page, 'Typed in a new document');
    await postsIt(page, 'Typed in a new document');
  });

  test('a second tab at / after signing in', async ({ page, context }) => {
    await slowInstall(context);
    await guestSignIn(page);
    const second = await context.newPage();
    await second.goto('/');
    await loadedUncontrolledBesideARegistration(second);
    await keepsTheDocument(second, 'Typed in the second tab');
    await postsIt(second, 'Typed in the second tab');
  });

  test('a reload after signing in', async ({ page, context }) => {
    await slowInstall(context);
    await guestSignIn(page);
    await page.reload();
    await loadedUncontrolledBesideARegistration(page);
    await keepsTheDocument(page, 'Typed after the reload');
    await postsIt(page, 'Typed after the reload');
  });

  for (const path of ['/post/p-01', '/profile/guest']) {
    test(`a deep link to ${path} after signing in`, async ({ page, context }) => {
      await slowInstall(context);
      await guestSignIn(page);
      await page.goto(path);
      await loadedUncontrolledBesideARegistration(page);
      await keepsTheDocument(page, `Typed on ${path}`);
      await postsIt(page, `Typed on ${path}`);
    });
  }

  test('the sub-path build (/murmur/): a new document after signing in', async ({ page, context }) => {
    await slowInstall(context);
    await guestSignIn(page, '/murmur/');
    await page.goto(SUB_URL);
    await loadedUncontrolledBesideARegistration(page);
    await keepsTheDocument(page, 'Typed under /murmur/');
    await postsIt(page, 'Typed under /murmur/');
  });

  test('with no install held back: a new document right after the guest click', async ({ page }) => {
    await guestSignIn(page);
    await page.goto('/');
    await keepsTheDocument(page, 'Typed at full speed');
  });

  test('a hard reload (the service worker bypassed) works and does not reload', async ({ page, context }) => {
    await guestSignIn(page);
    await waitForBackend(page); // the worker is active and controls the page
    const cdp = await context.newCDPSession(page);
    await page.addInitScript(() => {
      (window as { controlledAtStart?: boolean }).controlledAtStart = navigator.serviceWorker.controller !== null;
    });
    const loaded = page.waitForEvent('load');
    await cdp.send('Page.reload', { ignoreCache: true }); // Shift+Reload
    await loaded;
    // Not controlled when it loaded (read as the document starts: it is taken over soon after).
    expect(await page.evaluate(() => (window as { controlledAtStart?: boolean }).controlledAtStart)).toBe(false);
    await keepsTheDocument(page, 'Typed after a hard reload');
    await postsIt(page, 'Typed after a hard reload');
    // The worker took the page over: the page's own requests reach the backend through it.
    await waitForBackend(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const viaWorker = await page.evaluate(async () => (await fetch('/api/users')).headers.get('x-murmur-backend'));
    expect(viaWorker).toBe('wasm-core');
  });
});
