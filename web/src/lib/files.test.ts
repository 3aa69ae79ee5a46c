import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer } from '@murmur/backend/node';
import { apiUrl } from './api';
import { checkImageBytes, checkImageFile, MAX_UPLOAD_BYTES, NOT_AN_IMAGE, TOO_LARGE, uploadImage } from './files';

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

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('checkImageBytes', () => {
  it('accepts a JPEG and a PNG by their first bytes', async () => {
    expect(await checkImageBytes(new File([PNG], 'a.png', { type: 'image/png' }))).toBeNull();
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
    expect(await checkImageBytes(new File([jpeg], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
  });

  it('refuses a text file renamed .png and an SVG, whatever type the browser gave them', async () => {
    expect(await checkImageBytes(new File(['just text'], 'notes.png', { type: 'image/png' }))).toBe(NOT_AN_IMAGE);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"/>';
    expect(await checkImageBytes(new File([svg], 'me.svg', { type: 'image/svg+xml' }))).toBe(NOT_AN_IMAGE);
    expect(await checkImageBytes(new File([], 'empty.png', { type: 'image/png' }))).toBe(NOT_AN_IMAGE);
  });

  it('still checks the size first', async () => {
    expect(await checkImageBytes(new File([new Uint8Array(MAX_UPLOAD_BYTES)], 'big.png', { type: 'image/png' }))).toBe(
      TOO_LARGE,
    );
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
    const file = new File([PNG], 'dot.png', { type: 'image/png' });
    const mediaURL = await uploadImage(file, token);
    expect(mediaURL).toMatch(/^\/media\/[\w-]+$/);
    const image = await fetch(new URL(mediaURL, window.location.href));
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
  });

  it('rejects with the backend’s message when signed out', async () => {
    const file = new File([PNG], 'dot.png', { type: 'image/png' });
    await expect(uploadImage(file, null)).rejects.toThrow('The token is invalid. Unauthorized access error.');
  });

  it('rejects with the check message and sends nothing', async () => {
    const send = vi.spyOn(globalThis, 'fetch');
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    await expect(uploadImage(file, 'any-token')).rejects.toThrow(NOT_AN_IMAGE);
    expect(send).not.toHaveBeenCalled();
  });
});
