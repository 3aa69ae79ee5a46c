import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeStore, type AppStore } from '../../app/store';
import { createTestServer } from '../../mocks/node';
import { DATA_CHANGED_EVENT } from '../../mocks/persistence/protocol';
import { renderWithProviders } from '../../testing/render';
import { login, signup } from '../auth/authSlice';
import { fetchPosts } from '../posts/postsSlice';
import '../users/dialogPolyfill';
import { ResetDemoData } from './ResetDemoData';
import { DataSync } from './useDataSync';

const { server, core } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let store: AppStore;
beforeEach(async () => {
  await fetch('http://localhost/__murmur/reset', { method: 'POST' });
  store = makeStore();
  await store.dispatch(login({ username: 'guest', password: 'guest123' })).unwrap();
});

/** Changes the data behind the app's back, as another tab would. */
function changeElsewhere(url: string, body: unknown) {
  const token = store.getState().auth.token!;
  const res = core.handle('POST', url, token, JSON.stringify(body));
  expect(res.status).toBeLessThan(300);
}

const contents = () => store.getState().posts.allPosts.map((post) => post.content);

describe('Reset demo data', () => {
  it('asks first, then puts the seed back and refreshes the screens', async () => {
    const user = userEvent.setup();
    changeElsewhere('/api/posts', { postData: { content: 'Made before the reset' } });
    await store.dispatch(fetchPosts());
    expect(contents()).toContain('Made before the reset');
    renderWithProviders(<ResetDemoData />, { store });

    await user.click(screen.getByRole('button', { name: 'Reset demo data' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset demo data?' });
    expect(dialog).toHaveTextContent('cannot be undone');
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    await waitFor(() => expect(contents()).not.toContain('Made before the reset'));
    expect(contents()).toHaveLength(12);
    expect(store.getState().auth.token).not.toBeNull(); // the guest is part of the seed
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('changes nothing when cancelled', async () => {
    const user = userEvent.setup();
    changeElsewhere('/api/posts', { postData: { content: 'Still here' } });
    renderWithProviders(<ResetDemoData />, { store });
    await user.click(screen.getByRole('button', { name: 'Reset demo data' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await store.dispatch(fetchPosts());
    expect(contents()).toContain('Still here');
  });

  it('ends the session of a user the seed does not have', async () => {
    const user = userEvent.setup();
    const details = { firstName: 'New', lastName: 'Comer', username: 'newcomer', password: 'pw', avatarURL: '' };
    await store.dispatch(signup(details)).unwrap();
    renderWithProviders(<ResetDemoData />, { store });
    await user.click(screen.getByRole('button', { name: 'Reset demo data' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(store.getState().auth.token).toBeNull());
  });
});

describe('useDataSync', () => {
  it('reads posts, users and the signed-in user again when the data changed', async () => {
    renderWithProviders(<DataSync />, { store });
    changeElsewhere('/api/posts', { postData: { content: 'From another tab' } });
    changeElsewhere('/api/users/edit', { userData: { bio: 'Edited in another tab' } });
    expect(contents()).not.toContain('From another tab');

    act(() => {
      window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail: { revision: 2 } }));
    });
    await waitFor(() => expect(contents()).toContain('From another tab'));
    await waitFor(() => expect(store.getState().auth.user?.bio).toBe('Edited in another tab'));
    const guest = store.getState().users.allUsers.find((u) => u.username === 'guest');
    expect(guest?.bio).toBe('Edited in another tab');
  });

  it('stops listening when unmounted', async () => {
    const { unmount } = renderWithProviders(<DataSync />, { store });
    unmount();
    changeElsewhere('/api/posts', { postData: { content: 'Unheard' } });
    window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail: { revision: 3 } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(contents()).not.toContain('Unheard');
  });
});
