#!/usr/bin/env bash
# check_cli.sh — `grader check`'s usage and configuration errors: each exits 2
# with a message that names the problem, and never crashes.  Needs no runtime.
set -u
cd "$(dirname "$0")/../.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# expect STATUS PATTERN -- command...: exit status and a stderr/stdout pattern.
expect() {
    local want=$1 pattern=$2; shift 3
    "$@" >"$tmp/out" 2>"$tmp/err"
    local got=$?
    if [ "$got" -ne "$want" ] || ! grep -q -- "$pattern" "$tmp/out" "$tmp/err"; then
        echo "check_cli: FAIL: $* -> exit $got (want $want), output:"
        cat "$tmp/out" "$tmp/err" | head -5
        fails=$((fails + 1))
    else
        echo "check_cli: ok: $*"
    fi
}

printf 'print(1)\n' >"$tmp/attention_by_hand.py"
printf 'hello\n' >"$tmp/notes.txt"
mkdir -p "$tmp/broken" "$tmp/empty" "$tmp/readonly" "$tmp/runnable"
cat >"$tmp/runnable/attention_by_hand.json" <<'JSON'
{"format": 1, "exercise": "attention_by_hand", "submission": "attention_by_hand.py", "mode": "run",
 "checks": [{"id": "c", "description": "comments", "points": 1, "kind": "comment_sentences", "min": 1}]}
JSON
printf '# q1\n' >"$tmp/answers.md"
cat >"$tmp/readonly/self_check.json" <<'JSON'
{"format": 1, "exercise": "self_check", "submission": "answers.md", "mode": "read",
 "checks": [{"id": "q1", "description": "question 1", "points": 1, "kind": "review",
             "section": "q1", "prompt": "does the argument hold?"}]}
JSON
printf '{"format": 1, "exercise": "attention_by_hand",' >"$tmp/broken/attention_by_hand.json"

expect 2 "usage: grader" -- "$GRADER"
expect 0 "check" -- "$GRADER" --help
expect 2 "unknown command 'grade'" -- "$GRADER" grade x.py
expect 2 "which file should be checked" -- "$GRADER" check
expect 0 "usage: grader check" -- "$GRADER" check --help
expect 2 "unknown format 'xml'" -- "$GRADER" check --format xml "$tmp/attention_by_hand.py"
expect 2 "unknown option '--fromat'" -- "$GRADER" check --fromat json "$tmp/attention_by_hand.py"
expect 2 "needs a value" -- "$GRADER" check "$tmp/attention_by_hand.py" --python
# several FILEs are graded in turn; each one that cannot be is named, and the worst status wins
expect 2 "grader check: b.py: b.py is not the file of any exercise" -- "$GRADER" check a.py b.py
expect 2 "--transcript grades one FILE at a time" -- \
    "$GRADER" check --transcript "$tmp/notes.txt" a.py b.py
expect 2 "--post delivers one FILE at a time" -- "$GRADER" check --post http://x/ a.py b.py
# as JSON, one array in the order given; a file not graded is an element saying so
expect 2 '"schema":	"gradebox.error/1"' -- \
    "$GRADER" check --format json "$tmp/attention_by_hand.py" "$tmp/notes.txt"
expect 2 "notes.txt is not the file of any exercise" -- "$GRADER" check "$tmp/notes.txt"
expect 2 "no exercise 'nosuch'" -- "$GRADER" check --exercise nosuch "$tmp/notes.txt"
expect 2 "is not an exercise name" -- "$GRADER" check --exercise ../rubrics/x "$tmp/notes.txt"
expect 2 "No such file" -- "$GRADER" check --rubrics "$tmp/readonly" --exercise self_check "$tmp/missing.md"
expect 2 "not valid JSON" -- "$GRADER" check --rubrics "$tmp/broken" --exercise attention_by_hand "$tmp/attention_by_hand.py"
expect 2 "a rubric failed to load" -- "$GRADER" check --rubrics "$tmp/broken" "$tmp/attention_by_hand.py"
expect 2 "rubrics directory $tmp/nowhere does not exist" -- "$GRADER" check --rubrics "$tmp/nowhere" "$tmp/attention_by_hand.py"
expect 2 "is not the file of any exercise" -- "$GRADER" check --rubrics "$tmp/empty" "$tmp/attention_by_hand.py"
expect 2 "GRADEBOX_HOME=$tmp/nowhere is not a directory" -- env GRADEBOX_HOME="$tmp/nowhere" "$GRADER" check "$tmp/attention_by_hand.py"
expect 2 "Python runtime /nonexistent/python3 cannot be executed" -- "$GRADER" check --rubrics "$tmp/runnable" --python /nonexistent/python3 "$tmp/attention_by_hand.py"
expect 2 "must be an absolute path" -- "$GRADER" check --rubrics "$tmp/runnable" --python python3 "$tmp/attention_by_hand.py"
expect 2 "only applies to exercises that are run" -- "$GRADER" check --transcript "$tmp/notes.txt" --rubrics "$tmp/readonly" "$tmp/answers.md"
# --integrity cannot run a recording again: the report says no rerun was made.
printf 'gain 0.5: factor x0.490\n' >"$tmp/gd.stdout"
expect 1 "no rerun with changed seeds was made" -- "$GRADER" check --integrity --exercise gradient_decay --transcript "$tmp/gd.stdout" "$tmp/attention_by_hand.py"

# A loop is stopped by the rubric's wall limit; the report names the limit,
# the JSON records it, and the grade is a failure, not a grader error.
mkdir -p "$tmp/looping"
cat >"$tmp/looping/attention_by_hand.json" <<'JSON'
{"format": 1, "exercise": "attention_by_hand", "submission": "attention_by_hand.py", "mode": "run",
 "limits": {"wall_seconds": 2},
 "checks": [{"id": "c", "description": "comments", "points": 1, "kind": "comment_sentences", "min": 1}]}
JSON
printf 'print("starting", flush=True)\nwhile True:\n    pass\n' >"$tmp/loop.py"
expect 1 "stopped after 2 s of wall time" -- "$GRADER" check --rubrics "$tmp/looping" --exercise attention_by_hand "$tmp/loop.py"
expect 1 '"limit":[[:space:]]*"wall"' -- "$GRADER" check --rubrics "$tmp/looping" --exercise attention_by_hand --format json "$tmp/loop.py"

echo "check_cli: $fails failed"
[ "$fails" -eq 0 ]
