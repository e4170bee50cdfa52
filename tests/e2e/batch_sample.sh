#!/usr/bin/env bash
# batch_sample.sh — handing in the published sample solution is flagged: a
# cohort in which one student hands in exercises/samples/attention_by_hand.py
# (copied here at run time: no copy of it is kept in the tests), one hands it
# in with every name changed and the comments rewritten, and one hands in an
# honest solution of their own.  The first two carry "matches the published
# sample" in report.html and grades.csv's matches_sample column, the honest
# one does not; and with the samples outside the grader's data (--samples
# DIR, as an installation without `make install-samples` is used), the same.
# stage-cost: 60
set -u
cd "$(dirname "$0")/../.."
root=$PWD
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "batch_sample: FAIL: $*"
    echo "--- stdout"; tail -20 "$tmp/out" 2>/dev/null
    echo "--- stderr"; tail -20 "$tmp/err" 2>/dev/null
    exit 1
}
ok() { echo "batch_sample: ok: $*"; }
PY=/usr/bin/python3
export GRADEBOX_CACHE=$tmp/cache XDG_CONFIG_HOME=$tmp/config
batch() { timeout 600 "$GRADER" batch "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?; }

sample=$root/exercises/samples/attention_by_hand.py
[ -s "$sample" ] || fail "no published sample at $sample"
mkdir -p "$tmp/cohort/s_copy" "$tmp/cohort/s_disguised" "$tmp/cohort/s_honest"
cp "$sample" "$tmp/cohort/s_copy/attention_by_hand.py"
# The disguise winnowing sees through: every name the student chose renamed,
# every comment reworded.
$PY - "$sample" "$tmp/cohort/s_disguised/attention_by_hand.py" <<'PY' || fail "disguise"
import io, keyword, sys, tokenize, builtins
src = open(sys.argv[1], encoding="utf-8").read()
toks = list(tokenize.generate_tokens(io.StringIO(src).readline))
imported = {t.string for i, t in enumerate(toks)    # modules and what is imported from them
            if t.type == tokenize.NAME and i and toks[i - 1].string in ("import", "from", "as")}
out, names = [], {}
for i, t in enumerate(toks):
    s = t.string
    if t.type == tokenize.NAME and not keyword.iskeyword(s) and not hasattr(builtins, s) \
            and s not in imported and not (i and toks[i - 1].string == "."):
        s = names.setdefault(s, "v%d_%s" % (len(names), s[::-1]))
    elif t.type == tokenize.COMMENT:
        s = "# my own words"
    out.append((t.type, s))
open(sys.argv[2], "w", encoding="utf-8").write(tokenize.untokenize(out))
PY
cp "$root/tests/corpus/attention_by_hand/other_style.py" "$tmp/cohort/s_honest/attention_by_hand.py"

check_flags() {   # OUT_DIR WHAT
    $PY - "$1" <<'PY' || fail "$2: the flags are not on the right students"
import csv, re, sys
out = sys.argv[1]
rows = {r["student"]: r for r in csv.DictReader(open(out + "/grades.csv", encoding="utf-8"))}
flag = {s: r["matches_sample"] for s, r in rows.items()}
assert re.fullmatch(r"attention_by_hand \d+%", flag["s_copy"]), flag
assert re.fullmatch(r"attention_by_hand \d+%", flag["s_disguised"]), flag
assert flag["s_honest"] == "", flag
html = open(out + "/report.html", encoding="utf-8").read()
section = html[html.index('id="sample"'):]
section = section[:section.index("</table>")]
listed = re.findall(r"<tr><td>attention_by_hand</td><td>([^<]*)</td>", section)
assert sorted(listed) == ["s_copy", "s_disguised"], listed
grades = html[html.index('id="grades"'):]
for s, want in (("s_copy", True), ("s_disguised", True), ("s_honest", False)):
    row = re.search(r"<tr><td>%s</td>.*?</tr>" % s, grades).group(0)
    assert ("matches the published sample" in row) == want, (s, row)
similar = html[html.index('id="similarity"'):html.index('id="sample"')]
print("  matches_sample: s_copy %s, s_disguised %s, s_honest none; pairs: %d"
      % (flag["s_copy"], flag["s_disguised"], similar.count("side by side")))
PY
}

batch "$tmp/cohort" --out "$tmp/g" --jobs 2
[ $rc -eq 0 ] || fail "grading the cohort exited $rc"
check_flags "$tmp/g" "the grader's own samples"
ok "the sample and its disguise are flagged, the honest solution is not"

# An installation whose data has no samples/ (make install without
# install-samples): the instructor names where the samples are kept.
mkdir -p "$tmp/home" "$tmp/kept"
mkdir -p "$tmp/home/grader" && cp -r "$root/rubrics" "$tmp/home/" && cp -r "$root/grader/shims" "$tmp/home/grader/"
mkdir -p "$tmp/home/exercises" && cp "$root"/exercises/*.py "$tmp/home/exercises/"
cp "$sample" "$tmp/kept/"
GRADEBOX_HOME=$tmp/home batch "$tmp/cohort" --out "$tmp/g2" --jobs 2
[ $rc -eq 0 ] || fail "grading without samples exited $rc"
grep -q "No submission matches the published sample" "$tmp/g2/report.html" \
    || fail "a match was reported with no sample to compare with"
GRADEBOX_HOME=$tmp/home batch "$tmp/cohort" --out "$tmp/g2" --samples "$tmp/kept"
[ $rc -eq 0 ] || fail "rerun with --samples exited $rc"
check_flags "$tmp/g2" "--samples DIR"
ok "--samples DIR: the samples kept away from the grader's data still flag the copies"
