#!/usr/bin/env bash
# npm test's contract run: Schemathesis (a standard OpenAPI testing tool, not
# our code) generates requests for every operation of docs/openapi.json and
# sends them to `murmur-backend serve` (in memory, on a free port of
# 127.0.0.1), checking that nothing answers a server error, every status is
# one the document lists for that operation, and every answer matches its
# schema. Bounded: a fixed seed and at most ST_MAX_EXAMPLES cases an operation.
#   scripts/schemathesis.sh [extra st flags]
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
log="$(mktemp)"
node packages/murmur-backend/dist/bin/murmur-backend.js serve --memory --port 0 --log off >"$log" 2>&1 &
server=$!
scratch=""
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -f "$log"; [ -z "$scratch" ] || rm -rf "$scratch"' EXIT
for _ in $(seq 1 150); do
  grep -q 'ready at' "$log" && break
  kill -0 "$server" 2>/dev/null || { cat "$log"; exit 1; }
  sleep 0.2
done
url="$(sed -n 's/.*ready at \(http:[^ ]*\)\/ .*/\1/p' "$log")"
[ -n "$url" ] || { echo "the server printed no address:"; cat "$log"; exit 1; }
# Signed in as the guest, so that the token routes are tested past their 401.
token="$(curl -sf "$url/api/auth/login" -d '{"username":"guest","password":"guest123"}' |
  node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8")).encodedToken')"
# Every request asks for JSON: an operation whose answer is an event stream
# (`text/event-stream`: GET /api/events) answers a request that does not ask
# for one with the 406 the document lists, where a stream would last as long
# as its reader stays (the stream itself is left to the host's own tests,
# docs/rules.md, "Live events").
note "schemathesis against $url"
# Run from a scratch directory: Schemathesis keeps a cache (.schemathesis/) where it runs.
scratch="$(mktemp -d)"
cd "$scratch"
st run "$ROOT/docs/openapi.json" --url "$url" \
  --checks not_a_server_error,status_code_conformance,response_schema_conformance,content_type_conformance \
  --header "Authorization: $token" --header "Accept: application/json" \
  --max-examples "${ST_MAX_EXAMPLES:-25}" --seed 1 --workers 1 --request-timeout 10 \
  --report junit --report-dir "${ST_REPORT_DIR:-$scratch/report}" "$@"
