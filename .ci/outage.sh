#!/usr/bin/env bash
# A database outage through the real binary (issue 19): the room plays in
# its console against PostgreSQL; the server is stopped for OUTAGE seconds
# (default 20) while a player acts, leaves and tops up, then started again;
# the room is not restarted. Then:
#   - the console said the table was paused and that play resumes,
#   - a command after the outage is answered (the table plays again),
#   - `pokerroom audit` is clean (every chip where the ledger says),
#   - the room starts again cleanly on the same database.
#
#   .ci/outage.sh DIR     DIR: a server started by .ci/postgres.sh start DIR
#
# The same steps by hand are in README.md, "Operations: a database outage".
set -euo pipefail

dir=${1:?usage: $0 PGDIR (a server started by .ci/postgres.sh start PGDIR)}
OUTAGE=${OUTAGE:-20}
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
cd "$(dirname "${BASH_SOURCE[0]}")/.."
port=$(cat "$dir/port")
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
log() { echo "outage.sh: $*" >&2; }

work=$(mktemp -d /tmp/pokerroom-outage.XXXXXX)
db=pokerroom_outage_$$
as_pg "$PGBIN/createdb" -h "$dir" -p "$port" -U postgres "$db"
export DATABASE_URL="postgres://postgres@127.0.0.1:$port/$db?sslmode=disable"
export CONSOLE=on LOG_LEVEL=info
go build -o "$work/pokerroom" .
mkfifo "$work/in"
"$work/pokerroom" <"$work/in" >"$work/out" 2>"$work/err" &
pid=$!
exec 3>"$work/in"
cleanup() {
	local status=$?
	exec 3>&- || true
	kill "$pid" 2>/dev/null || true
	if [ ! -f "$dir/data/postmaster.pid" ]; then
		as_pg "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null || true
	fi
	if [ "$status" != 0 ]; then
		echo "--- console"; cat "$work/out"; echo "--- log"; tail -n 60 "$work/err"
	fi
	rm -rf "$work"
	exit "$status"
}
trap cleanup EXIT
say() { echo "$*" >&3; sleep "${2:-1}"; }

sleep 3 # the welcome: a table, the user seated, three practice opponents
say "/topup 10" 2
log "stopping PostgreSQL for ${OUTAGE}s"
as_pg "$PGBIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null
say "/call" 2
say "/check" 2
say "/topup 20" 2
say "/leave" 2
sleep "$OUTAGE"
log "starting PostgreSQL again"
as_pg "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
sleep 8 # the room reconnects and the table resumes within a few seconds
say "/wallet" 2
say "/tables" 2
echo quit >&3
exec 3>&-
wait "$pid" || { log "the room exited with status $?"; exit 1; }

grep -q "is paused: the database is unreachable" "$work/out" || { log "the console never said the table was paused"; exit 1; }
grep -q "the database is back, play resumes" "$work/out" || { log "the console never said play resumes"; exit 1; }
grep -q "Your wallet:" "$work/out" || { log "no answer to /wallet after the outage"; exit 1; }
if grep -qiE 'panic|table.which|table.none' "$work/out" "$work/err"; then
	log "a panic or a raw message key"; exit 1
fi
"$work/pokerroom" audit || { log "the audit after the outage is not clean"; exit 1; }
echo quit | "$work/pokerroom" >"$work/out2" 2>"$work/err2" || { log "the room did not start again"; cat "$work/err2"; exit 1; }
grep -q "You are at table" "$work/out2" || grep -q "table" "$work/out2" || { log "no welcome at the second start"; cat "$work/out2"; exit 1; }
if [ -n "${SHOW:-}" ]; then echo "--- console"; cat "$work/out"; echo "--- log"; grep -v level=DEBUG "$work/err"; fi
log "outage of ${OUTAGE}s: paused, resumed, audit clean, restart clean"
