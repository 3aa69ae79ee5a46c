import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

test('the own profile has no serious or critical axe violation', async ({ page }) => {
  await signIn(page, '/profile/guest');
  await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("another user's profile has no serious or critical axe violation", async ({ page }) => {
  await signIn(page, '/profile/maya_lind');
  await expect(page.getByRole('button', { name: /^Following Maya Lindqvist/ })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the edit profile modal has no serious or critical axe violation', async ({ page }) => {
  await signIn(page, '/profile/guest');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit profile' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
