import type { Page } from '@playwright/test';
import { expect, pageFetch, signIn, test, waitForBackend } from './support';

const firstLines = (page: Page) => page.getByRole('article').locator('.post-card__content').allTextContents();

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
    // The other order's page is shown until the core's answer replaces it.
    await expect(page.getByRole('article').first().locator('.post-card__content')).toHaveText(
      /^Moved our whole test suite/,
    );
    texts = await firstLines(page);
    expect(texts[0]).toMatch(/^Moved our whole test suite/); // Theo, Mar 2025
    expect(texts[1]).toMatch(/^Up at 3am/);

    await page.getByRole('button', { name: 'Trending' }).click();
    await expect(page.getByRole('heading', { name: 'Trending Posts' })).toBeVisible();
    await expect(page.getByRole('article').first().getByTestId('like-count')).toHaveText(/^5\b/);
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

  test('Home reads its posts a page at a time: a like shows at once, a new post tops Latest', async ({ page }) => {
    await signIn(page, '/');
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('murmur.auth')!) as { token: string }).token,
    );
    const res = await pageFetch(page, '/api/posts/feed?limit=50', { headers: { authorization: token } });
    const feed = JSON.parse(res.body) as { total: number; posts: { content: string }[] };
    expect(feed.total).toBeGreaterThan(5);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(5);
    await page.getByTestId('feed-sentinel').scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(Math.min(10, feed.total), { timeout: 5000 });
    // The sixth card is the core's sixth post of Home, in Latest order.
    expect((await firstLines(page))[5]).toBe(feed.posts[5]!.content);

    // A like on the second page shows on its card.
    const sixth = cards.nth(5);
    const like = sixth.getByRole('button', { name: 'Like' });
    const wasLiked = (await like.getAttribute('aria-pressed')) === 'true';
    const before = Number.parseInt((await sixth.getByTestId('like-count').textContent()) ?? '0', 10);
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', String(!wasLiked));
    await expect(sixth.getByTestId('like-count')).toHaveText(new RegExp(`^${before + (wasLiked ? -1 : 1)}\\b`));

    await page.getByRole('textbox', { name: "What's on your mind?" }).first().fill('Paged and proud');
    await page.getByRole('button', { name: 'Post', exact: true }).first().click();
    await expect(cards.first()).toContainText('Paged and proud');
    await page.reload();
    await expect(cards.first()).toContainText('Paged and proud');
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
