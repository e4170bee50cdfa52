/* extract_align.h — finds a reference value among the numbers a run printed
 * by the company it keeps.
 *
 * Labels are how extract_find() locates a value: a row label, a column
 * header, the words before it.  Students do not always print them: a raw
 * beginner prints `print(k, norms, factor(c), c[0] / c[-1])`, a notebook
 * prints a bare matrix, a narrator spreads one table row over two
 * sentences.  A human grader who knows the expected numbers still reads such
 * output at a glance: 0.490 sitting next to 7.577e-02 and 5.032e-17 is the
 * gain-0.5 factor, because those are the gain-0.5 row's other values.
 *
 * extract_align() does that reading.  The rubric's value belongs to a
 * record of the reference (expected_record(): the gain-0.5 row's step norms,
 * ratio and factor; the rude row of a weight matrix), and a printed number
 * is that value only when the record's other values are printed with it:
 *   - a vector record (an array: an output row, a matrix row) must appear
 *     whole, in order, as a run of consecutive numbers on one line;
 *   - any other record must have its value plus enough of its other values
 *     printed together (the same line, or nearby lines of the same
 *     paragraph), where a value printed everywhere (0, 0.5, 1, 2, 10, 50)
 *     is weak evidence and a run in the record's own order is strong.
 * Numbers printed as someone else's ("expected", "course") never count, and
 * neither do numbers on lines the caller excludes (another row's label).
 *
 * Alignment only ever finds the expected value itself, so it can turn a
 * value no label located into a pass, never into a fail: when the student's
 * number is wrong, nothing aligns and the check stays as the labels left it.
 */
#ifndef GB_EXTRACT_ALIGN_H
#define GB_EXTRACT_ALIGN_H

#include <stddef.h>

#include "error.h"
#include "extract/extract.h"

struct extract_record {
    const double *v;     /* the record's values, in the reference's order */
    size_t n;
    size_t target;       /* index of the value sought */
    double rel_tol;      /* a printed number matches v[k] within */
    double abs_tol;      /*   max(abs_tol, rel_tol * |v[k]|) (+ its printed rounding) */
    int ordered;         /* 1: a vector, found only as a whole run in order */
};

/* Evidence below this is not an alignment: the target plus two values
 * particular to the record, or a run of three in the record's order. */
#define EXTRACT_ALIGN_MIN_EVIDENCE 2.0

struct extract_alignment {
    struct extract_hit hit;   /* the target's number (VECTOR-like: hit.nums is the
                               * run for an ordered record), how = INLINE */
    double evidence;          /* the score it was accepted with */
    size_t n_with;            /* record values found with it */
    size_t first_line, last_line;   /* output lines the evidence spans */
    size_t n_alike;           /* other lines printed from the hit line's template: the
                               * same words and whole numbers, other fractions */
};

/* Finds rec's target value, with the lines the check's labels name (output
 * line numbers, any order; see struct extract_align_lines).  Returns 1 and fills *out (free with extract_alignment_free) when the
 * value aligns, 0 when it does not, -1 when out of memory. */
struct extract_align_lines {
    const size_t *excluded;   /* output lines naming another row: no evidence there */
    size_t n_excluded;
    int has_row;              /* the check names a row: */
    const size_t *named;      /*   the output lines naming it */
    size_t n_named;
};

/* A table row that carries a label of its own ("slow  0.096 0.096 0.096
 * 0.711") holds the value only when its label names the value's row: the same
 * numbers under another token's name are that token's. */
int extract_align(const struct extract_transcript *t, const struct extract_record *rec,
                  const struct extract_align_lines *lines, struct extract_alignment *out,
                  struct gb_err *err);
void extract_alignment_free(struct extract_alignment *a);

/* Is output line `line` labelled as worked by hand ("rude (by hand)", "on
 * paper")?  Its numbers are the student's expectation, not the code's. */
int extract_hand_worked(const struct extract_transcript *t, size_t line);

/* Is output line `line` a heading, banner or caption ("== PART 4 ==")?
 * Its numbers number parts, they are no values. */
int extract_line_is_heading(const struct extract_transcript *t, size_t line);

/* A value printed everywhere in these outputs — 0, 0.25, 0.5, 1, 2, 10, 50,
 * 100 — says little about which quantity a number is. */
int extract_common_value(double v);

/* Output line numbers of the lines that name, in their own words, any
 * phrase of field (EXTRACT_ROW, EXTRACT_COLUMN or EXTRACT_EXCLUDE) of q, as
 * extract_find() matches phrases — never through the headings above them.
 * labels_only: of a table row, only its label cells count.  *lines is
 * malloc'd.  Returns 0, or -1 when out of memory. */
int extract_lines_naming(const struct extract_transcript *t, const struct extract_query *q,
                         enum extract_field field, int labels_only, size_t **lines, size_t *n,
                         struct gb_err *err);

#endif
