import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';
import { describe, FIND_ELEMENT, type Engine, type Tab, type Target } from '../driver';
import { freePort } from '../../e2e/staticSite';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Starts Xvfb on a display it picks itself (-displayfd): its number. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
    xvfb.stdout?.once('data', (data: Buffer) => resolve(`:${data.toString().trim()}`));
  });
  return { display, process: xvfb };
}

/** Starts WebKitWebDriver and waits until it answers. */
async function startDriver(display: string): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
    const up = await fetch(`${url}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, process: driver };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  driver.kill();
  throw new Error('WebKitWebDriver did not start');
}

/**
 * One window of the session. WebDriver talks to one window at a time, so each
 * call first switches to this tab's window (when another was current).
 */
function tabOf(driver: WebDriver, handle: string, current: { handle: string }): Tab {
  const focus = async () => {
    if (current.handle === handle) return;
    await driver.switchTo().window(handle);
    current.handle = handle;
  };
  const element = async (target: Target): Promise<WebElement> => {
    await focus();
    const found = (await driver.executeScript(
      `const el = (${FIND_ELEMENT})(arguments[0], arguments[1]); el?.scrollIntoView({ block: 'center' }); return el;`,
      target.css,
      target.text ?? null,
    )) as WebElement | null;
    if (!found) throw new Error(`no element ${describe(target)}`);
    return found;
  };
  return {
    goto: async (url) => {
      await focus();
      await driver.get(url);
    },
    reload: async () => {
      await focus();
      await driver.navigate().refresh();
    },
    evaluate: async <T>(expression: string) => {
      await focus();
      // WebDriver's Execute Script awaits a returned promise.
      return (await driver.executeScript(`return (${expression});`)) as T;
    },
    // WebKitWebDriver does not scroll an element into view itself: element() does.
    click: async (target) => (await element(target)).click(),
    type: async (target, text) => (await element(target)).sendKeys(text),
    upload: async (target, path) => (await element(target)).sendKeys(path),
    screenshot: async (path) => {
      await focus();
      await writeFile(path, await driver.takeScreenshot(), 'base64');
    },
  };
}

/** Debian's WebKitGTK (MiniBrowser) under Xvfb, through WebKitWebDriver and Selenium. */
export async function launchWebKit(): Promise<Engine> {
  const xvfb = await startXvfb();
  const children: ChildProcess[] = [xvfb.process];
  try {
    const server = await startDriver(xvfb.display);
    children.push(server.process);
    const driver = await new Builder()
      .usingServer(server.url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
    const current = { handle: await driver.getWindowHandle() };
    return {
      tab: tabOf(driver, current.handle, current),
      newTab: async () => {
        await driver.switchTo().newWindow('tab');
        current.handle = await driver.getWindowHandle();
        return tabOf(driver, current.handle, current);
      },
      close: async () => {
        await Promise.race([driver.quit(), new Promise((resolve) => setTimeout(resolve, 5000))]).catch(() => undefined);
        children.forEach((child) => child.kill());
      },
    };
  } catch (error) {
    children.forEach((child) => child.kill());
    throw error;
  }
}
