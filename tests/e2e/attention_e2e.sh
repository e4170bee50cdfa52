#!/usr/bin/env bash
# attention_e2e.sh — the `grader check` pipeline end to end on attention_by_hand,
# through the real runtime (/usr/bin/python3 + torch) and the sandbox: the
# bundled sample (`make demo`) gets full marks and exit 0; the text and
# Gradescope reports name the runtime and the shim; a renamed upload graded
# from another directory is recognised; a recorded transcript grades exactly
# like the live run; student/assignment ids, result_key and result_id behave as
# documented (docs/lms.md, revisions).
# (tests/e2e/corpus.sh asserts every corpus submission's verdicts.)
# stage-cost: 40
set -u
cd "$(dirname "$0")/../.."
corpus=tests/corpus/attention_by_hand
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "attention_e2e: FAIL: $*"; fails=$((fails + 1)); }

# "id verdict" lines of a gradebox.result/1 document, in rubric order.
verdicts() {
    "$py" -c 'import json,sys
for c in json.load(open(sys.argv[1]))["checks"]: print(c["id"], c["verdict"])' "$1"
}

# The sample `make demo` grades: full marks, a readable report, exit 0.
LC_ALL=C.UTF-8 "$GRADER" check exercises/samples/attention_by_hand.py >"$tmp/sample.txt" 2>&1
status=$?
grep -Eq '^total: ([0-9.]+)/\1 points' "$tmp/sample.txt" || fail "sample: not full marks"
[ "$status" -eq 0 ] || fail "sample: exit status $status"
grep -q '^runtime: python [0-9]' "$tmp/sample.txt" || fail "sample: report does not name the runtime"
if "$py" -c 'import torch.nn.functional as F, sys; sys.exit(hasattr(F, "scaled_dot_product_attention"))'; then
    grep -q '^shim: torch.nn.functional.scaled_dot_product_attention' "$tmp/sample.txt" \
        || fail "sample: the shim this torch needs is not named"
fi
"$GRADER" check --format gradescope exercises/samples/attention_by_hand.py >"$tmp/gs.json"
"$py" -c 'import json,sys
d = json.load(open(sys.argv[1]))
assert d["score"] > 0 and all(t["status"] == "passed" for t in d["tests"]), d
assert all(set(t) >= {"name", "number", "score", "max_score", "status", "output"} for t in d["tests"])
assert "runtime: python" in d["output"]' "$tmp/gs.json" || fail "sample: gradescope report"

# Renamed upload, graded from another directory: still recognised.
cp exercises/samples/attention_by_hand.py "$tmp/s042_attention_by_hand (2).py"
(cd / && "$GRADER" check "$tmp/s042_attention_by_hand (2).py" >/dev/null) || fail "renamed upload not graded"

# A recorded transcript is graded exactly like the live run, without running.
PYTHONPATH=grader/shims "$py" "$corpus/module_style.py" >"$tmp/recorded.out" 2>/dev/null
"$GRADER" check --exercise attention_by_hand --transcript "$tmp/recorded.out" --format json \
    --student s042 --assignment a6 "$corpus/module_style.py" >"$tmp/t1.json"
verdicts "$tmp/t1.json" | diff -u <(cut -d' ' -f1,2 "$corpus/module_style.expect") - \
    || fail "transcript: verdicts differ from the live run's"
GRADEBOX_STUDENT=s042 GRADEBOX_ASSIGNMENT=a6 "$GRADER" check --exercise attention_by_hand \
    --transcript "$tmp/recorded.out" --format json "$corpus/module_style.py" >"$tmp/t2.json"
"$GRADER" check --exercise attention_by_hand --transcript "$tmp/recorded.out" --format json \
    --student s043 --assignment a6 "$corpus/module_style.py" >"$tmp/t3.json"
"$py" -c 'import json, re, sys, hashlib
a, b, c = (json.load(open(f)) for f in sys.argv[1:4])
assert a["run"] is None and a["student"] == "s042" and a["assignment"] == "a6", a
sha = hashlib.sha256(open(sys.argv[4], "rb").read()).hexdigest()
assert a["submission_sha256"] == sha
# One key per student x assignment x exercise; every grading its own revision.
assert a["result_key"] == b["result_key"] != c["result_key"]
assert len({a["result_id"], b["result_id"], c["result_id"]}) == 3
assert all(re.fullmatch("[0-9a-f]{64}", d[k]) for d in (a, b, c) for k in ("result_id", "result_key"))
assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", a["graded_at"]), a["graded_at"]
assert a["signature"]["alg"] == "Ed25519"   # signed by default (lms.md)
assert a["schema"] == "gradebox.result/1" and a["status"] == "passed"' \
    "$tmp/t1.json" "$tmp/t2.json" "$tmp/t3.json" "$corpus/module_style.py" \
    || fail "transcript: identity fields"

echo "attention_e2e: $fails failed"
[ "$fails" -eq 0 ]
