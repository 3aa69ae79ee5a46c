import { expect, signIn, test, waitForBackend } from './support';

const htmlTheme = (page: import('@playwright/test').Page) =>
  page.evaluate(() => ({
    background: document.documentElement.dataset.background,
    hue: getComputedStyle(document.documentElement).getPropertyValue('--hue').trim(),
    page: getComputedStyle(document.body).backgroundColor,
  }));

test.describe('theme', () => {
  test('a choice applies at once and survives a reload, before the app renders', async ({ page }) => {
    await signIn(page, '/theme');
    const before = await htmlTheme(page);
    await page.getByRole('radio', { name: 'Amber', exact: true }).click();
    await page.getByRole('radio', { name: 'Dim', exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Amber' })).toBeChecked();
    const after = await htmlTheme(page);
    expect(after).toMatchObject({ background: 'dim', hue: '52' });
    expect(after.page).not.toBe(before.page);

    await page.reload({ waitUntil: 'domcontentloaded' });
    // Applied by main.tsx before the backend starts: no light flash.
    expect(await htmlTheme(page)).toMatchObject({ background: 'dim', hue: '52' });
    await waitForBackend(page);
    await expect(page.getByRole('radio', { name: 'Dim', exact: true })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Amber' })).toBeChecked();
  });

  test('the radio groups work from the keyboard', async ({ page }) => {
    await signIn(page, '/theme');
    await page.getByRole('radio', { name: 'Violet' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Amber' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Amber' })).toBeFocused();
    await page.getByRole('radio', { name: 'Light', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Lights Out' })).toBeChecked();
    expect(await htmlTheme(page)).toMatchObject({ background: 'lights-out', hue: '52' });
  });

  test('Go Back returns to the previous page, or home when there is none', async ({ page }) => {
    await signIn(page, '/explore');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Theme' }).click();
    await expect(page).toHaveURL(/\/theme$/);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/explore$/);

    await page.goto('/theme');
    await waitForBackend(page);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
