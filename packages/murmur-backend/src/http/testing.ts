// Helpers for the HTTP server's tests: a client that signs in, and the
// built command (dist/bin/murmur-backend.js, the package's `bin`) started
// as a child process on port 0.

import { exec, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(exec);

export const CLI = resolve(dirname(fileURLToPath(import.meta.url)), '../../dist/bin/murmur-backend.js');

/** The built command is there (npm test builds the package before vitest). */
export function requireBuiltCli(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` in packages/murmur-backend`);
}

export async function signIn(base: string, username = 'guest', password = 'guest123', headers = {}): Promise<string> {
  const res = await fetch(`${base}api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${username} answered ${res.status}`);
  return ((await res.json()) as { encodedToken: string }).encodedToken;
}

export interface ChildServer {
  url: string;
  process: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `murmur-backend serve ARGS --port 0` and resolves with its URL once it prints the ready line. */
export function startChild(args: string[], timeoutMs = 60_000): Promise<ChildServer> {
  requireBuiltCli();
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--log', 'off', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolveExit) => child.on('exit', (code) => resolveExit(code)));
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ready line in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready at (http:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolveStart({ url: ready[1]!, process: child, output: () => output, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${output}`));
    });
  });
}

/** The first fenced block of `language` after `text` in `doc` (a README's section, a docs page); throws when there is none. */
export function fencedBlock(doc: string, text: string, language: string): string {
  const from = doc.indexOf(text);
  if (from < 0) throw new Error(`"${text}" is not in the document`);
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(doc.slice(from));
  if (!match) throw new Error(`no ${language} block after "${text}"`);
  return match[1]!;
}

/**
 * Runs a documented shell example as written, its `API=http://127.0.0.1:4000`
 * line pointed at `serverUrl`; resolves with what it printed. Asynchronous:
 * the server answering its requests may run in this process.
 */
export async function runShellExample(script: string, serverUrl: string): Promise<string> {
  if (!script.includes('API=http://127.0.0.1:4000\n')) throw new Error('the example sets no API=http://127.0.0.1:4000');
  const file = join(mkdtempSync(join(tmpdir(), 'murmur-example-sh-')), 'example.sh');
  writeFileSync(file, script.replace('API=http://127.0.0.1:4000', `API=${serverUrl.replace(/\/$/, '')}`));
  const { stdout } = await run(`bash ${JSON.stringify(file)}`, { timeout: 30_000 });
  return stdout;
}

/** Runs a documented Node example against the built package (`@murmur/backend/node` is dist/node); resolves with what it printed. */
export async function runNodeExample(example: string): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'murmur-example-node-')), 'example.mjs');
  const entry = fileURLToPath(new URL('../../dist/node/index.js', import.meta.url));
  writeFileSync(file, example.replace("'@murmur/backend/node'", JSON.stringify(entry)));
  const { stdout } = await run(`${JSON.stringify(process.execPath)} ${JSON.stringify(file)}`, { timeout: 60_000 });
  return stdout;
}
