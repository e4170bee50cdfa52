#!/usr/bin/env bash
# memory_lab_readings.sh — the memory lab's two readings through the real
# `grader check`: a recorded run that trains on 2,000 rows (and says so in a
# comment) is graded against rubrics/expected/memory_lab.json's rows_2000
# values, one on the module's 4,000 rows against the top level; the report
# names the reading.  (corpus.sh asserts the verdicts; this, which reading.)
# Recorded transcripts: no training here, a second per grading.
set -u
cd "$(dirname "$0")/../.."
GRADER=${GRADER:-bin/grader}
corpus=tests/corpus/memory_lab
status=0

# expect NAME READING: every keyed check of NAME's recording is graded under READING.
expect() {
    local got
    got=$("$GRADER" check --format json --exercise memory_lab \
              --transcript "$corpus/$1.stdout" "$corpus/$1.py" |
          /usr/bin/python3 -c 'import json, sys
print("|".join(sorted({c["reading"] for c in json.load(sys.stdin)["checks"] if c["reading"]})))')
    if [ "$got" = "$2" ]; then
        echo "memory_lab_readings: $1 graded as '$got'"
    else
        echo "memory_lab_readings: $1 graded as '${got:-no reading}', expected '$2'"
        status=1
    fi
}

expect rows_2000 "2,000 training rows (the exercise allows it on a slower machine)"
expect correct_table "4,000 training rows (the module's)"
exit $status
