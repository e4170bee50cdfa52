/* score_ctx.h — what the check-kind modules (score_value.c, score_relation.c,
 * ...) share: the submission's evidence, the context a check is scored in,
 * what a check concludes, and judging a number against a target
 * (score_ctx.c).  score.h's score_submission() builds the context and
 * dispatches every check to its kind. */
#ifndef GB_SCORE_CTX_H
#define GB_SCORE_CTX_H

#include <stddef.h>

#include "buf.h"
#include "error.h"
#include "score/result.h"
#include "score/rubric.h"
#include "score/source_cite.h"
#include "sandbox/sandbox.h"

struct expected;

struct score_input {
    const struct rubric *rubric;
    const struct expected *expected;
    const char *output;        /* the run's stdout (NULL/0 for read-only rubrics) */
    size_t output_len;
    const char *source;        /* the submission's text (a notebook: its generated script) */
    size_t source_len;
    /* where each line of source came from, when it was generated from a
     * notebook (check/notebook.h); NULL: the file as written.  Checks cite
     * source lines through source_cite() with it. */
    const struct source_map *source_map;
    const char *answers;       /* the self-check answers document, or NULL */
    size_t answers_len;
    const struct sandbox_result *run;   /* NULL when nothing was run (transcript) */
    /* the shim's notes of what the script prints from constants, after their
     * token line (score_typed.h); NULL: none (nothing ran live) */
    const char *typed_notes;
    size_t typed_notes_len;
    int typed_notes_lost;      /* a live run left none that carried its token */
    /* what the functions "returned" checks name returned, one number per line,
     * after the token line (score_returned.h); NULL: no record asked or read */
    const char *returned;
    size_t returned_len;
    int returned_lost;         /* a live run asked for one left none with its token */
};

struct extract_transcript;
struct extract_synonyms;
struct numparse_num;

struct score_ctx {
    const struct score_input *in;
    const struct rubric_reading_choice *choice;   /* the reading being tried, or NULL */
    int run_stopped;        /* the run crashed or hit a limit: missing output is unreached */
    const struct extract_transcript *out;          /* the parsed stdout */
    const struct extract_synonyms *syn;            /* the rubric's synonyms */
    const size_t *chosen;   /* per reading group of the rubric, the choice taken (once
                             * chosen; NULL before): checks that read other checks'
                             * values (typed_output) read them under it */
};

/* What one check concluded; score.c turns it into a check_result. */
struct score_outcome {
    enum verdict verdict;
    struct gb_buf expected;   /* "0.740 ± 0.010" */
    struct gb_buf found;
    struct gb_buf where;      /* "output line 12" */
    struct gb_buf message;
    double deviation;         /* numeric checks: |found - expected| / allowed; else -1 */
    size_t line;              /* output line of the value judged (triage orders by it); 0: none */
};

/* Looks up a rubric number: a literal, or an expected-values key with the
 * current reading substituted for its "{group}" placeholder. */
int score_number(const struct score_ctx *ctx, const struct rubric_number *num,
                 double *out, struct gb_err *err);
#define SCORE_REVIEW 2      /* score_target's *pass: outside the target, inside its review band */
#define SCORE_COARSE 3      /* score_target's *pass: printed too coarsely to decide (a review
                             * whose message says "print more digits") */

/* Judges one found number against a target: the tolerance is widened by half
 * a unit in the last place the student printed (printed may be NULL), so
 * printing fewer digits is never a failure by itself — but the widening
 * that can make a pass is capped at the tolerance itself (half a range, for
 * a range; nothing, for a bound): a value that needs more is printed too
 * coarsely to decide, SCORE_COARSE, never a pass.  A percentage is also
 * tried as a fraction.  Sets *pass (1, 0, SCORE_REVIEW or SCORE_COARSE),
 * and *deviation when the target is APPROX; appends the target's text to
 * o->expected when o is non-NULL. */
/* The rounding slack a pass may use: min(half a printed unit, cap). */
double score_slack_cap(double half_ulp, double cap);
int score_target(const struct score_ctx *ctx, const struct rubric_target *t, double found,
                 const struct numparse_num *printed, int *pass, double *deviation,
                 struct gb_buf *expected_text, struct gb_err *err);
enum verdict score_verdict(int pass);
/* Formats a number for reports: 0.74, 5.032e-17, 1217. */
void score_format_number(double v, char *buf, size_t size);

/* The key with the reading substituted, for expected_numbers() and messages. */
int score_key(const struct score_ctx *ctx, const char *ref, char *out, size_t size,
              struct gb_err *err);

#endif
