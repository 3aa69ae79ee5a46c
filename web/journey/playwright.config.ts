import { defineConfig } from '@playwright/test';

// The shared journey (journey.ts) in Chromium, Firefox ESR and WebKitGTK,
// each from Debian's packages: `npx playwright test -c journey`. Playwright
// is the runner; each test launches its own engine through its adapter.
export default defineConfig({
  testDir: '.',
  testMatch: 'journey.spec.ts',
  outputDir: '../test-results/journey',
  timeout: 6 * 60_000,
  workers: Number(process.env.JOURNEY_WORKERS ?? 3),
  retries: 0,
  reporter: [['list']],
});
