/* check_kind.h — the table of check kinds: for each, its rubric name, the
 * fields it accepts, the function that loads them, the function that scores
 * it, and what it reads.
 *
 * rubric.c validates and loads a check through its row; score.c dispatches it
 * through its own table of scorers.  Adding a kind is one enum entry and one
 * row here, one scorer in score.c's table, the file that scores it
 * (score_*.c) and, when it has fields of its own, a loader in check_kind.c
 * built from rubric_field.h.
 */
#ifndef GB_CHECK_KIND_H
#define GB_CHECK_KIND_H

#include <stddef.h>

#include "error.h"

enum check_kind {
    CHECK_VALUE = 0,             /* one located number vs expected ± tol / range / bound */
    CHECK_VECTOR,                /* a located row of numbers vs an expected array */
    CHECK_EACH,                  /* every located number (e.g. a "sum" column) meets the target */
    CHECK_RELATION,              /* an arithmetic expression over located numbers */
    CHECK_TWIN_PAIRS,            /* printed twin reviews: same bag, opposite labels (reference) */
    CHECK_RNN_TRACE,             /* the hand-set RNN trace separates where the reference says */
    CHECK_COMMENT_SENTENCES,     /* number of sentences in the source's comments */
    CHECK_COMMENT_IDEA,          /* a comment sentence carries every keyword group */
    CHECK_COMMENT_CITES_OUTPUT,  /* a comment sentence on a topic quotes a number the run printed */
    CHECK_ANSWER_NUMBERS,        /* an answers section names numbers within tolerance */
    CHECK_ANSWER_IDEA,           /* an answers section carries every keyword group */
    CHECK_ANSWER_SENTENCES,      /* an answers section has a bounded number of sentences */
    CHECK_ANSWER_WORDS,          /* an answers section avoids forbidden words */
    CHECK_REVIEW,                /* needs human judgement: always VERDICT_REVIEW */
    CHECK_TYPED_OUTPUT,          /* checked numbers typed into the source, not computed */
    CHECK_ATTEND_HIDDEN_INPUT,   /* the student's attend() on inputs drawn per run (score_attend.h) */
    CHECK_KIND_COUNT             /* not a kind: the number of kinds (rows in the table) */
};

/* What a kind reads, which decides the rubric mode it needs and where a
 * failed check says it looked. */
#define CHECK_KIND_READS_OUTPUT   1u   /* the run's stdout: unreachable after a crash */
#define CHECK_KIND_READS_COMMENTS 2u   /* the comments of the submitted source */
#define CHECK_KIND_READS_ANSWERS  4u   /* an answers section: needs "section" and read mode */
#define CHECK_KIND_NEEDS_RUN      8u   /* only meaningful when the submission is run */

struct cJSON;
struct rubric_check;

struct check_kind_row {
    const char *name;            /* the rubric's "kind": "value", "twin_pairs", ... */
    const char *fields;          /* space-separated fields it accepts besides the common ones */
    int (*load)(const struct cJSON *c, struct rubric_check *ck, struct gb_err *err);
    unsigned reads;              /* CHECK_KIND_READS_* / CHECK_KIND_NEEDS_RUN */
};

/* The number of kinds: every enum check_kind value is below it. */
size_t check_kind_count(void);

/* The row of a kind, or NULL for a value outside the enum. */
const struct check_kind_row *check_kind_row(enum check_kind kind);

/* The kind named name; -1 when no row has that name. */
int check_kind_from_name(const char *name, enum check_kind *out);

const char *check_kind_name(enum check_kind kind);   /* "value", ...; "unknown" */
int check_kind_reads(enum check_kind kind, unsigned what);   /* kind's reads & what */

/* "value, vector, ..., typed_output" into buf (truncated to size). */
void check_kind_list(char *buf, size_t size);

#endif
