// @vitest-environment node
// `murmur-backend init <dir>` lays out, in an empty folder, what a site must
// serve for the package: msw's worker, the core's .wasm (the package's own
// bytes), and every demo media file the default seed points at; it prints
// the wasmUrl to pass. A wrong call says what to change.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeCore } from '../node/index.js';
import { CLI, requireBuiltCli } from './testing.js';
import { layOut, parseInitArgs } from './initCommand.js';

const work = mkdtempSync(join(tmpdir(), 'murmur-init-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const pkg = resolve(import.meta.dirname, '../..');

/** Every avatar and media path the default seed's users and posts hold. */
function defaultSeedMedia(): string[] {
  const core = createNodeCore();
  const read = (url: string) => JSON.parse(new TextDecoder().decode(core.handle('GET', url, undefined, '').takeBody()));
  const users = (read('/api/users') as { users: { avatarURL: string }[] }).users.map((u) => u.avatarURL);
  const posts = (read('/api/posts') as { posts: { mediaURL: string }[] }).posts.map((p) => p.mediaURL);
  core.free();
  return [...users, ...posts].filter(Boolean);
}

describe('murmur-backend init', () => {
  it('writes the worker, the core and the default seed media into an empty folder', () => {
    const dir = join(work, 'public');
    const { written, wasmUrl, backendWorker } = layOut(dir);
    expect(wasmUrl).toBe('/mock_core_bg.wasm');
    expect(backendWorker).toBe('/murmur-backend-worker.js');
    // The backend's worker, whole: no import a static host could not serve.
    const script = readFileSync(join(dir, 'murmur-backend-worker.js'), 'utf8');
    expect(script).toBe(readFileSync(join(pkg, 'dist/worker/murmur-backend-worker.js'), 'utf8'));
    expect(script).not.toMatch(/\bimport\s*\(|^import\s|\bfrom\s*["']/m);
    expect(readFileSync(join(dir, 'mock_core_bg.wasm'))).toEqual(readFileSync(join(pkg, 'core/mock_core_bg.wasm')));
    const worker = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
    expect(readFileSync(join(dir, 'mockServiceWorker.js'), 'utf8')).toBe(readFileSync(worker, 'utf8'));
    const media = defaultSeedMedia();
    expect(media.length).toBeGreaterThan(8);
    for (const path of media) expect(existsSync(join(dir, path)), path).toBe(true);
    expect(written).toContain('seed/waves.mp4');
  });

  it('prints what it wrote and the wasmUrl under --base, from the built command', () => {
    requireBuiltCli();
    const out = execFileSync(process.execPath, [CLI, 'init', join(work, 'site'), '--base', 'murmur'], {
      encoding: 'utf8',
    });
    expect(out).toContain("wasmUrl: '/murmur/mock_core_bg.wasm'");
    expect(out).toContain("the backend's worker is found at /murmur/murmur-backend-worker.js");
    expect(out).toMatch(/wrote \d+ files into .*site\/: mockServiceWorker\.js/);
    expect(existsSync(join(work, 'site/avatars/default.svg'))).toBe(true);
  });

  it('refuses a call without a folder, or with an unknown flag, saying what to change', () => {
    expect(() => parseInitArgs([])).toThrow('init needs the folder your site serves as is');
    expect(() => parseInitArgs(['public', '--force'])).toThrow('init: unknown flag --force');
    expect(() => parseInitArgs(['public', '--base'])).toThrow('--base needs a path');
    expect(parseInitArgs(['public', '--base', '/a/b/'])).toEqual({ dir: 'public', basePath: '/a/b/' });
    requireBuiltCli();
    const run = spawnSync(process.execPath, [CLI, 'init'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('murmur-backend: init needs the folder');
  });
});
