/* rubric_expr.c — a relation check's expression (rubric_expr.h): a small
 * arithmetic language (+ - * / parentheses, unary minus, abs(), numbers,
 * operand names) evaluated by recursive descent, so a rubric states the
 * relation the exercise states instead of code doing it.  The kind loader
 * validates an expression with it at load time; score_relation.c evaluates
 * it over the located numbers. */
#include "score/rubric_expr.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct expr {
    const char *p;
    const struct rubric_check *ck;
    const double *vals;
    struct gb_err *err;
    int failed;
};

static double expr_sum(struct expr *e);

static void skip_space(struct expr *e)
{
    while (isspace((unsigned char)*e->p))
        e->p++;
}

static double expr_fail(struct expr *e, const char *what)
{
    if (!e->failed)
        gb_fail(e->err, "field 'expr' \"%s\": %s", e->ck->expr, what);
    e->failed = 1;
    return NAN;
}

static double expr_name(struct expr *e)
{
    const char *start = e->p;
    size_t n;

    while (isalnum((unsigned char)*e->p) || *e->p == '_')
        e->p++;
    n = (size_t)(e->p - start);
    if (n == 3 && !strncmp(start, "abs", 3)) {
        skip_space(e);
        if (*e->p != '(')
            return expr_fail(e, "abs needs parentheses");
        e->p++;
        double v = fabs(expr_sum(e));
        skip_space(e);
        if (*e->p != ')')
            return expr_fail(e, "missing ')'");
        e->p++;
        return v;
    }
    for (size_t i = 0; i < e->ck->n_operands; i++)
        if (strlen(e->ck->operands[i].name) == n && !strncmp(start, e->ck->operands[i].name, n))
            return e->vals[i];
    return expr_fail(e, "names a value not under \"values\"");
}

static double expr_atom(struct expr *e)
{
    skip_space(e);
    if (*e->p == '-') {
        e->p++;
        return -expr_atom(e);
    }
    if (*e->p == '(') {
        e->p++;
        double v = expr_sum(e);
        skip_space(e);
        if (*e->p != ')')
            return expr_fail(e, "missing ')'");
        e->p++;
        return v;
    }
    if (isdigit((unsigned char)*e->p) || *e->p == '.') {
        char *end;
        double v = strtod(e->p, &end);
        e->p = end;
        return v;
    }
    if (isalpha((unsigned char)*e->p) || *e->p == '_')
        return expr_name(e);
    return expr_fail(e, "unexpected character");
}

static double expr_product(struct expr *e)
{
    double v = expr_atom(e);

    for (;;) {
        skip_space(e);
        if (*e->p == '*')
            e->p++, v *= expr_atom(e);
        else if (*e->p == '/')
            e->p++, v /= expr_atom(e);
        else
            return v;
    }
}

static double expr_sum(struct expr *e)
{
    double v = expr_product(e);

    for (;;) {
        skip_space(e);
        if (*e->p == '+')
            e->p++, v += expr_product(e);
        else if (*e->p == '-')
            e->p++, v -= expr_product(e);
        else
            return v;
    }
}

/* Evaluates ck->expr over vals (one per operand); also used to validate a
 * rubric's expression with placeholder values. */
int rubric_expr_eval(const struct rubric_check *ck, const double *vals, double *out,
                        struct gb_err *err)
{
    struct expr e = { ck->expr, ck, vals, err, 0 };

    *out = expr_sum(&e);
    skip_space(&e);
    if (!e.failed && *e.p)
        expr_fail(&e, "unexpected text at the end");
    return e.failed ? -1 : 0;
}
