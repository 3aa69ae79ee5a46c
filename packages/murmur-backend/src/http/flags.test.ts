// @vitest-environment node
// `murmur-backend serve`'s flags: each one read as documented, and every
// wrong flag or value refused with what to change (the command exits 2).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FlagError, HELP, parseServeFlags } from './flags.js';
import { CLI, requireBuiltCli } from './testing.js';

const run = promisify(execFile);

/** The command's exit status and output (never throws). */
async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  requireBuiltCli();
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { timeout: 20_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('parseServeFlags', () => {
  it('has the documented defaults', () => {
    expect(parseServeFlags([])).toEqual({
      port: 4000,
      host: '127.0.0.1',
      state: './murmur-data',
      seedFile: undefined,
      generate: undefined,
      basePath: '/',
      latency: undefined,
      log: 'text',
      cors: true,
      staticDir: undefined,
      adminToken: undefined,
    });
  });

  it('reads every flag', () => {
    expect(
      parseServeFlags([
        '--port=0',
        '--host',
        '0.0.0.0',
        '--memory',
        '--generate',
        '50,500,7',
        '--base',
        '/murmur/',
        '--latency',
        '200-800',
        '--log',
        'json',
        '--no-cors',
        '--static',
        'web/dist',
        '--admin-token',
        's3cret',
      ]),
    ).toEqual({
      port: 0,
      host: '0.0.0.0',
      state: null,
      seedFile: undefined,
      generate: { users: 50, posts: 500, seed: 7 },
      basePath: '/murmur/',
      latency: [200, 800],
      log: 'json',
      cors: false,
      staticDir: 'web/dist',
      adminToken: 's3cret',
    });
    expect(parseServeFlags(['--state', 'd', '--seed', 's.json', '--latency', '150'])).toMatchObject({
      state: 'd',
      seedFile: 's.json',
      latency: 150,
    });
    expect(parseServeFlags(['--generate', '5,20'])).toMatchObject({ generate: { users: 5, posts: 20 } });
    expect(parseServeFlags(['--api', '{"bookmarks":"posts","maxPostChars":280}'])).toMatchObject({
      api: { bookmarks: 'posts', maxPostChars: 280 },
    });
    expect(parseServeFlags(['-h'])).toEqual({ help: true });
  });

  it.each([
    [['--port', 'eighty'], '--port must be a whole number from 0 to 65535, got "eighty"'],
    [['--port', '70000'], '--port must be a whole number from 0 to 65535'],
    [['--latency', 'slow'], '--latency must be milliseconds (200) or a range (200-800), got "slow"'],
    [['--latency', '800-200'], "--latency 800-200: the range's first number must not exceed its second"],
    [['--log', 'verbose'], '--log must be text, json or off, got "verbose"'],
    [['--generate', '50'], '--generate takes USERS,POSTS[,SEED] as whole numbers'],
    [['--generate', '0,5'], '--generate 0,5: users must be a whole number from 1 to 10000'],
    [['--state', 'd', '--memory'], '--state and --memory contradict each other'],
    [['--seed', 'a.json', '--generate', '5,5'], '--seed and --generate contradict each other'],
    [['--cors', '--no-cors'], '--cors and --no-cors contradict each other'],
    [['--base', 'http://x/'], '--base must be a path such as / or /murmur/'],
    [['--admin-token', ''], '--admin-token must not be empty'],
    [
      ['--api', 'bookmarks=posts'],
      `--api must be a JSON object such as '{"bookmarks":"posts"}', got "bookmarks=posts"`,
    ],
    [['--prot', '5000'], "Unknown option '--prot' (see murmur-backend serve --help)"],
    [['--port'], "Option '--port <value>' argument missing"],
    [['extra'], 'Unexpected argument'],
  ])('refuses %j, saying what to change', (args, message) => {
    expect(() => parseServeFlags(args)).toThrow(FlagError);
    expect(() => parseServeFlags(args)).toThrow(message);
  });

  it('documents every flag in --help, each with an example', () => {
    for (const flag of [
      '--port',
      '--host',
      '--state',
      '--memory',
      '--seed',
      '--generate',
      '--base',
      '--latency',
      '--log',
      '--no-cors',
      '--static',
      '--admin-token',
    ]) {
      expect(HELP).toContain(`murmur-backend serve ${flag}`);
    }
  });
});

/** The flags of docs/backend-http.md: each item's flags, what it says, and its example. */
function readmeFlags(): { flags: string[]; text: string; example: string }[] {
  const page = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../../../docs/backend-http.md'), 'utf8');
  const list = page.slice(page.indexOf('### Flags')).split('\n\n')[1]!;
  return list.split('\n').map((item) => {
    const [, flag, text, example] = /^- ((?:`[^`]+`(?:, | or | \/ )?)+): (.*?)(?: Example: (.*))?$/.exec(item) ?? [];
    expect(flag, item).toBeDefined();
    return {
      flags: [...flag!.matchAll(/`(-[\w-]+)/g)].map((match) => match[1]!),
      text: text!,
      example: (example ?? '').replaceAll('`', ''),
    };
  });
}

describe('--help and docs/backend-http.md', () => {
  const rows = readmeFlags();
  const helpFlags = [...HELP.matchAll(/^ {2}(?:(-\w), )?(--[\w-]+)(?:, (--[\w-]+))?/gm)].flatMap((match) =>
    match.slice(1).filter((flag): flag is string => flag !== undefined),
  );

  it('list the same flags', () => {
    expect(rows.flatMap((row) => row.flags).sort()).toEqual([...helpFlags].sort());
  });

  it('give the same example for each flag', () => {
    const examples = rows.filter((row) => row.example !== '').map((row) => `murmur-backend serve ${row.example}`);
    const helpExamples = [...HELP.matchAll(/^ +(murmur-backend serve .+)$/gm)].map((match) => match[1]!.trim());
    expect(examples.sort()).toEqual(helpExamples.sort());
  });

  it('give the same default for each flag', () => {
    for (const [, flag, value] of HELP.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)[^\n]*\(default ([^;):]+)/gm)) {
      const row = rows.find((candidate) => candidate.flags.includes(flag!));
      expect(row?.text.replaceAll('`', ''), flag).toContain(`default ${value}`);
    }
  });
});

describe('the command', () => {
  it('prints the help and exits 0', async () => {
    const { code, stdout } = await cli('serve', '--help');
    expect(code).toBe(0);
    expect(stdout).toBe(HELP);
  }, 30_000);

  it('exits 2 with what to change on a wrong flag, an unknown command, or a bad seed file', async () => {
    const badFlag = await cli('serve', '--port', 'eighty');
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toBe('murmur-backend: --port must be a whole number from 0 to 65535, got "eighty"\n');
    const command = await cli('start');
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('the commands are "serve" and "init"');
    const dir = mkdtempSync(join(tmpdir(), 'murmur-flags-'));
    const notJson = join(dir, 'seed.json');
    writeFileSync(notJson, 'users: []');
    const seed = await cli('serve', '--memory', '--port', '0', '--seed', notJson);
    expect(seed.code).toBe(2);
    expect(seed.stderr).toContain(`--seed ${notJson}: not JSON`);
    // A `{snapshot}` file is not parsed before the core imports it; the message is the same.
    const brokenSnapshot = join(dir, 'snapshot.json');
    writeFileSync(brokenSnapshot, '{"snapshot": {"format": murmur}}');
    const unparsed = await cli('serve', '--memory', '--port', '0', '--seed', brokenSnapshot);
    expect(unparsed.code).toBe(2);
    expect(unparsed.stderr).toContain(`--seed ${brokenSnapshot}: not JSON`);
    // Over a saved state (a restart) it is not imported, so it is parsed, and refused, before anything starts.
    const saved = join(dir, 'saved');
    mkdirSync(saved);
    writeFileSync(join(saved, 'state.json'), '{}');
    const restart = await cli('serve', '--state', saved, '--port', '0', '--seed', brokenSnapshot);
    expect(restart.code).toBe(2);
    expect(restart.stderr).toContain(`--seed ${brokenSnapshot}: not JSON`);
    writeFileSync(brokenSnapshot, '{"snapshot": {"format": "murmur-snapshot"}}');
    const refusedSnapshot = await cli('serve', '--memory', '--port', '0', '--seed', brokenSnapshot);
    expect(refusedSnapshot.code).toBe(2);
    expect(refusedSnapshot.stderr).toContain('the seed was refused');
    const refused = join(dir, 'refused.json');
    writeFileSync(
      refused,
      JSON.stringify({ users: [{ username: 'x', password: 'p' }], posts: [{ username: 'nobody', content: 'hi' }] }),
    );
    const rules = await cli('serve', '--memory', '--port', '0', '--seed', refused);
    expect(rules.code).toBe(2);
    expect(rules.stderr).toContain('the seed was refused: seed: post 1 ("hi"): username "nobody" names no user');
    const noStatic = await cli('serve', '--memory', '--port', '0', '--static', join(dir, 'nowhere'));
    expect(noStatic.code).toBe(2);
    expect(noStatic.stderr).toContain('no such directory');
  }, 60_000);
});
