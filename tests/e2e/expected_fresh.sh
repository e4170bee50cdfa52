#!/usr/bin/env bash
# expected_fresh.sh — every committed rubrics/expected/EXERCISE.json must be
# exactly what `reference EXERCISE --out FILE` computes now (no stale goldens),
# and memory_lab.json, the one trained on a pool of threads, must come out
# byte-identical again on another thread count and, where the CPU has one, a
# narrower vector path of the engine (GRADEBOX_NN_ISA, reference/nn/nn_isa.h):
# the fixed-order arithmetic makes the bits independent of both.
#
# Under the sanitizer build ($SANITIZE=1) the freshness check runs for every
# exercise but memory_lab: its 56 models trained under ASan took 13 of the
# sanitizer pass's 14 minutes, on the same engine that the other exercises
# run under ASan, and the unit suite exp_memory runs the memory lab's own
# machinery there on a small configuration (on several thread counts); the
# plain build checks memory_lab.json.  The
# second memory lab does not run there either: whether the bits depend on
# threads or vector paths is a property of the arithmetic, which the plain
# build proves.
# stage-cost: 150
set -u
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
n=0

# same NAME FILE LABEL: is FILE byte-identical to the committed NAME.json?
same() {
    if cmp -s "rubrics/expected/$1.json" "$2"; then
        echo "expected_fresh: $1 $3"
        return 0
    fi
    echo "expected_fresh: rubrics/expected/$1.json differs from what 'reference $1' computes" \
         "$4; regenerate with: bin/reference $1"
    diff -u "rubrics/expected/$1.json" "$2" | head -40
    status=1
}

for committed in rubrics/expected/*.json; do
    [ -e "$committed" ] || continue
    name=$(basename "$committed" .json)
    if [ "${SANITIZE:-}" = 1 ] && [ "$name" = memory_lab ]; then
        echo "expected_fresh: memory_lab left to the plain build (sanitizer pass)"
        continue
    fi
    n=$((n + 1))
    [ "$name" = memory_lab ] && echo "expected_fresh: memory_lab trains 56 models (a minute or more)"
    if ! "$REFERENCE" "$name" --out "$tmp/$name.json" >"$tmp/$name.log" 2>&1; then
        echo "expected_fresh: 'reference $name' failed:"; cat "$tmp/$name.log"
        status=1
    else
        same "$name" "$tmp/$name.json" fresh "now"
    fi
done
echo "expected_fresh: $n expected files checked"

if [ "${SANITIZE:-}" != 1 ] && [ -s "$tmp/memory_lab.log" ]; then
    # The path the first run used ("peak (FMA loop, avx512): ..."); the next narrower
    # one, if it is a vector path (the portable one would take hours).
    isa=$(sed -n 's/^peak (FMA loop, \([a-z0-9]*\)).*/\1/p' "$tmp/memory_lab.log")
    case "$isa" in
        avx512) other=avx2 ;;
        *) other= ;;
    esac
    threads=3
    echo "expected_fresh: memory_lab again on $threads threads, vector path ${other:-$isa (no narrower vector path here)}"
    if ! GRADEBOX_NN_ISA=$other "$REFERENCE" memory_lab --threads "$threads" \
            --out "$tmp/memory_lab_again.json" >"$tmp/again.log" 2>&1; then
        echo "expected_fresh: 'reference memory_lab --threads $threads' failed:"; cat "$tmp/again.log"
        status=1
    else
        same memory_lab "$tmp/memory_lab_again.json" \
            "identical on $threads threads and ${other:-$isa}" "on $threads threads, ${other:-$isa}"
    fi
fi
exit $status
