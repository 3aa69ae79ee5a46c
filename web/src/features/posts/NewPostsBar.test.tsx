// Posts that arrive live wait behind "N new posts" at the top of Home and
// Explore (Latest); the list never changes under the reader until asked.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { postArrived } from '../../api/liveActions';
import { testPost } from '../../testing/fixtures';
import { stubMatchMedia } from '../../testing/matchMediaStub';
import { guestOnRealCore } from '../../testing/realCore';
import { renderRoutes } from '../../testing/render';
import { setFilter } from './feedSlice';

const session = guestOnRealCore();
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  stubMatchMedia(() => false);
});

const firstCardText = async () => (await screen.findAllByRole('article'))[0]?.textContent ?? '';

describe('the new posts bar', { timeout: 20_000 }, () => {
  it('counts what arrived, then shows it on top of the list once clicked', async () => {
    const store = session.current();
    await renderRoutes('/', { store });
    const before = await firstCardText();
    const arrive = (id: string) =>
      store.dispatch(postArrived({ post: testPost(id, { content: `Arrived ${id}` }), scopes: ['home', 'explore'] }));
    arrive('p-live-1');
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeInTheDocument();
    arrive('p-live-2');
    const bar = await screen.findByRole('button', { name: '2 new posts' });
    expect(await firstCardText()).toBe(before);

    await userEvent.click(bar);
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByText('Arrived p-live-2')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Arrived p-live-1')).toBeInTheDocument();
  });

  it('waits for the Latest order, where new posts go on top', async () => {
    const store = session.current();
    store.dispatch(setFilter('Trending'));
    await renderRoutes('/explore', { store });
    await firstCardText();
    store.dispatch(postArrived({ post: testPost('p-live-3'), scopes: ['explore'] }));
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
    store.dispatch(setFilter('Latest'));
    expect(await screen.findByRole('button', { name: '1 new post' })).toBeInTheDocument();
  });
});
