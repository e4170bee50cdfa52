#!/usr/bin/env bash
# webhook.sh — results reach a loopback LMS signed, exactly once by webhook-id,
# through 500s, timeouts, refused connections, 410, 4xx, a wrong secret, TLS
# without a trusted CA, and a kill -9 of the grader mid-flush.
#
# The receiver (webhook_receiver.py, 127.0.0.1 only) verifies every signature
# and records what it accepted; duplicates are allowed only as retries of the
# same webhook-id, so the test checks that every result posted (one student
# each) was accepted under exactly one webhook-id, and nothing else was.
set -u
cd "$(dirname "$0")/../.."
here=$PWD/tests/e2e
tmp=$(mktemp -d)
rpid=
fpids=()
cleanup() {
    [ -n "$rpid" ] && kill "$rpid" 2>/dev/null && wait "$rpid" 2>/dev/null
    for p in "${fpids[@]}"; do kill -9 "$p" 2>/dev/null; done
    rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
    echo "webhook: FAIL: $*"
    echo "--- last stdout"; cat "$tmp/out"; echo "--- last stderr"; cat "$tmp/err"
    echo "--- receiver log"; tail -20 "$tmp/received.log"
    exit 1
}
ok() { echo "webhook: ok: $*"; }

PY=/usr/bin/python3
port=0
printf 'whsec_%s\n' "$(head -c 32 /dev/urandom | base64)" >"$tmp/secret"
secret_b64=$(sed 's/^whsec_//' "$tmp/secret")
: >"$tmp/received.log"
: >"$tmp/grader.log"

start_receiver() {   # [extra receiver args...]
    rm -f "$tmp/port"
    $PY "$here/webhook_receiver.py" --port "$port" --port-file "$tmp/port" \
        --secret-file "$tmp/secret" --mode-file "$tmp/mode" --log "$tmp/received.log" \
        --bodies "$tmp/bodies" "$@" &
    rpid=$!
    for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.05; done
    [ -s "$tmp/port" ] || fail "receiver did not start"
    port=$(cat "$tmp/port")
}
stop_receiver() { kill "$rpid"; wait "$rpid" 2>/dev/null; rpid=; }
mode() { echo "$*" >"$tmp/mode"; }

export XDG_CONFIG_HOME=$tmp/config GRADEBOX_OUTBOX=$tmp/outbox.sqlite
export GRADEBOX_WEBHOOK_SECRET_FILE=$tmp/secret
export GRADEBOX_WEBHOOK_RETRY_BASE=0.05 GRADEBOX_WEBHOOK_RETRY_MAX_DELAY=0.2
# Generous for a loaded machine; the "slow" receiver case sleeps past it.
export GRADEBOX_WEBHOOK_CONNECT_TIMEOUT=3 GRADEBOX_WEBHOOK_TIMEOUT=3
unset GRADEBOX_WEBHOOK_SECRET GRADEBOX_CONFIG GRADEBOX_WEBHOOK_URL GRADEBOX_RESULT_SIGN_KEY
# This machine's result key, as `grader check` makes it on first use: results
# written here by hand are signed with it (sign), as the grader signs its own.
mkdir -p "$XDG_CONFIG_HOME/gradebox" \
    && openssl genpkey -algorithm ed25519 -out "$XDG_CONFIG_HOME/gradebox/results.key" 2>/dev/null \
    && chmod 600 "$XDG_CONFIG_HOME/gradebox/results.key" || { echo "webhook: FAIL: no key"; exit 1; }
sign() { $PY "$here/lib/sign_result.py" "$XDG_CONFIG_HOME/gradebox/results.key" "$@"; }

grader() {   # runs the grader, bounded, logging its stderr; sets $rc
    timeout 120 "$GRADER" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    cat "$tmp/err" >>"$tmp/grader.log"
}
# The result_id the grader gave result N (student sN): the webhook-id the
# receiver logged for that student (the grader computes ids; the test reads them).
id_of() { awk -v s="s$1" '$4 == s {print $2; exit}' "$tmp/received.log"; }
make_json() {   # make_json N -> path of an unsigned gradebox.result/1 file: ten 1-point checks, N%10 pass
    local pass=$(( $1 % 10 )) checks= c
    for c in 0 1 2 3 4 5 6 7 8 9; do
        if [ "$c" -lt "$pass" ]; then v=pass p=1; else v=fail p=0; fi
        checks="$checks${checks:+,}{\"id\":\"c$c\",\"verdict\":\"$v\",\"points\":$p,\"max_points\":1}"
    done
    cat >"$tmp/r$1.json" <<JSON
{"schema":"gradebox.result/1","result_id":"$(printf %016x "$1")","student":"s$1","assignment":"hw3",
 "exercise":"attention_by_hand","score":$pass,"max_score":10,
 "graded_at":"2026-12-02T13:00:00Z","grader_version":"test","runtime":{"python":"3.11"},
 "run":{},"checks":[$checks]}
JSON
    echo "$tmp/r$1.json"
}
# result N: like make_json, signed, and the result must reach the receiver by the end.
result() { echo "s$1" >>"$tmp/posted"; sign "$(make_json "$1")" && echo "$tmp/r$1.json"; }
accepted() { grep -c "^accepted $1 " "$tmp/received.log"; }
queued() { grader outbox list; grep -c "^$1 " "$tmp/out"; }

start_receiver
export GRADEBOX_WEBHOOK_URL=http://127.0.0.1:$port/hook

# 1. Happy path: delivered signed, removed from the outbox.
mode ok
grader post "$(result 1)"
[ $rc -eq 0 ] || fail "post to a healthy receiver exited $rc"
[ "$(accepted "$(id_of 1)")" -eq 1 ] || fail "result 1 not accepted exactly once"
grep -q '"schema":"gradebox.delivery/1"' "$tmp/bodies/$(id_of 1).json" || fail "body schema"
grader outbox list
grep -q "^0 messages" "$tmp/err" || fail "outbox not empty after a 2xx"
ok "delivered and removed"

# 2. Bad input: a clear error naming file and field; nothing queued.
echo '{"schema":"gradebox.result/1",' >"$tmp/broken.json"
sed 's/"max_score":10,//' "$(make_json 2)" >"$tmp/nomax.json" && sign "$tmp/nomax.json"
grader post "$tmp/broken.json" "$tmp/nomax.json"
[ $rc -eq 2 ] || fail "bad input exited $rc, not 2"
grep -q "broken.json: not a JSON object" "$tmp/err" || fail "no clear error for broken.json"
grep -q 'nomax.json: field "max_score" is missing' "$tmp/err" || fail "no clear error for nomax"
ok "bad input refused clearly"

# 3. 500s: kept with attempts, then delivered by a flush.
mode status 500
grader post "$(result 3)" "$(result 4)" "$(result 5)"
[ $rc -eq 1 ] || fail "post during 500s exited $rc, not 1"
grader outbox list
[ "$(grep -c 'pending.*HTTP 500' "$tmp/out")" -eq 3 ] || fail "500s not kept as pending"
mode ok
grader outbox flush --wait 10
[ $rc -eq 0 ] || fail "flush after 500s exited $rc"
for n in 3 4 5; do [ "$(accepted "$(id_of $n)")" -eq 1 ] || fail "result $n after 500s"; done
ok "500s retried"

# 4. A flaky receiver: post --wait rides out two 503s.
mode flaky 503 2
grader post --wait 10 "$(result 6)"
[ $rc -eq 0 ] || fail "post --wait through 503s exited $rc"
[ "$(grep -c "status-503 $(id_of 6)" "$tmp/received.log")" -eq 2 ] || fail "expected 2 503s"
ok "backoff through 503s"

# 5. Slow past the timeout: retried with the same webhook-id.
mode slow 5
grader post "$(result 7)"
[ $rc -eq 1 ] || fail "post to a hanging receiver exited $rc"
grep -q "Operation timed out\|timed out" "$tmp/err" || fail "timeout not reported"
mode ok
grader outbox flush --wait 10
[ $rc -eq 0 ] || fail "flush after timeout exited $rc"
ok "timeout retried"

# 6. Refused connections: nothing listening, then the LMS comes back.
stop_receiver
grader post "$(result 8)" "$(result 9)"
[ $rc -eq 1 ] || fail "post to a down receiver exited $rc"
grep -q "Connection refused\|Failed to connect\|Couldn't connect" "$tmp/err" \
    || fail "refused connection not reported"
# With the LMS unreachable, a flush probes one wave and leaves the rest due
# instead of spending a timeout on every message.
grader post --max-connections 2 $(for n in 20 21 22 23 24 25; do result $n; done)
[ $rc -eq 1 ] || fail "post of six to a down receiver exited $rc"
grep -q "no answer from the first 2 deliveries" "$tmp/err" || fail "no stall after one wave"
[ "$(grep -c "^not delivered" "$tmp/err")" -eq 2 ] || fail "stall: more than one wave tried"
grader outbox list
[ "$(grep -c ' pending  *0 ' "$tmp/out")" -ge 4 ] || fail "stall: expected 4+ unattempted"
start_receiver
grader outbox flush --wait 10
[ $rc -eq 0 ] || fail "flush after the receiver returned exited $rc"
ok "refused connections retried; an unreachable LMS stalls a flush after one wave"

# 7. 410 Gone disables the endpoint; retry ID re-enables it.
mode status 410
grader post "$(result 10)"
[ $rc -eq 1 ] || fail "post to a 410 endpoint exited $rc"
grep -q "now disabled" "$tmp/err" || fail "410 not reported as disabling"
mode ok
grader outbox flush
grep -q "0 attempted" "$tmp/err" || fail "a disabled endpoint was still sent to"
grader outbox list
grep -q "disabled" "$tmp/out" || fail "list does not show the disabled endpoint"
grader outbox retry "$(id_of 10)"
[ $rc -eq 0 ] || fail "retry after 410 exited $rc"
ok "410 disables, retry re-enables"

# 8. A 400 is permanent: kept with the response, not retried until asked.
mode status 400
grader post --wait 2 "$(result 11)"
[ $rc -eq 1 ] || fail "post to a 400 exited $rc"
[ "$(grep -c "status-400 $(id_of 11)" "$tmp/received.log")" -eq 1 ] || fail "400 was retried"
grader outbox list
grep -q "failed.*HTTP 400" "$tmp/out" && grep -q "response: receiver says 400" "$tmp/out" \
    || fail "400 not kept with its response"
mode ok
grader outbox retry "$(id_of 11)"
[ $rc -eq 0 ] || fail "retry after 400 exited $rc"
ok "4xx permanent, kept with response"

# 9. Retries are bounded: after max-attempts the message is kept as failed.
mode status 503
grader post --max-attempts 3 --wait 5 "$(result 12)"
[ $rc -eq 1 ] || fail "exhausted retries exited $rc"
[ "$(grep -c "status-503 $(id_of 12)" "$tmp/received.log")" -eq 3 ] || fail "not 3 attempts"
grep -q "gave up after 3 attempts" "$tmp/err" || fail "giving up not reported"
mode ok
grader outbox retry "$(id_of 12)"
[ $rc -eq 0 ] || fail "retry after giving up exited $rc"
ok "bounded retries"

# 10. The receiver checks signatures: a wrong secret is refused (401, permanent).
printf 'not-the-lms-secret-at-all\n' >"$tmp/wrong"
grader post --secret-file "$tmp/wrong" "$(result 13)"
[ $rc -eq 1 ] || fail "post with a wrong secret exited $rc"
grep -q "^badsig $(id_of 13)" "$tmp/received.log" || fail "receiver did not flag the signature"
grader outbox retry "$(id_of 13)"
[ $rc -eq 0 ] || fail "retry with the right secret exited $rc"
ok "signatures verified"

# 11. Forged or edited results are refused with the reason, and not queued
#     (issue 16 item 7): a second "score", a score that is not the sum of
#     its checks, a status the checks do not give, data after the document.
f=$(make_json 14)
sed 's/"max_score":10,/"max_score":10,"score":9,/' "$f" >"$tmp/dup.json"
sed 's/"score":4,/"score":9,/' "$f" >"$tmp/sum.json"
sed 's/"max_score":10,/"max_score":10,"status":"passed",/' "$f" >"$tmp/status.json"
{ cat "$f"; echo garbage; } >"$tmp/trail.json"
cat "$f" "$f" >"$tmp/two.json"
sign "$tmp/sum.json" "$tmp/status.json"   # signed, and still wrong: checked all the same
grader post "$tmp/dup.json" "$tmp/sum.json" "$tmp/status.json" "$tmp/trail.json" "$tmp/two.json"
[ $rc -eq 2 ] || fail "forged results: exit $rc, not 2"
grep -q 'dup.json: duplicate key "score" in the document' "$tmp/err" || fail "duplicate key"
grep -q "sum.json: score 9 is not the sum of its checks' points (4)" "$tmp/err" || fail "sum"
grep -q 'status.json: status "passed" does not follow from the checks' "$tmp/err" || fail "status"
grep -q 'trail.json: trailing data' "$tmp/err" && grep -q 'two.json: trailing data' "$tmp/err" \
    || fail "trailing data"
grep -q "^grader post: 0 queued" "$tmp/err" || fail "a forged result was queued"
ok "forged results refused"

# 11b. A regrade is a new revision of the same cell (student, assignment,
#      exercise): queued after the first grading, it replaces it; the first,
#      queued again later, is stale.  Only the regrade reaches the receiver.
first=$(make_json 16) && sign "$first"
sed -e 's/"student":"s18"/"student":"s16"/' -e 's/T13:00:00Z/T14:00:00.250Z/' \
    "$(make_json 18)" >"$tmp/regrade.json" && sign "$tmp/regrade.json"
grader post --queue-only "$first"
grader post --queue-only "$tmp/regrade.json"
grep -q "regrade.json: replaces 1 older queued revision" "$tmp/err" || fail "regrade did not supersede"
grader post --queue-only "$first"
grep -q "is queued already; this one is not" "$tmp/err" || fail "stale revision was queued"
grader outbox flush
[ $rc -eq 0 ] || fail "flush of the regrade exited $rc"
regrade_id=$(awk '$1 == "accepted" && $4 == "s16" {print $2}' "$tmp/received.log" | sort -u)
[ "$(echo "$regrade_id" | wc -w)" -eq 1 ] || fail "s16: expected one revision, got: $regrade_id"
grep -q '"score":8' "$tmp/bodies/$regrade_id.json" || fail "the regrade's score was not delivered"
echo s16 >>"$tmp/posted"
ok "regrade supersedes the queued first grading; stale revision refused"

# 12. TLS is verified by default; --ca-file trusts a private CA.
if openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 \
        -addext subjectAltName=IP:127.0.0.1 -keyout "$tmp/key.pem" -out "$tmp/cert.pem" \
        >/dev/null 2>&1; then
    saved_port=$port; port=0
    stop_receiver
    start_receiver --tls-cert "$tmp/cert.pem" --tls-key "$tmp/key.pem"
    grader post --to "https://127.0.0.1:$port/hook" "$(result 15)"
    [ $rc -eq 1 ] || fail "self-signed TLS was accepted without --ca-file"
    grep -qi "certificate" "$tmp/err" || fail "certificate problem not reported"
    grader outbox flush --wait 5 --ca-file "$tmp/cert.pem"
    [ $rc -eq 0 ] || fail "flush with --ca-file exited $rc"
    stop_receiver; port=$saved_port; start_receiver
    ok "TLS verified"
else
    fail "openssl could not make a test certificate"
fi

# 13. grader check --post: grade an answers document (nothing is run) and deliver it.
mkdir -p "$tmp/rubrics"
cat >"$tmp/rubrics/self_check.json" <<'JSON'
{"format": 1, "exercise": "self_check", "submission": "answers.md", "mode": "read",
 "checks": [{"id": "q1", "description": "question 1", "points": 1, "kind": "review",
             "section": "q1", "prompt": "does the argument hold?"}]}
JSON
printf '# q1\nbecause attention\n' >"$tmp/answers.md"
grader check --rubrics "$tmp/rubrics" --format json --student s77 --assignment hw3 \
    --post "http://127.0.0.1:$port/hook" "$tmp/answers.md"
[ $rc -le 1 ] || fail "check --post exited $rc"
check_id=$($PY -c 'import json, sys; print(json.load(open(sys.argv[1]))["result_id"])' "$tmp/out")
[ -n "$check_id" ] || fail "no result_id in check --format json"
echo s77 >>"$tmp/posted"
[ "$(accepted "$check_id")" -eq 1 ] || fail "check --post did not deliver $check_id"
GRADEBOX_WEBHOOK_SECRET_FILE= grader check --rubrics "$tmp/rubrics" --post "http://127.0.0.1:$port/hook" \
    "$tmp/answers.md"
[ $rc -eq 2 ] && grep -q "result not posted: no webhook secret" "$tmp/err" \
    || fail "check --post without a secret: exit $rc"
ok "check --post"

# 13b. Signed results: with a verify key, only what `grader check --sign-key`
#      wrote is delivered; the same result edited afterwards is refused.
openssl genpkey -algorithm ed25519 -out "$tmp/sign.pem" 2>/dev/null && chmod 600 "$tmp/sign.pem" \
    && openssl pkey -in "$tmp/sign.pem" -pubout -out "$tmp/sign.pub" || fail "no Ed25519 key"
grader check --rubrics "$tmp/rubrics" --format json --student s78 --assignment hw3 \
    --sign-key "$tmp/sign.pem" "$tmp/answers.md"
[ $rc -le 1 ] || fail "check --sign-key exited $rc"
cp "$tmp/out" "$tmp/signed.json"
sed -e 's/"verdict":\t"review"/"verdict":\t"pass"/' -e 's/"points":\t0,/"points":\t1,/' \
    -e 's/"score":\t0,/"score":\t1,/' -e 's/"needs_review"/"passed"/' \
    "$tmp/signed.json" >"$tmp/edited.json"
cmp -s "$tmp/signed.json" "$tmp/edited.json" && fail "the edit did not apply"
grader post --verify-key "$tmp/sign.pub" "$tmp/edited.json" "$tmp/r14.json"
[ $rc -eq 2 ] || fail "edited and unsigned results under a verify key: exit $rc"
grep -q "edited.json: the result's signature does not match its content" "$tmp/err" \
    || fail "edit after signing not reported"
grep -q "r14.json: the result is not signed" "$tmp/err" || fail "unsigned result not reported"
grader post --verify-key "$tmp/sign.pub" "$tmp/signed.json"
[ $rc -eq 0 ] || fail "signed result under its verify key: exit $rc"
echo s78 >>"$tmp/posted"
[ "$(accepted "$($PY -c 'import json, sys; print(json.load(open(sys.argv[1]))["result_id"])' \
    "$tmp/signed.json")")" -eq 1 ] || fail "the signed result's id was not the one delivered"
ok "signed results verified, edits refused"

# 13c. Signed by default: what `grader check` writes is signed with this
#      machine's key and posts; an unsigned or edited result is refused unless
#      --allow-unsigned; a signed result that names no student is nobody's; a
#      student's own key is not this machine's; a machine with no key posts nothing.
grader check --rubrics "$tmp/rubrics" --format json --student s79 --assignment hw3 "$tmp/answers.md"
[ $rc -le 1 ] || fail "check --format json exited $rc"
cp "$tmp/out" "$tmp/s79.json"
grep -q '"key_id":' "$tmp/s79.json" || fail "check --format json did not sign by default"
sed 's/"needs_review"/"passed"/' "$tmp/s79.json" >"$tmp/s79_edited.json"
grader post "$tmp/s79_edited.json" "$tmp/r14.json"
[ $rc -eq 2 ] || fail "edited and unsigned results, no verify key given: exit $rc"
grep -q "s79_edited.json: the result's signature does not match its content" "$tmp/err" \
    || fail "edit after the default signature not reported"
grep -q "r14.json: the result is not signed.*--allow-unsigned" "$tmp/err" \
    || fail "unsigned result not refused by default"
grader post "$tmp/s79.json"
[ $rc -eq 0 ] || fail "a result signed by this machine's key: exit $rc"
echo s79 >>"$tmp/posted"
sed 's/"student":"s19",//' "$(make_json 19)" >"$tmp/nobody.json" && sign "$tmp/nobody.json"
grader post --student s91 "$tmp/nobody.json"
[ $rc -eq 2 ] && grep -q "nobody.json: the result is signed and names no student" "$tmp/err" \
    || fail "a signed result without a student was posted as s91's: exit $rc"
grader post --allow-unsigned "$(make_json 80)"
[ $rc -eq 0 ] || fail "post --allow-unsigned of an unsigned result: exit $rc"
echo s80 >>"$tmp/posted"
XDG_CONFIG_HOME=$tmp/student grader check --rubrics "$tmp/rubrics" --format json --student s81 \
    --assignment hw3 "$tmp/answers.md"
[ "$(stat -c %a "$tmp/student/gradebox/results.key")" = 600 ] || fail "student key not made 0600"
cp "$tmp/out" "$tmp/s81.json"
grader post "$tmp/s81.json"
[ $rc -eq 2 ] && grep -q "s81.json: the result is signed by key .*, not by the verify key" "$tmp/err" \
    || fail "a result signed by a student's own key was posted: exit $rc"
XDG_CONFIG_HOME=$tmp/nokey grader post "$tmp/s79.json"
[ $rc -eq 2 ] && grep -q "no key to check the results' signatures with" "$tmp/err" \
    || fail "a machine without a key posted: exit $rc"
ok "signed by default: unsigned, edited, re-addressed and foreign results refused"

# 14. kill -9 mid-flush, then two graders flush the same outbox at once.
mode slow 0.3
for n in $(seq 100 139); do result "$n" >>"$tmp/batch"; done
grader post --queue-only $(cat "$tmp/batch")
[ $rc -eq 1 ] || fail "post --queue-only exited $rc"
# Not under timeout(1): kill -9 must hit the grader itself.  --wait bounds it.
GRADEBOX_WEBHOOK_TIMEOUT=5 GRADEBOX_WEBHOOK_MAX_CONNECTIONS=4 \
    "$GRADER" outbox flush --wait 30 2>>"$tmp/grader.log" &
fpid=$!; fpids+=("$fpid")
sleep 1.2
kill -9 "$fpid"; wait "$fpid" 2>/dev/null
before=$(for n in $(seq 100 139); do accepted "$(id_of "$n")"; done | awk '$1 > 0' | wc -l)
[ "$before" -gt 0 ] && [ "$before" -lt 40 ] || fail "kill -9 did not land mid-flush ($before)"
mode ok
timeout 60 "$GRADER" outbox flush --wait 20 2>>"$tmp/grader.log" & f1=$!; fpids+=("$f1")
timeout 60 "$GRADER" outbox flush --wait 20 2>>"$tmp/grader.log" & f2=$!; fpids+=("$f2")
wait "$f1"; r1=$?; wait "$f2"; r2=$?
[ $r1 -eq 0 ] && [ $r2 -eq 0 ] || fail "concurrent flushes after kill -9 exited $r1/$r2"
ok "kill -9 mid-flush: $before delivered before the crash, rest after restart"

# Exactly once per result: every posted student's result accepted under one
# webhook-id (retries reuse it), no other student's, the outbox empty.
grader outbox list
grep -q "^0 messages" "$tmp/err" || fail "outbox not empty at the end"
sort -u "$tmp/posted" >"$tmp/want"
awk '$1 == "accepted" {print $4}' "$tmp/received.log" | sort -u >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" || { diff "$tmp/want" "$tmp/got" | head; fail "accepted students != posted"; }
multi=$(awk '$1 == "accepted" && !seen[$4 " " $2]++ {n[$4]++} END {for (s in n) if (n[s] > 1) print s}' \
        "$tmp/received.log")
[ -z "$multi" ] || fail "more than one revision accepted for: $multi"
total=$(grep -c '^accepted ' "$tmp/received.log")
dups=$(awk '$1 == "accepted" {n[$2]++} END {for (i in n) if (n[i] > 1) printf " %s x%d", i, n[i]}' \
       "$tmp/received.log")
echo "webhook: re-sent ids (a retry after a timeout or the kill -9):${dups:- none}"
echo "webhook: $(wc -l <"$tmp/want") results, $total accepted deliveries, $(awk '$1 == "accepted" {print $2}' "$tmp/received.log" | sort -u | wc -l) unique ids"
grep -v '^badsig' "$tmp/received.log" | grep -q "^badsig" && fail "unexpected bad signature"
[ "$(grep -c '^badsig' "$tmp/received.log")" -eq 1 ] || fail "bad signatures beyond the deliberate one"
grep -qF "$secret_b64" "$tmp/grader.log" && fail "the secret appeared in the grader's output"
ok "exactly once by webhook-id; secret never printed"
