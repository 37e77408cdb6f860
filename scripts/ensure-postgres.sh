#!/usr/bin/env bash
# Start a throw-away PostgreSQL cluster for the reference server's tests.
#
#   bash scripts/ensure-postgres.sh            # prints postgres://uid:…@127.0.0.1:<port>/uid
#   bash scripts/ensure-postgres.sh --env      # prints UID_PG_URL, UID_PG_DIR, UID_PG_PID, UID_PG_BIN
#                                              #   as shell assignments (for `eval`)
#   bash scripts/ensure-postgres.sh --stop DIR # stops the cluster started under DIR (pg_ctl) and removes DIR
#
# Idempotent: installs Debian's postgresql with apt-get only when its binaries are missing.
# Every start creates a new cluster under a temporary folder (initdb + pg_ctl, run as the
# `postgres` user when started as root), listening on 127.0.0.1 only, on a free port, with a
# random password (scram-sha-256) for the role `uid` (LOGIN CREATEDB) that owns database `uid`.
# Durability is switched off (fsync, synchronous_commit, full_page_writes): test data only.
set -euo pipefail

log() { printf 'ensure-postgres: %s\n' "$*" >&2; }

find_bindir() {
  local dir
  # The newest installed major version (Debian keeps them under /usr/lib/postgresql/<major>/bin).
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5,5n -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/postgres" ]; then
      printf '%s\n' "$dir"
      return 0
    fi
  done
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1 && command -v postgres >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
    return 0
  fi
  return 1
}

as_owner() {
  # Run a command as the cluster's owner: `postgres` when we are root, else ourselves.
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

stop_cluster() {
  local dir=$1
  if [ -z "$dir" ] || [ ! -f "$dir/cluster.env" ]; then
    log "no cluster under '${dir}'"
    return 1
  fi
  local bin
  bin=$(sed -n 's/^bin=//p' "$dir/cluster.env")
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null
  fi
  rm -rf -- "$dir"
}

mode=url
case "${1:-}" in
  --env) mode=env ;;
  --stop)
    stop_cluster "${2:-}"
    exit $?
    ;;
  '') ;;
  *)
    echo "usage: $0 [--env | --stop DIR]" >&2
    exit 2
    ;;
esac

if ! BIN=$(find_bindir); then
  if [ "$(id -u)" -ne 0 ]; then
    echo "ensure-postgres: PostgreSQL is missing and installing it needs root: apt-get install -y postgresql" >&2
    exit 1
  fi
  log "installing postgresql with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold postgresql >/dev/null
  BIN=$(find_bindir) || {
    log "apt-get finished but initdb/pg_ctl/postgres are still missing"
    exit 1
  }
fi
if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
  log "the postgres user is missing (the postgresql package creates it)"
  exit 1
fi

DIR=$(mktemp -d "${TMPDIR:-/tmp}/uid-pg.XXXXXX")
started=0
cleanup_on_error() {
  local rc=$?
  if [ "$rc" -ne 0 ]; then
    if [ "$started" -eq 1 ]; then as_owner "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1 || true; fi
    if [ -f "$DIR/server.log" ]; then tail -n 20 "$DIR/server.log" >&2 || true; fi
    rm -rf -- "$DIR"
  fi
}
trap cleanup_on_error EXIT

if [ "$(id -u)" -eq 0 ]; then chown postgres: "$DIR"; fi
chmod 700 "$DIR"

SUPER_PW=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
UID_PW=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
as_owner sh -c 'umask 077; cat > "$1"' sh "$DIR/superuser.pw" <<<"$SUPER_PW"

as_owner "$BIN/initdb" -D "$DIR/data" -U postgres --auth=scram-sha-256 --pwfile="$DIR/superuser.pw" \
  -E UTF8 --locale=C.UTF-8 --no-sync --no-instructions >/dev/null
rm -f -- "$DIR/superuser.pw"

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

PORT=
for attempt in 1 2 3 4 5; do
  PORT=$(free_port)
  if as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 30 -s \
    -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DIR -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c shared_buffers=64MB" \
    start >/dev/null; then
    started=1
    break
  fi
  log "start on port $PORT failed (attempt $attempt), trying another port"
  PORT=
done
[ -n "$PORT" ] || {
  log "could not start PostgreSQL"
  exit 1
}
PID=$(head -n 1 "$DIR/data/postmaster.pid")

PGPASSWORD=$SUPER_PW "$BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PORT" -U postgres -d postgres \
  -v pw="$UID_PW" >/dev/null <<'SQL'
CREATE ROLE uid LOGIN CREATEDB PASSWORD :'pw';
CREATE DATABASE uid OWNER uid;
SQL

URL="postgres://uid:${UID_PW}@127.0.0.1:${PORT}/uid"
as_owner sh -c 'umask 077; cat > "$1"' sh "$DIR/cluster.env" <<EOF
bin=$BIN
port=$PORT
pid=$PID
EOF
trap - EXIT
log "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (pid $PID, data $DIR/data)"

if [ "$mode" = env ]; then
  printf 'UID_PG_URL=%q\nUID_PG_DIR=%q\nUID_PG_PID=%q\nUID_PG_BIN=%q\n' "$URL" "$DIR" "$PID" "$BIN"
else
  printf '%s\n' "$URL"
fi
