import { chromium, type ElementHandle, type Page } from '@playwright/test';
import { describe, findExpression, type Engine, type Tab, type Target } from '../driver';

/** Debian's Chromium through Playwright (the flags of playwright.config.ts). */
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

async function element(page: Page, target: Target): Promise<ElementHandle> {
  const found = (await page.evaluateHandle(findExpression(target))).asElement();
  if (!found) throw new Error(`no element ${describe(target)}`);
  return found as ElementHandle;
}

function tabOf(page: Page): Tab {
  return {
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    evaluate: (expression) => page.evaluate(expression),
    click: async (target) => (await element(page, target)).click(),
    type: async (target, text) => (await element(page, target)).type(text),
    upload: async (target, path) => (await element(page, target)).setInputFiles(path),
    screenshot: async (path) => void (await page.screenshot({ path })),
  };
}

export async function launchChromium(): Promise<Engine> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1280, height: 800 } });
  return {
    tab: tabOf(await context.newPage()),
    newTab: async () => tabOf(await context.newPage()),
    close: () => browser.close(),
  };
}
