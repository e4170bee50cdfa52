/* comment.c — a result's per-check summary for an LMS comment (see comment.h). */
#include "deliver/comment.h"

#include <stdio.h>
#include <string.h>

#define TAIL_MAX 120              /* room kept for the closing line */

/* s with line breaks as spaces, at most n bytes, cut on a UTF-8 boundary. */
static int put_flat(struct gb_buf *b, const char *s, size_t n, struct gb_err *err)
{
    size_t len = strlen(s);

    if (len > n) {
        while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
            n--;
        len = n;
    }
    for (size_t i = 0; i < len; i++)
        if (gb_buf_append(b, s[i] == '\n' || s[i] == '\r' || s[i] == '\t' ? " " : &s[i], 1,
                          err))
            return -1;
    return len < strlen(s) ? gb_buf_puts(b, "…", err) : 0;
}

/* One check that did not pass: id, points, verdict, then why. */
static int check_line(const struct check_result *c, struct gb_buf *line, struct gb_err *err)
{
    const char *why = c->message;
    char head[COMMENT_LINE_MAX];
    int n;

    line->len = 0;
    n = snprintf(head, sizeof head, "- %s (%g/%g, %s): ", c->id, c->points, c->max_points,
                 verdict_name(c->verdict));
    if (n < 0 || gb_buf_append(line, head, strlen(head), err))
        return -1;
    if (why && *why)
        return put_flat(line, why, COMMENT_LINE_MAX - line->len, err);
    if (gb_buf_printf(line, err, "expected %s, found ", c->expected ? c->expected : "?"))
        return -1;
    return put_flat(line, c->found ? c->found : "nothing", COMMENT_LINE_MAX - line->len, err);
}

static int header(const struct result_doc *d, size_t failing, struct gb_buf *out,
                  struct gb_err *err)
{
    const struct grade_result *r = &d->r;

    if (gb_buf_printf(out, err, "%s (%s)\nscore: %g/%g points\n", r->exercise,
                      report_status_name(d->status), r->score, r->max_score))
        return -1;
    if (d->overridden) {
        const cJSON *o = cJSON_GetObjectItemCaseSensitive(d->root, "override");
        const char *note = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "note"));

        if (gb_buf_printf(out, err, "overridden: %g/%g points by %s%s", cJSON_GetNumberValue(
                              cJSON_GetObjectItemCaseSensitive(o, "points")), r->max_score,
                          cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "by")),
                          note && note[0] ? ": " : "") ||
            (note && note[0] && put_flat(out, note, COMMENT_LINE_MAX, err)) ||
            gb_buf_puts(out, "\n", err))
            return -1;
    }
    if (d->late_percent > 0 &&
        gb_buf_printf(out, err, "late: handed in %d day%s after the deadline: %g%% off, "
                      "%g/%g points\n", d->late_days, d->late_days == 1 ? "" : "s",
                      d->late_percent, d->delivered, r->max_score))
        return -1;
    return failing ? gb_buf_printf(out, err, "not passed (%zu of %zu checks):\n", failing,
                                   r->n_checks) : 0;
}

int comment_summary(const struct result_doc *d, size_t max, struct gb_buf *out,
                    struct gb_err *err)
{
    const struct grade_result *r = &d->r;
    struct gb_buf line = GB_BUF_INIT;
    size_t failing = 0, shown = 0;
    int rc = 0;

    for (size_t i = 0; i < r->n_checks; i++)
        failing += r->checks[i].verdict != VERDICT_PASS;
    if (header(d, failing, out, err))
        return -1;
    for (size_t i = 0; rc == 0 && i < r->n_checks; i++) {
        if (r->checks[i].verdict == VERDICT_PASS)
            continue;
        rc = check_line(&r->checks[i], &line, err);
        if (rc == 0 && out->len + line.len + 1 + TAIL_MAX > max)
            break;
        rc = rc || gb_buf_append(out, line.data, line.len, err) || gb_buf_puts(out, "\n", err)
             ? -1 : 0;
        shown++;
    }
    gb_buf_free(&line);
    if (rc == 0 && shown < failing)
        rc = gb_buf_printf(out, err, "… and %zu more not passed (the full report has them)\n",
                           failing - shown);
    if (rc == 0)
        rc = gb_buf_printf(out, err, "passed: %zu check%s\n", r->n_checks - failing,
                           r->n_checks - failing == 1 ? "" : "s");
    return rc;
}
