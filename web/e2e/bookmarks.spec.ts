import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test.describe('bookmarks', () => {
  test('bookmark a post, find it on /bookmark, remove it', async ({ page }) => {
    await signIn(page, '/explore');
    const bread = card(page, 'Baked bread without a recipe');
    const toggle = bread.getByRole('button', { name: 'Bookmark' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await page
      .getByRole('link', { name: /bookmarks/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/bookmark$/);
    await expect(page.getByRole('heading', { name: 'Bookmarks', level: 1 })).toBeVisible();
    // The seed's two, and the new one first.
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    await expect(cards.first()).toContainText('Baked bread without a recipe');

    await card(page, 'Baked bread').getByRole('button', { name: 'Bookmark' }).click();
    await expect(card(page, 'Baked bread')).toHaveCount(0);
    await expect(cards).toHaveCount(2);
  });

  test("an empty list says 'No posts bookmarked'", async ({ page }) => {
    await signIn(page, '/bookmark');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(2);
    for (const text of ['Thirty seconds of waves', 'The fog lifted halfway up']) {
      await card(page, text).getByRole('button', { name: 'Bookmark' }).click();
      await expect(card(page, text)).toHaveCount(0);
    }
    await expect(page.getByText('No posts bookmarked')).toBeVisible();
    // Reloaded on opening: still empty after a reload.
    await page.reload();
    await expect(page.getByText('No posts bookmarked')).toBeVisible();
  });
});
