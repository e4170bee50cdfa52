/* score_returned.h — numbers a function of the script must have returned.
 *
 * A rubric's value or vector check may say "returned": "attend": the numbers
 * it reads must be ones the script's attend returned in the run.  A correct
 * attend beside weight tables typed in some encoding the code decodes
 * (integer arrays over 10,000, hex, struct bytes, fractions, its own comments
 * read back) passes the hidden-input test and prints the module's tables;
 * what gives it away is that the printed numbers never came out of attend.
 * The runtime shim (grader/shims/gradebox_returns.py) records every number
 * the named functions return and writes them at exit, behind the run's
 * token, to SCORE_RETURNED_FILE; the pipeline checks the token and hands the
 * rest over as score_input.returned.
 *
 * After every check is scored, each passing "returned" check's found numbers
 * are looked up in that record at their printed precision: a number the
 * function never returned sends the check to review with 0 points (a human
 * decides; honest code can print a number it computed another way), as does
 * a live run that ended by itself and left no record it can believe.  A
 * script that defines no such function (the record's last line says so) or a
 * run stopped before the function returned has nothing to confirm.  When most
 * checked numbers are unconfirmed, typed_output goes to review too.  A
 * recorded transcript has no record and is left as it is.
 */
#ifndef GB_SCORE_RETURNED_H
#define GB_SCORE_RETURNED_H

#include "buf.h"
#include "error.h"
#include "score/result.h"
#include "score/rubric.h"
#include "score/score_ctx.h"

#define SCORE_RETURNED_FILE ".gradebox-returned"
#define SCORE_RETURNED_MAX  (4u << 20)

/* The functions the rubric's checks name, comma-joined and each once, into
 * names (left empty when no check names one). */
int score_returned_names(const struct rubric *r, struct gb_buf *names, struct gb_err *err);

/* The numbers of the run's record, sorted (n 0: no record, or nothing
 * returned).  Built once per scoring by the checks that read it. */
struct score_returned_record {
    double *v;
    size_t n;
};

/* Reads in->returned into rec; a lost or absent record leaves rec empty. */
int score_returned_load(const struct score_input *in, struct score_returned_record *rec,
                        struct gb_err *err);
void score_returned_record_free(struct score_returned_record *rec);

/* 1 when the number printed as s[0..len) (at its printed precision; a
 * percentage as its fraction) is one the named functions returned. */
int score_returned_holds(const struct score_returned_record *rec, const char *s, size_t len);

/* Confirms out's passing "returned" checks against in->returned (see above). */
int score_returned_confirm(const struct score_input *in, struct grade_result *out,
                           struct gb_err *err);

#endif
