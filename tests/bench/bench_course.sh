#!/usr/bin/env bash
# bench_course.sh — the checker service at course scale (bench_course.c does
# the work and says what it measures): on SQLite, and on PostgreSQL too when
# it can start one — Debian's, as root, on a socket in a scratch directory,
# as tests/e2e/serve_postgres.sh does.  Without root or the package the
# PostgreSQL figures are left out, with a note.
#
#   BENCH_COURSE_STUDENTS (200)  students in the real deadline run
#   BENCH_COURSE_SCALE (90)      simulated seconds per wall second
set -u
cd "$(dirname "$0")/../.."
: "${GRADER:=$PWD/bin/grader}"
bin=${BUILD_DIR:-build/rel}/bench/bench_course
[ -x "$bin" ] || { echo "bench_course: no $bin (make bench builds it)"; exit 1; }
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
tmp=$(mktemp -d)
chmod 755 "$tmp"
pg_started=
cleanup() {
    [ -n "$pg_started" ] && runuser -u postgres -- "$pgbin/pg_ctl" -D "$tmp/pg/data" -m immediate stop >/dev/null 2>&1
    rm -rf "$tmp"
}
trap cleanup EXIT
if [ "$(id -u)" = 0 ] && [ -n "$pgbin" ] && id postgres >/dev/null 2>&1; then
    mkdir "$tmp/pg" && chown postgres "$tmp/pg" && chmod 700 "$tmp/pg"
    if runuser -u postgres -- "$pgbin/initdb" -D "$tmp/pg/data" -E UTF8 --locale=C -A trust \
            -U postgres >"$tmp/initdb.log" 2>&1 &&
        runuser -u postgres -- "$pgbin/pg_ctl" -D "$tmp/pg/data" -l "$tmp/pg/server.log" -w \
            -t 60 -o "-k $tmp/pg -c listen_addresses= -c max_connections=200" start >/dev/null &&
        pg_started=1 &&
        runuser -u postgres -- "$pgbin/createdb" -h "$tmp/pg" gradebox; then
        export BENCH_PG_URL="postgresql:///gradebox?host=$tmp/pg&user=postgres"
        echo "PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on $tmp/pg (defaults: fsync on)"
    else
        echo "bench_course: could not start PostgreSQL; SQLite only"
    fi
fi
GRADER=$GRADER "$bin"
