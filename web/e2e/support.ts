import { expect, test as base, type Page } from '@playwright/test';

/**
 * Playwright's `test`, with the site's Content-Security-Policy watched on every
 * page: a test fails if anything the app does is refused by it (seen as a
 * `securitypolicyviolation` event or the browser's console error). Every spec
 * imports `test` and `expect` from here.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__murmurCspViolation', (_source, text: string) => {
        violations.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __murmurCspViolation?: (text: string) => void }).__murmurCspViolation;
          report?.(`${event.violatedDirective} refused ${event.blockedURI || 'an inline resource'}`);
        });
      });
      const onConsole = (message: { type(): string; text(): string }) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
          violations.push(message.text());
      };
      context.on('console', onConsole);
      await use(violations);
      context.off('console', onConsole);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

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

export const GUEST = { username: 'guest', password: 'guest123' };

/**
 * Signs in through the API and stores the session the way the app does, then
 * opens `path`. Faster than the login form; the auth journeys test the form.
 */
export async function signIn(page: Page, path = '/', user = GUEST, basePath = '/'): Promise<void> {
  // `path` may be absolute (another server); the login page and the API then
  // live under that server's `basePath`.
  const loginUrl = /^https?:/.test(path) ? new URL(`${basePath}login`, path).toString() : `${basePath}login`;
  await page.goto(loginUrl);
  await waitForBackend(page);
  const res = await pageFetch(page, `${basePath}api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.body}`);
  const data = JSON.parse(res.body) as { foundUser: unknown; encodedToken: string };
  await page.evaluate((session) => localStorage.setItem('murmur.auth', JSON.stringify(session)), {
    user: data.foundUser,
    token: data.encodedToken,
  });
  await page.goto(path);
  await waitForBackend(page);
}

/** Sets the saved theme before the app starts (for every page of the context). */
export async function presetTheme(page: Page, theme: { hue: number; background: string }): Promise<void> {
  await page.addInitScript((saved) => localStorage.setItem('murmur.theme', JSON.stringify(saved)), theme);
}

/** The document's scroll width against the viewport: a page that scrolls sideways has more. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** A 2×2 PNG (red, green / blue, white), small enough to inline. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAAMIM/4EAAB/uBfsL2WiLAAAAAElFTkSuQmCC',
  'base64',
);

export const main = (page: Page) => page.getByRole('main');
export const postWith = (page: Page, text: string) => main(page).getByRole('article').filter({ hasText: text });

/** How many posts the backend holds. */
export async function postCount(page: Page): Promise<number> {
  const res = await pageFetch(page, '/api/posts');
  return (JSON.parse(res.body) as { posts: unknown[] }).posts.length;
}
