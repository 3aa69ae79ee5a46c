import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, pageFetch, signIn, test } from './support';

// The backend's devtools panel (`devtools: true`, on the built site with
// `?devtools`): its controls are msw overrides, so they reach every request
// however it is sent (the page's fetch and XHR through the service worker,
// the app's own through the in-page transport).

const card = (page: Page, text: string) => page.locator('article', { hasText: text });

/** Opens the panel (the toggle, then the panel region in its shadow root). */
async function openPanel(page: Page) {
  await page.getByRole('button', { name: 'Devtools' }).click();
  const panel = page.getByRole('region', { name: 'Murmur devtools' });
  await expect(panel).toBeVisible();
  return panel;
}

async function failNext(page: Page, method: string, path: string, kind: '500 error' | 'Network error' = '500 error') {
  const panel = page.getByRole('region', { name: 'Murmur devtools' });
  await panel.getByLabel('Method').selectOption(method);
  await panel.getByLabel('Path').fill(path);
  await panel.getByLabel('Failure').selectOption({ label: kind });
  await panel.getByRole('button', { name: 'Fail next request' }).click();
}

/** The page's own XHR (through the service worker), as axios would send it. */
function pageXhr(page: Page, path: string) {
  return page.evaluate(
    (url) =>
      new Promise<number | 'failed'>((resolve) => {
        const xhr = new XMLHttpRequest();
        xhr.open('GET', url);
        xhr.onload = () => resolve(xhr.status);
        xhr.onerror = () => resolve('failed');
        xhr.send();
      }),
    path,
  );
}

test.describe('the devtools panel', () => {
  test('is not in the page, nor in the JavaScript it loads, without ?devtools', async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await signIn(page, '/');
    await expect(page.locator('article').first()).toBeVisible();
    await expect(page.locator('#murmur-devtools')).toHaveCount(0);
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const text = await page.evaluate(async (u) => (await fetch(u)).text(), url);
      expect(text, url).not.toContain('Fail next request');
    }
  });

  test('logs requests with who answered them, fails the next like, and the app rolls back with its error', async ({
    page,
  }) => {
    await signIn(page, '/explore?devtools');
    const panel = await openPanel(page);
    // The app's reads came through the transport.
    await expect(panel.getByRole('row', { name: /GET \/api\/posts.* 200 \d+ transport/ }).first()).toBeVisible();
    // The page's own fetch goes through the service worker.
    expect((await pageFetch(page, '/api/users')).status).toBe(200);
    await expect(panel.getByRole('row', { name: /GET \/api\/users 200 \d+ worker/ })).toBeVisible();

    await failNext(page, 'POST', '/api/posts/like/:postId');
    await expect(panel.getByRole('status')).toHaveText('The next POST /api/posts/like/:postId will fail.');
    const bread = card(page, 'Baked bread without a recipe');
    const like = bread.getByRole('button', { name: 'Like' });
    await like.click();
    await expect(page.getByText('Failed on purpose by Murmur devtools')).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(bread.getByTestId('like-count')).toHaveText(/^0/);
    await expect(panel.getByRole('row', { name: /POST \/api\/posts\/like\/p-\d+ 500 \d+ transport/ })).toBeVisible();
    // Once: the next like is the core's.
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(bread.getByTestId('like-count')).toHaveText(/^1/);
  });

  test('an override reaches fetch, XHR and the transport alike; Clear overrides (msw.resetHandlers) restores', async ({
    page,
  }) => {
    await signIn(page, '/explore?devtools');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const panel = await openPanel(page);
    await failNext(page, 'GET', '/api/users');
    expect((await pageFetch(page, '/api/users')).status).toBe(500);
    await failNext(page, 'GET', '/api/users', 'Network error');
    expect(await pageXhr(page, '/api/users')).toBe('failed');
    expect(await pageXhr(page, '/api/users')).toBe(200);

    // Offline: a lasting override, every /api call a network error.
    await panel.getByLabel('Offline').check();
    expect(await pageXhr(page, '/api/posts')).toBe('failed');
    await expect(page.evaluate(() => fetch('/api/posts').then((r) => r.status))).rejects.toThrow(/Failed to fetch/);
    const like = card(page, 'Baked bread without a recipe').getByRole('button', { name: 'Like' });
    await like.click();
    await expect(page.getByText('Could not reach the backend. Reload the page to try again.')).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    // The like and the app's one retry with its Idempotency-Key, both failed.
    await expect(panel.getByRole('row', { name: /POST \/api\/posts\/like\/p-\d+ failed \d+ transport/ })).toHaveCount(
      2,
    );

    await failNext(page, 'GET', '/api/users');
    await panel.getByRole('button', { name: 'Clear overrides' }).click();
    await expect(panel.getByLabel('Offline')).not.toBeChecked();
    expect((await pageFetch(page, '/api/users')).status).toBe(200);
    expect(await pageXhr(page, '/api/posts')).toBe(200);
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
  });

  test('reset brings the seed back, and the app shows it', async ({ page }) => {
    await signIn(page, '/explore?devtools');
    const panel = await openPanel(page);
    const like = card(page, 'Baked bread without a recipe').getByRole('button', { name: 'Like' });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await panel.getByRole('button', { name: 'Reset to the seed' }).click();
    await expect(panel.getByRole('status')).toHaveText('The data is back to the seed.');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
  });

  test('downloads a backup and restores it; a file that is not one changes nothing', async ({ page }) => {
    await signIn(page, '/explore?devtools');
    const panel = await openPanel(page);
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download a backup' }).click();
    expect((await download).suggestedFilename()).toMatch(/^murmur-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = await (await download).path();
    const like = card(page, 'Baked bread without a recipe').getByRole('button', { name: 'Like' });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toBeEnabled(); // the like is saved
    await panel.getByLabel('Restore a backup…').setInputFiles(saved);
    await expect(panel.getByRole('status')).toHaveText(/^Restored from /);
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    // Not a backup: refused with the backup check's message, nothing changed.
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toBeEnabled();
    await panel
      .getByLabel('Restore a backup…')
      .setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"other"}') });
    await expect(panel.getByRole('status')).toHaveText(/^Not restored: This file is not a Murmur backup/);
    await page.reload();
    await expect(card(page, 'Baked bread without a recipe').getByRole('button', { name: 'Like' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('works from the keyboard and has no serious or critical axe violation', async ({ page }) => {
    await signIn(page, '/explore?devtools');
    const toggle = page.getByRole('button', { name: 'Devtools' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Murmur devtools' });
    await expect(panel).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Tab reaches the controls in order.
    await panel.getByLabel('Latency (ms)').focus();
    await page.keyboard.press('Tab');
    await expect(panel.getByLabel('Offline')).toBeFocused();
    await page.keyboard.press('Space');
    await expect(panel.getByLabel('Offline')).toBeChecked();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await expect(panel.getByLabel('Method')).toBeFocused();

    const results = await new AxeBuilder({ page }).include('#murmur-devtools').analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(bad).toEqual([]);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
  });
});
