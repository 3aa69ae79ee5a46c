#!/usr/bin/env bash
# Installs what is missing and nothing else; a second run takes about a second.
#   scripts/setup.sh          what `npm start` needs
#   scripts/setup.sh --test   plus Debian's Chromium, chromedriver, Firefox ESR,
#                             WebKitGTK's WebKitWebDriver and Xvfb for tests
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
WASM_PACK_VERSION=0.15.1
want_test=false
[ "${1:-}" = "--test" ] && want_test=true

if ! command -v cargo >/dev/null; then
  echo "cargo not found: install Rust with rustup first" >&2
  exit 1
fi

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  step "rustup target add wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

[ -f Cargo.lock ] || cargo generate-lockfile
wbg="$(wasm_bindgen_version)"
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$wbg" ]; then
  step "cargo install wasm-bindgen-cli $wbg (about 2 minutes, once)"
  # Its own lock file names a crate version the registry here lacks: fall back
  # to a fresh resolution when --locked fails.
  cargo install --locked wasm-bindgen-cli --version "$wbg" --force \
    || cargo install wasm-bindgen-cli --version "$wbg" --force
fi

if [ "$(wasm-pack --version 2>/dev/null | awk '{print $2}')" != "$WASM_PACK_VERSION" ]; then
  step "cargo install wasm-pack $WASM_PACK_VERSION (about 2 minutes, once)"
  cargo install --locked wasm-pack --version "$WASM_PACK_VERSION" --force
fi

# npm ci only when the lock file changed since the last install.
stamp=node_modules/.murmur-lock-stamp
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  step "npm ci"
  npm ci --no-audit --no-fund
  cp package-lock.json "$stamp"
fi

# npm 11 here does not run msw's install script: copy the worker ourselves,
# and again whenever msw's version changes.
# The examples each have their own public/ (what `npx msw init public/` writes in an app);
# one that lays out its files with `murmur-backend init` at its build (from-mirage,
# no `msw.workerDirectory` in its package.json) has none.
msw_version="$(node -p 'require("msw/package.json").version')"
if ! grep -q "PACKAGE_VERSION = '$msw_version'" public/mockServiceWorker.js 2>/dev/null; then
  step "msw init public (msw $msw_version)"
  (cd web && npx msw init ../public --save)
fi
for manifest in examples/*/package.json; do
  example="$(dirname "$manifest")"
  grep -q '"workerDirectory"' "$manifest" || continue
  if ! grep -q "PACKAGE_VERSION = '$msw_version'" "$example/public/mockServiceWorker.js" 2>/dev/null; then
    step "msw init $example/public (msw $msw_version)"
    (cd "$example" && npx msw init public --save)
  fi
done

# The browsers of the tests, from Debian: Chromium (Playwright and the wasm
# tests), Firefox ESR and WebKitGTK (the cross-engine journey, web/journey/;
# WebKit needs a display: Xvfb). Only what is missing is installed.
if $want_test; then
  packages=()
  { [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; } || packages+=(chromium chromium-driver)
  [ -x /usr/bin/firefox-esr ] || packages+=(firefox-esr)
  [ -x /usr/bin/WebKitWebDriver ] || packages+=(webkit2gtk-driver)
  [ -x /usr/bin/Xvfb ] || packages+=(xvfb)
  if [ "${#packages[@]}" -gt 0 ]; then
    step "apt-get install ${packages[*]} (once: about 1 min for Chromium, 1.5 min for the other two)"
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}"
  fi
  # Schemathesis (PyPI), the OpenAPI testing tool npm test runs against the
  # HTTP server (scripts/schemathesis.sh): installed once, when `st` is missing.
  if ! command -v st >/dev/null; then
    step "pip install schemathesis (once: about a minute)"
    python3 -m pip install --quiet --disable-pip-version-check schemathesis
    command -v pyenv >/dev/null && pyenv rehash
  fi
fi
exit 0
