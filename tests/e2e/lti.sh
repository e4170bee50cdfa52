#!/usr/bin/env bash
# lti.sh — grades reach an LTI 1.3 platform through Assignment and Grade
# Services with gradebox's own key: first delivery, a cached line item, token
# expiry and refresh, a 401 with a revoked token, 429/5xx retries, a revoked
# key (clear error, nothing lost), a regrade (newest wins), a student with no
# LTI user id (kept, reported), the Names and Role service, check --post.
#
# The platform is tests/e2e/lti_platform.py on 127.0.0.1, started here: it
# verifies the client assertion (RS256 signature against the registered
# public key, iss/sub, aud, exp, jti never reused), the bearer token, its
# scope and the media types, and records scores.
# stage-cost: 40
set -u
cd "$(dirname "$0")/../.."
here=$PWD/tests/e2e
tmp=$(mktemp -d)
ppid_=
cleanup() {
    [ -n "$ppid_" ] && kill "$ppid_" 2>/dev/null && wait "$ppid_" 2>/dev/null
    [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
    echo "lti: FAIL: $*"
    echo "--- last stdout"; cat "$tmp/out"; echo "--- last stderr"; cat "$tmp/err"
    echo "--- platform log"; tail -25 "$tmp/state/log"
    exit 1
}
ok() { echo "lti: ok: $*"; }
PY=/usr/bin/python3
CLIENT=10000000000042

grader() {   # runs the grader, bounded, logging its stderr; sets $rc
    timeout 120 "$GRADER" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    cat "$tmp/out" "$tmp/err" >>"$tmp/grader.log"
}
mode() { printf '%s\n' "$@" >"$tmp/mode"; }
count() { grep -c "^$1" "$tmp/state/log"; }           # platform log lines starting so
score_of() {   # score_of USERID [ITEM] -> scoreGiven on record (item 1: attention_by_hand)
    $PY -c 'import json, sys
print(json.load(open(sys.argv[1])).get(sys.argv[3], {}).get(sys.argv[2], {}).get("scoreGiven"))' \
        "$tmp/state/scores.json" "$1" "${2:-1}"
}
failed_id() { grader outbox list; awk '$2 == "failed" {print $1}' "$tmp/out" | tail -1; }
# result NAME STUDENT EXERCISE PASS TOTAL WHEN [review]: TOTAL one-point
# checks, the first PASS pass, the rest fail (or wait for review).
result() {
    local checks= c v p rest=fail
    [ "${7:-}" = review ] && rest=review
    for ((c = 0; c < $5; c++)); do
        if [ "$c" -lt "$4" ]; then v=pass p=1; else v=$rest p=0; fi
        checks="$checks${checks:+,}{\"id\":\"c$c\",\"verdict\":\"$v\",\"points\":$p,\"max_points\":1}"
    done
    cat >"$tmp/$1.json" <<JSON
{"schema":"gradebox.result/1","result_id":"0000000000000000","student":"$2","assignment":"hw3",
 "exercise":"$3","score":$4,"max_score":$5,"graded_at":"$6","grader_version":"test",
 "runtime":{"python":"3.11"},"run":null,"checks":[$checks]}
JSON
    $PY "$here/lib/sign_result.py" "$XDG_CONFIG_HOME/gradebox/results.key" "$tmp/$1.json"
    echo "$tmp/$1.json"
}

# The tool's key, made the way an instructor makes it.
grader lti keygen --key-file "$tmp/tool.pem"
[ $rc -eq 0 ] || fail "keygen exited $rc"
cp "$tmp/out" "$tmp/jwks.json"
[ "$(stat -c %a "$tmp/tool.pem")" = 600 ] || fail "the private key is not mode 0600"
$PY -c 'import json, sys; k = json.load(open(sys.argv[1]))["keys"][0]
assert k["kty"] == "RSA" and k["alg"] == "RS256" and k["kid"] and "d" not in k' \
    "$tmp/jwks.json" || fail "keygen did not print a public JWK Set"
grader lti public-key --key-file "$tmp/tool.pem" --format pem
openssl pkey -pubin -in "$tmp/out" -noout 2>/dev/null || fail "public-key --format pem"
grader lti keygen --key-file "$tmp/tool.pem"
[ $rc -eq 2 ] && grep -q "exists already" "$tmp/err" || fail "keygen replaced a key"
ok "keygen: private key 0600, public JWK Set, PEM; an existing key is never replaced"

cat >"$tmp/members.json" <<'JSON'
[{"user_id": "sub-1", "lis_person_sourcedid": "s1", "email": "s1@uni.test", "roles": []},
 {"user_id": "sub-2", "lis_person_sourcedid": "s2", "email": "s2@uni.test", "roles": []},
 {"user_id": "sub-3", "lis_person_sourcedid": "s3", "email": "s3@uni.test", "roles": []},
 {"user_id": "sub-4", "lis_person_sourcedid": "s4", "email": "s4@uni.test", "roles": []},
 {"user_id": "sub-9", "lis_person_sourcedid": "s9", "email": "s9@uni.test", "roles": []},
 {"user_id": "sub-10", "lis_person_sourcedid": "s10", "email": "s10@uni.test", "roles": []}]
JSON
echo '{"s1": "sub-1", "s2": "sub-2", "s3": "sub-3", "s4": "sub-4"}' >"$tmp/roster.json"
: >"$tmp/mode"
$PY "$here/lti_platform.py" --port-file "$tmp/port" --client-id "$CLIENT" \
    --jwks "$tmp/jwks.json" --members "$tmp/members.json" --mode-file "$tmp/mode" \
    --state "$tmp/state" &
ppid_=$!
for _ in $(seq 200); do [ -s "$tmp/port" ] && break; sleep 0.05; done
[ -s "$tmp/port" ] || fail "the platform did not start"
base=http://127.0.0.1:$(cat "$tmp/port")
touch "$tmp/state/log"

unset GRADEBOX_WEBHOOK_SECRET GRADEBOX_WEBHOOK_SECRET_FILE GRADEBOX_WEBHOOK_URL
export XDG_CONFIG_HOME=$tmp/config GRADEBOX_CONFIG=$tmp/gradebox.conf
# This machine's result key, as `grader check` makes it on first use: the
# results written here by hand are signed with it, as the grader signs its own.
mkdir -p "$XDG_CONFIG_HOME/gradebox" \
    && openssl genpkey -algorithm ed25519 -out "$XDG_CONFIG_HOME/gradebox/results.key" 2>/dev/null \
    && chmod 600 "$XDG_CONFIG_HOME/gradebox/results.key" || fail "no result key"
cat >"$tmp/gradebox.conf" <<CONF
# the registration, as the LMS states it
format = lti
url = $base/api/lti/courses/42/line_items
lti-client-id = $CLIENT
lti-token-url = $base/login/oauth2/token
lti-key-file = $tmp/tool.pem
lti-issuer = https://lms.test
lti-deployment-id = 1:c0ffee
lti-roster = $tmp/roster.json
outbox = $tmp/outbox.sqlite
retry-base = 0.2
retry-max-delay = 5
connect-timeout = 3
timeout = 5
CONF

# 1. The registration works: a token with the scopes asked for.
grader lti status
[ $rc -eq 0 ] || fail "lti status exited $rc"
grep -q "access token: granted for .*scope/score" "$tmp/out" && grep -q "line items: readable" \
    "$tmp/out" || fail "lti status did not show the grant"
ok "lti status: token granted, line items readable"

# 2. First delivery: three students, two exercises; one waits for review.
tokens0=$(count "token ")
grader post "$(result a1 s1 attention_by_hand 7 10 2026-12-02T13:00:00.000Z)" \
    "$(result a2 s2 attention_by_hand 10 10 2026-12-02T13:00:01.000Z)" \
    "$(result q3 s3 self_check 1 2 2026-12-02T13:00:02.000Z review)"
[ $rc -eq 0 ] || fail "first delivery exited $rc"
[ "$(count "token ")" -eq $((tokens0 + 1)) ] || fail "more than one token for one post"
[ "$(count lineitem-created)" -eq 2 ] || fail "expected two line items (one per exercise)"
grep -q "^lineitem-created 1 hw3/attention_by_hand" "$tmp/state/log" || fail "line item resourceId"
[ "$(score_of sub-1)" = 7 ] && [ "$(score_of sub-2)" = 10 ] && [ "$(score_of sub-3 2)" = 1 ] \
    || fail "scores on record: $(cat "$tmp/state/scores.json")"
grep -q "^score 2 sub-3 1 PendingManual" "$tmp/state/log" || fail "review is not PendingManual"
grep -q "^score 1 sub-1 7 FullyGraded 2026-12-02T13:00:00.000Z" "$tmp/state/log" \
    || fail "score line"
$PY -c 'import json, sys; c = json.load(open(sys.argv[1]))["1"]["sub-1"]["comment"]
assert "score: 7/10 points" in c and "c7" in c, c' "$tmp/state/scores.json" \
    || fail "the comment is not the report"
ok "first delivery: token once, a line item per exercise, scores, PendingManual, report comment"

# 3. The line item's URL is kept: no lookup for the next student.
gets=$(count lineitems-get)
grader post "$(result a4 s4 attention_by_hand 4 10 2026-12-02T13:00:03.000Z)"
[ $rc -eq 0 ] && [ "$(count lineitems-get)" -eq "$gets" ] && [ "$(score_of sub-4)" = 4 ] \
    || fail "cached line item"
ok "line item URL cached"

# 4. Token expiry: a 2 s token, a 503 asking for 3 s; the retry gets a new
#    token before sending instead of being refused with the old one.
mode "token-lifetime 2" "score-status 503 1 3"
tokens0=$(count "token "); unauth=$(count unauthorized)
grader post --wait 20 "$(result a1b s1 attention_by_hand 8 10 2026-12-02T14:00:00.000Z)"
[ $rc -eq 0 ] || fail "delivery across a token expiry exited $rc"
[ "$(count "token ")" -eq $((tokens0 + 2)) ] || fail "the expired token was not replaced"
[ "$(count unauthorized)" -eq "$unauth" ] || fail "an expired token was used"
grep -q "next in 3.0s" "$tmp/err" || fail "Retry-After not honoured"
ok "token expiry: refreshed before use; Retry-After honoured"

# 5. A token revoked by the platform: 401, one new token, delivered.
mode "revoke-tokens-once"
tokens0=$(count "token "); unauth=$(count unauthorized)
grader post "$(result a2b s2 attention_by_hand 9 10 2026-12-02T14:00:01.000Z)"
[ $rc -eq 0 ] || fail "delivery after a 401 exited $rc"
[ "$(count unauthorized)" -eq $((unauth + 1)) ] && [ "$(count "token ")" -eq $((tokens0 + 2)) ] \
    || fail "401 did not bring exactly one new token"
[ "$(score_of sub-2)" = 9 ] || fail "score after refresh"
ok "401: refreshed once, delivered"

# 6. 429 and 5xx are retried: two 429s from the scores endpoint, a 503 from
#    the token endpoint.
mode "score-status 429 2 1"
grader post --wait 20 "$(result a3 s3 attention_by_hand 5 10 2026-12-02T14:00:02.000Z)"
[ $rc -eq 0 ] && [ "$(count score-status-429)" -eq 2 ] || fail "429s not retried"
mode "token-status 503 1"
grader post --wait 20 "$(result a4b s4 attention_by_hand 6 10 2026-12-02T14:00:03.000Z)"
[ $rc -eq 0 ] && [ "$(count token-status-503)" -eq 1 ] && [ "$(score_of sub-4)" = 6 ] \
    || fail "token endpoint 503 not retried"
: >"$tmp/mode"
ok "429 and 503 retried"

# 7. A revoked key: the platform now holds another public key.  Clear error,
#    the scores kept — one refused token request for the two of them, not one
#    each —; the right key registered again, retry delivers them.
cp "$tmp/jwks.json" "$tmp/jwks.good"
grader lti keygen --key-file "$tmp/other.pem"
cp "$tmp/out" "$tmp/jwks.json"
refused=$(count token-refused)
grader post "$(result a1c s1 attention_by_hand 9 10 2026-12-02T15:00:00.000Z)" \
    "$(result a3c s3 attention_by_hand 8 10 2026-12-02T15:00:00.000Z)"
[ $rc -eq 1 ] || fail "post with a revoked key exited $rc"
grep -q "the platform refused the tool's credentials" "$tmp/err" \
    && grep -q "grader lti public-key" "$tmp/err" || fail "no clear error for a revoked key"
[ "$(count token-refused)" -eq $((refused + 1)) ] || fail "the refused key was tried per message"
grep -q "^token-refused unknown-kid" "$tmp/state/log" || fail "platform did not refuse the key"
grader outbox list
ids=$(awk '$2 == "failed" {print $1}' "$tmp/out")
[ "$(echo "$ids" | wc -w)" -eq 2 ] || fail "the scores were not kept"
cp "$tmp/jwks.good" "$tmp/jwks.json"
for id in $ids; do
    grader outbox retry "$id"
    [ $rc -eq 0 ] || fail "retry after re-registering the key exited $rc"
done
[ "$(score_of sub-1)" = 9 ] && [ "$(score_of sub-3)" = 8 ] || fail "scores after re-registration"
ok "revoked key: refused once with a clear error, kept, delivered after re-registration"

# 8. Regrades: newest wins.  Queued together, only the regrade is sent; an
#    older revision sent after a newer one is refused by the platform and
#    the newer score stays.
sent=$(grep -c "^score 1 sub-2 " "$tmp/state/log")
grader post --queue-only "$(result a2c s2 attention_by_hand 3 10 2026-12-02T16:00:00.000Z)"
grader post --queue-only "$(result a2d s2 attention_by_hand 6 10 2026-12-02T16:30:00.000Z)"
grep -q "replaces 1 older queued revision" "$tmp/err" || fail "regrade did not supersede"
grader outbox flush
[ $rc -eq 0 ] || fail "flush of the regrade exited $rc"
[ "$(grep -c "^score 1 sub-2 " "$tmp/state/log")" -eq $((sent + 1)) ] \
    && [ "$(score_of sub-2)" = 6 ] || fail "the superseded grade was sent"
grader post "$tmp/a2c.json"
[ $rc -eq 1 ] && grep -q "before last updated" "$tmp/err" || fail "older revision: exit $rc"
[ "$(score_of sub-2)" = 6 ] || fail "an older revision replaced a newer one"
stale=$(failed_id)
ok "regrade: supersedes in the outbox; the platform keeps the newest"

# 9. A student with no LTI user id: kept and reported; the others delivered.
grader post "$(result a9 s9 attention_by_hand 2 10 2026-12-02T17:00:00.000Z)" \
    "$(result a3b s3 attention_by_hand 7 10 2026-12-02T17:00:00.000Z)"
[ $rc -eq 1 ] || fail "post with an unknown student exited $rc"
grep -q "no LTI user id for student s9 in the roster" "$tmp/err" || fail "s9 not reported"
[ "$(score_of sub-3)" = 7 ] || fail "the other student's score was held back"
grader outbox list
grep -q "failed.*no LTI user id for student s9" "$tmp/out" || fail "s9's score not kept"
id=$(awk '/no LTI user id for student s9/ {print $1}' "$tmp/out")
echo '{"s1": "sub-1", "s2": "sub-2", "s3": "sub-3", "s4": "sub-4", "s9": "sub-9"}' >"$tmp/roster.json"
grader outbox retry "$id"
[ $rc -eq 0 ] && [ "$(score_of sub-9)" = 2 ] || fail "s9 after the roster was fixed"
ok "unknown student: kept and reported, delivered once the roster has them"

# 10. The Names and Role service instead of a file, matched on email; s10
#     is on the second page.
grep -v '^lti-roster' "$tmp/gradebox.conf" >"$tmp/nrps.conf"
printf 'lti-memberships-url = %s\nlti-roster-field = email\n' \
    "$base/api/lti/courses/42/names_and_roles" >>"$tmp/nrps.conf"
GRADEBOX_CONFIG=$tmp/nrps.conf grader post \
    "$(result a10 s10@uni.test attention_by_hand 10 10 2026-12-02T18:00:00.000Z)"
[ $rc -eq 0 ] && [ "$(score_of sub-10)" = 10 ] || fail "delivery through the Names and Role service"
[ "$(count members-page)" -eq 3 ] || fail "expected the roster's three pages"
ok "Names and Role service: paged, matched on email"

# 10b. One fixed line item (a platform that grants grade sync only): no
#      lookup, no creation, only the score scope asked for.
grep -v '^url' "$tmp/gradebox.conf" >"$tmp/fixed.conf"
printf 'lti-lineitem = %s\n' "$base/api/lti/courses/42/line_items/2/lineitem?type_id=7" \
    >>"$tmp/fixed.conf"
gets=$(count lineitems-get); made=$(count lineitem-created)
GRADEBOX_CONFIG=$tmp/fixed.conf grader post \
    "$(result f4 s4 attention_by_hand 3 10 2026-12-02T18:30:00.000Z)"
[ $rc -eq 0 ] && [ "$(score_of sub-4 2)" = 3 ] || fail "delivery to a fixed line item: exit $rc"
[ "$(count lineitems-get)" -eq "$gets" ] && [ "$(count lineitem-created)" -eq "$made" ] \
    || fail "a fixed line item was looked up or created"
tail -3 "$tmp/state/log" | grep -q "^token 3600 score$" || fail "asked for more than the score scope"
ok "fixed line item: only the score scope, no lookup"

# 11. grader check --post delivers the same way.
mkdir -p "$tmp/rubrics"
cat >"$tmp/rubrics/self_check.json" <<'JSON'
{"format": 1, "exercise": "self_check", "submission": "answers.md", "mode": "read",
 "checks": [{"id": "q1", "description": "question 1", "points": 1, "kind": "review",
             "section": "q1", "prompt": "does the argument hold?"}]}
JSON
printf '# q1\nbecause attention\n' >"$tmp/answers.md"
sent=$(count "score ")
grader check --rubrics "$tmp/rubrics" --student s4 --assignment hw4 --post "$base/api/lti/courses/42/line_items" \
    "$tmp/answers.md"
[ $rc -eq 0 ] && [ "$(count "score ")" -eq $((sent + 1)) ] \
    && grep -q "sub-4 0 PendingManual" "$tmp/state/log" || fail "check --post: exit $rc"
grep -q "^lineitem-created 3 hw4/self_check" "$tmp/state/log" || fail "check --post line item"
ok "check --post"

# Nothing lost, nothing secret printed.
grader outbox list
[ "$(grep -c '^[0-9a-f]\{64\} ' "$tmp/out")" -eq 1 ] && grep -q "^$stale " "$tmp/out" \
    || fail "the outbox should hold only the refused older revision"
sed '1d;$d' "$tmp/tool.pem" | head -3 >"$tmp/key-lines"
grep -qFf "$tmp/key-lines" "$tmp/grader.log" && fail "the private key appeared in the output"
grep -qFf "$tmp/state/tokens" "$tmp/grader.log" && fail "an access token appeared in the output"
echo "lti: $(count "token ") tokens, $(count lineitem-created) line items, $(count "score ") scores"
ok "outbox holds only the refused revision; no key or token printed"
