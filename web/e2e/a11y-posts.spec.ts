import AxeBuilder from '@axe-core/playwright';
import { expect, signIn, test } from './support';

const pages = [
  { path: '/', ready: 'article' },
  { path: '/explore', ready: 'article' },
  { path: '/post/p-11', ready: 'article' },
  { path: '/bookmark', ready: 'article' },
];

test.describe('accessibility of the posts pages', () => {
  for (const { path, ready } of pages) {
    test(`no serious or critical axe violation on ${path}`, async ({ page }) => {
      await signIn(page, path);
      await expect(page.locator(ready).first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(bad).toEqual([]);
    });
  }

  test('no serious or critical violation with the Create modal and the emoji picker open', async ({ page }) => {
    await signIn(page, '/');
    await page.getByRole('button', { name: 'Create' }).click();
    const modal = page.getByRole('dialog', { name: 'Create post' });
    await modal.getByRole('button', { name: 'Add an emoji' }).click();
    await expect(modal.getByRole('group', { name: 'Emoji picker' }).getByRole('button').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).include('dialog[open]').analyze();
    const bad = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      // The picker's own internals are third-party (docs/product.md, "Composer").
      .map((v) => ({ id: v.id, nodes: v.nodes.filter((n) => !n.target.join(' ').includes('epr')) }))
      .filter((v) => v.nodes.length > 0)
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(bad).toEqual([]);
  });
});
