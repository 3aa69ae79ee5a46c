// Where the app's files are, and which media and avatar URLs it will render.
//
// The app's own files (the logo, the login video) are named in code and
// resolved against the site's base, so the site works at the root and under
// a sub-path. Media and avatar URLs come from data (the API, an old saved
// state) and are rendered only when they are same-origin paths of the shapes
// the backend hands out: `media/m-01` (uploads), `avatars/seed-1.svg`,
// `seed/aurora.jpg`, relative to the base, or the same absolute, such as
// `/murmur/media/m-01`. Nothing else is ever requested: no other origin, no
// `//host`, no backslash, no scheme (`javascript:`, `data:`, `blob:`).

const SAFE_MEDIA_PATH = /^\/?([A-Za-z0-9_-]+\/)*(media|avatars|seed)\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** An app file named in code (`logo.svg`), under the site's base. */
export function assetUrl(path: string): string {
  return `${import.meta.env.BASE_URL}${path.replace(/^\/+/, '')}`;
}

/** Whether a media or avatar URL from data is one the app renders. */
export function isSafeMediaPath(path: string): boolean {
  return SAFE_MEDIA_PATH.test(path) && !path.split('/').includes('..');
}

/**
 * The `src` for a media or avatar URL from data: '' when there is none, or
 * when it is not a safe same-origin path (then the caller shows a placeholder).
 */
export function mediaSrc(path: string | undefined | null): string {
  if (!path || !isSafeMediaPath(path)) return '';
  return path.startsWith('/') ? path : assetUrl(path);
}

/** An upload (stored in the browser, served by the in-browser backend), not a shipped file. */
export function isUpload(path: string): boolean {
  return /(^|\/)media\/[^/]+$/.test(path);
}

export function isVideo(path: string): boolean {
  return path.includes('.mp4');
}
