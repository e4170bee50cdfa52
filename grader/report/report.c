/* report.c — what every report format shares: the overall status and making
 * student-controlled text safe to print.  The renderers call it; it calls
 * none of them (their dispatch is report_render.c). */
#include "report/report.h"

#include <stdlib.h>
#include <string.h>

enum report_status report_status(const struct grade_result *r)
{
    int failed = 0, review = 0;

    for (size_t i = 0; i < r->n_checks; i++) {
        switch (r->checks[i].verdict) {
        case VERDICT_PASS:
            break;
        case VERDICT_REVIEW:
            review = 1;
            break;
        case VERDICT_ERROR:
            return REPORT_ERROR;
        default:
            failed = 1;
        }
    }
    if (failed || r->n_checks == 0)
        return REPORT_FAILED;
    return review ? REPORT_REVIEW : REPORT_PASSED;
}

const char *report_status_name(enum report_status status)
{
    switch (status) {
    case REPORT_PASSED: return "passed";
    case REPORT_REVIEW: return "needs_review";
    case REPORT_FAILED: return "failed";
    case REPORT_ERROR: return "error";
    }
    return "error";
}

size_t report_utf8_sequence(const unsigned char *s)
{
    size_t n;
    unsigned cp;

    if (s[0] < 0x80)
        return 1;
    if (s[0] >= 0xc2 && s[0] <= 0xdf) { n = 2; cp = s[0] & 0x1f; }
    else if (s[0] >= 0xe0 && s[0] <= 0xef) { n = 3; cp = s[0] & 0x0f; }
    else if (s[0] >= 0xf0 && s[0] <= 0xf4) { n = 4; cp = s[0] & 0x07; }
    else return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff))
        || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    if (cp >= 0x80 && cp <= 0x9f)    /* C1 controls: terminal escapes too */
        return 0;
    return n;
}

int report_append_clean(struct gb_buf *out, const char *s, struct gb_err *err)
{
    const unsigned char *p = (const unsigned char *)s;

    if (!s)
        return 0;
    while (*p) {
        size_t n = report_utf8_sequence(p);
        int rc;

        if (n == 0) {
            rc = gb_buf_puts(out, "\xef\xbf\xbd", err);
            n = 1;
        } else if (n == 1 && ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7f)) {
            rc = gb_buf_puts(out, "?", err);
        } else {
            rc = gb_buf_append(out, p, n, err);
        }
        if (rc)
            return -1;
        p += n;
    }
    return 0;
}

char *report_clean_dup(const char *s, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;

    if (!s)
        return NULL;
    if (report_append_clean(&b, s, err) || gb_buf_append(&b, "", 0, err)) {
        gb_buf_free(&b);
        return NULL;
    }
    return gb_buf_steal(&b);
}
