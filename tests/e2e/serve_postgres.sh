#!/usr/bin/env bash
# serve_postgres.sh — many hosts, one queue: Debian's PostgreSQL, started by
# this test on a Unix socket in a scratch directory (as root, with the
# postgres user; stopped at the end), holds the queue of one `grader serve
# --workers 0` (the web side) and two `grader worker` processes (the grading
# hosts).  Checks: the queue unit suite passes against PostgreSQL; both
# workers grade (SKIP LOCKED hands each job to one of them); a worker killed
# -9 mid-grading loses its job only until its lease (5 s here) runs out, then
# the other grades it; every accepted submission ends with exactly one result.
# stage-cost: 70
set -u
cd "$(dirname "$0")/../.."
name=serve_postgres
if [ "$(id -u)" -ne 0 ]; then
    echo "$name: SKIPPED: needs root to start PostgreSQL as the postgres user (CI runs as root)"
    exit 0
fi
pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$pgbin" ] || ! id postgres >/dev/null 2>&1; then
    echo "$name: SKIPPED: Debian's postgresql package is not installed (.ci/install-deps installs it)"
    exit 0
fi
tmp=$(mktemp -d)
chmod 755 "$tmp"
pg_started=
cleanup() {
    serve_cleanup
    [ -n "$pg_started" ] && runuser -u postgres -- "$pgbin/pg_ctl" -D "$tmp/pg/data" -m immediate stop >/dev/null 2>&1
    rm -rf "$tmp"
}
trap cleanup EXIT
. tests/e2e/serve/lib.bash

# --- a private PostgreSQL on a Unix socket ------------------------------------------
mkdir "$tmp/pg" && chown postgres "$tmp/pg" && chmod 700 "$tmp/pg"
runuser -u postgres -- "$pgbin/initdb" -D "$tmp/pg/data" -E UTF8 --locale=C -A trust -U postgres \
    >"$tmp/initdb.log" 2>&1 || fail "initdb"
runuser -u postgres -- "$pgbin/pg_ctl" -D "$tmp/pg/data" -l "$tmp/pg/server.log" -w -t 60 \
    -o "-k $tmp/pg -c listen_addresses= -c max_connections=60" start >/dev/null || fail "pg_ctl start"
pg_started=1
runuser -u postgres -- "$pgbin/createdb" -h "$tmp/pg" gradebox || fail "createdb"
db="postgresql:///gradebox?host=$tmp/pg&user=postgres"
psql_q() { runuser -u postgres -- psql -h "$tmp/pg" -d gradebox -tAq -c "$1"; }
ok "PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on $tmp/pg"

# --- the queue's unit suite, against this server ----------------------------------------
suite=$BUILD_DIR/tests/serve/test_queue
[ -x "$suite" ] || fail "no $suite (make builds it)"
runuser -u postgres -- "$pgbin/createdb" -h "$tmp/pg" gradebox_unit || fail "createdb unit"
GRADEBOX_TEST_PG_URL="postgresql:///gradebox_unit?host=$tmp/pg&user=postgres" "$suite" \
    >"$tmp/unit.log" 2>&1 || fail "test_queue against PostgreSQL: $(tail -5 "$tmp/unit.log")"
grep -q '100%' "$tmp/unit.log" || fail "test_queue: $(cat "$tmp/unit.log")"
ok "the queue suite passes against PostgreSQL ($(grep -o 'Checks: [0-9]*' "$tmp/unit.log"))"

# --- one web side, two grading hosts -------------------------------------------------------
export XDG_CONFIG_HOME=$tmp/config XDG_STATE_HOME=$tmp/state
unset GRADEBOX_WEBHOOK_URL GRADEBOX_SERVE_DB GRADEBOX_TOKEN_KEY_FILE
"$GRADER" token keygen "$tmp/key" >/dev/null || fail "token keygen"
serve_start web --db "$db" --workers 0
W=${URL[web]}
start_worker() {   # N: a `grader worker` "host" with a short lease
    # Each in its own UTS namespace with its own host name, as on two machines:
    # a worker judges only its own host's lease owners by their pids, so the
    # other's jobs come back through the lease alone.
    unshare --uts sh -c 'hostname "$1" && exec "$2" worker --db "$3" --lease 5' sh \
        "grading-host-$1" "$GRADER" "$db" >>"$tmp/worker$1.log" 2>&1 &
    eval "wpid$1=$!"
    EXTRA_PIDS+=("$!")
}
start_worker 1
start_worker 2
[ "$(api GET "$W/healthz" "")" = 200 ] && [ "$(json queue)" = postgresql ] || fail "healthz"

: >"$tmp/ids"
upload() {   # STUDENT TRY: hand in the sample once more
    local t f
    t=$(token "$1")
    f=$tmp/$1-$2/attention_by_hand.py
    mkdir -p "${f%/*}"
    { cat "$SAMPLE"; printf '# %s try %s\n' "$1" "$2"; } >"$f"
    [ "$(api POST "$W/api/v1/submissions" "$t" -F "file=@$f")" = 202 ] || fail "upload: $(cat "$tmp/body")"
    echo "$(json id) $t" >>"$tmp/ids"
}
n_students=3
[ "${SANITIZE:-}" = 1 ] && n_students=2
for i in $(seq "$n_students"); do
    upload "p00$i" 1
    upload "p00$i" 2
done

# Kill worker 1 -9 in the middle of its second grading (its first is in:
# both hosts have graded).  The worker is stopped (SIGSTOP) while its job is
# read, so the job cannot finish between the reading and the kill.  Which
# worker takes which job is up to the queue: when worker 2 has taken all
# that is left, one more is handed in until worker 1 takes one (a fixed
# number of jobs left this to chance, and a slow run found none).
victim=
late=0
for _ in $(seq 600); do
    if [ "$(psql_q "select count(*) from event where what='finished' and owner like 'grading-host-1:%'")" -ge 1 ]; then
        kill -STOP "$wpid1"
        victim=$(psql_q "select id from submission where state='running' and lease_owner like 'grading-host-1:%'")
        [ -n "$victim" ] && break
        kill -CONT "$wpid1"
        if [ "$(psql_q "select count(*) from submission where state='queued'")" = 0 ] && [ "$late" -lt 20 ]; then
            late=$((late + 1))
            upload p009 "$late"
        fi
    fi
    sleep 0.2
done
total=$(wc -l <"$tmp/ids")
[ -n "$victim" ] || fail "worker 1 never started a second job"
kill -9 "$wpid1"
wait "$wpid1" 2>/dev/null
t_kill=$(date +%s)
ok "$total accepted; worker 1 (pid $wpid1) killed -9 while grading its second, $victim"

while read -r id t; do
    [ "$(wait_done "$W" "$t" "$id" 600)" = done ] || fail "$id was not graded"
done <"$tmp/ids"
[ "$(psql_q "select count(*) from submission where state='done'")" = "$total" ] || fail "not all done"
[ -z "$(psql_q "select submission from event where what='finished' group by submission having count(*) <> 1")" ] ||
    fail "a submission was graded other than once"
[ "$(psql_q "select count(*) from event where what='finished'")" = "$total" ] || fail "finished events"
[ "$(psql_q "select count(*) from event where submission='$victim' and what='lease_expired'")" = 1 ] ||
    fail "the killed worker's job was not taken over after its lease:
$(psql_q "select submission, what, owner, at_ms from event order by seq")"
[ "$(psql_q "select attempts from submission where id='$victim'")" = 2 ] || fail "victim attempts"
taken=$(psql_q "select at_ms/1000 from event where submission='$victim' and what='lease_expired'")
[ $((taken - t_kill)) -le 30 ] || fail "the job waited $((taken - t_kill)) s after the kill (lease 5 s)"
graded_by=$(psql_q "select count(distinct owner) from event where what='finished'")
[ "$graded_by" = 2 ] || fail "the results came from $graded_by worker(s), not both"
ok "all $total graded once each, by both workers; the killed worker's job retaken $((taken - t_kill)) s after the kill (lease 5 s)"

kill -TERM "$wpid2"
wait "$wpid2" || fail "worker 2 did not stop cleanly on SIGTERM"
serve_stop web
ok "worker and service stopped cleanly"
serve_check_logs
