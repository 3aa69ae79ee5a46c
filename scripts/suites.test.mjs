// node --test scripts/: npm test's suite runner (scripts/suites.sh) runs
// every suite whatever the ones before it did, and its summary says which
// failed, shows the end of their output and fails the run.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SCRIPTS = dirname(fileURLToPath(import.meta.url));

/** Runs `lines` after sourcing lib.sh and suites.sh, as scripts/test.sh does. */
function runSuites(lines) {
  const logs = mkdtempSync(join(tmpdir(), 'murmur-suites-'));
  try {
    const script = [`source "${SCRIPTS}/lib.sh"`, `LOGS="${logs}"`, `source "${SCRIPTS}/suites.sh"`, ...lines].join(
      '\n',
    );
    const out = spawnSync('bash', ['-c', script], { encoding: 'utf8', timeout: 30_000 });
    return { status: out.status, stdout: out.stdout };
  } finally {
    rmSync(logs, { recursive: true, force: true });
  }
}

test('a failing suite does not stop the ones after it; the summary names each and the run fails', () => {
  const { status, stdout } = runSuites([
    'run "first fails" bash -c "echo the first suite says why; exit 3"',
    'run "second passes" true',
    'run "third fails" false',
    'run "fourth passes" echo done',
    'summary',
  ]);
  assert.notEqual(status, 0);
  assert.match(stdout, /FAIL {2}first fails \(\d+s\)/);
  assert.match(stdout, /PASS {2}second passes/);
  assert.match(stdout, /FAIL {2}third fails/);
  assert.match(stdout, /PASS {2}fourth passes/);
  assert.match(stdout, /-- the end of 00-first-fails.*\n {2}the first suite says why/);
  assert.match(stdout, /suites: 2 passed, 2 failed\n?$/);
});

test('a run whose suites all pass exits 0', () => {
  const { status, stdout } = runSuites(['run "one" true', 'run "two" echo fine', 'summary']);
  assert.equal(status, 0);
  assert.match(stdout, /suites: 2 passed, 0 failed/);
  assert.doesNotMatch(stdout, /FAIL|the end of/);
});
