// Media and avatar paths from the core are relative to the site's base
// (`seed/aurora.jpg`, `avatars/seed-1.svg`, `media/<id>`): resolve them here so
// the site works at the root and under a sub-path.

const SAFE_ABSOLUTE = /^(https?:|blob:|data:image\/)/i;

export function assetUrl(path: string | undefined | null): string {
  if (!path) return '';
  if (SAFE_ABSOLUTE.test(path)) return path;
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return ''; // javascript:, file: … never followed
  const base = import.meta.env.BASE_URL;
  return `${base}${path.replace(/^\/+/, '')}`;
}

export function isVideo(path: string): boolean {
  return path.includes('.mp4');
}
