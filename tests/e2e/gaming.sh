#!/usr/bin/env bash
# gaming.sh — submissions that try to earn marks without the work
# (tests/gaming/, see its README), graded live in the sandbox twice: through
# `grader check --integrity` and through `grader batch` (where the rerun with
# changed seeds is on by default, grader/check/rerun.h).  Each must get exactly
# the verdicts its NAME.expect lists, the same both ways, and at most half marks.
# GAMING_FILTER (a glob over EXERCISE/NAME) grades a subset.
# stage-cost: 150
set -u
cd "$(dirname "$0")/../.."
GRADER=${GRADER:-bin/grader}
PY=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GRADEBOX_CACHE=$tmp/cache
cases=0 bad=0

# judge NAME EXPECT RESULT.json HOW: the verdicts as listed, at most half marks.
judge() {
    local name=$1 expect=$2 json=$3 how=$4 id want got score max
    if ! "$PY" -c 'import json,sys
d = json.load(open(sys.argv[1]))
for c in d["checks"]:
    print(c["id"], c["verdict"])
print("__score__", d["score"], d["max_score"])' "$json" >"$tmp/got" 2>/dev/null; then
        echo "  ERROR      $name ($how): no result"; bad=$((bad + 1)); return
    fi
    while read -r id want; do
        got=$(awk -v id="$id" '$1 == id { print $2 }' "$tmp/got")
        [ "$got" = "$want" ] && continue
        echo "  MISMATCH   $name ($how) $id: expected $want, got ${got:-nothing}"; bad=$((bad + 1))
    done < <(sed 's/#.*//; /^[[:space:]]*$/d' "$expect")
    while read -r id got; do
        [ "$id" = __score__ ] || grep -q "^$id " "$expect" ||
            { echo "  UNLISTED   $name ($how) $id: graded $got"; bad=$((bad + 1)); }
    done <"$tmp/got"
    read -r _ score max < <(grep '^__score__' "$tmp/got")
    if awk -v s="$score" -v m="$max" 'BEGIN { exit !(s > m / 2) }'; then
        echo "  OVER HALF  $name ($how): scored $score/$max"; bad=$((bad + 1))
    else
        echo "gaming: $name scored $score/$max ($how)"
    fi
}

mkdir -p "$tmp/cohort"
for expect in tests/gaming/*/*.expect; do
    [ -e "$expect" ] || continue
    ex=$(basename "$(dirname "$expect")")
    name=$ex/$(basename "$expect" .expect)
    # shellcheck disable=SC2053
    [[ "$name" == ${GAMING_FILTER:-*} ]] || continue
    cases=$((cases + 1))
    nice "$GRADER" check --integrity --format json --exercise "$ex" "${expect%.expect}.py" \
        >"$tmp/out.json" 2>"$tmp/err"
    status=$?
    if [ $status -gt 1 ]; then
        echo "  ERROR      $name: grader check exited $status"; sed 's/^/    /' "$tmp/err" | head -5
        bad=$((bad + 1)); continue
    fi
    judge "$name" "$expect" "$tmp/out.json" "check --integrity"
    student=${name//\//__}                 # one student per case, handing in that one file
    mkdir -p "$tmp/cohort/$student"
    cp "${expect%.expect}.py" "$tmp/cohort/$student/$ex.py"
done

# The same cases as one cohort: batch makes the rerun without being asked.
if [ "$cases" -gt 0 ]; then
    nice "$GRADER" batch "$tmp/cohort" --out "$tmp/graded" >"$tmp/batch.out" 2>"$tmp/batch.err"
    status=$?
    [ $status -le 1 ] || { echo "  ERROR      grader batch exited $status"
                           sed 's/^/    /' "$tmp/batch.err" | head -5; bad=$((bad + 1)); }
    for dir in "$tmp/cohort"/*/; do
        student=$(basename "$dir")
        name=${student/__//}
        ex=${name%%/*}
        json=$(ls "$tmp/graded"/*"$student"*/"$ex.json" 2>/dev/null | head -1)
        [ -n "$json" ] || { echo "  ERROR      $name (batch): no $ex.json"; bad=$((bad + 1)); continue; }
        judge "$name" "tests/gaming/$name.expect" "$json" "batch"
        # batch reruns order_matters and gradient_decay by default; memory_lab's
        # rerun (minutes) is by option, and attention has no seeds to remap
        grep -q '"runs":' "$json" || [ "$ex" = attention_by_hand ] || [ "$ex" = memory_lab ] ||
            { echo "  NO RERUN   $name (batch): the result says nothing of the rerun"; bad=$((bad + 1)); }
    done
fi
echo "gaming: $cases cases, $bad problems"
[ "$cases" -gt 0 ] && [ "$bad" -eq 0 ]
