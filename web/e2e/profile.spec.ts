import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

const main = (page: Page) => page.getByRole('main');

async function openEditor(page: Page) {
  await main(page).getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("another user's profile: who they are, a safe website link, counts and posts newest first", async ({ page }) => {
  await signIn(page, '/profile/maya_lind');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Maya Lindqvist' })).toBeVisible();
  const card = main(page).getByRole('region', { name: 'Maya Lindqvist' });
  await expect(card.getByText('@maya_lind', { exact: true })).toBeVisible();
  await expect(card.getByText(/Landscape photographer/)).toBeVisible();
  const link = card.getByRole('link', { name: /mayalind\.example\.com/ });
  await expect(link).toHaveAttribute('href', 'https://mayalind.example.com/');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(main(page).locator('.profile-card__stat')).toHaveText('3 Posts');
  await expect(main(page).getByRole('button', { name: 'Edit profile' })).toHaveCount(0);

  const posts = main(page).getByRole('article');
  await expect(posts).toHaveCount(3);
  await expect(posts.nth(0)).toContainText('Thirty seconds of waves');
  await expect(posts.nth(1)).toContainText('Golden hour is a suggestion');
  await expect(posts.nth(2)).toContainText('Up at 3am');
});

test("a mention in another case links the user's own profile, and that address in another case moves there", async ({
  page,
}) => {
  await signIn(page, '/');
  const composer = page.getByRole('region', { name: 'Create a post' });
  await composer.getByRole('textbox', { name: "What's on your mind?" }).fill('Shot by @MAYA_Lind at dawn');
  await composer.getByRole('button', { name: 'Post' }).click();
  const post = main(page).getByRole('article').filter({ hasText: 'Shot by' });
  const mention = post.getByRole('link', { name: '@MAYA_Lind' });
  await expect(mention).toHaveAttribute('href', '/profile/maya_lind');

  await page.goto('/profile/MAYA_LIND');
  await expect(page).toHaveURL(/\/profile\/maya_lind$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Maya Lindqvist' })).toBeVisible();
  await expect(main(page).getByRole('article')).toHaveCount(3);
});

test('edit bio, website, name and a preset avatar: seen on the profile, in the header, on own posts and comments', async ({
  page,
}) => {
  await signIn(page, '/profile/guest');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Guest User' })).toBeVisible();
  await expect(main(page).getByRole('article', { name: 'Post by Guest User' })).toBeVisible();

  const dialog = await openEditor(page);
  await dialog.getByRole('radio', { name: 'Panda' }).check({ force: true });
  await expect(dialog.getByRole('img', { name: /^New avatar of/ })).toHaveAttribute('src', /avatars\/preset-3\.svg$/);
  await dialog.getByLabel('Last name').fill('Wanderer');
  await dialog.getByLabel('Bio').fill('Mostly here for the sunsets.');
  await dialog.getByLabel('Website').fill('https://guest.example.org/about');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await expect(main(page).getByRole('heading', { level: 1, name: 'Guest Wanderer' })).toBeVisible();
  await expect(main(page).getByText('Mostly here for the sunsets.')).toBeVisible();
  const website = main(page).getByRole('link', { name: /guest\.example\.org\/about/ });
  await expect(website).toHaveAttribute('href', 'https://guest.example.org/about');
  await expect(website).toHaveAttribute('target', '_blank');
  await expect(main(page).getByRole('img', { name: 'Guest Wanderer' })).toHaveAttribute('src', /preset-3\.svg$/);
  await expect(page.getByRole('link', { name: /^Your profile/ }).locator('img')).toHaveAttribute(
    'src',
    /preset-3\.svg$/,
  );
  const ownPost = main(page).getByRole('article', { name: 'Post by Guest Wanderer' });
  await expect(ownPost.locator('img.avatar').first()).toHaveAttribute('src', /preset-3\.svg$/);

  // The guest's comment on one of Maya's posts carries the new name and avatar too.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  const waves = main(page).getByRole('article').filter({ hasText: 'Thirty seconds of waves' });
  await waves.getByRole('link', { name: /^View all \d+ comments?$/ }).click();
  const comment = main(page).getByRole('listitem', { name: 'Comment by Guest Wanderer' });
  await expect(comment).toBeVisible();
  await expect(comment.locator('img').first()).toHaveAttribute('src', /preset-3\.svg$/);

  // Reopening the editor starts from the saved profile.
  await page.getByRole('link', { name: /^Your profile/ }).click();
  const again = await openEditor(page);
  await expect(again.getByLabel('Bio')).toHaveValue('Mostly here for the sunsets.');
  await expect(again.getByRole('radio', { name: 'Panda' })).toBeChecked();
});

/**
 * Puts `website` into the guest's saved profile, as a state saved before the
 * input rules could hold it, and reloads: the app starts from that state.
 */
async function saveOldWebsite(page: Page, website: string) {
  await page.evaluate(async (value) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('murmur');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise<void>((resolve, reject) => {
      const states = db.transaction('state', 'readwrite').objectStore('state');
      const read = states.get('current');
      read.onsuccess = () => {
        const saved = read.result as { snapshot: string };
        const snapshot = JSON.parse(saved.snapshot) as { users: { username: string; website: string }[] };
        snapshot.users.find((u) => u.username === 'guest')!.website = value;
        states.put({ ...saved, snapshot: JSON.stringify(snapshot) }, 'current');
      };
      states.transaction.oncomplete = () => resolve();
      states.transaction.onabort = () => reject(states.transaction.error);
    });
    db.close();
  }, website);
  await page.reload();
}

test('the editor refuses a javascript: website next to the field', async ({ page }) => {
  await signIn(page, '/profile/guest');
  const editor = await openEditor(page);
  const website = editor.getByLabel('Website');
  await website.fill('javascript:alert(1)');
  await expect(website).toHaveAccessibleDescription('website must be empty or an http: or https: URL');
  await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
});

test('a javascript: website saved before the rules is shown as text and runs nothing', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signIn(page, '/profile/guest');
  // One write saves the whole state; then the saved copy gets the old value.
  const editor = await openEditor(page);
  await editor.getByLabel('Bio').fill('Saved once.');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await saveOldWebsite(page, 'javascript:alert(1)');

  const text = main(page).getByText('javascript:alert(1)', { exact: true });
  await expect(text).toBeVisible();
  await expect(page.locator('a[href^="javascript" i]')).toHaveCount(0);
  await text.click();
  await page.waitForTimeout(300);
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(/\/profile\/guest$/);

  // The old value may stay while the rest of the profile changes.
  const again = await openEditor(page);
  await again.getByLabel('Bio').fill('Changed again.');
  await expect(again.getByLabel('Website')).not.toHaveAttribute('aria-invalid');
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again).toBeHidden();
  await expect(main(page).getByText('Changed again.')).toBeVisible();
});

test('an unknown username shows the not-found state with a way home', async ({ page }) => {
  await signIn(page, '/profile/nobody_by_this_name');
  await expect(main(page).getByRole('heading', { name: 'User not found' })).toBeVisible();
  await expect(main(page).getByText('@nobody_by_this_name')).toBeVisible();
  await main(page).getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('avatar upload: a non-image is refused next to the field, an image becomes the avatar', async ({ page }) => {
  await signIn(page, '/profile/guest');
  const editor = await openEditor(page);
  const upload = editor.getByLabel('Upload a photo');
  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(editor.getByRole('alert')).toHaveText('file must be an image (JPEG/PNG)');

  await upload.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(editor.getByRole('alert')).toHaveCount(0);
  await expect(editor.getByRole('img', { name: /^New avatar of/ })).toHaveAttribute('src', /^blob:/);
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(main(page).getByRole('img', { name: 'Guest User' })).toHaveAttribute('src', /\/media\/[\w-]+$/);
  await expect(page.getByRole('link', { name: /^Your profile/ }).locator('img')).toHaveAttribute(
    'src',
    /\/media\/[\w-]+$/,
  );
});
