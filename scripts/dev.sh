#!/usr/bin/env bash
# npm run dev: the Vite dev server over a dev build of the core. Rebuild the
# core (scripts/build-core.sh --dev) and the page reloads.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build-core.sh --dev
cd web && exec vite --port "${PORT:-5173}"
