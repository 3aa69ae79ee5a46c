#!/usr/bin/env bash
# npm run serve:api: the backend over HTTP (murmur-backend serve), over the
# demo seed, with its state in ./murmur-data. Extra flags go to the command:
#   npm run serve:api -- --port 5000 --memory
# (docs/backend-http.md, "Flags", lists them.)
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
bash scripts/setup.sh
if [ ! -f packages/murmur-backend/core/mock_core_bg.wasm ]; then
  step "build the core (wasm, release)"
  bash scripts/build-core.sh
fi
step "build the backend package (packages/murmur-backend)"
(cd packages/murmur-backend && tsc -p tsconfig.build.json && node scripts/bundle-cli.mjs)
exec node packages/murmur-backend/dist/bin/murmur-backend.js serve "$@"
