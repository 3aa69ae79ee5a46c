// @vitest-environment node
// docs/live-events.md stays true: its curl example runs as written
// (only the address changed to a server on port 0) and prints what the
// page says, and its Node example runs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMurmurHttpServer, type MurmurHttpServer } from './server.js';
import { fencedBlock, runNodeExample, runShellExample } from './testing.js';

const section = readFileSync(fileURLToPath(new URL('../../../../docs/live-events.md', import.meta.url)), 'utf8');
const block = (text: string, language: string) => fencedBlock(section, text, language);

let server: MurmurHttpServer;
beforeAll(async () => {
  server = await startMurmurHttpServer({ log: 'off' });
});
afterAll(() => server.close());

it('runs the curl example as written and prints what the page shows', async () => {
  const stdout = await runShellExample(block('`curl -N` prints', 'sh'), server.url);
  expect(stdout).toBe(block('It prints', 'text'));
}, 60_000);

it('runs the Node example', async () => {
  expect(await runNodeExample(block('**In Node tests**', 'ts'))).toBe('post.created Hello, live\n');
}, 90_000);
