// The signed-in frame builds only what the screen shows: the Who to Follow
// panel (hidden by layout.css below 1100 px) is neither rendered nor read
// on a phone or a tablet, and is on a wide screen.
import { readFileSync } from 'node:fs';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMatchMedia } from '../../testing/matchMediaStub';
import { guestOnRealCore } from '../../testing/realCore';
import { renderRoutes } from '../../testing/render';
import { WIDE_SCREEN } from './AppLayout';

const session = guestOnRealCore();
const requests: string[] = [];
session.server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  requests.push(`${request.method} ${url.pathname}`);
});
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  requests.length = 0;
});

describe('the signed-in frame', { timeout: 20_000 }, () => {
  it('on a wide screen shows Who to Follow beside the page', async () => {
    stubMatchMedia((query) => query === WIDE_SCREEN);
    await renderRoutes('/', { store: session.current() });
    expect(await screen.findByRole('complementary', { name: 'Suggestions' })).toBeInTheDocument();
    await waitFor(() => expect(requests).toContain('GET /api/users/suggestions'));
  });

  it('on a phone or a tablet neither builds nor reads the panel it would hide', async () => {
    stubMatchMedia(() => false);
    await renderRoutes('/', { store: session.current() });
    await screen.findAllByRole('article');
    expect(screen.queryByRole('complementary', { name: 'Suggestions' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Who to Follow' })).toBeNull();
    expect(requests).not.toContain('GET /api/users/suggestions');
  });

  it('asks for exactly the screens where layout.css shows the panel', () => {
    // vitest runs in web/ (and turns CSS imports into nothing).
    const layoutCss = readFileSync('src/app/layout/layout.css', 'utf8');
    const hidden = /@media \(max-width: (\d+)px\) \{[^@]*?\.shell__aside \{\s*display: none;/.exec(layoutCss);
    expect(hidden).not.toBeNull();
    expect(WIDE_SCREEN).toBe(`not all and (max-width: ${hidden?.[1]}px)`);
  });
});
