import type { Page } from '@playwright/test';
import { expect, pageFetch, signIn, test, waitForBackend } from './support';

const firstLines = (page: Page) =>
  page.getByRole('article').locator('.post-card__content').allTextContents();

test.describe('feeds', () => {
  test('Home shows own and followed posts in Latest, Oldest and Trending order', async ({ page }) => {
    await signIn(page, '/');
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Latest' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('article')).toHaveCount(5);
    let texts = await firstLines(page);
    expect(texts[0]).toMatch(/^Thirty seconds of waves/); // Maya, Sep 2026
    expect(texts[1]).toMatch(/^Golden hour/); // Maya, Apr 2026
    expect(texts[3]).toMatch(/^Hello Murmur!/); // the guest's own
    // Nobody the guest does not follow.
    expect(texts.join('\n')).not.toMatch(/bread|dunes|fog lifted|32 km|Tamarind|boats/);

    await page.getByRole('button', { name: 'Oldest' }).click();
    await expect(page.getByRole('heading', { name: 'Oldest Posts' })).toBeVisible();
    texts = await firstLines(page);
    expect(texts[0]).toMatch(/^Moved our whole test suite/); // Theo, Mar 2025
    expect(texts[1]).toMatch(/^Up at 3am/);

    await page.getByRole('button', { name: 'Trending' }).click();
    await expect(page.getByRole('heading', { name: 'Trending Posts' })).toBeVisible();
    const counts = await page.getByRole('article').getByTestId('like-count').allTextContents();
    const numbers = counts.map((c) => Number.parseInt(c, 10));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(numbers[0]).toBe(5);
  });

  test('scrolling to the end of Explore loads 5 more, then says the feed has ended', async ({ page }) => {
    await signIn(page, '/explore');
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(5);
    await expect(page.getByText('You’re all caught up')).toHaveCount(0);
    await page.getByTestId('feed-sentinel').scrollIntoViewIfNeeded();
    await expect(page.getByRole('status').filter({ hasText: 'Loading more posts' })).toBeVisible();
    await expect(cards).toHaveCount(10, { timeout: 4000 });
    await page.getByTestId('feed-sentinel').scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(12, { timeout: 4000 });
    await expect(page.getByText('You’re all caught up')).toBeVisible();
    await expect(page.getByTestId('feed-sentinel')).toHaveCount(0);
  });

  test('a new account with no follows gets an empty feed pointing to Explore', async ({ page }) => {
    await page.goto('/login');
    await waitForBackend(page);
    const user = { username: `newbie${Date.now()}`, password: 'secret123' };
    const res = await pageFetch(page, '/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...user, firstName: 'New', lastName: 'Person' }),
    });
    expect(res.status).toBe(201);
    await signIn(page, '/', user);
    await expect(page.getByText('Your feed is empty')).toBeVisible();
    await expect(page.getByText('Who to Follow', { exact: true }).first()).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Explore' }).click();
    await expect(page).toHaveURL(/\/explore$/);
    await expect(page.getByRole('article')).toHaveCount(5);
  });
});
