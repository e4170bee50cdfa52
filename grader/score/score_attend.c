/* score_attend.c — judging the hidden-input test of attend (see score_attend.h). */
#include "score/score_attend.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "score/check_kind.h"

enum case_outcome {
    CASE_MATCH,        /* weights and output both match the reference's */
    CASE_WRONG,        /* both shapes returned, some value wrong */
    CASE_SHAPE,        /* no value with the weights' or the output's shape */
    CASE_RAISED        /* attend raised (or the run ended before this input) */
};

int score_attend_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct score_outcome *o, struct gb_err *err)
{
    (void)ctx;
    (void)ck;
    o->verdict = VERDICT_REVIEW;
    return gb_buf_puts(&o->expected, "attend(Q, K, V) computes attention on hidden inputs", err)
           || gb_buf_puts(&o->message, "the hidden-input test of attend has not been made", err);
}

int score_attend_in_rubric(const struct rubric *r)
{
    for (size_t i = 0; i < r->n_checks; i++)
        if (r->checks[i].kind == CHECK_ATTEND_HIDDEN_INPUT)
            return 1;
    return 0;
}

static int has_shape(const struct attend_matrix *m, int rows, int cols)
{
    return m->rows == rows && m->cols == cols;
}

/* Largest |a - b| of two matrices of the same shape; INFINITY for a NaN. */
static double max_gap(const struct attend_matrix *a, const struct attend_matrix *b)
{
    double gap = 0.0;

    for (int i = 0; i < a->rows * a->cols; i++) {
        double d = fabs(a->v[i] - b->v[i]);
        if (!(d <= gap))
            gap = isnan(d) ? INFINITY : d;
    }
    return gap;
}

/* The first returned value with want's shape, other than skip. */
static const struct attend_matrix *item_shaped(const struct attend_case *c,
                                               const struct attend_matrix *want,
                                               const struct attend_matrix *skip)
{
    for (size_t i = 0; i < c->n_items; i++)
        if (&c->items[i] != skip && has_shape(&c->items[i], want->rows, want->cols))
            return &c->items[i];
    return NULL;
}

/* A returned value of want's shape within ATTEND_TOL of it (a function
 * returning scores, weights and output has two values of the weights' shape). */
static int returned_match(const struct attend_case *c, const struct attend_matrix *want)
{
    for (size_t i = 0; i < c->n_items; i++)
        if (has_shape(&c->items[i], want->rows, want->cols) &&
            max_gap(&c->items[i], want) <= ATTEND_TOL)
            return 1;
    return 0;
}

static enum case_outcome outcome_of(const struct attend_case *c)
{
    const struct attend_matrix *w;

    if (!c->returned)
        return CASE_RAISED;
    w = item_shaped(c, &c->weights, NULL);
    if (!w || !item_shaped(c, &c->out, w))
        return CASE_SHAPE;
    return returned_match(c, &c->weights) && returned_match(c, &c->out) ? CASE_MATCH
                                                                        : CASE_WRONG;
}

/* Two different inputs, the same numbers back: attend computes nothing from them. */
static int same_returns(const struct attend_case *a, const struct attend_case *b)
{
    if (!a->returned || !b->returned || a->n_items != b->n_items || !a->n_items)
        return 0;
    for (size_t i = 0; i < a->n_items; i++) {
        const struct attend_matrix *x = &a->items[i], *y = &b->items[i];
        if (x->rows < 0 || !has_shape(y, x->rows, x->cols) ||
            memcmp(x->v, y->v, sizeof(double) * (size_t)(x->rows * x->cols)))
            return 0;
    }
    return 1;
}

static int ignores_inputs(const struct attend_trial *t)
{
    for (size_t i = 0; i < t->n_cases; i++)
        for (size_t j = i + 1; j < t->n_cases; j++)
            if (same_returns(&t->cases[i], &t->cases[j]))
                return 1;
    return 0;
}

static int say_input(struct gb_buf *b, const struct attend_case *c, struct gb_err *err)
{
    return gb_buf_printf(b, err, "%d quer%s x %d keys (d_k %d, d_v %d)", c->nq,
                         c->nq == 1 ? "y" : "ies", c->nk, c->dk, c->dv);
}

/* What is wrong with a CASE_WRONG input, naming the mistake when it is one
 * the reference knows. */
static int say_wrong(struct gb_buf *b, const struct attend_case *c, struct gb_err *err)
{
    const struct attend_matrix *w = item_shaped(c, &c->weights, NULL);
    const char *why;

    if (returned_match(c, &c->over_queries))
        why = "they are a softmax over the queries (each column sums to 1), not over "
              "each query's keys (each row)";
    else if (returned_match(c, &c->unscaled))
        why = "they are the softmax of scores not divided by sqrt(d_k)";
    else if (returned_match(c, &c->weights))
        why = NULL;
    else
        why = "they are not softmax(Q Kᵀ / sqrt(d_k)) row by row";
    if (gb_buf_puts(b, "on ", err) || say_input(b, c, err))
        return -1;
    if (!why) {
        const struct attend_matrix *o = item_shaped(c, &c->out, NULL);
        return gb_buf_printf(b, err, " the weights are right but the output is off by up to "
                             "%.3g from weights · V", max_gap(o, &c->out));
    }
    return gb_buf_printf(b, err, " the weights are off by up to %.3g: %s", max_gap(w, &c->weights),
                         why);
}

static int say_shapes(struct gb_buf *b, const struct attend_case *c, struct gb_err *err)
{
    if (gb_buf_puts(b, "on ", err) || say_input(b, c, err) ||
        gb_buf_printf(b, err, " attend returned %zu value%s (", c->n_items,
                      c->n_items == 1 ? "" : "s"))
        return -1;
    for (size_t i = 0; i < c->n_items; i++) {
        const struct attend_matrix *m = &c->items[i];
        int rc = m->rows < 0 ? gb_buf_printf(b, err, "%snot a matrix", i ? ", " : "")
                             : gb_buf_printf(b, err, "%s%d x %d", i ? ", " : "", m->rows, m->cols);
        if (rc)
            return -1;
    }
    return gb_buf_printf(b, err, "); the test expects the weights (%d x %d) and the output "
                         "(%d x %d), in either order", c->nq, c->nk, c->nq, c->dv);
}

struct tally {
    size_t n[CASE_RAISED + 1];                       /* inputs per outcome */
    const struct attend_case *first[CASE_RAISED + 1];   /* the first input of each */
    int constant;                                    /* the same returns for two inputs */
};

static void count(const struct attend_trial *t, struct tally *y)
{
    memset(y, 0, sizeof *y);
    for (size_t i = 0; i < t->n_cases; i++) {
        enum case_outcome how = outcome_of(&t->cases[i]);
        if (!y->n[how]++)
            y->first[how] = &t->cases[i];
    }
    y->constant = ignores_inputs(t);
}

/* "4 queries x 4 keys (d_k 4, d_v 3), 3 queries x 6 keys (...), ...": every input. */
static int say_inputs(struct gb_buf *b, const struct attend_trial *t, struct gb_err *err)
{
    for (size_t i = 0; i < t->n_cases; i++)
        if ((i && gb_buf_puts(b, i + 1 == t->n_cases ? " and " : ", ", err)) ||
            say_input(b, &t->cases[i], err))
            return -1;
    return 0;
}

/* The check's verdict and message from the tally (o->found: the counts). */
static int verdict_of(const struct attend_trial *t, const struct tally *y, enum verdict *v,
                      struct gb_buf *msg, struct gb_err *err)
{
    if (y->constant) {
        *v = VERDICT_FAIL;
        return gb_buf_puts(msg, "attend returned the same numbers for two different inputs: it "
                           "computes nothing from Q, K and V, so the weights the run printed "
                           "are not its results", err);
    }
    if (y->n[CASE_WRONG]) {
        *v = VERDICT_FAIL;
        return say_wrong(msg, y->first[CASE_WRONG], err);
    }
    if (y->n[CASE_RAISED] || y->n[CASE_SHAPE]) {
        const struct attend_case *c = y->first[CASE_RAISED];
        *v = VERDICT_REVIEW;
        if (!c)
            return say_shapes(msg, y->first[CASE_SHAPE], err) ||
                   gb_buf_puts(msg, ": a human decides", err);
        return gb_buf_puts(msg, "attend raised on ", err) || say_input(msg, c, err) ||
               gb_buf_printf(msg, err, ": %s. The exercise only ran 4 x 4 inputs, so a human "
                             "decides whether that is a fault", c->error[0] ? c->error
                             : "the run ended before it returned");
    }
    *v = VERDICT_PASS;
    return gb_buf_printf(msg, err, "%s on %zu random inputs drawn for this run (", t->how,
                         t->n_cases) || say_inputs(msg, t, err) ||
           gb_buf_printf(msg, err, "): weights and output within %g of the reference's",
                         ATTEND_TOL);
}

static int set_text(char **field, struct gb_buf *b)
{
    free(*field);
    *field = gb_buf_steal(b);
    return 0;
}

/* One attend_hidden_input check's verdict, points and texts. */
static int judge_check(struct grade_result *result, struct check_result *c,
                       const struct attend_trial *t, const struct tally *y,
                       const char *run_summary, struct gb_err *err)
{
    struct gb_buf msg = GB_BUF_INIT, found = GB_BUF_INIT;
    enum verdict v = VERDICT_REVIEW;
    int rc;

    if (!t->called)
        rc = gb_buf_printf(&msg, err, "no attend(Q, K, V) could be called after the run: %s "
                           "(the run %s). The hidden-input test needs it: a human decides",
                           t->why[0] ? t->why : "the shim left no report",
                           run_summary ? run_summary : "was not made") ||
             gb_buf_puts(&found, "no attend called", err);
    else
        rc = verdict_of(t, y, &v, &msg, err) ||
             gb_buf_printf(&found, err, "%zu of %zu hidden inputs matched", y->n[CASE_MATCH],
                           t->n_cases);
    if (rc) {
        gb_buf_free(&msg);
        gb_buf_free(&found);
        return -1;
    }
    set_text(&c->message, &msg);
    set_text(&c->found, &found);
    result->score -= c->points;
    c->verdict = v;
    c->points = v == VERDICT_PASS ? c->max_points : 0;
    result->score += c->points;
    return 0;
}

/* attend ignores its inputs: the value checks that passed read numbers it did not
 * compute, and typed_output's claim is disproved (score_rerun.c does the same to
 * a replay; failures, so that a check scores its points exactly when it passes). */
static int gate_the_rest(const struct rubric *r, struct grade_result *result, const char *id,
                         struct gb_err *err)
{
    for (size_t i = 0; i < r->n_checks && i < result->n_checks; i++) {
        struct check_result *c = &result->checks[i];
        enum check_kind k = r->checks[i].kind;
        struct gb_buf b = GB_BUF_INIT;
        int typed = k == CHECK_TYPED_OUTPUT, value = k == CHECK_VALUE || k == CHECK_VECTOR ||
                                                     k == CHECK_EACH || k == CHECK_RELATION;

        if (!(typed ? c->verdict != VERDICT_FAIL : value && c->verdict == VERDICT_PASS))
            continue;
        if (gb_buf_printf(&b, err, "%s%sno points: %s showed that attend returns the same "
                          "numbers whatever its inputs, so this run's printed values are not "
                          "its code's results", c->message ? c->message : "",
                          c->message ? ". " : "", id)) {
            gb_buf_free(&b);
            return -1;
        }
        set_text(&c->message, &b);
        result->score -= c->points;
        c->points = 0;
        c->verdict = VERDICT_FAIL;
    }
    return 0;
}

static int summarise(struct grade_result *result, const struct attend_trial *t,
                     const struct tally *y, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    int rc = t->called
        ? gb_buf_printf(&b, err, "two runs: after the second, %s was called on %zu random "
                        "inputs drawn for this run (", t->how, t->n_cases) ||
          say_inputs(&b, t, err) ||
          gb_buf_printf(&b, err, ") and its weights and output compared with the reference's "
                        "softmax(Q Kᵀ / sqrt(d_k)) and weights · V: %zu matched, %zu wrong, "
                        "%zu raised, %zu without the expected shapes%s", y->n[CASE_MATCH],
                        y->n[CASE_WRONG], y->n[CASE_RAISED], y->n[CASE_SHAPE], y->constant ?
                        "; the same numbers came back for two different inputs" : "")
        : gb_buf_printf(&b, err, "two runs: the second was to call attend(Q, K, V) on hidden "
                        "inputs, but %s", t->why[0] ? t->why : "the shim left no report");

    if (rc) {
        gb_buf_free(&b);
        return -1;
    }
    if (result->integrity.summary && result->integrity.runs > 1) {   /* a rerun too: both */
        struct gb_buf both = GB_BUF_INIT;
        rc = gb_buf_printf(&both, err, "%s; %s", result->integrity.summary, b.data);
        gb_buf_free(&b);
        if (rc)
            return -1;
        b = both;
    }
    result->integrity.runs = result->integrity.runs > 1 ? result->integrity.runs + 1 : 2;
    return set_text(&result->integrity.summary, &b);
}

int score_attend_judge(const struct rubric *r, struct grade_result *result,
                       const struct attend_trial *trial, const char *run_summary,
                       struct gb_err *err)
{
    const char *gate = NULL;
    struct tally y;

    count(trial, &y);
    for (size_t i = 0; i < r->n_checks && i < result->n_checks; i++) {
        if (r->checks[i].kind != CHECK_ATTEND_HIDDEN_INPUT)
            continue;
        if (judge_check(result, &result->checks[i], trial, &y, run_summary, err))
            return -1;
        if (trial->called && y.constant)
            gate = r->checks[i].id;
    }
    if (gate && gate_the_rest(r, result, gate, err))
        return -1;
    return summarise(result, trial, &y, err);
}

static void check_result_drop(struct check_result *c)
{
    free(c->id);
    free(c->description);
    free(c->expected);
    free(c->found);
    free(c->where);
    free(c->message);
    free(c->reading);
}

int score_attend_not_made(const struct rubric *r, struct grade_result *result, const char *why,
                          struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    size_t kept = 0;

    for (size_t i = 0; i < result->n_checks; i++) {
        struct check_result *c = &result->checks[i];
        if (i < r->n_checks && r->checks[i].kind == CHECK_ATTEND_HIDDEN_INPUT) {
            result->score -= c->points;
            result->max_score -= c->max_points;
            check_result_drop(c);
        } else {
            result->checks[kept++] = *c;
        }
    }
    result->n_checks = kept;
    if (!why || (result->integrity.summary && result->integrity.runs))
        return 0;    /* not asked for, or the rerun's sentence already says what was made */
    if (gb_buf_printf(&b, err, "one run: the hidden-input test of attend was not made (%s)", why))
        return -1;
    result->integrity.runs = 1;
    return set_text(&result->integrity.summary, &b);
}
