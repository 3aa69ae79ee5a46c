# The suite runner of `npm test` (scripts/test.sh). Source it after lib.sh,
# with LOGS set to an empty folder; then `run NAME COMMAND...` for each suite
# and `summary` at the end.
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
