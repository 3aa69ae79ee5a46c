import { chromium, type ElementHandle, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium.mjs';
import { elementHandle, type Engine, type Tab, type Target } from '../driver';

const element = (page: Page, target: Target) => elementHandle<ElementHandle<Node>>(page, target);

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
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1280, height: 800 } });
  return {
    tab: tabOf(await context.newPage()),
    newTab: async () => tabOf(await context.newPage()),
    close: () => browser.close(),
  };
}
