// The app served by `murmur-backend serve --static dist`: one state for
// every client of the server. The page starts no backend of its own (the
// server marks the HTML it serves), so a post made in the page is the
// server's, over HTTP too, and one made over HTTP shows in the page.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support';

const CLI = fileURLToPath(new URL('../../packages/murmur-backend/dist/bin/murmur-backend.js', import.meta.url));
const DIST = fileURLToPath(new URL(`../${process.env.E2E_DIST ?? 'dist'}`, import.meta.url));

let server: ChildProcess;
let base: string;

test.beforeAll(async () => {
  server = spawn(process.execPath, [CLI, 'serve', '--memory', '--port', '0', '--log', 'off', '--static', DIST], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  base = await new Promise<string>((found, failed) => {
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready at (http:\S+\/)/.exec(output);
      if (ready) found(ready[1]!);
    });
    server.on('exit', (code) => failed(new Error(`the server exited (${code}): ${output}`)));
  });
});
test.afterAll(() => {
  server.kill('SIGTERM');
});

async function overHttp(path: string, init: RequestInit = {}) {
  const res = await fetch(new URL(`api/${path}`, base), init);
  expect(res.ok, `${init.method ?? 'GET'} api/${path}: ${res.status}`).toBe(true);
  return res.json() as Promise<Record<string, unknown>>;
}

const composer = (page: Page) => page.getByRole('region', { name: 'Create a post' });

test('the page and every HTTP client of the server share one state', async ({ page }) => {
  const backendRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) backendRequests.push(request.url());
  });
  await signIn(page, base);
  // The page's requests went to the server (none answered in the tab), and no worker was registered.
  expect(backendRequests.some((url) => url.startsWith(`${base}api/`))).toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);

  // A post made in the page is the server's.
  const box = composer(page);
  await box.getByRole('textbox', { name: "What's on your mind?" }).fill('Written in the page, kept by the server');
  await box.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('article').first()).toContainText('Written in the page, kept by the server');
  const { posts } = (await overHttp('posts')) as { posts: { content: string }[] };
  expect(posts.map((p) => p.content)).toContain('Written in the page, kept by the server');

  // A post made over HTTP shows in the page after a reload.
  const { encodedToken } = (await overHttp('auth/login', {
    method: 'POST',
    body: JSON.stringify({ username: 'maya_lind', password: 'password123' }),
  })) as { encodedToken: string };
  await overHttp('posts', {
    method: 'POST',
    headers: { authorization: encodedToken },
    body: JSON.stringify({ postData: { content: 'Written over HTTP by Maya' } }),
  });
  await page.goto(new URL('explore', base).href);
  await expect(page.getByRole('article').filter({ hasText: 'Written over HTTP by Maya' })).toBeVisible();
});
