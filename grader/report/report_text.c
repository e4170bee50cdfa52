/* report_text.c — the report a student reads, often late at night: the score
 * and what needs work first, the triage advice, why the run stopped, then one
 * line per passed check and, for every other check, what was expected, what
 * was found, where, and why — each on a line of its own, wrapped to fit a
 * terminal.  With opts->utf8 == 0 it is plain ASCII throughout. */
#include "report/report.h"

#include <stdio.h>

#include "report/report_output.h"
#include <string.h>

#define WIDTH  80                          /* wrap column: a default terminal */
#define LABEL  "                      "     /* a check's title column, and its details' */
#define DETAIL LABEL "          "           /* where a detail's wrapped text goes on */

/* The scorer's texts use a few symbols; ASCII terminals get spellings. */
static const struct { const char *utf8, *ascii; } symbols[] = {
    { "±", "+/-" }, { "≈", "~" }, { "—", "-" }, { "–", "-" }, { "−", "-" },
    { "√", "sqrt" }, { "ᵀ", "T" }, { "×", "x" }, { "→", "->" }, { "≤", "<=" },
    { "≥", ">=" }, { "·", "." }, { "…", "..." }, { "’", "'" }, { "↳", "->" },
};

/* s cleaned (valid UTF-8, no control characters) and, in ASCII mode, with
 * the symbols spelt out. */
static int clean_text(struct gb_buf *out, const struct report_options *opts, const char *s,
                      struct gb_err *err)
{
    struct gb_buf clean = GB_BUF_INIT;
    int rc;

    if (opts->utf8)
        return report_append_clean(out, s, err) || gb_buf_append(out, "", 0, err) ? -1 : 0;
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
    return rc || gb_buf_append(out, "", 0, err) ? -1 : 0;
}

/* Appends student or scorer text, cleaned, unwrapped. */
static int put(struct gb_buf *out, const struct report_options *opts, const char *s,
               struct gb_err *err)
{
    return s ? clean_text(out, opts, s, err) : 0;
}

/* Columns taken by n bytes of UTF-8 (one per code point). */
static size_t columns(const char *s, size_t n)
{
    size_t cols = 0;

    for (size_t i = 0; i < n; i++)
        cols += ((unsigned char)s[i] & 0xc0) != 0x80;
    return cols;
}

/* Appends s cleaned and word-wrapped: the first line continues from column
 * `col`; later lines start with `indent`.  A newline in s starts a new line.
 * Ends with a newline. */
static int put_wrapped(struct gb_buf *out, const struct report_options *opts, const char *s,
                       size_t col, const char *indent, struct gb_err *err)
{
    struct gb_buf clean = GB_BUF_INIT;
    int rc = clean_text(&clean, opts, s ? s : "", err), fresh = 1;

    for (const char *p = clean.data; rc == 0 && p && *p;) {
        size_t word = strcspn(p, " \n"), w = columns(p, word);

        if (word && !fresh && col + 1 + w > WIDTH) {
            rc = gb_buf_printf(out, err, "\n%s", indent);
            col = strlen(indent);
            fresh = 1;
        }
        if (rc == 0 && word && !fresh) {
            rc = gb_buf_puts(out, " ", err);
            col++;
        }
        if (rc == 0 && word) {
            rc = gb_buf_append(out, p, word, err);
            col += w;
            fresh = 0;
        }
        p += word;
        while (*p == ' ')
            p++;
        if (*p == '\n') {
            while (*p == '\n' || *p == ' ')
                p++;
            if (*p && rc == 0) {
                rc = gb_buf_printf(out, err, "\n%s", indent);
                col = strlen(indent);
                fresh = 1;
            }
        }
    }
    gb_buf_free(&clean);
    return rc || gb_buf_puts(out, "\n", err) ? -1 : 0;
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

/* "expected  0.711 ± 0.01" under a check: a label, then wrapped text. */
static int detail(struct gb_buf *out, const struct report_options *opts, const char *label,
                  const char *text, struct gb_err *err)
{
    if (!text)
        return 0;
    return gb_buf_printf(out, err, LABEL "%-10s", label)
           || put_wrapped(out, opts, text, strlen(LABEL) + 10, DETAIL, err) ? -1 : 0;
}

/* A passed check is one line: what it means and what was read where. */
static int check_block(struct gb_buf *out, const struct report_options *opts,
                       const struct check_result *c, struct gb_err *err)
{
    struct gb_buf title = GB_BUF_INIT;
    int rc = gb_buf_printf(&title, err, "%s%s%s", c->id ? c->id : "?",
                           c->description ? (opts->utf8 ? " — " : " - ") : "",
                           c->description ? c->description : "");

    if (rc == 0 && c->verdict == VERDICT_PASS && c->found)
        rc = gb_buf_printf(&title, err, ": found %s%s%s%s", c->found, c->where ? " (" : "",
                           c->where ? c->where : "", c->where ? ")" : "");
    if (rc == 0 && c->reading)
        rc = gb_buf_printf(&title, err, " [reading: %s]", c->reading);
    rc = rc || gb_buf_printf(out, err, "%s %4g/%-4g ", mark(c->verdict, opts->utf8), c->points,
                             c->max_points)
         || put_wrapped(out, opts, title.data, strlen(LABEL), LABEL, err);
    gb_buf_free(&title);
    if (rc || c->verdict == VERDICT_PASS)
        return rc ? -1 : 0;
    rc = detail(out, opts, "expected", c->expected, err)
         || ((c->found || c->verdict != VERDICT_REVIEW)
             && detail(out, opts, "found", c->found ? c->found : "nothing", err));
    /* Where and why of an unreached check are the crash report's, above. */
    if (rc || c->verdict == VERDICT_UNREACHED)
        return rc ? -1 : 0;
    return detail(out, opts, "where", c->where, err) || detail(out, opts, "why", c->message, err)
           ? -1 : 0;
}

/* Checks that passed, and the ids of those that did not. */
static size_t count_passed(const struct grade_result *r)
{
    size_t passed = 0;

    for (size_t i = 0; i < r->n_checks; i++)
        passed += r->checks[i].verdict == VERDICT_PASS;
    return passed;
}

/* "score: 15/17 points; 2 of 18 checks need work: clip_after, clip_comment"
 * — the checks to look at first; unreached ones are only counted (the crash
 * report lists them). */
static int score_line(struct gb_buf *out, const struct report_options *opts,
                      const struct grade_result *r, struct gb_err *err)
{
    struct gb_buf line = GB_BUF_INIT;
    size_t open, unreached = 0, review = 0, listed = 0, shown = 0;
    int rc = gb_buf_printf(&line, err, "score: %g/%g points", r->score, r->max_score);

    for (size_t i = 0; i < r->n_checks; i++) {
        unreached += r->checks[i].verdict == VERDICT_UNREACHED;
        review += r->checks[i].verdict == VERDICT_REVIEW;
    }
    open = r->n_checks - count_passed(r) - review;
    listed = open - unreached;
    if (rc == 0 && open)
        rc = gb_buf_printf(&line, err, "; %zu of %zu checks need work%s", open, r->n_checks,
                           listed ? ":" : "");
    for (size_t i = 0; rc == 0 && i < r->n_checks && shown < 8; i++) {
        enum verdict v = r->checks[i].verdict;

        if (v != VERDICT_PASS && v != VERDICT_UNREACHED && v != VERDICT_REVIEW)
            rc = gb_buf_printf(&line, err, "%s %s", shown++ ? "," : "", r->checks[i].id);
    }
    if (rc == 0 && shown < listed)
        rc = gb_buf_printf(&line, err, " and %zu more", listed - shown);
    if (rc == 0 && unreached)
        rc = gb_buf_printf(&line, err, " (%s%zu not reached: the run stopped early)",
                           listed ? "and " : "", unreached);
    if (rc == 0 && review)
        rc = gb_buf_printf(&line, err, "; %zu wait%s for a human reviewer", review,
                           review == 1 ? "s" : "");
    if (rc == 0 && !open && !review)
        rc = gb_buf_printf(&line, err, "; all %zu checks passed", r->n_checks);
    rc = rc || put_wrapped(out, opts, line.data, 0, "  ", err);
    gb_buf_free(&line);
    return rc ? -1 : 0;
}

/* "run: exited with status 1 (1.2 s)", wrapped. */
static int run_line(struct gb_buf *out, const struct report_options *opts,
                    const struct grade_result *r, struct gb_err *err)
{
    struct gb_buf line = GB_BUF_INIT;
    int rc = gb_buf_printf(&line, err, "run: %s", r->run_summary ? r->run_summary : "not run");

    if (rc == 0 && r->ran && r->run.wall_seconds > 0)    /* a recording may not say */
        rc = gb_buf_printf(&line, err, " (%.1f s)", r->run.wall_seconds);
    rc = rc || put_wrapped(out, opts, line.data, 0, "  ", err);
    gb_buf_free(&line);
    return rc ? -1 : 0;
}

/* "integrity: two runs, ..." when the rerun was asked for (check/rerun.h). */
static int integrity_line(struct gb_buf *out, const struct report_options *opts,
                          const struct grade_result *r, struct gb_err *err)
{
    struct gb_buf line = GB_BUF_INIT;
    int rc;

    if (!r->integrity.runs || !r->integrity.summary)
        return 0;
    rc = gb_buf_printf(&line, err, "integrity: %s", r->integrity.summary)
         || put_wrapped(out, opts, line.data, 0, "  ", err);
    gb_buf_free(&line);
    return rc ? -1 : 0;
}

static int header(struct gb_buf *out, const struct report_options *opts,
                  const struct grade_result *r, struct gb_err *err)
{
    const struct runtime_info *rt = &r->runtime;

    if (gb_buf_puts(out, "gradebox: ", err) || put(out, opts, r->exercise, err)
        || (r->student && (gb_buf_puts(out, " for ", err) || put(out, opts, r->student, err)))
        || gb_buf_puts(out, "\n", err) || score_line(out, opts, r, err))
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
    if (run_line(out, opts, r, err) || integrity_line(out, opts, r, err))
        return -1;
    if (r->triage && (gb_buf_puts(out, "\nTRIAGE: ", err)
                      || put_wrapped(out, opts, r->triage, 8, "  ", err)))
        return -1;
    return gb_buf_puts(out, "\n", err);
}

/* The crash tail, one "  | " line each (cut to 200 columns). */
static int crash_lines(struct gb_buf *out, const struct report_options *opts, const char *tail,
                       struct gb_err *err)
{
    for (const char *p = tail; *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char line[512];

        snprintf(line, sizeof line, "%.*s", (int)(n < 200 ? n : 200), p);
        if (gb_buf_puts(out, "  | ", err) || put(out, opts, line, err)
            || gb_buf_puts(out, n > 200 ? " ...\n" : "\n", err))
            return -1;
        p += n + (nl != NULL);
    }
    return 0;
}

/* On a crash or a limit: what it printed last and what it cost. */
static int stop_section(struct gb_buf *out, const struct report_options *opts,
                        const struct grade_result *r, struct gb_err *err)
{
    struct gb_buf ids = GB_BUF_INIT;
    size_t unreached = 0;
    int rc;

    for (size_t i = 0; i < r->n_checks; i++)
        if (r->checks[i].verdict == VERDICT_UNREACHED
            && gb_buf_printf(&ids, err, "%s%s", unreached++ ? ", " : "", r->checks[i].id)) {
            gb_buf_free(&ids);
            return -1;
        }
    if (!r->crash_tail && !unreached)
        return 0;
    /* Everything the checks read was printed before it failed (a crash at
     * the very end, sys.exit(1)): graded as printed, and said so, since a
     * program that fails is not finished work. */
    rc = gb_buf_puts(out, unreached || r->run.limit != SANDBOX_LIMIT_NONE
                          ? "The run stopped early.\n"
                          : "The run failed after printing everything the checks read: it is "
                            "graded on what\nit printed, but it did not end cleanly (see run: "
                            "above) - fix what made it fail.\n", err);
    if (rc == 0 && r->crash_tail)
        rc = gb_buf_puts(out, strncmp(r->crash_tail, "Traceback", 9)
                              && strncmp(r->crash_tail, "  File \"", 8)
                              ? "The last lines it printed:\n" : "Its traceback ends:\n", err)
             || crash_lines(out, opts, r->crash_tail, err);
    if (rc == 0 && unreached)
        rc = gb_buf_printf(out, err, "%zu check%s could not be reached because of it: ", unreached,
                           unreached == 1 ? "" : "s")
             || put_wrapped(out, opts, ids.data, 45, "  ", err);
    gb_buf_free(&ids);
    return rc || gb_buf_puts(out, "\n", err) ? -1 : 0;
}

static int total_line(struct gb_buf *out, const struct grade_result *r, struct gb_err *err)
{
    if (gb_buf_printf(out, err, "\ntotal: %g/%g points; %zu of %zu checks passed",
                      r->score, r->max_score, count_passed(r), r->n_checks))
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

/* What the program printed, bounded, the lines checks cite marked '>'
 * (report_output.h). */
static int output_section(struct gb_buf *out, const struct report_options *opts,
                          const struct grade_result *r, struct gb_err *err)
{
    struct report_output v;
    struct gb_buf note = GB_BUF_INIT, block = GB_BUF_INIT;
    int rc = report_output_view(r, &v, err);

    if (rc)
        return rc < 0 ? -1 : 0;
    rc = gb_buf_puts(&note, "The program's output: ", err) || report_output_note(&v, &note, err)
         || gb_buf_puts(out, "\n", err) || put_wrapped(out, opts, note.data, 0, "  ", err)
         || report_output_block(&v, &block, err) || put(out, opts, block.data, err);
    gb_buf_free(&note);
    gb_buf_free(&block);
    report_output_free(&v);
    return rc ? -1 : 0;
}

int report_text(const struct grade_result *r, const struct report_options *opts,
                struct gb_buf *out, struct gb_err *err)
{
    /* Why the run stopped comes first: the unreached checks below refer to it. */
    if (header(out, opts, r, err) || stop_section(out, opts, r, err))
        return -1;
    for (size_t i = 0; i < r->n_checks; i++)
        if (check_block(out, opts, &r->checks[i], err))
            return -1;
    if (output_section(out, opts, r, err) || total_line(out, r, err))
        return gb_err_prefix(err, "writing the text report");
    return 0;
}
