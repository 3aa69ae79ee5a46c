// Hashtags in text, by the core's rule (docs/API.md, GET /api/posts/tag):
// `#` at the start or after a character that is not a letter, digit, mark
// or `_`, then letters, digits, marks and `_` of any script, up to anything
// else (`#Café!` is `café`).

const TAG = /(^|[^\p{Alphabetic}\p{N}\p{M}_])#([\p{Alphabetic}\p{N}\p{M}_]+)/gu;

export type TextPart = { kind: 'text'; text: string } | { kind: 'tag'; text: string; tag: string };

/** `text` cut into plain runs and `#tag`s (`tag` lowercased, without `#`), in order. */
export function splitHashtags(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [, before = '', name = ''] = match;
    const start = match.index + before.length;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'tag', text: `#${name}`, tag: name.toLowerCase() });
    last = start + 1 + name.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** The app's path of a tag's feed (under the router's base path). */
export function tagPath(tag: string): string {
  return `/tag/${encodeURIComponent(tag.replace(/^#/, '').toLowerCase())}`;
}
