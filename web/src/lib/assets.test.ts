import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assetUrl, avatarSources, isSafeMediaPath, mediaSrc, photoSources } from './assets';

describe('mediaSrc: which media and avatar URLs from data are rendered', () => {
  it.each([
    '/media/m-01',
    '/avatars/seed-1.svg',
    '/seed/aurora.jpg',
    '/seed/waves.mp4',
    '/murmur/media/m-01',
    '/avatars/preset-2.svg',
  ])('renders the absolute same-origin path %s as it is', (path) => {
    expect(mediaSrc(path)).toBe(path);
  });

  it.each(['media/m-01', 'avatars/seed-1.svg', 'seed/aurora.jpg'])(
    'shows a placeholder for the relative path %s (it would resolve under the current route)',
    (path) => {
      expect(isSafeMediaPath(path)).toBe(true);
      expect(mediaSrc(path)).toBe('');
    },
  );

  it.each([
    '\\\\evil.example/p.png',
    '/\\evil.example/p.png',
    '//evil.example/media/p.png',
    'https://evil.example/media/p.png',
    'http://127.0.0.1/media/m-01',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:image/png;base64,iVBORw0KGgo=',
    'blob:http://127.0.0.1/1234',
    ' media/m-01',
    'media/m-01 ',
    'media/../api/users',
    'media/..',
    '/media/%2e%2e/x',
    'media/m-01?x=1',
    'media/m-01#x',
    'media/',
    'uploads/m-01',
    'logo.svg',
    'media\\m-01',
    'media/m-01\n',
  ])('shows a placeholder for %j', (path) => {
    expect(isSafeMediaPath(path)).toBe(false);
    expect(mediaSrc(path)).toBe('');
  });

  it('has nothing to render for no URL', () => {
    expect(mediaSrc('')).toBe('');
    expect(mediaSrc(undefined)).toBe('');
    expect(mediaSrc(null)).toBe('');
  });

  it('puts the app’s own files under the base', () => {
    expect(assetUrl('logo.svg')).toBe('/logo.svg');
    expect(assetUrl('/video/login.mp4')).toBe('/video/login.mp4');
  });
});

describe('photoSources: the WebP copies of the shipped seed photos', () => {
  it('lists both widths for a seed photo, at the root or under a base', () => {
    expect(photoSources('/seed/city.jpg')).toBe('/seed/city-640.webp 640w, /seed/city-1200.webp 1200w');
    expect(photoSources('/murmur/seed/aurora.jpg')).toBe(
      '/murmur/seed/aurora-640.webp 640w, /murmur/seed/aurora-1200.webp 1200w',
    );
  });

  it('has none for an upload, a video, a host image of another name or any other path', () => {
    for (const src of [
      '/media/m-01',
      '/seed/waves.mp4',
      '/seed/waves.jpg',
      '/seed/mine.jpg',
      '/avatars/seed-1.svg',
      '/seed/city.png',
      '/x/seed/city.jpg.exe',
      '',
    ]) {
      expect(photoSources(src), src).toBeNull();
    }
  });
});

describe('avatarSources: the raster copies of the shipped avatar drawings', () => {
  it('lists the three widths for a shipped avatar, at the root or under a base', () => {
    expect(avatarSources('/avatars/seed-1.svg')).toBe(
      '/avatars/seed-1-64.webp 64w, /avatars/seed-1-128.webp 128w, /avatars/seed-1-256.webp 256w',
    );
    expect(avatarSources('/murmur/avatars/preset-4.svg')).toBe(
      '/murmur/avatars/preset-4-64.webp 64w, /murmur/avatars/preset-4-128.webp 128w, /murmur/avatars/preset-4-256.webp 256w',
    );
    expect(avatarSources('/avatars/default.svg')).toContain('/avatars/default-64.webp 64w');
  });

  it('has none for an upload, a host avatar of another name or any other path', () => {
    for (const src of [
      '/media/m-01',
      '/avatars/mine.svg',
      '/avatars/seed-7.svg',
      '/avatars/seed-1.png',
      '/avatars/seed-1.svg.exe',
      '/seed/seed-1.svg',
      'avatars/seed-1.svg',
      '',
    ]) {
      expect(avatarSources(src), src).toBeNull();
    }
  });

  it('names only copies that are shipped, one per width for every drawing in public/avatars', () => {
    const folder = '../public/avatars/';
    const drawings = readdirSync(folder).filter((file) => file.endsWith('.svg'));
    expect(drawings.length).toBe(11);
    for (const drawing of drawings) {
      const copies = avatarSources(`/avatars/${drawing}`);
      expect(copies, drawing).not.toBeNull();
      for (const candidate of copies!.split(', ')) {
        const file = candidate.replace(/ \d+w$/, '').replace('/avatars/', folder);
        expect(existsSync(file), file).toBe(true);
      }
    }
  });
});
