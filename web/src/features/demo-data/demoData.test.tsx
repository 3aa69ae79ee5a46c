import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeStore, type AppStore } from '../../app/store';
import { createTestServer } from '@murmur/backend/node';
import { DATA_CHANGED_EVENT } from '@murmur/backend/protocol';
import { renderWithProviders } from '../../testing/render';
import { postsApi } from '../../api/postsApi';
import { usersApi } from '../../api/usersApi';
import { cachedPosts, signIn, signUp } from '../../testing/realCore';
import '../../testing/dialogPolyfill';
import { ResetDemoData } from './ResetDemoData';
import { DataSync } from './useDataSync';

const { server, core } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let store: AppStore;
beforeEach(async () => {
  await fetch('http://localhost/__murmur/reset', { method: 'POST' });
  store = makeStore();
  await signIn(store);
});

/** Changes the data behind the app's back, as another tab would. */
function changeElsewhere(url: string, body: unknown) {
  const token = store.getState().session.token!;
  const res = core.handle('POST', url, token, JSON.stringify(body));
  expect(res.status).toBeLessThan(300);
}

const contents = () => cachedPosts(store).map((post) => post.content);

describe('Reset demo data', () => {
  it('asks first, then puts the seed back and refreshes the screens', async () => {
    const user = userEvent.setup();
    changeElsewhere('/api/posts', { postData: { content: 'Made before the reset' } });
    await store.dispatch(postsApi.endpoints.getPosts.initiate());
    expect(contents()).toContain('Made before the reset');
    renderWithProviders(<ResetDemoData />, { store });

    await user.click(screen.getByRole('button', { name: 'Reset demo data' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset demo data?' });
    expect(dialog).toHaveTextContent('cannot be undone');
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    await waitFor(() => expect(contents()).not.toContain('Made before the reset'));
    expect(contents()).toHaveLength(12);
    expect(store.getState().session.token).not.toBeNull(); // the guest is part of the seed
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('changes nothing when cancelled', async () => {
    const user = userEvent.setup();
    changeElsewhere('/api/posts', { postData: { content: 'Still here' } });
    renderWithProviders(<ResetDemoData />, { store });
    await user.click(screen.getByRole('button', { name: 'Reset demo data' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await store.dispatch(postsApi.endpoints.getPosts.initiate());
    expect(contents()).toContain('Still here');
  });

  it('ends the session of a user the seed does not have', async () => {
    const user = userEvent.setup();
    const details = { firstName: 'New', lastName: 'Comer', username: 'newcomer', password: 'password1', avatarURL: '' };
    await signUp(store, details);
    renderWithProviders(<ResetDemoData />, { store });
    await user.click(screen.getByRole('button', { name: 'Reset demo data' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(store.getState().session.token).toBeNull());
  });
});

describe('useDataSync', () => {
  it('reads posts, users and the signed-in user again when the data changed', async () => {
    // Pages showing the posts and a profile are open (they hold them in the API cache).
    await store.dispatch(postsApi.endpoints.getPosts.initiate()).unwrap();
    await store.dispatch(usersApi.endpoints.getUserByName.initiate('guest')).unwrap();
    renderWithProviders(<DataSync />, { store });
    changeElsewhere('/api/posts', { postData: { content: 'From another tab' } });
    changeElsewhere('/api/users/edit', { userData: { bio: 'Edited in another tab' } });
    expect(contents()).not.toContain('From another tab');

    act(() => {
      window.dispatchEvent(new CustomEvent(DATA_CHANGED_EVENT, { detail: { revision: 2 } }));
    });
    await waitFor(() => expect(contents()).toContain('From another tab'));
    await waitFor(() => expect(store.getState().session.user?.bio).toBe('Edited in another tab'));
    await waitFor(() =>
      expect(usersApi.endpoints.getUserByName.select('guest')(store.getState()).data?.bio).toBe(
        'Edited in another tab',
      ),
    );
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
