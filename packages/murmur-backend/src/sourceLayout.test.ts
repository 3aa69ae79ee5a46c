// @vitest-environment node
// The package's sources explain themselves: a file a comment names exists
// (relative to the commenting file, the package, its src/, or the
// repository), and no two modules share a vague name.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(src, '..');
const repo = resolve(pkg, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}

const self = fileURLToPath(import.meta.url);
const files = [...sources(src), ...sources(join(pkg, 'scripts'))].filter((file) => file !== self);

/** `name.ts` / `dir/name.rs` / `docs/<page>.md` in a comment line (`//`, `/*`, ` *`). */
function namedFiles(text: string): { line: number; name: string }[] {
  const found: { line: number; name: string }[] = [];
  text.split('\n').forEach((line, index) => {
    const comment = /(?:^|\s)(?:\/\/|\/\*|\*)(.*)$/.exec(line)?.[1];
    if (!comment) return;
    for (const match of comment.matchAll(/(?<![\w@])((?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.(?:ts|tsx|mjs|rs|md))\b/g)) {
      found.push({ line: index + 1, name: match[1]! });
    }
  });
  return found;
}

describe('the package sources', () => {
  it('name in comments only files that exist', () => {
    const missing = files.flatMap((file) =>
      namedFiles(readFileSync(file, 'utf8'))
        .filter(({ name }) => {
          const candidates = [dirname(file), pkg, src, repo, join(repo, 'mock-core')].map((dir) => resolve(dir, name));
          return !candidates.some((candidate) => existsSync(candidate));
        })
        .map(({ line, name }) => `${file.slice(repo.length + 1)}:${line} names ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('have no module called handlers, shared or index outside an entry point', () => {
    const vague = files
      .map((file) => file.slice(src.length + 1))
      .filter((file) => /^(handlers|shared)\.ts$/.test(basename(file)))
      .concat(
        files
          .map((f) => f.slice(src.length + 1))
          .filter((f) => f.endsWith('index.ts') && !/^(browser|node|http)\//.test(f)),
      );
    expect(vague).toEqual([]);
  });

  it('writes whenIdle once, for the package and the app (web/src imports it)', () => {
    const app = sources(join(repo, 'web/src'));
    const definitions = [...files, ...app].filter((file) => /function whenIdle\b/.test(readFileSync(file, 'utf8')));
    expect(definitions.map((file) => file.slice(repo.length + 1))).toEqual([
      'packages/murmur-backend/src/browser/whenIdle.ts',
    ]);
  });
});
