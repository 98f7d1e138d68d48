#!/usr/bin/env bash
# Everything CI checks, from a fresh clone: Debian packages the tests need,
# npm ci, typecheck, lint, unit + module/API tests on PGlite, the same module/API
# tests on a throwaway PostgreSQL server, the production build, the login flood
# (tests/load/login-flood.ts) and Playwright (JavaScript on and off) against the
# built server.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

echo "==> npm ci"
npm ci --no-audit --no-fund

echo "==> typecheck"
npm run typecheck

echo "==> lint"
npm run lint

echo "==> unit, module and API tests (PGlite)"
npx vitest run

echo "==> module and API tests (PostgreSQL)"
bash scripts/with-postgres.sh npx vitest run --project platform

echo "==> production build"
npm run build

echo "==> login flood against the built server (issue 9: 20 connections, 10 s; memory and another user's login)"
npx tsx tests/load/login-flood.ts
echo "==> the same flood on PostgreSQL (both threads' heaps judged, the resident memory reported)"
bash scripts/with-postgres.sh sh -c 'FLOOD_DATABASE_URL="$DATABASE_URL" npx tsx tests/load/login-flood.ts'

echo "==> end-to-end tests (JavaScript on and off)"
npx playwright test
