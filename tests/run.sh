#!/usr/bin/env bash
# tests/run.sh — runs every test gradebox has, in parallel, and prints one
# closing line.
#
# Stages: the Check suites named in $UNIT_BINS (built by make), then every
# tests/e2e/*.sh, run with GRADER and REFERENCE pointing at the binaries under
# test; a stage passes when it exits 0.  TEST_JOBS stages run at once (default:
# the machine's cores); each stage's output goes to its own log and is printed
# whole when the stage ends, so parallel stages never interleave.  A progress
# line per stage says how far the run is; at the end a table names the slowest
# stages with their seconds, so the next slow-down shows where it came from.
#
# Longest first: the seconds each stage took are kept in
# $BUILD_DIR/stage-times.tsv and order the next run (longest first keeps the
# two cores busy to the end); a fresh clone starts the e2e scripts first, in
# the order of their "# stage-cost: SECONDS" line where they have one.
# TEST_FILTER (a glob over stage names, e.g. 'e2e serve_*') runs a subset.
# A stage that runs past STAGE_TIMEOUT seconds (default 1500, far above the
# slowest stage's few minutes) is stopped with its whole process group and
# fails, so one hung stage costs minutes, not the CI run's whole budget.
# The closing line "tests: N passed, M failed" counts stages.
set -u
cd "$(dirname "$0")/.."
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 2)}
stage_timeout=${STAGE_TIMEOUT:-1500}
times_file=${BUILD_DIR:-build/rel}/stage-times.tsv
logdir=$(mktemp -d)
trap 'rm -rf "$logdir"' EXIT
# A key the grader makes on first use (the result signing key) goes here,
# never into the developer's own ~/.config; a script that sets its own
# XDG_CONFIG_HOME keeps its own.
export XDG_CONFIG_HOME=$logdir/config

names=() cmds=()
add_stage() {   # NAME COMMAND...
    # shellcheck disable=SC2053
    [[ "$1" == ${TEST_FILTER:-*} ]] || return 0
    names+=("$1"); shift
    cmds+=("$(printf '%q ' "$@")")
}
for bin in ${UNIT_BINS:-}; do
    add_stage "unit $(basename "$bin")" "$bin"
done
for script in tests/e2e/*.sh; do
    [ -e "$script" ] || continue
    add_stage "e2e $(basename "$script" .sh)" bash "$script"
done
total=${#names[@]}

# Expected seconds of a stage: last run's, else its stage-cost line, else a
# guess that puts e2e scripts (minutes) before unit suites (seconds).
estimate() {   # NAME
    local t
    t=$(awk -F'\t' -v n="$1" '$1 == n { print $2 }' "$times_file" 2>/dev/null)
    if [ -z "$t" ] && [ "${1%% *}" = e2e ]; then
        t=$(sed -n 's/^# stage-cost: *\([0-9]*\).*/\1/p' "tests/e2e/${1#e2e }.sh" | head -1)
        t=${t:-30}
    fi
    echo "${t:-1}"
}
order=$(for i in "${!names[@]}"; do
    printf '%s\t%s\n' "$(estimate "${names[$i]}")" "$i"
done | sort -t$'\t' -k1,1gr -k2,2n | cut -f2)

start_all=$(date +%s.%N)
passed=0 failed=0 done_count=0
failures=()
declare -A pid_of started
running=()

finish() {   # INDEX: print a finished stage's log and progress line
    local i=$1 rc secs status
    rc=$(cat "$logdir/$i.rc" 2>/dev/null || echo 1)
    secs=$(awk -v a="${started[$i]}" -v b="$(cat "$logdir/$i.end")" 'BEGIN { printf "%.1f", b - a }')
    printf '%s\t%s\n' "${names[$i]}" "$secs" >>"$logdir/times"
    done_count=$((done_count + 1))
    echo "=== ${names[$i]}"
    cat "$logdir/$i.log"
    if [ "$rc" = 0 ]; then
        passed=$((passed + 1)); status=passed
    else
        failed=$((failed + 1)); failures+=("${names[$i]}"); status="FAILED (exit $rc)"
        echo "--- FAILED: ${names[$i]}"
    fi
    printf -- '--- [%d/%d, %s elapsed] %s: %s in %s s\n' "$done_count" "$total" \
        "$(awk -v a="$start_all" -v b="$(date +%s.%N)" 'BEGIN { s = b - a; printf "%d:%02d", s / 60, s % 60 }')" \
        "${names[$i]}" "$status" "$secs"
}

launch() {   # INDEX
    local i=$1
    started[$i]=$(date +%s.%N)
    ( eval "timeout -k 15 $stage_timeout ${cmds[$i]}" >"$logdir/$i.log" 2>&1 </dev/null
      rc=$?
      [ "$rc" = 124 ] && echo "${names[$i]}: stopped: still running after $stage_timeout s" \
          >>"$logdir/$i.log"
      echo "$rc" >"$logdir/$i.rc"
      date +%s.%N >"$logdir/$i.end" ) &
    pid_of[$i]=$!
    running+=("$i")
}

reap() {   # waits for one running stage to end and prints it
    local i keep=()
    wait -n 2>/dev/null
    for i in "${running[@]}"; do
        if [ -e "$logdir/$i.end" ]; then
            wait "${pid_of[$i]}" 2>/dev/null
            finish "$i"
        else
            keep+=("$i")
        fi
    done
    running=("${keep[@]}")
}

echo "tests: $total stages, $jobs at a time (longest first)"
for i in $order; do
    while [ "${#running[@]}" -ge "$jobs" ]; do reap; done
    launch "$i"
done
while [ "${#running[@]}" -gt 0 ]; do reap; done

# Keep this run's seconds for the next run's order (a subset run updates only
# the stages it ran).
if [ -s "$logdir/times" ]; then
    mkdir -p "$(dirname "$times_file")"
    { [ -f "$times_file" ] && awk -F'\t' 'NR == FNR { ran[$1] = 1; next } !($1 in ran)' \
          "$logdir/times" "$times_file"
      cat "$logdir/times"; } >"$logdir/merged" && cp "$logdir/merged" "$times_file"
fi

echo
echo "slowest stages (seconds; $(awk -v a="$start_all" -v b="$(date +%s.%N)" \
    'BEGIN { printf "%.0f", b - a }') s wall on $jobs jobs):"
sort -t$'\t' -k2,2gr "$logdir/times" | head -12 | awk -F'\t' '{ printf "  %8.1f  %s\n", $2, $1 }'
echo
if [ "$failed" -gt 0 ]; then
    printf 'failed: %s\n' "${failures[@]}"
fi
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
