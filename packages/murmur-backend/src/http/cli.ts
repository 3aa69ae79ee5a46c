#!/usr/bin/env node
// `murmur-backend`: the package's command (its `bin`). Each command is a
// function in COMMANDS taking the arguments after its name; `serve` (its
// flags and --help: ./flags.ts) starts the server (./server.ts). Exit status
// 2 for a wrong command, flag or seed (the message says what to change), 1
// when the server cannot start.

// Node's own start, up to this line: the first phase of the start-up that GET __murmur/health reports.
const nodeMs = performance.now();

import { stat } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { FlagError, HELP, parseServeFlags } from './flags.js';

// V8's heap for the server, set before the command's own code runs. Each
// request leaves garbage that outlives a young-generation collection while
// its write waits for the disk, and V8's default heap growth lets it pile up
// between full collections; `--optimize-for-size` keeps the heap near what
// is live and the young generation small. Node documents a V8 flag changed
// while code runs as unsafe: here nothing of ours has been compiled under
// other flags yet (bench/NOTES.md has the figures: the HTTP server's RSS).
setFlagsFromString('--optimize-for-size');

const GUEST = { username: 'guest', password: 'guest123' };

function fail(status: 1 | 2, message: string): never {
  process.stderr.write(`murmur-backend: ${message}\n`);
  process.exit(status);
}

async function serve(args: string[]): Promise<void> {
  const flags = parseServeFlags(args);
  if ('help' in flags) return void process.stdout.write(HELP);
  if (flags.staticDir && !(await stat(flags.staticDir).catch(() => null))?.isDirectory())
    throw new FlagError(`--static ${flags.staticDir}: no such directory (build the front end first)`);
  if (!/^(127\.\d+\.\d+\.\d+|localhost|::1)$/.test(flags.host)) {
    process.stderr.write(
      `murmur-backend: warning: listening on ${flags.host}, so other machines can reach it. ` +
        'Its tokens are signed with a secret that is public (it ships in this package): ' +
        'anyone who can reach this port can act as any user. Use it on a network you trust.\n',
    );
  }
  // The server (and msw with it) loads only now: --help and a wrong flag never wait for it.
  const mark = performance.now();
  const [{ startMurmurHttpServer }, { callCore }, { seedReportLine }] = await Promise.all([
    import('./server.js'),
    import('../core/coreCall.js'),
    import('../core/seed.js'),
  ]);
  const server = await startMurmurHttpServer({
    port: flags.port,
    host: flags.host,
    state: flags.state ?? undefined,
    seedFile: flags.seedFile,
    seed: flags.generate && { generate: flags.generate },
    basePath: flags.basePath,
    api: flags.api,
    latency: flags.latency,
    log: flags.log,
    cors: flags.cors,
    staticDir: flags.staticDir,
    adminToken: flags.adminToken,
    startupBefore: { node: nodeMs, imports: performance.now() - mark },
  });
  const where = flags.state === null ? 'in memory (--memory)' : `in ${flags.state}`;
  const signIn = callCore(server.core, 'POST', '/api/auth/login', undefined, JSON.stringify(GUEST));
  const guest = signIn.status === 200 ? 'sign in as guest / guest123' : 'this seed has no guest account';
  // What was adapted first: a client that waits for the ready line finds the report said.
  if (server.seedReport) process.stdout.write(`${seedReportLine(server.seedReport)}\n`);
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

/** `init <public-dir>`: the files an app serves (./initCommand.ts). */
async function init(args: string[]): Promise<void> {
  await (await import('./initCommand.js')).init(args);
}

/** The commands, by name. */
const COMMANDS: Record<string, (args: string[]) => Promise<void>> = { serve, init };

/** Why the command could not run, as its exit status and message. */
async function failure(error: unknown): Promise<[1 | 2, string]> {
  const [{ SeedError }, { SeedFileError }, { DirectoryLockedError }] = await Promise.all([
    import('../core/seed.js'),
    import('./seedFile.js'),
    import('../persistence/directoryLock.js'),
  ]);
  if (error instanceof FlagError) return [2, error.message];
  if (error instanceof SeedFileError) return [2, `--seed ${error.path}: ${error.reason}`];
  if (error instanceof SeedError) return [2, `the seed was refused: ${error.message}`];
  if (error instanceof DirectoryLockedError) return [1, error.message];
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return [1, 'the port is in use: give another --port (0 picks a free one)'];
  if (code === 'EACCES')
    return [1, `not allowed to listen there or to use the state directory: ${(error as Error).message}`];
  return [1, error instanceof Error ? error.message : String(error)];
}

const [command, ...args] = process.argv.slice(2);
if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
  process.stdout.write(HELP);
  if (command === undefined) process.exit(2);
} else if (!Object.hasOwn(COMMANDS, command)) {
  fail(2, `unknown command ${JSON.stringify(command)}: the commands are "serve" and "init" (murmur-backend --help)`);
} else {
  await COMMANDS[command]!(args).catch(async (error: unknown) => fail(...(await failure(error))));
}
