/* batch_feedback.c — per-check feedback from the result documents (see batch_feedback.h). */
#include "batch/batch_feedback.h"

#include <cjson/cJSON.h>
#include <string.h>

#include "batch/batch_late.h"

static const char *text_of(const cJSON *o, const char *key)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));

    return s && s[0] ? s : NULL;
}

static double number_of(const cJSON *o, const char *key)
{
    return cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

/* "- qk_rude_self (0/1, fail): rude printed 0.948; expected ..." */
static int one_check(const cJSON *c, struct gb_buf *out, struct gb_err *err)
{
    const char *why = text_of(c, "message");

    if (!why)
        why = text_of(c, "description");
    return gb_buf_printf(out, err, "- %s (%g/%g, %s)%s%s\n",
                         text_of(c, "id") ? text_of(c, "id") : "?", number_of(c, "points"),
                         number_of(c, "max_points"),
                         text_of(c, "verdict") ? text_of(c, "verdict") : "?", why ? ": " : "",
                         why ? why : "");
}

static int one_result(const struct batch_row *r, struct gb_buf *out, struct gb_err *err)
{
    cJSON *doc = cJSON_Parse(r->json);
    const cJSON *c, *checks = cJSON_GetObjectItemCaseSensitive(doc, "checks");
    size_t passed = 0;
    int rc;

    if (!doc)
        return gb_buf_printf(out, err, "%s: %g/%g (%s)\n", r->exercise, r->score, r->max_score,
                             r->status);
    rc = gb_buf_printf(out, err, "%s: %g/%g (%s)\n", r->exercise, r->score, r->max_score,
                       r->status);
    c = cJSON_GetObjectItemCaseSensitive(doc, "override");
    if (rc == 0 && c)
        rc = gb_buf_printf(out, err, "- overridden to %g/%g by %s%s%s\n", number_of(c, "points"),
                           r->max_score, text_of(c, "by") ? text_of(c, "by") : "?",
                           text_of(c, "note") ? ": " : "", text_of(c, "note") ? text_of(c, "note")
                           : "");
    cJSON_ArrayForEach(c, checks) {
        const char *v = text_of(c, "verdict");

        /* a pass a human decided is listed: the student sees the reviewer's word */
        if (rc == 0 && v && !strcmp(v, "pass") && !text_of(c, "decided_by"))
            passed++;
        else if (rc == 0)
            rc = one_check(c, out, err);
    }
    if (rc == 0 && passed)
        rc = gb_buf_printf(out, err, "- %zu other check%s passed\n", passed,
                           passed == 1 ? "" : "s");
    cJSON_Delete(doc);
    return rc;
}

int batch_feedback_text(const struct batch_book *b, const char *student, struct gb_buf *out,
                        struct gb_err *err)
{
    struct batch_late late;

    if (batch_late_of(b, student, &late) && late.days > 0 &&
        gb_buf_printf(out, err, "late: handed in %d day%s after the deadline: %g%% off the "
                      "total\n", late.days, late.days == 1 ? "" : "s", late.percent))
        return -1;
    for (size_t i = 0; i < b->n_rows; i++) {
        const struct batch_row *r = &b->rows[i];
        int rc;

        if (strcmp(r->student, student) || !r->status)
            continue;
        if (!strcmp(r->status, "error"))
            rc = gb_buf_printf(out, err, "%s: not graded (%s)\n", r->exercise,
                               r->error ? r->error : "a fault of the grader's, not yours");
        else
            rc = one_result(r, out, err);
        if (rc)
            return -1;
    }
    return 0;
}

int batch_feedback_overrides(const struct batch_book *b, const char *student,
                             struct gb_buf *out, struct gb_err *err)
{
    int rc = 0;

    for (size_t i = 0; rc == 0 && i < b->n_rows; i++) {
        const struct batch_row *r = &b->rows[i];
        cJSON *doc = strcmp(r->student, student) || !r->json ? NULL : cJSON_Parse(r->json);
        const cJSON *o = cJSON_GetObjectItemCaseSensitive(doc, "override");

        if (o)
            rc = gb_buf_printf(out, err, "%s%s overridden to %g/%g by %s%s%s",
                               out->len ? "; " : "", r->exercise, number_of(o, "points"),
                               r->max_score, text_of(o, "by") ? text_of(o, "by") : "?",
                               text_of(o, "note") ? ": " : "",
                               text_of(o, "note") ? text_of(o, "note") : "");
        cJSON_Delete(doc);
    }
    return rc;
}
