#!/usr/bin/env bash
# serve_restart.sh — a submission that got its 202 is graded, exactly once,
# through a kill -9 of `grader serve` in mid-grading and a restart, and
# through a SIGTERM that gives a running job back.
#
# Evidence, read from the queue database's event log and the results: every
# accepted id ends done with one "finished" event and no refused second
# result; the jobs the kill interrupted were taken back from their dead
# workers ("owner_died") and graded on the second attempt; the workers died
# with the service; each result is of the very file its student sent (sha256).
# stage-cost: 45
set -u
cd "$(dirname "$0")/../.."
name=serve_restart
tmp=$(mktemp -d)
cleanup() { serve_cleanup; rm -rf "$tmp"; }
trap cleanup EXIT
. tests/e2e/serve/lib.bash

export XDG_CONFIG_HOME=$tmp/config XDG_STATE_HOME=$tmp/state
unset GRADEBOX_WEBHOOK_URL GRADEBOX_SERVE_DB GRADEBOX_TOKEN_KEY_FILE
"$GRADER" token keygen "$tmp/key" >/dev/null || fail "token keygen"
prof=$(token prof --instructor)
db=$tmp/q.sqlite
students=(s001 s002 s003)
[ "${SANITIZE:-}" = 1 ] && students=(s001 s002)   # the same code, fewer gradings

sql() { $PY -c 'import sqlite3,sys; [print(*r) for r in sqlite3.connect(sys.argv[1]).execute(sys.argv[2])]' "$db" "$1"; }
states() { sql "select state, count(*) from submission group by state order by state" | tr '\n' ' '; }

serve_start r --db "$db" --workers 2
: >"$tmp/ids"
for s in "${students[@]}"; do
    t=$(token "$s")
    for n in 1 2; do
        f=$tmp/$s-$n/attention_by_hand.py
        mkdir -p "${f%/*}"
        { cat "$SAMPLE"; printf '# %s, try %d\n' "$s" "$n"; } >"$f"
        [ "$(api POST "${URL[r]}/api/v1/submissions" "$t" -F "file=@$f")" = 202 ] ||
            fail "upload $s $n: $(cat "$tmp/body")"
        echo "$(json id) $s $(sha256sum "$f" | cut -d' ' -f1)" >>"$tmp/ids"
    done
done
total=$(wc -l <"$tmp/ids")
ok "$total submissions accepted: $(states)"

# Kill -9 while both workers are grading (and one result, at least, is in).
# The workers are stopped (SIGSTOP) while the queue is read, so no job can
# finish between the reading and the kill: which jobs the kill interrupts is
# known exactly, however fast the machine grades.
workers=
frozen=0
for _ in $(seq 600); do
    if [ "$(sql "select count(*) from submission where state='running'")" = 2 ]; then
        workers=$(pgrep -P "${SERVE_PID[r]}" | tr '\n' ' ')
        [ -n "$workers" ] || fail "no worker processes under the service"
        kill -STOP $workers
        [ "$(sql "select count(*) from submission where state='running'")" = 2 ] &&
            [ "$(sql "select count(*) from submission where state='done'")" -ge 1 ] &&
            { frozen=1; break; }
        kill -CONT $workers
    fi
    sleep 0.2
done
[ "$frozen" = 1 ] || fail "never saw two gradings at once with a result in: $(states)"
running_before=$(sql "select id from submission where state='running'" | sort)
serve_kill9 r
alive() { for p in $workers; do kill -0 "$p" 2>/dev/null && return 0; done; return 1; }
for _ in $(seq 50); do alive || break; sleep 0.1; done
! alive || fail "workers ($workers) outlived the killed service"
ok "kill -9 with 2 gradings running ($(states)); its workers died with it"

serve_start r --db "$db" --workers 2
for id in $(cut -d' ' -f1 "$tmp/ids"); do
    [ "$(wait_done "${URL[r]}" "$prof" "$id" 600)" = done ] || fail "$id not graded after the restart"
done
ok "after the restart every accepted submission is done: $(states)"

[ "$(sql "select count(*) from submission")" = "$total" ] || fail "the queue holds more or fewer than $total"
sql "select submission, count(*) from event where what='finished' group by submission having count(*) != 1" >"$tmp/twice"
[ ! -s "$tmp/twice" ] || fail "graded other than once: $(cat "$tmp/twice")"
[ "$(sql "select count(*) from event where what='finished'")" = "$total" ] || fail "finished events"
[ "$(sql "select count(*) from event where what='finish_refused'")" = 0 ] || fail "a second result was attempted"
for id in $running_before; do
    [ "$(sql "select count(*) from event where submission='$id' and what='owner_died'")" = 1 ] ||
        fail "$id, interrupted, was not taken back from its dead worker"
    [ "$(sql "select attempts from submission where id='$id'")" = 2 ] || fail "$id: attempts"
done
while read -r id s sha; do
    [ "$(api GET "${URL[r]}/api/v1/submissions/$id" "$prof")" = 200 ] || fail "read $id"
    $PY - "$tmp/body" "$s" "$sha" <<'PY' || fail "$id: the result is not of the file $s sent"
import json, sys
doc = json.load(open(sys.argv[1]))
r = doc['result']
assert doc['status'] == 'done' and r['student'] == sys.argv[2], (doc['status'], r['student'])
assert r['submission_sha256'] == sys.argv[3], 'a result for another file'
assert r['score'] == r['max_score'] == 15, r['score']
PY
done <"$tmp/ids"
ok "one result each (one 'finished' event, none refused); the 2 interrupted taken back and graded on attempt 2; every result is its own student's file"

# SIGTERM mid-grading: the job is given back, not counted, and graded after the restart.
# The job sleeps 8 s after its work, so it is still running when the SIGTERM
# comes, however fast the machine grades.
t=$(token s009)
f=$tmp/s009/attention_by_hand.py
mkdir -p "${f%/*}"
{ cat "$SAMPLE"; printf 'import time\ntime.sleep(8)\n'; } >"$f"
[ "$(api POST "${URL[r]}/api/v1/submissions" "$t" -F "file=@$f")" = 202 ] || fail "upload s009"
id=$(json id)
for _ in $(seq 600); do
    [ "$(sql "select state from submission where id='$id'")" = running ] && break
    sleep 0.1
done
serve_stop r
[ "$(sql "select state, attempts from submission where id='$id'")" = "queued 0" ] ||
    fail "after SIGTERM: $(sql "select state, attempts from submission where id='$id'")"
# the worker records the release as it exits, which may be a moment after
# the server itself has stopped on a loaded machine
for _ in $(seq 100); do
    [ "$(sql "select count(*) from event where submission='$id' and what='released'")" = 1 ] && break
    sleep 0.1
done
[ "$(sql "select count(*) from event where submission='$id' and what='released'")" = 1 ] ||
    fail "the running job was not given back ($(sql "select count(*) from event where submission='$id' and what='released'") 'released' events)"
serve_start r --db "$db" --workers 1
[ "$(wait_done "${URL[r]}" "$t" "$id" 300)" = done ] || fail "$id not graded after SIGTERM"
[ "$(sql "select attempts from submission where id='$id'")" = 1 ] || fail "the given-back attempt counted"
$PY "$CLIENT" metrics "${URL[r]}/metrics" >"$tmp/metrics" || fail "metrics"
grep -q "^gradebox_grading_retries_total{} 2$" "$tmp/metrics" || fail "retries in /metrics"
serve_stop r
ok "SIGTERM gave the running job back (queued, attempt not counted); graded after the restart"
serve_check_logs
