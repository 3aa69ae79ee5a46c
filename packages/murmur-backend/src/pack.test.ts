// @vitest-environment node
// The package as npm would publish it (scripts/check-pack.mjs): the tarball's
// files, and its entry points imported from an install of it. Uses the built
// dist/ and core/ (npm test builds them first), so `prepack` is skipped.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

it('packs into a tarball that installs and imports', () => {
  const script = fileURLToPath(new URL('../scripts/check-pack.mjs', import.meta.url));
  const out = execFileSync('node', [script, '--ignore-scripts'], { encoding: 'utf8' });
  expect(out).toMatch(
    /^check-pack: murmur-backend-\d+\.\d+\.\d+\.tgz \(\d+ files, \d+ kB packed\) installs, and its entry points import$/m,
  );
}, 120_000);
