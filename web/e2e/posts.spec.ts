import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const composer = (page: Page) => page.getByRole('region', { name: 'Create a post' });
const card = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

test.describe('writing posts', () => {
  test('a post with text, an emoji and an image comes first under Latest; edit and delete it', async ({ page }) => {
    await signIn(page, '/');
    const box = composer(page);
    const text = box.getByRole('textbox', { name: "What's on your mind?" });
    const post = box.getByRole('button', { name: 'Post', exact: true });
    await expect(post).toBeDisabled();
    await text.fill('   ');
    await expect(post).toBeDisabled();

    await text.fill('Sunset swim ');
    await expect(box.getByText('12/100')).toBeVisible();
    await box.getByRole('button', { name: 'Add an emoji' }).click();
    const picker = box.getByRole('group', { name: 'Emoji picker' });
    // The picker's grid cells are named after the emoji.
    await picker.getByRole('gridcell', { name: 'grinning face', exact: true }).click();
    await expect(text).toHaveValue(/^Sunset swim \p{Extended_Pictographic}$/u);
    await expect(box.getByText('13/100')).toBeVisible();
    await box.getByRole('textbox', { name: 'Hashtags' }).fill('#swim #summer');
    await box.getByTestId('image-input').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await expect(box.getByRole('img', { name: 'Attached image preview' })).toBeVisible();
    await post.click();

    await expect(text).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Latest Posts' })).toBeVisible();
    const first = page.getByRole('article').first();
    await expect(first).toContainText('Sunset swim');
    await expect(first).toContainText('#swim #summer');
    await expect(first.getByRole('img', { name: 'Image shared by Guest User' })).toBeVisible();
    // Seconds are counted (docs/product.md, "Relative time"): a slow machine may already say '1 second ago'.
    await expect(first.locator('time')).toHaveText(/^(just now|\d+ seconds? ago)$/);

    // Edit: the modal has a close icon and the same image rules.
    await first.getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit post' });
    await expect(edit.getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(edit.getByRole('textbox', { name: 'Edit your post' })).toHaveValue(/^Sunset swim/);
    await edit
      .getByTestId('image-input')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await expect(edit.getByRole('alert')).toHaveText('file must be an image (JPEG/PNG)');
    await edit.getByRole('button', { name: 'Remove image' }).click();
    await edit.getByRole('textbox', { name: 'Edit your post' }).fill('Sunset swim, edited');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(first).toContainText('Sunset swim, edited');
    await expect(first.getByRole('img', { name: /Image shared by/ })).toHaveCount(0);

    // Delete asks first.
    await first.getByRole('button', { name: 'Post options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete post?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(card(page, 'Sunset swim, edited')).toHaveCount(0);
  });

  test('the header Create modal closes after Post and after Discard', async ({ page }) => {
    await signIn(page, '/explore');
    await page.getByRole('button', { name: 'Create' }).click();
    let modal = page.getByRole('dialog', { name: 'Create post' });
    await modal.getByRole('textbox', { name: "What's on your mind?" }).fill('Written in the modal');
    await modal.getByRole('button', { name: 'Discard' }).click();
    await expect(modal).toBeHidden();
    await expect(card(page, 'Written in the modal')).toHaveCount(0);

    await page.getByRole('button', { name: 'Create' }).click();
    modal = page.getByRole('dialog', { name: 'Create post' });
    await expect(modal.getByRole('textbox', { name: "What's on your mind?" })).toHaveValue('');
    await modal.getByRole('textbox', { name: "What's on your mind?" }).fill('Written in the modal');
    await modal.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('article').first()).toContainText('Written in the modal');
  });

  test('the text stops at 100 characters, counting an emoji as one', async ({ page }) => {
    await signIn(page, '/');
    const box = composer(page);
    const text = box.getByRole('textbox', { name: "What's on your mind?" });
    await text.fill('🙂'.repeat(120));
    await expect(box.getByText('100/100')).toBeVisible();
    await expect(text).toHaveValue('🙂'.repeat(100));
    await box.getByRole('textbox', { name: 'Hashtags' }).fill('#'.repeat(130));
    await expect(box.getByRole('textbox', { name: 'Hashtags' })).toHaveValue('#'.repeat(100));
  });

  test('a non-image file and an 11 MB image are refused, and nothing is attached', async ({ page }) => {
    await signIn(page, '/');
    const box = composer(page);
    const input = box.getByTestId('image-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(box.getByRole('alert')).toHaveText('file must be an image (JPEG/PNG)');
    await expect(box.getByRole('img', { name: 'Attached image preview' })).toHaveCount(0);

    await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024) });
    await expect(box.getByRole('alert')).toHaveText('file must be less than 10mb');
    await expect(box.getByRole('img', { name: 'Attached image preview' })).toHaveCount(0);

    // A good image clears the message; removing it detaches it.
    await input.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await expect(box.getByRole('alert')).toHaveCount(0);
    await box.getByRole('button', { name: 'Remove image' }).click();
    await expect(box.getByRole('img', { name: 'Attached image preview' })).toHaveCount(0);
  });

  test('text that looks like HTML shows as text and runs nothing', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, '/');
    const payload = '<img src=x onerror=alert(1)>';
    await composer(page).getByRole('textbox', { name: "What's on your mind?" }).fill(payload);
    await composer(page).getByRole('button', { name: 'Post', exact: true }).click();
    const first = page.getByRole('article').first();
    await expect(first.locator('.post-card__content')).toHaveText(payload);
    await expect(first.locator('.post-card__content img')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('article').first().locator('.post-card__content')).toHaveText(payload);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
  });
});

test.describe('post card', () => {
  test("no menu on another user's post", async ({ page }) => {
    await signIn(page, '/explore');
    const theirs = card(page, 'Baked bread without a recipe');
    await expect(theirs).toBeVisible();
    await expect(theirs.getByRole('button', { name: 'Post options' })).toHaveCount(0);
    await expect(theirs.getByRole('link', { name: 'Priya Raman' })).toHaveAttribute('href', '/profile/priya_cooks');
  });

  test('like and unlike change the heart, the count and the liked-by line', async ({ page }) => {
    await signIn(page, '/explore');
    const bread = card(page, 'Baked bread without a recipe');
    const like = bread.getByRole('button', { name: 'Like' });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(bread.getByTestId('like-count')).toHaveText(/^0/);
    await expect(bread.getByText(/^Liked by/)).toHaveCount(0);

    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(bread.getByTestId('like-count')).toHaveText(/^1/);
    await expect(bread.getByText('Liked by Guest User', { exact: true })).toBeVisible();

    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await expect(bread.getByTestId('like-count')).toHaveText(/^0/);
    await expect(bread.getByText(/^Liked by/)).toHaveCount(0);

    // Several likers: two names and 'and others'.
    const aurora = card(page, 'Thirty seconds of waves');
    await expect(aurora.getByText('Liked by Guest User, Jonas Weber and others')).toBeVisible();
  });

  test('share copies the post link and says so', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, '/explore');
    const bread = card(page, 'Baked bread without a recipe');
    await bread.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByText('Link successfully copied')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${baseURL}/post/p-12`);
  });

  test('comment icon and "View all N comments" open the post', async ({ page }) => {
    await signIn(page, '/explore');
    const waves = card(page, 'Thirty seconds of waves');
    await waves.getByRole('link', { name: 'View all 2 comments' }).click();
    await expect(page).toHaveURL(/\/post\/p-11$/);
    await page.goBack();
    await card(page, 'Thirty seconds of waves').getByRole('link', { name: 'Comments', exact: true }).click();
    await expect(page).toHaveURL(/\/post\/p-11$/);
    await expect(page.getByRole('heading', { name: /Comments/ })).toBeVisible();
  });

  test('an unknown post id shows "Post not found" with a way home', async ({ page }) => {
    await signIn(page, '/post/no-such-post');
    await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('media: an image with alt text, and the .mp4 post as a video that plays, with controls, from its play button', async ({
    page,
  }) => {
    await signIn(page, '/post/p-11');
    const video = page.getByRole('article').locator('video');
    await expect(video).toHaveAttribute('preload', 'metadata');
    // Its first frame shows under the play button; the browser's controls come with playing.
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await expect(video).not.toHaveAttribute('controls', '');
    await page.getByRole('button', { name: 'Play the video shared by Maya Lindqvist' }).click();
    await expect(video).toHaveAttribute('controls', '');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
    await expect(video).toBeFocused();
    await signIn(page, '/post/p-02');
    const image = page.getByRole('img', { name: 'Image shared by Maya Lindqvist' });
    await expect(image).toBeVisible();
    // The seed photo comes as the WebP copy of the width it is drawn at, and is drawn.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await image.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(
      /^\/seed\/aurora-(640|1200)\.webp$/,
    );
  });

  test('avatars are drawn from the WebP copies of their drawings, at the width they are drawn, and no avatar SVG is fetched', async ({
    page,
  }) => {
    // The browser builds a whole document on the main thread for each SVG
    // image; a WebP it decodes off it (src/lib/assets.ts, avatarSources).
    await signIn(page, '/');
    const drawn = async (avatar: ReturnType<Page['locator']>) => {
      await expect
        .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      return avatar.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    };
    const svgsFetched = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.startsWith('/avatars/') && path.endsWith('.svg')),
      );
    // At this page's density of 1: a card's 44 px and the header's 38 px take the 64 px copy.
    expect(await drawn(page.getByRole('article').first().locator('img.avatar'))).toMatch(
      /^\/avatars\/seed-\d-64\.webp$/,
    );
    expect(await drawn(page.getByRole('banner').locator('img.avatar'))).toMatch(/^\/avatars\/[a-z0-9-]+-64\.webp$/);
    expect(await svgsFetched()).toEqual([]);
    // A profile's 112 px takes the 128 px copy.
    await page.goto('/profile/maya_lind');
    expect(await drawn(page.locator('img.profile-card__avatar'))).toMatch(/^\/avatars\/seed-\d-128\.webp$/);
    expect(await svgsFetched()).toEqual([]);
  });
});
