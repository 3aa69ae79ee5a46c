import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppStore } from '../../app/store';
import { renderWithProviders } from '../../testing/render';
import { usersApi } from '../../api/usersApi';
import { guestOnRealCore } from '../../testing/realCore';
import { WHO_TO_FOLLOW_MAX } from './follows';
import { WhoToFollow } from './WhoToFollow';

const session = guestOnRealCore();
let store: AppStore;
beforeEach(() => {
  store = session.current();
});

function names(panel: HTMLElement) {
  return within(panel)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
}

// Generous: these talk to the real core and share the machine with other runs.
describe('Who to Follow', { timeout: 20_000 }, () => {
  it('lists everyone but the signed-in user and those already followed, linking to their profiles', async () => {
    renderWithProviders(<WhoToFollow />, { store });
    const panel = screen.getByRole('region', { name: 'Who to Follow' });
    await waitFor(() => expect(within(panel).getAllByRole('listitem').length).toBeGreaterThan(0));

    const me = store.getState().session.user!;
    // The slow way: everyone but the guest and those followed, from the whole list.
    const everyone = await store.dispatch(usersApi.endpoints.getUsers.initiate()).unwrap();
    const expected = everyone
      .filter((u) => u._id !== me._id && !me.following.some((f) => f._id === u._id))
      .slice(0, WHO_TO_FOLLOW_MAX)
      .map((u) => `/profile/${u.username}`);
    expect(names(panel)).toEqual(expected);
    expect(names(panel)).not.toContain('/profile/guest');
    for (const followed of me.following) expect(names(panel)).not.toContain(`/profile/${followed.username}`);
    for (const button of within(panel).getAllByRole('button', { name: /^Follow / })) {
      expect(button).toHaveAttribute('aria-pressed', 'false');
    }
  });

  it('following someone removes them from the panel and adds them to the signed-in user', async () => {
    const user = userEvent.setup();
    renderWithProviders(<WhoToFollow />, { store });
    const panel = screen.getByRole('region', { name: 'Who to Follow' });
    const buttons = await within(panel).findAllByRole('button', { name: /^Follow / });
    const first = buttons[0]!;
    const fullName = first.textContent!.replace(/^Follow\s*/, '').trim();

    await user.click(first);

    await waitFor(() => expect(within(panel).queryByRole('button', { name: `Follow ${fullName}` })).toBeNull());
    expect(store.getState().session.user!.following.map((f) => `${f.firstName} ${f.lastName}`)).toContain(fullName);
    expect(within(panel).getAllByRole('listitem')).toHaveLength(buttons.length - 1);
  });

  it('says so when nobody is left to follow', async () => {
    const user = userEvent.setup();
    renderWithProviders(<WhoToFollow />, { store });
    const panel = screen.getByRole('region', { name: 'Who to Follow' });
    await within(panel).findAllByRole('button', { name: /^Follow / });
    while (within(panel).queryAllByRole('button', { name: /^Follow / }).length > 0) {
      const count = within(panel).getAllByRole('button', { name: /^Follow / }).length;
      await user.click(within(panel).getAllByRole('button', { name: /^Follow / })[0]!);
      await waitFor(() => expect(within(panel).queryAllByRole('button', { name: /^Follow / })).toHaveLength(count - 1));
    }
    expect(within(panel).getByText(/following everyone/i)).toBeInTheDocument();
    expect(store.getState().session.user!.following).toHaveLength(5);
  });
});
