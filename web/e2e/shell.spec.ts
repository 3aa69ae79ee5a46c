import { expect, horizontalOverflow, signIn, test, waitForBackend } from './support';

test.describe('the shell', () => {
  test('an unknown path shows Page Not Found, and Back to Home works', async ({ page }) => {
    await signIn(page, '/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('signed out, Back to Home ends at login', async ({ page }) => {
    await page.goto('/missing');
    await waitForBackend(page);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('desktop: header, sidebar marking the page, and the Who to Follow panel', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, '/explore');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    for (const name of ['Home', 'Explore', 'BookMarks', 'Profile', 'Theme']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Suggestions' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Who to Follow' })).toBeVisible();

    // Three columns: navigation left of the feed, the panel right of it.
    const navBox = (await nav.boundingBox())!;
    const mainBox = (await page.locator('#main').boundingBox())!;
    const asideBox = (await page.getByRole('complementary', { name: 'Suggestions' }).boundingBox())!;
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(mainBox.x);
    expect(mainBox.x + mainBox.width).toBeLessThanOrEqual(asideBox.x);
    expect(mainBox.width).toBeLessThanOrEqual(600);

    await nav.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile\/guest$/);
    await page.getByRole('link', { name: 'Murmur, home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: /Your profile/ }).click();
    await expect(page).toHaveURL(/\/profile\/guest$/);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  test('the Create button opens the create-post modal', async ({ page }) => {
    await signIn(page, '/explore');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Create post' })).toBeVisible();
  });

  test('the header stays on top while the page scrolls, and a new page starts at the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await signIn(page, '/explore');
    await expect(page.locator('article').first()).toBeVisible();
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const header = await page.locator('.shell-header').boundingBox();
    expect(header!.y).toBe(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Theme' }).click();
    await expect(page).toHaveURL(/\/theme$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('Log out clears the session; protected pages then need a login', async ({ page }) => {
    await signIn(page, '/theme');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('murmur.auth'))).toBeNull();
    await page.goto('/bookmark');
    await waitForBackend(page);
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('at phone width (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the sidebar becomes a bottom bar, the right panel hides, nothing scrolls sideways', async ({ page }) => {
    await signIn(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    const box = (await nav.boundingBox())!;
    expect(box.y + box.height).toBeCloseTo(812, 0);
    expect(box.width).toBe(375);
    for (const name of ['Home', 'Explore', 'BookMarks', 'Profile', 'Theme']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('complementary', { name: 'Suggestions' })).toBeHidden();
    await expect(page.locator('article').first()).toBeVisible();

    for (const path of ['/', '/explore', '/bookmark', '/profile/guest', '/theme', '/post/p-01', '/nowhere']) {
      await page.goto(path);
      await waitForBackend(page);
      await expect(page.locator('#root')).not.toBeEmpty();
      await page.waitForTimeout(300);
      expect(await horizontalOverflow(page), `sideways scroll on ${path}`).toBe(0);
    }
  });

  test('login and sign-up fit the screen', async ({ page }) => {
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await waitForBackend(page);
      await expect(page.getByRole('heading', { name: 'Welcome to Murmur' })).toBeVisible();
      expect(await horizontalOverflow(page), `sideways scroll on ${path}`).toBe(0);
    }
  });
});

// The settings pages share a frame (components/settings.css): each must be
// laid out by its own styles when it is the first one a document shows,
// not only after the visitor has been on another.
test.describe('the settings pages, each opened first', () => {
  for (const [path, width] of [
    ['/settings/data', 1280],
    ['/settings/data', 375],
    ['/theme', 1280],
    ['/theme', 375],
  ] as const) {
    test(`${path} at ${width} px: Go Back beside the title, the cards padded and apart`, async ({ page }) => {
      await page.setViewportSize({ width, height: 812 });
      await signIn(page, path);
      const main = page.getByRole('main');
      const title = main.getByRole('heading', { level: 1 });
      await expect(title).toBeVisible();
      const back = (await main.getByRole('button', { name: 'Go Back' }).boundingBox())!;
      const heading = (await title.boundingBox())!;
      // One row: the title right of the button, their middles level.
      expect(heading.x).toBeGreaterThanOrEqual(back.x + back.width);
      expect(Math.abs(heading.y + heading.height / 2 - (back.y + back.height / 2))).toBeLessThan(4);

      const cards = await main.getByRole('region').evaluateAll((sections) =>
        sections.map((section) => {
          const box = section.getBoundingClientRect();
          const first = section.querySelector('h2')!.getBoundingClientRect();
          return { top: box.top, bottom: box.bottom, left: box.left, titleLeft: first.left, titleTop: first.top };
        }),
      );
      expect(cards.length).toBeGreaterThanOrEqual(2);
      for (const card of cards) {
        expect(card.titleLeft - card.left, 'space left of a card title').toBeGreaterThanOrEqual(16);
        expect(card.titleTop - card.top, 'space above a card title').toBeGreaterThanOrEqual(12);
      }
      for (const [above, below] of cards.slice(0, -1).map((card, i) => [card, cards[i + 1]!] as const)) {
        expect(below.top - above.bottom, 'space between two cards').toBeGreaterThanOrEqual(8);
      }
    });
  }
});
