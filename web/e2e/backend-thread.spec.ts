// The backend has a thread of its own (packages/murmur-backend/src/browser/
// backendWorker.ts): the page's main thread never runs the core, a browser
// that refuses workers gets the backend in the page, and a tap on a control
// the moment it shows is never lost, even on a phone's CPU.
import type { CDPSession, Page } from '@playwright/test';
import { expect, main, pageFetch, postWith, signIn, test, waitForBackend } from './support';

const thread = (page: Page) => page.evaluate(() => document.documentElement.dataset.backendThread);

/** The page's main thread at 4x slower, as a phone's (Chromium's CPU throttling, through CDP). */
async function asPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

test('the backend runs in its worker: writes are answered, kept across a reload, and reach a raw fetch', async ({
  page,
}) => {
  await signIn(page, '/');
  expect(await thread(page)).toBe('worker');
  const composer = page.getByRole('region', { name: 'Create a post' });
  await composer.getByRole('textbox', { name: "What's on your mind?" }).fill('Written off the main thread');
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(postWith(page, 'Written off the main thread')).toBeVisible();
  await page.reload();
  await waitForBackend(page);
  await expect(postWith(page, 'Written off the main thread')).toBeVisible();
  // Not sent through the app's transport: msw's service worker hands it to the backend's worker too.
  const raw = await pageFetch(page, '/api/posts?page=1');
  expect(raw.status).toBe(200);
  expect(raw.body).toContain('Written off the main thread');
});

test('with workers refused, the backend runs in the page and the app works the same', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(window, 'Worker', { value: undefined }));
  await signIn(page, '/');
  expect(await thread(page)).toBe('page');
  const card = main(page).getByRole('article').first();
  const like = card.getByRole('button', { name: /^(Like|Unlike)$/ });
  const before = await like.getAttribute('aria-pressed');
  await like.click();
  await expect(like).not.toHaveAttribute('aria-pressed', before ?? 'false');
  await page.reload();
  await waitForBackend(page);
  await expect(
    main(page)
      .getByRole('article')
      .first()
      .getByRole('button', { name: /^(Like|Unlike)$/ }),
  ).not.toHaveAttribute('aria-pressed', before ?? 'false');
});

test('a return visit: from navigation to the first post, no main-thread task runs the core', async ({ page }) => {
  await signIn(page, '/');
  await expect(main(page).getByRole('article').first()).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.reload();
  await expect(main(page).getByRole('article').first()).toBeVisible();
  await waitForBackend(page);
  const { profile } = await cdp.send('Profiler.stop');
  expect(await thread(page)).toBe('worker');
  // The core is WebAssembly (wasm:// frames) and its wasm-bindgen glue (MockCore, __wbg_*).
  const core = profile.nodes
    .map((node) => node.callFrame)
    .filter((frame) => frame.url.startsWith('wasm://') || /^(MockCore|__wbg_|__wbindgen)/.test(frame.functionName))
    .map((frame) => `${frame.functionName} ${frame.url}`);
  expect(core).toEqual([]);
  // The profile did sample the page's own start-up (it is not empty).
  expect(profile.nodes.length).toBeGreaterThan(10);
});

test.describe('a control clicked the moment it shows after a navigation, at 4x CPU, does what it says', () => {
  test('Log out', async ({ page }) => {
    await signIn(page, '/');
    await asPhone(page);
    await page.reload();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('murmur.auth'))).toBeNull();
  });

  test('Like and Bookmark on Home', async ({ page }) => {
    await signIn(page, '/');
    await asPhone(page);
    await page.reload();
    const card = main(page).getByRole('article').filter({ hasText: 'Golden hour' });
    const like = card.getByRole('button', { name: /^(Like|Unlike)$/ });
    const liked = (await like.getAttribute('aria-pressed')) === 'true';
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', String(!liked));
    const bookmark = card.getByRole('button', { name: /Bookmark/ });
    const kept = (await bookmark.getAttribute('aria-pressed')) === 'true';
    await bookmark.click();
    await expect(bookmark).toHaveAttribute('aria-pressed', String(!kept));
  });

  test('Follow on a profile', async ({ page }) => {
    await signIn(page, '/profile/lena_sketches');
    await asPhone(page);
    await page.reload();
    const follow = main(page).getByRole('button', { name: /^(Follow|Following) Lena Costa$/ });
    const following = (await follow.getAttribute('aria-pressed')) === 'true';
    await follow.click();
    await expect(follow).toHaveAttribute('aria-pressed', String(!following));
  });

  test('a theme', async ({ page }) => {
    await signIn(page, '/theme');
    await asPhone(page);
    await page.reload();
    await page.getByRole('radio', { name: 'Dim', exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Dim', exact: true })).toBeChecked();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.background)).toBe('dim');
  });

  test('Post from the composer on Home', async ({ page }) => {
    await signIn(page, '/');
    await asPhone(page);
    await page.reload();
    const composer = page.getByRole('region', { name: 'Create a post' });
    await composer.getByRole('textbox', { name: "What's on your mind?" }).fill('Sent the moment it showed');
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(postWith(page, 'Sent the moment it showed')).toBeVisible();
  });

  test('a comment on a post', async ({ page }) => {
    await signIn(page, '/post/p-12');
    await asPhone(page);
    await page.reload();
    const panel = page.getByRole('region', { name: /Comments/ });
    await panel.getByRole('textbox', { name: 'Add a comment' }).fill('Replied the moment it showed');
    await panel.getByRole('button', { name: 'Reply' }).click();
    await expect(panel.getByRole('listitem').filter({ hasText: 'Replied the moment it showed' })).toBeVisible();
  });
});
