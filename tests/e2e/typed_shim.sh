#!/usr/bin/env bash
# typed_shim.sh — runs tests/shims/test_typed_shim.py in the student runtime
# with the shim directory on PYTHONPATH, as the grader stages it: the texts the
# constant-text reader (grader/shims/gradebox_typed.py) finds in a script, a
# case on each side of each rule, hostile sizes refused.
set -u
cd "$(dirname "$0")/../.."
PYTHONPATH=grader/shims PYTHONNOUSERSITE=1 /usr/bin/python3 tests/shims/test_typed_shim.py
