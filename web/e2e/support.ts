import type { Page } from '@playwright/test';

/** Waits until the in-browser backend (wasm core behind msw) answers. */
export async function waitForBackend(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.backend === 'ready');
}

/** Calls the API from inside the page, as the app does. */
export async function pageFetch(page: Page, path: string, init: RequestInit = {}) {
  return page.evaluate(
    async ([url, options]) => {
      const res = await fetch(url, options);
      return { status: res.status, backend: res.headers.get('x-murmur-backend'), body: await res.text() };
    },
    [path, init] as const,
  );
}
