import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import toast from 'react-hot-toast/headless';
import { makeStore } from '../app/store';
import { createTestServer } from '@murmur/backend/node';
import { GUEST, signIn } from '../testing/realCore';
import { authApi } from '../features/auth/authApi';
import { postsApi } from './postsApi';
import { postWritesApi } from '../features/posts/postWrites';
import { AUTH_STORAGE_KEY, loadStoredSession, logout, saveSession, SESSION_ENDED_MESSAGE, setUser } from './session';

const { server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let counter = 0;
const newUser = () => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: `ada_${Date.now()}_${(counter += 1)}`,
  password: 'engine42',
});
const signOut = { user: null, token: null };

describe('the session, against the real core', () => {
  it('logs in: stores the user and the token; the mutation is loading only while pending', async () => {
    const store = makeStore();
    const pending = store.dispatch(authApi.endpoints.login.initiate(GUEST));
    expect(authApi.endpoints.login.select(pending.requestId)(store.getState()).isLoading).toBe(true);
    await pending.unwrap();
    const { session } = store.getState();
    expect(session.user?.username).toBe('guest');
    expect(session.user?.firstName).toBe('Guest');
    expect(session.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(session.user).not.toHaveProperty('password');
  });

  it('rejects a wrong password with the server message and stays logged out', async () => {
    const store = makeStore();
    await expect(
      store.dispatch(authApi.endpoints.login.initiate({ username: 'guest', password: 'nope' })).unwrap(),
    ).rejects.toEqual({
      status: 401,
      message: 'The credentials you entered are invalid. Unauthorized access error.',
    });
    expect(store.getState().session).toEqual(signOut);
  });

  it('rejects an unknown username with the server message', async () => {
    await expect(
      makeStore()
        .dispatch(authApi.endpoints.login.initiate({ username: 'nobody_here', password: 'x' }))
        .unwrap(),
    ).rejects.toMatchObject({ message: 'The username you entered is not Registered. Not Found error' });
  });

  it('signs up a new user, who is then logged in and can log in again', async () => {
    const details = newUser();
    const store = makeStore();
    await store.dispatch(authApi.endpoints.signup.initiate({ ...details, avatarURL: 'avatars/default.svg' })).unwrap();
    const { session } = store.getState();
    expect(session.user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', username: details.username });
    expect(session.user?.followers).toEqual([]);
    expect(session.token).toBeTruthy();

    const again = makeStore();
    await signIn(again, { username: details.username, password: details.password });
    expect(again.getState().session.user?.username).toBe(details.username);
  });

  it('refuses a username that is taken', async () => {
    const store = makeStore();
    await expect(
      store.dispatch(authApi.endpoints.signup.initiate({ ...newUser(), username: 'guest' })).unwrap(),
    ).rejects.toMatchObject({
      message: 'Unprocessable Entity. Username Already Exists.',
    });
    expect(store.getState().session.token).toBeNull();
  });

  it('logs out: user, token and everything the API cached go', async () => {
    const store = makeStore();
    await signIn(store);
    await store.dispatch(postsApi.endpoints.getPosts.initiate()).unwrap();
    store.dispatch(logout());
    expect(store.getState().session).toEqual(signOut);
    expect(postsApi.endpoints.getPosts.select()(store.getState()).data).toBeUndefined();
  });

  it('replaces the user on a profile update and keeps the token', async () => {
    const store = makeStore();
    await signIn(store);
    const { user, token } = store.getState().session;
    store.dispatch(setUser({ ...user!, bio: 'Edited' }));
    expect(store.getState().session.user?.bio).toBe('Edited');
    expect(store.getState().session.token).toBe(token);
  });

  it('a token the backend refuses ends the session once, whichever request found out', async () => {
    const error = vi.spyOn(toast, 'error');
    const store = makeStore();
    await signIn(store);
    const forged = makeStore({
      preloadedState: { session: { ...store.getState().session, token: 'forged.token.value' } },
    });
    await Promise.all([
      forged.dispatch(postsApi.endpoints.getBookmarks.initiate()),
      forged.dispatch(postWritesApi.endpoints.likePost.initiate('p-12')),
    ]);
    await vi.waitFor(() => expect(forged.getState().session).toEqual(signOut));
    expect(error).toHaveBeenCalledWith(SESSION_ENDED_MESSAGE, { id: 'session-ended' });
    expect(new Set(error.mock.calls.filter(([m]) => m === SESSION_ENDED_MESSAGE).map(([, o]) => o?.id))).toEqual(
      new Set(['session-ended']),
    );
  });

  it('other refusals (a 404 for an unknown post) keep the session', async () => {
    const store = makeStore();
    await signIn(store);
    await expect(store.dispatch(postWritesApi.endpoints.likePost.initiate('p-nope')).unwrap()).rejects.toHaveProperty(
      'status',
      404,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(store.getState().session.token).not.toBeNull();
  });
});

describe('session persistence', () => {
  it('saves user and token under the fixed key, and a new store restores them', async () => {
    const store = makeStore({ persist: true });
    await signIn(store);
    const saved = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as {
      user: { username: string };
      token: string;
    };
    expect(saved.user.username).toBe('guest');
    expect(saved.token).toBe(store.getState().session.token);
    expect(Object.keys(saved).sort()).toEqual(['token', 'user']);

    const restored = makeStore({ persist: true });
    expect(restored.getState().session.user?.username).toBe('guest');
    expect(restored.getState().session.token).toBe(saved.token);
  });

  it('clears storage on logout', async () => {
    const store = makeStore({ persist: true });
    await signIn(store);
    store.dispatch(logout());
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(makeStore({ persist: true }).getState().session.token).toBeNull();
  });

  it('ignores a corrupt or partial saved session', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(loadStoredSession().token).toBeNull();
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: 'abc' }));
    expect(loadStoredSession().token).toBeNull();
  });

  it('does not persist without the persist option (tests stay isolated)', async () => {
    await signIn(makeStore());
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('saveSession removes the key when the session is empty', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, 'x');
    saveSession(signOut);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});
