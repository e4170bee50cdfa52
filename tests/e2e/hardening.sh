#!/usr/bin/env bash
# hardening.sh — issue 16 through the real `grader` binary: FIFOs never hang
# the command line, pid 1's argv and a URL's password never reach a report,
# a message or a listing, and the smaller items (forged shim notes, NUL bytes
# in a crash tail, stale work directories, a world-readable outbox).
set -u
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

fail() { echo "hardening: FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "hardening: ok: $*"; }

# expect STATUS PATTERN -- command...: exit status and an output pattern,
# each command bounded by a timeout (a hang is the failure being tested).
expect() {
    local want=$1 pattern=$2; shift 3
    timeout 60 "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" -ne "$want" ] || ! grep -q -- "$pattern" "$tmp/out" "$tmp/err"; then
        fail "$* -> exit $got (want $want), output:"
        cat "$tmp/out" "$tmp/err" | head -5
    else
        ok "$*"
    fi
}

# Item 9: a FIFO where a file is expected is refused at once.
mkfifo "$tmp/fifo.py" "$tmp/fifo.txt" "$tmp/fifo.secret" "$tmp/fifo.json"
printf 'print(1)\n' >"$tmp/attention_by_hand.py"
export GRADEBOX_OUTBOX="$tmp/outbox/outbox.sqlite"
expect 2 "is not a regular file" -- "$GRADER" check --exercise attention_by_hand "$tmp/fifo.py"
expect 2 "is not a regular file" -- "$GRADER" check --transcript "$tmp/fifo.txt" "$tmp/attention_by_hand.py"
expect 2 "is not a regular file" -- "$GRADER" post --to http://127.0.0.1:1/ --secret-file "$tmp/fifo.secret" --queue-only "$tmp/fifo.json"
export GRADEBOX_WEBHOOK_SECRET="whsec_$(head -c 32 /dev/urandom | base64)"
expect 2 "is not a regular file" -- "$GRADER" post --to http://127.0.0.1:1/ --queue-only "$tmp/fifo.json"

# Item 3: a submission reads pid 1's command line and puts it in its crash
# tail; the --post URL's password must be nowhere: not in the report, the
# JSON, the delivery messages or `grader outbox list`.
mkdir -p "$tmp/rubrics"
cat >"$tmp/rubrics/attention_by_hand.json" <<'JSON'
{"format": 1, "exercise": "attention_by_hand", "submission": "attention_by_hand.py", "mode": "run",
 "limits": {"wall_seconds": 60},
 "checks": [{"id": "c", "description": "comments", "points": 1, "kind": "comment_sentences", "min": 1}]}
JSON
cat >"$tmp/spy.py" <<'PY'
# reads what pid 1 shows of the grader
with open("/proc/1/cmdline", "rb") as f:
    seen = f.read()
raise SystemExit("pid 1 cmdline: %r" % seen)
PY
url="http://gbuser:gbsekrit@127.0.0.1:1/hook"
timeout 120 "$GRADER" check --rubrics "$tmp/rubrics" --exercise attention_by_hand --format json \
    --student s1 --assignment hw1 --post "$url" "$tmp/spy.py" >"$tmp/report.json" 2>"$tmp/report.err"
grep -q 'pid 1 cmdline' "$tmp/report.json" || fail "the spy's crash tail is not in the JSON"
if grep -q gbsekrit "$tmp/report.json" "$tmp/report.err"; then
    fail "the --post password leaked into the report or its messages:"
    grep -h gbsekrit "$tmp/report.json" "$tmp/report.err" | head -3
else
    ok "no password in the report, its crash tail or the delivery messages"
fi
timeout 60 "$GRADER" outbox list >"$tmp/list.out" 2>&1
if grep -q gbsekrit "$tmp/list.out" || ! grep -q 'http://\*\*\*@127.0.0.1:1/hook' "$tmp/list.out"; then
    fail "outbox list shows the URL's password, or no redacted URL:"
    head -3 "$tmp/list.out"
else
    ok "outbox list shows the URL without its password"
fi

echo "hardening: $fails failed"
[ "$fails" -eq 0 ]
