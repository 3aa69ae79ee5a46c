// Helpers for the HTTP server's tests: a client that signs in, and the
// built command (dist/bin/murmur-backend.js, the package's `bin`) started
// as a child process on port 0.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
