/* score_relation.c — checks on a relation between several printed numbers:
 * "train - test" above 0.3, "t50 / t20" in a band, "lstm / rnn" about 2.
 *
 * Each named operand is located like a value check; the expression
 * (rubric_expr.h) is evaluated over the located numbers. */
#include "score/score_relation.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "extract/extract.h"
#include "extract/extract_align.h"
#include "extract/numparse.h"
#include "score/rubric_expr.h"
#include "score/score_value.h"

/* An operand that names the reference number it reads is recognised
 * within this of it (seeded floats land within about 1% of the module's). */
#define OPERAND_REL_TOL 0.02

/* Where an operand was read: its line, the number's first byte there, and
 * the line's text (a table rewritten from one printed line puts every row on
 * that output line: the row's text tells two rows apart). */
struct operand_at {
    size_t line, start;
    char *text;
};

static int locate_operands(const struct score_ctx *ctx, const struct rubric_check *ck,
                           double *vals, struct operand_at *at, struct score_outcome *o,
                           int *all_found, int *disputed, struct gb_err *err)
{
    *all_found = 1;
    *disputed = 0;
    for (size_t i = 0; i < ck->n_operands; i++) {
        struct extract_result res = EXTRACT_RESULT_INIT;
        struct gb_buf note = GB_BUF_INIT;
        int look_alike;
        if (score_locate_near(ctx, ck->operands[i].locate, ck->operands[i].reads,
                              OPERAND_REL_TOL, &res, &note, &look_alike, err)) {
            gb_buf_free(&note);
            return gb_err_prefix(err, "values.%s", ck->operands[i].name);
        }
        if (!res.n_hits && ck->operands[i].or_locate) {   /* by position, no label found */
            struct extract_result by_pos = EXTRACT_RESULT_INIT;
            if (score_locate_near(ctx, ck->operands[i].or_locate, ck->operands[i].reads,
                                  OPERAND_REL_TOL, &by_pos, &note, &look_alike, err)) {
                gb_buf_free(&note);
                extract_result_free(&res);
                return gb_err_prefix(err, "values.%s", ck->operands[i].name);
            }
            if (by_pos.n_hits) {
                extract_result_free(&res);
                res = by_pos;
            } else {
                extract_result_free(&by_pos);
            }
        }
        if (note.len && gb_buf_printf(&o->message, err, "%s%s: %s", o->message.len ? "; " : "",
                                      ck->operands[i].name, note.data)) {
            gb_buf_free(&note);
            extract_result_free(&res);
            return -1;
        }
        gb_buf_free(&note);
        *disputed |= look_alike;
        if (!res.n_hits) {
            *all_found = 0;
            if (gb_buf_printf(&o->message, err, "%s%s: %s", o->message.len ? "; " : "",
                              ck->operands[i].name, res.explain ? res.explain : "not found")) {
                extract_result_free(&res);
                return -1;
            }
        } else {
            const struct numparse_num *n = &res.hits[0].num;
            /* Operands are compared as quantities: 51.0% is 0.51 (so a gap of
             * 51.0% - 49.5% is 0.015, not 1.5), and "950 ms" next to "2.1 s"
             * is 0.95 seconds; "3356/4000" is the rate 0.839. */
            if (numparse_seconds(n, &vals[i]) < 0)
                vals[i] = numparse_quotient(n);
            at[i].line = res.hits[0].line;
            at[i].start = n->start;
            if (res.hits[0].line_text && !(at[i].text = strdup(res.hits[0].line_text))) {
                extract_result_free(&res);
                return gb_fail(err, "out of memory");
            }
            if (gb_buf_printf(&o->found, err, "%s%s %s%s%s", i ? ", " : "", ck->operands[i].name,
                              res.hits[0].text, n->unit[0] ? " " : "", n->unit) ||
                gb_buf_printf(&o->where, err, "%sline %zu", i ? ", " : "output ",
                              res.hits[0].line)) {
                extract_result_free(&res);
                return -1;
            }
        }
        extract_result_free(&res);
    }
    return 0;
}

/* Two operands are two quantities the student printed: when two of them
 * were read from the same number of the same line (a lone "took 0.12 s"
 * read as both step 1 and step 50), the reading is no evidence of the
 * relation, whatever it comes to.  Returns 1 (and says so) when that
 * happened, 0 when not, -1 out of memory. */
static int shared_operand(const struct rubric_check *ck, const struct operand_at *at,
                          struct score_outcome *o, struct gb_err *err)
{
    for (size_t i = 0; i < ck->n_operands; i++)
        for (size_t j = i + 1; j < ck->n_operands; j++)
            if (at[i].line == at[j].line && at[i].start == at[j].start &&
                (!at[i].text || !at[j].text || !strcmp(at[i].text, at[j].text)))
                return gb_buf_printf(&o->message, err, "%s and %s were both read from the same "
                                     "number on line %zu; they must be two printed numbers",
                                     ck->operands[i].name, ck->operands[j].name,
                                     at[i].line) ? -1 : 1;
    return 0;
}

int score_relation_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                         struct score_outcome *o, struct gb_err *err)
{
    double *vals = calloc(ck->n_operands, sizeof *vals), v;
    struct operand_at *at = calloc(ck->n_operands, sizeof *at);
    char num[40];
    int all_found, disputed, pass, shared = 0, rc = -1;

    if (!vals || !at) {
        free(vals);
        free(at);
        return gb_fail(err, "out of memory");
    }
    if (gb_buf_printf(&o->expected, err, "%s: ", ck->expr) ||
        score_target(ctx, &ck->target, 0, NULL, &pass, NULL, &o->expected, err) ||
        locate_operands(ctx, ck, vals, at, o, &all_found, &disputed, err))
        goto out;
    if (all_found && (shared = shared_operand(ck, at, o, err)) < 0)
        goto out;
    if (!all_found || shared) {
        o->verdict = VERDICT_MISSING;
        rc = 0;
        goto out;
    }
    if (rubric_expr_eval(ck, vals, &v, err) ||
        score_target(ctx, &ck->target, v, NULL, &pass, &o->deviation, NULL, err))
        goto out;
    score_format_number(v, num, sizeof num);
    if (gb_buf_printf(&o->found, err, " → %s = %s", ck->expr, num))
        goto out;
    o->verdict = score_verdict(pass);
    /* an operand two lines print differently: a failing relation is a
     * reviewer's (the note says which lines), never a pass by the value */
    if (disputed && o->verdict == VERDICT_FAIL)
        o->verdict = VERDICT_REVIEW;
    rc = pass == 1 ? 0 : gb_buf_printf(&o->message, err, "%s%s comes to %s; expected %s%s",
                                       o->message.len ? "; " : "", ck->expr, num,
                                       o->expected.data + strlen(ck->expr) + 2,
                                       pass == SCORE_REVIEW ? ". Wall-clock and other machine-"
                                       "dependent numbers vary: needs human review" : "");
out:
    for (size_t i = 0; i < ck->n_operands; i++)
        free(at[i].text);
    free(vals);
    free(at);
    return rc;
}
