/* report.h — serialises a graded result: text for people, JSON for machines.
 *
 * Reports only read a struct grade_result; they never recompute a verdict or a
 * score (architecture: results are values).  Three formats:
 *   text        one line per check, totals, triage, crash tail, runtime (report_text.c)
 *   json        gradebox's own schema "gradebox.result/1"; the webhook posts exactly
 *               this document (report_json.c; the schema is documented in docs/results.md)
 *   gradescope  Gradescope's results.json (report_gradescope.c)
 * Student-controlled text (found values, tracebacks) is made valid UTF-8 with
 * control characters neutralised before it reaches any report.
 */
#ifndef GB_REPORT_H
#define GB_REPORT_H

#include "buf.h"
#include "error.h"
#include "score/result.h"

#define GRADER_VERSION "0.1.0"
#define REPORT_JSON_SCHEMA "gradebox.result/1"

enum report_format { REPORT_TEXT, REPORT_JSON, REPORT_GRADESCOPE };

/* The result as a whole: what the exit status of `grader check` reflects. */
enum report_status {
    REPORT_PASSED,        /* every check passed */
    REPORT_REVIEW,        /* nothing failed; some checks wait for a human */
    REPORT_FAILED,        /* some check failed, is missing or was unreached */
    REPORT_ERROR          /* a rubric or reference fault, not the student's */
};

struct result_signer;

struct report_options {
    int utf8;             /* 1: ✓/✗ and ±; 0: plain ASCII markers */
    const struct result_signer *signer;   /* json: sign with this key (result_sign.h) */
};

int report_format_parse(const char *name, enum report_format *format);
enum report_status report_status(const struct grade_result *r);
const char *report_status_name(enum report_status status);   /* "passed", ... */

int report_render(enum report_format format, const struct grade_result *r,
                  const struct report_options *opts, struct gb_buf *out,
                  struct gb_err *err);
int report_text(const struct grade_result *r, const struct report_options *opts,
                struct gb_buf *out, struct gb_err *err);
int report_json(const struct grade_result *r, struct gb_buf *out, struct gb_err *err);
/* report_json, signed when signer is not NULL. */
int report_json_signed(const struct grade_result *r, const struct result_signer *signer,
                       struct gb_buf *out, struct gb_err *err);
int report_gradescope(const struct grade_result *r, struct gb_buf *out,
                      struct gb_err *err);

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if it is not one or
 * is a C1 control (U+0080..U+009F: terminal escapes too).  s is NUL-ended. */
size_t report_utf8_sequence(const unsigned char *s);

/* Appends s as valid UTF-8: invalid bytes become U+FFFD, control characters
 * other than newline and tab become '?', so a student cannot send terminal
 * escapes or broken JSON through a report.  NULL appends nothing. */
int report_append_clean(struct gb_buf *out, const char *s, struct gb_err *err);
/* A cleaned heap copy (NULL in, NULL out); NULL with err set on no memory. */
char *report_clean_dup(const char *s, struct gb_err *err);

#endif
