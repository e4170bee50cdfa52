#!/usr/bin/env python3
"""make_cohort.py — builds a sample cohort from the test corpus, as an LMS exports it.

    python3 tests/batch/make_cohort.py FORMAT OUT [--students N] [--roster FILE]
                                       [--memory-lab TRANSCRIPTS_DIR]

FORMAT is folder (OUT is a directory, a folder per student), moodle, canvas or
gradescope (OUT is a zip laid out as that LMS's "download all submissions").
Students get attention_by_hand.py submissions from tests/corpus/attention_by_hand
(correct ones in several styles and known wrong ones) and, every other student,
self-check answers from tests/corpus/self_check.  The last student hands in a copy
of the fourth one's attention_by_hand.py with the variables renamed and the comments
reworded, which the report's similarity section should find.

--memory-lab DIR also gives the first two students memory_lab.py from
tests/corpus/memory_lab and puts that corpus's recorded runs in
DIR/STUDENT/memory_lab.stdout (+ .status), for `grader batch --transcripts DIR`
(memory_lab trains for minutes; the recordings grade in a second).

--roster FILE writes a roster CSV (id, name, email) for the cohort.
The output is the same on every run (fixed names, ids and timestamps).
"""
import argparse
import csv
import io
import os
import re
import shutil
import sys
import tokenize
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "corpus")

ATTENTION = ["correct_sample", "no_scaling", "module_style", "other_style", "wrong_query",
             "rt_wrong_div_d", "correct_lists", "rt2_dataframe", "crash_halfway", "torch_keywords"]
ANSWERS = ["ans_bold_labels", "ans_numbered_parts", "ans_wrong_rounded"]
MEMORY = ["correct_table", "no_forget_bias"]
NAMES = [("Ada Lovelace", "lovelaceada"), ("Alan Turing", "turingalan"),
         ("Grace Hopper", "hoppergrace"), ("Edsger Dijkstra", "dijkstraedsger"),
         ("Barbara Liskov", "liskovbarbara"), ("Donald Knuth", "knuthdonald"),
         ("Frances Allen", "allenfrances"), ("John Backus", "backusjohn"),
         ("Radia Perlman", "perlmanradia"), ("Ken Thompson", "thompsonken")]
STAMP = (2026, 11, 30, 23, 59, 0)


def read(*parts):
    with open(os.path.join(CORPUS, *parts), "rb") as f:
        return f.read()


def disguise(source):
    """A copy as a student hides one: assigned names renamed, comments reworded."""
    text = source.decode("utf-8")
    attrs = set(re.findall(r"\.(\w+)", text))
    assigned = set(re.findall(r"^\s*([A-Za-z_]\w{2,})\s*=", text, re.M)) - attrs
    for i, name in enumerate(sorted(assigned)):
        text = re.sub(r"\b%s\b" % re.escape(name), "v%d_%s" % (i, name[::-1]), text)
    lines = text.splitlines(keepends=True)
    comments = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
                if t.type == tokenize.COMMENT]
    for t in reversed(comments):       # same line and column, right to left
        row, col = t.start
        line = lines[row - 1]
        lines[row - 1] = line[:col] + "# my own work" + line[t.end[1]:]
    text = "".join(lines)
    compile(text, "copy", "exec")        # the copy must still be Python
    return ("# attention by hand, written from scratch\n" + text).encode("utf-8")


def cohort(n, memory_lab):
    """[(student_index, file_name, bytes)] for n students."""
    files = []
    for i in range(n):
        files.append((i, "attention_by_hand.py",
                      read("attention_by_hand", ATTENTION[i % len(ATTENTION)] + ".py")))
        if i % 2 == 0:
            files.append((i, "answers.md", read("self_check", ANSWERS[i // 2 % len(ANSWERS)] + ".md")))
        if memory_lab and i < len(MEMORY):
            files.append((i, "memory_lab.py", read("memory_lab", MEMORY[i] + ".py")))
    if n >= 5:   # the last student copies the fourth one's (other_style, not the sample)
        original = [f for f in files if f[0] == 3 and f[1] == "attention_by_hand.py"][0]
        files = [f for f in files if not (f[0] == n - 1 and f[1] == "attention_by_hand.py")]
        files.append((n - 1, "attention_by_hand.py", disguise(original[2])))
    return files


def student(i):
    name, login = NAMES[i % len(NAMES)]
    return {"name": name, "login": login, "id": str(20001 + i), "sid": "s%03d" % (i + 1),
            "email": login + "@example.edu"}


def entry(zf, path, data):
    info = zipfile.ZipInfo(path, STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, data)


def write_folder(out, files):
    for i, name, data in files:
        d = os.path.join(out, student(i)["sid"])
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, name), "wb") as f:
            f.write(data)


def write_moodle(zf, files):
    for i, name, data in files:
        s = student(i)
        entry(zf, "%s_%s_assignsubmission_file_/%s" % (s["name"], s["id"], name), data)


def write_canvas(zf, files):
    for k, (i, name, data) in enumerate(files):
        s = student(i)
        late = "_LATE" if i == 1 else ""
        entry(zf, "%s%s_%s_%d_%s" % (s["login"], late, s["id"], 900000 + k, name), data)


def write_gradescope(zf, files):
    meta = io.StringIO()
    for i in sorted({f[0] for f in files}):
        s = student(i)
        meta.write("submission_%d:\n  :submitters:\n  - :name: %s\n    :sid: '%s'\n"
                   "    :email: %s\n  :created_at: 2026-11-30 23:59:00.000000000 +00:00\n"
                   "  :score: \n" % (70000 + i, s["name"], s["sid"], s["email"]))
    entry(zf, "assignment_4242_export/submission_metadata.yml", meta.getvalue())
    for i, name, data in files:
        entry(zf, "assignment_4242_export/submission_%d/%s" % (70000 + i, name), data)


def write_transcripts(out, files, fmt):
    for i, name, _ in files:
        if name != "memory_lab.py":
            continue
        s = student(i)
        who = {"folder": s["sid"], "gradescope": s["sid"]}.get(fmt, s["id"])
        d = os.path.join(out, who)
        os.makedirs(d, exist_ok=True)
        for ext in ("stdout", "status"):      # a recording may have no status file
            src = os.path.join(CORPUS, "memory_lab", MEMORY[i] + "." + ext)
            if os.path.exists(src):
                shutil.copyfile(src, os.path.join(d, "memory_lab." + ext))


def write_roster(path, n, fmt):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["Student ID", "Full name", "Email address"])
        for i in range(n):
            s = student(i)
            w.writerow([s["sid"] if fmt in ("folder", "gradescope") else s["id"], s["name"],
                        s["email"]])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("format", choices=["folder", "moodle", "canvas", "gradescope"])
    ap.add_argument("out")
    ap.add_argument("--students", type=int, default=6)
    ap.add_argument("--roster")
    ap.add_argument("--memory-lab", metavar="TRANSCRIPTS_DIR")
    a = ap.parse_args()
    files = cohort(a.students, a.memory_lab is not None)
    if a.format == "folder":
        write_folder(a.out, files)
    else:
        with zipfile.ZipFile(a.out, "w") as zf:
            {"moodle": write_moodle, "canvas": write_canvas,
             "gradescope": write_gradescope}[a.format](zf, files)
    if a.memory_lab:
        write_transcripts(a.memory_lab, files, a.format)
    if a.roster:
        write_roster(a.roster, a.students, a.format)
    return 0


if __name__ == "__main__":
    sys.exit(main())
