#!/usr/bin/env bash
# npm test: every check, in order. A failing suite does not stop the others;
# the summary at the end names each result, and the exit code is non-zero if
# any failed.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
bash scripts/setup.sh --test

LOGS="$ROOT/test-logs"
rm -rf "$LOGS" && mkdir -p "$LOGS"
source scripts/suites.sh

run "cargo fmt --check" cargo fmt --all --check
run "prettier --check (TypeScript, JavaScript, CSS, JSON, Markdown)" prettier --check --log-level warn .
run "repository checks: citations, lint boundaries (scripts/*.test.mjs)" bash -c 'node --test scripts/ && node scripts/check-citations.mjs'
run "cargo clippy" cargo clippy --workspace --all-targets --quiet -- -D warnings
run "cargo test" cargo test --workspace --quiet
run "wasm tests in headless Chromium" \
  bash -c 'cd mock-core && wasm-pack test --headless --chrome --mode no-install 2>&1 | grep -v "failed to get the latest"; exit "${PIPESTATUS[0]}"'
run "build the core (wasm, release)" bash scripts/build-core.sh
run "build the backend package" bash -c 'cd packages/murmur-backend && tsc -p tsconfig.build.json && node scripts/bundle-cli.mjs'
run "tsc --noEmit" bash -c 'cd web && tsc --noEmit -p tsconfig.json && cd ../packages/murmur-backend && tsc --noEmit -p tsconfig.json && cd ../../bench && tsc --noEmit -p tsconfig.json'
run "eslint (one configuration: web, packages, examples, bench, scripts)" eslint --max-warnings 0 .
run "vitest (the backend package)" bash -c 'cd packages/murmur-backend && vitest run'
# A standard OpenAPI testing tool against murmur-backend serve: no server error,
# no status the contract does not list, no answer outside its schema.
run "schemathesis against the HTTP server (docs/openapi.json)" bash scripts/schemathesis.sh
run "vitest" bash -c 'cd web && vitest run'
# A client generated from docs/openapi.json (openapi-typescript + openapi-fetch) against the real core, and Ajv
# given the document's schemas refusing what the core refuses (packages/murmur-backend/contract-client/).
run "generated client (tsc, vitest)" bash -c 'cd packages/murmur-backend && tsc --noEmit -p contract-client/tsconfig.json && vitest run -c contract-client/vitest.config.ts'
run "build the site (root)" env SKIP_CORE=1 bash scripts/build.sh
run "build the site (sub-path /murmur/)" env SKIP_CORE=1 BASE_PATH=/murmur/ OUT_DIR=dist-sub bash scripts/build.sh
run "playwright (Chromium, production build)" bash -c 'cd web && playwright test'
# The examples (examples/*: other front ends on @murmur/backend alone), built and served (examples/playwright.config.ts).
run "examples (Playwright, Chromium)" bash -c 'cd examples && tsc --noEmit -p tsconfig.json && playwright test'
# The one user journey (web/journey/) in each engine, against web/dist.
for engine in Chromium "Firefox ESR" WebKitGTK; do
  run "journey in $engine" bash -c 'cd web && playwright test -c journey --grep "$1"' _ "journey in $engine"
done
if [ -f scripts/bench-smoke.sh ]; then
  run "bench smoke run" bash scripts/bench-smoke.sh
fi

summary
