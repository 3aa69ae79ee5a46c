// docs/rules.md, "Media and avatar paths": every media and avatar URL the backend hands out is an
// absolute path under the base, so it loads from any route. A relative one
// (`avatars/seed-1.svg`) resolved under `/post/p-02/` and got the HTML page.
import type { Page } from '@playwright/test';
import { ROOT_URL, SUB_URL } from '../playwright.config';
import { expect, pageFetch, test, waitForBackend } from './support';

/** Every `avatarURL` and `mediaURL` in the seed's answers. */
async function seedUrls(page: Page, base: string): Promise<string[]> {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if ((key === 'avatarURL' || key === 'mediaURL') && typeof inner === 'string') {
          if (inner) found.add(inner);
        } else walk(inner);
      }
    }
  };
  for (const path of ['api/posts', 'api/users', 'api/posts/p-02', 'api/posts/user/maya_lind', 'api/comments/p-02']) {
    const res = await pageFetch(page, `${base}${path}`);
    expect(res.status, path).toBe(200);
    walk(JSON.parse(res.body));
  }
  return [...found].sort();
}

/** How each URL loads from the current page: images decoded, the video's type. */
async function load(page: Page, urls: string[]) {
  return page.evaluate(async (list) => {
    return Promise.all(
      list.map(async (url) => {
        const absolute = new URL(url, location.href).href;
        if (url.endsWith('.mp4')) {
          const res = await fetch(absolute);
          return { url, ok: (res.headers.get('content-type') ?? '').startsWith('video/') };
        }
        const img = new Image();
        img.src = url;
        await img.decode().catch(() => undefined);
        return { url, ok: img.naturalWidth > 0 };
      }),
    );
  }, urls);
}

for (const [where, site, base] of [
  ['at the root', `${ROOT_URL}/`, '/'],
  ['under /murmur/', SUB_URL, '/murmur/'],
] as const) {
  test(`${where}: every media and avatar URL of the seed is absolute and loads from the root and a nested route`, async ({
    page,
  }) => {
    await page.goto(site);
    await waitForBackend(page);
    const urls = await seedUrls(page, base);
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) expect(url, url).toMatch(new RegExp(`^${base}(avatars|seed|media)/`));
    for (const route of ['', 'post/p-02', 'profile/maya_lind']) {
      await page.goto(`${site}${route}`);
      await waitForBackend(page);
      const failed = (await load(page, urls)).filter((r) => !r.ok).map((r) => r.url);
      expect(failed, `from /${route}`).toEqual([]);
    }
  });
}
