#!/usr/bin/env bash
# expected_fresh.sh — every committed rubrics/expected/EXERCISE.json must be
# exactly what `reference EXERCISE --out FILE` computes now (no stale goldens).
set -u
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
n=0
for committed in rubrics/expected/*.json; do
    [ -e "$committed" ] || continue
    name=$(basename "$committed" .json)
    n=$((n + 1))
    if ! "$REFERENCE" "$name" --out "$tmp/$name.json" >"$tmp/$name.log" 2>&1; then
        echo "expected_fresh: 'reference $name' failed:"; cat "$tmp/$name.log"
        status=1
    elif ! cmp -s "$committed" "$tmp/$name.json"; then
        echo "expected_fresh: $committed is stale; regenerate with: bin/reference $name"
        diff -u "$committed" "$tmp/$name.json" | head -40
        status=1
    else
        echo "expected_fresh: $name fresh"
    fi
done
echo "expected_fresh: $n expected files checked"
exit $status
