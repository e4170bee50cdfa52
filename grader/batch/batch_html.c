/* batch_html.c — the cohort report page (see batch_html.h).
 *
 * Reads only the gradebook's result documents; recomputes no verdict. */
#define _GNU_SOURCE
#include "batch/batch_html.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "batch/batch_csv.h"
#include "batch/batch_progress.h"
#include "batch/batch_sidebyside.h"
#include "batch/batch_status.h"
#include "report/report.h"

#define HIST_BINS 10
#define TOP_REASONS 15
#define TOP_SLOWEST 10

struct page {
    const struct batch_book *b;
    const struct batch_similarity *sim;   /* NULL: not computed */
    cJSON **docs;              /* the rows' result documents (NULL: none) */
    struct gb_buf *out;
    struct gb_err *err;
    int failed;                /* an append failed: err says why */
};

static void put(struct page *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct page *p, const char *fmt, ...)
{
    va_list ap;

    if (p->failed)
        return;
    va_start(ap, fmt);
    p->failed = gb_buf_vprintf(p->out, p->err, fmt, ap) != 0;
    va_end(ap);
}

/* Text for HTML element content and attribute values. */
static void esc(struct page *p, const char *s)
{
    for (; s && *s && !p->failed; s++) {
        switch (*s) {
        case '<': put(p, "&lt;"); break;
        case '>': put(p, "&gt;"); break;
        case '&': put(p, "&amp;"); break;
        case '"': put(p, "&quot;"); break;
        case '\'': put(p, "&#39;"); break;
        default: p->failed = gb_buf_append(p->out, s, 1, p->err) != 0;
        }
    }
}

static const char *str(const cJSON *o, const char *key)
{
    return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));
}

static double num(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* A link to a student's report of one exercise. */
static void report_link(struct page *p, const struct batch_row *r)
{
    put(p, "<a href=\"");
    esc(p, r->student);
    put(p, "/");
    esc(p, r->exercise);
    put(p, ".txt\">");
    esc(p, r->student);
    put(p, "</a>");
}

static const char style[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:2em auto;max-width:70em;color:#222}"
    "h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;margin-top:2em}"
    "table{border-collapse:collapse;margin:.5em 0}td,th{padding:2px 8px;text-align:left;"
    "border-bottom:1px solid #eee;vertical-align:top}th{background:#f4f4f4}"
    ".num{text-align:right;font-variant-numeric:tabular-nums}"
    ".cards{display:flex;gap:1em;flex-wrap:wrap}.card{border:1px solid #ddd;border-radius:6px;"
    "padding:.5em 1em}.card b{display:block;font-size:1.5em}"
    ".charts{display:flex;gap:2em;flex-wrap:wrap;align-items:flex-start}"
    "svg text{font:11px sans-serif;fill:#333}.bar{fill:#4a7bd0}.pass{fill:#3a9a5b}"
    ".track{fill:#eee}.note{color:#666}";

/* ---- totals ------------------------------------------------------------------ */

static void count_status(const struct batch_book *b, const char *status, size_t *n)
{
    *n = 0;
    for (size_t i = 0; i < b->n_rows; i++)
        *n += b->rows[i].status && !strcmp(b->rows[i].status, status);
}

static void card(struct page *p, size_t n, const char *label)
{
    put(p, "<div class=\"card\"><b>%zu</b>%s</div>", n, label);
}

static void summary(struct page *p)
{
    size_t passed, review, failed, errors, graded = 0;
    char when[64];
    time_t now = time(NULL);
    struct tm tm;

    for (size_t i = 0; i < p->b->n_rows; i++)
        graded += p->b->rows[i].status != NULL;
    count_status(p->b, "passed", &passed);
    count_status(p->b, "needs_review", &review);
    count_status(p->b, "failed", &failed);
    count_status(p->b, "error", &errors);
    strftime(when, sizeof when, "%Y-%m-%d %H:%M UTC", gmtime_r(&now, &tm));
    put(p, "<h1>gradebox — cohort report");
    if (p->b->assignment) {
        put(p, ": ");
        esc(p, p->b->assignment);
    }
    put(p, "</h1><p class=\"note\">Generated %s by grader batch %s.</p><div class=\"cards\">",
        when, GRADER_VERSION);
    card(p, p->b->cohort.n_students, "students");
    card(p, p->b->n_rows, "uploads");
    card(p, graded - errors, "graded");
    card(p, passed, "passed");
    card(p, failed, "failed checks");
    card(p, review, "wait for review");
    card(p, errors + (p->b->n_rows - graded), "not graded");
    card(p, p->b->cohort.n_problems, "input problems");
    put(p, "</div>");
}

/* ---- per exercise charts -------------------------------------------------------- */

static void histogram(struct page *p, const char *exercise)
{
    size_t bins[HIST_BINS] = { 0 }, top = 1, n = 0;
    double max = 0;
    const int w = 300, h = 120, bw = w / HIST_BINS;

    for (size_t i = 0; i < p->b->n_rows; i++)
        if (p->docs[i] && !strcmp(p->b->rows[i].exercise, exercise))
            max = fmax(max, num(p->docs[i], "max_score"));
    for (size_t i = 0; i < p->b->n_rows; i++) {
        size_t k;

        if (!p->docs[i] || strcmp(p->b->rows[i].exercise, exercise))
            continue;
        k = max > 0 ? (size_t)(num(p->docs[i], "score") / max * HIST_BINS) : 0;
        k = k >= HIST_BINS ? HIST_BINS - 1 : k;
        top = ++bins[k] > top ? bins[k] : top;
        n++;
    }
    put(p, "<figure><svg class=\"hist\" role=\"img\" width=\"%d\" height=\"%d\" "
        "viewBox=\"0 0 %d %d\"><title>score distribution of %zu submissions</title>",
        w, h + 30, w, h + 30, n);
    for (int k = 0; k < HIST_BINS; k++) {
        int bh = (int)((double)bins[k] / (double)top * h);

        put(p, "<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\">"
            "<title>%.3g–%.3g points: %zu</title></rect>", k * bw + 1, h - bh, bw - 2, bh,
            max * k / HIST_BINS, max * (k + 1) / HIST_BINS, bins[k]);
        if (bins[k])
            put(p, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%zu</text>", k * bw + bw / 2,
                h - bh - 2 < 10 ? 10 : h - bh - 2, bins[k]);
    }
    put(p, "<text x=\"0\" y=\"%d\">0</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%g "
        "points</text></svg><figcaption>score distribution</figcaption></figure>",
        h + 14, w, h + 14, max);
}

struct rate {
    const char *id;
    size_t pass, total;
};

/* Pass counts per check id, in the rubric's order (as the results list them). */
static size_t pass_rates(struct page *p, const char *exercise, struct rate *rates, size_t cap)
{
    size_t n = 0;

    for (size_t i = 0; i < p->b->n_rows; i++) {
        const cJSON *c;

        if (!p->docs[i] || strcmp(p->b->rows[i].exercise, exercise))
            continue;
        cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(p->docs[i], "checks")) {
            const char *id = str(c, "id"), *v = str(c, "verdict");
            size_t k = 0;

            if (!id)
                continue;
            while (k < n && strcmp(rates[k].id, id))
                k++;
            if (k == n && n < cap)
                rates[n++] = (struct rate){ id, 0, 0 };
            if (k < n) {
                rates[k].total++;
                rates[k].pass += v && !strcmp(v, "pass");
            }
        }
    }
    return n;
}

static void pass_chart(struct page *p, const char *exercise)
{
    struct rate rates[128];
    size_t n = pass_rates(p, exercise, rates, 128);
    const int row = 18, label = 190, bar = 200;

    put(p, "<figure><svg class=\"rates\" role=\"img\" width=\"%d\" height=\"%zu\" viewBox=\"0 0 "
        "%d %zu\"><title>pass rate of every check</title>", label + bar + 50, n * row + 4,
        label + bar + 50, n * row + 4);
    for (size_t k = 0; k < n; k++) {
        double f = rates[k].total ? (double)rates[k].pass / (double)rates[k].total : 0;
        int y = (int)(k * row);

        put(p, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", label - 6, y + 13);
        esc(p, rates[k].id);
        put(p, "</text><rect class=\"track\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>"
            "<rect class=\"bar pass\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"><title>",
            label, y + 3, bar, row - 5, label, y + 3, (int)(f * bar), row - 5);
        esc(p, rates[k].id);
        put(p, ": %zu of %zu passed</title></rect><text x=\"%d\" y=\"%d\">%.0f%%</text>",
            rates[k].pass, rates[k].total, label + bar + 4, y + 13, f * 100);
    }
    put(p, "</svg><figcaption>pass rate of every check</figcaption></figure>");
}

static void exercises(struct page *p)
{
    for (size_t e = 0; e < p->b->n_exercises; e++) {
        put(p, "<h2 id=\"ex-");
        esc(p, p->b->exercises[e]);
        put(p, "\">");
        esc(p, p->b->exercises[e]);
        put(p, "</h2><div class=\"charts\">");
        histogram(p, p->b->exercises[e]);
        pass_chart(p, p->b->exercises[e]);
        put(p, "</div>");
    }
}

/* ---- failures and triage ------------------------------------------------------- */

struct reason {
    const char *exercise, *id, *verdict, *message;
    size_t count;
};

static int by_count(const void *a, const void *b)
{
    const struct reason *x = a, *y = b;

    return (x->count < y->count) - (x->count > y->count);
}

static size_t gather_reasons(struct page *p, struct reason *v, size_t cap)
{
    size_t n = 0;

    for (size_t i = 0; i < p->b->n_rows; i++) {
        const cJSON *c, *checks = p->docs[i] ? cJSON_GetObjectItemCaseSensitive(p->docs[i],
                                                                               "checks") : NULL;

        cJSON_ArrayForEach(c, checks) {
            const char *id = str(c, "id"), *verdict = str(c, "verdict");
            size_t k = 0;

            if (!id || !verdict || !strcmp(verdict, "pass") || !strcmp(verdict, "review"))
                continue;
            while (k < n && (strcmp(v[k].id, id) || strcmp(v[k].verdict, verdict) ||
                             strcmp(v[k].exercise, p->b->rows[i].exercise)))
                k++;
            if (k == n && n < cap)
                v[n++] = (struct reason){ p->b->rows[i].exercise, id, verdict, str(c, "message"),
                                          0 };
            if (k < n)
                v[k].count++;
        }
    }
    qsort(v, n, sizeof *v, by_count);
    return n;
}

static void failure_reasons(struct page *p)
{
    static struct reason v[1024];
    size_t n = gather_reasons(p, v, 1024);

    put(p, "<h2 id=\"failures\">Most common failure reasons</h2>");
    if (n == 0) {
        put(p, "<p>No check failed.</p>");
        return;
    }
    put(p, "<table class=\"reasons\"><tr><th>submissions</th><th>exercise</th><th>check</th>"
        "<th>verdict</th><th>for example</th></tr>");
    for (size_t k = 0; k < n && k < TOP_REASONS; k++) {
        put(p, "<tr><td class=\"num\">%zu</td><td>", v[k].count);
        esc(p, v[k].exercise);
        put(p, "</td><td>");
        esc(p, v[k].id);
        put(p, "</td><td>");
        esc(p, v[k].verdict);
        put(p, "</td><td>");
        esc(p, v[k].message ? v[k].message : "");
        put(p, "</td></tr>");
    }
    put(p, "</table>");
}

static void triage(struct page *p)
{
    static struct reason v[1024];
    size_t n = 0;

    for (size_t i = 0; i < p->b->n_rows; i++) {
        const char *t = p->docs[i] ? str(p->docs[i], "triage") : NULL;
        size_t k = 0;

        if (!t)
            continue;
        while (k < n && (strcmp(v[k].message, t) || strcmp(v[k].exercise, p->b->rows[i].exercise)))
            k++;
        if (k == n && n < 1024)
            v[n++] = (struct reason){ p->b->rows[i].exercise, "", "", t, 0 };
        if (k < n)
            v[k].count++;
    }
    qsort(v, n, sizeof *v, by_count);
    put(p, "<h2 id=\"triage\">Triage categories</h2>");
    if (n == 0) {
        put(p, "<p>No triage advice was given.</p>");
        return;
    }
    put(p, "<table class=\"triage\"><tr><th>submissions</th><th>exercise</th><th>advice</th></tr>");
    for (size_t k = 0; k < n && k < TOP_REASONS; k++) {
        put(p, "<tr><td class=\"num\">%zu</td><td>", v[k].count);
        esc(p, v[k].exercise);
        put(p, "</td><td>");
        esc(p, v[k].message);
        put(p, "</td></tr>");
    }
    put(p, "</table>");
}

/* ---- runs: limits and durations -------------------------------------------------- */

static void run_row(struct page *p, size_t i, const cJSON *run)
{
    char took[32];

    batch_progress_duration(num(run, "wall_seconds"), took, sizeof took);
    put(p, "<tr><td>");
    report_link(p, &p->b->rows[i]);
    put(p, "</td><td>");
    esc(p, p->b->rows[i].exercise);
    put(p, "</td><td class=\"num\">%s</td><td>", took);
    esc(p, str(run, "summary"));
    put(p, "</td></tr>");
}

static void limits(struct page *p)
{
    size_t n = 0;

    put(p, "<h2 id=\"limits\">Runs stopped by a limit</h2>");
    for (size_t i = 0; i < p->b->n_rows; i++) {
        const cJSON *run = p->docs[i] ? cJSON_GetObjectItemCaseSensitive(p->docs[i], "run") : NULL;

        if (!str(run, "limit"))
            continue;
        if (n++ == 0)
            put(p, "<table class=\"limits\"><tr><th>student</th><th>exercise</th><th>ran</th>"
                "<th>how it ended</th></tr>");
        run_row(p, i, run);
    }
    put(p, n ? "</table>" : "<p>No run hit a sandbox limit.</p>");
}

static double wall_of(const struct page *p, size_t i)
{
    const cJSON *d = p->docs[i];

    return d ? num(cJSON_GetObjectItemCaseSensitive(d, "run"), "wall_seconds") : -1;
}

static int by_wall(const void *a, const void *b, void *page)
{
    double x = wall_of(page, *(const size_t *)a), y = wall_of(page, *(const size_t *)b);

    return (x < y) - (x > y);
}

static void slowest(struct page *p)
{
    size_t n = p->b->n_rows, *order = malloc((n ? n : 1) * sizeof *order);

    put(p, "<h2 id=\"slowest\">Slowest runs</h2>");
    if (!order) {
        p->failed = 1;
        gb_fail(p->err, "out of memory");
        return;
    }
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    qsort_r(order, n, sizeof *order, by_wall, p);
    put(p, "<table class=\"slowest\"><tr><th>student</th><th>exercise</th><th>ran</th>"
        "<th>how it ended</th></tr>");
    for (size_t k = 0; k < n && k < TOP_SLOWEST && wall_of(p, order[k]) > 0; k++)
        run_row(p, order[k], cJSON_GetObjectItemCaseSensitive(p->docs[order[k]], "run"));
    put(p, "</table>");
    free(order);
}

/* ---- people's attention ---------------------------------------------------------- */

static void review(struct page *p)
{
    size_t n = 0;

    put(p, "<h2 id=\"review\">Waiting for human review</h2>");
    for (size_t i = 0; i < p->b->n_rows; i++) {
        const cJSON *c;

        if (!p->docs[i] || !p->b->rows[i].status || strcmp(p->b->rows[i].status, "needs_review"))
            continue;
        if (n++ == 0)
            put(p, "<table class=\"review\"><tr><th>student</th><th>exercise</th><th>to judge"
                "</th></tr>");
        put(p, "<tr><td>");
        report_link(p, &p->b->rows[i]);
        put(p, "</td><td>");
        esc(p, p->b->rows[i].exercise);
        put(p, "</td><td>");
        cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(p->docs[i], "checks")) {
            const char *v = str(c, "verdict");

            if (!v || strcmp(v, "review"))
                continue;
            esc(p, str(c, "id"));
            put(p, ": ");
            esc(p, str(c, "description"));
            put(p, "<br>");
        }
        put(p, "</td></tr>");
    }
    put(p, n ? "</table>" : "<p>Nothing waits for a human.</p>");
}

static void not_graded(struct page *p)
{
    size_t n = 0;

    put(p, "<h2 id=\"errors\">Not graded</h2>");
    for (size_t i = 0; i < p->b->n_rows; i++) {
        const struct batch_row *r = &p->b->rows[i];

        if (r->status && strcmp(r->status, "error"))
            continue;
        if (n++ == 0)
            put(p, "<table class=\"errors\"><tr><th>student</th><th>exercise</th><th>why</th></tr>");
        put(p, "<tr><td>");
        esc(p, r->student);
        put(p, "</td><td>");
        esc(p, r->exercise);
        put(p, "</td><td>");
        esc(p, !r->status ? "not graded yet (interrupted, or a Slurm task still to run)"
               : r->error ? r->error : "the grader reported an error (see the report)");
        put(p, "</td></tr>");
    }
    put(p, n ? "</table>" : "<p>Every upload was graded.</p>");
}

static void similarity(struct page *p, const struct batch_similarity *sim)
{
    put(p, "<h2 id=\"similarity\">Similar submissions</h2><p class=\"note\">Pairs whose code "
        "is alike after names, strings, numbers, comments and layout are set aside (winnowing, "
        "as MOSS does). A prompt to look, never a verdict: a short exercise invites alike "
        "solutions.</p>");
    if (!sim || sim->n == 0) {
        put(p, "<p>No pair stands out.</p>");
        return;
    }
    put(p, "<table class=\"similar\"><tr><th>exercise</th><th>student</th><th>student</th>"
        "<th>alike</th><th>shared fingerprints</th><th></th></tr>");
    for (size_t i = 0; i < sim->n; i++) {
        char who[400], page[PATH_MAX];

        put(p, "<tr><td>");
        esc(p, sim->v[i].exercise);
        put(p, "</td><td>");
        batch_status_who(p->b, sim->v[i].a, who, sizeof who);
        esc(p, who);
        put(p, "</td><td>");
        batch_status_who(p->b, sim->v[i].b, who, sizeof who);
        esc(p, who);
        batch_sidebyside_name(&sim->v[i], page, sizeof page);
        put(p, "</td><td class=\"num\">%.0f%%</td><td class=\"num\">%zu</td><td><a href=\"",
            sim->v[i].score * 100, sim->v[i].shared);
        esc(p, page);
        put(p, "\">side by side</a></td></tr>");
    }
    put(p, "</table>");
}

/* Its own section and flag, apart from the pairs: the sample is published,
 * so handing it in is no collusion between students, and no pair shows it. */
static void sample_section(struct page *p)
{
    const struct batch_similarity *sim = p->sim;

    put(p, "<h2 id=\"sample\">Matches the published sample</h2><p class=\"note\">Submissions "
        "alike to the exercise's published sample solution (exercises/samples), compared as "
        "pairs are. A prompt to look, never a verdict: a sample is written to be read.</p>");
    if (!sim || sim->n_samples == 0) {
        put(p, "<p>No submission matches the published sample.</p>");
        return;
    }
    put(p, "<table class=\"sample\"><tr><th>exercise</th><th>student</th><th>alike</th>"
        "<th>shared fingerprints</th></tr>");
    for (size_t i = 0; i < sim->n_samples; i++) {
        char who[400];

        put(p, "<tr><td>");
        esc(p, sim->samples[i].exercise);
        put(p, "</td><td>");
        batch_status_who(p->b, sim->samples[i].student, who, sizeof who);
        esc(p, who);
        put(p, "</td><td class=\"num\">%.0f%%</td><td class=\"num\">%zu</td></tr>",
            sim->samples[i].score * 100, sim->samples[i].shared);
    }
    put(p, "</table>");
}

static void problems(struct page *p)
{
    const struct batch_cohort *c = &p->b->cohort;

    put(p, "<h2 id=\"problems\">Problems with the inputs</h2>");
    if (c->n_problems == 0) {
        put(p, "<p>Every file was matched to a student and an exercise.</p>");
        return;
    }
    put(p, "<table class=\"problems\"><tr><th>student</th><th>problem</th></tr>");
    for (size_t i = 0; i < c->n_problems; i++) {
        put(p, "<tr><td>");
        esc(p, c->problems[i].student ? c->problems[i].student : "—");
        put(p, "</td><td>");
        esc(p, c->problems[i].what);
        put(p, "</td></tr>");
    }
    put(p, "</table>");
}

/* ✎ after a score a human set for the whole exercise, who and why beside it. */
static void overridden(struct page *p, size_t i)
{
    const cJSON *o = p->docs[i] ? cJSON_GetObjectItemCaseSensitive(p->docs[i], "override") : NULL;
    const char *by = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "by"));
    const char *note = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, "note"));

    if (!o)
        return;
    put(p, " ✎ <span class=\"note\">overridden by ");
    esc(p, by ? by : "?");
    if (note) {
        put(p, ": ");
        esc(p, note);
    }
    put(p, "</span>");
}

static void grade_cell(struct page *p, const char *student, const char *exercise)
{
    for (size_t i = 0; i < p->b->n_rows; i++) {
        const struct batch_row *r = &p->b->rows[i];

        if (strcmp(r->student, student) || strcmp(r->exercise, exercise))
            continue;
        if (!r->status || !strcmp(r->status, "error")) {
            put(p, "<td class=\"num\">not graded</td>");
            return;
        }
        put(p, "<td class=\"num\">");
        report_link(p, r);
        put(p, " %g/%g%s", r->score, r->max_score,
            !strcmp(r->status, "needs_review") ? " ⚑" : "");
        if (batch_similar_sample_match(p->sim, student, exercise))
            put(p, " ◆ <span class=\"note\">matches the published sample</span>");
        overridden(p, i);
        put(p, "</td>");
        return;
    }
    put(p, "<td class=\"num\">—</td>");
}

static void grade_table(struct page *p)
{
    const struct batch_cohort *c = &p->b->cohort;

    put(p, "<h2 id=\"grades\">Grades</h2><p class=\"note\">⚑ waits for human review; ✎ a "
        "score a human set for the whole exercise; ◆ matches the published sample; — no upload.</p><table class=\"grades\">"
        "<tr><th>student</th><th>name</th>");
    for (size_t e = 0; e < p->b->n_exercises; e++) {
        put(p, "<th>");
        esc(p, p->b->exercises[e]);
        put(p, "</th>");
    }
    put(p, "<th>total</th></tr>");
    for (size_t i = 0; i < c->n_students; i++) {
        double total, max;
        int rv, errors;

        batch_csv_totals(p->b, c->students[i].id, &total, &max, &rv, &errors);
        put(p, "<tr><td>");
        esc(p, c->students[i].id);
        put(p, "</td><td>");
        esc(p, c->students[i].name);
        put(p, "</td>");
        for (size_t e = 0; e < p->b->n_exercises; e++)
            grade_cell(p, c->students[i].id, p->b->exercises[e]);
        put(p, "<td class=\"num\">%g/%g</td></tr>", total, max);
    }
    put(p, "</table>");
}

int batch_html_render(const struct batch_book *book, const struct batch_similarity *sim,
                      struct gb_buf *out, struct gb_err *err)
{
    struct page p = { book, sim, calloc(book->n_rows ? book->n_rows : 1, sizeof(cJSON *)), out,
                      err, 0 };

    if (!p.docs)
        return gb_fail(err, "out of memory");
    for (size_t i = 0; i < book->n_rows; i++)
        p.docs[i] = book->rows[i].json ? cJSON_Parse(book->rows[i].json) : NULL;
    put(&p, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\""
        "viewport\" content=\"width=device-width\"><title>gradebox cohort report</title><style>"
        "%s</style></head><body>", style);
    summary(&p);
    exercises(&p);
    failure_reasons(&p);
    triage(&p);
    limits(&p);
    slowest(&p);
    review(&p);
    not_graded(&p);
    similarity(&p, sim);
    sample_section(&p);
    problems(&p);
    grade_table(&p);
    put(&p, "</body></html>\n");
    for (size_t i = 0; i < book->n_rows; i++)
        cJSON_Delete(p.docs[i]);
    free(p.docs);
    return p.failed ? -1 : 0;
}

int batch_html_write(const struct batch_book *book, const struct batch_similarity *sim,
                     const char *out_dir, struct gb_err *err)
{
    struct gb_buf html = GB_BUF_INIT;
    char path[PATH_MAX];
    int rc = batch_html_render(book, sim, &html, err);

    snprintf(path, sizeof path, "%s/report.html", out_dir);
    if (rc == 0)
        rc = gb_write_file_atomic(path, html.data, html.len, err);
    gb_buf_free(&html);
    return rc;
}
