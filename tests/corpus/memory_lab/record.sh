#!/usr/bin/env bash
# record.sh — runs memory_lab corpus submissions for real and records them.
#
# memory_lab trains 14 models (minutes in torch), too slow to run for every
# corpus submission in CI, so tests/e2e/corpus.sh grades the recording with
# `grader check --transcript NAME.stdout`.  For each submission this writes
#   NAME.stdout  what it wrote to stdout and stderr, in order (2>&1), as the
#                grader reads a live run
#   NAME.status  how the run ended and on which runtime (grader/transcript.h),
#                so a crash half-way grades as it would live
# Re-run this after changing a submission:
#   bash tests/corpus/memory_lab/record.sh [NAME.py ...]
# PYTHON overrides the student runtime (default /usr/bin/python3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python=${PYTHON:-/usr/bin/python3}
cd "$here"
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(*.py)
versions=$("$python" -c 'import sys
print("python", sys.version.split()[0])
for m in ("torch", "numpy"):
    try: print(m, __import__(m).__version__)
    except Exception: pass')
for f in "${files[@]}"; do
    name=$(basename "$f" .py)
    work=$(mktemp -d)
    cp "$f" "$work/memory_lab.py"
    seq="$here/../../../exercises/sequences.py"
    [ ! -f "$seq" ] || cp "$seq" "$work/"
    echo "record: $name (this takes minutes)"
    status=0
    start=$(date +%s.%N)
    (cd "$work" && PYTHONUNBUFFERED=1 nice "$python" memory_lab.py >"$here/$name.stdout" 2>&1) \
        || status=$?
    end=$(date +%s.%N)
    {
        echo "# recorded by tests/corpus/memory_lab/record.sh"
        if [ "$status" -gt 128 ]; then echo "signal $((status - 128))"; else echo "exit $status"; fi
        awk -v a="$start" -v b="$end" 'BEGIN { printf "wall_seconds %.1f\n", b - a }'
        echo "$versions"
    } >"$here/$name.status"
    echo "record: $name: $(sed -n 2p "$here/$name.status")"
    tail -3 "$here/$name.stdout" | sed 's/^/  /'
    rm -rf "$work"
done
