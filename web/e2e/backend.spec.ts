import { expect, test } from '@playwright/test';
import { SUB_URL } from '../playwright.config';
import { GUEST, pageFetch, signIn, waitForBackend } from './support';

test.describe('the in-browser backend in the production build', () => {
  test('answers /api from the wasm core, not the static server', async ({ page, request }) => {
    // The static server itself has no API.
    const direct = await request.get('/api/users');
    expect(direct.status()).toBe(404);

    await page.goto('/');
    await waitForBackend(page);
    const res = await pageFetch(page, '/api/users');
    expect(res.status).toBe(200);
    expect(res.backend).toBe('wasm-core');
    const data = JSON.parse(res.body) as { users: { username: string }[] };
    expect(data.users.some((u) => u.username === 'guest')).toBe(true);
  });

  test('works under a sub-path, and a reloaded deep link loads the app', async ({ page }) => {
    // Signed out, a deep link goes to the sub-path's login page.
    await page.goto(`${SUB_URL}post/p-01`);
    await waitForBackend(page);
    await expect(page).toHaveURL(`${SUB_URL}login`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(scope).toBe(SUB_URL);
    const res = await pageFetch(page, '/murmur/api/users');
    expect(res.status).toBe(200);
    expect(res.backend).toBe('wasm-core');

    // Signed in, the deep link shows the post, and so does a reload of it
    // (the static server answers with 404.html, which is the app).
    await signIn(page, `${SUB_URL}post/p-01`, GUEST, '/murmur/');
    const post = page.locator('article[data-post-id="p-01"]');
    await expect(post).toBeVisible();
    await page.reload();
    await waitForBackend(page);
    await expect(post).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/murmur/post/p-01');
    // Seed media resolves under the sub-path too.
    const broken = await page.evaluate(() =>
      [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
    );
    expect(broken).toEqual([]);
  });
});
