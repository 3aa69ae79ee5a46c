// docs/data-safety.md, "When storage fails": what the browser can do to the
// storage under a running tab, in a real IndexedDB. After each fault, writes
// succeed or fail with a message the user can act on, and no acknowledged
// write is lost.
import type { Page } from '@playwright/test';
import { ROOT_URL } from '../playwright.config';
import { expect, pageFetch, signIn, test, waitForBackend } from './support';

const STORAGE_FULL = "Your browser's storage is full. Free some space and try again; nothing saved so far was lost.";
const RESTORED_FROM_SEED = /Your saved demo data could not be read, so Murmur started from the original demo data/;

const main = (page: Page) => page.getByRole('main');

async function post(page: Page, text: string) {
  const composer = main(page).getByRole('region', { name: 'Create a post' });
  await composer.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
}

async function token(page: Page): Promise<string> {
  return page.evaluate(() => (JSON.parse(localStorage.getItem('murmur.auth') ?? '{}') as { token: string }).token);
}

async function apiPost(page: Page, text: string) {
  return pageFetch(page, '/api/posts', {
    method: 'POST',
    headers: { authorization: await token(page), 'content-type': 'application/json' },
    body: JSON.stringify({ postData: { content: text } }),
  });
}

async function contents(page: Page): Promise<string[]> {
  const res = await pageFetch(page, '/api/posts');
  return (JSON.parse(res.body) as { posts: { content: string }[] }).posts.map((p) => p.content);
}

/** Writes raw records into the app's database, as a damaged profile would hold them. */
async function putRaw(page: Page, records: { store: string; key?: string; value: unknown }[]) {
  await page.evaluate(async (entries) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('murmur');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction([...new Set(entries.map((e) => e.store))], 'readwrite');
      for (const { store, key, value } of entries) {
        if (key === undefined) tx.objectStore(store).add(value);
        else tx.objectStore(store).put(value, key);
      }
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error);
    });
    db.close();
  }, records);
}

test('IndexedDB cleared under a running tab: the next write reopens it and nothing acknowledged is lost', async ({
  page,
}) => {
  await signIn(page, '/');
  await post(page, 'Written before the clear');
  await expect(main(page).getByRole('article').filter({ hasText: 'Written before the clear' })).toBeVisible();

  // What "Clear site data" (IndexedDB) does: the browser closes the connection and deletes the database.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: ROOT_URL, storageTypes: 'indexeddb' });

  await post(page, 'Written after the clear');
  await expect(main(page).getByRole('article').filter({ hasText: 'Written after the clear' })).toBeVisible();
  await expect(page.getByText(/could not be saved|Request failed|InvalidStateError/)).toHaveCount(0);
  await expect(page.getByText(/Request failed|InvalidStateError/)).toHaveCount(0);

  await page.reload();
  await waitForBackend(page);
  expect(await contents(page)).toEqual(expect.arrayContaining(['Written before the clear', 'Written after the clear']));
});

test('a head that does not match the saved state: writes, sign-up and reset work', async ({ page }) => {
  await signIn(page, '/');
  expect((await apiPost(page, 'Saved first')).status).toBe(201);
  await putRaw(page, [{ store: 'state', key: 'head', value: { revision: 999, stamp: 'stray', savedAt: 1 } }]);
  await page.reload();
  await waitForBackend(page);

  const res = await apiPost(page, 'Saved after the repair');
  expect(res.status).toBe(201);
  const signup = await pageFetch(page, '/api/auth/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'newcomer', password: 'secret123', firstName: 'New', lastName: 'Comer' }),
  });
  expect(signup.status).toBe(201);
  // Broken again while the tab runs: still no "busy" for good.
  await putRaw(page, [{ store: 'state', key: 'head', value: { revision: 5, stamp: 'again', savedAt: 1 } }]);
  expect((await apiPost(page, 'Third')).status).toBe(201);
  await page.reload();
  await waitForBackend(page);
  expect(await contents(page)).toEqual(expect.arrayContaining(['Saved first', 'Saved after the repair', 'Third']));
  expect((await pageFetch(page, '/__murmur/reset', { method: 'POST' })).status).toBe(200);
});

test('garbage in every store: the seed with a notice, and writes work', async ({ page }) => {
  await signIn(page, '/');
  await putRaw(page, [
    { store: 'state', key: 'current', value: 'garbage' },
    { store: 'state', key: 'head', value: [1, 2] },
    { store: 'media', key: 'm-01', value: { type: 'image/png', bytes: 'not bytes' } },
    { store: 'quarantine', value: 42 },
  ]);
  await page.reload();
  await expect(page.getByText(RESTORED_FROM_SEED)).toBeVisible();
  await waitForBackend(page);
  expect((await pageFetch(page, '/media/m-01')).status).toBe(404);
  await post(page, 'Over the garbage');
  await expect(main(page).getByRole('article').filter({ hasText: 'Over the garbage' })).toBeVisible();
  await page.reload();
  await waitForBackend(page);
  expect(await contents(page)).toContain('Over the garbage');
});

test('quota exceeded: the write is refused with a message to act on, and works once there is room', async ({
  page,
}) => {
  await signIn(page, '/');
  await post(page, 'Saved while there was room');
  await expect(main(page).getByRole('article').filter({ hasText: 'Saved while there was room' })).toBeVisible();

  // Chromium does not enforce a quota override on a test profile's in-memory
  // storage, so the disk fills the way IndexedDB reports it: every put refused,
  // in the backend's own worker, where its IndexedDB writes are made.
  const backend = page.workers().find((worker) => /workerEntry/.test(worker.url()));
  if (!backend) throw new Error("the backend's worker is not running");
  await backend.evaluate(() => {
    const w = self as unknown as { __put?: typeof IDBObjectStore.prototype.put };
    w.__put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function full() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  const refused = await apiPost(page, 'No room for this');
  expect(refused.status).toBe(507);
  expect(JSON.parse(refused.body)).toEqual({ errors: [STORAGE_FULL] });
  await post(page, 'Nor for this');
  await expect(page.getByText(STORAGE_FULL)).toBeVisible();

  await backend.evaluate(() => {
    const w = self as unknown as { __put?: typeof IDBObjectStore.prototype.put };
    if (w.__put) IDBObjectStore.prototype.put = w.__put;
  });
  expect((await apiPost(page, 'Room again')).status).toBe(201);
  await page.reload();
  await waitForBackend(page);
  const after = await contents(page);
  expect(after).toEqual(expect.arrayContaining(['Saved while there was room', 'Room again']));
  expect(after).not.toContain('No room for this');
  expect(after).not.toContain('Nor for this');
});
