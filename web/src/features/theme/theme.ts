// The visual theme: an accent hue and a background preset (docs/product.md, "Theme"). It is
// applied to <html> as CSS custom properties, which every colour token in
// styles/global.css derives from, and it is kept in localStorage.

export const THEME_STORAGE_KEY = 'murmur.theme';

export type BackgroundName = 'light' | 'dim' | 'lights-out';

export interface Theme {
  hue: number;
  background: BackgroundName;
}

export interface Accent {
  hue: number;
  name: string;
  /**
   * Accent lightness (%) on light and on dark backgrounds, picked so that the
   * accent as text on the page and on cards, and the button label on the
   * accent, all reach WCAG AA (4.5:1). Yellow and green need a darker accent
   * on light backgrounds than violet does; theme.test.ts checks every pair.
   */
  lightness: { light: number; dark: number };
}

export const ACCENTS: readonly Accent[] = [
  { hue: 252, name: 'Violet', lightness: { light: 52, dark: 80 } },
  { hue: 52, name: 'Amber', lightness: { light: 25, dark: 50 } },
  { hue: 352, name: 'Rose', lightness: { light: 40, dark: 78 } },
  { hue: 152, name: 'Emerald', lightness: { light: 25, dark: 50 } },
  { hue: 202, name: 'Sky', lightness: { light: 33, dark: 70 } },
];

export interface Background {
  name: BackgroundName;
  label: string;
  /** Lightness (%) of the page, the cards and the text (docs/product.md, "Theme"). */
  page: number;
  card: number;
  text: number;
  dark: boolean;
}

export const BACKGROUNDS: readonly Background[] = [
  { name: 'light', label: 'Light', page: 95, card: 100, text: 17, dark: false },
  { name: 'dim', label: 'Dim', page: 15, card: 20, text: 95, dark: true },
  { name: 'lights-out', label: 'Lights Out', page: 0, card: 10, text: 95, dark: true },
];

export const DEFAULT_THEME: Theme = { hue: 252, background: 'light' };

export function accentOf(hue: number): Accent {
  return ACCENTS.find((a) => a.hue === hue) ?? ACCENTS[0]!;
}

export function backgroundOf(name: BackgroundName): Background {
  return BACKGROUNDS.find((b) => b.name === name) ?? BACKGROUNDS[0]!;
}

export function isTheme(value: unknown): value is Theme {
  if (!value || typeof value !== 'object') return false;
  const { hue, background } = value as Partial<Theme>;
  return ACCENTS.some((a) => a.hue === hue) && BACKGROUNDS.some((b) => b.name === background);
}

/** The theme saved by a previous visit, or the default. Never throws. */
export function loadTheme(storage: Storage | undefined = globalThis.localStorage): Theme {
  try {
    const raw = storage?.getItem(THEME_STORAGE_KEY);
    if (!raw) return DEFAULT_THEME;
    const parsed: unknown = JSON.parse(raw);
    return isTheme(parsed) ? { hue: parsed.hue, background: parsed.background } : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function saveTheme(theme: Theme, storage: Storage | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, JSON.stringify(theme));
  } catch {
    // Storage blocked: the choice lasts until the tab closes.
  }
}

/** Sets the custom properties and `data-background` that global.css reads. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  const accent = accentOf(theme.hue);
  const background = backgroundOf(theme.background);
  const accentL = background.dark ? accent.lightness.dark : accent.lightness.light;
  // Hover darkens on light backgrounds and lightens on dark ones, keeping contrast.
  const strongL = background.dark ? Math.min(accentL + 7, 92) : Math.max(accentL - 8, 10);
  const props: Record<string, string> = {
    '--hue': String(accent.hue),
    '--l-page': `${background.page}%`,
    '--l-card': `${background.card}%`,
    '--l-text': `${background.text}%`,
    '--l-accent': `${accentL}%`,
    '--l-accent-strong': `${strongL}%`,
  };
  for (const [name, value] of Object.entries(props)) root.style.setProperty(name, value);
  root.dataset.background = background.name;
}
