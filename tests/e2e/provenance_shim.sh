#!/usr/bin/env bash
# provenance_shim.sh — runs tests/shims/test_provenance_shim.py in the student
# runtime with the shim directory on PYTHONPATH, as the grader stages it: the
# labels the print provenance shim records, a case on each side of each rule.
set -u
cd "$(dirname "$0")/../.."
PYTHONPATH=grader/shims PYTHONNOUSERSITE=1 /usr/bin/python3 tests/shims/test_provenance_shim.py
