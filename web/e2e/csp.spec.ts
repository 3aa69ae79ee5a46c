// The Content-Security-Policy the build ships is on in every e2e test (the
// shared fixture in support.ts fails a test on any violation). Here, with the
// plain Playwright test, it is shown refusing what it must refuse.
import { expect, test } from '@playwright/test';
import { SUB_URL } from '../playwright.config';
import { waitForBackend } from './support';

test('the policy refuses an inline script and an off-origin image, and the app still works', async ({ page }) => {
  await page.goto('/login');
  await waitForBackend(page);
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).not.toContain("'unsafe-eval'");

  // Another origin serving a real image (the sub-path server's logo, on another port).
  const offOrigin = new URL('logo.svg', SUB_URL).toString();
  const outcome = await page.evaluate(async (imageUrl) => {
    const refused: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) => refused.push(event.violatedDirective));

    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.body.append(script);

    const image = new Image();
    const loaded = new Promise<boolean>((resolve) => {
      image.onload = () => resolve(true);
      image.onerror = () => resolve(false);
    });
    image.src = imageUrl;
    document.body.append(image);
    const imageLoaded = await loaded;
    await new Promise((resolve) => setTimeout(resolve, 50)); // violation events are queued as tasks
    return {
      inlineRan: (window as unknown as { __inlineRan?: boolean }).__inlineRan === true,
      imageLoaded,
      refused,
    };
  }, offOrigin);

  expect(outcome.inlineRan).toBe(false);
  expect(outcome.imageLoaded).toBe(false);
  expect(outcome.refused).toEqual(expect.arrayContaining(['script-src-elem', 'img-src']));

  // The same image from the site itself loads: only the origin was refused.
  const sameOrigin = await page.evaluate(async () => {
    const image = new Image();
    image.src = `${document.baseURI.replace(/login$/, '')}logo.svg`;
    await image.decode();
    return image.naturalWidth;
  });
  expect(sameOrigin).toBeGreaterThan(0);
});
