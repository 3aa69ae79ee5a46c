// @vitest-environment node
// The package's sources explain themselves: a file a comment names exists
// (relative to the commenting file, the package, its src/, or the
// repository), no two modules share a vague name, a small helper is written
// once, a comment quotes no measured figure (bench/NOTES.md holds those),
// and the persistence knows nothing of the API's routes.
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
          .filter((f) => f.endsWith('index.ts') && !/^(browser|node|http|playwright)\//.test(f)),
      );
    expect(vague).toEqual([]);
  });

  it('keeps its scheduling helpers to itself: the app schedules its own work', () => {
    const exported = ['protocol.ts', 'index.ts', 'browser/index.ts', 'node/index.ts']
      .map((entry) => join(src, entry))
      .filter((entry) => existsSync(entry))
      .filter((entry) =>
        /\b(whenIdle|yieldToPage)\b/.test(
          codeOf(readFileSync(entry, 'utf8'))
            .match(/export[^;]*;/g)
            ?.join('\n') ?? '',
        ),
      );
    expect(exported.map((file) => file.slice(repo.length + 1))).toEqual([]);
    const app = sources(join(repo, 'web/src'));
    const importing = app.filter((file) =>
      /import[^;]*\b(whenIdle|yieldToPage)\b[^;]*from '@murmur\/backend/.test(readFileSync(file, 'utf8')),
    );
    expect(importing).toEqual([]);
  });
});

/** The relative modules `file` imports (statically, dynamically, or re-exports), as source paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
}

/** `file` and every module of the package it reaches through its imports. */
function reachedFrom(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !existsSync(file)) return seen;
  seen.add(file);
  for (const imported of importsOf(file)) reachedFrom(imported, seen);
  return seen;
}

/** The code of a file, comments left out. */
const codeOf = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('the persistence', () => {
  const persistence = files.filter(
    (file) => file.startsWith(join(src, 'persistence')) && !/(\.test|\/testing)\.ts$/.test(file),
  );

  it('imports nothing that names an API route: the core says what a request changed', () => {
    expect(persistence.length).toBeGreaterThan(5);
    const routes = /\/api\b|\bapi\/|__murmur|\bmedia\//;
    const naming = persistence.flatMap((file) =>
      [...reachedFrom(file)]
        .filter((reached) => routes.test(codeOf(readFileSync(reached, 'utf8'))))
        .map((reached) => `${file.slice(src.length + 1)} reaches ${reached.slice(src.length + 1)}`),
    );
    expect(naming).toEqual([]);
  });

  it('finds a route named in a module it imports (the check above can fail)', () => {
    expect(/\/api\b/.test(codeOf(readFileSync(join(src, 'core/apiRoute.ts'), 'utf8')))).toBe(true);
    expect(reachedFrom(join(src, 'core/routes.ts')).has(join(src, 'core/apiRoute.ts'))).toBe(true);
  });
});

describe('small helpers', () => {
  it.each(['headOf', 'isRecord'])('writes %s once in the package', (name) => {
    const definition = new RegExp(`(?:function ${name}\\b|(?:const|let) ${name}\\s*=)`);
    const written = files.filter((file) => definition.test(readFileSync(file, 'utf8')));
    expect(written).toHaveLength(1);
  });
});
