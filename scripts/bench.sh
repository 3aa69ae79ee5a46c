#!/usr/bin/env bash
# npm run bench: builds what the measurements load, then runs them (bench/run.mjs),
# which prints the figures and writes bench/RESULTS.md.
#   scripts/bench.sh [--smoke] [--quick] [--only=sizes,startup,...]
# The measurements are the files of bench/ (bench/README.md lists them).
# Builds: the production site into web/dist-bench-prod and the harness pages
# into bench/out/harness; the smoke run uses its own pair, so that it can run
# beside a full run.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
site=dist-bench-prod harness=harness
case " $* " in *" --smoke "*) site=dist-bench-smoke-prod harness=harness-smoke ;; esac
export BENCH_SITE_DIR="web/$site" BENCH_HARNESS_DIR="$ROOT/bench/out/$harness"

# The core: rebuilt only when its sources are newer than the built module.
wasm=mock-core/pkg/mock_core_bg.wasm
if [ ! -f "$wasm" ] || [ -n "$(find mock-core/src mock-core/Cargo.toml Cargo.lock -newer "$wasm" -print -quit)" ]; then
  step "build mock-core (wasm, release)"
  bash scripts/build-core.sh
fi
step "build the backend package (packages/murmur-backend)"
(cd packages/murmur-backend && tsc -p tsconfig.build.json && node scripts/bundle-cli.mjs)
step "build the production site (web/$site)"
SKIP_CORE=1 OUT_DIR="$site" bash scripts/build.sh
step "build the harness pages (bench/out/$harness)"
vite build --config bench/harness/vite.config.ts
# A build of the package from before a change (BENCH_BEFORE_PKG: its
# packages/murmur-backend, built), measured beside this one where a
# measurement compares them (bench/whole-list.mjs): copied under bench/out so
# that it resolves msw from this repository, and the harness built over it.
if [ -n "${BENCH_BEFORE_PKG:-}" ]; then
  step "the package from before ($BENCH_BEFORE_PKG) and the harness over it (bench/out/harness-before)"
  rm -rf bench/out/before-pkg && mkdir -p bench/out/before-pkg
  cp -r "$BENCH_BEFORE_PKG/dist" "$BENCH_BEFORE_PKG/core" "$BENCH_BEFORE_PKG/package.json" bench/out/before-pkg/
  BENCH_HARNESS_PACKAGE="$ROOT/bench/out/before-pkg" BENCH_HARNESS_DIR="$ROOT/bench/out/harness-before" \
    vite build --config bench/harness/vite.config.ts
fi
step "run the bench"
node bench/run.mjs "$@"
