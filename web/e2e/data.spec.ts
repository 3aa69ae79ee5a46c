// docs/data-safety.md: the only copy of a visitor's data, kept and portable. The "Your
// data" page shows what the browser promises and holds; a backup downloaded
// there brings everything back after a reset; a bad file changes nothing;
// and storage cleared behind the app's back is noticed, once.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, main, PNG, postCount, postWith, signIn, test, waitForBackend } from './support';

const SEED_POSTS = 12;
const CLEARED = "Your browser cleared Murmur's saved data on this device";
const NOT_JSON = 'This file is not a Murmur backup (it is not JSON). Nothing was changed.';

async function postWithImage(page: Page, text: string) {
  const composer = main(page).getByRole('region', { name: 'Create a post' });
  await composer.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await composer.getByTestId('image-input').setInputFiles({ name: 'pixels.png', mimeType: 'image/png', buffer: PNG });
  await expect(composer.getByRole('img', { name: 'Attached image preview' })).toBeVisible();
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(postWith(page, text)).toBeVisible();
}

/** The image of the post with `text` has loaded (its natural width). */
async function imageWidth(page: Page, text: string): Promise<number> {
  const image = postWith(page, text).getByRole('img', { name: /^Image shared by/ });
  await expect(image).toBeVisible();
  return image.evaluate(async (img: HTMLImageElement) => {
    await img.decode().catch(() => undefined);
    return img.naturalWidth;
  });
}

/** Deletes the app's database from inside the page, as the browser clearing it would: the app's connection gives way. */
async function deleteDatabase(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('murmur');
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      }),
  );
}

test('the page shows whether the data is kept and how much space it uses, and is in the menu', async ({ page }) => {
  await signIn(page, '/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your data' }).click();
  await expect(page).toHaveURL(/\/settings\/data$/);
  await expect(main(page).getByRole('heading', { name: 'Your data', level: 1 })).toBeVisible();
  // Headless Chromium answers persisted() with false until asked.
  await expect(page.getByTestId('persistence')).toHaveText(/Not promised|Yes/);
  await expect(page.getByTestId('usage')).toHaveText(/\d.* of \d.*available to this site/);
  await expect(page.getByRole('meter', { name: 'Share of the space used' })).toBeVisible();
  const keep = main(page).getByRole('button', { name: 'Keep my data on this device' });
  if (await keep.isVisible()) {
    await keep.click();
    await expect(main(page).getByRole('status')).toHaveText(/Done: your browser will keep|Your browser said no/);
  }
});

test('download a backup, reset the demo data, restore it: the posts and an uploaded image are back after a reload', async ({
  page,
}, testInfo) => {
  await signIn(page, '/');
  await postWithImage(page, 'Saved in my backup');
  expect(await imageWidth(page, 'Saved in my backup')).toBe(2);

  await page.goto('/settings/data');
  const downloading = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Download a backup' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^murmur-backup-\d{4}-\d\d-\d\d\.json$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const backup = JSON.parse(readFileSync(file, 'utf8')) as { format: string; images: { id: string }[] };
  expect(backup.format).toBe('murmur-backup');
  expect(backup.images).toHaveLength(1);

  await main(page).getByRole('button', { name: 'Reset demo data' }).click();
  await page
    .getByRole('dialog', { name: 'Reset demo data?' })
    .getByRole('button', { name: 'Reset', exact: true })
    .click();
  await expect(page.getByText('Demo data reset')).toBeVisible();
  expect(await postCount(page)).toBe(SEED_POSTS);

  await page.getByTestId('backup-input').setInputFiles(file);
  const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
  await expect(dialog).toContainText('6 people, 13 posts, 1 uploaded image');
  await expect(dialog).toContainText('Newest activity');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Backup restored')).toBeVisible();
  expect(await postCount(page)).toBe(SEED_POSTS + 1);

  await page.goto('/');
  await page.reload();
  await waitForBackend(page);
  await expect(postWith(page, 'Saved in my backup')).toBeVisible();
  expect(await imageWidth(page, 'Saved in my backup')).toBe(2);
});

test('a garbage file shows its message and changes nothing', async ({ page }) => {
  await signIn(page, '/settings/data');
  await page
    .getByTestId('backup-input')
    .setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('not a backup') });
  await expect(main(page).getByRole('alert')).toHaveText(NOT_JSON);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await postCount(page)).toBe(SEED_POSTS);
});

test('storage cleared behind the app’s back: the app says so once and links to the restore; a first visit says nothing', async ({
  page,
}) => {
  // A first visit: nothing to report.
  await signIn(page, '/');
  await expect(main(page).getByRole('article').first()).toBeVisible();
  await expect(page.getByText(CLEARED)).toHaveCount(0);

  await postWithImage(page, 'Lost when the browser cleared it');
  await deleteDatabase(page);
  await page.reload();
  await waitForBackend(page);
  const notice = page.getByRole('status').filter({ hasText: CLEARED });
  await expect(notice).toBeVisible();
  await expect(postWith(page, 'Lost when the browser cleared it')).toHaveCount(0);

  // Once: the next load says nothing more.
  await page.reload();
  await waitForBackend(page);
  await expect(main(page).getByRole('article').first()).toBeVisible();
  await expect(page.getByText(CLEARED)).toHaveCount(0);
  await deleteDatabase(page);
  await page.reload();
  await waitForBackend(page);
  await expect(page.getByText(CLEARED)).toHaveCount(0); // nothing was saved since the notice
});

test('the notice’s link opens the restore', async ({ page }) => {
  await signIn(page, '/');
  await postWithImage(page, 'Made before the loss');
  await deleteDatabase(page);
  await page.reload();
  await waitForBackend(page);
  await page.getByRole('link', { name: 'Restore a backup' }).click();
  await expect(page).toHaveURL(/\/settings\/data#restore$/);
  await expect(main(page).getByRole('button', { name: 'Restore from a backup' })).toBeVisible();
});
