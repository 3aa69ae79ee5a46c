// node --test scripts/: the one ESLint configuration keeps each part's
// boundaries. Each case lints a line as if it were in that file.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: ROOT });

async function messages(file, code) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

test('web/ never imports the bench', async () => {
  const found = await messages(
    'web/src/lib/example.ts',
    "import { x } from '../../../bench/lib.mjs';\nexport { x };\n",
  );
  assert.match(found.join('\n'), /do not import the bench/);
});

test("web/ never imports the package's private source, only its exports", async () => {
  const found = await messages(
    'web/e2e/example.spec.ts',
    "import { x } from '../../packages/murmur-backend/src/persistence/store.js';\nexport { x };\n",
  );
  assert.match(found.join('\n'), /public exports/);
  assert.deepEqual(
    await messages('web/e2e/example.spec.ts', "export { STORAGE_CLEARED } from '@murmur/backend/protocol';\n"),
    [],
  );
});

test('the bench never imports the web app', async () => {
  const found = await messages('bench/example.mjs', "import { x } from '../web/e2e/chromium.mjs';\nexport { x };\n");
  assert.match(found.join('\n'), /does not import the web app/);
});

test("the package's browser code never imports Node's modules", async () => {
  const found = await messages(
    'packages/murmur-backend/src/example.ts',
    "import { readFileSync } from 'node:fs';\nexport { readFileSync };\n",
  );
  assert.match(found.join('\n'), /never imports Node's modules/);
});

test('the devtools panel and the generator are reached only lazily', async () => {
  const file = 'packages/murmur-backend/src/example.ts';
  assert.match(
    (await messages(file, "export { mountDevtools } from './devtools/devtoolsPanel.js';\n")).join('\n'),
    /load lazily/,
  );
  assert.match((await messages(file, "export { generateSeed } from './generateSeed.js';\n")).join('\n'), /load lazily/);
  assert.deepEqual(await messages(file, "export const load = () => import('./generateSeed.js');\n"), []);
});

test('features do not import each other', async () => {
  const found = await messages(
    'web/src/features/posts/Example.tsx',
    "import { FollowButton } from '../users/FollowButton';\nexport { FollowButton };\n",
  );
  assert.match(found.join('\n'), /Features do not import each other/);
});

test("the examples follow React's rules and reach the package only through its exports", async () => {
  const file = 'examples/webpack/src/Example.tsx';
  const hooks = await messages(
    file,
    "import { useState } from 'react';\nexport function A({ on }: { on: boolean }) {\n  if (!on) return null;\n  const [n] = useState(0);\n  return <p>{n}</p>;\n}\n",
  );
  assert.match(hooks.join('\n'), /react-hooks\/rules-of-hooks/);
  const html = await messages(
    file,
    'export const A = ({ h }: { h: string }) => <p dangerouslySetInnerHTML={{ __html: h }} />;\n',
  );
  assert.match(html.join('\n'), /Never render user text as HTML/);
  const privateFile = await messages(
    file,
    "export { startBackend } from '../../../packages/murmur-backend/src/startBackend.js';\n",
  );
  assert.match(privateFile.join('\n'), /public exports/);
  assert.deepEqual(await messages(file, "export { startMurmurBackend } from '@murmur/backend';\n"), []);
});

test('only features/last-visit knows what it stores: the rest of the app imports its index', async () => {
  const internals = await messages(
    'web/src/app/example.ts',
    "import { KEPT_VISIT_KEY } from '../features/last-visit/keptVisit';\nexport { KEPT_VISIT_KEY };\n",
  );
  assert.match(internals.join('\n'), /Only features\/last-visit itself knows what it stores/);
  const fromTest = await messages(
    'web/src/app/example.test.ts',
    "import { readKeptVisit } from '../features/last-visit/keptVisit';\nexport { readKeptVisit };\n",
  );
  assert.match(fromTest.join('\n'), /Only features\/last-visit itself knows what it stores/);
  assert.deepEqual(
    await messages(
      'web/src/app/example.ts',
      "import { restoreLastVisit } from '../features/last-visit';\nexport { restoreLastVisit };\n",
    ),
    [],
  );
  assert.deepEqual(
    await messages(
      'web/src/features/last-visit/example.ts',
      "import { readKeptVisit } from './keptVisit';\nexport { readKeptVisit };\n",
    ),
    [],
  );
});

test('only the start-up starts the backend package', async () => {
  const found = await messages('web/src/app/example.ts', "export { startMurmurBackend } from '@murmur/backend';\n");
  assert.match(found.join('\n'), /through lib\/backendGate/);
  assert.deepEqual(
    await messages('web/src/app/startup/example.ts', "export type { MurmurBackend } from '@murmur/backend';\n"),
    [],
  );
});

test('the shipped app holds no hook for tests; a test file may', async () => {
  const hook = 'export function restoreAgainForTests(): void {}\nexport const resetForTest = () => undefined;\n';
  const found = await messages('web/src/features/last-visit/lastVisit.ts', hook);
  assert.equal(found.filter((m) => /No test hook in the shipped app/.test(m)).length, 2, found.join('\n'));
  assert.deepEqual(await messages('web/src/lib/example.ts', 'export function restoreAgain(): void {}\n'), []);
  assert.deepEqual(await messages('web/src/lib/example.test.ts', hook), []);
});
