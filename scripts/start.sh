#!/usr/bin/env bash
# npm start: set up what is missing, build for release, serve on 127.0.0.1.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
bash scripts/setup.sh
bash scripts/build.sh
step "serve"
exec node scripts/serve.mjs web/dist --port "${PORT:-4173}"
