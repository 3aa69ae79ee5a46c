// `murmur-backend init <public-dir>`: lays out what an app must serve for the
// backend, as `npx msw init` does for msw alone: msw's service worker, the
// backend's own worker (one self-contained script), the core's `.wasm`, and the demo media the default seed (and `generate`) point
// at (`seed/*`, `avatars/*`). It prints the `wasmUrl` to pass when a bundler
// does not resolve the package's `.wasm` by itself (esbuild, Create React
// App, Parcel, Rollup); Vite and webpack 5 do.

import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FlagError } from './flags.js';

/** The package's root: this file sits two levels below it, built (dist/http/) or bundled (dist/bin/). */
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The core's module in the package, and its name in the public folder. */
export const WASM_FILE = 'mock_core_bg.wasm';
/** The backend's worker, bundled whole (scripts/bundle-cli.mjs), and its name in the public folder. */
export const BACKEND_WORKER_FILE = 'murmur-backend-worker.js';
/** The demo media's folders in the package's `media/` (and in the public folder). */
export const MEDIA_FOLDERS = ['seed', 'avatars'] as const;

export interface LaidOut {
  /** Paths written, relative to the public folder. */
  written: string[];
  /** The `wasmUrl` that serves the core from there under `basePath`. */
  wasmUrl: string;
  /** The `backendWorker` that starts the backend's worker from there. */
  backendWorker: string;
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path).map((file) => join(name, file)) : [name];
  });
}

/** Copies the worker, the core and the demo media into `publicDir` (made if missing), as files of the site. */
export function layOut(publicDir: string, basePath = '/'): LaidOut {
  const target = resolve(publicDir);
  mkdirSync(target, { recursive: true });
  const written: string[] = [];
  const copy = (from: string, to: string) => {
    mkdirSync(dirname(join(target, to)), { recursive: true });
    cpSync(from, join(target, to));
    written.push(to);
  };
  let worker: string;
  try {
    worker = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  } catch {
    throw new FlagError('msw is not installed beside @murmur/backend: npm install msw@^2');
  }
  copy(worker, 'mockServiceWorker.js');
  copy(join(packageDir, 'dist', 'worker', BACKEND_WORKER_FILE), BACKEND_WORKER_FILE);
  copy(join(packageDir, 'core', WASM_FILE), WASM_FILE);
  for (const folder of MEDIA_FOLDERS) {
    const from = join(packageDir, 'media', folder);
    if (!existsSync(from)) throw new FlagError(`this install of @murmur/backend lacks its demo media (${from})`);
    for (const file of filesUnder(from)) copy(join(from, file), join(folder, file));
  }
  return { written, wasmUrl: `${basePath}${WASM_FILE}`, backendWorker: `${basePath}${BACKEND_WORKER_FILE}` };
}

/** What `init` prints: what it wrote and where, and the `wasmUrl` line to use. */
export function laidOutMessage(publicDir: string, { written, wasmUrl, backendWorker }: LaidOut): string {
  const where = publicDir.replace(/\/+$/, '') || '.';
  const media = written.filter((file) => MEDIA_FOLDERS.some((folder) => file.startsWith(`${folder}/`))).length;
  return [
    `murmur-backend: wrote ${written.length} files into ${where}/: mockServiceWorker.js (msw's worker), ${BACKEND_WORKER_FILE} (the backend's worker), ${WASM_FILE} (the core), ${media} demo media files (${MEDIA_FOLDERS.map((f) => `${f}/`).join(', ')})`,
    `With Vite or webpack 5 nothing more is needed. With another bundler (esbuild, Create React App, Parcel, Rollup), pass the core's address (the backend's worker is found at ${backendWorker}):`,
    `  startMurmurBackend({ persist: 'indexeddb', wasmUrl: '${wasmUrl}' })`,
    '',
  ].join('\n');
}

export const INIT_HELP = `Usage: murmur-backend init <public-dir> [--base PATH]

Writes what a site must serve for @murmur/backend into the folder it serves
as is (public/, say): msw's service worker (mockServiceWorker.js), the
backend's worker (${BACKEND_WORKER_FILE}), the core's WebAssembly module
(${WASM_FILE}) and the demo media the default seed points at (seed/,
avatars/). Prints the wasmUrl and backendWorker to pass to startMurmurBackend
when your bundler does not resolve the package's .wasm and worker by itself.
  --base PATH   where the site lives (default /): the printed addresses are under it
                  murmur-backend init public --base /murmur/
`;

/** `init`'s arguments: the folder, and `--base`. */
export function parseInitArgs(args: string[]): { dir: string; basePath: string } | { help: true } {
  if (args.includes('--help') || args.includes('-h')) return { help: true };
  const rest = [...args];
  let basePath = '/';
  const at = rest.indexOf('--base');
  if (at >= 0) {
    const value = rest[at + 1];
    if (!value || value.startsWith('--')) throw new FlagError('--base needs a path, as in --base /murmur/');
    basePath = `/${value.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
    rest.splice(at, 2);
  }
  const unknown = rest.find((arg) => arg.startsWith('-'));
  if (unknown) throw new FlagError(`init: unknown flag ${unknown} (murmur-backend init --help)`);
  if (rest.length !== 1)
    throw new FlagError('init needs the folder your site serves as is: murmur-backend init public');
  return { dir: rest[0]!, basePath };
}

/** The `init` command: lays out the folder and prints what it did. */
export function init(args: string[]): void {
  const parsed = parseInitArgs(args);
  if ('help' in parsed) {
    process.stdout.write(INIT_HELP);
    return;
  }
  process.stdout.write(laidOutMessage(parsed.dir, layOut(parsed.dir, parsed.basePath)));
}
