import { expect, test, waitForBackend } from './support';

// A known path asked with another method answers 405 with Allow in the
// browser too (through the service worker to the core and back); an unknown
// path stays 404.
test.describe('405 Method not allowed in the production build', () => {
  test('a known path with another method answers 405 with Allow; an unknown one 404', async ({ page }) => {
    await page.goto('/');
    await waitForBackend(page);
    const ask = (path: string, method: string) =>
      page.evaluate(
        async ([url, m]) => {
          const res = await fetch(url, { method: m });
          return { status: res.status, allow: res.headers.get('allow'), body: await res.json() };
        },
        [path, method] as const,
      );
    expect(await ask('/api/posts', 'PUT')).toEqual({
      status: 405,
      allow: 'GET, POST',
      body: { errors: ['Method not allowed'] },
    });
    expect(await ask('/api/posts/like/p-01', 'GET')).toMatchObject({ status: 405, allow: 'POST' });
    expect(await ask('/api/nothing', 'PUT')).toEqual({
      status: 404,
      allow: null,
      body: { errors: ['No route for PUT /api/nothing'] },
    });
  });
});
