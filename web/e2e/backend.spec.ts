import type { Page } from '@playwright/test';
import { SUB_URL } from '../playwright.config';
import { expect, GUEST, pageFetch, signIn, test, waitForBackend } from './support';

// A 2×2 PNG, as in the durability journeys.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC';

/** Every request the browser reports for the page, with whether the service worker answered it. */
function recordRequests(page: Page) {
  const seen: { url: string; fromServiceWorker: boolean }[] = [];
  page.on('requestfinished', (request) => {
    void request.response().then((response) => {
      seen.push({ url: request.url(), fromServiceWorker: response?.fromServiceWorker() ?? false });
    });
  });
  return seen;
}

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

  test("answers the app's requests in the page, and everything else through the worker", async ({ page }) => {
    await signIn(page, '/');
    const seen = recordRequests(page);

    // The app's own requests (its API client's transport) are answered in
    // the page by the same handlers: the browser, and the service worker,
    // never see them.
    await page.goto('/explore');
    await expect(page.locator('article[data-post-id]').first()).toBeVisible();
    expect(seen.filter((r) => new URL(r.url).pathname.startsWith('/api/'))).toEqual([]);

    // Nothing global is patched: the page's own fetch goes through the service worker, to the same core.
    const viaFetch = await pageFetch(page, '/api/users?via=fetch');
    expect(viaFetch.status).toBe(200);
    expect(viaFetch.backend).toBe('wasm-core');
    expect((JSON.parse(viaFetch.body) as { users: unknown[] }).users.length).toBeGreaterThan(0);

    // XMLHttpRequest goes through the service worker too.
    const viaWorker = await page.evaluate(
      () =>
        new Promise<{ status: number; backend: string | null; users: number }>((resolve, reject) => {
          const xhr = new XMLHttpRequest();
          xhr.open('GET', '/api/users?via=worker');
          xhr.onload = () =>
            resolve({
              status: xhr.status,
              backend: xhr.getResponseHeader('x-murmur-backend'),
              users: (JSON.parse(xhr.responseText) as { users: unknown[] }).users.length,
            });
          xhr.onerror = () => reject(new Error('xhr failed'));
          xhr.send();
        }),
    );
    expect(viaWorker.status).toBe(200);
    expect(viaWorker.backend).toBe('wasm-core');
    expect(viaWorker.users).toBe((JSON.parse(viaFetch.body) as { users: unknown[] }).users.length);

    // An upload through the worker lands in IndexedDB; an <img> of it is
    // fetched by the browser, through the service worker, from there.
    const mediaURL = await page.evaluate(async (png) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const session = JSON.parse(localStorage.getItem('murmur.auth') ?? '{}') as { token?: string };
      const res = await fetch('/api/media', {
        method: 'POST',
        headers: { 'content-type': 'image/png', authorization: session.token ?? '' },
        body: new Blob([bytes], { type: 'image/png' }),
      });
      return ((await res.json()) as { mediaURL: string }).mediaURL;
    }, PNG_BASE64);
    expect(mediaURL).toMatch(/^\/media\/[\w-]+$/);
    const width = await page.evaluate(async (src) => {
      const img = document.createElement('img');
      img.src = src;
      document.body.append(img);
      await img.decode().catch(() => undefined);
      return img.naturalWidth;
    }, mediaURL);
    expect(width).toBe(2);

    const through = (r: (typeof seen)[number]) =>
      `${new URL(r.url).pathname}${new URL(r.url).search} ${r.fromServiceWorker ? 'service worker' : 'network'}`;
    await expect
      .poll(() =>
        seen
          .filter((r) => /via=|\/api\/media/.test(r.url) || r.url.endsWith(mediaURL))
          .map(through)
          .sort(),
      )
      .toEqual(
        [
          `${mediaURL} service worker`,
          '/api/users?via=worker service worker',
          '/api/users?via=fetch service worker',
          '/api/media service worker',
        ].sort(),
      );
  });

  test('the app renders while the backend starts, and its first requests wait for it', async ({ page }) => {
    await signIn(page, '/');
    // The next load must fetch the core from the network, not from the
    // service worker's precache (which page.route cannot delay).
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
    });
    // A slow start: the core's module arrives 1.5 s late on the next load.
    await page.route(/mock_core_bg.*\.wasm$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const apiFromNetwork: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) apiFromNetwork.push(response.url());
    });
    await page.goto('/');
    // The shell is on screen before the backend answers…
    await expect(page.getByRole('navigation').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.backend ?? 'starting')).toBe('starting');
    // …and the feed's requests, sent meanwhile, are answered by the core once it is up.
    await expect(page.locator('article[data-post-id]').first()).toBeVisible();
    await waitForBackend(page);
    expect(apiFromNetwork).toEqual([]);
  });

  test("on a first visit the app's requests do not wait for the service worker to install", async ({ browser }) => {
    // A fresh context: no worker yet. Its script arrives 5 s late, so it
    // cannot be active (nor its precache filled) before the feed shows.
    const context = await browser.newContext();
    try {
      await context.route(/\/sw\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 5000));
        await route.continue();
      });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('button', { name: 'Login As Guest' }).click();
      await expect(page.locator('article[data-post-id]').first()).toBeVisible();
      expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
      expect(await page.evaluate(() => document.documentElement.dataset.backend ?? 'starting')).toBe('starting');
      // Then the worker takes over, and the page's own requests reach the core through it.
      await waitForBackend(page);
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      expect((await pageFetch(page, '/api/users')).backend).toBe('wasm-core');
    } finally {
      await context.close();
    }
  });

  for (const refusal of ['refuses to register one', 'has no service worker API'] as const) {
    test(`a browser that ${refusal} still runs the app online, and says what it lacks`, async ({ browser }) => {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      try {
        const page = await context.newPage();
        if (refusal === 'has no service worker API') {
          await page.addInitScript(() => delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker);
        }
        await page.goto('/login');
        await page.getByRole('button', { name: 'Login As Guest' }).click();
        await expect(page.getByText('Welcome Guest')).toBeVisible();
        await expect(page.locator('article[data-post-id]').first()).toBeVisible();
        await expect(
          page.getByText('This browser does not allow Murmur a service worker', { exact: false }),
        ).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Murmur could not start' })).toHaveCount(0);
        // Nothing patched the page's own fetch meanwhile: it reaches the static host.
        expect((await pageFetch(page, '/api/users')).status).toBe(404);
      } finally {
        await context.close();
      }
    });
  }
});
