// Where the app's files are, and which media and avatar URLs it will render.
//
// The app's own files (the logo, the login video) are named in code and
// resolved against the site's base, so the site works at the root and under
// a sub-path. Media and avatar URLs come from data (the API) and are
// rendered only when they are absolute same-origin paths of the shapes the
// backend hands out, under the base it was started with: `/media/m-01`
// (uploads), `/avatars/seed-1.svg`, `/murmur/seed/aurora.jpg`. They are
// rendered as they are, so they work from any route. Nothing else is ever
// requested: no relative path (it would resolve under the current route), no
// other origin, no `//host`, no backslash, no scheme (`javascript:`, `data:`,
// `blob:`).

const SAFE_MEDIA_PATH = /^\/?([A-Za-z0-9_-]+\/)*(media|avatars|seed)\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** An app file named in code (`logo.svg`), under the site's base. */
export function assetUrl(path: string): string {
  return `${import.meta.env.BASE_URL}${path.replace(/^\/+/, '')}`;
}

/** Whether a media or avatar path has a shape the backend accepts (relative or absolute). */
export function isSafeMediaPath(path: string): boolean {
  return SAFE_MEDIA_PATH.test(path) && !path.split('/').includes('..');
}

/**
 * The `src` for a media or avatar URL from data: '' when there is none, or
 * when it is not a safe same-origin path (then the caller shows a placeholder).
 */
export function mediaSrc(path: string | undefined | null): string {
  if (!path || !path.startsWith('/') || !isSafeMediaPath(path)) return '';
  return path;
}

/** An upload (stored in the browser, served by the in-browser backend), not a shipped file. */
export function isUpload(path: string): boolean {
  return /(^|\/)media\/[^/]+$/.test(path);
}

export function isVideo(path: string): boolean {
  return path.includes('.mp4');
}

/** The demo's seed photos, shipped with WebP copies 640 and 1200 pixels wide (public/seed/). */
const SEED_PHOTO = /^(\/(?:[A-Za-z0-9_-]+\/)*seed\/)(aurora|city|desert|forest|harbor)\.jpg$/;

/**
 * The `srcset` of a shipped seed photo's WebP copies (about a fifth of the
 * JPEG's bytes at a phone's width), or null for any other media: an upload,
 * or a host's own image, has no copies.
 */
export function photoSources(src: string): string | null {
  const match = SEED_PHOTO.exec(src);
  if (!match) return null;
  const [, folder, name] = match;
  return `${folder}${name}-640.webp 640w, ${folder}${name}-1200.webp 1200w`;
}

/** The app's shipped avatar drawings, each with lossless WebP copies 64, 128 and 256 pixels wide (public/avatars/). */
const SHIPPED_AVATAR = /^(\/(?:[A-Za-z0-9_-]+\/)*avatars\/)(seed-[1-6]|preset-[1-4]|default)\.svg$/;

/**
 * The `srcset` of a shipped avatar's raster copies, or null for any other
 * avatar (an upload, or a host's own file, has no copies). The browser decodes
 * a WebP off the main thread; an SVG image makes it build a whole document on
 * it, which a feed's first frame would wait for.
 */
export function avatarSources(src: string): string | null {
  const match = SHIPPED_AVATAR.exec(src);
  if (!match) return null;
  const [, folder, name] = match;
  return [64, 128, 256].map((width) => `${folder}${name}-${width}.webp ${width}w`).join(', ');
}
