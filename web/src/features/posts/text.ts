// Post text limits count code points (an emoji is one character), as the
// core does.

export const MAX_POST_CHARS = 100;

export function charCount(text: string): number {
  return [...text].length;
}

/** `text` cut to at most `max` code points. */
export function clipChars(text: string, max = MAX_POST_CHARS): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

/**
 * `insert` placed over the selection [start, end) of `text`, unless the
 * result would pass `max`. Returns the new text and the caret after the
 * insertion, or null when it does not fit.
 */
export function insertAt(
  text: string,
  insert: string,
  start: number,
  end: number,
  max = MAX_POST_CHARS,
): { text: string; caret: number } | null {
  const next = text.slice(0, start) + insert + text.slice(end);
  if (charCount(next) > max) return null;
  return { text: next, caret: start + insert.length };
}
