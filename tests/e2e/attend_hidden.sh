#!/usr/bin/env bash
# attend_hidden.sh — the hidden-input test of attend (grader/check/attend_test.h)
# end to end, through the real runtime, sandbox and shim: after a second run the
# shim calls the script's own attend on random matrices the grader drew, and the
# grader compares what came back with the reference's attention.  Variants of the
# bundled sample: the sample itself passes (15/15); returning (output, weights)
# passes too; a softmax over the wrong axis fails the check (and only it); no
# attend is review; tests/gaming's typed_attend (typed tables behind a function)
# fails it and loses every value check.  `grader check` without --integrity
# leaves the check out (13/13); `grader batch` makes it without being asked.
# stage-cost: 150
set -u
cd "$(dirname "$0")/../.."
GRADER=${GRADER:-bin/grader}
PY=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GRADEBOX_CACHE=$tmp/cache
sample=exercises/samples/attention_by_hand.py
fails=0
fail() { echo "attend_hidden: FAIL: $*"; fails=$((fails + 1)); }

# variant NAME 'old' 'new' ...: the sample with each old text replaced (each must occur).
variant() {
    local name=$1
    shift
    "$PY" - "$sample" "$tmp/$name/attention_by_hand.py" "$@" <<'EOF' || fail "variant $name"
import os, sys
src, dst, pairs = open(sys.argv[1]).read(), sys.argv[2], sys.argv[3:]
for old, new in zip(pairs[::2], pairs[1::2]):
    assert old in src, old
    src = src.replace(old, new)
os.makedirs(os.path.dirname(dst), exist_ok=True)
open(dst, "w").write(src)
EOF
}

variant correct
variant swapped 'return w, w @ V' 'return w @ V, w' 'w, out = attend(' 'out, w = attend(' \
    'wq, outq = attend(' 'outq, wq = attend(' 'ws, outs = attend(' 'outs, ws = attend('
variant wrongaxis 'scores.max(1, keepdims=True)' 'scores.max(0, keepdims=True)' \
    'w.sum(1, keepdims=True)' 'w.sum(0, keepdims=True)'
variant missing 'def attend(' 'def attention_rows(' '= attend(' '= attention_rows('
mkdir -p "$tmp/typed"
cp tests/gaming/attention_by_hand/typed_attend.py "$tmp/typed/attention_by_hand.py"

# expect JSON HOW CHECK VERDICT [MESSAGE-PART]: the check's verdict, and its message has the part.
expect() {
    "$PY" - "$@" <<'EOF' || fail "$2: $3 is not $4${5:+ with '$5'}"
import json, sys
path, how, check, verdict = sys.argv[1:5]
part = sys.argv[5] if len(sys.argv) > 5 else ""
c = {c["id"]: c for c in json.load(open(path))["checks"]}.get(check)
got = c and (c["verdict"], c.get("message") or "")
ok = got and got[0] == verdict and part in got[1]
if not ok:
    print("  got", got, file=sys.stderr)
sys.exit(0 if ok else 1)
EOF
}

score() {
    "$PY" -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(d["score"], d["max_score"])' "$1"
}
scored() {   # scored JSON "SCORE MAX" WHO
    local got
    got=$(score "$1")
    [ "$got" = "$2" ] || fail "$3: scored $got, not $2"
}

for name in correct swapped wrongaxis missing typed; do
    nice "$GRADER" check --integrity --format json "$tmp/$name/attention_by_hand.py" \
        >"$tmp/$name.json" 2>"$tmp/$name.err"
    [ $? -le 1 ] ||
        { fail "$name: grader check exited with an error"; sed 's/^/    /' "$tmp/$name.err"; }
done
expect "$tmp/correct.json" correct attend_hidden_input pass
scored "$tmp/correct.json" "15 15" correct
"$PY" -c 'import json,sys; s = json.load(open(sys.argv[1]))["integrity"]["summary"]
assert "attend(Q, K, V) with float64 NumPy arrays was called on 5 random inputs" in s, s
assert "3 queries x 6 keys (d_k 4, d_v 5)" in s and "5 matched, 0 wrong" in s, s' \
    "$tmp/correct.json" || fail "correct: the report does not say what was called and compared"
expect "$tmp/swapped.json" swapped attend_hidden_input pass
expect "$tmp/wrongaxis.json" wrongaxis attend_hidden_input fail \
    "they are a softmax over the queries (each column sums to 1)"
expect "$tmp/wrongaxis.json" wrongaxis computed_not_typed pass     # wrong, not typed: no gate
expect "$tmp/missing.json" missing attend_hidden_input review \
    "the script defines no function attend at its top level"
scored "$tmp/missing.json" "13 15" missing
expect "$tmp/typed.json" typed attend_hidden_input fail "the same numbers for two different inputs"
expect "$tmp/typed.json" typed qk_rude_self fail "no points: attend_hidden_input showed"
expect "$tmp/typed.json" typed computed_not_typed fail
scored "$tmp/typed.json" "1.5 15" typed

# A student's own check leaves the test out: one run, 13/13 for the sample.
nice "$GRADER" check --format json "$tmp/correct/attention_by_hand.py" >"$tmp/local.json"
scored "$tmp/local.json" "13 13" "local check"
grep -q attend_hidden_input "$tmp/local.json" &&
    fail "local check: the test was made without --integrity"

# A cohort: batch makes the test without being asked.
mkdir -p "$tmp/cohort/s1" "$tmp/cohort/s2"
cp "$tmp/correct/attention_by_hand.py" "$tmp/cohort/s1/"
cp "$tmp/typed/attention_by_hand.py" "$tmp/cohort/s2/"
nice "$GRADER" batch "$tmp/cohort" --out "$tmp/graded" >"$tmp/batch.out" 2>"$tmp/batch.err"
[ $? -le 1 ] ||
    { fail "grader batch exited with an error"; sed 's/^/    /' "$tmp/batch.err" | head -5; }
s1=$(ls "$tmp/graded"/*s1*/attention_by_hand.json 2>/dev/null | head -1)
s2=$(ls "$tmp/graded"/*s2*/attention_by_hand.json 2>/dev/null | head -1)
if [ -n "$s1" ] && [ -n "$s2" ]; then
    expect "$s1" "batch s1" attend_hidden_input pass
    expect "$s2" "batch s2" attend_hidden_input fail
    scored "$s2" "1.5 15" "batch s2"
else
    fail "grader batch wrote no results for s1 and s2"
fi

echo "attend_hidden: $fails problems"
[ "$fails" -eq 0 ]
