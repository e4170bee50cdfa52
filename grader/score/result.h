/* result.h — the graded result: the one value every report and delivery serialises.
 *
 * A transcript plus a rubric becomes a struct grade_result (score.c); reports
 * (report_*.c) and the webhook only read it and never recompute a verdict.
 * All strings are heap-owned by the result; result_free() releases them.
 */
#ifndef GB_RESULT_H
#define GB_RESULT_H

#include <stddef.h>

#include "error.h"
#include "sandbox/sandbox.h"

enum verdict {
    VERDICT_PASS = 0,
    VERDICT_FAIL,         /* value located, outside tolerance / property false */
    VERDICT_MISSING,      /* value could not be located in the output */
    VERDICT_UNREACHED,    /* the run crashed or hit a limit before printing it */
    VERDICT_REVIEW,       /* needs human judgement; scored 0 until reviewed */
    VERDICT_ERROR         /* the rubric or reference was at fault, not the student */
};

struct check_result {
    char *id;             /* rubric check id */
    char *description;    /* what the check means, in the student's terms */
    enum verdict verdict;
    double points;        /* awarded */
    double max_points;
    char *expected;       /* human text: "0.740 ± 0.010", "> 1", "identical bags" */
    char *found;          /* human text of what was found, NULL if nothing */
    char *where;          /* "output line 12", "order_matters.py line 40", NULL */
    char *message;        /* why it failed / which candidate was taken; NULL on a plain pass */
    char *reading;        /* which accepted reading matched ("60 epochs"), or NULL */
    double deviation;     /* numeric checks: |found - expected| / allowed, in tolerances;
                           * -1 otherwise (not serialised: the rerun's judgement reads it) */
};

struct runtime_info {
    char *python;         /* "3.11.2" */
    char *torch;          /* "1.13.0a0" or NULL if absent */
    char *numpy;
    char **shims;         /* names of compatibility shims applied */
    size_t n_shims;
};

/* The integrity rerun (grader/check/rerun.h): which runs were made and what
 * they compared.  runs is 0 in results that never looked (read mode, a
 * recorded transcript, integrity off): reports then say nothing about it. */
struct integrity_info {
    int runs;             /* 0: not asked; 1: asked but only one run could be made; 2: rerun */
    char *summary;        /* one sentence for reports, NULL when runs is 0 */
    size_t compared;      /* value checks that passed the first run, so the rerun tested */
    size_t followed;      /* ... whose rerun values followed the remapped seeds */
    size_t not_followed;  /* ... whose rerun values did not */
    size_t replayed;      /* ... of those, printed again unchanged: they fail, and every
                           * other value check with them (the others are kept) */
    size_t untestable;    /* ... whose expected value does not move far enough with the
                           * seeds to tell computed from typed (kept as they were) */
};

struct grade_result {
    char *result_id;      /* this revision's id (score/result_id.h) */
    char *result_key;     /* the gradebook cell: student x assignment x exercise */
    char *student;        /* may be NULL */
    char *assignment;     /* may be NULL */
    char *exercise;       /* "attention_by_hand" */
    char *submission_sha256;
    char *graded_at;      /* RFC 3339 UTC, milliseconds */
    double score;
    double max_score;
    struct check_result *checks;
    size_t n_checks;
    struct runtime_info runtime;
    struct sandbox_result run;      /* owned copy of the sandboxed run */
    int ran;                        /* 0 when only a source/answers file was graded */
    char *run_summary;    /* sandbox_describe() sentence */
    char *triage;         /* the module's triage advice, when numeric checks failed */
    char *crash_tail;     /* last traceback lines on a crash, else NULL */
    struct integrity_info integrity;
};

const char *verdict_name(enum verdict v);   /* "pass", "fail", "missing", ... */
int result_add_check(struct grade_result *r, const struct check_result *c,
                     struct gb_err *err);   /* deep-copies c */
void result_free(struct grade_result *r);
/* A later judgement of c (the typed gate, the rerun, what attend returned):
 * c takes verdict v with 0 points, r's score loses what c had, and why is
 * appended to c's message ("MESSAGE. why", or why alone). */
int result_check_demote(struct grade_result *r, struct check_result *c, enum verdict v,
                        const char *why, struct gb_err *err);

#endif
