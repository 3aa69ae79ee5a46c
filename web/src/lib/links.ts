// Links typed by users (a profile's website) are followed only when they are
// plain web addresses; anything else (javascript:, data:, file:, text that is
// not a URL at all) is shown as text and never becomes an href.

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

/** The normalised href for an http(s) URL, or null when `text` must stay text. */
export function safeHttpUrl(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  return WEB_PROTOCOLS.has(url.protocol) ? url.href : null;
}
