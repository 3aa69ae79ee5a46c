# The suites of `npm test` (scripts/test.sh) and `npm run test:quick`
# (scripts/test-quick.sh), and their runner. Source it after lib.sh, with LOGS
# set to an empty folder; then `run NAME COMMAND...` for each suite (or
# `for_each_suite` to run npm test's) and `summary` at the end.
#   A failing suite does not stop the ones after it: lib.sh's `set -e` does
#   not apply to a command tested by `if`, so the failure is recorded here.
#   Each suite's output is also kept in $LOGS (one file per suite), so that the
#   end of a failed suite's output can be shown again after the summary: what
#   failed is then on the last screen, the part a CI log shows.
#   `summary` names each result and returns non-zero if any suite failed.

results=()
failed=0
failed_logs=()

run() {
  local name="$1"
  shift
  step "$name"
  local start=$SECONDS
  local log
  log="$LOGS/$(printf '%02d' "${#results[@]}")-$(echo "$name" | tr -c 'A-Za-z0-9\n' '-' | cut -c1-40).log"
  # pipefail (lib.sh): the pipeline fails when the suite does, whatever tee says.
  if "$@" 2>&1 | tee "$log"; then
    results+=("PASS  $name ($((SECONDS - start))s)")
  else
    results+=("FAIL  $name ($((SECONDS - start))s)")
    failed=$((failed + 1))
    failed_logs+=("$log")
  fi
}

summary() {
  step "summary"
  local r log
  for r in "${results[@]}"; do echo "  $r"; done
  # The bench's budgets never fail the tests, but a crossed one is shown here too.
  if [ -s "$ROOT/bench/out/budgets-exceeded-smoke.txt" ]; then
    echo
    sed 's/^/  /' "$ROOT/bench/out/budgets-exceeded-smoke.txt"
  fi
  for log in "${failed_logs[@]}"; do
    echo
    echo "-- the end of $(basename "$log") (all of it: test-logs/):"
    # Playwright's summary names each failed test; other tools end with theirs.
    tail -n 40 "$log" | sed 's/^/  /'
  done
  echo
  echo "suites: $((${#results[@]} - failed)) passed, $failed failed"
  [ "$failed" -eq 0 ]
}

# npm test's suites, in order: calls `$1 SCOPE NAME COMMAND...` for each, from
# the repository's root. SCOPE is `quick` for the edit-test loop's (formatting,
# lint, types, cargo test, the builds the vitest suites test, and the vitest
# suites: no browser, no site build), `full` for those npm test alone runs.
# Both commands run these very lines, so their suites cannot drift apart.
for_each_suite() {
  local each="$1"
  "$each" quick "cargo fmt --check" cargo fmt --all --check
  "$each" quick "prettier --check (TypeScript, JavaScript, CSS, JSON, Markdown)" prettier --check --log-level warn .
  "$each" quick "repository checks: citations, ESLint's entries, import circles, lint boundaries (scripts/*.test.mjs)" \
    bash -c 'node --test scripts/ && node scripts/check-citations.mjs && node scripts/check-eslint-entries.mjs && node scripts/check-circles.mjs'
  "$each" quick "cargo clippy" cargo clippy --workspace --all-targets --quiet -- -D warnings
  "$each" quick "cargo test" cargo test --workspace --quiet
  "$each" full "wasm tests in headless Chromium" \
    bash -c 'cd mock-core && wasm-pack test --headless --chrome --mode no-install 2>&1 | grep -v "failed to get the latest"; exit "${PIPESTATUS[0]}"'
  "$each" quick "build the core (wasm, release)" bash scripts/build-core.sh
  "$each" quick "build the backend package" \
    bash -c 'cd packages/murmur-backend && tsc -p tsconfig.build.json && node scripts/bundle-cli.mjs'
  "$each" quick "tsc --noEmit" \
    bash -c 'cd web && tsc --noEmit -p tsconfig.json && cd ../packages/murmur-backend && tsc --noEmit -p tsconfig.json && cd ../../bench && tsc --noEmit -p tsconfig.json'
  "$each" quick "eslint (one configuration: web, packages, examples, bench, scripts)" eslint --max-warnings 0 .
  "$each" quick "vitest (the backend package)" bash -c 'cd packages/murmur-backend && vitest run'
  "$each" full "the murmur Playwright fixture, server mode (packages/murmur-backend/playwright-test)" \
    bash -c 'cd packages/murmur-backend && playwright test -c playwright-test/playwright.config.ts'
  # A standard OpenAPI testing tool against murmur-backend serve: no server error,
  # no status the contract does not list, no answer outside its schema.
  "$each" full "schemathesis against the HTTP server (docs/openapi.json)" bash scripts/schemathesis.sh
  "$each" quick "vitest" bash -c 'cd web && vitest run'
  # A client generated from docs/openapi.json (openapi-typescript + openapi-fetch) against the real core, and Ajv
  # given the document's schemas refusing what the core refuses (packages/murmur-backend/contract-client/).
  "$each" quick "generated client (tsc, vitest)" \
    bash -c 'cd packages/murmur-backend && tsc --noEmit -p contract-client/tsconfig.json && vitest run -c contract-client/vitest.config.ts'
  "$each" full "build the site (root)" env SKIP_CORE=1 bash scripts/build.sh
  "$each" full "build the site (sub-path /murmur/)" env SKIP_CORE=1 BASE_PATH=/murmur/ OUT_DIR=dist-sub bash scripts/build.sh
  "$each" full "playwright (Chromium, production build)" bash -c 'cd web && playwright test'
  # The examples (examples/*: other front ends on @murmur/backend alone), built and served (examples/playwright.config.ts).
  "$each" full "examples (Playwright, Chromium)" bash -c 'cd examples && tsc --noEmit -p tsconfig.json && playwright test'
  # The one user journey (web/journey/) in each engine, against web/dist.
  local engine
  for engine in Chromium "Firefox ESR" WebKitGTK; do
    "$each" full "journey in $engine" bash -c 'cd web && playwright test -c journey --grep "$1"' _ "journey in $engine"
  done
  if [ -f scripts/bench-smoke.sh ]; then
    "$each" full "bench smoke run" bash scripts/bench-smoke.sh
  fi
}
