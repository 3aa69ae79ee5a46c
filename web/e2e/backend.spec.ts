import { expect, test } from '@playwright/test';
import { SUB_URL } from '../playwright.config';
import { pageFetch, waitForBackend } from './support';

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
    await page.goto(`${SUB_URL}post/p-01`);
    await waitForBackend(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(scope).toBe(SUB_URL);
    const res = await pageFetch(page, '/murmur/api/users');
    expect(res.status).toBe(200);
    expect(res.backend).toBe('wasm-core');

    await page.reload();
    await waitForBackend(page);
    await expect(page.locator('#root')).not.toBeEmpty();
    expect(new URL(page.url()).pathname).toBe('/murmur/post/p-01');
  });
});
