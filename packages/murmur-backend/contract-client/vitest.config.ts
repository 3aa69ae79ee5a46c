import { defineConfig } from 'vitest/config';

// The client generated from docs/openapi.json, against the real core (see README.md here).
export default defineConfig({
  test: {
    environment: 'node',
    root: import.meta.dirname,
    include: ['*.test.ts'],
  },
});
