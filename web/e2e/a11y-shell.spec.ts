import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, presetTheme, signIn, test, waitForBackend } from './support';

// No serious or critical axe violation on the shell's pages, in every
// background (and, on the pages that show the accent most, every accent).
const BACKGROUNDS = ['light', 'dim', 'lights-out'] as const;
const HUES = [252, 52, 352, 152, 202];

async function seriousViolations(page: Page) {
  // Let toasts and transitions settle so colours are final.
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join('; ')}`);
}

for (const background of BACKGROUNDS) {
  test.describe(`accessibility, ${background} background`, () => {
    test.beforeEach(async ({ page }) => {
      await presetTheme(page, { hue: 252, background });
    });

    test('login, sign-up and 404 while signed out', async ({ page }) => {
      test.setTimeout(90_000); // three page loads and three axe runs, slow on a loaded 2-core machine
      for (const [path, ready] of [
        ['/login', 'Log in'],
        ['/signup', 'Sign Up'],
      ] as const) {
        await page.goto(path);
        await waitForBackend(page);
        await expect(page.getByRole('button', { name: ready, exact: true })).toBeVisible();
        expect(await seriousViolations(page), path).toEqual([]);
      }
      await page.goto('/nowhere');
      await waitForBackend(page);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      expect(await seriousViolations(page), '404').toEqual([]);
    });

    test('home, theme and 404 while signed in, with every accent', async ({ page }) => {
      test.setTimeout(180_000); // eleven axe runs
      await signIn(page, '/');
      for (const hue of HUES) {
        await page.evaluate((saved) => localStorage.setItem('murmur.theme', JSON.stringify(saved)), {
          hue,
          background,
        });
        for (const [path, ready] of [
          ['/', page.locator('article').first()],
          ['/theme', page.getByRole('heading', { name: 'Demo data' })],
        ] as const) {
          await page.goto(path);
          await waitForBackend(page);
          await expect(ready).toBeVisible();
          await expect(page.getByRole('heading', { name: 'Who to Follow' })).toBeVisible();
          expect(await seriousViolations(page), `${path} hue ${hue}`).toEqual([]);
        }
      }
      await page.goto('/no/such/page');
      await waitForBackend(page);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      expect(await seriousViolations(page), '404 signed in').toEqual([]);
    });

    test('Your data, and its restore dialog', async ({ page }) => {
      await signIn(page, '/settings/data');
      await expect(page.getByTestId('usage')).toBeVisible();
      expect(await seriousViolations(page), '/settings/data').toEqual([]);
      const backup = await page.evaluate(() => fetch('/__murmur/backup').then((r) => r.text()));
      await page
        .getByTestId('backup-input')
        .setInputFiles({ name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(backup) });
      await expect(page.getByRole('dialog', { name: 'Restore this backup?' })).toBeVisible();
      expect(await seriousViolations(page), 'the restore dialog').toEqual([]);
    });
  });
}

test('the mobile shell has no serious violations either', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, '/');
  await expect(page.locator('article').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
