import type { Locator, Page } from '@playwright/test';
import { expect, main, pageFetch, PNG, postCount, postWith, signIn, test, waitForBackend } from './support';

// docs/data-safety.md: the demo data survives reloads, closed tabs and other tabs, and
// can be put back to the seed. Each test has a fresh browser context, so a
// fresh IndexedDB.

const SEED_POSTS = 12;
const RESTORED_FROM_SEED = /Your saved demo data could not be read, so Murmur started from the original demo data/;
const LENA = { name: 'Lena Costa', username: 'lena_sketches' };

async function createPostInUi(page: Page, text: string, image?: Buffer): Promise<Locator> {
  const composer = main(page).getByRole('region', { name: 'Create a post' });
  await composer.getByRole('textbox', { name: "What's on your mind?" }).fill(text);
  if (image) {
    await composer
      .getByTestId('image-input')
      .setInputFiles({ name: 'pixels.png', mimeType: 'image/png', buffer: image });
    await expect(composer.getByRole('img', { name: 'Attached image preview' })).toBeVisible();
  }
  await composer.getByRole('button', { name: 'Post', exact: true }).click();
  const post = postWith(page, text);
  await expect(post).toBeVisible();
  return post;
}

/** Waits for the image to load, then returns its natural width (0 when it did not). */
async function loadedWidth(image: Locator): Promise<number> {
  await expect(image).toBeVisible();
  return image.evaluate(async (img: HTMLImageElement) => {
    img.loading = 'eager';
    await img.decode().catch(() => undefined);
    return img.naturalWidth;
  });
}

/** The first post on Home the guest has not liked: its id, and its Like button. */
async function unlikedPost(page: Page) {
  const unliked = page.getByRole('button', { name: 'Like', pressed: false });
  const article = main(page).getByRole('article').filter({ has: unliked }).first();
  const id = await article.getAttribute('data-post-id');
  if (!id) throw new Error('no unliked post on Home');
  return { id, article: main(page).locator(`article[data-post-id="${id}"]`) };
}

/**
 * Likes the post and waits for the backend's answer: the heart turns red at
 * once (optimistic), and the button is disabled until the answer, which
 * comes after the save to IndexedDB has committed.
 */
async function likeAndWaitForTheSave(article: Locator): Promise<void> {
  const like = article.getByRole('button', { name: 'Like' });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toBeEnabled();
}

test('posts, images, likes, follows and profile edits survive a reload', async ({ page }) => {
  await signIn(page, '/');
  const post = await createPostInUi(page, 'Durable post with a picture', PNG);
  const image = post.getByRole('img', { name: /^Image shared by/ });
  await expect(image).toHaveAttribute('src', /\/media\/[\w-]+$/);
  expect(await loadedWidth(image)).toBe(2);

  const liked = await unlikedPost(page);
  await likeAndWaitForTheSave(liked.article);

  // Followed from the profile, whose button stays (busy while the write is saved) once pressed.
  await page.goto(`/profile/${LENA.username}`);
  await main(page)
    .getByRole('button', { name: `Follow ${LENA.name}` })
    .click();
  const following = main(page).getByRole('button', { name: `Following ${LENA.name}` });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(following).toBeEnabled();

  await page.goto('/profile/guest');
  await main(page).getByRole('button', { name: 'Edit profile' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit profile' });
  await editor.getByLabel('Bio').fill('Still here after a reload.');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();

  await page.reload();
  await waitForBackend(page);
  await expect(main(page).getByText('Still here after a reload.')).toBeVisible();

  await page.goto('/');
  const kept = postWith(page, 'Durable post with a picture');
  expect(await loadedWidth(kept.getByRole('img', { name: /^Image shared by/ }))).toBe(2);
  await expect(liked.article.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto(`/profile/${LENA.username}`);
  await expect(main(page).getByRole('button', { name: `Following ${LENA.name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('a change in one tab shows in another without a reload', async ({ page, context }) => {
  await signIn(page, '/');
  const other = await context.newPage();
  await other.goto('/');
  await waitForBackend(other);
  await expect(main(other).getByRole('article').first()).toBeVisible();
  await expect(postWith(other, 'Written in the first tab')).toHaveCount(0);

  await createPostInUi(page, 'Written in the first tab', PNG);
  const arrived = postWith(other, 'Written in the first tab');
  await expect(arrived).toBeVisible();
  expect(await loadedWidth(arrived.getByRole('img', { name: /^Image shared by/ }))).toBe(2);

  // And back: the second tab writes on top of the first tab's change.
  const liked = await unlikedPost(other);
  await liked.article.getByRole('button', { name: 'Like' }).click();
  await expect(
    page.locator(`article[data-post-id="${liked.id}"]`).getByRole('button', { name: 'Like' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(postWith(page, 'Written in the first tab')).toBeVisible();
});

test('Reset demo data asks first, then restores the seed', async ({ page }) => {
  await signIn(page, '/');
  await createPostInUi(page, 'Gone after the reset', PNG);
  const uploaded = await postWith(page, 'Gone after the reset')
    .getByRole('img', { name: /^Image shared by/ })
    .getAttribute('src');
  expect(await postCount(page)).toBe(SEED_POSTS + 1);

  await page.goto('/theme');
  await expect(main(page).getByRole('heading', { name: 'Demo data' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Reset demo data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset demo data?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await postCount(page)).toBe(SEED_POSTS + 1);

  await main(page).getByRole('button', { name: 'Reset demo data' }).click();
  await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByText('Demo data reset')).toBeVisible();
  await expect(page).toHaveURL(/\/theme$/); // the guest is in the seed: still signed in
  expect(await postCount(page)).toBe(SEED_POSTS);
  expect((await pageFetch(page, uploaded!)).status).toBe(404);

  await page.goto('/');
  await expect(main(page).getByRole('article').first()).toBeVisible();
  await expect(postWith(page, 'Gone after the reset')).toHaveCount(0);
  await page.reload();
  await waitForBackend(page);
  expect(await postCount(page)).toBe(SEED_POSTS);
});

test('after a reset, a user signed up in this browser is sent to /login', async ({ page }) => {
  await page.goto('/login');
  await waitForBackend(page);
  const res = await pageFetch(page, '/api/auth/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Reset', username: 'ada_reset', password: 'secret-pass' }),
  });
  expect(res.status).toBe(201);
  const { createdUser, encodedToken } = JSON.parse(res.body) as { createdUser: unknown; encodedToken: string };
  await page.evaluate((session) => localStorage.setItem('murmur.auth', JSON.stringify(session)), {
    user: createdUser,
    token: encodedToken,
  });
  await page.goto('/theme');
  await main(page).getByRole('button', { name: 'Reset demo data' }).click();
  await page
    .getByRole('dialog', { name: 'Reset demo data?' })
    .getByRole('button', { name: 'Reset', exact: true })
    .click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a corrupted saved state: the app starts from the seed and says so', async ({ page }) => {
  await signIn(page, '/');
  await createPostInUi(page, 'Lost to the corruption');
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('murmur');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('state', 'readwrite');
          tx.objectStore('state').put('{"format": "murmur-demo-da\u0000garbage', 'current');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onabort = () => reject(tx.error);
        };
      }),
  );

  await page.reload();
  await waitForBackend(page);
  await expect(page.getByText(RESTORED_FROM_SEED)).toBeVisible();
  expect(await postCount(page)).toBe(SEED_POSTS);
  await expect(main(page).getByRole('article').first()).toBeVisible();
  await expect(postWith(page, 'Lost to the corruption')).toHaveCount(0);

  const quarantined = await page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('murmur');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('quarantine').objectStore('quarantine').getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        };
      }),
  );
  expect(quarantined).toHaveLength(1);
  expect(JSON.stringify(quarantined[0])).toContain('garbage');

  // The next start is clean: no message, and new changes are kept.
  await createPostInUi(page, 'After the corruption');
  await page.reload();
  await waitForBackend(page);
  await expect(postWith(page, 'After the corruption')).toBeVisible();
  await expect(page.getByText(RESTORED_FROM_SEED)).toHaveCount(0);
});

test('a like acknowledged just before the tab closes is kept', async ({ page, context }) => {
  await signIn(page, '/');
  const liked = await unlikedPost(page);
  await likeAndWaitForTheSave(liked.article);
  await page.close();

  const reopened = await context.newPage();
  await reopened.goto('/');
  await waitForBackend(reopened);
  const post = JSON.parse((await pageFetch(reopened, `/api/posts/${liked.id}`)).body) as {
    post: { likes: { likedBy: { username: string }[] } };
  };
  expect(post.post.likes.likedBy.map((u) => u.username)).toContain('guest');
  await expect(
    main(reopened).locator(`article[data-post-id="${liked.id}"]`).getByRole('button', { name: 'Like' }),
  ).toHaveAttribute('aria-pressed', 'true');
});
