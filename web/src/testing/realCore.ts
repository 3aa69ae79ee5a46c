// Shared set-up for tests against the real core behind msw (msw/node), back
// to the seed before each test, with a store signed in as the guest.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { authApi } from '../features/auth/authApi';
import { postWritesApi } from '../features/posts/postWrites';
import type { SignupData } from '../api/models';
import { usersApi } from '../api/usersApi';
import { postsApi } from '../api/postsApi';
import { makeStore, type AppStore } from '../app/store';
import { createTestServer } from '@murmur/backend/node';
import './dialogPolyfill';

export const GUEST = { username: 'guest', password: 'guest123' };

/** Signs `store` in as `credentials` through the API (the login endpoint). */
export async function signIn(store: AppStore, credentials = GUEST) {
  return store.dispatch(authApi.endpoints.login.initiate(credentials)).unwrap();
}

/** Signs `store` up as a new user (the signup endpoint). */
export async function signUp(store: AppStore, details: SignupData) {
  return store.dispatch(authApi.endpoints.signup.initiate(details)).unwrap();
}

/** Likes the post `postId` as `store`'s user (another tab of theirs, say). */
export async function likePost(store: AppStore, postId: string) {
  return store.dispatch(postWritesApi.endpoints.likePost.initiate(postId)).unwrap();
}

/**
 * Registers the hooks; `current()` is the signed-in store of the running
 * test, `murmur` the backend's test state (requests, stubs, faults, clock),
 * cleared before each test.
 */
export function guestOnRealCore() {
  const murmur = createTestServer();
  const { server, core } = murmur;
  let store: AppStore;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(async () => {
    core.reset();
    murmur.clear();
    store = makeStore();
    await signIn(store);
  });
  return { current: () => store, core, server, murmur };
}

/** A store holding the same session with its token's signature forged. */
export function withForgedToken(store: AppStore): AppStore {
  const session = store.getState().session;
  const [head, body] = session.token!.split('.');
  return makeStore({ preloadedState: { session: { ...session, token: `${head}.${body}.forged-signature` } } });
}

/** The users as the API cache holds them (empty before the first read). */
export const cachedUsers = (store: AppStore) => usersApi.endpoints.getUsers.select()(store.getState()).data ?? [];

/** The posts as the API cache holds them (empty before the first read). */
export const cachedPosts = (store: AppStore) => postsApi.endpoints.getPosts.select()(store.getState()).data ?? [];
