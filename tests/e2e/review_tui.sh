#!/usr/bin/env bash
# review_tui.sh — the review screen of `grader review DIR`, driven in tmux
# (send-keys, capture-pane): a cohort of three answers documents (two
# identical, so one group covers two students) graded; the screen shows the
# item, its group's size, the rubric, the question and the evidence; a note, a
# whole-group pass, points typed at the prompt, a fail, a refused score and
# quit; the decisions are in the gradebook with who and why, and in grades.csv.
# stage-cost: 40
set -u
cd "$(dirname "$0")/../.."
root=$PWD
tmp=$(mktemp -d)
sock=gbreview$$
cleanup() {
    tmux -L "$sock" kill-server 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
    echo "review_tui: FAIL: $*"
    echo "--- screen"; cat "$tmp/screen" 2>/dev/null
    exit 1
}
ok() { echo "review_tui: ok: $*"; }
PY=/usr/bin/python3
command -v tmux >/dev/null || fail "tmux is not installed (.ci/install-deps installs it)"
export GRADEBOX_CACHE=$tmp/cache

for s in s1 s2 s3; do mkdir -p "$tmp/cohort/$s"; done
cp tests/corpus/self_check/ans_bold_labels.md "$tmp/cohort/s1/answers.md"
cp tests/corpus/self_check/ans_bold_labels.md "$tmp/cohort/s2/answers.md"
cp tests/corpus/self_check/ans_numbered_parts.md "$tmp/cohort/s3/answers.md"
timeout 600 "$GRADER" batch "$tmp/cohort" --out "$tmp/g" --quiet >"$tmp/out" 2>&1 || fail "grading: $(cat "$tmp/out")"
before=$($PY -c "import csv; print({r['student']: r['total'] for r in csv.DictReader(open('$tmp/g/grades.csv'))}['s1'])")
"$GRADER" review "$tmp/g" --list >"$tmp/list" 2>/dev/null
pending=$(wc -l <"$tmp/list")
fourth=$(awk -F'\t' 'NR == 4 { print $6 }' "$tmp/list")   # the item shown after P, s and f

screen() { sleep "${1:-0.5}"; tmux -L "$sock" capture-pane -p -t rv >"$tmp/screen"; }
keys() { tmux -L "$sock" send-keys -t rv "$@"; }
wait_for() {   # PATTERN: the screen shows it within 20 s
    for _ in $(seq 80); do screen 0.25; grep -q -- "$1" "$tmp/screen" && return 0; done
    return 1
}
tmux -L "$sock" new-session -d -s rv -x 120 -y 40 \
    "cd '$root' && GRADEBOX_CACHE='$tmp/cache' '$GRADER' review '$tmp/g' --by tester; echo \"EXITED \$?\"; sleep 60"
wait_for "item 1 of $pending" || fail "the screen did not open on the first of $pending items"
for want in "student:  s1" "check:    self_check / q1_review" "covers 2 students" "rubric:   q1:" \
            "question: needs human review" "-- evidence --" "Q1\." "p pass  f fail  s points"; do
    grep -q -- "$want" "$tmp/screen" || fail "the screen does not show '$want'"
done
ok "the screen shows the item, its group of 2, the rubric, the question and the evidence"

keys n; wait_for "^note: *$" || fail "no note prompt"
keys -l "ties the factor to the gain"; keys Enter
wait_for "note: ties the factor to the gain" || fail "the note was not taken"
keys P; wait_for "recorded pass for 2 items" || fail "P did not decide the whole group"
grep -q "item 2 of $pending" "$tmp/screen" || fail "did not move on after deciding"
keys s; wait_for "^points: *$" || fail "no points prompt"
keys -l "7"; keys Enter
wait_for "not recorded: 7: not pass, fail, suggested or a number of points" || fail "7 points of 1 accepted"
keys s; wait_for "^points: *$" || fail "no points prompt"
keys -l "0.5"; keys Enter
wait_for "recorded 0.5 for 1 item" || fail "points were not recorded"
keys f; wait_for "recorded fail for 1 item" || fail "f did not record"
if [ "$fourth" = - ]; then
    grep -q "suggest:  none" "$tmp/screen" || fail "an item without a suggestion shows one"
    keys a; wait_for "not recorded: .*no suggested verdict" || fail "a took a suggestion that is not there"
    keys p; wait_for "recorded pass for 1 item" || fail "p did not record"
    fourth=pass
else
    grep -q "suggest:  $fourth (a accepts), because" "$tmp/screen" &&
        grep -q "points of the automatic checks of section" "$tmp/screen" \
        || fail "the screen does not show the suggested $fourth with its reasons"
    keys a; wait_for "recorded $fourth for 1 item" || fail "a did not take the suggested $fourth"
fi
keys q; wait_for "EXITED 0" || fail "q did not quit cleanly"
grep -q "5 decisions recorded" "$tmp/screen" || fail "the summary does not count 5 decisions"
ok "keys: a note, P for the group, a refused score, points, f, a (the suggestion: $fourth), q"

$PY - "$tmp/g" "$before" "$fourth" <<'PY' || fail "the decisions are not in the gradebook and grades.csv"
import csv, sqlite3, sys
out, before, fourth = sys.argv[1], float(sys.argv[2]), sys.argv[3]
dec = sqlite3.connect(out + "/gradebook.sqlite").execute(
    "select student, check_id, verdict, points, note, by from decisions order by at, student").fetchall()
assert len(dec) == 5, dec
assert {(d[0], d[1], d[2], d[4], d[5]) for d in dec[:2]} == {
    ("s1", "q1_review", "pass", "ties the factor to the gain", "tester"),
    ("s2", "q1_review", "pass", "ties the factor to the gain", "tester")}, dec
assert dec[2][2:4] == ("points", 0.5) and dec[2][4] is None and dec[3][2] == "fail", dec
assert dec[4][2] == fourth and dec[4][4] in ("the suggested verdict", None), dec
rows = {r["student"]: r for r in csv.DictReader(open(out + "/grades.csv"))}
assert abs(float(rows["s1"]["total"]) - (before + 1 + 0.5 + (fourth == "pass"))) < 1e-9, (rows["s1"]["total"], before)
PY
ok "decisions recorded with who and why; grades.csv follows"
echo "review_tui: all passed"
