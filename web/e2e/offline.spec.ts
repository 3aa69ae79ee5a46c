import type { Locator, Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, signIn, test, waitForBackend } from './support';
import { StaticSite } from './staticSite';

// docs/data-safety.md, "Offline and install": after one visit the app opens and works with the network off and
// the static host gone, at the site root and under /murmur/; a new deploy is
// noticed on the next visit and offered as a reload.

// A 2×2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC',
  'base64',
);
const LENA = { name: 'Lena Costa', username: 'lena_sketches' };

const main = (page: Page) => page.getByRole('main');

/** Waits until the service worker is active and controls the page: its precache is complete then. */
async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
}

/** Waits for the image to load; its natural width (0 when it did not load). */
async function loadedWidth(image: Locator): Promise<number> {
  await expect(image).toBeVisible();
  return image.evaluate(async (img: HTMLImageElement) => {
    await img.decode().catch(() => undefined);
    return img.naturalWidth;
  });
}

test('the precache holds what offline needs: every page, the core, the seed media, one login video', async ({
  page,
}) => {
  await signIn(page, '/');
  await waitForOfflineReady(page);
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  for (const path of [
    '/index.html',
    '/login/index.html',
    '/signup/index.html',
    '/video/login.webm',
    '/video/login-poster.jpg',
    '/seed/waves.mp4',
  ]) {
    expect(cached, path).toContain(path);
  }
  expect(cached.some((path) => path.endsWith('.wasm'))).toBe(true);
  expect(
    cached.filter((path) =>
      /\/(mockServiceWorker\.js|404\.html|video\/login\.mp4)$|\/(generateSeed|devtoolsPanel)-/.test(path),
    ),
  ).toEqual([]);
});

for (const variant of [
  { name: 'at the site root', dir: 'dist', base: '/' },
  { name: 'under /murmur/', dir: 'dist-sub', base: '/murmur/' },
]) {
  test(`offline ${variant.name}: reload, deep links, a new post with an image, reload`, async ({ page, context }) => {
    test.setTimeout(60_000); // eight page loads, on a 2-core machine shared with other work
    const site = await StaticSite.start(variant.dir, variant.base);
    try {
      await signIn(page, site.url, undefined, variant.base);
      await waitForOfflineReady(page);
      const withImage = main(page)
        .locator('article[data-post-id]')
        .filter({ has: page.getByRole('img', { name: /Image shared by/ }) });
      const postId = await withImage.first().getAttribute('data-post-id');
      expect(postId).toBeTruthy();

      // No network, no host.
      await context.setOffline(true);
      await site.stop();

      await page.reload();
      await waitForBackend(page);
      await expect(main(page).getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
      const seedImage = main(page)
        .getByRole('img', { name: /Image shared by/ })
        .first();
      expect(await loadedWidth(seedImage)).toBeGreaterThan(0);

      await page.goto(`${site.url}post/${postId}`);
      await waitForBackend(page);
      const post = main(page).locator(`article[data-post-id="${postId}"]`);
      await expect(post).toBeVisible();
      expect(await loadedWidth(post.getByRole('img', { name: /Image shared by/ }))).toBeGreaterThan(0);

      await page.goto(`${site.url}profile/${LENA.username}`);
      await waitForBackend(page);
      await expect(main(page).getByRole('heading', { level: 1, name: LENA.name })).toBeVisible();
      expect(await loadedWidth(main(page).getByRole('img', { name: LENA.name }).first())).toBeGreaterThan(0);

      await page.goto(site.url);
      await waitForBackend(page);
      const composer = main(page).getByRole('region', { name: 'Create a post' });
      await composer.getByRole('textbox', { name: "What's on your mind?" }).fill('Written with the network off');
      await composer
        .getByTestId('image-input')
        .setInputFiles({ name: 'pixels.png', mimeType: 'image/png', buffer: PNG });
      await composer.getByRole('button', { name: 'Post', exact: true }).click();
      const mine = main(page).getByRole('article').filter({ hasText: 'Written with the network off' });
      await expect(mine).toBeVisible();

      await page.reload();
      await waitForBackend(page);
      await expect(mine).toBeVisible();
      expect(await loadedWidth(mine.getByRole('img', { name: /Image shared by/ }))).toBe(2);
      await page.screenshot({ path: test.info().outputPath('offline-home.png') });
    } finally {
      await context.setOffline(false);
      await site.stop();
    }
  });
}

test('a second deploy is picked up on the next visit and offered as a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const deploy = mkdtempSync(join(tmpdir(), 'murmur-deploy-'));
  const second = mkdtempSync(join(tmpdir(), 'murmur-deploy-2-'));
  // The second deploy: the same sources built again with another build id.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', second], {
    env: { ...process.env, BASE_PATH: '/', VITE_BUILD_ID: 'second-deploy' },
    stdio: 'inherit',
  });
  cpSync('dist', deploy, { recursive: true });
  const site = await StaticSite.start(deploy);
  try {
    await page.goto(site.url);
    await waitForBackend(page);
    await waitForOfflineReady(page);
    const firstBuild = await page.evaluate(() => document.documentElement.dataset.build);
    expect(firstBuild).not.toBe('second-deploy');
    // The first visit's worker taking over is not a new version.
    await expect(page.getByText('A new version of Murmur is ready.')).toHaveCount(0);

    rmSync(deploy, { recursive: true });
    cpSync(second, deploy, { recursive: true });
    // The next visit: the page comes from the old precache; the browser finds the new worker.
    await page.reload();
    await waitForBackend(page);
    expect(await page.evaluate(() => document.documentElement.dataset.build)).toBe(firstBuild);
    const offer = page.getByRole('status').filter({ hasText: 'A new version of Murmur is ready.' }).last();
    // The new worker first precaches the whole new deploy (a few MB) in the
    // background, which is slow on a loaded 2-core machine.
    await expect(offer).toBeVisible({ timeout: 45_000 });
    await page.screenshot({ path: test.info().outputPath('update-toast.png') });

    await offer.getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(() => document.documentElement.dataset.build === 'second-deploy');
    await waitForBackend(page);
    await expect(main(page)).toBeVisible();
  } finally {
    await site.stop();
    rmSync(deploy, { recursive: true, force: true });
    rmSync(second, { recursive: true, force: true });
  }
});
