import { describe, expect, it } from 'vitest';
import { EMOJI_RECENTS_KEY, loadEmojiRecents, MAX_EMOJI_RECENTS, recordEmojiUse } from './emojiRecents';

const emoji = (n: number) => ({
  unified: `1f6${n.toString(16).padStart(2, '0')}`,
  emoji: String.fromCodePoint(0x1f600 + n),
});

describe('emoji recents', () => {
  it('starts empty and survives garbage in storage', () => {
    expect(loadEmojiRecents()).toEqual([]);
    localStorage.setItem(EMOJI_RECENTS_KEY, '{not json');
    expect(loadEmojiRecents()).toEqual([]);
    localStorage.setItem(EMOJI_RECENTS_KEY, JSON.stringify([{ unified: 'x' }, 3, null]));
    expect(loadEmojiRecents()).toEqual([]);
  });

  it('counts each use and puts the most used first', () => {
    recordEmojiUse(emoji(1), localStorage, 1);
    recordEmojiUse(emoji(2), localStorage, 2);
    recordEmojiUse(emoji(2), localStorage, 3);
    const list = recordEmojiUse(emoji(3), localStorage, 4);
    expect(list.map((r) => [r.emoji, r.count])).toEqual([
      ['😂', 2],
      ['😃', 1],
      ['😁', 1],
    ]);
    expect(loadEmojiRecents()).toEqual(list);
  });

  it('keeps at most 14, dropping the least used and oldest', () => {
    recordEmojiUse(emoji(0), localStorage, 0);
    recordEmojiUse(emoji(0), localStorage, 1); // used twice: survives
    for (let n = 1; n <= MAX_EMOJI_RECENTS; n += 1) recordEmojiUse(emoji(n), localStorage, 10 + n);
    const list = loadEmojiRecents();
    expect(list).toHaveLength(14);
    expect(list[0]).toMatchObject({ unified: emoji(0).unified, count: 2 });
    // emoji(1) was the oldest of the single-use ones: it made room for emoji(14).
    expect(list.some((r) => r.unified === emoji(1).unified)).toBe(false);
    expect(list.some((r) => r.unified === emoji(14).unified)).toBe(true);
    expect(MAX_EMOJI_RECENTS).toBe(14);
  });
});
