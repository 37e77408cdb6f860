#!/usr/bin/env bash
# The reference server's integration suite on PostgreSQL.
#
#   bash scripts/test-postgres.sh [vitest args…]
#
# Starts a throw-away cluster (scripts/ensure-postgres.sh: installs postgresql with apt-get
# if needed, 127.0.0.1 only, free port, temporary folder), runs
# `vitest --project server` with TEST_DATABASE_URL pointing at it (server/test/harness.ts
# then gives every test server a fresh database of its own), and stops that cluster again —
# with pg_ctl on its data folder, or by the postmaster's PID as a last resort — whatever the
# outcome. Exits with the test run's status.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
cluster=$(bash scripts/ensure-postgres.sh --env)
UID_PG_URL= UID_PG_DIR= UID_PG_PID= UID_PG_BIN=
eval "$cluster"
if [ -z "$UID_PG_URL" ] || [ -z "$UID_PG_DIR" ] || [ -z "$UID_PG_PID" ]; then
  echo "test-postgres: ensure-postgres.sh did not report a cluster" >&2
  exit 1
fi

stop_cluster() {
  if bash scripts/ensure-postgres.sh --stop "$UID_PG_DIR"; then
    return 0
  fi
  # pg_ctl could not stop it: end our postmaster by its PID, if it still is ours.
  if [ -r "/proc/$UID_PG_PID/cmdline" ] && tr '\0' ' ' <"/proc/$UID_PG_PID/cmdline" | grep -qF -- "$UID_PG_DIR/data"; then
    kill -TERM "$UID_PG_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do
      [ -e "/proc/$UID_PG_PID" ] || break
      sleep 0.1
    done
  fi
  rm -rf -- "$UID_PG_DIR"
}
trap stop_cluster EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

source scripts/alone-tests.sh
run() { TEST_DATABASE_URL="$UID_PG_URL" npx --no-install vitest run -c tests/vitest.config.ts --project server "$@"; }
status=0
if [ $# -gt 0 ]; then
  run "$@" || status=$?
else
  # scripts/ tests use no database: the unit stage has run them.
  run --exclude 'scripts/**' "${ALONE_EXCLUDES[@]}" || status=$?
  run --no-file-parallelism "${ALONE[@]}" || status=$?
fi
printf 'test-postgres: server suite on PostgreSQL finished in %ss (exit %s)\n' "$(($(date +%s) - started))" "$status" >&2
exit "$status"
