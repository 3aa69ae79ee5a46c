import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

/** Screenshots for a person to look at, when DISCOVER_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  const dir = process.env.DISCOVER_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search people, posts and tags' });

test.describe('discovery', () => {
  test('a hashtag in a post opens its feed, newest first, with the count', async ({ page }) => {
    await signIn(page, '/explore');
    const post = page.getByRole('article').filter({ hasText: 'Golden hour' });
    await post.getByRole('link', { name: '#photography' }).click();
    await expect(page).toHaveURL(/\/tag\/photography$/);
    await expect(page.getByRole('heading', { level: 1, name: '#photography' })).toBeVisible();
    await expect(page.getByText('2 posts')).toBeVisible();
    const articles = page.getByRole('article');
    await expect(articles).toHaveCount(2);
    await expect(articles.first()).toContainText('Golden hour');
    await expect(articles.nth(1)).toContainText('Up at 3am');
    await shot(page, 'tag-page');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('search finds a user as you type; arrows and Enter open their profile', async ({ page }) => {
    await signIn(page, '/');
    const box = searchBox(page);
    await box.fill('lena');
    const list = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(list.getByRole('option', { name: /Lena Costa/ })).toBeVisible();
    await box.press('ArrowDown');
    await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
    await shot(page, 'search-dropdown');
    expect(await seriousViolations(page)).toEqual([]);
    await box.press('Escape');
    await expect(list).toBeHidden();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/profile\/lena_sketches$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Lena Costa' })).toBeVisible();
  });

  test('the results page lists people, tags and posts; no match shows an empty state', async ({ page }) => {
    await signIn(page, '/');
    await searchBox(page).fill('photo');
    await searchBox(page).press('Enter');
    await expect(page).toHaveURL(/\/search\?q=photo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “photo”' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tags' }).getByRole('link', { name: '#photography' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(2);
    await shot(page, 'search-results');
    expect(await seriousViolations(page)).toEqual([]);

    await searchBox(page).fill('zebraxyz');
    await searchBox(page).press('Enter');
    await expect(page.getByText('No results for “zebraxyz”')).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await shot(page, 'search-empty');
  });

  test('on a phone, Explore leads to the search page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, '/explore');
    await expect(searchBox(page)).toBeHidden();
    await page.getByRole('link', { name: 'Search people, posts and tags' }).click();
    await page.getByRole('searchbox', { name: 'Search people, posts and tags' }).fill('maya');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(
      page.getByRole('region', { name: 'People' }).getByRole('link', { name: /Maya Lindqvist/ }),
    ).toBeVisible();
    await shot(page, 'search-phone');
  });
});

test.describe('keyboard shortcuts', () => {
  const focusedPost = (page: Page) => page.locator('#main article:focus');
  const announced = (page: Page) => page.getByRole('status', { name: 'Shortcut announcements' });

  test('j/k move between posts; l, b and c act on the focused one; all announced', async ({ page }) => {
    await signIn(page, '/explore');
    const articles = page.locator('#main article');
    await expect(articles.first()).toBeVisible();
    await page.keyboard.press('j');
    await expect(focusedPost(page)).toHaveAttribute(
      'data-post-id',
      (await articles.nth(0).getAttribute('data-post-id'))!,
    );
    await expect(announced(page)).toContainText(/Post by .+, 1 of \d+/);
    await page.keyboard.press('j');
    const second = (await articles.nth(1).getAttribute('data-post-id'))!;
    await expect(focusedPost(page)).toHaveAttribute('data-post-id', second);
    await page.keyboard.press('k');
    await page.keyboard.press('j');
    await expect(focusedPost(page)).toHaveAttribute('data-post-id', second);

    const like = focusedPost(page).getByRole('button', { name: 'Like' });
    const liked = await like.getAttribute('aria-pressed');
    await page.keyboard.press('l');
    await expect(like).toHaveAttribute('aria-pressed', liked === 'true' ? 'false' : 'true');
    await expect(announced(page)).toHaveText(liked === 'true' ? 'Like taken back' : 'Liked');
    // The button is disabled until the backend has answered; a second l waits for that.
    await expect(like).toBeEnabled();
    await page.keyboard.press('l');
    await expect(like).toHaveAttribute('aria-pressed', liked ?? 'false');

    const bookmark = focusedPost(page).getByRole('button', { name: 'Bookmark' });
    const marked = await bookmark.getAttribute('aria-pressed');
    await page.keyboard.press('b');
    await expect(bookmark).toHaveAttribute('aria-pressed', marked === 'true' ? 'false' : 'true');

    await page.keyboard.press('c');
    await expect(page).toHaveURL(new RegExp(`/post/${second}$`));
  });

  test('n composes, / searches, ? lists the shortcuts; none fires while typing', async ({ page }) => {
    await signIn(page, '/');
    await expect(page.locator('#main article').first()).toBeVisible();
    await page.keyboard.press('n');
    const create = page.getByRole('dialog', { name: 'Create post' });
    await expect(create).toBeVisible();
    // Typing in the composer: no shortcut fires.
    await page.keyboard.type('jklbc/?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(create).toBeHidden();

    await page.keyboard.press('/');
    await expect(searchBox(page)).toBeFocused();
    await page.keyboard.type('jk?n');
    await expect(searchBox(page)).toHaveValue('jk?n');
    await expect(focusedPost(page)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toBeHidden();
    await searchBox(page).press('Escape');
    await searchBox(page).press('Escape');
    await searchBox(page).blur();

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    for (const text of ['Next post', 'Previous post', 'Write a post', 'Search'])
      await expect(help.getByText(text, { exact: true })).toBeVisible();
    await shot(page, 'shortcuts-help');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });
});
