#!/usr/bin/env bash
# tests/run.sh — runs every test gradebox has and prints one closing line.
#
# Unit suites: the Check binaries named in $UNIT_BINS (built by make).
# End-to-end:  every tests/e2e/*.sh, run with GRADER and REFERENCE pointing at
#              the binaries under test; a script passes when it exits 0.
# The closing line "tests: N passed, M failed" counts suites and scripts.
set -u
cd "$(dirname "$0")/.."
passed=0
failed=0
failures=()

run_one() {
    local name=$1; shift
    echo "=== $name"
    if "$@"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        failures+=("$name")
        echo "--- FAILED: $name"
    fi
}

for bin in ${UNIT_BINS:-}; do
    run_one "unit $(basename "$bin")" "$bin"
done
for script in tests/e2e/*.sh; do
    [ -e "$script" ] || continue
    run_one "e2e $(basename "$script" .sh)" bash "$script"
done

echo
if [ "$failed" -gt 0 ]; then
    printf 'failed: %s\n' "${failures[@]}"
fi
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
