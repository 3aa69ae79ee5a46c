// The notifications page against the real core: the seed gives the guest
// five unread (Priya's and Lena's follows, Maya's and Priya's likes of
// their post, Maya's comment); the page groups them, links each, and marks
// them read once seen, which the bell's name then says.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsApi } from '../../api/notificationsApi';
import { makeStore } from '../../app/store';
import { stubMatchMedia } from '../../testing/matchMediaStub';
import { guestOnRealCore, signUp } from '../../testing/realCore';
import { renderRoutes } from '../../testing/render';

const session = guestOnRealCore();
beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  stubMatchMedia(() => false);
});

describe('/notifications', { timeout: 20_000 }, () => {
  it('lists them grouped and linked, marks them read when seen, and the bell says so', async () => {
    const store = session.current();
    await renderRoutes('/notifications', { store });
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const lines = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent?.replace(/\s+/g, ' ').trim());
    expect(lines.map((line) => line?.replace(/ \(new\).*$/, ''))).toEqual([
      expect.stringMatching(/^Maya Lindqvist commented on your post/),
      expect.stringMatching(/^Priya \S+ and Maya Lindqvist liked your post/),
      expect.stringMatching(/^Lena \S+ and Priya \S+ followed you/),
    ]);
    const liked = within(list).getByRole('link', { name: /liked your post/ });
    expect(liked.getAttribute('href')).toMatch(/^\/post\/p-\d+$/);
    expect(
      within(list)
        .getByRole('link', { name: /followed you/ })
        .getAttribute('href'),
    ).toBe('/profile/lena_sketches');
    expect(within(list).getAllByRole('link', { name: /'s profile$/ }).length).toBeGreaterThanOrEqual(5);

    // The header's bell and the menu's entry say how many are unread, until they are seen.
    expect((await screen.findAllByRole('link', { name: 'Notifications, 5 unread' })).length).toBe(2);
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Notifications' })).toHaveLength(2), {
      timeout: 5000,
    });
    const read = await store
      .dispatch(notificationsApi.endpoints.getNotifications.initiate(undefined, { forceRefetch: true }))
      .unwrap();
    expect(read.unread).toBe(0);
    // What was new stays marked for this visit.
    expect(within(list).getAllByText('(new)')).toHaveLength(3);
  });

  it('says when there are none', async () => {
    // A user who just signed up has had nothing happen to them yet.
    const fresh = makeStore();
    await signUp(fresh, {
      firstName: 'New',
      lastName: 'Comer',
      username: 'newcomer',
      password: 'secret123',
    });
    await renderRoutes('/notifications', { store: fresh });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });
});
