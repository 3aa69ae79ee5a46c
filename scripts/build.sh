#!/usr/bin/env bash
# Release build: the wasm core, then the static site in web/dist (or $OUT_DIR).
#   BASE_PATH=/murmur/ scripts/build.sh    builds for a sub-path
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
if [ -z "${SKIP_CORE:-}" ]; then
  step "build mock-core (wasm, release)"
  bash scripts/build-core.sh
fi
step "build web (base ${BASE_PATH:-/})"
(cd web && vite build --logLevel warn)
out="web/${OUT_DIR:-dist}"
# SPA fallbacks for static hosts: 404.html (GitHub Pages and most others) and
# _redirects (Netlify, Cloudflare Pages).
cp "$out/index.html" "$out/404.html"
base="${BASE_PATH:-/}"
base="/${base#/}"; base="${base%/}/"
printf '%s*  %sindex.html  200\n' "$base" "$base" > "$out/_redirects"
note "static site in $out"
