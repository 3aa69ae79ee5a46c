// node --test scripts/: the citation check refuses what a reader of the
// repository cannot follow, and accepts what they can.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { findProblems } from './check-citations.mjs';

const check = (text) => findProblems(['example.ts'], () => text);
const outsideDoc = ['decisions', 'md'].join('.');

test('a comment citing a file kept outside the repository is refused', () => {
  assert.match(check(`// Toasts last 1500 ms (${outsideDoc}).`)[0], /example\.ts:1: cites the decisions file/);
});

test('a comment citing the spec by section or an issue number is refused', () => {
  assert.equal(check('// The route table of spec \u00a7 2.').length, 1);
  assert.equal(check('/// The catalogue messages (\u00a78) are reproduced verbatim.').length, 1);
  assert.equal(check(['// Fixed in issue', '14.'].join(' ')).length, 1);
  assert.equal(check(['/* see Issues', '#7 */'].join(' ')).length, 1);
});

test('a cited docs/ file must exist, and a quoted section must be one of its headings', () => {
  assert.deepEqual(check('// docs/product.md, "Home": five posts a page.'), []);
  assert.deepEqual(check('// See docs/rules.md.'), []);
  assert.match(check(['// docs', 'nowhere.md says so'].join('/'))[0], /docs\/nowhere\.md, which does not exist/);
  assert.match(check('// docs/product.md, ' + '"Not a section"')[0], /is not a heading of that file/);
});

test('a comment that states its reason passes', () => {
  assert.deepEqual(check('// Seconds are counted: a slow machine may already say "1 second ago".'), []);
});

test('a comment in the code quoting a figure is refused; a test, bench/ and a code span may quote one', () => {
  for (const comment of [
    '// about 1.5 ms',
    '/* 3.4 MB more */',
    ' * (10-25 ms on a desktop)',
    '// 1.52× json-server',
    '/// 290 kB of it',
    '// after 2 s',
  ])
    assert.match(check(comment)[0] ?? '', /quotes a figure/, comment);
  for (const comment of [
    '// UTF-8 bytes',
    '// SHA-256',
    '// at 10,000 posts',
    '// u-01 and m-01',
    '// version 2',
    '// so `%2B` is a plus',
    '// other 404s say',
    '// sizes like `1.2 MB`',
  ])
    assert.deepEqual(check(comment), [], comment);
  const figure = '// the core answers in 3 ms';
  assert.equal(findProblems(['src/a.ts'], () => figure).length, 1);
  for (const file of [
    'bench/a.mjs',
    'src/a.test.ts',
    'web/e2e/a.spec.ts',
    'mock-core/src/a_tests.rs',
    'mock-core/tests/a.rs',
  ])
    assert.deepEqual(
      findProblems([file], () => figure),
      [],
      file,
    );
});

test('a comment citing a source file by its path must name a file of the repository', () => {
  const files = new Set(['web/src/app/startup/render.tsx', 'packages/murmur-backend/src/persistence/locks.ts']);
  const exists = (path) => files.has(path);
  const roots = ['web', 'packages/murmur-backend'];
  const at = (file, comment) => findProblems([file], () => comment, exists, roots);
  // Read from the citing file's folder or one above it, or a project's src/ (a package's own layout).
  assert.deepEqual(at('web/src/app/routes.tsx', '// the router (app/startup/render.tsx)'), []);
  assert.deepEqual(at('web/e2e/return.spec.ts', '/** (packages/murmur-backend, persistence/locks.ts) */'), []);
  assert.deepEqual(at('web/src/app/routes.tsx', '// imports `./startup/render.js` of the .ts'), []);
  // A file that is gone, as routes.tsx once cited.
  assert.match(
    at('web/src/app/routes.tsx', '// the router (app/startup/router.tsx)')[0] ?? '',
    /routes\.tsx:1: cites app\/startup\/router\.tsx, which is no file of this repository/,
  );
  assert.equal(at('web/src/a.ts', ' * see lib/nowhere.ts').length, 1);
  // Not citations: code, a code span (an example, a build's output), a package's name, an address.
  for (const line of [
    "import { x } from './gone/nowhere.ts';",
    '// a MirageJS app keeps `src/backend/db/users.js`',
    "// @murmur/backend/node's entry",
    '// https://example.org/a/b.ts',
    '// served from dist/bin/cli.js',
  ])
    assert.deepEqual(at('web/src/a.ts', line), [], line);
});
