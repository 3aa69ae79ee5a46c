// Shared set-up for this feature's tests: the real core behind msw, back to
// the seed before each test, and a store signed in as the guest.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { makeStore, type AppStore } from '../../app/store';
import { createTestServer } from '../../mocks/node';
import { login } from '../auth/authSlice';
import './dialogPolyfill';

export const GUEST = { username: 'guest', password: 'guest123' };

/** Registers the hooks; `current()` is the signed-in store of the running test. */
export function guestOnRealCore() {
  const { server, core } = createTestServer();
  let store: AppStore;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(async () => {
    core.reset();
    store = makeStore();
    await store.dispatch(login(GUEST)).unwrap();
  });
  return { current: () => store };
}

/** A store holding the same session with its token's signature forged. */
export function withForgedToken(store: AppStore): AppStore {
  const auth = store.getState().auth;
  const [head, body] = auth.token!.split('.');
  return makeStore({ preloadedState: { auth: { ...auth, token: `${head}.${body}.forged-signature` } } });
}
