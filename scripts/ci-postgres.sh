#!/usr/bin/env bash
# Makes a PostgreSQL server available on 127.0.0.1:5432 for the storage tests, idempotently:
# installs the `postgresql` package with apt when it is missing, starts a cluster, creates the role and
# database gemstate / gemstate_test, and prints the line to use:
#   eval "$(scripts/ci-postgres.sh)"   # sets TEST_DATABASE_URL
# Progress goes to stderr; stdout carries only the export line. Needs root or sudo (for apt and the postgres user).
set -euo pipefail

PORT=5432
ROLE=gemstate
PASSWORD=gemstate
DB=gemstate_test
log() { echo "ci-postgres: $*" >&2; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
as_postgres() { $SUDO runuser -u postgres -- "$@"; }

bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

if [ -z "$(bindir)" ] || [ ! -x "$(bindir)/pg_ctl" ]; then
  log "installing postgresql with apt"
  $SUDO apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q postgresql >&2
fi
BIN=$(bindir)
VERSION=$(basename "$(dirname "$BIN")")

ready() { "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; }

if ready; then
  log "a server is already accepting connections on 127.0.0.1:$PORT"
elif command -v pg_ctlcluster >/dev/null && [ -d "/etc/postgresql/$VERSION/main" ]; then
  log "starting cluster $VERSION/main"
  $SUDO pg_ctlcluster "$VERSION" main start >&2 || true
else
  # No Debian cluster: a throwaway one in a temporary directory.
  DATA=/tmp/ci-postgres-$VERSION
  if [ ! -f "$DATA/PG_VERSION" ]; then
    log "initialising a cluster in $DATA"
    $SUDO mkdir -p "$DATA"
    $SUDO chown postgres "$DATA"
    as_postgres "$BIN/initdb" -D "$DATA" -U postgres --auth-local=trust --auth-host=scram-sha-256 >&2
  fi
  as_postgres "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -o "-h 127.0.0.1 -p $PORT -k /tmp" start >&2
fi

for _ in $(seq 1 30); do ready && break; sleep 1; done
ready || { log "PostgreSQL did not start on 127.0.0.1:$PORT"; exit 1; }

# The admin connection goes over the local socket where peer/trust authentication applies.
psql_admin() {
  local socket
  socket=$(ls -d /var/run/postgresql /tmp 2>/dev/null | while read -r d; do [ -S "$d/.s.PGSQL.$PORT" ] && echo "$d" && break; done)
  as_postgres "$BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "${socket:-/var/run/postgresql}" -p "$PORT" -d postgres "$@"
}

psql_admin -c "DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$ROLE') THEN CREATE ROLE $ROLE LOGIN PASSWORD '$PASSWORD';
  ELSE ALTER ROLE $ROLE LOGIN PASSWORD '$PASSWORD'; END IF;
END \$\$;" >&2
if [ "$(psql_admin -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB'")" != "1" ]; then
  psql_admin -c "CREATE DATABASE $DB OWNER $ROLE" >&2
fi
log "ready"
echo "export TEST_DATABASE_URL=postgres://$ROLE:$PASSWORD@127.0.0.1:$PORT/$DB"
