#!/usr/bin/env bash
# npm run dev: the Vite dev server over a dev build of the core. Saving a Rust
# file rebuilds the core and reloads the page (web/src/dev/coreWatcher.ts).
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build-core.sh --dev
(cd packages/murmur-backend && tsc -p tsconfig.build.json && node scripts/bundle-cli.mjs)
cd web && exec vite --port "${PORT:-5173}"
