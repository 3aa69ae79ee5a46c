// node --test scripts/: the ESLint configuration names only files and
// folders of the repository; an entry left behind by a move fails.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { staleEntries } from './check-eslint-entries.mjs';

const tracked = ['web/src/main.tsx', 'web/src/api/types/index.ts', 'packages/murmur-backend/src/node/index.ts'];
const notIgnored = () => false;

test('an entry naming a file that is gone fails, in files and in ignores', () => {
  const configs = [
    { ignores: ['packages/murmur-backend/src/node.ts'] },
    { files: ['web/src/gone/**/*.ts'], ignores: ['!web/src/old.ts'] },
  ];
  assert.deepEqual(staleEntries(configs, tracked, notIgnored), [
    'ignores: packages/murmur-backend/src/node.ts',
    'files: web/src/gone/**/*.ts',
    'ignores: !web/src/old.ts',
  ]);
});

test('entries naming files and folders of the repository, or a build output git ignores, pass', () => {
  const configs = [
    { ignores: ['web/src/api/types/**', 'packages/murmur-backend/src/node/**', '**/dist/**', 'bench/out/**'] },
    { files: ['web/src/**/*.{ts,tsx}', './web/src/main.tsx'] },
  ];
  assert.deepEqual(
    staleEntries(configs, tracked, (path) => path === 'bench/out/'),
    [],
  );
});

test("the repository's own configuration names nothing that is gone", async () => {
  const { execFileSync } = await import('node:child_process');
  const { default: configs } = await import('../eslint.config.mjs');
  const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const ignored = (path) => {
    try {
      execFileSync('git', ['check-ignore', '-q', '--no-index', path]);
      return true;
    } catch {
      return false;
    }
  };
  assert.deepEqual(staleEntries(configs, files, ignored), []);
});
