#!/usr/bin/env node
// No import circles: a module that imports another which imports it back
// (directly or through others) cannot be read, tested or moved alone, and
// its initialisation order depends on who imports first. This check follows
// every import, type-only ones too (a circle of types is a circle of
// design), of the backend package's sources and of the web app's, with
// dependency-cruiser (it resolves TypeScript's `./a.js` of `a.ts` as tsc
// does), and fails on any circle not listed in KNOWN below.
//   node scripts/check-circles.mjs             check both
//   node scripts/check-circles.mjs DIR...      check these folders only
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The sources checked, each with the tsconfig that resolves its imports. */
export const PROJECTS = [
  { dir: 'packages/murmur-backend/src', tsConfig: 'packages/murmur-backend/tsconfig.json' },
  { dir: 'web/src', tsConfig: 'web/tsconfig.json' },
];

/**
 * Circles known and not ended yet, with the plan that ends each: a circle of
 * files by its files from the alphabetically first (circleName), and a
 * folder's import of another that closes a circle of folders as
 * `folder edge: a → b` (left out of the folder graph). A circle found that
 * is not here fails the check; an entry that no longer is one fails it too
 * (take it off the list).
 */
export const KNOWN = new Map([
  [
    'packages/murmur-backend/src/http/seedFile.ts → packages/murmur-backend/src/http/seedModule.ts',
    'seedModule.ts reads a module seed with the file reader of seedFile.ts, which hands modules back to it: the reading of a file moves to one module and the module loader calls it (with the seed typed from the Rust structs, not cast).',
  ],
  [
    'folder edge: packages/murmur-backend/src/core → packages/murmur-backend/src/persistence',
    "core/ names the persistent class (composeBackend.ts, routes.ts, mediaRoutes.ts, seededCore.ts: types) and the backup's limits and messages (mediaRoutes.ts): a backend interface in core/ that persistence implements, with the media record, the backup summary and the backup's limits moving to core/, so that core/ knows no persistence.",
  ],
  [
    'folder edge: packages/murmur-backend/src/http → packages/murmur-backend/src/node',
    'http/server.ts and http/sandboxes.ts take the Node core and its event source from node/, whose index starts the HTTP server: the Node core moves below both (a folder of its own for Node-only code), node/ keeping the entry.',
  ],
  [
    'folder edge: packages/murmur-backend/src/devtools → packages/murmur-backend/src/browser',
    "devtools/context.ts and controls.ts type their transport with browser/inPageTransport.ts, while browser/ loads the panel: the transport's type moves to protocol.ts (the page and the worker's shared words), which the Web Worker move under way reshapes.",
  ],
  [
    'folder edge: packages/murmur-backend/src/protocol.ts → packages/murmur-backend/src/browser',
    "protocol.ts re-exports browser/workerProtocol.ts's words while browser/ imports protocol.ts: with the Web Worker move under way the worker's protocol becomes part of protocol.ts itself.",
  ],
  [
    'folder edge: packages/murmur-backend/src/persistence → packages/murmur-backend/src/node',
    "persistence/testing.ts (the package's /testing entry) starts a Node server from node/: /testing is to hold what a test of an app needs, and the bench's persistence internals leave it for the bench's own public exports.",
  ],
]);

/** A circle's name: its files, from the alphabetically first, joined by " → ". */
export function circleName(files) {
  const start = files.indexOf([...files].sort()[0]);
  return [...files.slice(start), ...files.slice(0, start)].join(' → ');
}

/** The strongly connected parts of a graph (Tarjan's), those of more than one node: each holds a circle. */
export function circlesOf(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const part = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1) found.push(part.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/**
 * The import circles among the files under `dir`, each named by circleName,
 * and among its folders (a folder imports another when one of its files
 * imports one of the other's), each named `folders: a ⇄ b ⇄ c`.
 */
export async function findCircles(dir, tsConfig, root = ROOT, knownEdges = new Set()) {
  const result = await cruise(
    [dir],
    {
      baseDir: root,
      tsPreCompilationDeps: true,
      tsConfig: { fileName: join(root, tsConfig) },
      doNotFollow: { path: 'node_modules' },
      // A test imports what it tests and the helpers of tests: the shipped code is what must not circle.
      exclude: { path: '(^|/)(node_modules|dist)/|\\.test\\.tsx?$|^web/src/testing/' },
      validate: true,
      ruleSet: { forbidden: [{ name: 'no-circular', severity: 'error', from: {}, to: { circular: true } }] },
    },
    undefined,
    { tsConfig: { fileName: join(root, tsConfig) } },
  );
  const circles = new Set();
  for (const violation of result.output.summary.violations) {
    if (violation.rule.name !== 'no-circular') continue;
    const files = [violation.from, ...violation.cycle.map((step) => (typeof step === 'string' ? step : step.name))];
    // dependency-cruiser ends the cycle where it started.
    if (files.at(-1) === files[0]) files.pop();
    circles.add(circleName(files.map((file) => relative(root, join(root, file)))));
  }
  // A file at the top (an entry, the protocol) stands for itself.
  const folderOf = (file) => (dirname(file) === dir ? file : dirname(file));
  const folders = new Map();
  for (const module of result.output.modules) {
    if (!module.source.startsWith(dir)) continue;
    const from = folderOf(module.source);
    if (!folders.has(from)) folders.set(from, new Set());
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (!dependency.resolved.startsWith(dir) || to === from) continue;
      const edge = `folder edge: ${from} → ${to}`;
      if (knownEdges.has(edge)) circles.add(edge);
      else folders.get(from).add(to);
    }
  }
  for (const part of circlesOf(folders)) circles.add(`folders: ${part.join(' ⇄ ')}`);
  return [...circles].sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const named = process.argv.slice(2);
  const projects = named.length ? PROJECTS.filter((p) => named.includes(p.dir)) : PROJECTS;
  const found = [];
  const knownEdges = new Set([...KNOWN.keys()].filter((name) => name.startsWith('folder edge: ')));
  for (const { dir, tsConfig } of projects) found.push(...(await findCircles(dir, tsConfig, ROOT, knownEdges)));
  const inProjects = (name) => projects.some((p) => name.replace(/^(folders|folder edge): /, '').startsWith(p.dir));
  const fresh = found.filter((name) => !KNOWN.has(name));
  const gone = [...KNOWN.keys()].filter((name) => inProjects(name) && !found.includes(name));
  for (const name of fresh) console.error(`import circle: ${name}`);
  for (const name of gone) console.error(`no longer a circle, take it off KNOWN in scripts/check-circles.mjs: ${name}`);
  if (fresh.length || gone.length) process.exit(1);
  console.log(`${projects.map((p) => p.dir).join(', ')}: no import circle beyond the ${KNOWN.size} known (KNOWN).`);
}
