#!/usr/bin/env bash
# Builds mock-core to WebAssembly in mock-core/pkg, then shrinks it with the
# npm `binaryen` wasm-opt (Debian's wasm-opt 108 emits a module that fails).
#   scripts/build-core.sh [--dev]
source "$(dirname "$0")/lib.sh"
cd "$ROOT/mock-core"
profile=--release
[ "${1:-}" = "--dev" ] && profile=--dev
# Panic locations inside the crates we depend on carry their full source
# paths into the module; they are shortened to the crate's own path (about
# 50 bytes gzipped). std's own paths cannot be remapped on stable Rust.
remap=("--remap-path-prefix=$ROOT/=")
for dir in "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/; do
  [ -d "$dir" ] && remap+=("--remap-path-prefix=$dir=")
done
RUSTFLAGS="${RUSTFLAGS:-} ${remap[*]}" \
  wasm-pack build --target web "$profile" --mode no-install --out-dir pkg --no-pack 2>&1 \
  | grep -vE 'failed to get the latest|^\s*$' || true
[ -f pkg/mock_core_bg.wasm ] || { echo "wasm build failed" >&2; exit 1; }
if [ "$profile" = --release ]; then
  # -Oz twice: the second pass still finds about 50 bytes (gzipped). The
  # producers and target-features sections are for tools, not browsers.
  wasm-opt -Oz -Oz --strip-producers --strip-target-features \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    pkg/mock_core_bg.wasm -o pkg/mock_core_bg.wasm
fi
# The package that ships the core (packages/murmur-backend) holds its own copy.
pkg_core="$ROOT/packages/murmur-backend/core"
mkdir -p "$pkg_core"
cp pkg/mock_core.js pkg/mock_core.d.ts pkg/mock_core_bg.wasm pkg/mock_core_bg.wasm.d.ts "$pkg_core/"
