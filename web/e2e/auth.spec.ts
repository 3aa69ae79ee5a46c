import type { Page } from '@playwright/test';
import { expect, GUEST, test, waitForBackend } from './support';

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForBackend(page);
}

async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

const storedSession = (page: Page) => page.evaluate(() => localStorage.getItem('murmur.auth'));

test.describe('signing in and up', () => {
  test('a deep link while signed out goes to login, then lands on the link', async ({ page }) => {
    await open(page, '/post/p-01');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Murmur' })).toBeVisible();
    await logIn(page, GUEST.username, GUEST.password);
    await expect(page.getByText('Welcome Guest')).toBeVisible();
    await expect(page).toHaveURL(/\/post\/p-01$/);
    expect(await storedSession(page)).toContain('"token"');
  });

  test('Login As Guest signs in with the demo account', async ({ page }) => {
    await open(page, '/login');
    await page.getByRole('button', { name: 'Login As Guest' }).click();
    await expect(page.getByText('Welcome Guest')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: /Your profile/ })).toHaveAttribute('href', '/profile/guest');
  });

  test('sign up a new user, log out, and log back in', async ({ page }) => {
    const username = `e2e_${Date.now()}`;
    await open(page, '/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByLabel('First name').fill('Rosalind');
    await page.getByLabel('Last name').fill('Franklin');
    await page.getByLabel('User name').fill(username);
    await page.getByLabel('Password', { exact: true }).fill('helix-51');
    await page.getByLabel('Confirm password', { exact: true }).fill('helix-51');
    await expect(page.getByText('Passwords not matched')).toBeHidden();
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Signup successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: /Your profile, Rosalind Franklin/ })).toBeVisible();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toBeNull();

    await logIn(page, username, 'helix-51');
    await expect(page.getByText('Welcome Rosalind')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('sign-up checks each field before sending, and a username taken in another case shows the error next to the field', async ({
    page,
  }) => {
    await open(page, '/signup');
    const submit = page.getByRole('button', { name: 'Sign Up' });
    const username = page.getByLabel('User name');
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await username.fill('a/b');
    await page.getByLabel('Password', { exact: true }).fill('cobol-1959');
    await page.getByLabel('Confirm password', { exact: true }).fill('cobol-1959');
    // Left, the field says what the core would say, and the form will not send.
    await expect(username).toHaveAccessibleDescription(
      'username may contain only ASCII letters, digits, underscores, dots and hyphens, and must start and end with a letter, digit or underscore',
    );
    await expect(submit).toBeDisabled();

    await username.fill('GUEST');
    await expect(username).not.toHaveAttribute('aria-invalid');
    await submit.click();
    await expect(username).toHaveAccessibleDescription('Unprocessable Entity. Username Already Exists.');
    await expect(
      page.locator('.field').filter({ has: username }).getByText('Unprocessable Entity. Username Already Exists.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    expect(await storedSession(page)).toBeNull();
  });

  test('a wrong password shows the message and stays on login', async ({ page }) => {
    await open(page, '/login');
    await logIn(page, GUEST.username, 'not-the-password');
    await expect(page.getByText('Username or password is incorrect')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedSession(page)).toBeNull();
  });

  test('mismatched passwords show the message under the confirm field', async ({ page }) => {
    await open(page, '/signup');
    await page.getByLabel('Password', { exact: true }).fill('one-thing');
    const confirm = page.getByLabel('Confirm password', { exact: true });
    await confirm.fill('another');
    await expect(page.getByText('Passwords not matched')).toBeVisible();
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await confirm.fill('one-thing');
    await expect(page.getByText('Passwords not matched')).toBeHidden();
  });

  test('the password toggle shows and hides the password', async ({ page }) => {
    await open(page, '/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    const toggle = page.getByRole('button', { name: 'Show password' });
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('a stored token the backend rejects ends at login, not a blank screen', async ({ page }) => {
    await open(page, '/login');
    await page.evaluate(() =>
      localStorage.setItem(
        'murmur.auth',
        JSON.stringify({ token: 'forged.token.value', user: { _id: 'u-x', username: 'ghost', firstName: 'Ghost' } }),
      ),
    );
    await open(page, '/explore');
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
  });

  test('the login background is a muted looping video with a poster', async ({ page }) => {
    await open(page, '/login');
    const video = page.locator('.auth__backdrop video');
    await expect(video).toHaveJSProperty('muted', true);
    await expect(video).toHaveJSProperty('loop', true);
    await expect(video).toHaveAttribute('poster', '/video/login-poster.jpg');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/login\.(webm|mp4)$/);
  });

  test('with reduced motion, only the poster shows', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await open(page, '/login');
    await expect(page.locator('.auth__backdrop img')).toHaveAttribute('src', '/video/login-poster.jpg');
    await expect(page.locator('video')).toHaveCount(0);
    await context.close();
  });
});
