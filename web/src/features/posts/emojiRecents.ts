// The emoji picker's recents (docs/product.md, "Composer"): up to 14 emoji with how often each
// was used, kept in localStorage. The most used come first; among equals the
// most recently used. A new emoji pushes out the least used (oldest first).

export const EMOJI_RECENTS_KEY = 'murmur.emojiRecents';
export const MAX_EMOJI_RECENTS = 14;

export interface EmojiRecent {
  /** The picker's id for the emoji (code points in hex, e.g. `1f600`). */
  unified: string;
  /** The emoji itself. */
  emoji: string;
  count: number;
  /** When it was last used (ms). */
  lastUsed: number;
}

function isRecent(value: unknown): value is EmojiRecent {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.unified === 'string' &&
    typeof v.emoji === 'string' &&
    typeof v.count === 'number' &&
    v.count > 0 &&
    typeof v.lastUsed === 'number'
  );
}

function ranked(list: EmojiRecent[]): EmojiRecent[] {
  return [...list].sort((a, b) => b.count - a.count || b.lastUsed - a.lastUsed);
}

/** The stored recents, most used first. Never throws. */
export function loadEmojiRecents(storage: Storage | undefined = globalThis.localStorage): EmojiRecent[] {
  try {
    const raw = storage?.getItem(EMOJI_RECENTS_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return ranked(parsed.filter(isRecent)).slice(0, MAX_EMOJI_RECENTS);
  } catch {
    return [];
  }
}

/** Counts one use of `emoji` and returns the new list, most used first. */
export function recordEmojiUse(
  emoji: { unified: string; emoji: string },
  storage: Storage | undefined = globalThis.localStorage,
  now: number = Date.now(),
): EmojiRecent[] {
  const list = loadEmojiRecents(storage);
  const found = list.find((r) => r.unified === emoji.unified);
  let next: EmojiRecent[];
  if (found) {
    next = list.map((r) => (r === found ? { ...r, emoji: emoji.emoji, count: r.count + 1, lastUsed: now } : r));
  } else {
    // Make room by dropping the least used, oldest first.
    const kept = list.length >= MAX_EMOJI_RECENTS ? ranked(list).slice(0, MAX_EMOJI_RECENTS - 1) : list;
    next = [...kept, { unified: emoji.unified, emoji: emoji.emoji, count: 1, lastUsed: now }];
  }
  next = ranked(next);
  try {
    storage?.setItem(EMOJI_RECENTS_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the recents just are not remembered.
  }
  return next;
}
