#!/usr/bin/env node
// `murmur-backend serve`: the package's command (its `bin`). Flags in
// flags.ts; the server in server.ts. Exit status 2 for a wrong flag or seed
// file (the message says what to change), 1 when the server cannot start.

// Node's own start, up to this line (the flags module aside): the first
// phase of the start-up that GET __murmur/health reports.
const nodeMs = performance.now();

import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { CoreLike } from '../core/apiRoute.js';
import type { MurmurSeed } from '../core/seed.js';
import { SEED_DIGEST_FILE, sha256Hex, STATE_FILE } from '../persistence/stateFile.js';
import type { MediaRecord } from '../persistence/store.js';
import { FlagError, HELP, parseServeFlags, type ServeFlags } from './flags.js';

const GUEST = { username: 'guest', password: 'guest123' };

function fail(status: 1 | 2, message: string): never {
  process.stderr.write(`murmur-backend: ${message}\n`);
  process.exit(status);
}

/**
 * The server's live heap is small (about 20 MB at 10,000 posts), but each
 * request leaves garbage that outlives a young-generation collection while
 * its write waits for the disk (a Request, a Response, msw's context), and
 * V8's default heap growth let that reach 150 MB and more between full
 * collections under load. From here on V8 keeps the heap near what is live
 * (`--optimize-for-size` is read as the heap grows; it also stops the young
 * generation growing to its full 2 × 16 MB). Set once the server answers:
 * start-up, which allocates a lot at once, keeps V8's defaults. (V8 sizes
 * the young generation's limit, `--max-semi-space-size`, once, when the
 * process starts: setting it here changes nothing.)
 */
function keepTheHeapSmall(): void {
  setFlagsFromString('--optimize-for-size');
}

/** A seed file's bytes, or why it cannot be read. */
async function seedFileBytes(path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new FlagError(`--seed ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/** `{"snapshot":` at the start of a file, with JSON's whitespace. */
const SNAPSHOT_HEAD = /^[ \t\n\r]*\{[ \t\n\r]*"snapshot"[ \t\n\r]*:[ \t\n\r]*/;

/**
 * Where the snapshot's text lies in a file laid out as `{"snapshot": ...}`,
 * found without parsing the file: the bytes after the head and before the
 * file's last `}`, with nothing but JSON's whitespace after it. Null for any
 * other layout (then the file is parsed). What the core accepts is one JSON
 * value, so a file the core then imports is one JSON object of one member.
 */
function snapshotBounds(bytes: Buffer): { readonly start: number; readonly end: number } | null {
  // The head is ASCII, so its length in characters is its length in bytes.
  const head = SNAPSHOT_HEAD.exec(bytes.toString('latin1', 0, Math.min(bytes.length, 4096)));
  const end = bytes.lastIndexOf(0x7d); // '}'
  if (!head || end < head[0].length || !/^[ \t\n\r]*$/.test(bytes.toString('latin1', end + 1))) return null;
  return { start: head[0].length, end };
}

/**
 * The snapshot's own text in a `{"snapshot": {...}}` file already parsed
 * (JSON checked, one member): kept as text, the core parses it once, at each
 * reset, and the server never holds it as JavaScript objects. Null when the
 * file is written some other way.
 */
function snapshotText(bytes: Buffer, parsed: object): string | null {
  const { snapshot } = parsed as { snapshot?: unknown };
  if (Object.keys(parsed).length !== 1 || typeof snapshot !== 'object' || snapshot === null) return null;
  const bounds = snapshotBounds(bytes);
  return bounds && bytes.toString('utf8', bounds.start, bounds.end);
}

/**
 * A seed of the snapshot in a `{"snapshot": ...}` file the core checks when
 * it imports it (`snapshotBounds`), kept as the file's bytes: the text is
 * decoded each time the core imports it (at start, at a reset, for a new
 * sandbox), so that a restart, which imports the saved state instead, does
 * not decode its megabytes, and the server holds them as UTF-8 (one byte a
 * character here, two in a string once a post holds an emoji). `accepted`:
 * the core imported this very file before, so its rules are not checked
 * again. Null for any other layout.
 */
async function snapshotSeedUnparsed(bytes: Buffer, accepted: boolean): Promise<{ readonly snapshot: string } | null> {
  const bounds = snapshotBounds(bytes);
  if (!bounds) return null;
  const { fixedSnapshotSeed } = await import('../core/seed.js');
  return fixedSnapshotSeed(() => bytes.toString('utf8', bounds.start, bounds.end), accepted);
}

/** The message for a seed file that is not JSON. */
const notJson = (path: string) =>
  `--seed ${path}: not JSON; give a seed {users, follows, posts}, a {snapshot}, or a backup file`;

/** A seed file: `{users, follows, posts}`, `{snapshot}`, or a backup (its images come along). */
async function readSeedFile(
  path: string,
  reading: Promise<Buffer>,
  checkedBy: (bytes: Buffer) => 'core' | 'core-before' | null,
): Promise<{ seed: MurmurSeed; media?: MediaRecord[]; unparsed?: boolean }> {
  const fixtures = await import('./seedModule.js');
  if (fixtures.isSeedModule(path)) return { seed: await fixtures.seedFromModule(path) };
  const bytes = await reading;
  // A `{snapshot}` seed the core imports now is checked there, whole (and one
  // it imported before, unchanged since, was): parsing its megabytes here
  // first would only say the same.
  const checked = checkedBy(bytes);
  const unparsed = checked ? await snapshotSeedUnparsed(bytes, checked === 'core-before') : null;
  if (unparsed !== null) return { seed: unparsed, unparsed: true };
  const text = bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FlagError(notJson(path));
  }
  const { BackupError, BACKUP_FORMAT, readBackup } = await import('../persistence/backup.js');
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
  const snapshot = 'snapshot' in parsed ? snapshotText(bytes, parsed) : null;
  return { seed: snapshot === null ? (parsed as MurmurSeed) : { snapshot } };
}

/** Whether the seed has the demo's guest account (the ready line names it). */
function hasGuest(core: CoreLike, callCore: typeof import('../core/apiRoute.js').callCore): boolean {
  return callCore(core, 'POST', '/api/auth/login', undefined, JSON.stringify(GUEST)).status === 200;
}

async function serve(flags: ServeFlags): Promise<void> {
  // The server (and msw with it) loads while nothing else can run anyway;
  // `--help` and a wrong flag never wait for it.
  // The seed file is read from disk meanwhile.
  const reading = flags.seedFile ? seedFileBytes(flags.seedFile) : null;
  reading?.catch(() => undefined); // its error is thrown where it is awaited
  let mark = performance.now();
  const [{ startMurmurHttpServer }, { callCore }] = await Promise.all([
    import('./server.js'),
    import('../core/apiRoute.js'),
  ]);
  const importsMs = performance.now() - mark;
  mark = performance.now();
  // The seed is imported now unless a saved state replaces it (a restart):
  // then its file is parsed here, unless the state's directory names its
  // digest (the core imported it at the first start, and it is unchanged).
  // With that digest, the core imports it without checking its rules again.
  const importedNow = flags.state === null || !(await stat(join(flags.state, STATE_FILE)).catch(() => null));
  const digestFile = flags.state === null ? null : join(flags.state, SEED_DIGEST_FILE);
  const importedBefore = digestFile === null ? null : await readFile(digestFile, 'utf8').catch(() => null);
  const { seed, media, unparsed } =
    flags.seedFile && reading
      ? await readSeedFile(flags.seedFile, reading, (bytes) => {
          if (importedBefore !== null && importedBefore.trim() === sha256Hex(bytes)) return 'core-before';
          return importedNow ? 'core' : null;
        })
      : { seed: flags.generate ? { generate: flags.generate } : undefined, media: undefined, unparsed: false };
  const seedFileMs = performance.now() - mark;
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
  const start = (seedOptions: { seed?: MurmurSeed; seedMedia?: MediaRecord[] }) =>
    startMurmurHttpServer({
      port: flags.port,
      host: flags.host,
      state: flags.state ?? undefined,
      ...seedOptions,
      basePath: flags.basePath,
      latency: flags.latency,
      log: flags.log,
      cors: flags.cors,
      staticDir: flags.staticDir,
      adminToken: flags.adminToken,
      startupBefore: { node: nodeMs, imports: importsMs, seedFile: seedFileMs },
    });
  let refused = false;
  const server = await start({ seed, seedMedia: media }).catch(async (error: unknown) => {
    const { SeedError } = await import('../core/seed.js');
    if (!unparsed || !flags.seedFile || !reading || !(error instanceof SeedError)) throw error;
    refused = true;
    // A seed file not parsed here that the core refused: parsed now, it is
    // refused as it would have been (not JSON), or loaded the way its
    // layout says (a `{snapshot}` with other members beside it).
    const parsed = await readSeedFile(flags.seedFile, reading, () => null);
    return start({ seed: parsed.seed, seedMedia: parsed.media });
  });
  const where = flags.state === null ? 'in memory (--memory)' : `in ${flags.state}`;
  const guest = hasGuest(server.core, callCore) ? 'sign in as guest / guest123' : 'this seed has no guest account';
  process.stdout.write(`Murmur backend ready at ${server.url} (state ${where}; ${guest})\n`);
  if (server.seedReport)
    process.stdout.write(`${(await import('../core/seed.js')).seedReportLine(server.seedReport)}\n`);
  keepTheHeapSmall();
  if (importedNow && unparsed && !refused && digestFile && reading) {
    // The core imported this seed file and accepted it: a restart need not parse it again while it is unchanged.
    void reading.then((bytes) => writeFile(digestFile, `${sha256Hex(bytes)}\n`)).catch(() => undefined);
  }
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
  if (command === 'init') {
    const laying = import('./initCommand.js').then(({ init }) => init(rest));
    await laying.catch((error: unknown) => fail(error instanceof FlagError ? 2 : 1, (error as Error).message));
    return;
  }
  if (command !== 'serve')
    fail(2, `unknown command ${JSON.stringify(command)}: the commands are "serve" and "init" (murmur-backend --help)`);
  try {
    const flags = parseServeFlags(rest);
    if ('help' in flags) {
      process.stdout.write(HELP);
      return;
    }
    await serve(flags);
  } catch (error) {
    if (error instanceof FlagError) fail(2, error.message);
    const [{ SeedError }, { DirectoryLockedError }] = await Promise.all([
      import('../core/seed.js'),
      import('../persistence/directoryLock.js'),
    ]);
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
