import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    restoreMocks: true,
    // The suite runs on shared 2-core machines beside its own child processes
    // (the HTTP server's crash test): vitest's default timeout is too tight there for a test that is not stuck.
    testTimeout: 30_000,
    // A test that says memory is let go collects garbage first (src/http/events.test.ts).
    execArgv: ['--expose-gc'],
  },
});
