// @vitest-environment node
// The README's "Live events" stays true: its curl example runs as written
// (only the address changed to a server on port 0) and prints what the
// README says, and its Node example runs.
import { exec } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMurmurHttpServer, type MurmurHttpServer } from './server.js';

const run = promisify(exec);
const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
const start = readme.indexOf('## Live events');
const section = readme.slice(start, readme.indexOf('\n## ', start + 1));

/** The first fenced block of `language` after `text` in the section. */
function block(text: string, language: string): string {
  const from = section.indexOf(text);
  expect(from, text).toBeGreaterThan(-1);
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(section.slice(from));
  expect(match, `${language} block after ${text}`).not.toBeNull();
  return match![1]!;
}

let server: MurmurHttpServer;
beforeAll(async () => {
  server = await startMurmurHttpServer({ log: 'off' });
});
afterAll(() => server.close());

it('runs the curl example as written and prints what the README shows', async () => {
  const script = block('`curl -N` prints', 'sh');
  expect(script).toContain('API=http://127.0.0.1:4000\n');
  const dir = mkdtempSync(join(tmpdir(), 'murmur-events-curl-'));
  writeFileSync(
    join(dir, 'events.sh'),
    script.replace('API=http://127.0.0.1:4000', `API=${server.url.replace(/\/$/, '')}`),
  );
  // Asynchronous: the server answering these requests runs in this process.
  const { stdout } = await run('bash events.sh', { cwd: dir, timeout: 30_000 });
  expect(stdout).toBe(block('It prints', 'text'));
}, 60_000);

it('runs the Node example', async () => {
  const example = block('**In Node tests**', 'ts');
  const file = join(mkdtempSync(join(tmpdir(), 'murmur-events-node-')), 'example.mjs');
  const entry = fileURLToPath(new URL('../../dist/node/index.js', import.meta.url));
  writeFileSync(file, example.replace("'@murmur/backend/node'", JSON.stringify(entry)));
  const { stdout } = await run(`${JSON.stringify(process.execPath)} ${JSON.stringify(file)}`, { timeout: 60_000 });
  expect(stdout).toBe('post.created Hello, live\n');
}, 90_000);
