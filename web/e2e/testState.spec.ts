// The in-tab backend steered as a test steers a server (docs/testing.md):
// a fault after the commit, met by the app's Idempotency-Key and its one
// retry, and a clock that stamps what is posted.
import type { Page } from '@playwright/test';
import { expect, pageFetch, postWith, signIn, test } from './support';

const composer = (page: Page) => page.getByRole('region', { name: 'Create a post' });

async function control(page: Page, path: string, method: string, body: unknown) {
  const res = await pageFetch(page, `/__murmur/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, res.body).toBeLessThan(300);
}

async function post(page: Page, content: string) {
  const box = composer(page);
  await box.getByRole('textbox', { name: "What's on your mind?" }).fill(content);
  await box.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(box.getByRole('textbox', { name: "What's on your mind?" })).toHaveValue('');
}

test('a post whose answer is dropped after it was saved shows once, with no error', async ({ page }) => {
  await signIn(page, '/');
  await control(page, 'stubs', 'POST', {
    method: 'POST',
    path: '/api/posts',
    failure: 'network',
    when: 'after-commit',
    times: 1,
  });
  await post(page, 'Posted from a tunnel');

  await expect(postWith(page, 'Posted from a tunnel')).toHaveCount(1);
  await expect(page.getByText('Could not reach the backend')).toHaveCount(0);
  const journal = await pageFetch(page, '/__murmur/requests?method=POST&path=/api/posts');
  const sent = (
    JSON.parse(journal.body) as { requests: { status: number | string; headers: Record<string, string> }[] }
  ).requests;
  expect(sent.map((r) => r.status)).toEqual(['failed', 201]);
  expect(sent[1]?.headers['idempotency-key']).toBe(sent[0]?.headers['idempotency-key']);
  await page.reload();
  await expect(postWith(page, 'Posted from a tunnel')).toHaveCount(1);
});

for (const run of ['first', 'second']) {
  test(`a post made at a set clock is stamped with it, and its card says so (${run} run)`, async ({ page }) => {
    await page.clock.setFixedTime(new Date('2026-01-05T10:00:00Z'));
    await signIn(page, '/');
    await control(page, 'clock', 'PUT', { set: '2026-01-05T08:00:00Z' });
    await post(page, `Stamped at eight, ${run} run`);

    const card = postWith(page, `Stamped at eight, ${run} run`);
    await expect(card.locator('time')).toHaveText('2 hours ago');
    await expect(card.locator('time')).toHaveAttribute('datetime', /^2026-01-05T08:00:00/);
  });
}
