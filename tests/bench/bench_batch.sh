#!/usr/bin/env bash
# bench_batch.sh — `grader batch`'s three figures, each against a peer measured
# in the same run, on short submissions of a scratch exercise (a comment and a
# print: a python start-up each):
#   1. overhead per submission beyond the student's own script (target <= 20 ms):
#      grader batch --jobs 1 over N scripts, against running the same N scripts
#      bare one after another (python3 FILE, no sandbox);
#   2. 60 submissions, 2 sandboxes against 1 (target >= 1.8x faster);
#   3. re-running an unchanged cohort of 200 (target < 2 s), against its first run.
# Prints each figure and whether it meets its target; exits 1 when one does not.
set -u
cd "$(dirname "$0")/../.."
GRADER=${GRADER:-$PWD/bin/grader}
PY=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export GRADEBOX_CACHE=$tmp/cache

mkdir -p "$tmp/rubrics"
cat >"$tmp/rubrics/tiny.json" <<'JSON'
{"format": 1, "exercise": "tiny", "submission": "tiny.py", "mode": "run", "seeded": false,
 "checks": [{"id": "said", "description": "a comment", "points": 1,
             "kind": "comment_sentences", "min": 1}]}
JSON
cohort() {   # N DIR: N students, each a distinct short script
    for i in $(seq "$1"); do
        mkdir -p "$2/s$i"
        printf '# Student %d says hello.\nprint("hello", %d)\n' "$i" "$i" >"$2/s$i/tiny.py"
    done
}
calc() { $PY -c "print($1)"; }
# measure CMD... -> "WALL CPU" in seconds (CPU: user + system of it and its children)
measure() {
    $PY -c '
import resource, subprocess, sys, time
t = time.monotonic()
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
wall = time.monotonic() - t
u = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.4f %.4f" % (wall, u.ru_utime + u.ru_stime))
sys.exit(r.returncode)' "$@" || { echo "bench_batch: $* failed" >&2; exit 1; }
}
bare_loop() {   # DIR N: each script run bare, one after another
    for i in $(seq "$2"); do (cd "$1/s$i" && $PY tiny.py >/dev/null) || exit 1; done
}
check_loop() {   # DIR N: the shell loop an instructor would write today
    for i in $(seq "$2"); do "$GRADER" check --rubrics "$3" "$1/s$i/tiny.py" >/dev/null; done; true
}
run_batch() {   # DIR OUT JOBS -> wall seconds on stdout
    measure "$GRADER" batch "$1" --out "$2" --rubrics "$tmp/rubrics" --jobs "$3" --quiet | cut -d' ' -f1
}
verdict() {   # CONDITION -> "meets" / "MISSES"
    if [ "$(calc "1 if $1 else 0")" = 1 ]; then echo "meets"; else : >"$tmp/missed"; echo "MISSES"; fi
}

# 1. overhead per submission
n=30
cohort $n "$tmp/c30"
"$GRADER" batch "$tmp/c30" --out "$tmp/warm" --rubrics "$tmp/rubrics" --quiet >/dev/null   # probe cache
export -f bare_loop check_loop
export PY GRADER
read -r bare_w bare_c <<<"$(measure bash -c 'bare_loop "$0" "$1"' "$tmp/c30" $n)"
read -r batch_w batch_c <<<"$(measure "$GRADER" batch "$tmp/c30" --out "$tmp/o30" --rubrics "$tmp/rubrics" --jobs 1 --quiet)"
read -r loop_w loop_c <<<"$(measure bash -c 'check_loop "$0" "$1" "$2"' "$tmp/c30" $n "$tmp/rubrics")"
per=$(calc "($batch_w - $bare_w) / $n * 1000")
printf 'overhead: %d scripts: bare %.2f s (%.2f s CPU); grader batch --jobs 1 %.2f s (%.2f s CPU); a shell loop of grader check %.2f s (%.2f s CPU)\n' \
    $n "$bare_w" "$bare_c" "$batch_w" "$batch_c" "$loop_w" "$loop_c"
printf 'overhead: %.1f ms wall (%.1f ms CPU) per submission beyond the script; the check loop %.1f ms (target <= 20 ms wall: %s; load %s)\n' \
    "$per" "$(calc "($batch_c - $bare_c) / $n * 1000")" "$(calc "($loop_w - $bare_w) / $n * 1000")" \
    "$(verdict "$per <= 20")" "$(cut -d' ' -f1 /proc/loadavg)"

# 2. two sandboxes against one
cohort 60 "$tmp/c60"
one=$(run_batch "$tmp/c60" "$tmp/o60a" 1)
two=$(run_batch "$tmp/c60" "$tmp/o60b" 2)
ratio=$(calc "$one / $two")
cmp -s "$tmp/o60a/grades.csv" "$tmp/o60b/grades.csv" \
    || { echo "bench_batch: the grades differ between 1 and 2 sandboxes"; : >"$tmp/missed"; }
printf 'parallel: 60 submissions, 1 sandbox %.2f s, 2 sandboxes %.2f s: %.2fx faster (target >= 1.8x: %s; load %s)\n' \
    "$one" "$two" "$ratio" "$(verdict "$ratio >= 1.8")" "$(cut -d' ' -f1 /proc/loadavg)"

# 3. an unchanged rerun of 200
cohort 200 "$tmp/c200"
first=$(run_batch "$tmp/c200" "$tmp/o200" 2)
read -r again again_cpu <<<"$(measure "$GRADER" batch "$tmp/c200" --out "$tmp/o200" --rubrics "$tmp/rubrics" --quiet)"
printf 'rerun: 200 submissions, first run %.2f s, unchanged rerun %.3f s, %.3f s CPU (%.1f%% of the first; target < 2 s: %s; load %s)\n' \
    "$first" "$again" "$again_cpu" "$(calc "$again / $first * 100")" "$(verdict "$again < 2")" \
    "$(cut -d' ' -f1 /proc/loadavg)"
[ ! -e "$tmp/missed" ]    # exit 1 when a figure misses its target
