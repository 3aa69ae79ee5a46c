// Debian's Chromium, and the flags every run here starts it with: the
// Playwright suites (web/playwright.config.ts, examples/), the journey's
// Chromium engine (plain Node, hence .mjs). bench/lib/chromium.mjs keeps its own copy.

/** Debian's Chromium. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless, and nothing that reaches the network on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
