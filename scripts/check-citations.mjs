#!/usr/bin/env node
// The repository explains itself: a comment in source code cites a file of
// this repository (docs/...) or states its reason. This check fails when a
// source file cites something a reader of the repository cannot open (a
// product document kept elsewhere, a section sign, an issue of a tracker),
// when a cited docs/ file does not exist, or when a quoted section of one
// (docs/product.md, "Home") is not a heading of that file; when a comment
// cites a source file by its path (app/routes.tsx, persistence/locks.ts)
// that no file of the repository answers to, read from the citing file's
// folder or any folder above it (or its src/); and when a
// comment in the code (not a test's, not bench/'s) quotes a figure with a
// unit of time, size or ratio: a measured one goes stale in code (figures
// belong in bench/NOTES.md), and a limit is named by its constant.
//   node scripts/check-citations.mjs            check the tracked files
//   node scripts/check-citations.mjs FILE...    check these files only
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|js|mjs|cjs|rs|sh|css|py|toml|html)$/;

/** What a reader of the repository cannot follow. */
const OUTSIDE = [
  { pattern: /\bdecisions\.md\b/, why: 'cites the decisions file kept outside this repository: cite docs/ instead' },
  {
    pattern: /\bspec(\.md\b|\s*§)/,
    why: 'cites the spec kept outside this repository: cite docs/product.md or docs/rules.md',
  },
  {
    pattern: /(^|[\s(])§\s*\d/,
    why: 'cites a numbered section of a document kept outside this repository: cite docs/ instead',
  },
  {
    pattern: /\b[Ii]ssues? #?\d+/,
    why: 'cites an issue number: state the reason (history goes in git and bench/NOTES.md)',
  },
];
/**
 * A number with a unit of time, size or ratio (`12 ms`, `3.4 MB`, `10–25
 * ms`, `1.5×`, `2 s`), not part of a name or a code (`UTF-8`, `SHA-256`,
 * `%2B`, `404s`).
 */
export const FIGURE =
  /(?<![\w.\-^/%])\d+(?:[.,]\d+)*(?:\s?[–-]\s?\d+(?:[.,]\d+)*)?(?:\s?(?:ms|µs|kB|KB|MB|GB|bytes|B|%|×|x)|\ss)(?!\w)/;

/** Files whose comments may quote figures: measurements, tests (their inputs: a delay, a size), generated code, styles. */
const FIGURES_ALLOWED =
  /^bench\/|\.(test|spec)\.|_tests\.rs$|(^|\/)(tests|e2e|journey)\/|^packages\/murmur-backend\/contract-client\/openapi\.ts$|\.(css|sh|toml|html|py)$/;

/** The comment on a line of code, if any, without its `code spans` (a format's example). */
function commentOf(line) {
  return /(?:^|\s)(?:\/\/|\/\*|\*)(.*)$/.exec(line)?.[1]?.replace(/`[^`]*`/g, '');
}

/**
 * A file cited by its path in a comment: two parts at least, the last with
 * a source file's extension (`app/startup/router.tsx`); not part of an
 * address (`https://…/a.ts`), a package's name (`@murmur/backend/node`) or
 * a longer word.
 */
const PATH_CITATION =
  /(?<![\w.@/:-])((?:\.{1,2}\/)?(?:[\w-]+\/)+[\w.-]+\.(?:tsx?|mts|mjs|cjs|js|rs|sh|css|toml|py))(?![\w/])/g;

/** A comment's text, code spans kept out (an example, a build's output: `dist/…`, `src/backend/db/users.js`). */
const commentText = (line) =>
  /^\s*(?:\/\/|\/\*|\*|#)(.*)$|\s(?:\/\/|\/\*)(.*)$/
    .exec(line)
    ?.slice(1)
    .find((text) => text !== undefined)
    ?.replace(/`[^`]*`/g, '');

/** The folders a project of this repository has its root in (a package.json or Cargo.toml): a citation may be read from one. */
let projectRoots;
function projects() {
  projectRoots ??= execFileSync('git', ['ls-files', '*package.json', '*Cargo.toml'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((path) => posix.dirname(path));
  return projectRoots;
}

/**
 * Whether `cited` names a file of the repository as read from `file`: from
 * its folder or any above it, or the `src/` of one of those (a package's
 * sources, cited as `persistence/locks.ts`).
 */
export function resolvesFrom(file, cited, exists = (path) => existsSync(join(ROOT, path)), roots = projects()) {
  const bases = [];
  for (let dir = posix.dirname(file); ; dir = posix.dirname(dir)) {
    bases.push(dir);
    if (dir === '.' || dir === '/' || dir === '') break;
  }
  bases.push(...roots);
  // An ES module imports `./a.js` of `a.ts`.
  const names = /\.[mc]?js$/.test(cited) ? [cited, cited.replace(/\.([mc]?)js$/, '.$1ts')] : [cited];
  return bases
    .flatMap((base) => [base, posix.join(base, 'src')])
    .some((base) =>
      names.some((name) => {
        const path = posix.normalize(posix.join(base, name));
        return !path.startsWith('..') && exists(path);
      }),
    );
}

/** `docs/name.md` optionally followed by `, "Section"`. */
const DOC_CITATION = /docs\/([\w-]+\.md)(?:,\s*["“]([^"”]+)["”])?/g;

export function findProblems(
  files,
  read = (file) => readFileSync(join(ROOT, file), 'utf8'),
  exists = (path) => existsSync(join(ROOT, path)),
  roots = undefined,
) {
  const problems = [];
  const headings = new Map();
  const headingsOf = (doc) => {
    if (!headings.has(doc)) {
      const path = join(ROOT, 'docs', doc);
      headings.set(
        doc,
        existsSync(path)
          ? new Set(
              readFileSync(path, 'utf8')
                .split('\n')
                .filter((line) => line.startsWith('#'))
                .map((line) => line.replace(/^#+\s*/, '').trim()),
            )
          : null,
      );
    }
    return headings.get(doc);
  };
  for (const file of files) {
    const figuresAllowed = FIGURES_ALLOWED.test(file);
    read(file)
      .split('\n')
      .forEach((line, index) => {
        const where = `${file}:${index + 1}`;
        const outside = OUTSIDE.find(({ pattern }) => pattern.test(line));
        if (outside) problems.push(`${where}: ${outside.why}`);
        for (const [, doc, section] of line.matchAll(DOC_CITATION)) {
          const found = headingsOf(doc);
          if (!found) problems.push(`${where}: cites docs/${doc}, which does not exist`);
          else if (section && !found.has(section))
            problems.push(`${where}: cites docs/${doc}, "${section}", which is not a heading of that file`);
        }
        for (const [, cited] of commentText(line)?.matchAll(PATH_CITATION) ?? []) {
          if (/^(docs|dist|public)\//.test(cited) || cited.includes('node_modules/')) continue;
          if (!resolvesFrom(file, cited, exists, roots ?? projects()))
            problems.push(
              `${where}: cites ${cited}, which is no file of this repository (from ${posix.dirname(file)}/)`,
            );
        }
        const comment = figuresAllowed ? undefined : commentOf(line);
        if (comment !== undefined && FIGURE.test(comment))
          problems.push(`${where}: quotes a figure: put measured ones in bench/NOTES.md, name a limit by its constant`);
      });
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const named = process.argv.slice(2);
  const files = (
    named.length > 0 ? named : execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n')
  ).filter((file) => SOURCE.test(file) && file !== 'scripts/check-citations.mjs');
  const problems = findProblems(files);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`\n${problems.length} comment(s) a reader of this repository cannot follow or trust.`);
    process.exit(1);
  }
  console.log(`${files.length} source files: every citation points into the repository, no comment quotes a figure.`);
}
