#!/usr/bin/env python3
"""review_figures.py — decisions and keystrokes per 100 students from `grader review --list`.

    grader review DIR --list | python3 tests/batch/review_figures.py STUDENTS [EXPECT_MAP]

STUDENTS is the cohort's size.  The review screen decides a whole group with one key
(P, F, or A to take each item's suggestion), so the keys are one per group; a decision
a human confirms is one whose item carries a suggested verdict (the 6th field).
EXPECT_MAP (optional) is a file of "STUDENT EXERCISE PATH" lines naming each graded
file's tests/field .expect: for the grader's own reviews of automatic checks (the
truth there is pass or fail, not 'review' by design) the suggestions are counted
against the truth a human wrote.
"""
import collections
import sys


def truths(path):
    out = {}
    for line in open(path, encoding="utf-8"):
        words = line.split("#")[0].split()
        if len(words) >= 2:
            out[words[0]] = words[1]
    return out


def main():
    students = int(sys.argv[1])
    expect = {}
    if len(sys.argv) > 2:
        for line in open(sys.argv[2], encoding="utf-8"):
            who, exercise, path = line.split()
            expect[(who, exercise)] = truths(path)
    items = [line.rstrip("\n").split("\t") for line in sys.stdin if line.strip()]
    groups = collections.defaultdict(list)
    for it in items:
        groups[it[3]].append(it[5])
    suggested = sum(1 for it in items if it[5] != "-")
    one_word = sum(1 for g in groups.values() if len(set(g)) == 1 and g[0] != "-")
    per = 100.0 / students
    print("%d students: %d review items, %d groups" % (students, len(items), len(groups)))
    print("per 100 students: %.0f decisions, %.0f keys (one per group)" %
          (len(items) * per, len(groups) * per))
    print("with a suggested verdict: %d of %d items (%.0f%%); %d of %d groups take one "
          "suggestion for every item" % (suggested, len(items), 100.0 * suggested / max(1, len(items)),
                                         one_word, len(groups)))
    tally = collections.Counter()
    for who, exercise, check, _, _, sug in items:
        truth = expect.get((who, exercise), {}).get(check)
        if truth in ("pass", "fail", "missing"):
            truth = "pass" if truth == "pass" else "fail"
            tally[(truth, sug)] += 1
    if tally:
        print("grader's own reviews against the .expect truth (truth, suggested): " +
              ", ".join("%s/%s %d" % (t, s, n) for (t, s), n in sorted(tally.items())))


if __name__ == "__main__":
    main()
