#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server: installs Debian's postgresql when it is missing, starts a
# cluster in a temporary directory on 127.0.0.1 (as the postgres user), creates a database, runs the command with
# DATABASE_URL pointing at it, then stops the server and removes the directory.
#
#   scripts/with-postgres.sh                       # the server's test suite (packages/server/dist/test/), then
#                                                  # PostgreSQL restarted mid-game (db-restart.test.js)
#   scripts/with-postgres.sh node packages/server/dist/bench/bench.js
set -euo pipefail
cd "$(dirname "$0")/.."

pg_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1
}

if [ -z "$(pg_bin)" ] || [ ! -x "$(pg_bin)/initdb" ]; then
  echo "with-postgres: installing postgresql (apt-get)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
BIN="$(pg_bin)"

as_postgres() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

DIR="$(mktemp -d /tmp/dipkit-pg.XXXXXX)"
PORT="${PGPORT_TEST:-$((20000 + RANDOM % 20000))}"
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
cleanup() {
  as_postgres "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT

as_postgres "$BIN/initdb" -D "$DIR/data" -U postgres -A trust >/dev/null
as_postgres "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
as_postgres "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres dipkit_test
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/dipkit_test"
echo "with-postgres: PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') at $DATABASE_URL" >&2

# A script that restarts this server as an operator or a failover would: a fast stop (every connection dropped),
# a pause of $1 seconds (default 1), a start. The fault test that uses it (db-restart.test.js) runs on its own.
cat >"$DIR/restart" <<EOF
#!/usr/bin/env bash
set -e
run() { if [ "\$(id -u)" = 0 ]; then runuser -u postgres -- "\$@"; else "\$@"; fi; }
run "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null
sleep "\${1:-1}"
run "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
EOF
chmod +x "$DIR/restart"
# Named for a command given here; the restart test itself runs only when DIPKIT_TEST_PG_RESTART is set:
#   scripts/with-postgres.sh sh -c 'DIPKIT_TEST_PG_RESTART=$DIPKIT_PG_RESTART node --test packages/server/dist/test/db-restart.test.js'
export DIPKIT_PG_RESTART="$DIR/restart"

if [ "$#" -eq 0 ]; then
  # The server's tests (the fault runs among them: backends terminated under load, a second instance on one
  # --data refused, a taken port, impossible imports), then PostgreSQL restarted mid-game, on its own.
  node --test packages/server/dist/test/
  DIPKIT_TEST_PG_RESTART="$DIPKIT_PG_RESTART" node --test packages/server/dist/test/db-restart.test.js
else
  "$@"
fi
