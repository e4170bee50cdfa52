/* score_ctx.c — what every check kind shares (score_ctx.h): the rubric's
 * numbers and keys under the reading being tried, judging a found number
 * against a target with the rounding the student printed, verdicts and the
 * report's number format.  The kind modules call it; it calls none of them,
 * and score.c, which dispatches to them, sits above both. */
#include "score/score_ctx.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract/numparse.h"
#include "score/expected.h"

int score_key(const struct score_ctx *ctx, const char *ref, char *out, size_t size,
              struct gb_err *err)
{
    const char *open = strchr(ref, '{');
    const char *close = open ? strchr(open, '}') : NULL;
    int n;

    if (!open || !close)
        n = snprintf(out, size, "%s", ref);
    else if (!ctx->choice)
        return gb_fail(err, "key '%s' needs a reading, but none is being tried", ref);
    else
        n = snprintf(out, size, "%.*s%s%s", (int)(open - ref), ref, ctx->choice->key, close + 1);
    if (n < 0 || (size_t)n >= size)
        return gb_fail(err, "key '%s' is too long", ref);
    return 0;
}

int score_number(const struct score_ctx *ctx, const struct rubric_number *num, double *out,
                 struct gb_err *err)
{
    char key[256];

    if (!num->ref) {
        *out = num->literal;
        return 0;
    }
    if (score_key(ctx, num->ref, key, sizeof key, err))
        return -1;
    return expected_number(ctx->in->expected, key, out, err);
}

void score_format_number(double v, char *buf, size_t size)
{
    if (v == floor(v) && fabs(v) < 1e9)
        snprintf(buf, size, "%.0f", v);
    else if (fabs(v) >= 1e-3 && fabs(v) < 1e5)
        snprintf(buf, size, "%.4g", v);
    else
        snprintf(buf, size, "%.3e", v);
}

static const char *op_text(enum target_op op)
{
    switch (op) {
    case TARGET_GT: return "> ";
    case TARGET_GE: return "≥ ";
    case TARGET_LT: return "< ";
    case TARGET_LE: return "≤ ";
    default: return "";
    }
}

static int describe_target(const struct rubric_target *t, double exp, struct gb_buf *b,
                           struct gb_err *err)
{
    char e[40], lo[40], hi[40];

    score_format_number(exp, e, sizeof e);
    if (t->op == TARGET_RANGE) {
        score_format_number(t->lo, lo, sizeof lo);
        score_format_number(t->hi, hi, sizeof hi);
        return gb_buf_printf(b, err, "between %s and %s", lo, hi);
    }
    if (t->op != TARGET_APPROX)
        return gb_buf_printf(b, err, "%s%s", op_text(t->op), e);
    if (t->rel_tol > 0 && t->abs_tol == 0)
        return gb_buf_printf(b, err, "%s ± %g%%", e, t->rel_tol * 100);
    score_format_number(t->abs_tol, lo, sizeof lo);
    if (t->rel_tol > 0)
        return gb_buf_printf(b, err, "%s ± max(%s, %g%%)", e, lo, t->rel_tol * 100);
    return t->abs_tol == 0 ? gb_buf_printf(b, err, "exactly %s", e)
                           : gb_buf_printf(b, err, "%s ± %s", e, lo);
}

double score_slack_cap(double half_ulp, double cap)
{
    return fmin(half_ulp, cap);
}

/* Is v on target when the printed rounding may account for slack? */
static int within(const struct rubric_target *t, double exp, double tol, double v, double slack)
{
    switch (t->op) {
    case TARGET_APPROX: return fabs(v - exp) <= tol + slack;
    case TARGET_RANGE: return v >= t->lo - slack && v <= t->hi + slack;
    case TARGET_GT: return v > exp;
    case TARGET_GE: return v >= exp - slack;
    case TARGET_LT: return v < exp;
    case TARGET_LE: return v <= exp + slack;
    default: return 0;
    }
}

/* 1 on target, 0 off it, SCORE_COARSE when only more rounding slack than
 * the target's own width (its tolerance, half a range, nothing for a
 * bound) would put it on: ":.0f" printing 1 for 0.711 ± 0.01 cannot tell. */
static int judge(const struct rubric_target *t, double exp, double v, double slack,
                 double *deviation)
{
    double tol = fmax(t->abs_tol, t->rel_tol * fabs(exp));
    double cap = t->op == TARGET_APPROX ? tol : t->op == TARGET_RANGE ? (t->hi - t->lo) / 2 : 0;

    *deviation = -1;
    if (isnan(v))
        return *deviation = INFINITY, 0;
    if (t->op == TARGET_APPROX) {
        /* Deviation in tolerances, for triage: an exact count that misses is
         * never "off by a little". */
        *deviation = tol > 0 ? fabs(v - exp) / tol : (v == exp ? 0 : INFINITY);
        /* A print too coarse to tell the value from zero (0.000 for 5e-17,
         * or 0.000e+00) shows nothing: it cannot pass. */
        if (exp != 0 && slack >= fabs(exp))
            return *deviation = INFINITY, 0;
    }
    if (within(t, exp, tol, v, score_slack_cap(slack, cap)))
        return 1;
    return within(t, exp, tol, v, slack) ? SCORE_COARSE : 0;
}

/* Whether the target is a rate (an accuracy, a share): a value or range
 * inside [0, 1], or a bound strictly inside it.  Only then is a printed
 * count-out-of-total read as its quotient: a check for a count (297 rows,
 * step 3 of 50) keeps the count. */
static int asks_rate(const struct rubric_target *t, double exp)
{
    switch (t->op) {
    case TARGET_APPROX:
        /* exactly 0 or 1 with no tolerance is a count, not a rate */
        return exp >= 0 && exp <= 1 && (t->abs_tol > 0 || t->rel_tol > 0 || exp != floor(exp));
    case TARGET_RANGE: return t->lo >= 0 && t->hi <= 1;
    default: return exp > 0 && exp < 1;
    }
}

int score_target(const struct score_ctx *ctx, const struct rubric_target *t, double found,
                 const struct numparse_num *printed, int *pass, double *deviation,
                 struct gb_buf *expected_text, struct gb_err *err)
{
    double exp = 0, slack = printed ? numparse_half_ulp(printed) : 0, d1 = -1, d2 = -1;

    if (t->op != TARGET_RANGE && score_number(ctx, &t->expected, &exp, err))
        return -1;
    if (expected_text && describe_target(t, exp, expected_text, err))
        return -1;
    /* "2244/4000" where the check asks for a rate: the quotient is the
     * reading, exact (counts have no rounding); elsewhere the count. */
    if (printed && (printed->flags & NUMPARSE_RATIO) && asks_rate(t, exp)) {
        found = numparse_quotient(printed);
        slack = 0;
    }
    *pass = judge(t, exp, found, slack, &d1);
    /* 74.0% printed for an expected 0.740: compare the fraction too. */
    if (*pass != 1 && printed && (printed->flags & NUMPARSE_PERCENT)) {
        int as_fraction = judge(t, exp, numparse_fraction(printed), slack / 100, &d2);

        if (as_fraction == 1 || (as_fraction == SCORE_COARSE && !*pass))
            *pass = as_fraction;
        if (d2 >= 0 && (d1 < 0 || d2 < d1))
            d1 = d2;
    }
    if (deviation)
        *deviation = t->op == TARGET_APPROX ? d1 : -1;
    if (!*pass && t->has_review_band && found >= t->review_lo && found <= t->review_hi)
        *pass = SCORE_REVIEW;
    return 0;
}

enum verdict score_verdict(int pass)
{
    return pass == 1 ? VERDICT_PASS
           : pass == SCORE_REVIEW || pass == SCORE_COARSE ? VERDICT_REVIEW : VERDICT_FAIL;
}
