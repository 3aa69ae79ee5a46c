// No page reads every post: each route's first render, signed in as the
// guest against the real core, asks for its own data only (a page of a list,
// one post, one user), never `GET /api/posts`.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../testing/matchMediaStub';
import { guestOnRealCore } from '../testing/realCore';
import { renderRoutes } from '../testing/render';
import { WIDE_SCREEN } from './layout/AppLayout';

const session = guestOnRealCore();
const requests: string[] = [];
session.server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  requests.push(`${request.method} ${url.pathname}${url.search}`);
});
beforeEach(() => {
  // A wide screen: the Who to Follow panel is there (app/layout/AppLayout.tsx).
  stubMatchMedia((query) => query === WIDE_SCREEN);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  requests.length = 0;
});

/** Every page a signed-in user can open, and what shows once its content is there. */
const PAGES: [route: string, shown: () => Promise<unknown>][] = [
  ['/', () => screen.findAllByRole('article')],
  ['/explore', () => screen.findAllByRole('article')],
  ['/bookmark', () => screen.findAllByRole('article')],
  ['/profile/maya_lind', () => screen.findAllByRole('article')],
  ['/post/p-02', () => screen.findByRole('region', { name: /Comments/ })],
  ['/tag/photography', () => screen.findAllByRole('article')],
  ['/search?q=harbor', () => screen.findAllByRole('article')],
  ['/theme', () => screen.findByRole('heading', { level: 1 })],
];

/** `GET /api/posts` itself (every post), with or without a query or a trailing slash. */
const readsAllPosts = (request: string) => /^GET \/api\/posts\/?(\?|$)/.test(request);

describe('what each page reads', { timeout: 20_000 }, () => {
  it.each(PAGES)('%s reads its own data, never every post', async (route, shown) => {
    await renderRoutes(route, { store: session.current() });
    await shown();
    // The panel beside it (Who to Follow) has asked too.
    await waitFor(() => expect(requests.some((r) => r.startsWith('GET /api/users'))).toBe(true));
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter(readsAllPosts)).toEqual([]);
  });

  it('recognises a read of every post', () => {
    expect(['GET /api/posts', 'GET /api/posts/', 'GET /api/posts?x=1'].every(readsAllPosts)).toBe(true);
    expect(['GET /api/posts/p-01', 'GET /api/posts/feed?page=1', 'POST /api/posts'].some(readsAllPosts)).toBe(false);
  });
});
