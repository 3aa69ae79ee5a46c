import { defineConfig } from 'vite';

export default defineConfig({
  // Optional: msw's cookie jar without tough-cookie's public-suffix list (a
  // smaller bundle: docs/options.md has the figure); the backend sets no
  // cookies.
  resolve: { alias: { 'tough-cookie': '@murmur/backend/cookie-jar' } },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
