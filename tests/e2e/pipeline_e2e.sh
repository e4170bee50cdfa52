#!/usr/bin/env bash
# pipeline_e2e.sh — what `grader check` reads and reports around the scorer:
# stderr is graded with stdout (a traceback on it is the crash reason, never a
# result); a recorded run with a status file grades like the live run (crash
# -> unreached, runtime named), without one a lacking value is only missing,
# and a bad status file is a usage error that says why; the sdpa shim is listed
# only when the submission called it.  Exact verdicts come from the corpus.
set -u
cd "$(dirname "$0")/../.."
GRADER=${GRADER:-bin/grader}
py=/usr/bin/python3
att=tests/corpus/attention_by_hand
ml=tests/corpus/memory_lab
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "pipeline_e2e: FAIL: $*"; fails=$((fails + 1)); }

# "id verdict" lines of a gradebox.result/1 document.
verdicts() {
    "$py" -c 'import json,sys
for c in json.load(open(sys.argv[1]))["checks"]: print(c["id"], c["verdict"])' "$1"
}
expect() { sed 's/#.*//; /^[[:space:]]*$/d' "$1" | awk '{ print $1, $2 }'; }

# A crash logged on stderr: the traceback is the crash tail, its numbers are
# no results, and the shim the script never reached is not listed.
"$GRADER" check --format json --exercise attention_by_hand "$att/rt_stderr_crash.py" >"$tmp/crash.json"
verdicts "$tmp/crash.json" | diff -u <(expect "$att/rt_stderr_crash.expect") - \
    || fail "stderr crash: verdicts"
"$py" -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["run"]["exit_code"] == 1, d["run"]
assert d["crash_tail"].startswith("Traceback (most recent call last):"), d["crash_tail"]
assert d["crash_tail"].rstrip().endswith("ValueError: query matrix rows rude 0.25 0.25 0.25 0.25 sum 1.000 gap 0.00e+00"), d["crash_tail"]
assert d["runtime"]["shims"] == [], d["runtime"]' "$tmp/crash.json" || fail "stderr crash: crash tail or shims"

# The same tables logged by a script that does call sdpa: the shim is listed
# when this torch lacks the function.
"$GRADER" check --format json --exercise attention_by_hand "$att/rt_stderr_logging.py" >"$tmp/log.json"
"$py" -c 'import json, sys
import torch.nn.functional as F
d = json.load(open(sys.argv[1]))
want = [] if hasattr(F, "scaled_dot_product_attention") else ["torch.nn.functional.scaled_dot_product_attention"]
assert d["runtime"]["shims"] == want, d["runtime"]
assert d["status"] == "passed", d["status"]' "$tmp/log.json" || fail "stderr logging: shims or status"

# A recording with its status (found beside it) grades as the live run would.
"$GRADER" check --format json --exercise memory_lab --transcript "$ml/rt_stderr_crash.stdout" \
    "$ml/rt_stderr_crash.py" >"$tmp/rec.json"
verdicts "$tmp/rec.json" | diff -u <(expect "$ml/rt_stderr_crash.expect") - \
    || fail "transcript with status: verdicts"
"$py" -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["run"]["exit_code"] == 1 and d["run"]["signal"] is None, d["run"]
assert d["runtime"]["torch"] and d["runtime"]["numpy"] and d["runtime"]["python"], d["runtime"]
assert d["crash_tail"].rstrip().endswith("KeyError: 20"), d["crash_tail"]
assert d["run"]["summary"] == "exited with status 1, as recorded in rt_stderr_crash.stdout", d["run"]' "$tmp/rec.json" || fail "transcript with status: run block"
"$GRADER" check --exercise memory_lab --transcript "$ml/rt_stderr_crash.stdout" \
    "$ml/rt_stderr_crash.py" >"$tmp/rec.txt"
grep -q '^runtime: python [0-9.]*, torch [0-9]' "$tmp/rec.txt" || fail "transcript: text report names no runtime"
grep -q '^  | KeyError: 20$' "$tmp/rec.txt" || fail "transcript: text report shows no traceback"

# Without a status file the same recording has no crash to blame: missing.
cp "$ml/rt_stderr_crash.stdout" "$tmp/bare.stdout"
"$GRADER" check --format json --exercise memory_lab --transcript "$tmp/bare.stdout" \
    "$ml/rt_stderr_crash.py" >"$tmp/bare.json"
verdicts "$tmp/bare.json" 2>/dev/null | grep -q '^len20_rnn_test_acc missing$' || fail "no status: not missing"
"$py" -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["run"] is None and d["runtime"]["torch"] is None and d["crash_tail"] is None, d' \
    "$tmp/bare.json" || fail "no status: run block"

# An explicit status file, and a signal.
printf 'signal 9\nwall_seconds 3.5\n' >"$tmp/killed.txt"
"$GRADER" check --format json --exercise memory_lab --transcript "$tmp/bare.stdout" \
    --transcript-status "$tmp/killed.txt" "$ml/rt_stderr_crash.py" >"$tmp/killed.json"
verdicts "$tmp/killed.json" 2>/dev/null | grep -q '^len20_rnn_test_acc unreached$' || fail "explicit status: not unreached"
"$py" -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["run"]["signal"] == 9 and d["run"]["exit_code"] is None and d["run"]["wall_seconds"] == 3.5, d["run"]' \
    "$tmp/killed.json" || fail "explicit status: run block"

# A broken status file is the instructor's error: exit 2, naming file and line.
printf 'exit 0\nexit maybe\n' >"$tmp/bad.txt"
"$GRADER" check --exercise memory_lab --transcript "$tmp/bare.stdout" \
    --transcript-status "$tmp/bad.txt" "$ml/rt_stderr_crash.py" >/dev/null 2>"$tmp/bad.err"
status=$?
[ "$status" -eq 2 ] || fail "bad status: exit $status, not 2"
grep -q "bad.txt line 2: 'exit maybe' is no exit status" "$tmp/bad.err" || fail "bad status: message: $(cat "$tmp/bad.err")"
"$GRADER" check --exercise memory_lab --transcript-status "$tmp/bad.txt" "$ml/rt_stderr_crash.py" \
    >/dev/null 2>"$tmp/lone.err"
grep -q -- "--transcript-status goes with --transcript" "$tmp/lone.err" || fail "lone --transcript-status accepted"
"$GRADER" check --help | grep -q -- "--transcript-status FILE" || fail "--help does not document --transcript-status"

echo "pipeline_e2e: $fails failed"
[ "$fails" -eq 0 ]
