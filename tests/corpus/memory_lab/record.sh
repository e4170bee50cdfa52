#!/usr/bin/env bash
# record.sh — runs memory_lab corpus submissions for real and saves their stdout.
#
# memory_lab trains 14 models (minutes in torch), too slow to run for every
# corpus submission in CI, so tests/e2e/corpus.sh grades the recorded stdout
# (NAME.stdout) with `grader check --transcript`.  Re-run this after changing a
# submission:  bash tests/corpus/memory_lab/record.sh [NAME.py ...]
# PYTHON overrides the student runtime (default /usr/bin/python3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python=${PYTHON:-/usr/bin/python3}
cd "$here"
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(*.py)
for f in "${files[@]}"; do
    name=$(basename "$f" .py)
    work=$(mktemp -d)
    cp "$f" "$work/memory_lab.py"
    seq="$here/../../../exercises/sequences.py"
    [ ! -f "$seq" ] || cp "$seq" "$work/"
    echo "record: $name (this takes minutes)"
    status=0
    (cd "$work" && nice "$python" memory_lab.py >"$here/$name.stdout" 2>"$work/stderr") || status=$?
    echo "record: $name exited with status $status"
    tail -3 "$work/stderr" | sed 's/^/  stderr: /'
    rm -rf "$work"
done
