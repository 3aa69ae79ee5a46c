// Debian's Chromium, started with the flags every browser run of this
// project uses (the same list as the Playwright suites', kept here too so
// that bench/ and web/ import nothing from each other), plus a
// remote-debugging port that Playwright and Lighthouse both drive.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Debian's Chromium (never a downloaded one); CHROME_PATH picks another. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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

/** `Chromium 1xx.0...` as the binary says it, without starting a browser. */
export function chromiumVersion() {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return `${CHROMIUM_PATH}: not found`;
  }
}

/**
 * Starts Chromium in a fresh profile (`profile`, emptied first) with its
 * debugging port on `cdpPort`, and connects Playwright to it.
 * Resolves to { browser, close() }; close() ends the process.
 */
export async function launchChromium({ cdpPort, profile }) {
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  const proc = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${cdpPort}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  const endpoint = `http://127.0.0.1:${cdpPort}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${endpoint}/json/version`)).ok) break;
    } catch {
      // not up yet
    }
    if (proc.exitCode !== null || i >= 100) {
      proc.kill();
      throw new Error(`Chromium did not start on port ${cdpPort}: ${stderr.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.connectOverCDP(endpoint);
  return {
    browser,
    async close() {
      await browser.close().catch(() => {});
      proc.kill();
    },
  };
}
