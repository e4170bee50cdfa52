#!/usr/bin/env bash
# sandbox_grader.sh — hostile submissions through the real `grader check`: the
# report names what stopped each one, and the correct sample graded right
# after still scores full marks.  (That nothing survives a run is asserted by
# tests/unit/test_sandbox_hostile.c, whose scripts carry a unique name.)
set -u
cd "$(dirname "$0")/../.."
GRADER=${GRADER:-bin/grader}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# expect NAME STATUS PATTERN: grades tests/hostile/NAME.py as attention_by_hand.py.
expect() {
    local name=$1 want=$2 pattern=$3
    mkdir -p "$tmp/$name"
    cp "tests/hostile/$name.py" "$tmp/$name/attention_by_hand.py"
    timeout 300 "$GRADER" check "$tmp/$name/attention_by_hand.py" >"$tmp/out" 2>&1
    local got=$?
    if [ "$got" -ne "$want" ] || ! grep -qF -- "$pattern" "$tmp/out"; then
        echo "sandbox_grader: FAIL: $name -> exit $got (want $want), report:"
        head -8 "$tmp/out"
        fails=$((fails + 1))
    else
        echo "sandbox_grader: ok: $name: $(grep -m1 '^run:' "$tmp/out")"
    fi
}

expect fork_bomb 1 "run: stopped: it tried to start more processes or threads than allowed"
expect ptrace 1 "run: stopped: it called ptrace, which the sandbox forbids"
expect netlink 1 "run: stopped: it called socket(AF_NETLINK, SOCK_RAW), which the sandbox forbids"
expect stdout_flood 1 "run: stopped after printing more than 1048576 bytes of output"
expect escape 1 "run: exited with status 0"

"$GRADER" check exercises/samples/attention_by_hand.py >"$tmp/out" 2>&1
got=$?
if [ "$got" -ne 0 ] || ! grep -q "full marks" "$tmp/out"; then
    echo "sandbox_grader: FAIL: the correct sample after the hostile ones -> exit $got"
    tail -3 "$tmp/out"
    fails=$((fails + 1))
else
    echo "sandbox_grader: ok: correct sample still scores full marks"
fi
[ "$fails" -eq 0 ]
