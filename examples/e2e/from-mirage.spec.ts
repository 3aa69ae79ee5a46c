// The app moved off MirageJS (examples/from-mirage), as its users use it:
// its hard-coded guest button signs in with its own fixtures' account
// (a 6-character password), then its journey: the feed, a like, a post, a
// comment, a follow, a profile edit, and a reload that keeps them all. Its
// fixtures' avatars and images are on an image CDN, which this test cannot
// reach: the app shows its own placeholder, and no image is broken. Then the
// package's own demo data over the files `murmur-backend init` laid out in
// the app's empty dist/: every image shows with only this host reachable.
import { expect, test, type Page } from '@playwright/test';
import { expectBackendInItsWorker } from './backendThread';

/**
 * Every request that leaves this host is refused (as with the network off),
 * and recorded: the context's, so that msw's service worker's own fetches
 * (an `<img>` it passes through) are seen too.
 */
async function onlyThisHost(page: Page, baseURL: string): Promise<string[]> {
  const left: string[] = [];
  const host = new URL(baseURL).host;
  await page.context().route('**/*', (route) => {
    if (new URL(route.request().url()).host === host) return route.continue();
    left.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return left;
}

/** The images on the page that did not load (none may be broken), once each has settled. */
async function brokenImages(page: Page): Promise<string[]> {
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  return page.evaluate(() => [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.src));
}

const post = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test('signs in with its guest button and runs its journey; a reload keeps it', async ({ page, baseURL }) => {
  const cdn = await onlyThisHost(page, baseURL!);
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('[murmur]')) said.push(message.text());
  });
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/');
  await page.getByRole('button', { name: 'Login As Guest' }).click();
  await expectBackendInItsWorker(page);
  const feed = page.getByRole('region', { name: 'Feed' });
  await expect(feed.getByRole('article')).toHaveCount(3);
  // The fixtures' likeCount (24) gave way to their likedBy (Rahul and the guest).
  const stepwell = post(page, 'Morning light on the old stepwell');
  await expect(stepwell.getByRole('button', { name: /Like/ })).toHaveText('Liked · 2');
  // What the backend adapted in the fixtures, said once on the console.
  expect(said).toHaveLength(1);
  expect(said[0]).toMatch(/^\[murmur\] seed loaded: users 4, posts 3, comments 1; adapted: /);
  expect(said[0]).toContain('likeCounts recomputed from likedBy: 2');

  // Like, post, comment, follow, edit the profile.
  const tea = post(page, 'Which tea goes with a delayed train?');
  await tea.getByRole('button', { name: 'Like · 1' }).click();
  await expect(tea.getByRole('button', { name: /Like/ })).toHaveText('Liked · 2');
  await page.getByRole('textbox', { name: 'What is happening?' }).fill('Moved off Mirage: this one stays');
  await page.getByRole('button', { name: 'Post' }).click();
  await expect(feed.getByRole('article').first()).toContainText('Moved off Mirage: this one stays');
  await tea.getByRole('textbox', { name: 'Comment' }).fill('Masala chai, always');
  await tea.getByRole('button', { name: 'Reply' }).click();
  await expect(tea.getByRole('list', { name: 'Comments' })).toContainText('@guest Masala chai, always');
  const whoToFollow = page.getByRole('complementary', { name: 'Who to follow' });
  const rahul = whoToFollow.locator('.person').filter({ hasText: '@rahulgupta' });
  await rahul.getByRole('button', { name: 'Follow' }).click();
  await expect(rahul.getByRole('button')).toHaveText('Following');
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('textbox', { name: 'Bio' }).fill('Now on Murmur');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.bio')).toHaveText('Now on Murmur');
  expect(await brokenImages(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('profile.png') });

  // A reload: the backend kept every change (MirageJS forgot them all).
  await page.reload();
  await expect(feed.getByRole('article')).toHaveCount(4);
  await expect(post(page, 'Which tea goes').getByRole('button', { name: /Like/ })).toHaveText('Liked · 2');
  await expect(post(page, 'Which tea goes').getByRole('list', { name: 'Comments' })).toContainText(
    'Masala chai, always',
  );
  await expect(rahul.getByRole('button')).toHaveText('Following');
  const guest = await page.evaluate(async () => {
    const { users } = (await (await fetch('/api/users')).json()) as {
      users: { username: string; bio: string; following: { username: string }[] }[];
    };
    return users.find((user) => user.username === 'guest')!;
  });
  expect(guest.bio).toBe('Now on Murmur');
  expect(guest.following.map((user) => user.username)).toEqual(['afreen', 'rahulgupta']);
  expect(await brokenImages(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('home.png'), fullPage: true });
  // The CDN was asked and refused (so the placeholders were the app's own doing).
  expect(cdn.some((url) => url.startsWith('https://res.cloudinary.com/'))).toBe(true);
  expect(problems).toEqual([]);
});

test("the package's demo data shows every image from the files init laid out, with only this host", async ({
  page,
  baseURL,
}) => {
  const left = await onlyThisHost(page, baseURL!);
  await page.goto('/demo.html');
  const feed = page.getByRole('region', { name: 'Demo feed' });
  await expect(feed.getByRole('article')).toHaveCount(12);
  expect(await brokenImages(page)).toEqual([]);
  const images = await page.evaluate(() => document.images.length);
  expect(images).toBeGreaterThan(12);
  // The one video post: its file is there too.
  await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1);
  expect(left).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('demo.png') });
});
