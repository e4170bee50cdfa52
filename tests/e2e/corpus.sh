#!/usr/bin/env bash
# corpus.sh — grades every corpus submission through the real `grader check`
# and asserts the exact verdict of every check.
#
# tests/corpus/EXERCISE/NAME.{py,md} is a student submission; NAME.expect lists
# "check_id verdict" per line (# starts a comment).  A line may end with
# "xfail: REASON" for a known gap of another component (the true verdict is
# still the one written): it is reported, counted, and does not fail the run.  Scripts run for real in the
# sandbox with the student runtime, except memory_lab, whose submissions take
# minutes: they are graded from NAME.stdout, recorded by
# tests/corpus/memory_lab/record.sh, with --transcript.  An exercise whose
# reference file (rubrics/expected/EXERCISE.json) is not generated yet is
# skipped, loudly.  Exit 0 only when every verdict matches: a false pass (a
# wrong check graded pass) and a false fail (a right one graded anything
# else) are both failures.  CORPUS_FILTER (a glob over EXERCISE/NAME, e.g.
# 'order_matters/rt_*') grades only the matching submissions.
# GRADE_JOBS submissions are graded at once (default: the machine's cores).
# CORPUS_INTEGRITY=1 grades with --integrity (the rerun with changed seeds,
# grader/check/rerun.h): every verdict must stay the same, since no corpus
# submission replays typed output.
# stage-cost: 900
set -u
cd "$(dirname "$0")/../.."
GRADER=${GRADER:-bin/grader}
PY=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

submissions=0 checks=0 false_pass=0 false_fail=0 other=0 errors=0 skipped=0 known=0

# The primary expected file a rubric names (relative to rubrics/).
rubric_expected() {
    "$PY" -c 'import json,sys
e = json.load(open(sys.argv[1])).get("expected", [])
print(e if isinstance(e, str) else e[0])' "$1"
}

# "id verdict" lines from a gradebox JSON result.
verdicts() {
    "$PY" -c 'import json,sys
for c in json.load(open(sys.argv[1]))["checks"]:
    print(c["id"], c["verdict"])' "$1"
}

compare() {   # compare EXPECT GOT LABEL
    local id want got note
    # verdicts and listed ids by check id, read once (no process per check)
    local -A graded=() listed=()
    while read -r id got; do graded[$id]=$got; done < "$2"
    while read -r id want note; do
        checks=$((checks + 1))
        listed[$id]=1
        got=${graded[$id]:-}
        if [ "$got" = "$want" ]; then
            [ -z "$note" ] || echo "  XPASS       $3 $id: now $got; remove its '$note'"
            continue
        fi
        if [ -n "$note" ]; then
            known=$((known + 1)); echo "  KNOWN       $3 $id: expected $want, got ${got:-nothing} ($note)"
        elif [ "$got" = pass ]; then
            false_pass=$((false_pass + 1)); echo "  FALSE PASS  $3 $id: expected $want"
        elif [ "$want" = pass ]; then
            false_fail=$((false_fail + 1)); echo "  FALSE FAIL  $3 $id: got ${got:-nothing}"
        else
            other=$((other + 1)); echo "  MISMATCH    $3 $id: expected $want, got ${got:-nothing}"
        fi
    done < <(sed 's/#.*//; /^[[:space:]]*$/d' "$1")
    # every check graded must be listed: a new rubric check needs its verdicts
    while read -r id got; do
        [ -n "${listed[$id]+x}" ] || { other=$((other + 1)); echo "  UNLISTED    $3 $id: graded $got"; }
    done < "$2"
}

# Every submission is graded first, several at once (each its own
# sandboxed run), then compared in order.  Under the sanitizer build every
# CORPUS_SAN_EVERY-th submission of each exercise is graded (default 6): the
# C code under test is the same for each, the Python runs are not sanitized.
. tests/e2e/lib/pgrade.bash
pgrade_init corpus
queued=()
every=1
[ "${SANITIZE:-}" = 1 ] && every=${CORPUS_SAN_EVERY:-6}
for dir in tests/corpus/*/; do
    ex=$(basename "$dir")
    rubric=rubrics/$ex.json
    [ -f "$rubric" ] || { echo "corpus: no rubric for $ex"; errors=$((errors + 1)); continue; }
    primary=$(rubric_expected "$rubric")
    if [ ! -f "rubrics/$primary" ]; then
        echo "corpus: SKIP $ex: rubrics/$primary is not generated yet"
        skipped=$((skipped + 1))
        continue
    fi
    k=0
    for expect in "$dir"*.expect; do
        [ -e "$expect" ] || continue
        name=$(basename "$expect" .expect)
        # CORPUS_FILTER=EXERCISE/NAME-glob grades a subset while working on one gap
        # shellcheck disable=SC2053
        [[ "$ex/$name" == ${CORPUS_FILTER:-*} ]] || continue
        k=$((k + 1))
        [ $(( (k - 1) % every )) -eq 0 ] || continue
        sub=$(ls "$dir$name".py "$dir$name".md 2>/dev/null | head -1)
        [ -n "$sub" ] || { echo "corpus: $expect has no submission"; errors=$((errors + 1)); continue; }
        args=(check --format json --exercise "$ex")
        [ "${CORPUS_INTEGRITY:-0}" = 1 ] && args+=(--integrity)
        if [ -f "$dir$name.stdout" ]; then
            args+=(--transcript "$dir$name.stdout")
        fi
        queued+=("$expect")
        pgrade_add "${#queued[@]}" "${args[@]}" "$sub"
    done
done
pgrade_run

for expect in "${queued[@]}"; do
    submissions=$((submissions + 1))
    ex=$(basename "$(dirname "$expect")")
    name=$(basename "$expect" .expect)
    status=$(cat "$PGRADE/$submissions.status")
    if [ "$status" -gt 1 ] || ! verdicts "$PGRADE/$submissions.out" >"$tmp/got" 2>/dev/null; then
        echo "  ERROR       $ex/$name: grader exited $status"
        sed 's/^/    /' "$PGRADE/$submissions.err" | head -5
        errors=$((errors + 1))
        continue
    fi
    compare "$expect" "$tmp/got" "$ex/$name"
done

echo "corpus: $submissions submissions, $checks checks: false passes $false_pass," \
     "false fails $false_fail, other mismatches $other, errors $errors," \
     "known gaps $known, exercises skipped $skipped"
[ $((false_pass + false_fail + other + errors)) -eq 0 ]
