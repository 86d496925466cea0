#!/usr/bin/env bash
# Throwaway PostgreSQL 15 for tests.
#
#   .ci/postgres.sh start DIR   initdb into DIR (created if needed), start a
#                               server on a free 127.0.0.1 port with its socket
#                               in DIR, create database pokerroom_test, and
#                               print its DSN (postgres://...) on stdout.
#   .ci/postgres.sh stop DIR    stop that server and remove DIR. Safe to call
#                               twice, or after a failed start.
#
# Installs postgresql-15 with apt-get if /usr/lib/postgresql/15/bin/initdb is
# missing. initdb refuses to run as root, so as root the server runs as the
# postgres user (runuser); otherwise as the current user.
set -euo pipefail

PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
DBNAME=pokerroom_test

log() { echo "postgres.sh: $*" >&2; }

as_pg() {
	if [ "$(id -u)" = 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

ensure_installed() {
	if [ -x "$PGBIN/initdb" ]; then
		return
	fi
	log "$PGBIN/initdb missing: installing postgresql-15 with apt-get"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >&2
	apt-get install -y -qq --no-install-recommends postgresql-15 >&2
	[ -x "$PGBIN/initdb" ] || { log "postgresql-15 installed but $PGBIN/initdb is still missing"; exit 1; }
}

port_free() {
	# A connection that succeeds means someone listens there.
	! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

start() {
	local dir=$1
	ensure_installed
	mkdir -p "$dir"
	if [ "$(id -u)" = 0 ]; then
		chown postgres: "$dir"
	fi
	chmod 700 "$dir"
	as_pg "$PGBIN/initdb" -D "$dir/data" -A trust -U postgres --no-sync -E UTF8 >"$dir/initdb.log" 2>&1 ||
		{ log "initdb failed:"; cat "$dir/initdb.log" >&2; exit 1; }
	local port tries=0
	while :; do
		port=$((20000 + RANDOM % 20000))
		tries=$((tries + 1))
		if port_free "$port" && as_pg "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
			-o "-k $dir -p $port -c listen_addresses=127.0.0.1 -c fsync=off" \
			start >&2; then
			break
		fi
		if [ "$tries" -ge 5 ]; then
			log "could not start the server; its log:"
			cat "$dir/server.log" >&2 || true
			exit 1
		fi
		log "port $port did not work, trying another"
	done
	echo "$port" >"$dir/port"
	as_pg "$PGBIN/createdb" -h "$dir" -p "$port" -U postgres "$DBNAME"
	log "PostgreSQL $("$PGBIN/postgres" --version | awk '{print $3}') running on 127.0.0.1:$port, data in $dir/data"
	echo "postgres://postgres@127.0.0.1:$port/$DBNAME?sslmode=disable"
}

stop() {
	local dir=$1
	if [ -f "$dir/data/postmaster.pid" ]; then
		as_pg "$PGBIN/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || log "pg_ctl stop failed"
	fi
	rm -rf "$dir"
}

case "${1:-}" in
start) start "${2:?usage: $0 start DIR}" ;;
stop) stop "${2:?usage: $0 stop DIR}" ;;
*)
	echo "usage: $0 start|stop DIR" >&2
	exit 2
	;;
esac
