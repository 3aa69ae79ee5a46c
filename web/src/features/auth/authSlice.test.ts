import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { addBookmark, removeBookmark } from '../posts/postsSlice';
import { createTestServer } from '../../mocks/node';
import { AUTH_STORAGE_KEY, loadStoredAuth, login, logout, saveAuth, setUser, signup } from './authSlice';

const { server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const GUEST = { username: 'guest', password: 'guest123' };
let counter = 0;
const newUser = () => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: `ada_${Date.now()}_${(counter += 1)}`,
  password: 'engine42',
});

describe('auth slice against the real core', () => {
  it('logs in: stores the user and the token, and is loading only while pending', async () => {
    const store = makeStore();
    const pending = store.dispatch(login(GUEST));
    expect(store.getState().auth.isLoading).toBe(true);
    const result = await pending;
    expect(login.fulfilled.match(result)).toBe(true);
    const { auth } = store.getState();
    expect(auth.isLoading).toBe(false);
    expect(auth.user?.username).toBe('guest');
    expect(auth.user?.firstName).toBe('Guest');
    expect(auth.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(auth.user).not.toHaveProperty('password');
  });

  it('rejects a wrong password with the server message and stays logged out', async () => {
    const store = makeStore();
    const result = await store.dispatch(login({ username: 'guest', password: 'nope' }));
    expect(login.rejected.match(result)).toBe(true);
    expect(result.payload).toBe('The credentials you entered are invalid. Unauthorized access error.');
    expect(store.getState().auth).toEqual({ user: null, token: null, isLoading: false });
  });

  it('rejects an unknown username with the server message', async () => {
    const result = await makeStore().dispatch(login({ username: 'nobody_here', password: 'x' }));
    expect(result.payload).toBe('The username you entered is not Registered. Not Found error');
  });

  it('signs up a new user, who is then logged in and can log in again', async () => {
    const details = newUser();
    const store = makeStore();
    const result = await store.dispatch(signup({ ...details, avatarURL: 'avatars/default.svg' }));
    expect(signup.fulfilled.match(result)).toBe(true);
    const { auth } = store.getState();
    expect(auth.user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', username: details.username });
    expect(auth.user?.followers).toEqual([]);
    expect(auth.token).toBeTruthy();

    const again = makeStore();
    await again.dispatch(login({ username: details.username, password: details.password }));
    expect(again.getState().auth.user?.username).toBe(details.username);
  });

  it('refuses a username that is taken', async () => {
    const store = makeStore();
    const result = await store.dispatch(signup({ ...newUser(), username: 'guest' }));
    expect(result.payload).toBe('Unprocessable Entity. Username Already Exists.');
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().auth.isLoading).toBe(false);
  });

  it('logs out: user and token become null', async () => {
    const store = makeStore();
    await store.dispatch(login(GUEST));
    store.dispatch(logout());
    expect(store.getState().auth).toEqual({ user: null, token: null, isLoading: false });
  });

  it('replaces the user on a profile update and keeps the token', async () => {
    const store = makeStore();
    await store.dispatch(login(GUEST));
    const { user, token } = store.getState().auth;
    store.dispatch(setUser({ ...user!, bio: 'Edited' }));
    expect(store.getState().auth.user?.bio).toBe('Edited');
    expect(store.getState().auth.token).toBe(token);
  });

  it("keeps the stored user's bookmarks in step with bookmark calls", async () => {
    const store = makeStore();
    await store.dispatch(login(GUEST));
    const before = store.getState().auth.user?.bookmarks ?? [];
    expect(before).not.toContain('p-01');
    await store.dispatch(addBookmark('p-01'));
    expect(store.getState().auth.user?.bookmarks).toContain('p-01');
    await store.dispatch(removeBookmark('p-01'));
    expect(store.getState().auth.user?.bookmarks).toEqual(before);
  });
});

describe('auth persistence', () => {
  it('saves user and token under the fixed key, and a new store restores them', async () => {
    const store = makeStore({ persist: true });
    await store.dispatch(login(GUEST));
    const saved = JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? 'null') as { user: { username: string }; token: string };
    expect(saved.user.username).toBe('guest');
    expect(saved.token).toBe(store.getState().auth.token);
    expect(Object.keys(saved).sort()).toEqual(['token', 'user']);

    const restored = makeStore({ persist: true });
    expect(restored.getState().auth.user?.username).toBe('guest');
    expect(restored.getState().auth.token).toBe(saved.token);
    expect(restored.getState().auth.isLoading).toBe(false);
  });

  it('clears storage on logout', async () => {
    const store = makeStore({ persist: true });
    await store.dispatch(login(GUEST));
    store.dispatch(logout());
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(makeStore({ persist: true }).getState().auth.token).toBeNull();
  });

  it('ignores a corrupt or partial saved session', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(loadStoredAuth().token).toBeNull();
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: 'abc' }));
    expect(loadStoredAuth().token).toBeNull();
  });

  it('does not persist without the persist option (tests stay isolated)', async () => {
    const store = makeStore();
    await store.dispatch(login(GUEST));
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('saveAuth removes the key when the session is empty', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, 'x');
    saveAuth({ user: null, token: null, isLoading: false });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});
