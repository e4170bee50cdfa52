#!/usr/bin/env bash
# layering.sh — every stage folder is one-way: no two of its files call each
# other, directly or round a circle (tests/e2e/lib/call_cycles.py reads the
# calls from the built objects' symbols).  First it proves the reader sees a
# circle: two files built here that call each other must be reported.
# stage-cost: 5
set -u
cd "$(dirname "$0")/../.."
build=${BUILD_DIR:-build/rel}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/src/st" "$tmp/obj/st"
printf 'int b(int);\nint a(int x) { return x ? b(x - 1) : 0; }\n' >"$tmp/src/st/a.c"
printf 'int a(int);\nint b(int x) { return a(x); }\n' >"$tmp/src/st/b.c"
printf 'int a(int);\nint c(int x) { return a(x); }\n' >"$tmp/src/st/c.c"
for f in a b c; do cc -c "$tmp/src/st/$f.c" -o "$tmp/obj/st/$f.o" || exit 1; done
if out=$(python3 tests/e2e/lib/call_cycles.py "$tmp/obj" "$tmp/src" st); then
    echo "FAIL: a.c and b.c call each other, but no circle was reported"; exit 1
fi
case $out in
*"a.c, b.c call each other"*) ;;
*) echo "FAIL: the circle reported is not a.c <-> b.c: $out"; exit 1 ;;
esac

stages=$(cd "$build" && ls -d grader/*/ reference/*/ common 2>/dev/null | sed 's:/$::')
[ -n "$stages" ] || { echo "FAIL: no objects under $build (build first)"; exit 1; }
if ! python3 tests/e2e/lib/call_cycles.py "$build" . $stages; then
    echo "FAIL: move what the lower files need out of the file that calls them (docs/design.md)"
    exit 1
fi
echo "layering: $(echo "$stages" | wc -w) stages, no file calls round a circle"
