import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { login } from '../auth/authSlice';
import { createTestServer } from '../../mocks/node';
import { uploadMedia } from './uploadMedia';

const png = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'dot.png', { type: 'image/png' });

describe('uploadMedia', () => {
  const { server } = createTestServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('uploads with the signed-in session and resolves to the media path', async () => {
    const store = makeStore();
    await store.dispatch(login({ username: 'guest', password: 'guest123' })).unwrap();
    await expect(store.dispatch(uploadMedia(png())).unwrap()).resolves.toMatch(/^media\/[\w-]+$/);
  });

  it('a token the backend rejects ends the session, as any other request does', async () => {
    const signedIn = makeStore();
    await signedIn.dispatch(login({ username: 'guest', password: 'guest123' })).unwrap();
    const store = makeStore({ preloadedState: { auth: { ...signedIn.getState().auth, token: 'forged.token.value' } } });
    await expect(store.dispatch(uploadMedia(png())).unwrap()).rejects.toBe(
      'The token is invalid. Unauthorized access error.',
    );
    expect(store.getState().auth.token).toBeNull();
    expect(store.getState().auth.user).toBeNull();
  });
});
