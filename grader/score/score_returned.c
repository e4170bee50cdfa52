/* score_returned.c — confirming checked numbers against what a function of
 * the script returned (see score_returned.h). */
#include "score/score_returned.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int score_returned_names(const struct rubric *r, struct gb_buf *names, struct gb_err *err)
{
    for (size_t i = 0; i < r->n_checks; i++) {
        const char *name = r->checks[i].returned;
        int seen = 0;

        for (size_t j = 0; name && j < i && !seen; j++)
            seen = r->checks[j].returned && !strcmp(r->checks[j].returned, name);
        if (name && !seen &&
            gb_buf_printf(names, err, "%s%s", names->len ? "," : "", name))
            return -1;
    }
    return 0;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* How the record ended: its last line, written at the script's exit. */
enum record_end { RECORD_CUT = 0, RECORD_DEFINED, RECORD_UNDEFINED };

/* The record's numbers, one per line, sorted; lines that are no number are
 * skipped but the closing "end defined" / "end undefined", into *end. */
static int parse_record(const char *text, size_t len, double **out, size_t *n,
                        enum record_end *how, struct gb_err *err)
{
    size_t cap = 1;
    char line[64];

    for (size_t i = 0; i < len; i++)
        cap += text[i] == '\n';
    if (!(*out = malloc(cap * sizeof **out)))
        return gb_fail(err, "out of memory reading what the script's functions returned");
    *n = 0;
    for (size_t i = 0; i < len;) {
        size_t j = i;
        char *end;

        while (j < len && text[j] != '\n')
            j++;
        if (j - i > 0 && j - i < sizeof line) {
            memcpy(line, text + i, j - i);
            line[j - i] = '\0';
            if (!strcmp(line, "end defined") || !strcmp(line, "end undefined"))
                *how = line[4] == 'd' ? RECORD_DEFINED : RECORD_UNDEFINED;
            double v = strtod(line, &end);
            if (end != line && !*end && isfinite(v))
                (*out)[(*n)++] = v;
        }
        i = j + 1;
    }
    qsort(*out, *n, sizeof **out, by_value);
    return 0;
}

/* Half a unit in the last printed place of the number text s..e (0.711:
 * 0.0005; 5.03e-17: 0.005e-17), plus a little for binary rounding. */
static double printed_half_ulp(const char *s, const char *e, double v)
{
    const char *dot = memchr(s, '.', (size_t)(e - s)), *x = s;

    if (!dot)
        dot = memchr(s, ',', (size_t)(e - s));
    int decimals = 0, exp10 = 0;

    while (x < e && *x != 'e' && *x != 'E')
        x++;
    if (dot && dot < x)
        decimals = (int)(x - dot - 1);
    if (x < e)
        exp10 = atoi(x + 1);
    return 0.5 * pow(10.0, exp10 - decimals) + 1e-12 + 1e-9 * fabs(v);
}

static int returned(const double *rec, size_t n, double v, double tol)
{
    size_t lo = 0, hi = n;

    while (lo < hi) {                  /* the first recorded value >= v - tol */
        size_t mid = lo + (hi - lo) / 2;
        if (rec[mid] < v - tol)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && rec[lo] <= v + tol;
}

/* The number at p as the student printed it, into *v and *end: strtod's,
 * or with a decimal comma ("0,711": a comma between digits, no point before
 * it), as the value checks read it. */
static void printed_number(const char *p, double *v, const char **end, char *buf, size_t cap)
{
    char *e;
    size_t n = 0;

    *v = strtod(p, &e);
    *end = e;
    if (*e != ',' || !isdigit((unsigned char)e[1]) || memchr(p, '.', (size_t)(e - p)))
        return;
    while (p + n < e + 1 + strspn(e + 1, "0123456789") && n + 1 < cap) {
        buf[n] = p[n] == ',' ? '.' : p[n];
        n++;
    }
    buf[n] = '\0';
    *v = strtod(buf, &e);
    *end = p + (e - buf);
}

/* The first number of found that the record lacks, into missing; 0 when
 * every number (a percentage as its fraction) was returned. */
static int first_missing(const char *found, const double *rec, size_t n, char *missing,
                         size_t cap)
{
    char buf[64];

    for (const char *p = found; *p;) {
        const char *end = p;
        int starts = (isdigit((unsigned char)*p) || ((*p == '-' || *p == '.') &&
                      isdigit((unsigned char)p[1]))) &&
                     (p == found || !isalnum((unsigned char)p[-1]));
        double v = 0;

        if (starts)
            printed_number(p, &v, &end, buf, sizeof buf);
        if (!starts || end == p) {
            p++;
            continue;
        }
        double tol = printed_half_ulp(p, end, v);
        /* a percentage is its fraction, printed with "%" or under a heading
         * that says so (the check's text keeps only the number: "71.1") */
        if (!returned(rec, n, v, tol) && !returned(rec, n, v / 100, tol / 100)) {
            snprintf(missing, cap, "%.*s", (int)(end - p) < 40 ? (int)(end - p) : 40, p);
            return 1;
        }
        p = end;
    }
    return 0;
}

int score_returned_load(const struct score_input *in, struct score_returned_record *rec,
                        struct gb_err *err)
{
    enum record_end how = RECORD_CUT;

    rec->v = NULL;
    rec->n = 0;
    if (!in->returned || in->returned_lost)
        return 0;
    return parse_record(in->returned, in->returned_len, &rec->v, &rec->n, &how, err);
}

void score_returned_record_free(struct score_returned_record *rec)
{
    free(rec->v);
    rec->v = NULL;
    rec->n = 0;
}

int score_returned_holds(const struct score_returned_record *rec, const char *s, size_t len)
{
    char text[64], missing[48];

    if (!rec->n || len == 0 || len >= sizeof text)
        return 0;
    memcpy(text, s, len);
    text[len] = '\0';
    return !first_missing(text, rec->v, rec->n, missing, sizeof missing);
}

/* 1 when c was sent to review (its numbers are not confirmed), 0 when it stands. */
static int confirm_one(const struct score_input *in, const struct rubric_check *ck,
                       const double *rec, size_t n, struct grade_result *out,
                       struct check_result *c, struct gb_err *err)
{
    char missing[48], why[512];

    if (in->returned_lost)
        snprintf(why, sizeof why, "the run removed or rewrote the grader's record of what "
                 "%s returned, so a human decides whether this number is %s's result",
                 ck->returned, ck->returned);
    else if (!n)
        snprintf(why, sizeof why, "%s never returned a number in this run, so this number "
                 "did not come out of it: computed another way, or typed in? A human decides",
                 ck->returned);
    else if (first_missing(c->found, rec, n, missing, sizeof missing))
        snprintf(why, sizeof why, "%s never returned %s in this run (the grader recorded "
                 "every number it returned): computed another way, or typed in? A human "
                 "decides", ck->returned, missing);
    else
        return 0;
    return result_check_demote(out, c, VERDICT_REVIEW, why, err) ? -1 : 1;
}

/* Most checked numbers never came out of the function: the run's claim that
 * its numbers are computed (typed_output) waits for the same human. */
static int review_typed(const struct rubric *r, struct grade_result *out, size_t unconfirmed,
                        size_t checked, struct gb_err *err)
{
    char why[256];

    snprintf(why, sizeof why, "%zu of the %zu numbers checked against what the script's "
             "functions returned never came out of them: printed from typed or decoded "
             "data? A human decides", unconfirmed, checked);
    for (size_t i = 0; i < r->n_checks && i < out->n_checks; i++)
        if (r->checks[i].kind == CHECK_TYPED_OUTPUT && out->checks[i].verdict == VERDICT_PASS &&
            result_check_demote(out, &out->checks[i], VERDICT_REVIEW, why, err))
            return -1;
    return 0;
}

int score_returned_confirm(const struct score_input *in, struct grade_result *out,
                           struct gb_err *err)
{
    const struct rubric *r = in->rubric;
    double *rec = NULL;
    size_t n = 0, checked = 0, unconfirmed = 0;
    enum record_end how = RECORD_CUT;
    int rc = 0;

    if (!in->returned && !in->returned_lost)
        return 0;                       /* nothing ran live, or nothing was asked */
    if (in->returned && parse_record(in->returned, in->returned_len, &rec, &n, &how, err))
        return -1;
    if (!in->returned_lost && n == 0 && how != RECORD_DEFINED) {
        free(rec);      /* no such function (the hidden-input test says so), or the
                         * run was stopped before it returned: nothing to confirm */
        return 0;
    }
    for (size_t i = 0; rc == 0 && i < r->n_checks && i < out->n_checks; i++) {
        struct check_result *c = &out->checks[i];

        if (!r->checks[i].returned || c->verdict != VERDICT_PASS || !c->found)
            continue;
        checked++;
        rc = confirm_one(in, &r->checks[i], rec, n, out, c, err);
        if (rc > 0)
            unconfirmed++, rc = 0;
    }
    free(rec);
    if (rc == 0 && 2 * unconfirmed > checked)
        rc = review_typed(r, out, unconfirmed, checked, err);
    return rc;
}
