// node --test scripts/: the import-circle check finds a circle planted
// between two files and between two folders, and passes a chain.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { circleName, circlesOf, findCircles } from './check-circles.mjs';

/** A project in a fresh folder: `files` by path under src/, and a tsconfig. */
function project(files) {
  const root = mkdtempSync(join(tmpdir(), 'circles-'));
  writeFileSync(
    join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true } }),
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, 'src', path, '..'), { recursive: true });
    writeFileSync(join(root, 'src', path), text);
  }
  return root;
}

test('a circle between two files is found, type-only imports too; a chain is not', async () => {
  const root = project({
    'core/a.ts': "import type { B } from './b.js';\nexport type A = { b?: B };\n",
    'core/b.ts': "import type { A } from './a.js';\nexport type B = { a?: A };\n",
    'core/c.ts': "import type { A } from './a.js';\nexport const c: A = {};\n",
  });
  try {
    assert.deepEqual(await findCircles('src', 'tsconfig.json', root), ['src/core/a.ts → src/core/b.ts']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a circle between two folders is found though no file circles', async () => {
  const root = project({
    'core/seed.ts': "import { generate } from '../generate/run.js';\nexport const seed = () => generate();\n",
    'generate/run.ts': "import { shape } from '../core/shape.js';\nexport const generate = () => shape;\n",
    'core/shape.ts': 'export const shape = {};\n',
  });
  try {
    assert.deepEqual(await findCircles('src', 'tsconfig.json', root), ['folders: src/core ⇄ src/generate']);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('circles are named the same wherever they are entered, and a graph without one has none', () => {
  assert.equal(circleName(['b.ts', 'c.ts', 'a.ts']), 'a.ts → b.ts → c.ts');
  const graph = new Map([
    ['a', new Set(['b'])],
    ['b', new Set(['c'])],
    ['c', new Set()],
  ]);
  assert.deepEqual(circlesOf(graph), []);
  graph.get('c').add('a');
  assert.deepEqual(circlesOf(graph), [['a', 'b', 'c']]);
});
