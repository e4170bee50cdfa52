/* attend_test.c — the hidden-input test's inputs, answers and report (attend_test.h). */
#include "check/attend_test.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "nn/attention.h"
#include "score/check_kind.h"

/* The inputs' shapes: queries, keys, key width, value width.  d_k stays 4, the
 * exercise's: the module's own attend divides by sqrt(d) with a global d = 4,
 * and so do a third of the field's hand-ins, correctly for the exercise, so
 * other key widths would fail honest work on a case the exercise never asks
 * about.  The number of keys never equals d_v, so the weights (nq x nk) and
 * the output (nq x dv) are told apart by shape, in whichever order they come
 * back.  The first two share a shape, so a function that returns the same
 * numbers whatever its inputs shows it even when it builds them to shape. */
static const int shapes[ATTEND_CASES][4] = {
    { 4, 4, 4, 3 }, { 4, 4, 4, 3 }, { 3, 6, 4, 5 }, { 6, 3, 4, 2 }, { 2, 5, 4, 6 },
};
_Static_assert(ATTEND_DIM <= ATTENTION_MAX, "the reference computes every hidden input");

int attend_test_wanted(const struct rubric *r, enum rerun_policy policy)
{
    return r->mode == RUBRIC_MODE_RUN && policy != RERUN_OFF && score_attend_in_rubric(r);
}

/* n values uniform in [-2, 2] from the OS: inputs no submission can know. */
static int draw(double *v, int n, struct gb_err *err)
{
    uint32_t raw[ATTEND_DIM * ATTEND_DIM];

    if (getrandom(raw, sizeof raw[0] * (size_t)n, 0) != (ssize_t)(sizeof raw[0] * (size_t)n))
        return gb_fail_errno(err, "cannot draw the hidden inputs for attend");
    for (int i = 0; i < n; i++)
        v[i] = raw[i] / 4294967296.0 * 4.0 - 2.0;
    return 0;
}

/* The reference's attention for c's input, and the two mistakes it names. */
static int answer(struct attend_case *c, struct gb_err *err)
{
    struct attend_matrix *w[] = { &c->weights, &c->over_queries, &c->unscaled };
    double out[ATTEND_DIM * ATTEND_DIM];

    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        w[i]->rows = c->nq;
        w[i]->cols = c->nk;
        if (attention_general(c->q, c->k, c->v, c->nq, c->nk, c->dk, c->dv,
                              i == 2 ? ATTENTION_UNSCALED : ATTENTION_SCALED, i == 1, w[i]->v,
                              i == 0 ? c->out.v : out, err))
            return gb_err_prefix(err, "the reference's attention for a hidden input");
    }
    c->out.rows = c->nq;
    c->out.cols = c->dv;
    return 0;
}

int attend_test_draw(struct attend_trial *t, struct gb_err *err)
{
    memset(t, 0, sizeof *t);
    t->n_cases = ATTEND_CASES;
    for (size_t i = 0; i < ATTEND_CASES; i++) {
        struct attend_case *c = &t->cases[i];
        c->nq = shapes[i][0];
        c->nk = shapes[i][1];
        c->dk = shapes[i][2];
        c->dv = shapes[i][3];
        if (draw(c->q, c->nq * c->dk, err) || draw(c->k, c->nk * c->dk, err) ||
            draw(c->v, c->nk * c->dv, err) || answer(c, err))
            return -1;
    }
    return 0;
}

static int put_row(struct gb_buf *out, const double *v, int n, struct gb_err *err)
{
    for (int i = 0; i < n; i++)
        if (gb_buf_printf(out, err, "%s%.17g", i ? " " : "", v[i]))
            return -1;
    return gb_buf_puts(out, "\n", err);
}

int attend_test_input(const struct attend_trial *t, struct gb_buf *out, struct gb_err *err)
{
    if (gb_buf_printf(out, err, "%zu\n", t->n_cases))
        return -1;
    for (size_t i = 0; i < t->n_cases; i++) {
        const struct attend_case *c = &t->cases[i];
        if (gb_buf_printf(out, err, "%d %d %d %d\n", c->nq, c->nk, c->dk, c->dv) ||
            put_row(out, c->q, c->nq * c->dk, err) || put_row(out, c->k, c->nk * c->dk, err) ||
            put_row(out, c->v, c->nk * c->dv, err))
            return -1;
    }
    return 0;
}

/* ---- the shim's report ---------------------------------------------------- */

/* "item ROWS COLS V..." into m; -1 when the line is not one. */
static int read_item(const char *line, struct attend_matrix *m)
{
    char *end;
    long rows, cols;

    if (strncmp(line, "item ", 5))
        return -1;
    rows = strtol(line + 5, &end, 10);
    cols = strtol(end, &end, 10);
    if (rows == -1 && cols == -1) {
        m->rows = m->cols = -1;
        return *end ? -1 : 0;
    }
    if (rows < 1 || cols < 1 || rows > ATTEND_DIM || cols > ATTEND_DIM)
        return -1;
    m->rows = (int)rows;
    m->cols = (int)cols;
    for (long i = 0; i < rows * cols; i++) {
        const char *at = end;
        m->v[i] = strtod(at, &end);
        if (end == at)
            return -1;
    }
    return *end ? -1 : 0;
}

static void copy_text(char *dst, const char *src)
{
    snprintf(dst, ATTEND_TEXT, "%s", src);
}

/* One line of the report after the token; *open is the case whose items follow. */
static int read_line(struct attend_trial *t, const char *line, struct attend_case **open)
{
    unsigned long i, n;
    int used = 0;

    if (!strncmp(line, "called ", 7)) {
        t->called = 1;
        copy_text(t->how, line + 7);
        return 0;
    }
    if (!strncmp(line, "missing ", 8)) {
        copy_text(t->why, line + 8);
        return 0;
    }
    if (!strncmp(line, "item ", 5)) {
        if (!*open || (*open)->n_items >= ATTEND_ITEMS)
            return -1;
        return read_item(line, &(*open)->items[(*open)->n_items++]);
    }
    if (sscanf(line, "case %lu ok %lu%n", &i, &n, &used) == 2 && !line[used] &&
        i < t->n_cases && n <= ATTEND_ITEMS) {
        *open = &t->cases[i];
        (*open)->returned = 1;
        return 0;
    }
    if (sscanf(line, "case %lu raised %n", &i, &used) == 1 && used && i < t->n_cases) {
        copy_text(t->cases[i].error, line + used);
        *open = NULL;
        return 0;
    }
    return -1;
}

/* The report's lines after the token line, each read by read_line. */
static int read_lines(struct attend_trial *t, char *s)
{
    struct attend_case *open = NULL;
    size_t lineno = 1;

    for (char *line = strtok(s, "\n"); line; line = strtok(NULL, "\n"), lineno++)
        if (read_line(t, line, &open))
            return (int)lineno;
    return 0;
}

int attend_test_read(struct attend_trial *t, const char *text, size_t len, const char *token,
                     struct gb_err *err)
{
    size_t tn = strlen(token);
    char *copy;
    int bad;

    t->called = 0;
    if (!text || !token[0] || len < tn + 1 || memcmp(text, token, tn) || text[tn] != '\n') {
        copy_text(t->why, "the run ended before the script's end was reached (it was stopped, "
                  "or left through os._exit), so attend was never called");
        return 0;
    }
    if (!(copy = strndup(text + tn + 1, len - tn - 1)))
        return gb_fail(err, "out of memory reading the attend test's report");
    bad = read_lines(t, copy);
    free(copy);
    if (bad) {
        t->called = 0;
        snprintf(t->why, ATTEND_TEXT, "the shim's report could not be read (line %d after its "
                 "token): was it written over?", bad);
    }
    return 0;
}
