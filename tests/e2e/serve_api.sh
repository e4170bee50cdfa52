#!/usr/bin/env bash
# serve_api.sh — `grader serve` end to end: the API and the pages through the
# real binary, one real grading per student, the report the same as
# `grader check` gives, tokens (none, forged, expired, revoked), who sees what,
# every bad input of issue 15 answered with a clear 4xx and nothing queued,
# a slowloris client cut off while others are served, the limits (429/503
# with Retry-After), /metrics parsed by prometheus_client, the result posted
# to a loopback LMS through the outbox, TLS, and a clean SIGTERM.
# stage-cost: 50
set -u
cd "$(dirname "$0")/../.."
name=serve_api
tmp=$(mktemp -d)
rpid=
cleanup() {
    serve_cleanup
    [ -n "$rpid" ] && kill "$rpid" 2>/dev/null && wait "$rpid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
. tests/e2e/serve/lib.bash

export XDG_CONFIG_HOME=$tmp/config XDG_STATE_HOME=$tmp/state
export GRADEBOX_OUTBOX=$tmp/outbox.sqlite GRADEBOX_WEBHOOK_SECRET_FILE=$tmp/secret
unset GRADEBOX_WEBHOOK_SECRET GRADEBOX_CONFIG GRADEBOX_WEBHOOK_URL GRADEBOX_SERVE_DB \
      GRADEBOX_TOKEN_KEY_FILE

"$GRADER" token keygen "$tmp/key" >/dev/null || fail "token keygen"
s1=$(token s001); s2=$(token s002); prof=$(token prof --instructor)
other_prof=$(token prof2 --course other --instructor)

# The same file graded by `grader check`, for comparison, while the service runs, with --integrity
# as the service grades (the hidden-input test of attend).
"$GRADER" check --integrity --format json --student s001 --assignment attention_by_hand "$SAMPLE" >"$tmp/check.json" 2>"$tmp/check.log" &
check_pid=$!
EXTRA_PIDS+=("$check_pid")

# A loopback LMS that checks signatures (the webhook tests' receiver).
printf 'whsec_%s\n' "$(head -c 32 /dev/urandom | base64)" >"$tmp/secret"
$PY tests/e2e/webhook_receiver.py --port 0 --port-file "$tmp/lms.port" \
    --secret-file "$tmp/secret" --mode-file "$tmp/lms.mode" --log "$tmp/lms.log" \
    --bodies "$tmp/lms" &
rpid=$!
for _ in $(seq 100); do [ -s "$tmp/lms.port" ] && break; sleep 0.05; done
[ -s "$tmp/lms.port" ] || fail "the LMS stand-in did not start"

serve_start a --db "$tmp/a.sqlite" --workers 1 --head-timeout 3 --idle-timeout 5 \
    --post "http://127.0.0.1:$(cat "$tmp/lms.port")/hook" --integrity all
A=${URL[a]}
# --integrity all reaches the workers (memory_lab's rerun by option); a bad value is a usage error.
for _ in $(seq 100); do
    worker=$(pgrep -P "${SERVE_PID[a]}" | head -1)
    [ -n "$worker" ] && break
    sleep 0.05
done
tr '\0' ' ' <"/proc/$worker/cmdline" | grep -q -- "--integrity all" ||
    fail "the worker was not started with --integrity all: $(tr '\0' ' ' <"/proc/$worker/cmdline")"
"$GRADER" serve --db "$tmp/never.sqlite" --integrity sometimes >"$tmp/bad.out" 2>&1
[ $? -eq 2 ] && grep -q "takes default or all" "$tmp/bad.out" || fail "--integrity sometimes: $(cat "$tmp/bad.out")"
ok "--integrity all passed to the worker; --integrity sometimes refused"
count() {   # submissions in a's queue
    $PY -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select count(*) from submission").fetchone()[0])' "$tmp/a.sqlite"
}

# --- health, exercises ---------------------------------------------------------
[ "$(api GET "$A/healthz" "")" = 200 ] && [ "$(json status)" = ok ] || fail "healthz"
[ "$(api GET "$A/api/v1/exercises" "")" = 200 ] || fail "exercises"
grep -q '"attention_by_hand.py"' "$tmp/body" || fail "exercises lists no attention_by_hand.py"
ok "healthz and the exercise list"

# --- one submission through the API, one through the page ----------------------
[ "$(api POST "$A/api/v1/submissions" "$s1" -F "file=@$SAMPLE")" = 202 ] ||
    fail "API upload: $(cat "$tmp/body")"
id1=$(json id)
[ "$(header Location)" = "$A/api/v1/submissions/$id1" ] || fail "Location: $(header Location)"
[ "$(json status)" = queued ] || fail "a new submission is not queued"
code=$(curl -sS -m 30 -o /dev/null -w '%{http_code}' -c "$tmp/jar" -H "Origin: $A" \
       --data-urlencode "token=$s2" "$A/login")
[ "$code" = 303 ] || fail "login answered $code"
grep -q 'gb_token' "$tmp/jar" || fail "login set no cookie"
loc=$(curl -sS -m 30 -o "$tmp/body" -w '%{redirect_url}' -b "$tmp/jar" -H "Origin: $A" \
      -F exercise=attention_by_hand -F "file=@$SAMPLE" "$A/submit")
id2=${loc##*/submissions/}
[ -n "$id2" ] && [ "$id2" != "$loc" ] || fail "the upload form did not redirect to a page: $loc"
curl -sS -m 30 -b "$tmp/jar" "$A/submissions/$id2" >"$tmp/page.html"
grep -q 'http-equiv="refresh"' "$tmp/page.html" || fail "a waiting page does not reload itself"
[ "$(count)" = 2 ] || fail "queue holds $(count) submissions, not 2"
ok "API upload -> 202 $id1; page upload -> 303 /submissions/$id2 (reloading while it waits)"

# --- tokens ------------------------------------------------------------------------
[ "$(api POST "$A/api/v1/submissions" "" -F "file=@$SAMPLE")" = 401 ] || fail "no token"
grep -qi '^WWW-Authenticate: Bearer' "$tmp/headers" || fail "a 401 without WWW-Authenticate"
# Forged: one signature character changed, five from the end (the last one
# carries unused bits, and replacing it with 'x' was no change when it was 'x').
c=${s1: -5:1}; [ "$c" = A ] && r=B || r=A
forged="${s1:0:${#s1}-5}$r${s1: -4}"
[ "$(api POST "$A/api/v1/submissions" "$forged" -F "file=@$SAMPLE")" = 401 ] || fail "forged"
grep -q signature "$tmp/body" || fail "a forged token's 401 does not say why"
now=$(date +%s)
expired=$($PY "$CLIENT" forge "$tmp/key" s001 ml101 $((now - 7200)) $((now - 3600)))
[ "$(api GET "$A/api/v1/submissions" "$expired")" = 401 ] || fail "expired token accepted"
grep -q expired "$tmp/body" || fail "an expired token's 401 does not say so"
good=$($PY "$CLIENT" forge "$tmp/key" s001 ml101 $((now - 60)) $((now + 3600)))
[ "$(api GET "$A/api/v1/submissions" "$good")" = 200 ] ||
    fail "a token made from the documented format is refused: $(cat "$tmp/body")"
s3=$(token s003)
[ "$(api GET "$A/api/v1/submissions" "$s3")" = 200 ] || fail "a fresh token"
"$GRADER" token revoke "$s3" --db "$tmp/a.sqlite" >/dev/null || fail "token revoke"
[ "$(api GET "$A/api/v1/submissions" "$s3")" = 401 ] || { cat "$tmp/body"; $PY -c "import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(\"select * from revoked_token\").fetchall())" "$tmp/a.sqlite"; "$GRADER" token show "$s3" --key "$tmp/key"; fail "a revoked token still works"; }
grep -q revoked "$tmp/body" || fail "a revoked token's 401 does not say so"
[ "$(count)" = 2 ] || fail "refused requests queued something"
ok "no, forged, expired and revoked tokens: 401 with the reason"

# --- who sees what ------------------------------------------------------------------
[ "$(api GET "$A/api/v1/submissions/$id1" "$s2")" = 404 ] || fail "s002 sees s001's submission"
[ "$(api GET "$A/api/v1/submissions/$id1" "$other_prof")" = 404 ] || fail "another course sees it"
[ "$(api GET "$A/api/v1/submissions/sdoesnotexistxxxxxxxxxxxxx" "$s1")" = 404 ] || fail "404"
[ "$(api GET "$A/api/v1/submissions/$id1" "$prof")" = 200 ] || fail "the instructor"
[ "$(api GET "$A/api/v1/submissions" "$s2")" = 200 ] || fail "list"
grep -q "$id2" "$tmp/body" && ! grep -q "$id1" "$tmp/body" || fail "s002's list is not theirs"
[ "$(api GET "$A/api/v1/submissions" "$prof")" = 200 ] || fail "list (instructor)"
grep -q "$id1" "$tmp/body" && grep -q "$id2" "$tmp/body" || fail "the instructor's list"
code=$(curl -sS -m 30 -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $s2" \
       "$A/submissions/$id1")
[ "$code" = 404 ] || fail "s002 reads s001's report page ($code)"
ok "a student sees only their own (404 otherwise), the instructor the course"

# --- bad input -------------------------------------------------------------------------
up() { api POST "$A/api/v1/submissions" "$s1" "$@"; }
head -c $((2 << 20)) /dev/zero | tr '\0' '#' >"$tmp/big.py"
[ "$(up -F "file=@$tmp/big.py;filename=attention_by_hand.py")" = 413 ] || fail "oversized"
grep -q 'at most 1048576 bytes' "$tmp/body" || fail "413 without the limit"
[ -z "$(header Retry-After)" ] || fail "a 413 says Retry-After (the same file cannot pass later)"
[ "$(up -H 'Transfer-Encoding: chunked' -F "file=@$tmp/big.py;filename=attention_by_hand.py")" = 413 ] ||
    fail "oversized, chunked"
printf -- '--XX\r\nContent-Disposition: form-data; name="file"; filename="attention_by_hand.py"\r\n\r\nprint(1)\r\n' >"$tmp/cut"
[ "$(up -H 'Content-Type: multipart/form-data; boundary=XX' --data-binary @"$tmp/cut")" = 400 ] ||
    fail "truncated multipart: $(cat "$tmp/body")"
[ "$(up -H 'Content-Type: application/json' --data '{"file": "x"}')" = 415 ] || fail "non-multipart"
grep -q 'multipart/form-data' "$tmp/body" || fail "415 does not say what to send"
[ "$(up -F "file=@$SAMPLE" -F exercise=no_such_exercise)" = 422 ] ||
    fail "unknown exercise: $(cat "$tmp/body")"
[ "$(up -F "file=@$SAMPLE;filename=mine.py")" = 422 ] || fail "no exercise, unknown file name"
head -c 3000 /dev/urandom >"$tmp/bin.py"
printf '\0' >>"$tmp/bin.py"
[ "$(up -F "file=@$tmp/bin.py;filename=attention_by_hand.py")" = 415 ] || fail "binary upload"
printf 'PK\003\004zipzipzip' >"$tmp/a.zip"
[ "$(up -F "file=@$tmp/a.zip;filename=attention_by_hand.py")" = 415 ] || fail "a zip"
for bad in '../../etc/attention_by_hand.py' 'C:\\Users\\me\\attention_by_hand.py' '/tmp/x.py' '..'; do
    [ "$(up -F "file=@$SAMPLE;filename=$bad" -F exercise=attention_by_hand)" = 400 ] ||
        fail "path-like name '$bad': $(cat "$tmp/body")"
done
: >"$tmp/empty.py"
[ "$(up -F "file=@$tmp/empty.py;filename=attention_by_hand.py")" = 422 ] || fail "empty file"
[ "$(up -F "other=@$SAMPLE")" = 400 ] || fail "a form without a file field"
[ "$(api PUT "$A/api/v1/submissions" "$s1" -d x)" = 405 ] || fail "PUT"
[ "$(api GET "$A/nope" "")" = 404 ] || fail "unknown path"
$PY "$CLIENT" truncated 127.0.0.1 "${A##*:}" "$s1" >/dev/null || fail "truncated upload client"
code=$(curl -sS -m 30 -o /dev/null -w '%{http_code}' -H "Origin: http://evil.example" \
       -b "$tmp/jar" -F exercise=attention_by_hand -F "file=@$SAMPLE" "$A/submit")
[ "$code" = 403 ] || fail "a cross-site form post answered $code"
sleep 0.5
[ "$(count)" = 2 ] || fail "bad input queued something: $(count) submissions"
[ "$(api GET "$A/healthz" "")" = 200 ] || fail "the service is not up after the bad input"
ok "oversized (announced and chunked) 413, truncated/odd forms 400, non-multipart 415," \
   "unknown exercise 422, binary and zip 415, path-like names 400, empty 422," \
   "cross-site 403, a body cut short: nothing queued, still up"

# --- slowloris --------------------------------------------------------------------------
$PY "$CLIENT" slowloris 127.0.0.1 "${A##*:}" 1 20 >"$tmp/slow.out" &
slow_pid=$!
EXTRA_PIDS+=("$slow_pid")
sleep 1
t0=$(date +%s%N)
[ "$(api GET "$A/healthz" "")" = 200 ] || fail "healthz while a slow client drips"
t1=$(date +%s%N)
wait "$slow_pid" || fail "slowloris: $(cat "$tmp/slow.out")"
secs=$(sed -n 's/^closed after \([0-9.]*\) s.*/\1/p' "$tmp/slow.out")
$PY -c "import sys; sys.exit(0 if float('$secs') < 6 else 1)" ||
    fail "a head dripped over $secs s was not cut at --head-timeout 3"
ok "slowloris cut off after $secs s (head timeout 3 s); healthz meanwhile in $(( (t1 - t0) / 1000000 )) ms"

# --- limits, on a service that grades nothing ---------------------------------------------
serve_start b --db "$tmp/b.sqlite" --workers 0 --max-pending 2 --max-queue 4
B=${URL[b]}
for i in 1 2; do
    [ "$(api POST "$B/api/v1/submissions" "$s1" -F "file=@$SAMPLE")" = 202 ] || fail "b: upload $i"
done
[ "$(api POST "$B/api/v1/submissions" "$s1" -F "file=@$SAMPLE")" = 429 ] || fail "pending limit: $(cat "$tmp/body")"
ra=$(header Retry-After)
[ -n "$ra" ] && [ "$ra" -ge 1 ] || fail "429 without Retry-After"
grep -q 'still waiting' "$tmp/body" || fail "429 does not say why: $(cat "$tmp/body")"
for i in 1 2; do
    [ "$(api POST "$B/api/v1/submissions" "$s2" -F "file=@$SAMPLE")" = 202 ] || fail "b: s002 $i"
done
s4=$(token s004)
[ "$(api POST "$B/api/v1/submissions" "$s4" -F "file=@$SAMPLE")" = 503 ] || fail "queue full"
[ -n "$(header Retry-After)" ] || fail "503 without Retry-After"
$PY "$CLIENT" metrics "$B/metrics" >"$tmp/b.metrics" || fail "b's /metrics does not parse"
grep -q '^gradebox_refusals_total{reason=pending} 1$' "$tmp/b.metrics" || fail "pending refusal not counted"
grep -q '^gradebox_refusals_total{reason=queue_full} 1$' "$tmp/b.metrics" || fail "queue_full not counted"
grep -q '^gradebox_queue_depth{state=queued} 4$' "$tmp/b.metrics" || fail "queue depth"
serve_stop b
serve_start b --db "$tmp/b.sqlite" --workers 0 --max-pending 0 --per-hour 2 --max-queue 0
B=${URL[b]}
[ "$(api POST "$B/api/v1/submissions" "$s1" -F "file=@$SAMPLE")" = 429 ] || fail "hourly limit"
ra=$(header Retry-After)
[ -n "$ra" ] && [ "$ra" -gt 3500 ] && [ "$ra" -le 3600 ] || fail "hourly Retry-After $ra"
serve_stop b
ok "429 pending (Retry-After ${ra:+set}), 503 full queue, 429 hourly (Retry-After $ra s), counted in /metrics"

# --- TLS ------------------------------------------------------------------------------------
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$tmp/tls.key" -out "$tmp/tls.crt" -days 1 \
    -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 >/dev/null 2>&1 || fail "openssl req"
serve_start t --db "$tmp/t.sqlite" --workers 0 --tls-cert "$tmp/tls.crt" --tls-key "$tmp/tls.key"
T=https://${URL[t]#http://}
[ "$(curl -sS -m 30 --cacert "$tmp/tls.crt" -o /dev/null -w '%{http_code}' "$T/healthz")" = 200 ] ||
    fail "healthz over TLS"
code=$(curl -sS -m 30 -o /dev/null -w '%{http_code}' "${URL[t]}/healthz" 2>/dev/null)
[ "$code" != 200 ] || fail "plain HTTP answered on the TLS port"
serve_stop t
ok "TLS with --tls-cert/--tls-key"

# --- the results ------------------------------------------------------------------------------
[ "$(wait_done "$A" "$s1" "$id1" 300)" = done ] || fail "$id1 was not graded"
[ "$(wait_done "$A" "$s2" "$id2" 300)" = done ] || fail "$id2 was not graded"
[ "$(api GET "$A/api/v1/submissions/$id1" "$s1")" = 200 ] || fail "reading the result"
wait "$check_pid" || true
$PY - "$tmp/body" "$tmp/check.json" <<'PY' || fail "the service's result differs from grader check's"
import json, sys
served, checked = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
r = served['result']
assert r['schema'] == 'gradebox.result/1', r['schema']
assert served['score'] == r['score'] == checked['score'], (served['score'], checked['score'])
assert r['result_key'] == checked['result_key'], 'result_key (student, assignment, exercise) differs'
assert [(c['id'], c['verdict'], c['points']) for c in r['checks']] == \
       [(c['id'], c['verdict'], c['points']) for c in checked['checks']]
assert served['result_status'] == r['status'] == 'passed'
PY
curl -sS -m 30 -b "$tmp/jar" "$A/submissions/$id2" >"$tmp/page.html"
grep -q 'total: 15/15 points' "$tmp/page.html" || fail "the report page has no report"
! grep -q 'http-equiv="refresh"' "$tmp/page.html" || fail "a finished page still reloads"
ok "both graded; the API's result is grader check's (score, result_key, every check); the page shows the report"

for _ in $(seq 100); do grep -q "^accepted $($PY -c 'import json,sys; print(json.load(open(sys.argv[1]))["result"]["result_id"])' "$tmp/body") " "$tmp/lms.log" 2>/dev/null && break; sleep 0.2; done
rid=$($PY -c 'import json,sys; print(json.load(open(sys.argv[1]))["result"]["result_id"])' "$tmp/body")
grep -q "^accepted $rid " "$tmp/lms.log" || fail "the LMS did not receive $rid"
ok "the result reached the LMS, signed, as webhook-id $rid"

$PY "$CLIENT" metrics "$A/metrics" >"$tmp/a.metrics" || fail "/metrics does not parse"
grep -q '^gradebox_submissions_graded_total{status=passed} 2$' "$tmp/a.metrics" || fail "graded_total"
grep -q '^gradebox_grading_seconds_count{} 2$' "$tmp/a.metrics" || fail "grading histogram"
grep -q '^gradebox_http_responses_total{code=202} 1$' "$tmp/a.metrics" || fail "202 count"
grep -q '^gradebox_accept_seconds_count{} 2$' "$tmp/a.metrics" || fail "accept histogram (the API's 202 and the page's 303)"
grep -q '^gradebox_http_deadline_closes_total{} [1-9]' "$tmp/a.metrics" || fail "deadline closes"
ok "/metrics parses and counts what happened"

serve_stop a
grep -q 'stopped; every accepted submission is kept' "$tmp/a.log" || fail "no clean stop"
ok "SIGTERM: a clean stop"
serve_check_logs
