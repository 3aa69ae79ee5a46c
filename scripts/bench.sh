#!/usr/bin/env bash
# npm run bench: builds what is needed, then one headless Chromium run that
# prints the tables and writes bench/RESULTS.md (see bench/run.mjs).
#   scripts/bench.sh [--smoke] [--only=rt,core,startup,sizes,lighthouse,feed]
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
step "run the bench"
node bench/run.mjs "$@"
