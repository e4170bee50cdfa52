#!/usr/bin/env bash
# hardening.sh — issue 16 through the real `grader` binary: FIFOs never hang
# the command line, pid 1's argv and a URL's password never reach a report,
# a message or a listing, the run names its memory guard, and the smaller
# items (forged shim notes, NUL bytes in a crash tail, colliding result ids,
# stale work directories, a world-readable outbox).  About 20 s.
# stage-cost: 85
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
# This machine's result key, made before anything is posted, so that post
# goes on to read what it is given.
openssl genpkey -algorithm ed25519 -out "$tmp/results.key" 2>/dev/null && chmod 600 "$tmp/results.key"
export GRADEBOX_RESULT_SIGN_KEY=$tmp/results.key
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

# jq-less JSON reading: the runtime's own python.
field() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))
for k in sys.argv[2].split("."): d = d[k]
print(d)' "$1" "$2"; }
check_json() {   # check_json OUT.json SUBMISSION [grader check options...]
    local out=$1 sub=$2; shift 2
    timeout 120 "$GRADER" check --rubrics "$tmp/rubrics" --exercise attention_by_hand \
        --format json "$@" "$sub" >"$out" 2>"$out.err"
}

# Item 10: a submission that writes the shims-used note itself is not
# believed (the report listed the shim); the real shim's note still is
# (pipeline_e2e.sh).
cat >"$tmp/forge.py" <<'PY'
# claims the SDPA shim without calling it
for name in (".gradebox-shims-used", "/work/.gradebox-shims-used"):
    with open(name, "a") as f:
        f.write("torch.nn.functional.scaled_dot_product_attention\n")
print("forged")
PY
check_json "$tmp/forge.json" "$tmp/forge.py"
if [ "$(field "$tmp/forge.json" runtime.shims)" = "[]" ]; then
    ok "a forged shims-used note is not believed"
else
    fail "forged shim note believed: $(field "$tmp/forge.json" runtime.shims)"
fi

# Item 10: a NUL byte does not cut the crash tail.
printf 'import sys\nsys.stdout.write("first line\\x00 after the NUL byte\\n")\nsys.exit(3)\n' >"$tmp/nul.py"
check_json "$tmp/nul.json" "$tmp/nul.py"
if field "$tmp/nul.json" crash_tail | grep -q 'after the NUL byte'; then
    ok "the crash tail keeps what follows a NUL byte"
else
    fail "crash tail cut at the NUL byte: $(field "$tmp/nul.json" crash_tail)"
fi

# Item 10: result keys do not collide when an id holds '|' (the key names
# the gradebook cell, score/result_id.h); grading the same file again fills
# the same cell with a new revision (a new result_id).
printf 'print("hello")\n' >"$tmp/hello.py"
check_json "$tmp/id1.json" "$tmp/hello.py" --student 'alice|hw1'
check_json "$tmp/id2.json" "$tmp/hello.py" --student alice --assignment 'hw1|'
check_json "$tmp/id3.json" "$tmp/hello.py" --student alice --assignment hw1
check_json "$tmp/id4.json" "$tmp/hello.py" --student alice --assignment hw1
key1=$(field "$tmp/id1.json" result_key) key2=$(field "$tmp/id2.json" result_key)
key3=$(field "$tmp/id3.json" result_key) key4=$(field "$tmp/id4.json" result_key)
if [ ${#key1} -eq 64 ] && [ "$key1" != "$key2" ] && [ "$key3" = "$key4" ] &&
   [ "$(field "$tmp/id3.json" result_id)" != "$(field "$tmp/id4.json" result_id)" ]; then
    ok "result keys: 'alice|hw1' + '' differs from 'alice' + 'hw1|'; a regrade is a new revision of one key"
else
    fail "result keys: $key1 vs $key2; regrade $key3 vs $key4"
fi

# Item 1: every run says which guard held it to its memory limit.
case "$(field "$tmp/id3.json" run.memory_limit_by)" in
    watchdog|cgroup) ok "run.memory_limit_by: $(field "$tmp/id3.json" run.memory_limit_by)" ;;
    *) fail "run.memory_limit_by missing: $(field "$tmp/id3.json" run)" ;;
esac

# Item 10: a work directory left by a grader killed with -9 is removed at
# the next start; a live grader's and a recent legacy one are kept.
mkdir -p "$tmp/base"
sh -c 'exit 0' & dead=$!; wait "$dead"
for d in deadzz livezz newleg oldleg; do
    mkdir -p "$tmp/base/gradebox.$d/work"
done
printf '%s 12345\n' "$dead" >"$tmp/base/gradebox.deadzz/owner"
echo 'print("a student file")' >"$tmp/base/gradebox.deadzz/work/attention_by_hand.py"
printf '%s %s\n' "$$" "$(sed 's/.*) //' /proc/$$/stat | cut -d' ' -f20)" >"$tmp/base/gradebox.livezz/owner"
touch -d '2 days ago' "$tmp/base/gradebox.oldleg"
TMPDIR="$tmp/base" check_json "$tmp/stale.json" "$tmp/hello.py"
left=$(cd "$tmp/base" && ls -d gradebox.* | tr '\n' ' ')
if [ "$left" = "gradebox.livezz gradebox.newleg " ]; then
    ok "stale work directories removed at start, live ones kept"
else
    fail "work directories left: $left"
fi

# Item 10: an outbox made readable by others is made private again, loudly.
chmod 644 "$GRADEBOX_OUTBOX"
timeout 60 "$GRADER" outbox list >"$tmp/list2.out" 2>&1
if [ "$(stat -c %a "$GRADEBOX_OUTBOX")" = 600 ] && grep -q 'was readable by others' "$tmp/list2.out"; then
    ok "a world-readable outbox is made 0600 with a warning"
else
    fail "outbox mode $(stat -c %a "$GRADEBOX_OUTBOX"): $(head -2 "$tmp/list2.out")"
fi

echo "hardening: $fails failed"
[ "$fails" -eq 0 ]
