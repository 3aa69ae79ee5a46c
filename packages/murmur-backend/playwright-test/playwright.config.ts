import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import type { MurmurOptions } from '../src/playwright/index.js';

// The `murmur` fixture's own suite (../src/playwright/): server mode against
// `murmur-backend serve --memory` (the built command), Debian's Chromium.
const port = Number(process.env.MURMUR_PW_PORT ?? 4791);
const server = `http://127.0.0.1:${port}/`;

export default defineConfig<{ murmurOptions: MurmurOptions }>({
  testDir: '.',
  outputDir: join(tmpdir(), 'murmur-playwright-fixture'),
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] },
    murmurOptions: { server },
  },
  webServer: {
    command: `node ../dist/bin/murmur-backend.js serve --memory --port ${port} --log off`,
    url: `${server}__murmur/health`,
    reuseExistingServer: false,
  },
});
