import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import {
  ACCENTS,
  applyTheme,
  BACKGROUNDS,
  DEFAULT_THEME,
  loadTheme,
  saveTheme,
  THEME_STORAGE_KEY,
  type Background,
} from './theme';
import { setAccent, setBackground } from './themeSlice';

// The colour formulas of styles/global.css, evaluated for each theme.
type Rgb = [number, number, number];
function hsl(h: number, s: number, l: number): Rgb {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0), f(8), f(4)];
}
function luminance([r, g, b]: Rgb): number {
  const c = (v: number) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
}
function contrast(a: Rgb, b: Rgb): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}
const over = (fg: Rgb, bg: Rgb, alpha: number): Rgb => fg.map((v, i) => v * alpha + bg[i]! * (1 - alpha)) as Rgb;

function palette(hue: number, bg: Background) {
  const accentL = ACCENTS.find((a) => a.hue === hue)!.lightness[bg.dark ? 'dark' : 'light'];
  const page = hsl(hue, 20, bg.page);
  const card = hsl(hue, 20, bg.card);
  const accent = hsl(hue, 75, accentL);
  return {
    page,
    card,
    accent,
    accentOnSoft: over(accent, page, 0.14),
    onAccent: bg.dark ? hsl(hue, 30, 10) : ([1, 1, 1] as Rgb),
    text: hsl(hue, 15, bg.text),
    muted: hsl(hue, 10, bg.dark ? 72 : 40),
  };
}

describe('theme contrast (WCAG AA, 4.5:1) for every accent on every background', () => {
  for (const bg of BACKGROUNDS) {
    for (const { hue, name } of ACCENTS) {
      it(`${name} on ${bg.label}`, () => {
        const p = palette(hue, bg);
        expect(contrast(p.accent, p.page), 'accent text on the page').toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.accent, p.card), 'accent text on a card').toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.accent, p.accentOnSoft), 'accent text on a soft highlight').toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.onAccent, p.accent), 'button label on the accent').toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.text, p.page), 'text on the page').toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.muted, p.page), 'muted text on the page').toBeGreaterThanOrEqual(4.5);
        expect(contrast(p.muted, p.card), 'muted text on a card').toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});

describe('theme constants', () => {
  it('offers the five accent hues and three background presets of the spec', () => {
    expect(ACCENTS.map((a) => a.hue)).toEqual([252, 52, 352, 152, 202]);
    expect(BACKGROUNDS.map((b) => [b.label, b.page, b.card, b.text])).toEqual([
      ['Light', 95, 100, 17],
      ['Dim', 15, 20, 95],
      ['Lights Out', 0, 10, 95],
    ]);
  });
});

describe('applying and keeping the theme', () => {
  it('sets the custom properties and data-background on <html>', () => {
    const root = document.createElement('html');
    applyTheme({ hue: 152, background: 'lights-out' }, root);
    expect(root.dataset.background).toBe('lights-out');
    expect(root.style.getPropertyValue('--hue')).toBe('152');
    expect(root.style.getPropertyValue('--l-page')).toBe('0%');
    expect(root.style.getPropertyValue('--l-card')).toBe('10%');
    expect(root.style.getPropertyValue('--l-text')).toBe('95%');
    expect(root.style.getPropertyValue('--l-accent')).toBe('50%');
  });

  it('loads the default when nothing or something invalid is stored', () => {
    expect(loadTheme()).toEqual(DEFAULT_THEME);
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ hue: 17, background: 'light' }));
    expect(loadTheme()).toEqual(DEFAULT_THEME);
    localStorage.setItem(THEME_STORAGE_KEY, '{oops');
    expect(loadTheme()).toEqual(DEFAULT_THEME);
  });

  it('round-trips a saved theme', () => {
    saveTheme({ hue: 352, background: 'dim' });
    expect(loadTheme()).toEqual({ hue: 352, background: 'dim' });
  });

  it('the store persists a choice and a new store restores it', () => {
    const store = makeStore({ persist: true });
    store.dispatch(setAccent(202));
    store.dispatch(setBackground('dim'));
    expect(makeStore({ persist: true }).getState().theme).toEqual({ hue: 202, background: 'dim' });
  });

  it('ignores a hue that is not one of the five', () => {
    const store = makeStore();
    store.dispatch(setAccent(10));
    expect(store.getState().theme.hue).toBe(252);
  });
});
