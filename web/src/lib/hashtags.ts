// Hashtags in text, by the core's rule (docs/API.md, GET /api/posts/tag):
// `#` at the start or after a character that is not a letter, digit, mark
// or `_`, then letters, digits, marks and `_` of any script, up to anything
// else (`#Café!` is `café`). Mentions by the core's rule too (docs/rules.md,
// "Mentions"): `@` at the start or after a character that is not a letter
// or digit of any script, `_`, `.`, `-`, `@` or `/`, then the longest run of
// ASCII letters, digits, `_`, `.` and `-`, less the `.` and `-` it ends with.

const TAG = /(^|[^\p{Alphabetic}\p{N}\p{M}_])#([\p{Alphabetic}\p{N}\p{M}_]+)/gu;

const MENTION = /(?<![\p{Alphabetic}\p{N}_.\-@/])@([A-Za-z0-9_.-]+)/gu;

export type TextPart =
  | { kind: 'text'; text: string }
  | { kind: 'tag'; text: string; tag: string }
  | { kind: 'mention'; text: string; name: string };

/** `text` cut into plain runs, `#tag`s and `@name` mentions (each only a name as written: who has it is the backend's to say). */
export function splitText(text: string): TextPart[] {
  const found: { start: number; end: number; part: TextPart }[] = [];
  for (const match of text.matchAll(MENTION)) {
    const name = (match[1] ?? '').replace(/[.-]+$/, '');
    if (name)
      found.push({
        start: match.index,
        end: match.index + 1 + name.length,
        part: { kind: 'mention', text: `@${name}`, name },
      });
  }
  let last = 0;
  for (const part of splitHashtags(text)) {
    const end = last + part.text.length;
    if (part.kind === 'tag') found.push({ start: last, end, part });
    last = end;
  }
  found.sort((a, b) => a.start - b.start);
  const parts: TextPart[] = [];
  last = 0;
  for (const { start, end, part } of found) {
    if (start < last) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push(part);
    last = end;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

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
