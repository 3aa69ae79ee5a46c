// @vitest-environment node
// docs/backend-http.md stays true: its curl walkthrough runs as written
// (only the address changed to a server on port 0) and prints what the
// page says it prints, and its JavaScript example runs.
import { exec } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMurmurHttpServer, type MurmurHttpServer } from './server.js';

const run = promisify(exec);
const section = readFileSync(fileURLToPath(new URL('../../../../docs/backend-http.md', import.meta.url)), 'utf8');

/** The first fenced block of `language` after `heading` in the section. */
function block(heading: string, language: string): string {
  const from = section.indexOf(heading);
  expect(from, heading).toBeGreaterThan(-1);
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(section.slice(from));
  expect(match, `${language} block under ${heading}`).not.toBeNull();
  return match![1]!;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: MurmurHttpServer;
beforeAll(async () => {
  server = await startMurmurHttpServer({ state: mkdtempSync(join(tmpdir(), 'murmur-walkthrough-')) });
});
afterAll(() => server.close());

it('runs the curl walkthrough as written and prints what the page shows', async () => {
  const script = block('### A walkthrough with curl', 'sh');
  const address = server.url.replace(/\/$/, '');
  expect(script).toContain('API=http://127.0.0.1:4000\n');
  const dir = mkdtempSync(join(tmpdir(), 'murmur-curl-'));
  writeFileSync(join(dir, 'photo.png'), PNG);
  writeFileSync(
    join(dir, 'walkthrough.sh'),
    `set -euo pipefail\n${script.replace('API=http://127.0.0.1:4000', `API=${address}`)}`,
  );
  // Asynchronous: the server answering these requests runs in this process.
  const { stdout } = await run('bash walkthrough.sh', { cwd: dir, timeout: 30_000 });
  expect(stdout).toBe(block('It prints:', 'text'));
  // The reset put the seed back.
  const { posts } = (await (await fetch(`${server.url}api/posts`)).json()) as { posts: unknown[] };
  expect(posts).toHaveLength(12);
}, 60_000);

it('runs the JavaScript example', async () => {
  const example = block('### From JavaScript', 'ts');
  const dir = mkdtempSync(join(tmpdir(), 'murmur-example-'));
  const file = join(dir, 'example.mjs');
  const entry = fileURLToPath(new URL('../../dist/node/index.js', import.meta.url));
  const msw = import.meta.resolve('msw');
  writeFileSync(
    file,
    example.replace("'@murmur/backend/node'", JSON.stringify(entry)).replace("'msw'", JSON.stringify(msw)),
  );
  const { stdout } = await run(`${JSON.stringify(process.execPath)} ${JSON.stringify(file)}`, { timeout: 60_000 });
  expect(stdout).toBe('503\n');
}, 90_000);
