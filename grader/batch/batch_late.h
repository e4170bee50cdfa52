/* batch_late.h — the late policy: --deadline and --late-penalty.
 *
 *   --deadline 2026-11-30T23:59:00Z       (or "2026-11-30 23:59", UTC)
 *   --late-penalty 10%/day[,cap=50%][,grace=2h]
 * A student's hand-in time is the newest of their graded uploads' times (the
 * LMS archive's entry times, a folder's file times).  Past the deadline and
 * the grace period, every started day costs the percentage of the total,
 * never more than the cap.  The policy is kept in the gradebook, so review
 * and collect write the same penalised totals; grades.csv shows the days and
 * the percentage beside the totals before and after; --post sends each
 * result with the penalty (batch_late_stamp).
 */
#ifndef GB_BATCH_LATE_H
#define GB_BATCH_LATE_H

#include <stddef.h>

#include "batch/batch_store.h"
#include "error.h"

struct batch_late_policy {
    long long deadline;       /* seconds since the epoch, UTC */
    double per_day;           /* percent of the total per started day late */
    double cap;               /* percent, at most */
    long long grace;          /* seconds after the deadline that cost nothing */
};

/* From the command line; -1 with a sentence naming the flag at fault. */
int batch_late_parse(const char *deadline, const char *penalty, struct batch_late_policy *p,
                     struct gb_err *err);
/* As kept in the gradebook's meta, and back (0: read; -1: none or garbled). */
void batch_late_format(const struct batch_late_policy *p, char *out, size_t size);
int batch_late_load(const char *text, struct batch_late_policy *p);

struct batch_late {
    long long submitted;      /* the hand-in time, -1 unknown */
    int days;                 /* started days late after the grace period, 0 on time */
    double percent;           /* the penalty */
};

/* 1 when the book has a policy and the student a known hand-in time (out
 * filled), else 0. */
int batch_late_of(const struct batch_book *b, const char *student, struct batch_late *out);

/* A result as --post sends it under the late policy (r->json rewritten):
 * a "late" member {days, percent, score} — score being the result's score
 * after the penalty, so the LMS gets what grades.csv shows (the checks and
 * their sum stay as graded; deliver/result_doc.h checks the product) — when
 * the student handed in late, and graded_at no older than policy_at (the
 * policy's last change, or NULL), so a changed policy is a new revision. */
int batch_late_stamp(const struct batch_book *b, const char *policy_at, struct batch_row *r,
                     struct gb_err *err);

#endif
