// @vitest-environment node
// The package README's Node example, and docs/backend-node.md's, run as
// written against the built package and print what their comment says.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { fencedBlock, runNodeExample } from './testing.js';

const read = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');

it("runs the package README's Node example", async () => {
  const readme = read('../../README.md');
  expect(await runNodeExample(fencedBlock(readme, '**In Node tests**', 'ts'))).toBe('500\n');
}, 90_000);

it("runs docs/backend-node.md's example", async () => {
  const page = read('../../../../docs/backend-node.md');
  expect(await runNodeExample(fencedBlock(page, '## In Node tests', 'ts'))).toBe('500\n');
}, 90_000);
