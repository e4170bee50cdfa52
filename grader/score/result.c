/* result.c — owns the memory of a graded result (see result.h): deep copies of
 * check results on the way in, and one place that frees everything. */
#include "score/result.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"

static const char *const verdict_names[] = {
    [VERDICT_PASS] = "pass",
    [VERDICT_FAIL] = "fail",
    [VERDICT_MISSING] = "missing",
    [VERDICT_UNREACHED] = "unreached",
    [VERDICT_REVIEW] = "review",
    [VERDICT_ERROR] = "error",
};

const char *verdict_name(enum verdict v)
{
    if ((unsigned)v >= sizeof verdict_names / sizeof verdict_names[0])
        return "unknown";
    return verdict_names[v];
}

/* strdup that treats NULL as "no text" rather than an error. */
static int dup_opt(char **dst, const char *src)
{
    *dst = NULL;
    if (!src)
        return 0;
    *dst = strdup(src);
    return *dst ? 0 : -1;
}

static void check_result_clear(struct check_result *c)
{
    free(c->id);
    free(c->description);
    free(c->expected);
    free(c->found);
    free(c->where);
    free(c->message);
    free(c->reading);
    memset(c, 0, sizeof *c);
}

int result_add_check(struct grade_result *r, const struct check_result *c,
                     struct gb_err *err)
{
    struct check_result *grown, copy;

    memset(&copy, 0, sizeof copy);
    copy.verdict = c->verdict;
    copy.points = c->points;
    copy.max_points = c->max_points;
    copy.deviation = c->deviation;
    if (dup_opt(&copy.id, c->id) || dup_opt(&copy.description, c->description) ||
        dup_opt(&copy.expected, c->expected) || dup_opt(&copy.found, c->found) ||
        dup_opt(&copy.where, c->where) || dup_opt(&copy.message, c->message) ||
        dup_opt(&copy.reading, c->reading)) {
        check_result_clear(&copy);
        return gb_fail(err, "out of memory recording check '%s'", c->id ? c->id : "?");
    }
    grown = realloc(r->checks, (r->n_checks + 1) * sizeof *grown);
    if (!grown) {
        check_result_clear(&copy);
        return gb_fail(err, "out of memory recording check '%s'", c->id ? c->id : "?");
    }
    r->checks = grown;
    r->checks[r->n_checks++] = copy;
    return 0;
}

static void runtime_info_free(struct runtime_info *rt)
{
    free(rt->python);
    free(rt->torch);
    free(rt->numpy);
    for (size_t i = 0; i < rt->n_shims; i++)
        free(rt->shims[i]);
    free(rt->shims);
}

/* Frees the streams of the owned run copy without depending on the sandbox
 * module, so a result can be freed in builds that never ran anything. */
static void run_copy_free(struct sandbox_result *run)
{
    free(run->out.data);
    free(run->err.data);
}

void result_free(struct grade_result *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->n_checks; i++)
        check_result_clear(&r->checks[i]);
    free(r->checks);
    free(r->result_id);
    free(r->result_key);
    free(r->student);
    free(r->assignment);
    free(r->exercise);
    free(r->submission_sha256);
    free(r->graded_at);
    runtime_info_free(&r->runtime);
    run_copy_free(&r->run);
    free(r->run_summary);
    free(r->triage);
    free(r->crash_tail);
    free(r->integrity.summary);
    memset(r, 0, sizeof *r);
}

int result_check_demote(struct grade_result *r, struct check_result *c, enum verdict v,
                        const char *why, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;

    if (gb_buf_printf(&b, err, "%s%s%s", c->message ? c->message : "", c->message ? ". " : "",
                      why)) {
        gb_buf_free(&b);
        return -1;
    }
    free(c->message);
    c->message = gb_buf_steal(&b);
    r->score -= c->points;
    c->points = 0;
    c->verdict = v;
    return 0;
}
