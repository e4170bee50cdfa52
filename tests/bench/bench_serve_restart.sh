#!/usr/bin/env bash
# bench_serve_restart.sh — 500 submissions of attention_by_hand from 50
# students through `grader serve`, killed -9 and restarted mid-run: every
# accepted one graded exactly once, nothing lost, every result visible only
# to its student (tests/bench/serve_load.py does the work and the checks).
# Prints the throughput against `grader check` run one after another in the
# same run.  Long: every submission is really graded (BENCH_SERVE_STUDENTS
# and BENCH_SERVE_EACH make it smaller; progress is printed every 30 s).
set -u
cd "$(dirname "$0")/../.."
: "${GRADER:=$PWD/bin/grader}"
students=${BENCH_SERVE_STUDENTS:-50}
each=${BENCH_SERVE_EACH:-10}
workers=${BENCH_SERVE_WORKERS:-$(nproc)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "bench_serve_restart: $students students x $each submissions, $workers workers, kill -9 at 20%"
XDG_CONFIG_HOME=$tmp/config XDG_STATE_HOME=$tmp/state \
    /usr/bin/python3 tests/bench/serve_load.py "$GRADER" "$tmp" "$students" "$each" "$workers" || {
    echo "bench_serve_restart: FAILED"
    tail -20 "$tmp/serve.log"
    exit 1
}
