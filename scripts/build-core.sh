#!/usr/bin/env bash
# Builds mock-core to WebAssembly in mock-core/pkg, then shrinks it with the
# npm `binaryen` wasm-opt (Debian's wasm-opt 108 emits a module that fails).
#   scripts/build-core.sh [--dev]
source "$(dirname "$0")/lib.sh"
cd "$ROOT/mock-core"
profile=--release
[ "${1:-}" = "--dev" ] && profile=--dev
wasm-pack build --target web "$profile" --mode no-install --out-dir pkg --no-pack 2>&1 \
  | grep -vE 'failed to get the latest|^\s*$' || true
[ -f pkg/mock_core_bg.wasm ] || { echo "wasm build failed" >&2; exit 1; }
if [ "$profile" = --release ]; then
  wasm-opt -Oz --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    pkg/mock_core_bg.wasm -o pkg/mock_core_bg.wasm
fi
