#!/usr/bin/env bash
# npm run bench: builds what is needed, then one headless Chromium run that
# prints the tables and writes bench/RESULTS.md (see bench/run.mjs).
#   scripts/bench.sh [--smoke] [--only=rt,core,startup,phone,sizes,lighthouse,feed,persistence,backup,generate,pages]
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
# The parts bench/run.mjs runs; persistence, backup, generate and pages are benches of their own.
only=$(sed -n 's/.* --only=\([^ ]*\) .*/\1/p' <<<"$args" | tr ',' '\n' | { grep -vx -e persistence -e backup -e generate -e pages || true; } | paste -sd, -)
if [[ "$args" != *"--only="* ]] || [ -n "$only" ]; then
  step "run the bench"
  node bench/run.mjs "$@"
fi
# The persistence benches: what saving adds to a write and what
# restoring costs (web/bench/persistence.mjs), and the production app reloaded
# over a saved 10,000-post state (web/bench/persistence-app.mjs). Not in the
# smoke run; with --only, only when it names `persistence`.
if [[ "$args" != *" --smoke "* ]] && { [[ "$args" != *"--only="* ]] || [[ "$args" == *persistence* ]]; }; then
  step "persistence bench: saving and restoring (web/bench/persistence.mjs)"
  (cd web && node bench/persistence.mjs)
  step "persistence bench in the app: reload and like at 10,000 posts (web/bench/persistence-app.mjs)"
  (cd web && node bench/persistence-app.mjs)
fi
# The backup bench: the file's size, and Download / read / Restore
# at the seed and at 10,000 posts (web/bench/backup.mjs). With --only, only
# when it names `backup`.
if [[ "$args" != *" --smoke "* ]] && { [[ "$args" != *"--only="* ]] || [[ "$args" == *backup* ]]; }; then
  step "backup bench: export, read and restore (web/bench/backup.mjs)"
  (cd web && node bench/backup.mjs)
fi
# The generated seed: `seed: { generate }` ready at 1,000 and
# 10,000 posts in Chromium and Node, and the developer chunks' sizes
# (web/bench/generate.mjs). Not in the smoke run; with --only, only when it
# names `generate`.
if [[ "$args" != *" --smoke "* ]] && { [[ "$args" != *"--only="* ]] || [[ "$args" == *generate* ]]; }; then
  step "generated-seed bench (web/bench/generate.mjs)"
  (cd web && node bench/generate.mjs)
fi
# What each page reads: every page at the seed and at 10,000 posts
# in the production build (web/bench/pages-app.mjs). Not in the smoke run;
# with --only, only when it names `pages`.
if [[ "$args" != *" --smoke "* ]] && { [[ "$args" != *"--only="* ]] || [[ "$args" == *pages* ]]; }; then
  step "pages bench: first content, JSON read and a like on every page, seed and 10,000 posts (web/bench/pages-app.mjs)"
  (cd web && BENCH_PAGES_PORT=$(( ${BENCH_PORT_BASE:-4341} + 6 )) node bench/pages-app.mjs)
fi
