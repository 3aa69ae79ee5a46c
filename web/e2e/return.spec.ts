// The return visit (features/last-visit): a signed-in visitor back on Home
// sees the feed they saw last, drawn by the app's own cards, while the
// in-browser backend starts, and then the backend's answer; never another
// session's feed, nor another build's, never a stale count once the backend
// has answered, never a click lost.
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, main, pageFetch, postWith, signIn, test, waitForBackend } from './support';

const LAST_VISIT_KEY = 'murmur.lastVisit';
/** The Web Lock the backend takes to load its saved data (packages/murmur-backend, persistence/locks.ts). */
const STATE_LOCK = 'murmur-state';
const GOLDEN = 'Golden hour'; // Maya's, second on the guest's Home, not liked by the guest
const HELLO = 'Hello Murmur!'; // the guest's own, on the first page

const cards = (page: Page) => main(page).getByRole('article');
const likeCount = (card: Locator) => card.getByTestId('like-count');
const likeButton = (card: Locator) => card.getByRole('button', { name: 'Like' });
const backendReady = (page: Page) => page.evaluate(() => document.documentElement.dataset.backend === 'ready');

/**
 * Holds the backend's start in every tab of `context`: another tab (on a
 * file of the site, where no app runs) takes the lock the backend needs to
 * load the saved data, as a busy tab would. Returns the release.
 */
async function holdBackend(context: BrowserContext): Promise<() => Promise<void>> {
  const holder = await context.newPage();
  await holder.goto('/favicon.svg');
  await holder.evaluate(
    (name) =>
      new Promise<void>((held) => {
        void navigator.locks.request(name, () => {
          held();
          return new Promise<void>((release) => {
            (window as unknown as { releaseMurmur: () => void }).releaseMurmur = release;
          });
        });
      }),
    STATE_LOCK,
  );
  return async () => {
    await holder.evaluate(() => (window as unknown as { releaseMurmur: () => void }).releaseMurmur());
    await holder.close();
  };
}

/** The first visit: Home read from the backend, and kept for the next one. */
async function firstVisit(page: Page): Promise<void> {
  await signIn(page, '/');
  await expect(cards(page)).toHaveCount(5);
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) !== null, LAST_VISIT_KEY)).toBe(true);
}

/** Another tab, elsewhere than Home, does `run` with the session's token. */
async function inAnotherTab(context: BrowserContext, run: (page: Page, token: string) => Promise<void>) {
  const other = await context.newPage();
  await other.goto('/explore');
  await waitForBackend(other);
  const token = await other.evaluate(
    () => (JSON.parse(localStorage.getItem('murmur.auth')!) as { token: string }).token,
  );
  await run(other, token);
  await other.close();
}

async function postIdOf(page: Page, text: string): Promise<string> {
  const id = await postWith(page, text).first().getAttribute('data-post-id');
  if (!id) throw new Error(`no post with ${text}`);
  return id;
}

test.describe('the return visit', () => {
  // Each test is two or three visits and another tab.
  test.describe.configure({ timeout: 90_000 });

  test('shows the last Home at once while the backend starts, then its answer (a like from another tab ends right); typed text stays', async ({
    page,
    context,
  }, testInfo) => {
    await firstVisit(page);
    const golden = postWith(page, GOLDEN);
    const before = Number.parseInt((await likeCount(golden).textContent()) ?? '', 10);
    const goldenId = await postIdOf(page, GOLDEN);
    await page.close();

    // Liked by the guest in another tab, which never shows Home.
    await inAnotherTab(context, async (other, token) => {
      const res = await pageFetch(other, `/api/posts/like/${goldenId}`, {
        method: 'POST',
        headers: { authorization: token },
      });
      expect(res.status).toBe(200);
    });

    const release = await holdBackend(context);
    const again = await context.newPage();
    await again.goto('/');
    // The feed as it was seen last, before the backend has answered.
    await expect(cards(again)).toHaveCount(5);
    await expect(likeCount(postWith(again, GOLDEN))).toHaveText(new RegExp(`^${before}\\b`));
    expect(await backendReady(again)).toBe(false);
    const composer = main(again).getByRole('textbox', { name: "What's on your mind?" });
    await composer.fill('Typed before the backend answered');
    await again.screenshot({ path: testInfo.outputPath('return-visit-from-copy.png'), fullPage: true });

    await release();
    await waitForBackend(again);
    const card = postWith(again, GOLDEN);
    await expect(likeCount(card)).toHaveText(new RegExp(`^${before + 1}\\b`));
    await expect(likeButton(card)).toHaveAttribute('aria-pressed', 'true');
    await expect(composer).toHaveValue('Typed before the backend answered');
    await expect(main(again).getByRole('button', { name: 'Post', exact: true })).toBeEnabled();
    await again.screenshot({ path: testInfo.outputPath('return-visit-answered.png'), fullPage: true });
  });

  test('a like on a post shown from the copy waits for the backend, then counts once; one already liked elsewhere is not sent twice', async ({
    page,
    context,
  }) => {
    await firstVisit(page);
    const hello = postWith(page, HELLO);
    const helloBefore = Number.parseInt((await likeCount(hello).textContent()) ?? '', 10);
    await expect(likeButton(hello)).toHaveAttribute('aria-pressed', 'false');
    const goldenBefore = Number.parseInt((await likeCount(postWith(page, GOLDEN)).textContent()) ?? '', 10);
    const goldenId = await postIdOf(page, GOLDEN);
    await page.close();
    await inAnotherTab(context, async (other, token) => {
      const res = await pageFetch(other, `/api/posts/like/${goldenId}`, {
        method: 'POST',
        headers: { authorization: token },
      });
      expect(res.status).toBe(200);
    });

    const release = await holdBackend(context);
    const again = await context.newPage();
    const errors: string[] = [];
    await again.goto('/');
    await expect(cards(again)).toHaveCount(5);
    const helloCard = postWith(again, HELLO);
    const goldenCard = postWith(again, GOLDEN);
    await likeButton(helloCard).click();
    await likeButton(goldenCard).click();
    // The clicks show at once, and wait for the backend.
    await expect(likeButton(helloCard)).toHaveAttribute('aria-pressed', 'true');
    await expect(likeCount(helloCard)).toHaveText(new RegExp(`^${helloBefore + 1}\\b`));
    await expect(likeCount(goldenCard)).toHaveText(new RegExp(`^${goldenBefore + 1}\\b`));
    expect(await backendReady(again)).toBe(false);
    again.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    await release();
    await waitForBackend(again);
    await expect(likeButton(helloCard)).toHaveAttribute('aria-pressed', 'true');
    await expect(likeCount(helloCard)).toHaveText(new RegExp(`^${helloBefore + 1}\\b`));
    // Liked in the other tab already: shown liked, counted once, and no refusal to show.
    await expect(likeButton(goldenCard)).toHaveAttribute('aria-pressed', 'true');
    await expect(likeCount(goldenCard)).toHaveText(new RegExp(`^${goldenBefore + 1}\\b`));
    await expect(again.getByRole('status').filter({ hasText: /already liked/ })).toHaveCount(0);

    // Saved by the backend: a fresh read says the same.
    const token = await again.evaluate(
      () => (JSON.parse(localStorage.getItem('murmur.auth')!) as { token: string }).token,
    );
    const feed = JSON.parse(
      (await pageFetch(again, '/api/posts/feed?filter=Latest&page=1&limit=5', { headers: { authorization: token } }))
        .body,
    ) as { posts: { content: string; likes: { likeCount: number } }[] };
    const count = (text: string) => feed.posts.find((p) => p.content.startsWith(text))?.likes.likeCount;
    expect(count(HELLO)).toBe(helloBefore + 1);
    expect(count(GOLDEN)).toBe(goldenBefore + 1);
    expect(errors).toEqual([]);
  });

  test('a like on a shown post deleted meanwhile says why', async ({ page, context }) => {
    await firstVisit(page);
    const helloId = await postIdOf(page, HELLO);
    await page.close();
    await inAnotherTab(context, async (other, token) => {
      const res = await pageFetch(other, `/api/posts/${helloId}`, {
        method: 'DELETE',
        headers: { authorization: token },
      });
      expect(res.status).toBe(200);
    });

    const release = await holdBackend(context);
    const again = await context.newPage();
    await again.goto('/');
    await likeButton(postWith(again, HELLO)).click();
    await expect(likeButton(postWith(again, HELLO))).toHaveAttribute('aria-pressed', 'true');
    expect(await backendReady(again)).toBe(false);
    await release();
    await expect(again.getByRole('status').filter({ hasText: 'Post not found' })).toBeVisible();
    await expect(postWith(again, HELLO)).toHaveCount(0);
  });

  test('after a reset, the feed of before is never shown: Home waits for the backend', async ({ page, context }) => {
    await firstVisit(page);
    await likeButton(postWith(page, GOLDEN)).click();
    await expect(likeButton(postWith(page, GOLDEN))).toHaveAttribute('aria-pressed', 'true');
    const liked = Number.parseInt((await likeCount(postWith(page, GOLDEN)).textContent()) ?? '', 10);
    await page.goto('/settings/data');
    await main(page).getByRole('button', { name: 'Reset demo data' }).click();
    await page.getByRole('dialog', { name: 'Reset demo data?' }).getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('dialog', { name: 'Reset demo data?' })).toHaveCount(0);
    await page.close();

    const release = await holdBackend(context);
    const again = await context.newPage();
    await again.goto('/');
    await expect(main(again).getByRole('status').filter({ hasText: 'Loading posts' })).toBeVisible();
    await again.waitForTimeout(500);
    await expect(cards(again)).toHaveCount(0);
    await release();
    await expect(cards(again)).toHaveCount(5);
    await expect(likeCount(postWith(again, GOLDEN))).toHaveText(new RegExp(`^${liked - 1}\\b`));
    await expect(likeButton(postWith(again, GOLDEN))).toHaveAttribute('aria-pressed', 'false');
  });

  test('another user, a logout, or saved data the browser cleared: the kept feed is never shown', async ({
    page,
    context,
  }) => {
    await firstVisit(page);
    // Another session on this device: the kept feed is the guest's, not shown to it.
    await page.close();
    const other = await context.newPage();
    await signIn(other, '/explore', { username: 'maya_lind', password: 'password123' });
    await other.close();
    let release = await holdBackend(context);
    let again = await context.newPage();
    await again.goto('/');
    await expect(main(again).getByRole('status').filter({ hasText: 'Loading posts' })).toBeVisible();
    await again.waitForTimeout(500);
    await expect(cards(again)).toHaveCount(0);
    await release();
    await expect(cards(again)).toHaveCount(5);
    await expect(postWith(again, HELLO)).toHaveCount(0); // the guest's post is not in Maya's feed

    // A logout forgets it.
    await expect.poll(() => again.evaluate((key) => localStorage.getItem(key) !== null, LAST_VISIT_KEY)).toBe(true);
    await again.getByRole('button', { name: 'Log out' }).click();
    await expect(again).toHaveURL(/\/login$/);
    expect(await again.evaluate((key) => localStorage.getItem(key), LAST_VISIT_KEY)).toBeNull();
    await again.close();

    // Saved data the browser cleared (IndexedDB gone, localStorage kept): not shown either.
    const guest = await context.newPage();
    await firstVisit(guest);
    // A change, so that the data is saved (and known to be) before the browser clears it.
    await likeButton(postWith(guest, GOLDEN)).click();
    await expect(likeCount(postWith(guest, GOLDEN))).toHaveText(/^2\b/);
    await expect(likeButton(postWith(guest, GOLDEN))).toBeEnabled(); // answered: saved
    await guest.goto('/favicon.svg');
    await guest.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase('murmur');
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error);
        }),
    );
    await guest.close();
    release = await holdBackend(context);
    again = await context.newPage();
    await again.goto('/');
    await expect(main(again).getByRole('status').filter({ hasText: 'Loading posts' })).toBeVisible();
    await again.waitForTimeout(500);
    await expect(cards(again)).toHaveCount(0);
    await release();
    await expect(again.getByText("Your browser cleared Murmur's saved data on this device")).toBeVisible();
    await expect(cards(again)).toHaveCount(5);
  });
});

test.describe('the return visit, before the app has run', () => {
  // With no service worker answering, every request of the page goes through page.route.
  test.use({ serviceWorkers: 'block' });
  test.describe.configure({ timeout: 90_000 });

  test('what was typed before the app ran stays as the feed seen last comes in around it, and the next build shows none of it', async ({
    page,
    context,
  }, testInfo) => {
    // Signed in as a visitor does (the page's own fetch reaches the backend only through the worker).
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login As Guest' }).click();
    await expect(cards(page)).toHaveCount(5);
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) !== null, LAST_VISIT_KEY)).toBe(true);
    const seen = await cards(page).evaluateAll((list) => list.map((card) => card.getAttribute('data-post-id')));
    await page.close();

    // The app's entry module is held: the page is the prerendered shell until it runs.
    let releaseEntry!: () => void;
    const entryHeld = new Promise<void>((resolve) => (releaseEntry = resolve));
    const release = await holdBackend(context);
    const again = await context.newPage();
    await again.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await entryHeld;
      await route.continue();
    });
    await again.goto('/', { waitUntil: 'commit' });
    const composer = again.getByRole('textbox', { name: "What's on your mind?" });
    await composer.click();
    await composer.pressSequentially('Written before the app ran');
    await composer.evaluate((element) => ((element as unknown as { fromHtml: boolean }).fromHtml = true));
    await expect(main(again).getByRole('status').filter({ hasText: 'Loading posts' })).toBeVisible();
    releaseEntry();
    // The app hydrates the page (the composer keeps its element, its text and
    // its focus), and draws the feed seen last with its own cards.
    await expect(cards(again)).toHaveCount(5);
    expect(await cards(again).evaluateAll((list) => list.map((card) => card.getAttribute('data-post-id')))).toEqual(
      seen,
    );
    expect(await backendReady(again)).toBe(false);
    await expect(composer).toHaveValue('Written before the app ran');
    await expect(composer).toBeFocused();
    expect(await composer.evaluate((element) => (element as unknown as { fromHtml?: boolean }).fromHtml)).toBe(true);
    await composer.pressSequentially(', and after it');
    await expect(composer).toHaveValue('Written before the app ran, and after it');
    await again.screenshot({ path: testInfo.outputPath('return-visit-before-the-backend.png') });
    await release();
    await expect(main(again).getByRole('button', { name: 'Post', exact: true })).toBeEnabled();
    await expect(composer).toHaveValue('Written before the app ran, and after it');
    await again.close();

    // A deploy since that changed the build: what the old one kept is not shown.
    const build = await context.newPage();
    await build.goto('/favicon.svg');
    await build.evaluate((key) => {
      const kept = JSON.parse(localStorage.getItem(key)!) as { build: string };
      localStorage.setItem(key, JSON.stringify({ ...kept, build: `${kept.build}-before-a-deploy` }));
    }, LAST_VISIT_KEY);
    await build.close();
    const releaseAgain = await holdBackend(context);
    const afterDeploy = await context.newPage();
    await afterDeploy.goto('/');
    await expect(main(afterDeploy).getByRole('status').filter({ hasText: 'Loading posts' })).toBeVisible();
    await afterDeploy.waitForTimeout(500);
    await expect(cards(afterDeploy)).toHaveCount(0);
    await releaseAgain();
    await expect(cards(afterDeploy)).toHaveCount(5);
  });
});
