#!/usr/bin/env node
// `murmur-backend serve`: the package's command (its `bin`). Flags in
// flags.ts; the server in server.ts. Exit status 2 for a wrong flag or seed
// file (the message says what to change), 1 when the server cannot start.

import { readFile, stat } from 'node:fs/promises';
import { callCore } from '../core/apiRoute.js';
import { SeedError, type MurmurSeed } from '../core/seed.js';
import { BackupError, BACKUP_FORMAT, readBackup } from '../persistence/backup.js';
import { DirectoryLockedError } from '../persistence/directoryLock.js';
import type { MediaRecord } from '../persistence/store.js';
import { FlagError, HELP, parseServeFlags, type ServeFlags } from './flags.js';
import { startMurmurHttpServer } from './server.js';

const GUEST = { username: 'guest', password: 'guest123' };

function fail(status: 1 | 2, message: string): never {
  process.stderr.write(`murmur-backend: ${message}\n`);
  process.exit(status);
}

/** A seed file: `{users, follows, posts}`, `{snapshot}`, or a backup (its images come along). */
async function readSeedFile(path: string): Promise<{ seed: MurmurSeed; media?: MediaRecord[] }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new FlagError(`--seed ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FlagError(
      `--seed ${path}: not JSON; give a seed {users, follows, posts}, a {snapshot}, or a backup file`,
    );
  }
  if (typeof parsed === 'object' && parsed !== null && (parsed as { format?: unknown }).format === BACKUP_FORMAT) {
    try {
      const checked = await readBackup(text);
      return { seed: { snapshot: checked.snapshot }, media: checked.media };
    } catch (error) {
      throw new FlagError(`--seed ${path}: ${error instanceof BackupError ? error.message : String(error)}`);
    }
  }
  if (typeof parsed !== 'object' || parsed === null || !('users' in parsed || 'snapshot' in parsed)) {
    throw new FlagError(`--seed ${path}: give a seed {users, follows, posts}, a {snapshot}, or a backup file`);
  }
  return { seed: parsed as MurmurSeed };
}

/** Whether the seed has the demo's guest account (the ready line names it). */
function hasGuest(core: Parameters<typeof callCore>[0]): boolean {
  return callCore(core, 'POST', '/api/auth/login', undefined, JSON.stringify(GUEST)).status === 200;
}

async function serve(flags: ServeFlags): Promise<void> {
  const { seed, media } = flags.seedFile
    ? await readSeedFile(flags.seedFile)
    : { seed: flags.generate ? { generate: flags.generate } : undefined, media: undefined };
  if (flags.staticDir) {
    const info = await stat(flags.staticDir).catch(() => null);
    if (!info?.isDirectory())
      throw new FlagError(`--static ${flags.staticDir}: no such directory (build the front end first)`);
  }
  if (!/^(127\.\d+\.\d+\.\d+|localhost|::1)$/.test(flags.host)) {
    process.stderr.write(
      `murmur-backend: warning: listening on ${flags.host}, so other machines can reach it. ` +
        'Its tokens are signed with a secret that is public (it ships in this package): ' +
        'anyone who can reach this port can act as any user. Use it on a network you trust.\n',
    );
  }
  const server = await startMurmurHttpServer({
    port: flags.port,
    host: flags.host,
    state: flags.state ?? undefined,
    seed,
    seedMedia: media,
    basePath: flags.basePath,
    latency: flags.latency,
    log: flags.log,
    cors: flags.cors,
    staticDir: flags.staticDir,
    adminToken: flags.adminToken,
  });
  const where = flags.state === null ? 'in memory (--memory)' : `in ${flags.state}`;
  const guest = hasGuest(server.core) ? 'sign in as guest / guest123' : 'this seed has no guest account';
  process.stdout.write(`Murmur backend ready at ${server.url} (state ${where}; ${guest})\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`murmur-backend: ${signal}: finishing the requests in flight\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => fail(1, `could not stop cleanly: ${String(error)}`),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(HELP);
    if (command === undefined) process.exit(2);
    return;
  }
  if (command !== 'serve')
    fail(2, `unknown command ${JSON.stringify(command)}: the command is "serve" (murmur-backend serve --help)`);
  try {
    const flags = parseServeFlags(rest);
    if ('help' in flags) {
      process.stdout.write(HELP);
      return;
    }
    await serve(flags);
  } catch (error) {
    if (error instanceof FlagError) fail(2, error.message);
    if (error instanceof SeedError) fail(2, `the seed was refused: ${error.message}`);
    if (error instanceof DirectoryLockedError) fail(1, error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') fail(1, `the port is in use: give another --port (0 picks a free one)`);
    if (code === 'EACCES')
      fail(1, `not allowed to listen there or to use the state directory: ${(error as Error).message}`);
    fail(1, error instanceof Error ? error.message : String(error));
  }
}

void main(process.argv.slice(2));
