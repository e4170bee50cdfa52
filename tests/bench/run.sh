#!/usr/bin/env bash
# tests/bench/run.sh — runs every benchmark: the bench_* binaries built from
# tests/bench/bench_*.c and every tests/bench/bench_*.sh. Each prints its own
# measurements and a ratio against a peer measured in the same run.
set -u
cd "$(dirname "$0")/../.."
status=0
for bin in ${BENCH_BINS:-}; do
    # a binary with a script of its name is run by the script (bench_course.sh)
    [ -e "tests/bench/$(basename "$bin").sh" ] && continue
    echo "=== $(basename "$bin")"
    "$bin" || status=1
done
for script in tests/bench/bench_*.sh; do
    [ -e "$script" ] || continue
    echo "=== $(basename "$script" .sh)"
    bash "$script" || status=1
done
exit $status
