import { describe, expect, it } from 'vitest';
import { splitHashtags, tagPath } from './hashtags';

const tags = (text: string) => splitHashtags(text).flatMap((p) => (p.kind === 'tag' ? [p.tag] : []));

describe('splitHashtags', () => {
  it('finds tags of any script, lowercased, stopping at punctuation', () => {
    expect(tags('Coffee at #Café, then #日本! #rust_lang. #2024')).toEqual(['café', '日本', 'rust_lang', '2024']);
    expect(tags('#naïve #über-cool')).toEqual(['naïve', 'über']);
  });

  it('needs # at the start or after a non-word character', () => {
    expect(tags('no#tag here, # alone, ##double')).toEqual(['double']);
    expect(tags('')).toEqual([]);
  });

  it('keeps every character of the text, in order', () => {
    const text = 'Up at 3am #aurora, #nightsky!';
    const parts = splitHashtags(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts).toEqual([
      { kind: 'text', text: 'Up at 3am ' },
      { kind: 'tag', text: '#aurora', tag: 'aurora' },
      { kind: 'text', text: ', ' },
      { kind: 'tag', text: '#nightsky', tag: 'nightsky' },
      { kind: 'text', text: '!' },
    ]);
  });

  it('leaves markup as text', () => {
    const parts = splitHashtags('<img src=x onerror=alert(1)> #ok');
    expect(parts[0]).toEqual({ kind: 'text', text: '<img src=x onerror=alert(1)> ' });
  });
});

describe('tagPath', () => {
  it('encodes the tag', () => {
    expect(tagPath('#Café')).toBe('/tag/caf%C3%A9');
    expect(tagPath('日本')).toBe('/tag/%E6%97%A5%E6%9C%AC');
  });
});
