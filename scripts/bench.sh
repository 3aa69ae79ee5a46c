#!/usr/bin/env bash
# npm run bench: builds what is needed, then one headless Chromium run that
# prints the tables and writes bench/RESULTS.md (see bench/run.mjs).
#   scripts/bench.sh [--smoke] [--only=rt,core,startup,sizes,lighthouse,feed]
# Builds go to the bench's own folders: web/dist-bench-prod (the production
# site) and web/dist-bench (the harness and the bulk-feed page).
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

# The core: rebuilt only when its sources are newer than the built module.
wasm=mock-core/pkg/mock_core_bg.wasm
if [ ! -f "$wasm" ] || [ -n "$(find mock-core/src mock-core/Cargo.toml Cargo.lock -newer "$wasm" -print -quit)" ]; then
  step "build mock-core (wasm, release)"
  bash scripts/build-core.sh
fi
step "build the production site (web/dist-bench-prod)"
SKIP_CORE=1 OUT_DIR=dist-bench-prod bash scripts/build.sh
step "build the bench pages (web/dist-bench)"
(cd web && vite build --config bench/vite.config.ts)
step "run the bench"
node bench/run.mjs "$@"
