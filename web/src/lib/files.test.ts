import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer } from '../mocks/node';
import { apiUrl } from './api';
import { checkImageFile, MAX_UPLOAD_BYTES, NOT_AN_IMAGE, TOO_LARGE, uploadImage } from './files';

describe('checkImageFile', () => {
  it('accepts JPEG and PNG images under 10 MB', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 1200 })).toBeNull();
    expect(checkImageFile({ type: 'image/png', size: MAX_UPLOAD_BYTES - 1 })).toBeNull();
  });

  it('refuses a file that is not an image', () => {
    expect(checkImageFile({ type: 'text/plain', size: 10 })).toBe('file must be an image (JPEG/PNG)');
    expect(checkImageFile({ type: 'video/mp4', size: 10 })).toBe(NOT_AN_IMAGE);
    expect(checkImageFile({ type: '', size: 10 })).toBe(NOT_AN_IMAGE);
  });

  it('refuses an image of 10485760 bytes or more', () => {
    expect(MAX_UPLOAD_BYTES).toBe(10485760);
    expect(checkImageFile({ type: 'image/png', size: 10485760 })).toBe('file must be less than 10mb');
    expect(checkImageFile({ type: 'image/jpeg', size: 11 * 1024 * 1024 })).toBe(TOO_LARGE);
  });

  it('names the type problem first when both apply', () => {
    expect(checkImageFile({ type: 'application/pdf', size: MAX_UPLOAD_BYTES * 2 })).toBe(NOT_AN_IMAGE);
  });
});

describe('uploadImage', () => {
  const { server } = createTestServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  async function guestToken(): Promise<string> {
    const res = await fetch(apiUrl('/auth/login'), {
      method: 'POST',
      body: JSON.stringify({ username: 'guest', password: 'guest123' }),
    });
    return ((await res.json()) as { encodedToken: string }).encodedToken;
  }

  it('stores the image in the backend and returns its media path', async () => {
    const token = await guestToken();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'dot.png', { type: 'image/png' });
    const mediaURL = await uploadImage(file, token);
    expect(mediaURL).toMatch(/^media\/[\w-]+$/);
    const image = await fetch(new URL(mediaURL, window.location.href));
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
  });

  it('rejects with the backend’s message when signed out', async () => {
    const file = new File(['png'], 'dot.png', { type: 'image/png' });
    await expect(uploadImage(file, null)).rejects.toThrow('The token is invalid. Unauthorized access error.');
  });

  it('rejects with the check message and sends nothing', async () => {
    const send = vi.spyOn(globalThis, 'fetch');
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await expect(uploadImage(file, 'any-token')).rejects.toThrow(NOT_AN_IMAGE);
    expect(send).not.toHaveBeenCalled();
  });
});
