import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.mjs';
const BASE = 'http://127.0.0.1:5101';
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]]) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  await page.goto(`${BASE}/signup`);
  await page.waitForFunction(() => document.documentElement.dataset.backend === 'ready');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('H'.repeat(51));
  await page.getByLabel('User name').fill('grace/h');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password', { exact: true }).fill('short');
  await page.getByLabel('First name').click();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/rules-shots/signup-${name}.png` });
  // Taken in another case.
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('User name').fill('GUEST');
  await page.getByLabel('Password', { exact: true }).fill('cobol-1959');
  await page.getByLabel('Confirm password', { exact: true }).fill('cobol-1959');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.getByText('Unprocessable Entity').waitFor();
  await page.screenshot({ path: `/tmp/rules-shots/signup-taken-${name}.png` });

  await page.goto(`${BASE}/login`);
  await page.getByRole('button', { name: 'Login As Guest' }).click();
  await page.waitForURL(`${BASE}/`);
  await page.goto(`${BASE}/profile/guest`);
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit profile' });
  await dialog.getByLabel('First name').fill('');
  await dialog.getByLabel('Bio').fill('A bio that goes on and on. '.repeat(7));
  await dialog.getByLabel('Website').fill('ftp://guest.example');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/rules-shots/profile-${name}.png` });
  await page.keyboard.press('Escape');

  await page.goto(`${BASE}/post/p-12`);
  const box = page.getByRole('textbox', { name: 'Add a comment' });
  await box.fill('This comment is far too long. '.repeat(10));
  await box.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/rules-shots/comment-${name}.png` });
  await ctx.close();
}
await browser.close();
