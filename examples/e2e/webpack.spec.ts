// The webpack example (React, react-router, axios), as a user: sign in at
// once, the home feed, a post's deep link reloaded, a like kept, and the
// backend's own refusals. The backend runs in the page (persist: 'indexeddb',
// a fresh browser context for each test, so each starts from the seed).
import { expect, test, type Page } from '@playwright/test';
import { expectBackendInItsWorker } from './backendThread';

const REFUSED = 'The credentials you entered are invalid. Unauthorized access error.';
const UNKNOWN = 'The username you entered is not Registered. Not Found error';
const SIGNED_OUT = 'The token is invalid. Unauthorized access error.';

/** Every document the page loads (a reload, or msw's start reloading the page, adds one). */
function recordDocuments(page: Page) {
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      documents.push(new URL(request.url()).pathname);
  });
  return documents;
}

async function signIn(page: Page, username: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

const feed = (page: Page) => page.getByRole('list', { name: 'Feed' }).getByRole('article');

test('signs in with axios right after start and lands on the home feed, with no reload', async ({ page }) => {
  const documents = recordDocuments(page);
  const api: { type: string; path: string }[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) api.push({ type: request.resourceType(), path });
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/'); // signed out: the home route sends us to the sign-in page
  await expectBackendInItsWorker(page);
  await expect(page).toHaveURL(/\/signin$/);
  const timeOrigin = await page.evaluate(() => performance.timeOrigin);
  await signIn(page, 'mira', 'mira-pass');

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  // Mira's own post and those of Theo, whom she follows; not Sam's.
  await expect(feed(page)).toHaveCount(3);
  await expect(feed(page).first()).toContainText('the map of the old town is finally done');
  await expect(page.getByText('My sourdough starter has a name now')).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('@mira');

  // No reload, now or in the next 5 s: the same document, loaded once.
  await page.waitForTimeout(5_000);
  expect(await page.evaluate(() => performance.timeOrigin)).toBe(timeOrigin);
  expect(documents).toEqual(['/']);
  await expect(feed(page)).toHaveCount(3);
  // axios sent them: XHR, through msw's service worker to the core.
  expect(api.map(({ path }) => path)).toEqual(['/api/auth/login', '/api/posts/feed']);
  expect(new Set(api.map(({ type }) => type))).toEqual(new Set(['xhr']));
  expect(problems).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('home.png') });
});

test('a deep link loads on a first visit and after a reload; a like is kept', async ({ page }) => {
  const documents = recordDocuments(page);
  await page.goto('/post/p-01'); // the host answers the unknown path with the app (404.html)
  const post = page.getByRole('region', { name: 'Post' });
  await expect(post.getByRole('article')).toContainText('three crabs and one very patient heron');
  await expect(post.getByRole('article')).toContainText('1 like · 1 comment');
  await expect(post.getByRole('list', { name: 'Comments' })).toContainText('@mira The heron always wins.');
  await post.getByRole('button', { name: 'Like' }).click(); // signed out: the backend's own message
  await expect(page.getByRole('alert')).toHaveText(SIGNED_OUT);

  await page.goto('/signin');
  await signIn(page, 'mira', 'mira-pass');
  await feed(page).filter({ hasText: 'heron' }).getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/post\/p-01$/);
  await post.getByRole('button', { name: 'Like' }).click();
  await expect(post.getByRole('article')).toContainText('2 likes');
  await expect(post.getByRole('button', { name: 'Unlike' })).toBeVisible();

  await page.reload();
  await expect(post.getByRole('article')).toContainText('three crabs and one very patient heron');
  await expect(post.getByRole('article')).toContainText('2 likes'); // kept in IndexedDB
  await expect(post.getByRole('button', { name: 'Unlike' })).toBeVisible(); // still signed in (sessionStorage)
  expect(documents).toEqual(['/post/p-01', '/signin', '/post/p-01']);
});

test('a refused sign-in shows the backend’s message and stays on the sign-in page', async ({ page }) => {
  await page.goto('/signin');
  await signIn(page, 'mira', 'not-her-password');
  await expect(page.getByRole('alert')).toHaveText(REFUSED);
  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, 'nobody-here', 'whatever-1');
  await expect(page.getByRole('alert')).toHaveText(UNKNOWN);
  await signIn(page, 'MIRA', 'mira-pass'); // usernames are found ignoring case
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
