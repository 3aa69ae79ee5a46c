import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.mjs';

// End-to-end tests drive Debian's Chromium against the production builds:
// web/dist served at the root, and web/dist-sub built for /murmur/.
// (scripts/test.sh builds both first.) Never download a browser.
// E2E_DIST / E2E_PORT / E2E_SUB_PORT let several runs share a machine.
const dist = process.env.E2E_DIST ?? 'dist';
const port = Number(process.env.E2E_PORT ?? 4173);
const subPort = Number(process.env.E2E_SUB_PORT ?? 4174);
export const ROOT_URL = `http://127.0.0.1:${port}`;
export const SUB_URL = `http://127.0.0.1:${subPort}/murmur/`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // A test is several page loads of the production build on a shared
  // 2-core machine, where the longest slow down as the load rises.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: ROOT_URL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: `node ../scripts/serve.mjs ${dist} --port ${port}`,
      url: `${ROOT_URL}/`,
      reuseExistingServer: false,
    },
    {
      command: `node ../scripts/serve.mjs dist-sub --port ${subPort} --base /murmur/`,
      url: SUB_URL,
      reuseExistingServer: false,
    },
  ],
});
