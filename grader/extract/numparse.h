/* numparse.h — finds the numbers in one line of a student's printed output.
 *
 * Students print numbers every way Python lets them: 0.74, 0.740, .5,
 * 7.577e-02, 7.58e-2, 5.271E+00, 74.0%, 1,217, 1_217, x0.490, ×0.490,
 * +0.372, −0.119 (U+2212), nan, -inf, "[ 0.5 -0.5 0.5 0.625]", "(1600, 8)",
 * "tensor([0.4400, 0.0600])", "3.8 s", "66.6 ms", "2.2x".  numparse_scan()
 * returns every one of them with what the grader needs to judge it fairly:
 * the value, where it was printed, how it was printed (digits after the
 * point, exponent form, percent, unit) and whether it is part of a word
 * ("l0", "step1", "b_f=3") rather than a value.
 *
 * Nothing here allocates; scanning is linear in the input and never reads
 * outside [text, text+len).  Bytes that are not valid UTF-8 are skipped.
 */
#ifndef GB_NUMPARSE_H
#define GB_NUMPARSE_H

#include <stddef.h>

enum numparse_flag {
    NUMPARSE_INTEGER   = 1u << 0,  /* no decimal point, no exponent: 297, 1,217 */
    NUMPARSE_EXPONENT  = 1u << 1,  /* 7.577e-02, 5.27e0 */
    NUMPARSE_PERCENT   = 1u << 2,  /* 74.0% (value stays 74.0; see numparse_fraction) */
    NUMPARSE_THOUSANDS = 1u << 3,  /* 1,217 or 1_217 */
    NUMPARSE_FACTOR    = 1u << 4,  /* x0.490, ×0.490, 2.2x: a multiplier */
    NUMPARSE_SIGNED    = 1u << 5,  /* printed with an explicit + or - or − */
    NUMPARSE_NAN       = 1u << 6,  /* nan, NaN */
    NUMPARSE_INF       = 1u << 7,  /* inf, -inf, Infinity */
    NUMPARSE_GLUED     = 1u << 8,  /* part of a word on its left: l0, step1, x2, b_f=3 */
    NUMPARSE_GLUED_RIGHT = 1u << 9,/* a word follows with no space: 64-unit, 1st, 3D */
    NUMPARSE_IN_LIST   = 1u << 10, /* inside [...] or (...); see .list */
    NUMPARSE_UNIT      = 1u << 11, /* followed by a unit of time or size: 3.8 s, 66.6ms */
    NUMPARSE_TRAILING_POINT = 1u << 12,/* numpy's "0." / "1.": a point, no digits after */
    NUMPARSE_RATIO     = 1u << 13  /* counts "2244/4000", "2244 / 4000": value is the
                                    * numerator, .denom the denominator; see numparse_quotient */
};

/* Options for numparse_scan. */
enum numparse_option {
    /* The text is comma-separated fields (CSV): a comma never groups
     * thousands, so "100,200" is two numbers. */
    NUMPARSE_OPT_NO_COMMA_GROUPS = 1u << 0,
    /* The text uses decimal commas (cells separated by ';' or tabs, as a
     * European locale or spreadsheet prints them): "0,711" is 0.711 and
     * "1,000" is 1.0, never a thousand. */
    NUMPARSE_OPT_DECIMAL_COMMA = 1u << 1,
    /* The text joins labels with '/' ("very/not rows: 297/303",
     * "min/mean/max"): a '/' between numbers separates the items of a
     * list, so no count-out-of-total (NUMPARSE_RATIO) is read. */
    NUMPARSE_OPT_SLASH_LISTS = 1u << 2
};

struct numparse_num {
    double value;     /* as printed: 74.0% gives 74.0, 1,217 gives 1217, x0.490 gives 0.49 */
    size_t start;     /* byte span of the printed number in the scanned text,   */
    size_t end;       /* covering sign, x/× prefix or x suffix, digits, % (not the unit) */
    int decimals;     /* digits after the point in the mantissa: 0.740 -> 3, 7.58e-2 -> 2 */
    int exponent;     /* printed exponent, 0 when none: 7.577e-02 -> -2 */
    unsigned flags;   /* enum numparse_flag */
    int list;         /* innermost bracket group, numbered from 0 per scan; -1 if none */
    char unit[8];     /* "s", "ms", "min", "MB", ... when NUMPARSE_UNIT, else "" */
    double denom;     /* NUMPARSE_RATIO: the denominator (> 0), else 0 */
};

/* Scans text[0..len) and stores up to max numbers in out[] in printed order.
 * Returns how many numbers the text holds, which may exceed max (like
 * snprintf): call again with a bigger array to get them all.  options is a
 * mask of enum numparse_option. */
size_t numparse_scan(const char *text, size_t len, unsigned options,
                     struct numparse_num *out, size_t max);

/* Parses a string that is exactly one number (surrounding spaces allowed),
 * e.g. a rubric literal "7.58e-2" or "74%".  Returns 0 and fills *out, or -1
 * when the string is not a single number. */
int numparse_one(const char *text, size_t len, struct numparse_num *out);

/* The value as a plain fraction: 74.0% -> 0.74; otherwise the value. */
double numparse_fraction(const struct numparse_num *n);

/* Two unsigned integers joined by '/' with the numerator at most the
 * denominator ("2244/4000", "  494 / 1000") are scanned as ONE number: a
 * count out of a total, flagged NUMPARSE_RATIO, value the numerator (so
 * "step 3/50" still binds step 3 and an exact count still reads 2244).
 * Whether the count or the rate is meant is the reader's decision, made by
 * what it asks for (score_target: a rate in [0, 1]).  Not ratios: a
 * numerator above its denominator ("1600/600 split", "12/03"), a chain of
 * slashes (dates "03/12/2026"), signed, decimal or percent operands.
 * Returns the quotient for a ratio, else numparse_fraction(n). */
double numparse_quotient(const struct numparse_num *n);

/* Half a unit in the last printed place: what rounding to the printed
 * precision can account for.  0.740 -> 0.0005, 7.58e-2 -> 0.0005e-2 = 5e-5,
 * 1,217 -> 0.5.  Scorers add this to a tolerance so a student who printed
 * fewer digits is not failed for rounding.  0 for nan and inf. */
double numparse_half_ulp(const struct numparse_num *n);

/* Converts a value printed with a time unit to seconds ("66.6 ms" -> 0.0666).
 * Returns 0 and sets *seconds, or -1 when the unit is not a time unit. */
int numparse_seconds(const struct numparse_num *n, double *seconds);

#endif
