#!/usr/bin/env bash
# Release build: the wasm core, the backend package around it, then the static site in web/dist (or $OUT_DIR).
#   BASE_PATH=/murmur/ scripts/build.sh    builds for a sub-path
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
if [ -z "${SKIP_CORE:-}" ]; then
  step "build mock-core (wasm, release)"
  bash scripts/build-core.sh
  step "build the backend package (packages/murmur-backend)"
  (cd packages/murmur-backend && tsc -p tsconfig.build.json && node scripts/bundle-cli.mjs)
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
# Headers for hosts that read `_headers` (Netlify, Cloudflare Pages): the
# Content-Security-Policy of index.html's <meta>, plus what only a header can say.
csp="$(cd web && node --input-type=module -e "import('./csp.mjs').then((m) => console.log(m.CSP_HEADER))")"
{
  printf '%s*\n' "$base"
  printf '  Content-Security-Policy: %s\n' "$csp"
  printf '  X-Content-Type-Options: nosniff\n'
  printf '  Referrer-Policy: same-origin\n'
} > "$out/_headers"
note "static site in $out"
