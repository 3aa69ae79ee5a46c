import puppeteer, { type ElementHandle, type Page } from 'puppeteer-core';
import { elementHandle, type Engine, type Tab, type Target } from '../driver';

const element = async (page: Page, target: Target) =>
  (await elementHandle<ElementHandle<Node>>(page, target)) as ElementHandle<Element>;

function tabOf(page: Page): Tab {
  return {
    goto: async (url) => void (await page.goto(url)),
    reload: async () => void (await page.reload()),
    evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
    click: async (target) => (await element(page, target)).click(),
    type: async (target, text) => (await element(page, target)).type(text),
    upload: async (target, path) => ((await element(page, target)) as ElementHandle<HTMLInputElement>).uploadFile(path),
    screenshot: async (path) => void (await page.screenshot({ path })),
  };
}

/** Debian's Firefox ESR, headless, driven over WebDriver BiDi (no geckodriver). */
export async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: '/usr/bin/firefox-esr',
    protocol: 'webDriverBiDi',
    headless: true,
    defaultViewport: { width: 1280, height: 800 },
  });
  const [first] = await browser.pages();
  return {
    tab: tabOf(first ?? (await browser.newPage())),
    newTab: async () => tabOf(await browser.newPage()),
    close: () => browser.close(),
  };
}
