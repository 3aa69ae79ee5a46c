import { describe, expect, it } from 'vitest';
import { charCount, clipChars, insertAt } from './text';

describe('post text helpers', () => {
  it('counts code points, so an emoji is one character', () => {
    expect(charCount('hello')).toBe(5);
    expect(charCount('hi 👋')).toBe(4);
    expect('hi 👋'.length).toBe(5);
  });

  it('clips to 100 code points without splitting an emoji', () => {
    expect(clipChars('a'.repeat(120))).toHaveLength(100);
    const emoji = '😀'.repeat(101);
    expect(charCount(clipChars(emoji))).toBe(100);
    expect(clipChars('short')).toBe('short');
  });

  it('inserts at the caret, replacing the selection, and moves the caret after it', () => {
    expect(insertAt('Hello world', '🌍', 6, 6)).toEqual({ text: 'Hello 🌍world', caret: 8 });
    expect(insertAt('Hello world', '🌍', 6, 11)).toEqual({ text: 'Hello 🌍', caret: 8 });
    expect(insertAt('', '🌍', 0, 0)).toEqual({ text: '🌍', caret: 2 });
  });

  it('refuses an insertion past the limit', () => {
    expect(insertAt('a'.repeat(99), '🌍', 99, 99)).toEqual({ text: `${'a'.repeat(99)}🌍`, caret: 101 });
    expect(insertAt('a'.repeat(100), '🌍', 100, 100)).toBeNull();
  });
});
