#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server.
#
#   bash scripts/with-postgres.sh npx vitest run --project platform
#
# Starts a fresh cluster (Debian's binaries under /usr/lib/postgresql/<version>/bin,
# the highest version found, or whatever initdb is on PATH) in a temporary
# directory, listening on 127.0.0.1 only on a free port, creates one database,
# exports DATABASE_URL for the command, and always stops the server and deletes
# the directory afterwards. Exits with the command's exit code.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 64
fi

find_bindir() {
  local dir best="" best_version=-1 version
  for dir in /usr/lib/postgresql/*/bin; do
    [ -x "$dir/initdb" ] || continue
    version="$(basename "$(dirname "$dir")")"
    version="${version%%.*}"
    if [[ "$version" =~ ^[0-9]+$ ]] && [ "$version" -gt "$best_version" ]; then
      best="$dir"
      best_version="$version"
    fi
  done
  if [ -z "$best" ] && command -v initdb >/dev/null 2>&1; then
    best="$(dirname "$(command -v initdb)")"
  fi
  if [ -z "$best" ]; then
    echo "with-postgres: no PostgreSQL server binaries found (apt-get install postgresql)" >&2
    return 1
  fi
  echo "$best"
}

free_port() {
  node -e 'const s = require("net").createServer(); s.listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

BINDIR="$(find_bindir)"
PORT="${PGTEST_PORT:-$(free_port)}"
DB_NAME="${PGTEST_DB:-platform_test}"
TMP_DIR="$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")"
DATA_DIR="$TMP_DIR/data"
SOCKET_DIR="$TMP_DIR/socket"
LOG_FILE="$TMP_DIR/postgres.log"
mkdir -p "$SOCKET_DIR"

# PostgreSQL refuses to run as root: run the server tools as the postgres user then.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then
    (cd "$TMP_DIR" && runuser -u postgres -- "$@")
  else
    (cd "$TMP_DIR" && "$@")
  fi
}

if [ "$(id -u)" -eq 0 ]; then
  chown -R postgres: "$TMP_DIR"
fi

STARTED=0
cleanup() {
  local code=$?
  trap - EXIT INT TERM
  if [ "$STARTED" -eq 1 ]; then
    as_pg "$BINDIR/pg_ctl" -D "$DATA_DIR" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$TMP_DIR"
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

as_pg "$BINDIR/initdb" -D "$DATA_DIR" -U postgres --auth=trust --encoding=UTF8 --no-locale >"$TMP_DIR/initdb.log" 2>&1 || {
  cat "$TMP_DIR/initdb.log" >&2
  exit 1
}

STARTED=1
as_pg "$BINDIR/pg_ctl" -D "$DATA_DIR" -l "$LOG_FILE" -w -t 60 \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -c unix_socket_directories=$SOCKET_DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
  start >/dev/null || {
  cat "$LOG_FILE" >&2 || true
  exit 1
}

as_pg "$BINDIR/createdb" -h 127.0.0.1 -p "$PORT" -U postgres "$DB_NAME"

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/$DB_NAME"
echo "with-postgres: PostgreSQL $("$BINDIR/postgres" --version | awk '{print $3}') at $DATABASE_URL" >&2

set +e
"$@"
status=$?
set -e
exit "$status"
