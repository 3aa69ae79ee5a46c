import { expect, type Page } from '@playwright/test';

/**
 * The backend runs in its own worker (not on the page's main thread): the
 * package's module bundled by Vite or webpack, or the script `murmur-backend
 * init` laid out for esbuild.
 */
export async function expectBackendInItsWorker(page: Page): Promise<void> {
  await expect
    .poll(() => page.workers().some((worker) => /workerEntry|murmur-backend-worker/.test(worker.url())))
    .toBe(true);
}
