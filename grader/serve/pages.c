/* pages.c — HTML of `grader serve` (see pages.h). */
#include "serve/pages.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "serve/api.h"

static const char STYLE[] =
    "body{font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0;"
    "color:#1b1b1b;background:#f6f6f4}"
    "main{max-width:46rem;margin:0 auto;padding:1rem}"
    "h1{font-size:1.35rem;margin:.2rem 0 1rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}"
    "form{background:#fff;border:1px solid #ddd;border-radius:.5rem;padding:1rem;margin:0 0 1rem}"
    "label{display:block;font-weight:600;margin:.6rem 0 .3rem}"
    "select,input[type=file],input[type=password]{width:100%;box-sizing:border-box;"
    "font-size:1rem;padding:.6rem;border:1px solid #bbb;border-radius:.4rem;background:#fff}"
    "button{font-size:1.05rem;padding:.7rem 1.2rem;margin-top:1rem;border:0;"
    "border-radius:.4rem;background:#1f5fbf;color:#fff;min-height:2.75rem}"
    "button.link{background:none;color:#1f5fbf;padding:0;margin:0;min-height:0;"
    "font-size:.95rem;text-decoration:underline}"
    ".who{display:flex;justify-content:space-between;align-items:center;gap:.5rem;"
    "flex-wrap:wrap}.who form{border:0;padding:0;margin:0;background:none}"
    "pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #ddd;"
    "border-radius:.5rem;padding:.8rem;font-size:.85rem;line-height:1.35}"
    "pre.wide{white-space:pre;overflow-x:auto}"
    "ol.checks{list-style:none;padding:0;margin:0}"
    "ol.checks li{background:#fff;border:1px solid #ddd;border-left:.35rem solid #17703a;"
    "border-radius:.4rem;padding:.6rem .7rem;margin:0 0 .5rem;overflow-wrap:anywhere}"
    "ol.checks li.fail,ol.checks li.missing,ol.checks li.unreached,ol.checks li.error"
    "{border-left-color:#b3261e}ol.checks li.review{border-left-color:#8a5a00}"
    "details{margin:1rem 0}summary{cursor:pointer;color:#1f5fbf}"
    "table{width:100%;border-collapse:collapse;font-size:.95rem}"
    "td,th{text-align:left;padding:.45rem .3rem;border-bottom:1px solid #e3e3e3}"
    ".st{font-weight:700}.passed{color:#17703a}.failed,.error{color:#b3261e}"
    ".review{color:#8a5a00}.queued,.running{color:#555}"
    ".note{background:#fff8e1;border:1px solid #e8d48a;border-radius:.5rem;padding:.7rem}"
    "small{color:#666}a{color:#1f5fbf}"
    "pre.out{white-space:pre;overflow-x:auto;padding:.4rem 0}"
    "pre.out span{display:block;padding:0 .8rem}pre.out .cited{background:#fff3c4}"
    "pre.out :target{outline:2px solid #1f5fbf}pre.out i{color:#888;font-style:normal}";

int pages_escape(struct gb_buf *out, const char *s, struct gb_err *err)
{
    for (const char *p = s ? s : ""; *p; p++) {
        const char *rep = NULL;
        int rc;

        switch (*p) {
        case '&': rep = "&amp;"; break;
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '"': rep = "&quot;"; break;
        case '\'': rep = "&#39;"; break;
        }
        rc = rep ? gb_buf_puts(out, rep, err) : gb_buf_append(out, p, 1, err);
        if (rc)
            return -1;
    }
    return 0;
}

static int head(struct gb_buf *o, const char *title, int refresh_s, struct gb_err *err)
{
    if (gb_buf_puts(o, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                       "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\n",
                    err))
        return -1;
    if (refresh_s > 0 &&
        gb_buf_printf(o, err, "<meta http-equiv=\"refresh\" content=\"%d\">\n", refresh_s))
        return -1;
    return gb_buf_puts(o, "<title>", err) || pages_escape(o, title, err) ||
           gb_buf_printf(o, err, " · gradebox</title>\n<style>%s</style></head>\n<body><main>\n",
                         STYLE) ? -1 : 0;
}

static int foot(struct gb_buf *o, struct gb_err *err)
{
    return gb_buf_puts(o, "<p><small>gradebox · the same checks as <code>grader check</code>"
                          "</small></p>\n</main></body></html>\n", err);
}

static int login_form(struct gb_buf *o, const char *next, struct gb_err *err)
{
    if (gb_buf_puts(o, "<form method=\"post\" action=\"/login\">\n"
                       "<label for=\"token\">Your token</label>\n"
                       "<input type=\"password\" id=\"token\" name=\"token\" autocomplete=\"off\" "
                       "required placeholder=\"gbt1.…\">\n", err))
        return -1;
    if (next && (gb_buf_puts(o, "<input type=\"hidden\" name=\"next\" value=\"", err) ||
                 pages_escape(o, next, err) || gb_buf_puts(o, "\">\n", err)))
        return -1;
    return gb_buf_puts(o, "<small>Your instructor sent it to you. It is kept in a cookie on "
                          "this device until you sign out.</small><br>\n"
                          "<button type=\"submit\">Sign in</button>\n</form>\n", err);
}

static int who_line(struct gb_buf *o, const struct tokens_claims *who, struct gb_err *err)
{
    return gb_buf_puts(o, "<div class=\"who\"><span>Signed in as <b>", err) ||
           pages_escape(o, who->student, err) || gb_buf_puts(o, "</b> (", err) ||
           pages_escape(o, who->course, err) ||
           gb_buf_printf(o, err, "%s)</span>\n<form method=\"post\" action=\"/logout\">"
                         "<button class=\"link\" type=\"submit\">Sign out</button></form>"
                         "</div>\n", who->role == TOKENS_INSTRUCTOR ? ", instructor" : "")
           ? -1 : 0;
}

/* The upload form; selected (or NULL) is the exercise chosen beforehand. */
static int upload_form(struct gb_buf *o, const struct catalog *cat, const char *selected,
                       struct gb_err *err)
{
    if (gb_buf_puts(o, "<form method=\"post\" action=\"/submit\" enctype=\"multipart/form-data\">\n"
                       "<label for=\"exercise\">Exercise</label>\n"
                       "<select id=\"exercise\" name=\"exercise\" required>\n", err))
        return -1;
    for (size_t i = 0; i < cat->n; i++)
        if (gb_buf_puts(o, "<option value=\"", err) || pages_escape(o, cat->v[i].name, err) ||
            gb_buf_puts(o, selected && !strcmp(selected, cat->v[i].name) ? "\" selected>"
                                                                          : "\">", err) || pages_escape(o, cat->v[i].submission, err) ||
            gb_buf_puts(o, " — ", err) || pages_escape(o, cat->v[i].title, err) ||
            gb_buf_puts(o, "</option>\n", err))
            return -1;
    return gb_buf_puts(o, "</select>\n<label for=\"file\">Your file</label>\n"
                          "<input type=\"file\" id=\"file\" name=\"file\" required "
                          "accept=\".py,.md,.txt,text/plain,text/x-python,text/markdown\">\n"
                          "<button type=\"submit\">Check my work</button>\n</form>\n"
                          "<p><small>From a terminal, on any computer with Python 3.8: "
                          "<a href=\"/client\">gradebox_submit.py</a>, then <code>python3 "
                          "gradebox_submit.py attention_by_hand.py</code></small></p>\n", err);
}

static const char *status_class(const struct queue_view *v)
{
    if (v->state == QUEUE_DONE && v->verdict)
        return v->verdict;
    return queue_state_name(v->state);
}

static int status_cell(struct gb_buf *o, const struct queue_view *v, struct gb_err *err)
{
    if (gb_buf_puts(o, "<span class=\"st ", err) || pages_escape(o, status_class(v), err) ||
        gb_buf_puts(o, "\">", err))
        return -1;
    if (v->state == QUEUE_DONE)
        return pages_escape(o, v->verdict, err) ||
               gb_buf_printf(o, err, "</span> %g/%g", v->score, v->max_score) ? -1 : 0;
    if (v->state == QUEUE_QUEUED)
        return gb_buf_printf(o, err, "queued</span> (#%ld)", v->position);
    return gb_buf_printf(o, err, "%s</span>", v->state == QUEUE_RUNNING ? "grading"
                                                                         : "not graded");
}

static int recent_table(struct gb_buf *o, const struct queue_view *v, size_t n,
                        int with_student, struct gb_err *err)
{
    if (n == 0)
        return gb_buf_puts(o, "<p>No submissions yet.</p>\n", err);
    if (gb_buf_printf(o, err, "<table><tr><th>Sent (UTC)</th>%s<th>Exercise</th><th>Result"
                              "</th></tr>\n", with_student ? "<th>Student</th>" : ""))
        return -1;
    for (size_t i = 0; i < n; i++) {
        char when[32];

        api_time(v[i].submitted_ms, when);
        when[10] = ' ';
        when[16] = '\0';
        if (gb_buf_printf(o, err, "<tr><td><a href=\"/submissions/%s\">%s</a></td>",
                          v[i].id, when) ||
            (with_student && (gb_buf_puts(o, "<td>", err) ||
                              pages_escape(o, v[i].student, err) ||
                              gb_buf_puts(o, "</td>", err))) ||
            gb_buf_puts(o, "<td>", err) || pages_escape(o, v[i].exercise, err) ||
            gb_buf_puts(o, "</td><td>", err) || status_cell(o, &v[i], err) ||
            gb_buf_puts(o, "</td></tr>\n", err))
            return -1;
    }
    return gb_buf_puts(o, "</table>\n", err);
}

int pages_home(struct gb_buf *out, const struct catalog *cat, const struct tokens_claims *who,
               const struct queue_view *recent, size_t n_recent, const char *next,
               struct gb_err *err)
{
    return pages_home_for(out, cat, who, recent, n_recent, next, NULL, err);
}

int pages_home_for(struct gb_buf *out, const struct catalog *cat,
                   const struct tokens_claims *who, const struct queue_view *recent,
                   size_t n_recent, const char *next, const char *exercise, struct gb_err *err)
{
    if (head(out, "Check your work", 0, err) ||
        gb_buf_puts(out, "<h1>Check your work</h1>\n", err))
        return -1;
    if (!who)
        return gb_buf_puts(out, "<p>Upload an exercise and get the report <code>grader check"
                                "</code> gives, from any device. Sign in first with the "
                                "token your instructor sent you.</p>\n", err) ||
               login_form(out, next, err) || foot(out, err) ? -1 : 0;
    return who_line(out, who, err) || upload_form(out, cat, exercise, err) ||
           gb_buf_puts(out, who->role == TOKENS_INSTRUCTOR ? "<h2>Recent submissions in the "
                                                             "course</h2>\n"
                                                           : "<h2>Your submissions</h2>\n",
                       err) ||
           recent_table(out, recent, n_recent, who->role == TOKENS_INSTRUCTOR, err) ||
           foot(out, err) ? -1 : 0;
}

/* ---- the result, for a narrow screen ------------------------------------- */

static const char *str_of(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static double num_of(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* "label text" when text is there; nothing otherwise. */
static int labelled(struct gb_buf *o, const char *sep, const char *label, const char *text,
                    struct gb_err *err)
{
    if (!text)
        return 0;
    return gb_buf_puts(o, sep, err) || gb_buf_puts(o, label, err) ||
           pages_escape(o, text, err) ? -1 : 0;
}

/* Where a check read its value, linked to the output lines it cites
 * ("output_lines", report_output.h; each line has an anchor in the output
 * block below): the where text links to the first, any other line follows. */
static int where_links(struct gb_buf *o, const cJSON *c, struct gb_err *err)
{
    const cJSON *lines = cJSON_GetObjectItemCaseSensitive(c, "output_lines"), *n;
    const char *where = str_of(c, "where");
    int k = 0;

    cJSON_ArrayForEach(n, lines) {
        double at = n->valuedouble;

        if (!cJSON_IsNumber(n) || at < 1 || at > 1e9)
            continue;
        if (k++ == 0 && where
            ? gb_buf_printf(o, err, " · <a href=\"#out-%.0f\">", at) || pages_escape(o, where, err)
              || gb_buf_puts(o, "</a>", err)
            : gb_buf_printf(o, err, "%s<a href=\"#out-%.0f\">output line %.0f</a>",
                            k == 1 ? " · see " : ", ", at, at))
            return -1;
    }
    return k ? 0 : labelled(o, " · ", "", where, err);
}

static int output_gap(struct gb_buf *o, double from, double to, struct gb_err *err)
{
    if (to <= from)
        return 0;
    return to > from + 1
           ? gb_buf_printf(o, err, "<span><i>    … lines %.0f–%.0f not shown</i></span>",
                           from, to - 1)
           : gb_buf_printf(o, err, "<span><i>    … line %.0f not shown</i></span>", from);
}

static int output_block(struct gb_buf *o, const cJSON *doc, struct gb_err *err)
{
    const cJSON *out = cJSON_GetObjectItemCaseSensitive(doc, "output"), *l;
    const cJSON *shown = cJSON_GetObjectItemCaseSensitive(out, "shown");
    double next = 1, total = num_of(out, "lines");

    if (!cJSON_IsObject(out))
        return 0;
    if (gb_buf_puts(o, "<h2>Your program's output</h2>\n<p><small>", err)
        || pages_escape(o, str_of(out, "note"), err)
        || gb_buf_puts(o, "</small></p>\n<pre class=\"out\">", err))
        return -1;
    cJSON_ArrayForEach(l, shown) {
        double n = num_of(l, "n");
        int cited = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(l, "cited"));

        if (n < next || n > 1e9)        /* the document is ours, but never trust order */
            continue;
        if (output_gap(o, next, n, err)
            || gb_buf_printf(o, err, "<span id=\"out-%.0f\"%s>%s%6.0f │ ", n,
                             cited ? " class=\"cited\"" : "", cited ? "&gt;" : " ", n)
            || pages_escape(o, str_of(l, "text"), err) || gb_buf_puts(o, "</span>", err))
            return -1;
        next = n + 1;
    }
    return total <= 1e9 && output_gap(o, next, total + 1, err) ? -1
           : gb_buf_puts(o, "</pre>\n", err);
}

/* One check as a card: verdict, points, id, what it means, what was found. */
static int check_card(struct gb_buf *o, const cJSON *c, struct gb_err *err)
{
    const char *verdict = str_of(c, "verdict");
    const char *mark = verdict && !strcmp(verdict, "pass") ? "✓"
                       : verdict && !strcmp(verdict, "review") ? "?" : "✗";

    if (!verdict)
        return 0;
    return gb_buf_puts(o, "<li class=\"", err) || pages_escape(o, verdict, err) ||
           gb_buf_printf(o, err, "\"><b>%s ", mark) || pages_escape(o, verdict, err) ||
           gb_buf_printf(o, err, "</b> %g/%g <code>", num_of(c, "points"),
                         num_of(c, "max_points")) ||
           pages_escape(o, str_of(c, "id"), err) || gb_buf_puts(o, "</code>", err) ||
           labelled(o, "<br>", "", str_of(c, "description"), err) ||
           gb_buf_puts(o, "<br><small>", err) ||
           labelled(o, "", "expected ", str_of(c, "expected"), err) ||
           labelled(o, " · ", "found ", str_of(c, "found"), err) ||
           where_links(o, c, err) ||
           labelled(o, "<br>", "", str_of(c, "message"), err) ||
           labelled(o, "<br>", "reading: ", str_of(c, "reading"), err) ||
           gb_buf_puts(o, "</small></li>\n", err) ? -1 : 0;
}

/* The stored gradebox.result/1 document: how the run went, the advice, the
 * crash, then every check.  Nothing is recomputed: fields are shown. */
static int result_block(struct gb_buf *o, const char *json, struct gb_err *err)
{
    cJSON *doc = json ? cJSON_Parse(json) : NULL;
    const cJSON *run, *checks, *c, *integrity;
    int rc, n = 0, passed = 0;

    if (!doc)
        return 0;                       /* the text report below still says it all */
    run = cJSON_GetObjectItemCaseSensitive(doc, "run");
    integrity = cJSON_GetObjectItemCaseSensitive(doc, "integrity");   /* the rerun, or null */
    checks = cJSON_GetObjectItemCaseSensitive(doc, "checks");
    cJSON_ArrayForEach(c, checks) {
        n++;
        passed += str_of(c, "verdict") && !strcmp(str_of(c, "verdict"), "pass");
    }
    rc = gb_buf_printf(o, err, "<p>%d of %d checks passed", passed, n) ||
         labelled(o, "<br><small>", "run: ", str_of(run, "summary"), err) ||
         gb_buf_puts(o, run && str_of(run, "summary") ? "</small>" : "", err) ||
         labelled(o, "<br><small>", "integrity: ", str_of(integrity, "summary"), err) ||
         gb_buf_puts(o, str_of(integrity, "summary") ? "</small></p>\n" : "</p>\n", err) ||
         labelled(o, "<p class=\"note\">", "", str_of(doc, "triage"), err) ||
         (str_of(doc, "triage") && gb_buf_puts(o, "</p>\n", err)) ||
         labelled(o, "<p>Where it stopped:</p><pre>", "", str_of(doc, "crash_tail"), err) ||
         (str_of(doc, "crash_tail") && gb_buf_puts(o, "</pre>\n", err)) ||
         gb_buf_puts(o, "<ol class=\"checks\">\n", err);
    cJSON_ArrayForEach(c, checks) {
        if (rc == 0)
            rc = check_card(o, c, err);
    }
    if (rc == 0)
        rc = gb_buf_puts(o, "</ol>\n", err) || output_block(o, doc, err);
    cJSON_Delete(doc);
    return rc ? -1 : 0;
}

static int status_block(struct gb_buf *o, const struct queue_view *v, struct gb_err *err)
{
    switch (v->state) {
    case QUEUE_QUEUED:
        return gb_buf_printf(o, err, "<p class=\"note\"><b>Waiting to be graded</b> — number "
                                     "%ld in line. This page reloads every %d seconds; the "
                                     "report appears here.</p>\n", v->position,
                             PAGES_REFRESH_S);
    case QUEUE_RUNNING:
        return gb_buf_printf(o, err, "<p class=\"note\"><b>Being graded</b> (your program is "
                                     "running). This page reloads every %d seconds.</p>\n",
                             PAGES_REFRESH_S);
    case QUEUE_ERROR:
        return gb_buf_puts(o, "<p class=\"note\"><b>This submission could not be graded.</b> ",
                           err) || pages_escape(o, v->error, err) ||
               gb_buf_puts(o, " Tell your instructor; sending the file again is fine.</p>\n",
                           err) ? -1 : 0;
    case QUEUE_DONE:
        return gb_buf_puts(o, "<p>Result: ", err) || status_cell(o, v, err) ||
               gb_buf_printf(o, err, " <small>(graded in %.1f s)</small></p>\n",
                             v->grading_seconds) ||
               result_block(o, v->result_json, err) ||
               gb_buf_puts(o, "<details><summary>The report as <code>grader check</code> "
                              "prints it</summary>\n<pre class=\"wide\">", err) ||
               pages_escape(o, v->report_text, err) ||
               gb_buf_puts(o, "</pre></details>\n", err) ? -1 : 0;
    }
    return 0;
}

int pages_submission(struct gb_buf *out, const struct queue_view *v,
                     const struct tokens_claims *who, struct gb_err *err)
{
    int waiting = v->state == QUEUE_QUEUED || v->state == QUEUE_RUNNING;
    char when[32];

    api_time(v->submitted_ms, when);
    when[10] = ' ';                     /* "2026-12-03 19:05" (UTC) */
    when[16] = '\0';
    return head(out, v->exercise, waiting ? PAGES_REFRESH_S : 0, err) ||
           who_line(out, who, err) || gb_buf_puts(out, "<h1>", err) ||
           pages_escape(out, v->exercise, err) || gb_buf_puts(out, "</h1>\n<p><small>", err) ||
           pages_escape(out, v->filename, err) ||
           gb_buf_printf(out, err, " · sent %s UTC · <a href=\"/api/v1/submissions/%s\">JSON</a>"
                         "</small></p>\n", when, v->id) ||
           status_block(out, v, err) ||
           gb_buf_puts(out, "<p><a href=\"/\">Check another file</a></p>\n", err) ||
           foot(out, err) ? -1 : 0;
}

int pages_continue(struct gb_buf *out, const struct tokens_claims *who, const char *url,
                   struct gb_err *err)
{
    return gb_buf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
                            "<meta http-equiv=\"refresh\" content=\"0; url=", err) ||
           pages_escape(out, url, err) ||
           gb_buf_printf(out, err, "\">\n<title>Signed in · gradebox</title>\n<style>%s</style>"
                         "</head>\n<body><main>\n", STYLE) ||
           who_line(out, who, err) ||
           gb_buf_puts(out, "<p>Signed in from your course page. <a href=\"", err) ||
           pages_escape(out, url, err) ||
           gb_buf_puts(out, "\">Go to the upload page</a></p>\n", err) || foot(out, err) ? -1 : 0;
}

int pages_message(struct gb_buf *out, int status, const char *message, int with_login,
                  const char *next, struct gb_err *err)
{
    const char *title = status >= 500 ? "Sorry" : status == 401 ? "Please sign in"
                                                : status == 404 ? "Not found" : "Not accepted";

    return head(out, title, 0, err) || gb_buf_puts(out, "<h1>", err) ||
           pages_escape(out, title, err) || gb_buf_puts(out, "</h1>\n<p class=\"note\">", err) ||
           pages_escape(out, message, err) || gb_buf_puts(out, "</p>\n", err) ||
           (with_login && login_form(out, next, err)) ||
           gb_buf_puts(out, "<p><a href=\"/\">Back to the upload page</a></p>\n", err) ||
           foot(out, err) ? -1 : 0;
}
