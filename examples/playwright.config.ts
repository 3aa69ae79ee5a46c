import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../web/e2e/chromium.mjs';

// The examples' end-to-end test (e2e/client.spec.ts), once per example: each
// is built and served by `vite preview`, and driven in Debian's Chromium
// (never a downloaded browser). EXAMPLES_PORT moves the two ports.
const port = Number(process.env.EXAMPLES_PORT ?? 4176);
const examples = [
  { name: 'fetch-ts', port, transport: 'fetch' },
  { name: 'axios', port: port + 1, transport: 'xhr' },
] as const;

export interface ExampleOptions {
  /** How the example sends its API requests: Playwright's resource type. */
  transport: 'fetch' | 'xhr';
}

export default defineConfig<ExampleOptions>({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: 2,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: examples.map(({ name, port, transport }) => ({
    name,
    use: { baseURL: `http://127.0.0.1:${port}`, transport },
  })),
  webServer: examples.map(({ name, port }) => ({
    command: `npm run build --silent && npx vite preview --port ${port} --strictPort`,
    cwd: name,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
  })),
});
