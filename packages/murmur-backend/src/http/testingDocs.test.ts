// @vitest-environment node
// docs/testing.md stays true: its shell example runs as written (only the
// address changed to a server on port 0) and prints what the page says, and
// its Node example runs against the built package.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMurmurHttpServer, type MurmurHttpServer } from './server.js';
import { fencedBlock, runNodeExample, runShellExample } from './testing.js';

const page = readFileSync(fileURLToPath(new URL('../../../../docs/testing.md', import.meta.url)), 'utf8');
const block = (text: string, language: string) => fencedBlock(page, text, language);

let server: MurmurHttpServer;
beforeAll(async () => {
  server = await startMurmurHttpServer({ log: 'off' });
});
afterAll(() => server.close());

it('runs the shell example as written and prints what the page shows', async () => {
  const stdout = await runShellExample(block('A test over HTTP, in shell', 'sh'), server.url);
  expect(stdout).toBe(block('It prints:', 'text'));
}, 60_000);

it('runs the Node example', async () => {
  expect(await runNodeExample(block('## In Node and Vitest', 'ts'))).toBe('1 2026-01-05\n[redacted]\n');
}, 90_000);
