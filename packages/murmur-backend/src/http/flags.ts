// `murmur-backend serve`'s flags: parsed with node:util's parseArgs, each
// checked, and a wrong one refused with what to change (the CLI exits 2).

import { parseArgs } from 'node:util';
import type { Latency, MurmurApiSettings } from '../core/hostOptions.js';
import { checkGenerateOptions, type GenerateOptions } from '../generate/options.js';
import type { LogFormat } from './requestLog.js';

export const HELP = `Usage: murmur-backend serve [flags]

Serves Murmur's whole backend (the same wasm core and msw handlers as in the
browser) over HTTP, for development and tests. Not a production server: its
tokens are signed with a secret anyone can read in this package.

Flags:
  --port N              port to listen on (default 4000; 0 picks a free one)
                          murmur-backend serve --port 5000
  --host ADDRESS        address to bind (default 127.0.0.1; any other prints a warning)
                          murmur-backend serve --host 0.0.0.0
  --state DIR           directory the state lives in (default ./murmur-data)
                          murmur-backend serve --state /tmp/murmur
  --memory              keep nothing: every start is the seed again
                          murmur-backend serve --memory
  --seed FILE           start from a seed {users, follows, posts} (an app's fixtures
                        as they are: .json, or .js/.mjs/.cjs exporting them), a
                        {snapshot}, or a backup file from the Your data page
                          murmur-backend serve --seed seed.json
  --generate U,P[,S]    start from U generated users and P posts (seed number S, default 1)
                          murmur-backend serve --generate 50,500,7
  --api JSON            the API's settings for an app built on the MirageJS template:
                        bookmarks ids|posts, maxPostChars, minPasswordChars,
                        avatars site|anywhere (default the spec's: ids, 100, 8, site)
                          murmur-backend serve --api '{"bookmarks":"posts","maxPostChars":280}'
  --base PATH           where the API lives (default /: /api, /media, /__murmur)
                          murmur-backend serve --base /murmur/
  --latency MS|MIN-MAX  wait before each answer, fixed or drawn from a range
                          murmur-backend serve --latency 200-800
  --log FORMAT          one line per request: text, json or off (default text)
                          murmur-backend serve --log json
  --cors, --no-cors     reflect the request's origin and answer preflights (default on)
                          murmur-backend serve --no-cors
  --static DIR          serve a built front end beside the API (unknown paths get index.html)
                          murmur-backend serve --static web/dist
  --admin-token TOKEN   the control API (<base>__murmur/*) needs X-Murmur-Admin-Token: TOKEN
                          murmur-backend serve --admin-token s3cret
  -h, --help            this text

Requests with the header X-Murmur-Sandbox: NAME get a state of their own,
made from the seed on first use. SIGINT or SIGTERM stops the server cleanly.

Also: murmur-backend init <public-dir> writes msw's worker, the core's .wasm
and the demo media into the folder your site serves (murmur-backend init --help).
`;

export interface ServeFlags {
  port: number;
  host: string;
  /** null with --memory. */
  state: string | null;
  seedFile?: string;
  generate?: GenerateOptions;
  basePath: string;
  api?: MurmurApiSettings;
  latency?: Latency;
  log: LogFormat;
  cors: boolean;
  staticDir?: string;
  adminToken?: string;
}

/** A flag or value that is wrong: the message says what to change. */
export class FlagError extends Error {
  override name = 'FlagError';
}

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  state: { type: 'string' },
  memory: { type: 'boolean' },
  seed: { type: 'string' },
  generate: { type: 'string' },
  base: { type: 'string' },
  api: { type: 'string' },
  latency: { type: 'string' },
  log: { type: 'string' },
  cors: { type: 'boolean' },
  'no-cors': { type: 'boolean' },
  static: { type: 'string' },
  'admin-token': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `--api`'s JSON object; the core checks its members when the server starts. */
function parseApi(text: string): MurmurApiSettings {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new FlagError(`--api must be a JSON object such as '{"bookmarks":"posts"}', got ${JSON.stringify(text)}`);
  return value as MurmurApiSettings;
}

function wholeNumber(text: string): number | null {
  return /^\d+$/.test(text) ? Number(text) : null;
}

function parseLatency(text: string): Latency {
  const range = /^(\d+)-(\d+)$/.exec(text);
  if (range) {
    const [min, max] = [Number(range[1]), Number(range[2])];
    if (min > max)
      throw new FlagError(`--latency ${text}: the range's first number must not exceed its second (e.g. 200-800)`);
    return [min, max];
  }
  const ms = wholeNumber(text);
  if (ms === null)
    throw new FlagError(`--latency must be milliseconds (200) or a range (200-800), got ${JSON.stringify(text)}`);
  return ms;
}

function parseGenerate(text: string): GenerateOptions {
  const parts = text.split(',');
  const numbers = parts.map((part) => wholeNumber(part.trim()));
  if (parts.length < 2 || parts.length > 3 || numbers.some((n) => n === null)) {
    throw new FlagError(
      `--generate takes USERS,POSTS[,SEED] as whole numbers (e.g. 50,500 or 50,500,7), got ${JSON.stringify(text)}`,
    );
  }
  const [users, posts, seed] = numbers as number[];
  const options: GenerateOptions =
    seed === undefined ? { users: users!, posts: posts! } : { users: users!, posts: posts!, seed };
  try {
    checkGenerateOptions(options);
  } catch (error) {
    throw new FlagError(`--generate ${text}: ${(error as Error).message.replace(/^seed\.generate\./, '')}`);
  }
  return options;
}

/** The flags after `serve`; `help: true` when -h/--help was given. Throws a FlagError on anything wrong. */
export function parseServeFlags(args: readonly string[]): ServeFlags | { help: true } {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: [...args], options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new FlagError(
      `${(error as Error).message.replace(/\. To specify.*$/s, '')} (see murmur-backend serve --help)`,
    );
  }
  if (values.help) return { help: true };
  const text = (name: string) => values[name] as string | undefined;

  let port = 4000;
  if (text('port') !== undefined) {
    const given = wholeNumber(text('port')!);
    if (given === null || given > 65535)
      throw new FlagError(`--port must be a whole number from 0 to 65535, got ${JSON.stringify(text('port'))}`);
    port = given;
  }
  const host = text('host') ?? '127.0.0.1';
  if (host === '') throw new FlagError('--host must be an address such as 127.0.0.1 or 0.0.0.0');
  if (values.memory && text('state') !== undefined)
    throw new FlagError('--state and --memory contradict each other: give one');
  if (text('seed') !== undefined && text('generate') !== undefined) {
    throw new FlagError('--seed and --generate contradict each other: give one');
  }
  if (values.cors && values['no-cors']) throw new FlagError('--cors and --no-cors contradict each other: give one');
  const log = text('log') ?? 'text';
  if (!['text', 'json', 'off'].includes(log))
    throw new FlagError(`--log must be text, json or off, got ${JSON.stringify(log)}`);
  const base = text('base') ?? '/';
  if (!/^\/?[\w./-]*$/.test(base) || base.includes('..')) {
    throw new FlagError(`--base must be a path such as / or /murmur/, got ${JSON.stringify(base)}`);
  }
  const adminToken = text('admin-token');
  if (adminToken !== undefined && adminToken.length === 0) throw new FlagError('--admin-token must not be empty');
  return {
    port,
    host,
    state: values.memory ? null : (text('state') ?? './murmur-data'),
    seedFile: text('seed'),
    generate: text('generate') === undefined ? undefined : parseGenerate(text('generate')!),
    basePath: base,
    api: text('api') === undefined ? undefined : parseApi(text('api')!),
    latency: text('latency') === undefined ? undefined : parseLatency(text('latency')!),
    log: log as LogFormat,
    cors: !values['no-cors'],
    staticDir: text('static'),
    adminToken,
  };
}
