import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import { createTestServer } from '@murmur/backend/node';
import { signIn } from '../testing/realCore';
import { uploadApi } from './uploadMedia';

const png = () => new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], 'dot.png', { type: 'image/png' });

describe('uploadMedia', () => {
  const { server } = createTestServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('uploads with the signed-in session and resolves to the media path', async () => {
    const store = makeStore();
    await signIn(store);
    await expect(store.dispatch(uploadApi.endpoints.uploadMedia.initiate(png())).unwrap()).resolves.toMatch(
      /^\/media\/[\w-]+$/,
    );
  });

  it('refuses a file that is not an image before sending it', async () => {
    const store = makeStore();
    await signIn(store);
    const text = new File(['hello'], 'note.txt', { type: 'text/plain' });
    await expect(store.dispatch(uploadApi.endpoints.uploadMedia.initiate(text)).unwrap()).rejects.toEqual({
      status: 0,
      message: 'file must be an image (JPEG/PNG)',
    });
  });

  it('a token the backend rejects ends the session, as any other request does', async () => {
    const signedIn = makeStore();
    await signIn(signedIn);
    const store = makeStore({
      preloadedState: { session: { ...signedIn.getState().session, token: 'forged.token.value' } },
    });
    await expect(store.dispatch(uploadApi.endpoints.uploadMedia.initiate(png())).unwrap()).rejects.toMatchObject({
      message: 'The token is invalid. Unauthorized access error.',
    });
    await vi.waitFor(() => expect(store.getState().session).toEqual({ user: null, token: null }));
  });
});
