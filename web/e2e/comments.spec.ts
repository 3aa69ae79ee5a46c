import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

const panel = (page: Page) => page.getByRole('region', { name: /Comments/ });
const comment = (page: Page, text: string) => panel(page).getByRole('listitem').filter({ hasText: text });

test.describe('comments', () => {
  test('the comment box counts to 280: a 281-character comment cannot be sent', async ({ page }) => {
    await signIn(page, '/post/p-12');
    const input = panel(page).getByRole('textbox', { name: 'Add a comment' });
    const reply = panel(page).getByRole('button', { name: 'Reply' });
    await expect(panel(page).getByText('0/280')).toBeVisible();
    await input.fill('b'.repeat(281));
    await expect(panel(page).getByText('281/280')).toBeVisible();
    await expect(panel(page).getByText('Comment text must be at most 280 characters')).toBeVisible();
    await expect(reply).toBeDisabled();
    await input.press('Enter');
    await expect(panel(page).getByRole('listitem')).toHaveCount(1);

    await input.press('Backspace');
    await expect(panel(page).getByText('280/280')).toBeVisible();
    await reply.click();
    await expect(input).toHaveValue('');
    await expect(panel(page).getByRole('listitem')).toHaveCount(2);
    await expect(comment(page, 'b'.repeat(280))).toBeVisible();
  });

  test('add, edit and delete an own comment; newest first', async ({ page }) => {
    await signIn(page, '/post/p-12');
    const input = panel(page).getByRole('textbox', { name: 'Add a comment' });
    const reply = panel(page).getByRole('button', { name: 'Reply' });
    await expect(reply).toBeDisabled();
    await input.fill('   ');
    await expect(reply).toBeDisabled();
    await input.fill('It still counts as bread');
    await reply.click();
    await expect(input).toHaveValue('');

    const items = panel(page).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('It still counts as bread');
    // Seconds are counted (docs/product.md, "Relative time"): a slow machine may already say '1 second ago'.
    await expect(items.first()).toContainText(/just now|\d+ seconds? ago/);
    await expect(items.nth(1)).toContainText('Technically bread is still bread!');
    // Someone else's comment on someone else's post: no tools.
    await expect(items.nth(1).getByRole('button')).toHaveCount(0);

    const mine = comment(page, 'It still counts as bread');
    await mine.getByRole('button', { name: 'Edit comment' }).click();
    // While editing, the text lives in the text area.
    const editor = panel(page).getByRole('textbox', { name: 'Edit comment' });
    const update = panel(page).getByRole('button', { name: 'Update' });
    await expect(editor).toHaveValue('It still counts as bread');
    await editor.fill('');
    await expect(update).toBeDisabled();
    await editor.fill('It still counts as bread, officially');
    await update.click();
    await expect(editor).toHaveCount(0);
    await expect(comment(page, 'It still counts as bread, officially')).toBeVisible();

    await comment(page, 'officially').getByRole('button', { name: 'Delete comment' }).click();
    await page.getByRole('dialog', { name: 'Delete comment?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(comment(page, 'officially')).toHaveCount(0);
    await expect(panel(page).getByRole('listitem')).toHaveCount(1);
  });

  test("a post's author can delete someone else's comment but not edit it", async ({ page }) => {
    // p-07 is the guest's post; Maya commented on it.
    await signIn(page, '/post/p-07');
    const maya = comment(page, 'Welcome! Theo posts great city shots.');
    await expect(maya).toBeVisible();
    await expect(maya.getByRole('button', { name: 'Edit comment' })).toHaveCount(0);
    await maya.getByRole('button', { name: 'Delete comment' }).click();
    await page.getByRole('dialog', { name: 'Delete comment?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(maya).toHaveCount(0);
    await expect(panel(page).getByText('No comments yet')).toBeVisible();
  });

  test('the card on the feed counts the new comment', async ({ page }) => {
    await signIn(page, '/post/p-12');
    await panel(page).getByRole('textbox', { name: 'Add a comment' }).fill('Second!');
    await panel(page).getByRole('button', { name: 'Reply' }).click();
    await expect(comment(page, 'Second!')).toBeVisible();
    await page.getByRole('link', { name: 'Explore' }).first().click();
    const bread = page.getByRole('article').filter({ hasText: 'Baked bread' });
    await expect(bread.getByRole('link', { name: 'View all 2 comments' })).toBeVisible();
  });
});
