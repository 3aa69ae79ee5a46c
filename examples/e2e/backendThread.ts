import { expect, type Page } from '@playwright/test';

/**
 * The backend runs in its own worker (not on the page's main thread): the
 * package's module bundled by Vite or webpack (whose chunk names differ), or
 * the script `murmur-backend init` laid out for esbuild. It is told by what
 * only the backend's worker has: a `localStorage` (its stand-in for msw,
 * packages/murmur-backend/src/browser/workerGlobals.ts), which no worker of a
 * browser's own has.
 */
export async function expectBackendInItsWorker(page: Page): Promise<void> {
  const backendWorkers = async () => {
    const found = await Promise.all(
      page.workers().map((worker) => worker.evaluate(() => 'localStorage' in self).catch(() => false)),
    );
    return found.filter(Boolean).length;
  };
  await expect.poll(backendWorkers).toBe(1);
}
