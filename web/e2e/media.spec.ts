// docs/data-safety.md, "Uploads": an uploaded avatar and post image load after every
// reload, warm (the same page reloaded) and cold (a new tab), at the root and
// under a sub-path, where Home must stay inside the service worker's scope.
import type { Page } from '@playwright/test';
import { ROOT_URL, SUB_URL } from '../playwright.config';
import { expect, GUEST, signIn, test, waitForBackend } from './support';

// A 2×2 PNG (red, green / blue, white).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC',
  'base64',
);
const RELOADS = 5;

/** Every <img> on the page with its natural width, once each has loaded or failed. */
async function images(page: Page) {
  return page.evaluate(async () => {
    const all = [...document.querySelectorAll('img')];
    return Promise.all(
      all.map(async (img) => {
        img.loading = 'eager';
        await img.decode().catch(() => undefined);
        return { src: img.getAttribute('src') ?? '', width: img.naturalWidth };
      }),
    );
  });
}

async function expectEveryImageLoaded(page: Page, text: string) {
  await waitForBackend(page);
  const post = page.getByRole('main').getByRole('article').filter({ hasText: text });
  await expect(post.getByRole('img', { name: /^Image shared by/ })).toHaveAttribute(
    'src',
    /media\/m-\d+$|media\/m-\d+\?retry=\d$/,
  );
  // The uploaded avatar in the header and in the composer.
  await expect(page.locator('img.avatar[src*="media/"]')).not.toHaveCount(0);
  await expect(page.locator('.avatar--pending')).toHaveCount(0);
  const found = await images(page);
  expect(found.filter((image) => image.src.includes('media/')).length).toBeGreaterThanOrEqual(3);
  expect(
    found.filter((image) => image.width === 0),
    'images that did not load',
  ).toEqual([]);
}

for (const [where, site, base] of [
  ['at the root', `${ROOT_URL}/`, '/'],
  ['under /murmur/', SUB_URL, '/murmur/'],
] as const) {
  test(`${where}: an uploaded avatar and post image load after ${RELOADS} warm and ${RELOADS} cold reloads`, async ({
    page,
    context,
  }) => {
    test.slow();
    await signIn(page, `${site}profile/guest`, GUEST, base);
    await page.getByRole('main').getByRole('button', { name: 'Edit profile' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit profile' });
    await editor.getByLabel('Upload a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();

    // Home through the app's own link: the page must land on the base with its slash.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await expect(page).toHaveURL(site);
    const composer = page.getByRole('main').getByRole('region', { name: 'Create a post' });
    const text = `A picture ${where}`;
    await composer.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
    await composer.getByTestId('image-input').setInputFiles({ name: 'pixels.png', mimeType: 'image/png', buffer: PNG });
    await composer.getByRole('button', { name: 'Post', exact: true }).click();
    await expectEveryImageLoaded(page, text);

    for (let i = 0; i < RELOADS; i++) {
      await page.reload();
      await expectEveryImageLoaded(page, text);
    }
    let tab = page;
    for (let i = 0; i < RELOADS; i++) {
      await tab.close();
      tab = await context.newPage();
      await tab.goto(site);
      await expectEveryImageLoaded(tab, text);
    }
  });
}
