import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppStore } from '../../app/store';
import { renderWithProviders } from '../../testing/render';
import { ProfilePage } from './ProfilePage';
import { usersApi } from '../../api/usersApi';
import { userWritesApi } from '../../features/users/userWrites';
import { guestOnRealCore } from '../../testing/realCore';

const session = guestOnRealCore();
let store: AppStore;
beforeEach(() => {
  store = session.current();
});

function renderProfile(username: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/profile/:username" element={<ProfilePage />} />
      <Route path="/" element={<h1>Home page</h1>} />
    </Routes>,
    { store, route: `/profile/${username}` },
  );
}

const count = (label: RegExp) => {
  const stats = within(screen.getByRole('list', { name: 'Counts' }));
  const text = stats.getByText(label, { selector: 'button, span' }).textContent ?? '';
  return Number(/\d+/.exec(text)?.[0]);
};

// Generous: these talk to the real core and share the machine with other runs.
describe('the profile page', { timeout: 20_000 }, () => {
  it("shows another user's profile: names, bio, safe website link, counts and posts newest first", async () => {
    renderProfile('maya_lind');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Lindqvist' })).toBeInTheDocument();
    const card = within(screen.getByRole('region', { name: 'Maya Lindqvist' }));
    expect(card.getByText('@maya_lind')).toBeInTheDocument();
    expect(card.getByText(/Landscape photographer/)).toBeInTheDocument();
    const link = card.getByRole('link', { name: /mayalind\.example\.com/ });
    expect(link).toHaveAttribute('href', 'https://mayalind.example.com/');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('button', { name: 'Edit profile' })).toBeNull();

    const maya = usersApi.endpoints.getUserByName.select('maya_lind')(store.getState()).data!;
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
    expect(count(/Posts?$/)).toBe(3);
    expect(count(/Followers?$/)).toBe(maya.followers.length);
    expect(count(/Following$/)).toBe(maya.following.length);
    const times = screen.getAllByRole('article').map((a) => Date.parse(a.querySelector('time')!.dateTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const article of screen.getAllByRole('article'))
      expect(article).toHaveAccessibleName('Post by Maya Lindqvist');
  });

  it('follows and unfollows with the real state, changing the counts on both sides', async () => {
    const user = userEvent.setup();
    renderProfile('lena_sketches');
    const button = await screen.findByRole('button', { name: 'Follow Lena Costa' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    const followers = count(/Followers?$/);
    const myFollowing = store.getState().session.user!.following.length;

    await user.click(button);

    const pressed = await screen.findByRole('button', { name: 'Following Lena Costa' });
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(count(/Followers?$/)).toBe(followers + 1);
    expect(store.getState().session.user!.following).toHaveLength(myFollowing + 1);

    await user.click(pressed);
    expect(await screen.findByRole('button', { name: 'Follow Lena Costa' })).toHaveAttribute('aria-pressed', 'false');
    expect(count(/Followers?$/)).toBe(followers);
    expect(store.getState().session.user!.following).toHaveLength(myFollowing);
  });

  it('shows Following for someone the signed-in user already follows', async () => {
    const followed = store.getState().session.user!.following[0]!;
    renderProfile(followed.username);
    const button = await screen.findByRole('button', { name: `Following ${followed.firstName} ${followed.lastName}` });
    expect(button).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists followers in a dialog, each linking to their profile', async () => {
    const user = userEvent.setup();
    renderProfile('maya_lind');
    await user.click(await screen.findByRole('button', { name: /Followers?$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Followers of Maya Lindqvist' });
    const maya = usersApi.endpoints.getUserByName.select('maya_lind')(store.getState()).data!;
    const links = within(dialog).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(maya.followers.map((f) => `/profile/${f.username}`));

    const first = maya.followers[0]!;
    await user.click(links[0]!);
    expect(
      await screen.findByRole('heading', { level: 1, name: `${first.firstName} ${first.lastName}` }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the own profile has the edit button instead of Follow', async () => {
    renderProfile('guest');
    expect(await screen.findByRole('button', { name: 'Edit profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Follow/ })).toBeNull();
  });

  it('shows a javascript: website as plain text, never as a link', async () => {
    // The core refuses one now, but a state saved before that rule may hold it.
    await expect(
      store.dispatch(userWritesApi.endpoints.editUser.initiate({ website: 'javascript:alert(1)' })).unwrap(),
    ).rejects.toMatchObject({
      status: 400,
    });
    const state = JSON.parse(session.core.exportSnapshot()) as { users: { username: string; website: string }[] };
    state.users.find((u) => u.username === 'guest')!.website = 'javascript:alert(1)';
    session.core.importSnapshot(JSON.stringify(state));
    renderProfile('guest');
    expect(await screen.findByText('javascript:alert(1)')).toBeInTheDocument();
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('opens a username written in another case at the profile it names, posts included', async () => {
    const Where = () => <output aria-label="Address">{useLocation().pathname}</output>;
    renderWithProviders(
      <>
        <Routes>
          <Route path="/profile/:username" element={<ProfilePage />} />
        </Routes>
        <Where />
      </>,
      { store, route: '/profile/MAYA_Lind' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Lindqvist' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\/profile\/maya_lind$/);
    // Her posts, read under her own name.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
  });

  it('shows a clear not-found state with a way home for an unknown username', async () => {
    const user = userEvent.setup();
    renderProfile('nobody_here');
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(screen.getByText('@nobody_here')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
  });
});
