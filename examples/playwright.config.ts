import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../web/e2e/chromium.mjs';

// The examples' end-to-end tests, driven in Debian's Chromium (never a
// downloaded browser): e2e/client.spec.ts once for each Vite example (built,
// served by `vite preview`), e2e/webpack.spec.ts for the webpack one and
// e2e/from-mirage.spec.ts for the app moved off MirageJS (built, served by
// scripts/serve.mjs, a static host whose unknown paths get the build's
// 404.html, a copy of index.html). EXAMPLES_PORT moves the four ports.
const port = Number(process.env.EXAMPLES_PORT ?? 4176);
const vitePreview = (port: number) => `npm run build --silent && npx vite preview --port ${port} --strictPort`;
const examples = [
  { name: 'fetch-ts', port, transport: 'fetch', spec: 'client.spec.ts', serve: vitePreview },
  { name: 'axios', port: port + 1, transport: 'xhr', spec: 'client.spec.ts', serve: vitePreview },
  {
    name: 'webpack',
    port: port + 2,
    transport: 'xhr',
    spec: 'webpack.spec.ts',
    serve: (port: number) => `npm run build --silent && node ../../scripts/serve.mjs dist --port ${port}`,
  },
  {
    name: 'from-mirage',
    port: port + 3,
    transport: 'xhr',
    spec: 'from-mirage.spec.ts',
    serve: (port: number) => `npm run build --silent && node ../../scripts/serve.mjs dist --port ${port}`,
  },
] as const;

export interface ExampleOptions {
  /** How the example sends its API requests: Playwright's resource type. */
  transport: 'fetch' | 'xhr';
}

export default defineConfig<ExampleOptions>({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000, // page loads on a shared 2-core machine: twice as long at load 10 as at load 2
  expect: { timeout: 10_000 },
  workers: 2,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    trace: 'retain-on-failure',
    serviceWorkers: 'allow',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: examples.map(({ name, port, transport, spec }) => ({
    name,
    testMatch: spec,
    use: { baseURL: `http://127.0.0.1:${port}`, transport },
  })),
  webServer: examples.map(({ name, port, serve }) => ({
    command: serve(port),
    cwd: name,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    // The webpack build takes minutes on a busy 2-core machine.
    timeout: 300_000,
  })),
});
