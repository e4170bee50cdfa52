#!/usr/bin/env bash
# batch_lms.sh — an instructor's term against Moodle and Canvas, end to end
# through the real binary (issue 27): a Moodle and a Canvas cohort of eight
# (correct, buggy, empty, renamed, a notebook, a resubmission, an accented
# name, a twin of the first's answers) graded; every problem line names its
# student and the batch exits 1 for the ungraded; review items decided with
# `grader review --decide` and `--decide-group`; the decided grades in
# grades.csv, the Moodle worksheet and --post (a new revision); a regrade
# keeps the decisions whose evidence did not change and asks the others again;
# the exported worksheet read with the column rules of Moodle's importer
# (importgradeslib.php, re-implemented below), the feedback zip with its zip
# importer's folder rules, and the Canvas CSV with Canvas's gradebook
# importer's (gradebook_importer.rb).
# stage-cost: 150
set -u
cd "$(dirname "$0")/../.."
root=$PWD
tmp=$(mktemp -d)
rpid=
cleanup() {
    [ -n "$rpid" ] && kill "$rpid" 2>/dev/null && wait "$rpid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
fail() {
    echo "batch_lms: FAIL: $*"
    echo "--- stdout"; tail -20 "$tmp/out" 2>/dev/null
    echo "--- stderr"; tail -20 "$tmp/err" 2>/dev/null
    exit 1
}
ok() { echo "batch_lms: ok: $*"; }
PY=/usr/bin/python3
export GRADEBOX_CACHE=$tmp/cache
run() { timeout 900 "$GRADER" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }
C=tests/corpus

# ---- the cohorts, as each LMS exports them --------------------------------------------
$PY - "$tmp" "$root/$C" <<'PY' || fail "making the cohorts"
import csv, os, sys, zipfile
tmp, corpus = sys.argv[1:]
read = lambda *p: open(os.path.join(corpus, *p), "rb").read()
good, bad = read("attention_by_hand", "correct_sample.py"), read("attention_by_hand", "no_scaling.py")
answers = read("self_check", "ans_bold_labels.md")
def put(z, name, data, stamp):
    info = zipfile.ZipInfo(name, stamp); info.compress_type = zipfile.ZIP_DEFLATED
    z.writestr(info, data)
early, late = (2026, 11, 28, 10, 0, 0), (2026, 11, 30, 22, 0, 0)
moodle = [("Ada Lovelace", 10001, "attention_by_hand.py", good), ("Ada Lovelace", 10001, "answers.md", answers),
          ("Alan Turing", 10002, "attention_by_hand.py", bad),
          ("Chloé Dubois", 10003, "answers.md", answers),                 # the accented name, Ada's twin answers
          ("Empty Person", 10004, "answers.md", b""),
          ("Renamed Guy", 10005, "myhomework.py", good),
          ("Note Book", 10006, "attention_by_hand.ipynb", b'{"cells": []}'),
          ("Zoë Ng", 10007, "answers.md", read("self_check", "ans_numbered_parts.md"))]
with zipfile.ZipFile(os.path.join(tmp, "moodle.zip"), "w") as z:
    for name, pid, f, data in moodle:
        put(z, "%s_%d_assignsubmission_file_/%s" % (name, pid, f), data, late)
canvas = [("lovelaceada", 20001, 90001, "attention_by_hand.py", good, late),
          ("nguyenbob", 20002, 90002, "attention_by_hand.py", bad, early),    # older, buggy
          ("nguyenbob", 20002, 90112, "attention_by_hand-1.py", good, late),  # newer, fixed
          ("duboischloe", 20003, 90003, "answers.md", answers, late),
          ("personempty", 20004, 90004, "answers.md", b"", late),
          ("guyrenamed", 20005, 90005, "homework.py", good, late),
          ("booknote", 20006, 90006, "attention_by_hand.ipynb", b'{"cells": []}', late)]
with zipfile.ZipFile(os.path.join(tmp, "canvas.zip"), "w") as z:
    for login, uid, att, f, data, stamp in canvas:
        put(z, "%s_%d_%d_%s" % (login, uid, att, f), data, stamp)
with open(os.path.join(tmp, "canvas_roster.csv"), "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f); w.writerow(["Student", "ID", "SIS User ID", "SIS Login ID", "Section"])
    for name, uid in [("Ada Lovelace", 20001), ("Bob Nguyen", 20002), ("Chloé Dubois", 20003),
                      ("Empty Person", 20004), ("Guy Renamed", 20005), ("Note Book", 20006),
                      ("Absent Ann", 20008)]:
        w.writerow([name, uid, "", "", "A"])
PY

# ---- 1. Moodle: graded, problems named, exit 1 for the ungraded -----------------------
run batch "$tmp/moodle.zip" --out "$tmp/m" --assignment "HW 3" --jobs 2
[ $rc -eq 1 ] || fail "Moodle cohort with ungraded students exited $rc, not 1"
for who in "10004 (Empty Person)" "10005 (Renamed Guy)" "10006 (Note Book)"; do
    grep -q "^grader batch: not graded: $who: " "$tmp/err" || fail "no 'not graded' line naming $who"
done
if grep "^grader batch: \(problem\|not graded\)" "$tmp/err" | grep -v "^grader batch: [a-z ]*: 1000[0-9] ([^)]*): "; then
    fail "a problem line does not name its student"
fi
grep -q "an entry without a usable name" "$tmp/err" && fail "an accented name was dropped"
[ -s "$tmp/m/10003/self_check.json" ] || fail "Chloé Dubois was not graded"
grep -q '^"10003","Chloé Dubois",' "$tmp/m/grades.csv" || fail "grades.csv lost the accented name"
grep -q 'Chloé Dubois' "$tmp/m/report.html" || fail "report.html lost the accented name"
ok "Moodle cohort: accented name graded, every problem line names its student, exit 1"

# ---- 2. review: list, a group decision, one decision, a bad one -------------------------
run review "$tmp/m" --list
[ $rc -eq 0 ] || fail "review --list exited $rc"
cp "$tmp/out" "$tmp/list1"
awk -F'\t' 'NF != 6 || ($6 != "pass" && $6 != "fail" && $6 != "-") { exit 1 }' "$tmp/list1" \
    || fail "a --list line is not six tab-separated fields ending in the suggestion"
read -r group shared < <(awk -F'\t' '$1 == "10001" && $3 == "q1_review" { print $4 }' "$tmp/list1" |
    while read -r g; do echo "$g $(awk -F'\t' -v g="$g" '$4 == g' "$tmp/list1" | wc -l)"; done)
[ -n "$group" ] && [ "$shared" -eq 2 ] || fail "Ada's and Chloé's identical q1 answers are not one group of 2 ($group $shared)"
awk -F'\t' -v g="$group" '$4 == g && $1 == "10003"' "$tmp/list1" | grep -q . || fail "Chloé not in Ada's group"
total() { $PY -c "import csv,sys; print({r['student']: r['total'] for r in csv.DictReader(open(sys.argv[1], encoding='utf-8'))}[sys.argv[2]])" "$tmp/m/grades.csv" "$1"; }
before1=$(total 10001); before3=$(total 10003)
run review "$tmp/m" --decide-group "$group" pass --note "ties the factor to the gain" --by ta1
[ $rc -eq 0 ] && grep -q "2 items decided pass by ta1" "$tmp/out" || fail "--decide-group"
run review "$tmp/m" --decide 10007 self_check q2_review 0.5 --note "one change only"
[ $rc -eq 0 ] || fail "--decide with points exited $rc"
run review "$tmp/m" --decide 10007 self_check q2_review 7
[ $rc -eq 2 ] && grep -q "not pass, fail, suggested or a number of points from 0 to" "$tmp/err" || fail "7 points of 1 accepted"
run review "$tmp/m" --decide 10009 self_check q2_review pass
[ $rc -eq 2 ] && grep -q "no review item" "$tmp/err" || fail "an unknown item was decided"
mkdir -p "$tmp/stray"
run review "$tmp/stray" --list
[ $rc -eq 2 ] && grep -q "is not a graded cohort" "$tmp/err" && [ ! -e "$tmp/stray/gradebook.sqlite" ] \
    || fail "review of a folder that is no cohort"
$PY - "$tmp/m" "$before1" "$before3" <<'PY' || fail "the decided grades are not in grades.csv and the documents"
import csv, json, sqlite3, sys
out, b1, b3 = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
rows = {r["student"]: r for r in csv.DictReader(open(out + "/grades.csv", encoding="utf-8"))}
db = sqlite3.connect(out + "/gradebook.sqlite")
dec = db.execute("select student, check_id, verdict, points, note, by, at from decisions order by student").fetchall()
assert [d[:4] for d in dec] == [("10001", "q1_review", "pass", 1.0), ("10003", "q1_review", "pass", 1.0),
                                ("10007", "q2_review", "points", 0.5)], dec
assert dec[0][4] == "ties the factor to the gain" and dec[0][5] == "ta1" and dec[0][6].endswith("Z")
for who, before in (("10001", b1), ("10003", b3)):
    assert abs(float(rows[who]["total"]) - (before + 1)) < 1e-9, (who, rows[who]["total"], before)
PY
grep -q "decided by ta1" "$tmp/m/moodle_grades.csv" || fail "the worksheet's feedback does not show the decision"
ok "review: one group decision covered 2 students; points and notes recorded; outputs follow"

# ---- 2b. suggested verdicts: shown with reasons, taken with one word ----------------------
read -r s_who s_ex s_chk s_word < <(awk -F'\t' '$1 != "10003" && $1 != "10001" && $6 != "-" { print $1, $2, $3, $6; exit }' "$tmp/list1")
[ -n "$s_word" ] || fail "no pending item of the Moodle cohort has a suggested verdict"
run review "$tmp/m" --show "$s_who" "$s_ex" "$s_chk"
grep -q "^suggested:   $s_word (" "$tmp/out" && grep -q "points of the automatic checks of section" "$tmp/out" \
    || fail "--show does not give the suggestion and its reasons"
run review "$tmp/m" --decide "$s_who" "$s_ex" "$s_chk" suggested --by ta2
[ $rc -eq 0 ] && grep -q "1 item decided suggested by ta2" "$tmp/out" || fail "--decide ... suggested exited $rc"
read -r n_who n_ex n_chk < <(awk -F'\t' '$6 == "-" { print $1, $2, $3; exit }' "$tmp/list1")
if [ -n "$n_chk" ]; then
    run review "$tmp/m" --decide "$n_who" "$n_ex" "$n_chk" suggested
    [ $rc -eq 2 ] && grep -q "has no suggested verdict" "$tmp/err" || fail "an item without a suggestion took 'suggested'"
fi
$PY - "$tmp/m" "$s_who" "$s_chk" "$s_word" <<'PY' || fail "the suggested verdict was not recorded as one"
import sqlite3, sys
out, who, chk, word = sys.argv[1:]
d = sqlite3.connect(out + "/gradebook.sqlite").execute(
    "select verdict, note, by from decisions where student = ? and check_id = ?", (who, chk)).fetchall()
assert d == [(word, "the suggested verdict", "ta2")], d
PY
ok "review: an item's suggested verdict ($s_who $s_chk: $s_word) shown with its reasons and taken by --decide suggested"

# ---- 3. the worksheet as Moodle's importer reads it --------------------------------------
$PY - "$tmp/m/moodle_grades.csv" <<'PY' || fail "Moodle's importer would refuse or misread moodle_grades.csv"
# assignfeedback_offline: csv_import_reader (BOM and CR stripped; every row has the header's
# field count; names unique and non-empty), then importgradeslib.php init(): the columns
# named exactly "Identifier", "Grade", "Last modified (grade)" (get_string('recordid',
# 'assign'), get_string('grade'), get_string('lastmodifiedgrade', 'assign')) must all be
# there, else init() returns false; next(): the id is the identifier with
# strlen("Participant ") cut off; "Feedback comments" is read only when its index is not
# empty(), i.e. not 0; process_import_grades skips a blank or negative grade or one above
# the assignment's maximum; strtotime must read "Last modified (grade)".
import csv, datetime, io, sys
text = open(sys.argv[1], "rb").read().decode("utf-8")
text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").strip()
rows = list(csv.reader(io.StringIO(text)))
head = rows[0]
assert all(h.strip() for h in head) and len(set(head)) == len(head), head
assert all(len(r) == len(head) for r in rows), "csvweirdcolumns"
idx = {name: head.index(name) for name in ("Identifier", "Grade", "Last modified (grade)")}
fb = head.index("Feedback comments"); assert fb != 0
graded, skipped = {}, []
for r in rows[1:]:
    rid = r[idx["Identifier"]]
    assert rid.startswith("Participant "), rid
    pid = int(rid[len("Participant "):])
    when = r[idx["Last modified (grade)"]].strip()
    datetime.datetime.fromisoformat(when)            # what strtotime reads as ISO 8601
    g = r[idx["Grade"]].strip()
    if g == "" or float(g) < 0:
        skipped.append(pid); continue
    assert float(g) <= float(r[head.index("Maximum Grade")]), r
    assert r[fb].strip(), "no feedback for %d" % pid
    graded[pid] = float(g)
assert sorted(skipped) == [10004, 10005, 10006], skipped     # ungraded: blank, never 0
assert sorted(graded) == [10001, 10002, 10003, 10007], graded
print("  worksheet: %d grades imported, %d blank rows skipped" % (len(graded), len(skipped)))
PY
$PY - "$tmp/m/moodle_feedback.zip" <<'PY' || fail "Moodle's feedback-zip importer would not match the folders"
# importziplib.php is_valid_filename_for_import: names starting with '.' or '~' ignored; each
# path part split on '_' into at most 5; the second must be a numeric participant id and the
# third and fourth name a plugin (assignfeedback, file).
import sys, zipfile
seen = set()
for name in zipfile.ZipFile(sys.argv[1]).namelist():
    base = name.rsplit("/", 1)[-1]
    assert not base.startswith((".", "~")), name
    for part in name.split("/"):
        info = part.split("_", 4)
        if len(info) >= 4 and info[1].isdigit():
            assert (info[2], info[3]) == ("assignfeedback", "file"), name
            seen.add(int(info[1])); break
    else:
        raise AssertionError("no participant in " + name)
# 10006's notebook is read and refused ("no code cells"): its folder tells the
# student why, though the worksheet leaves its grade blank
assert seen == {10001, 10002, 10003, 10006, 10007}, seen
PY
ok "the worksheet and the feedback zip read by Moodle's importers' rules"

# ---- 4. --post: the decided grade is a new revision ---------------------------------------
printf 'whsec_%s\n' "$(head -c 32 /dev/urandom | base64)" >"$tmp/secret"
echo ok >"$tmp/mode"
$PY tests/e2e/webhook_receiver.py --port 0 --port-file "$tmp/port" --secret-file "$tmp/secret" \
    --mode-file "$tmp/mode" --log "$tmp/received.log" --bodies "$tmp/bodies" &
rpid=$!
for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.05; done
[ -s "$tmp/port" ] || fail "receiver did not start"
post() {
    GRADEBOX_OUTBOX=$tmp/outbox.sqlite XDG_CONFIG_HOME=$tmp/config run batch "$tmp/$1" \
        --out "$tmp/m" --assignment "HW 3" --post --to "http://127.0.0.1:$(cat "$tmp/port")/hook" \
        --secret-file "$tmp/secret" "${@:2}"
}
post moodle.zip
grep -q "5 results queued, 5 delivered" "$tmp/err" || fail "first --post did not deliver the 5 results"
run review "$tmp/m" --decide 10007 self_check q4_review fail --note "no numbers"
[ $rc -eq 0 ] || fail "deciding 10007 q4 exited $rc"
post moodle.zip
grep -q "1 results queued, 1 delivered" "$tmp/err" || fail "the decision was not posted as a new revision"
$PY - "$tmp/bodies" <<'PY' || fail "the posted revision does not carry the decisions"
import glob, json, sys
docs = [json.load(open(p)) for p in glob.glob(sys.argv[1] + "/*.json")]
docs = [d.get("result", d) for d in docs]
mine = sorted((d for d in docs if d.get("student") == "10007"), key=lambda d: d["graded_at"])
assert len({d["result_id"] for d in mine}) == len(mine) >= 1, [d["result_id"] for d in mine]
new = mine[-1]
checks = {c["id"]: c for c in new["checks"]}
assert checks["q4_review"]["verdict"] == "fail" and "no numbers" in checks["q4_review"]["message"]
assert checks["q2_review"]["points"] == 0.5 and checks["q2_review"]["decided_by"]
assert abs(new["score"] - sum(c["points"] for c in new["checks"])) < 1e-9
PY
[ "$(grep -c '^accepted .* 10007$' "$tmp/received.log")" -eq 2 ] || fail "10007's revision not delivered"
ok "--post sends the decided grade as a new revision (decided checks, recomputed score)"

# ---- 4b. a late policy: every result a new revision, the LMS gets grades.csv's totals ------
# every Moodle upload is stamped 2026-11-30 22:00: 1 day 22 h after this deadline, 2 days
post moodle.zip --deadline 2026-11-29T00:00:00Z --late-penalty 10%/day
grep -q "5 results queued, 5 delivered" "$tmp/err" || fail "a new late policy did not post every result again"
$PY - "$tmp/bodies" "$tmp/m/grades.csv" <<'PY' || fail "the posted scores are not grades.csv's penalised totals"
import csv, glob, json, sys
rows = {r["student"]: r for r in csv.DictReader(open(sys.argv[2], encoding="utf-8"))}
newest = {}
for p in glob.glob(sys.argv[1] + "/*.json"):
    env = json.load(open(p))
    k = (env["student"], env["exercise"])
    if k not in newest or env["timestamp"] > newest[k]["timestamp"]:
        newest[k] = env
sums = {}
for (who, ex), env in newest.items():
    late = env["result"].get("late")
    assert late and late["days"] == 2 and late["percent"] == 20, (who, ex, late)
    assert abs(env["score"] - env["result"]["score"] * 0.8) < 1e-9, env["score"]
    sums[who] = sums.get(who, 0) + env["score"]
for who, total in sums.items():
    assert rows[who]["late_penalty"] and float(rows[who]["late_penalty"]) == 20, rows[who]
    assert abs(float(rows[who]["total"]) - total) < 1e-6, (who, rows[who]["total"], total)
print("  late: %d students posted at grades.csv's penalised totals" % len(sums))
PY
post moodle.zip --deadline 2026-11-29T00:00:00Z --late-penalty 10%/day
grep -q "0 results queued" "$tmp/err" || fail "an unchanged late policy posted again"
ok "--post under a late policy: each score after the penalty, summing to grades.csv's totals"

# ---- 4c. an override of a whole exercise: every output, and a new revision for the LMS -------
run review "$tmp/m" --override 10002 attention_by_hand 99 --note "too many"
[ $rc -eq 2 ] && grep -q "not a number of points from 0 to" "$tmp/err" || fail "an override above the maximum was taken"
run review "$tmp/m" --override 10002 attention_by_hand 10
[ $rc -eq 2 ] && grep -q "needs --note" "$tmp/err" || fail "an override without a note was taken"
run review "$tmp/m" --override 10004 attention_by_hand 10 --note "x"
[ $rc -eq 2 ] && grep -q "has no graded attention_by_hand" "$tmp/err" || fail "an override of nothing graded was taken"
run review "$tmp/m" --override 10002 attention_by_hand 10 --note "the scaling bug is one line" --by ta1
[ $rc -eq 0 ] || fail "--override exited $rc"
post moodle.zip --deadline 2026-11-29T00:00:00Z --late-penalty 10%/day
grep -q "1 results queued, 1 delivered" "$tmp/err" || fail "the override was not posted as a new revision"
$PY - "$tmp/bodies" "$tmp/m" <<'PY' || fail "the override is not in every output"
import csv, glob, json, sys
bodies, out = sys.argv[1:]
new = max((json.load(open(p)) for p in glob.glob(bodies + "/*.json")
           if json.load(open(p))["student"] == "10002"), key=lambda e: e["timestamp"])
o = new["result"]["override"]
assert o["points"] == 10 and o["by"] == "ta1" and o["note"] == "the scaling bug is one line", o
assert abs(new["score"] - 10 * 0.8) < 1e-9, new["score"]          # the override, then the penalty
rows = {r["student"]: r for r in csv.DictReader(open(out + "/grades.csv", encoding="utf-8"))}
r = rows["10002"]
assert float(r["attention_by_hand"]) == 10 and abs(float(r["total"]) - 8) < 1e-9, r
assert "overridden to 10/15 by ta1: the scaling bug is one line" in r["note"], r["note"]
ws = {x["Identifier"]: x for x in csv.DictReader(open(out + "/moodle_grades.csv", encoding="utf-8"))}
assert abs(float(ws["Participant 10002"]["Grade"]) - 8) < 1e-9, ws["Participant 10002"]
assert "overridden to 10/15 by ta1" in ws["Participant 10002"]["Feedback comments"]
assert "overridden by ta1: the scaling bug is one line" in open(out + "/report.html", encoding="utf-8").read()
PY
ok "--override: refused above the maximum, without a note, or on nothing graded; shown in grades.csv, the worksheet, report.html, posted as a new revision (then the late penalty)"

# ---- 5. a regrade keeps decisions on the same evidence and asks the others again -----------
$PY - "$tmp/moodle.zip" "$tmp/moodle2.zip" <<'PY' || fail "making the resubmission"
import sys, zipfile
src, dst = sys.argv[1:]
with zipfile.ZipFile(src) as a, zipfile.ZipFile(dst, "w") as b:
    for info in a.infolist():
        data = a.read(info)
        if info.filename.startswith("Chloé Dubois_10003"):
            data = data.replace(b"**Q1.**", b"**Q1.** (rewritten after feedback) Nothing early survives.", 1)
        b.writestr(info, data)
PY
# the renamed upload: graded as the exercise from this run on, on the instructor's word
run review "$tmp/m" --grade-as 10005 nothere.py attention_by_hand
[ $rc -eq 2 ] && grep -q "found no file nothere.py of 10005" "$tmp/err" || fail "--grade-as took a file never seen"
run review "$tmp/m" --grade-as 10005 myhomework.py no_such_exercise
[ $rc -eq 2 ] && grep -q "is not an exercise" "$tmp/err" || fail "--grade-as took an unknown exercise"
run review "$tmp/m" --grade-as 10005 myhomework.py attention_by_hand --by ta1
[ $rc -eq 0 ] || fail "--grade-as exited $rc"
run batch "$tmp/moodle2.zip" --out "$tmp/m" --assignment "HW 3"
grep -q "^grader batch: not graded: 10005" "$tmp/err" && fail "the renamed upload is still not graded"
grep -q "myhomework.py: graded as attention_by_hand (grader review --grade-as)" "$tmp/err" \
    || fail "the batch does not say it graded myhomework.py as attention_by_hand"
[ -s "$tmp/m/10005/attention_by_hand.json" ] || fail "10005's renamed upload was not graded"
$PY -c "import csv,sys; r={x['student']: x for x in csv.DictReader(open(sys.argv[1], encoding='utf-8'))}['10005']; assert r['attention_by_hand'] and float(r['total']) > 0, r" \
    "$tmp/m/grades.csv" || fail "grades.csv has no grade for 10005's renamed upload"
# the changed answers are graded again (the refused notebook is retried too: it never graded)
grep -q '\] 10003 self_check' "$tmp/err" || fail "the changed answers were not graded again"
run review "$tmp/m" --list
grep -q "1 asked again" "$tmp/err" || fail "the decision on changed evidence was not asked again"
awk -F'\t' '$1 == "10003" && $3 == "q1_review"' "$tmp/out" | grep -q . || fail "Chloé's q1 not pending again"
awk -F'\t' '$1 == "10001" && $3 == "q1_review"' "$tmp/out" | grep -q . && fail "Ada's unchanged q1 asked again"
ok "regrade: a decision on unchanged evidence kept, one on changed evidence asked again; --grade-as graded the renamed upload"

# ---- 6. Canvas: the newest resubmission, and the CSV as Canvas's importer reads it ----------
run batch "$tmp/canvas.zip" --out "$tmp/c" --roster "$tmp/canvas_roster.csv" \
    --assignment "HW 3 (4242)" --jobs 2
[ $rc -eq 1 ] || fail "Canvas cohort with ungraded students exited $rc, not 1"
$PY - "$tmp/c/20002/attention_by_hand.json" "$root/$C/attention_by_hand/correct_sample.expect" <<'PY' \
    || fail "nguyenbob's older file was graded, not the resubmission"
import json, sys
doc, expect = json.load(open(sys.argv[1])), sys.argv[2]
want = dict(l.split()[:2] for l in open(expect) if l.strip() and not l.startswith("#"))
want["attend_hidden_input"] = "pass"        # batch makes the hidden-input test of attend
assert {c["id"]: c["verdict"] for c in doc["checks"]} == want
PY
grep -q "graded .*attention_by_hand-1.py (the newest resubmission)" "$tmp/err" || fail "no note on the resubmission"
canvas_check() {   # WANT_BLANK_AS
$PY - "$tmp/c/canvas_grades.csv" "$tmp/c/grades.csv" "$1" <<'PY'
# gradebook_importer.rb: the header's row[0] includes "Student" and row[1] "ID"; with
# "SIS User ID" then "SIS Login ID" at 2 and 3 the student columns are 5 and the last of them
# must include "Section"; the rest are assignments, the id read from "Title (id)"; a row whose
# first cell includes "Points Possible" sets points; students are found by the ID column; a
# blank (or "-") grade is no change; numbers with a decimal comma are normalised.
import csv, re, sys
canvas, grades, blank_as = sys.argv[1], sys.argv[2], sys.argv[3]
rows = list(csv.reader(open(canvas, encoding="utf-8", newline="")))
head = rows[0]
assert len(head) > 3 and "Student" in head[0] and "ID" in head[1], head
assert re.search(r"SIS\s+User\s+ID", head[2]) and re.search(r"SIS\s+Login\s+ID", head[3])
ncols = 5
assert "Section" in head[ncols - 1], head
assignments = head[ncols:]
assert len(assignments) == 1
m = re.match(r"^(.*)\s\((\d+)\)$", assignments[0]); assert m and m.group(2) == "4242", assignments
pp = [r for r in rows[1:] if "Points Possible" in r[0]]; assert len(pp) == 1
points = float(pp[0][ncols])
want = {r["student"]: r["total"] for r in csv.DictReader(open(grades, encoding="utf-8"))}
seen = {}
for r in rows[1:]:
    if "Points Possible" in r[0]:
        continue
    uid, g = r[1], r[ncols].strip()
    assert uid.isdigit(), r
    g = re.sub(r"^(-?\d+),(\d+)$", r"\1.\2", g)
    seen[uid] = g
    if want[uid] == "":
        assert g == blank_as, (uid, g)
    else:
        assert abs(float(g) - float(want[uid])) < 1e-9 and float(g) <= points, (uid, g)
assert seen["20002"] == "15" and seen["20003"] != "", seen
assert set(seen) == {"20001", "20002", "20003", "20004", "20005", "20006"}, seen
print("  canvas: %d students, %d blank" % (len(seen), sum(1 for g in seen.values() if g == "")))
PY
}
canvas_check "" || fail "Canvas's importer would misread canvas_grades.csv"
grep -q '^"20003","Chloé Dubois",' "$tmp/c/grades.csv" || fail "the roster's UTF-8 name is lost"
run batch "$tmp/canvas.zip" --out "$tmp/c" --roster "$tmp/canvas_roster.csv" \
    --assignment "HW 3 (4242)" --missing-as-zero
canvas_check "0" || fail "--missing-as-zero did not write 0 for the ungraded"
ok "Canvas: the newest resubmission graded; the CSV read by Canvas's importer's rules; blank unless --missing-as-zero"

echo "batch_lms: all passed"
