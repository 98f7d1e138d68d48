#!/usr/bin/env bash
# Everything CI checks, from a fresh clone: Debian packages the tests need,
# npm ci, typecheck, lint, unit + module/API tests on PGlite, the same module/API
# tests (all but the pure rules of platform/rules/) on a throwaway PostgreSQL
# server, the production build (started once on Node 24), the login flood
# (tests/load/login-flood.ts) and Playwright (JavaScript on and off) against the
# built server.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's wall time, printed as it ends and as a table at the end (issue 33 §7: where CI's time goes).
timings=()
started=$SECONDS
step() {
  local name=$1
  shift
  echo "==> $name"
  local t0=$SECONDS
  "$@"
  timings+=("$(printf '%5d s  %s' $((SECONDS - t0)) "$name")")
  echo "<== $name: $((SECONDS - t0)) s"
}
report_timings() {
  echo "==> step times"
  printf '%s\n' "${timings[@]}"
  echo "total: $((SECONDS - started)) s"
}
trap report_timings EXIT

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
install_debian_packages() {
  echo "installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}
if [ ${#missing[@]} -gt 0 ]; then
  step "Debian packages" install_debian_packages
fi

step "npm ci" npm ci --no-audit --no-fund

# The type checker and the linter each keep one core busy: run side by side (two cores), each one's output printed
# whole when both are done, and the step fails if either does.
typecheck_and_lint() {
  local out rc_types=0 rc_lint=0
  out="$(mktemp -d)"
  npm run typecheck >"$out/typecheck" 2>&1 &
  local types=$!
  npm run lint >"$out/lint" 2>&1 || rc_lint=$?
  wait "$types" || rc_types=$?
  echo "--- typecheck (exit $rc_types)"
  cat "$out/typecheck"
  echo "--- lint (exit $rc_lint)"
  cat "$out/lint"
  rm -rf "$out"
  [ "$rc_types" -eq 0 ] && [ "$rc_lint" -eq 0 ]
}
step "typecheck and lint" typecheck_and_lint

step "unit, module and API tests (PGlite)" npx vitest run

step "module and API tests (PostgreSQL)" bash scripts/with-postgres.sh npx vitest run --project platform

step "production build" npm run build

# The built server and the standalone platform bundle on Node 24, the Dockerfile's LTS (seconds).
step "the built server on Node 24" bash scripts/smoke-node-lts.sh

# Issue 9: 20 connections, 10 s; memory and another user's login.
step "login flood against the built server" npx tsx tests/load/login-flood.ts
# Both threads' heaps judged, the resident memory reported.
step "the same flood on PostgreSQL" bash scripts/with-postgres.sh sh -c 'FLOOD_DATABASE_URL="$DATABASE_URL" npx tsx tests/load/login-flood.ts'

step "end-to-end tests (JavaScript on and off)" npx playwright test
