#!/usr/bin/env node
// The repository explains itself: a comment in source code cites a file of
// this repository (docs/...) or states its reason. This check fails when a
// source file cites something a reader of the repository cannot open (a
// product document kept elsewhere, a section sign, an issue of a tracker),
// when a cited docs/ file does not exist, or when a quoted section of one
// (docs/product.md, "Home") is not a heading of that file.
//   node scripts/check-citations.mjs            check the tracked files
//   node scripts/check-citations.mjs FILE...    check these files only
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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
/** `docs/name.md` optionally followed by `, "Section"`. */
const DOC_CITATION = /docs\/([\w-]+\.md)(?:,\s*["“]([^"”]+)["”])?/g;

export function findProblems(files, read = (file) => readFileSync(join(ROOT, file), 'utf8')) {
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
    console.error(`\n${problems.length} citation(s) a reader of this repository cannot follow.`);
    process.exit(1);
  }
  console.log(`${files.length} source files: every citation points into the repository.`);
}
