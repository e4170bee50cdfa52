#!/usr/bin/env bash
# sdpa_shim.sh — runs tests/shims/test_sdpa_shim.py in the student runtime with
# the shim directory on PYTHONPATH, exactly as the grader stages it, and checks
# that a script that never imports torch does not pay for the shim.
set -u
cd "$(dirname "$0")/../.."
py=/usr/bin/python3
PYTHONPATH=grader/shims PYTHONNOUSERSITE=1 "$py" tests/shims/test_sdpa_shim.py || exit 1
PYTHONPATH=grader/shims "$py" -c 'import sys; assert "torch" not in sys.modules and "numpy" not in sys.modules' \
    || { echo "sdpa_shim: the shim imported torch or numpy eagerly"; exit 1; }
echo "sdpa_shim: ok"
