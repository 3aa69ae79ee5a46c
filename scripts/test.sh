#!/usr/bin/env bash
# npm test: every check, in order (the suites are in scripts/suites.sh). A
# failing suite does not stop the others; the summary at the end names each
# result, and the exit code is non-zero if any failed.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
bash scripts/setup.sh --test

LOGS="$ROOT/test-logs"
rm -rf "$LOGS" && mkdir -p "$LOGS"
source scripts/suites.sh

# Every suite, whatever its scope.
every_suite() {
  shift
  run "$@"
}
for_each_suite every_suite

summary
