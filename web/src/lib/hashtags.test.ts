import { describe, expect, it } from 'vitest';
import { splitHashtags, splitText, tagPath } from './hashtags';

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

describe('splitText', () => {
  const mentions = (text: string) => [
    ...new Set(splitText(text).flatMap((p) => (p.kind === 'mention' ? [p.name] : []))),
  ];

  it('finds mentions by the core’s rule (mock-core/src/mentions.rs, the same cases)', () => {
    const cases: [string, string[]][] = [
      ['@guest hi', ['guest']],
      ['hi @guest', ['guest']],
      ['(@guest), @maya_lind.', ['guest', 'maya_lind']],
      ["@maya_lind's shot", ['maya_lind']],
      ['@a.b-c_d!', ['a.b-c_d']],
      ['end with @guest-.', ['guest']],
      ['mail me: guest@example.com', []],
      ['medium.com/@guest', []],
      ['@@guest', []],
      ['x_@guest y.@guest z-@guest é@guest', []],
      ['@ guest', []],
      ['@guest @guest @GUEST', ['guest', 'GUEST']],
      ['«@guest» #tag@guest', ['guest']],
      ['@日本 @guest日本', ['guest']],
    ];
    for (const [text, names] of cases) expect([text, mentions(text)]).toEqual([text, names]);
  });

  it('keeps every character, with tags and mentions in their places', () => {
    const text = 'Hi @maya, see #aurora by @priya.';
    const parts = splitText(text);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    expect(parts.map((p) => p.kind)).toEqual(['text', 'mention', 'text', 'tag', 'text', 'mention', 'text']);
    expect(parts.filter((p) => p.kind !== 'text').map((p) => p.text)).toEqual(['@maya', '#aurora', '@priya']);
  });
});
