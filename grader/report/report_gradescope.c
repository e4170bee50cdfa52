/* report_gradescope.c — Gradescope's results.json (autograder specification):
 * { score, execution_time (s), output, tests: [ { name, number, score,
 * max_score, status "passed"|"failed", output } ] }.  One test per rubric
 * check, in rubric order; "output" carries the same texts the text report
 * shows (the verdict, then expected / found / where / why a line each), so a
 * student reads the same explanation in either place. */
#include "report/report.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "report/report_output.h"

static int add_clean(cJSON *obj, const char *key, const char *s)
{
    char *clean = report_clean_dup(s ? s : "", NULL);
    cJSON *item = clean ? cJSON_AddStringToObject(obj, key, clean) : NULL;

    free(clean);
    return item ? 0 : -1;
}

/* The output lines c cites, as the overall output shows them: "\n> 27 | text". */
static int cited_lines(const struct check_result *c, const struct report_output *v,
                       struct gb_buf *b, struct gb_err *err)
{
    size_t lines[REPORT_OUTPUT_CITES], n = report_output_cites(c, lines, REPORT_OUTPUT_CITES);

    for (size_t k = 0; k < n; k++)
        for (size_t i = 0; i < v->n_lines; i++)
            if (v->lines[i].n == lines[k]
                && (gb_buf_printf(b, err, "\n>%6zu | ", lines[k])
                    || report_output_line_text(&v->lines[i], b, err)))
                return -1;
    return 0;
}

/* One check's explanation, a line per item as the text report has them:
 * "found X (where)" for a pass; expected, found, where and why otherwise. */
static int test_output(const struct check_result *c, const struct report_output *v,
                       struct gb_buf *b, struct gb_err *err)
{
    const char *found = c->found ? c->found : "nothing";

    if (c->verdict == VERDICT_PASS)
        return gb_buf_printf(b, err, "passed: found %s%s%s%s%s%s", found, c->where ? " (" : "",
                             c->where ? c->where : "", c->where ? ")" : "",
                             c->reading ? "\nreading: " : "", c->reading ? c->reading : "")
               || cited_lines(c, v, b, err) ? -1 : 0;
    if (gb_buf_printf(b, err, "%s", verdict_name(c->verdict))
        || (c->expected && gb_buf_printf(b, err, "\nexpected: %s", c->expected))
        || gb_buf_printf(b, err, "\nfound:    %s", found)
        || (c->where && gb_buf_printf(b, err, "\nwhere:    %s", c->where))
        || (c->message && gb_buf_printf(b, err, "\nwhy:      %s", c->message))
        || (c->reading && gb_buf_printf(b, err, "\nreading:  %s", c->reading)))
        return -1;
    return cited_lines(c, v, b, err);
}

static cJSON *test_object(const struct check_result *c, const struct report_output *v,
                          size_t number)
{
    struct gb_buf name = GB_BUF_INIT, text = GB_BUF_INIT;
    cJSON *t = cJSON_CreateObject();
    char num[32];
    int rc = !t;

    snprintf(num, sizeof num, "%zu", number);
    rc = rc || gb_buf_printf(&name, NULL, "%s%s%s", c->id ? c->id : "?",
                             c->description ? ": " : "", c->description ? c->description : "")
         || test_output(c, v, &text, NULL);
    rc = rc || add_clean(t, "name", name.data) || add_clean(t, "number", num)
         || !cJSON_AddNumberToObject(t, "score", c->points)
         || !cJSON_AddNumberToObject(t, "max_score", c->max_points)
         || add_clean(t, "status", c->verdict == VERDICT_PASS ? "passed" : "failed")
         || add_clean(t, "output", text.data);
    gb_buf_free(&name);
    gb_buf_free(&text);
    if (rc) {
        cJSON_Delete(t);
        return NULL;
    }
    return t;
}

/* The submission-wide output: runtime, shims, how the run ended, triage, crash. */
static int overall_output(const struct grade_result *r, const struct report_output *v,
                          struct gb_buf *b, struct gb_err *err)
{
    const struct runtime_info *rt = &r->runtime;

    if (gb_buf_printf(b, err, "runtime: python %s, torch %s, numpy %s\n",
                      rt->python ? rt->python : "unknown",
                      rt->torch ? rt->torch : "not installed",
                      rt->numpy ? rt->numpy : "not installed"))
        return -1;
    for (size_t i = 0; i < rt->n_shims; i++)
        if (gb_buf_printf(b, err, "shim: %s supplied by gradebox\n", rt->shims[i]))
            return -1;
    if (r->ran && r->run_summary && gb_buf_printf(b, err, "run: %s\n", r->run_summary))
        return -1;
    if (r->triage && gb_buf_printf(b, err, "triage: %s\n", r->triage))
        return -1;
    if (r->crash_tail && gb_buf_printf(b, err, "last lines on stderr:\n%s\n", r->crash_tail))
        return -1;
    if (v->lines)                     /* a view was made: something ran or was recorded */
        return gb_buf_puts(b, "\nThe program's output: ", err) || report_output_note(v, b, err)
               || gb_buf_puts(b, "\n", err) || report_output_block(v, b, err) ? -1 : 0;
    return 0;
}

int report_gradescope(const struct grade_result *r, struct gb_buf *out, struct gb_err *err)
{
    struct gb_buf text = GB_BUF_INIT;
    struct report_output v;
    cJSON *doc = cJSON_CreateObject(), *tests = NULL;
    char *json = NULL;
    int rc = report_output_view(r, &v, err) < 0 || !doc || overall_output(r, &v, &text, err);

    rc = rc || !cJSON_AddNumberToObject(doc, "score", r->score)
         || !cJSON_AddNumberToObject(doc, "execution_time",
                                     r->ran ? ceil(r->run.wall_seconds) : 0)
         || add_clean(doc, "output", text.data)
         || !(tests = cJSON_AddArrayToObject(doc, "tests"));
    for (size_t i = 0; !rc && i < r->n_checks; i++) {
        cJSON *t = test_object(&r->checks[i], &v, i + 1);

        rc = !t || !cJSON_AddItemToArray(tests, t);
    }
    if (!rc && !(json = cJSON_Print(doc)))
        rc = gb_fail(err, "out of memory writing the Gradescope report");
    if (!rc)
        rc = gb_buf_puts(out, json, err) || gb_buf_puts(out, "\n", err);
    free(json);
    cJSON_Delete(doc);
    gb_buf_free(&text);
    report_output_free(&v);
    return rc ? -1 : 0;
}
