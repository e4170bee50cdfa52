/* report_text.c — the report a student reads: one line per check (mark,
 * points, what was expected, what was found and where), then why it failed;
 * triage advice on top, the crash tail and unreached checks, the runtime and
 * shims, and a total.  With opts->utf8 == 0 it is plain ASCII throughout. */
#include "report.h"

#include <stdio.h>
#include <string.h>

/* The scorer's texts use a few symbols; ASCII terminals get spellings. */
static const struct { const char *utf8, *ascii; } symbols[] = {
    { "±", "+/-" }, { "≈", "~" }, { "—", "-" }, { "–", "-" }, { "−", "-" },
    { "√", "sqrt" }, { "ᵀ", "T" }, { "×", "x" }, { "→", "->" }, { "≤", "<=" },
    { "≥", ">=" }, { "·", "." }, { "…", "..." },
};

/* Appends student or scorer text, cleaned; in ASCII mode symbols are spelt. */
static int put(struct gb_buf *out, const struct report_options *opts, const char *s,
               struct gb_err *err)
{
    struct gb_buf clean = GB_BUF_INIT;
    int rc;

    if (!s)
        return 0;
    if (opts->utf8)
        return report_append_clean(out, s, err);
    rc = report_append_clean(&clean, s, err);
    for (const char *p = clean.data; !rc && p && *p;) {
        size_t i, n = sizeof symbols / sizeof symbols[0];

        for (i = 0; i < n; i++)
            if (!strncmp(p, symbols[i].utf8, strlen(symbols[i].utf8)))
                break;
        if (i < n) {
            rc = gb_buf_puts(out, symbols[i].ascii, err);
            p += strlen(symbols[i].utf8);
        } else {
            rc = gb_buf_append(out, p++, 1, err);
        }
    }
    gb_buf_free(&clean);
    return rc;
}

static const char *mark(enum verdict v, int utf8)
{
    switch (v) {
    case VERDICT_PASS: return utf8 ? "✓ pass     " : "[pass]     ";
    case VERDICT_FAIL: return utf8 ? "✗ FAIL     " : "[FAIL]     ";
    case VERDICT_MISSING: return utf8 ? "✗ MISSING  " : "[MISSING]  ";
    case VERDICT_UNREACHED: return utf8 ? "✗ UNREACHED" : "[UNREACHED]";
    case VERDICT_REVIEW: return utf8 ? "? REVIEW   " : "[REVIEW]   ";
    case VERDICT_ERROR: return utf8 ? "! ERROR    " : "[ERROR]    ";
    }
    return "?";
}

static int check_line(struct gb_buf *out, const struct report_options *opts,
                      const struct check_result *c, struct gb_err *err)
{
    const char *found = c->found;

    if (!found)
        found = c->verdict == VERDICT_UNREACHED ? "nothing (the run stopped before it)"
                                                : "nothing";
    if (gb_buf_printf(out, err, "%s %5g/%-3g %s", mark(c->verdict, opts->utf8),
                      c->points, c->max_points, c->id ? c->id : "?")
        || (c->description && (gb_buf_puts(out, opts->utf8 ? " — " : " - ", err)
                               || put(out, opts, c->description, err)))
        || (c->expected && (gb_buf_puts(out, "; expected ", err)
                            || put(out, opts, c->expected, err)))
        || gb_buf_puts(out, ", found ", err) || put(out, opts, found, err)
        || (c->where && (gb_buf_puts(out, " (", err) || put(out, opts, c->where, err)
                         || gb_buf_puts(out, ")", err)))
        || (c->reading && (gb_buf_puts(out, " [reading: ", err)
                           || put(out, opts, c->reading, err) || gb_buf_puts(out, "]", err)))
        || gb_buf_puts(out, "\n", err))
        return -1;
    if (c->message && c->verdict != VERDICT_PASS)
        return gb_buf_puts(out, opts->utf8 ? "              ↳ " : "              -> ", err)
               || put(out, opts, c->message, err) || gb_buf_puts(out, "\n", err) ? -1 : 0;
    return 0;
}

static int header(struct gb_buf *out, const struct report_options *opts,
                  const struct grade_result *r, struct gb_err *err)
{
    const struct runtime_info *rt = &r->runtime;

    if (gb_buf_puts(out, "gradebox: ", err) || put(out, opts, r->exercise, err)
        || (r->student && (gb_buf_puts(out, " for ", err) || put(out, opts, r->student, err)))
        || gb_buf_puts(out, "\n", err))
        return -1;
    if (rt->python
        && (gb_buf_puts(out, "runtime: python ", err) || put(out, opts, rt->python, err)
            || gb_buf_puts(out, ", torch ", err)
            || put(out, opts, rt->torch ? rt->torch : "not installed", err)
            || gb_buf_puts(out, ", numpy ", err)
            || put(out, opts, rt->numpy ? rt->numpy : "not installed", err)
            || gb_buf_puts(out, "\n", err)))
        return -1;
    for (size_t i = 0; i < rt->n_shims; i++)
        if (gb_buf_puts(out, "shim: ", err) || put(out, opts, rt->shims[i], err)
            || gb_buf_puts(out, " supplied by gradebox (this torch lacks it)\n", err))
            return -1;
    if (r->ran && r->run_summary
        && (gb_buf_puts(out, "run: ", err) || put(out, opts, r->run_summary, err)
            || gb_buf_printf(out, err, " (%.1f s)\n", r->run.wall_seconds)))
        return -1;
    if (!r->ran && (gb_buf_puts(out, "run: ", err)
                    || put(out, opts, r->run_summary ? r->run_summary : "not run", err)
                    || gb_buf_puts(out, "\n", err)))
        return -1;
    if (r->triage && (gb_buf_puts(out, "\nTRIAGE: ", err) || put(out, opts, r->triage, err)
                      || gb_buf_puts(out, "\n", err)))
        return -1;
    return gb_buf_puts(out, "\n", err);
}

/* On a crash or a limit: the traceback's last lines and what it cost. */
static int stop_section(struct gb_buf *out, const struct report_options *opts,
                        const struct grade_result *r, struct gb_err *err)
{
    size_t unreached = 0;

    for (size_t i = 0; i < r->n_checks; i++)
        unreached += r->checks[i].verdict == VERDICT_UNREACHED;
    if (!r->crash_tail && !unreached)
        return 0;
    if (gb_buf_puts(out, "The run stopped early", err)
        || (r->run_summary && (gb_buf_puts(out, ": ", err) || put(out, opts, r->run_summary, err)))
        || gb_buf_puts(out, ".\n", err))
        return -1;
    if (r->crash_tail) {
        if (gb_buf_puts(out, "last lines it printed to stderr:\n", err))
            return -1;
        for (const char *p = r->crash_tail; *p;) {
            const char *nl = strchr(p, '\n');
            size_t n = nl ? (size_t)(nl - p) : strlen(p);
            char line[512];

            snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
            if (gb_buf_puts(out, "  | ", err) || put(out, opts, line, err)
                || gb_buf_puts(out, "\n", err))
                return -1;
            p += n + (nl != NULL);
        }
    }
    if (unreached) {
        if (gb_buf_printf(out, err, "%zu check%s could not be reached because of it:",
                          unreached, unreached == 1 ? "" : "s"))
            return -1;
        for (size_t i = 0; i < r->n_checks; i++)
            if (r->checks[i].verdict == VERDICT_UNREACHED
                && (gb_buf_puts(out, " ", err) || put(out, opts, r->checks[i].id, err)))
                return -1;
        if (gb_buf_puts(out, "\n", err))
            return -1;
    }
    return gb_buf_puts(out, "\n", err);
}

static int total_line(struct gb_buf *out, const struct grade_result *r, struct gb_err *err)
{
    size_t passed = 0;

    for (size_t i = 0; i < r->n_checks; i++)
        passed += r->checks[i].verdict == VERDICT_PASS;
    if (gb_buf_printf(out, err, "\ntotal: %g/%g points; %zu of %zu checks passed",
                      r->score, r->max_score, passed, r->n_checks))
        return -1;
    switch (report_status(r)) {
    case REPORT_PASSED: return gb_buf_puts(out, " - full marks\n", err);
    case REPORT_REVIEW: return gb_buf_puts(out, "; the rest wait for a human reviewer\n", err);
    case REPORT_ERROR:
        return gb_buf_puts(out, "; a rubric or reference fault (marked ERROR) is not "
                                "your fault - tell your instructor\n", err);
    case REPORT_FAILED: break;
    }
    return gb_buf_puts(out, "\n", err);
}

int report_text(const struct grade_result *r, const struct report_options *opts,
                struct gb_buf *out, struct gb_err *err)
{
    /* Why the run stopped comes first: the unreached checks below refer to it. */
    if (header(out, opts, r, err) || stop_section(out, opts, r, err))
        return -1;
    for (size_t i = 0; i < r->n_checks; i++)
        if (check_line(out, opts, &r->checks[i], err))
            return -1;
    if (total_line(out, r, err))
        return gb_err_prefix(err, "writing the text report");
    return 0;
}
