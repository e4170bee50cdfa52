#!/usr/bin/env bash
# tests/valgrind.sh — memcheck over the grader's own code paths.
#
# Runs every Check suite in-process (CK_FORK=no, so a leak in the code under
# test is the test process's own) and the grader on recorded outputs and
# answers documents (--transcript: no Python, no sandbox) under valgrind;
# any memory error or definite/indirect leak fails the run.
# Left out, and covered by ASan/UBSan in check-sanitize instead:
# - the sandbox suites: valgrind's own syscalls in the forked child would
#   meet the seccomp filter the child installs;
# - the reference suites that train the module's models (exp_order,
#   exp_selfcheck): seconds of arithmetic natively are hours under memcheck.
# Ends with "valgrind: N passed, M failed".
set -u
cd "$(dirname "$0")/.."
# valgrind runs one thread at a time: OpenBLAS's spinning worker threads
# would make the reference suites crawl (minutes become an hour)
export OPENBLAS_NUM_THREADS=1
: "${GRADER:?GRADER must name the grader binary}"
VG=(valgrind -q --error-exitcode=99 --leak-check=full
    --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect)
passed=0
failed=0
failures=()
log=$(mktemp)
trap 'rm -f "$log"' EXIT

run_one() {
    local name=$1; shift
    if CK_FORK=no "${VG[@]}" "$@" >"$log" 2>&1; then
        passed=$((passed + 1))
        echo "ok      $name"
    else
        # the grader exits 1 when a submission loses points: only valgrind's 99 and crashes fail
        local rc=$?
        if [ "$rc" -eq 1 ] && [[ $name == grader* ]] && ! grep -q '^==[0-9]*==' "$log"; then
            passed=$((passed + 1))
            echo "ok      $name"
            return
        fi
        failed=$((failed + 1))
        failures+=("$name")
        echo "FAILED  $name (exit $rc)"
        tail -40 "$log"
    fi
}

for bin in ${UNIT_BINS:-}; do
    case $(basename "$bin") in test_sandbox* | test_exp_order | test_exp_selfcheck) continue ;; esac
    run_one "unit $(basename "$bin")" "$bin"
done
for stdout in tests/corpus/memory_lab/*.stdout; do
    py=${stdout%.stdout}.py
    [ -e "$py" ] || continue
    run_one "grader memory_lab/$(basename "$py" .py)" \
        "$GRADER" check --exercise memory_lab --transcript "$stdout" --format json "$py"
done
for md in tests/corpus/self_check/*.md; do
    run_one "grader self_check/$(basename "$md" .md)" \
        "$GRADER" check --exercise self_check "$md"
done

echo
[ "$failed" -gt 0 ] && printf 'failed: %s\n' "${failures[@]}"
echo "valgrind: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
