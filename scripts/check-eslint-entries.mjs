#!/usr/bin/env node
// Every file or folder the ESLint configuration names (an entry's `files`
// or `ignores`) is one of this repository: an entry left behind by a move
// or a deletion silently stops applying (a rule then binds nothing, an
// ignore hides nothing), and the reader is sent looking for a file that is
// not there. A pattern passes when it matches a tracked file, or names a
// folder git ignores (a build's output: `bench/out/**`); one with no folder
// of its own (`**/dist/**`) is not checked.
//   node scripts/check-eslint-entries.mjs
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { minimatch } from 'minimatch';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The part of a pattern before its first wildcard, up to its last `/` (a literal path stays whole). */
function staticPart(pattern) {
  const wild = pattern.search(/[*?{[]/);
  if (wild === -1) return pattern;
  return pattern.slice(0, pattern.lastIndexOf('/', wild) + 1);
}

/** The folders a pattern's part before `**` names, its `*` steps read from the disk (`packages/*\/core/`). */
export function foldersOf(pattern, root = ROOT) {
  const steps = pattern.split('**')[0].split('/').filter(Boolean);
  let paths = [''];
  for (const step of steps) {
    paths = paths.flatMap((path) => {
      if (!step.includes('*')) return [`${path}${step}/`];
      try {
        return readdirSync(join(root, path), { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && minimatch(entry.name, step))
          .map((entry) => `${path}${entry.name}/`);
      } catch {
        return [];
      }
    });
  }
  return paths;
}

/**
 * The entries of `configs` naming nothing of the repository, as
 * "files|ignores: pattern" lines. `tracked` lists the repository's files,
 * `ignoredByGit(path)` says whether git ignores a path.
 */
export function staleEntries(configs, tracked, ignoredByGit) {
  const stale = [];
  for (const config of configs) {
    for (const key of ['files', 'ignores']) {
      for (const entry of (config[key] ?? []).flat()) {
        if (typeof entry !== 'string') continue;
        const pattern = entry.replace(/^!/, '').replace(/^\.\//, '');
        const prefix = staticPart(pattern);
        if (prefix === '' || pattern.startsWith('**/')) continue;
        const matches = tracked.some(
          (file) => minimatch(file, pattern, { dot: true }) || file.startsWith(pattern.replace(/\/?$/, '/')),
        );
        const generated = pattern.includes('*') ? foldersOf(pattern).some(ignoredByGit) : ignoredByGit(prefix);
        if (!matches && !generated) stale.push(`${key}: ${entry}`);
      }
    }
  }
  return stale;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { default: configs } = await import(pathToFileURL(join(ROOT, 'eslint.config.mjs')).href);
  const tracked = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  const ignoredByGit = (path) => {
    try {
      execFileSync('git', ['check-ignore', '-q', '--no-index', path], { cwd: ROOT });
      return true;
    } catch {
      return false;
    }
  };
  const stale = staleEntries(configs, tracked, ignoredByGit);
  if (stale.length > 0) {
    console.error(stale.map((line) => `eslint.config.mjs names nothing of the repository: ${line}`).join('\n'));
    process.exit(1);
  }
  console.log('eslint.config.mjs: every file and folder it names is in the repository.');
}
