// node --test scripts/: npm test's suite runner (scripts/suites.sh) runs
// every suite whatever the ones before it did, and its summary says which
// failed, shows the end of their output and fails the run; npm test and
// npm run test:quick take their suites from the one list there.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/** npm test's suites as `for_each_suite` lists them: scope, name and command. */
function listSuites() {
  const { status, stdout } = runSuites([
    'list() { printf \'%s\\t%s\\t%s\\n\' "$1" "$2" "${*:3}"; }',
    'for_each_suite list',
  ]);
  assert.equal(status, 0);
  return stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [scope, name, command] = line.split('\t');
      return { scope, name, command };
    });
}

test("npm run test:quick runs npm test's own quick suites, and nothing that needs a browser", () => {
  const suites = listSuites();
  assert.ok(suites.every(({ scope }) => scope === 'quick' || scope === 'full'));
  const quick = suites.filter(({ scope }) => scope === 'quick').map(({ name }) => name);
  for (const piece of ['cargo fmt', 'prettier', 'cargo clippy', 'cargo test', 'tsc --noEmit', 'eslint', 'vitest']) {
    assert.ok(
      quick.some((name) => name.startsWith(piece)),
      `the quick run has ${piece}: ${quick.join(', ')}`,
    );
  }
  const full = suites.filter(({ scope }) => scope === 'full');
  for (const { name, command } of suites.filter(({ scope }) => scope === 'quick')) {
    assert.doesNotMatch(`${name} ${command}`, /playwright|--chrome|journey|schemathesis|build\.sh/i, name);
  }
  assert.ok(full.some(({ name }) => /journey in WebKitGTK/.test(name)));
  // Both commands run the one list: neither names a suite of its own.
  for (const script of ['test.sh', 'test-quick.sh']) {
    const text = readFileSync(join(SCRIPTS, script), 'utf8');
    assert.match(text, /^for_each_suite \w+$/m, script);
    assert.doesNotMatch(text, /^\s*run "[^$]/m, script);
  }
});
