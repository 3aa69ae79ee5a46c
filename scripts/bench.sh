#!/usr/bin/env bash
# npm run bench: builds what is needed, then one headless Chromium run that
# prints the tables and writes bench/RESULTS.md (see bench/run.mjs).
#   scripts/bench.sh [--smoke] [--only=rt,core,startup,phone,sizes,lighthouse,feed,persistence]
# Builds go to the bench's own folders: web/dist-bench-prod (the production
# site) and web/dist-bench (the harness and the bulk-feed page); the smoke
# run uses its own pair, so that it can run beside a full run.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
export BENCH_PROD_DIR=dist-bench-prod BENCH_PAGES_DIR=dist-bench
case " $* " in *" --smoke "*) export BENCH_PROD_DIR=dist-bench-smoke-prod BENCH_PAGES_DIR=dist-bench-smoke ;; esac

# The core: rebuilt only when its sources are newer than the built module.
wasm=mock-core/pkg/mock_core_bg.wasm
if [ ! -f "$wasm" ] || [ -n "$(find mock-core/src mock-core/Cargo.toml Cargo.lock -newer "$wasm" -print -quit)" ]; then
  step "build mock-core (wasm, release)"
  bash scripts/build-core.sh
fi
step "build the backend package (packages/murmur-backend)"
(cd packages/murmur-backend && tsc -p tsconfig.build.json)
step "build the production site (web/$BENCH_PROD_DIR)"
SKIP_CORE=1 OUT_DIR="$BENCH_PROD_DIR" bash scripts/build.sh
step "build the bench pages (web/$BENCH_PAGES_DIR)"
(cd web && BENCH_OUT_DIR="$ROOT/web/$BENCH_PAGES_DIR" vite build --config bench/vite.config.ts)
args=" $* "
if [[ "$args" != *" --only=persistence "* ]]; then
  step "run the bench"
  node bench/run.mjs "$@"
fi
# The persistence benches (issue 14): what saving adds to a write and what
# restoring costs (web/bench/persistence.mjs), and the production app reloaded
# over a saved 10,000-post state (web/bench/persistence-app.mjs). Not in the
# smoke run; with --only, only when it names `persistence`.
if [[ "$args" != *" --smoke "* ]] && { [[ "$args" != *"--only="* ]] || [[ "$args" == *persistence* ]]; }; then
  step "persistence bench: saving and restoring (web/bench/persistence.mjs)"
  (cd web && node bench/persistence.mjs)
  step "persistence bench in the app: reload and like at 10,000 posts (web/bench/persistence-app.mjs)"
  (cd web && node bench/persistence-app.mjs)
fi
