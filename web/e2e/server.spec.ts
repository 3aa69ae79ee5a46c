// scripts/serve.mjs, the static server `npm start` runs, behaves like a static host.
import { SUB_URL } from '../playwright.config';
import { expect, test } from './support';

test('a malformed URL gets 400, and the server keeps serving', async ({ request }) => {
  const bad = await request.get('/%E0%A4%A');
  expect(bad.status()).toBe(400);
  expect((await request.get('/%')).status()).toBe(400);
  const home = await request.get('/');
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain('<div id="root"');
});

test('the sub-path without its slash redirects to it, query kept', async ({ request }) => {
  const base = new URL(SUB_URL);
  const res = await request.get(`${base.origin}/murmur?from=link`, { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/murmur/?from=link');
});
