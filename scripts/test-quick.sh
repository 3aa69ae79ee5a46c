#!/usr/bin/env bash
# npm run test:quick: the edit-test loop's part of npm test, with npm test's
# own commands (the suites scoped `quick` in scripts/suites.sh): formatting,
# lint, types, cargo test, the core's and the package's builds, and the vitest
# suites. No browser, no site build, no Schemathesis: run `npm test` before
# pushing. A failing suite does not stop the others; the summary names each.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
bash scripts/setup.sh

LOGS="$ROOT/test-logs"
rm -rf "$LOGS" && mkdir -p "$LOGS"
source scripts/suites.sh

# The suites scoped `quick`, in npm test's order.
quick_suite() {
  [ "$1" = quick ] || return 0
  shift
  run "$@"
}
for_each_suite quick_suite

summary
