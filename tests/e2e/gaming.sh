#!/usr/bin/env bash
# gaming.sh — submissions that try to earn marks without the work
# (tests/gaming/, see its README) through the real `grader check`, run live
# in the sandbox: each must get exactly the verdicts its NAME.expect lists
# and at most half marks.
# stage-cost: 60
set -u
cd "$(dirname "$0")/../.."
GRADER=${GRADER:-bin/grader}
PY=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cases=0 bad=0

for expect in tests/gaming/*/*.expect; do
    [ -e "$expect" ] || continue
    ex=$(basename "$(dirname "$expect")")
    name=$ex/$(basename "$expect" .expect)
    cases=$((cases + 1))
    nice "$GRADER" check --format json --exercise "$ex" "${expect%.expect}.py" \
        >"$tmp/out.json" 2>"$tmp/err"
    status=$?
    if [ $status -gt 1 ] || ! "$PY" -c 'import json,sys
d = json.load(open(sys.argv[1]))
for c in d["checks"]:
    print(c["id"], c["verdict"])
print("__score__", d["score"], d["max_score"])' "$tmp/out.json" >"$tmp/got" 2>/dev/null; then
        echo "  ERROR      $name: grader exited $status"; sed 's/^/    /' "$tmp/err" | head -5
        bad=$((bad + 1)); continue
    fi
    while read -r id want; do
        got=$(awk -v id="$id" '$1 == id { print $2 }' "$tmp/got")
        [ "$got" = "$want" ] && continue
        echo "  MISMATCH   $name $id: expected $want, got ${got:-nothing}"; bad=$((bad + 1))
    done < <(sed 's/#.*//; /^[[:space:]]*$/d' "$expect")
    while read -r id got; do
        [ "$id" = __score__ ] || grep -q "^$id " "$expect" ||
            { echo "  UNLISTED   $name $id: graded $got"; bad=$((bad + 1)); }
    done <"$tmp/got"
    read -r _ score max < <(grep '^__score__' "$tmp/got")
    if awk -v s="$score" -v m="$max" 'BEGIN { exit !(s > m / 2) }'; then
        echo "  OVER HALF  $name: scored $score/$max"; bad=$((bad + 1))
    else
        echo "gaming: $name scored $score/$max"
    fi
done
echo "gaming: $cases cases, $bad problems"
[ "$cases" -gt 0 ] && [ "$bad" -eq 0 ]
