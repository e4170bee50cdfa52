/* report_json.c — gradebox's own result document, schema "gradebox.result/1".
 *
 * The richest serialisation of a struct grade_result and the exact body the
 * webhook delivers (re-serialised by `grader post`); docs/results.md and
 * docs/lms.md (result_key, signature) document every field.
 * Absent values are JSON null, never omitted, so consumers see one shape. */
#include "report/report.h"

#include <cjson/cJSON.h>
#include <stdlib.h>

#include "report/report_output.h"
#include "report/result_sign.h"

/* Adds key: cleaned s, or null when s is NULL.  0 on success. */
static int add_text(cJSON *obj, const char *key, const char *s)
{
    char *clean;
    cJSON *item;

    if (!s)
        return cJSON_AddNullToObject(obj, key) ? 0 : -1;
    if (!(clean = report_clean_dup(s, NULL)))
        return -1;
    item = cJSON_AddStringToObject(obj, key, clean);
    free(clean);
    return item ? 0 : -1;
}

static int add_number(cJSON *obj, const char *key, double v)
{
    return cJSON_AddNumberToObject(obj, key, v) ? 0 : -1;
}

static cJSON *runtime_object(const struct runtime_info *rt)
{
    cJSON *o = cJSON_CreateObject(), *shims;
    int rc;

    if (!o)
        return NULL;
    rc = add_text(o, "python", rt->python) | add_text(o, "torch", rt->torch)
         | add_text(o, "numpy", rt->numpy);
    shims = cJSON_AddArrayToObject(o, "shims");
    for (size_t i = 0; !rc && shims && i < rt->n_shims; i++) {
        cJSON *s = cJSON_CreateString(rt->shims[i]);

        rc = !s || !cJSON_AddItemToArray(shims, s);
    }
    if (rc || !shims) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

static cJSON *run_object(const struct grade_result *r)
{
    const struct sandbox_result *run = &r->run;
    cJSON *o = cJSON_CreateObject();
    int rc;

    if (!o)
        return NULL;
    rc = (run->exited ? add_number(o, "exit_code", run->exit_code)
                      : add_text(o, "exit_code", NULL))
         | (run->signal ? add_number(o, "signal", run->signal) : add_text(o, "signal", NULL))
         | add_text(o, "limit", run->limit == SANDBOX_LIMIT_NONE
                                    ? NULL : sandbox_limit_name(run->limit))
         | add_number(o, "wall_seconds", run->wall_seconds)
         | add_number(o, "cpu_seconds", run->cpu_seconds)
         | add_number(o, "peak_memory_bytes", (double)run->peak_memory_bytes)
         | add_text(o, "memory_limit_by", sandbox_memory_guard_name(run->memory_guard))
         | add_text(o, "summary", r->run_summary)
         | !cJSON_AddBoolToObject(o, "stdout_truncated", run->out.truncated);
    if (rc) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* "output_lines": the output lines the check cites (report_output.h), [] if none. */
static int add_cites(cJSON *o, const struct check_result *c)
{
    size_t lines[REPORT_OUTPUT_CITES], n = report_output_cites(c, lines, REPORT_OUTPUT_CITES);
    cJSON *a = cJSON_AddArrayToObject(o, "output_lines");

    for (size_t i = 0; a && i < n; i++) {
        cJSON *v = cJSON_CreateNumber((double)lines[i]);

        if (!v || !cJSON_AddItemToArray(a, v)) {
            cJSON_Delete(v);
            return -1;
        }
    }
    return a ? 0 : -1;
}

static cJSON *check_object(const struct check_result *c)
{
    cJSON *o = cJSON_CreateObject();
    int rc;

    if (!o)
        return NULL;
    rc = add_text(o, "id", c->id) | add_text(o, "description", c->description)
         | add_text(o, "verdict", verdict_name(c->verdict))
         | add_number(o, "points", c->points) | add_number(o, "max_points", c->max_points)
         | add_text(o, "expected", c->expected) | add_text(o, "found", c->found)
         | add_text(o, "where", c->where) | add_text(o, "message", c->message)
         | add_text(o, "reading", c->reading) | add_cites(o, c);
    if (rc) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

static int add_child(cJSON *parent, const char *key, cJSON *child)
{
    if (!child)
        return -1;
    cJSON_AddItemToObject(parent, key, child);
    return 0;
}

/* "integrity": null when no rerun was asked for, else which runs were made
 * and what the rerun compared (check/rerun.h, docs/results.md). */
static int add_integrity(cJSON *parent, const struct integrity_info *in)
{
    cJSON *o;
    int rc;

    if (!in->runs)
        return add_text(parent, "integrity", NULL);
    if (!(o = cJSON_CreateObject()))
        return -1;
    rc = add_number(o, "runs", in->runs) | add_text(o, "summary", in->summary)
         | add_number(o, "compared", (double)in->compared)
         | add_number(o, "followed", (double)in->followed)
         | add_number(o, "not_followed", (double)in->not_followed)
         | add_number(o, "replayed", (double)in->replayed)
         | add_number(o, "untestable", (double)in->untestable);
    if (rc) {
        cJSON_Delete(o);
        return -1;
    }
    return add_child(parent, "integrity", o);
}

static cJSON *output_line(const struct report_output_line *l)
{
    struct gb_buf text = GB_BUF_INIT;
    cJSON *o = cJSON_CreateObject();
    int rc = !o || report_output_line_text(l, &text, NULL)
             || gb_buf_append(&text, "", 0, NULL)
             || add_number(o, "n", (double)l->n) || add_text(o, "text", text.data)
             || !cJSON_AddBoolToObject(o, "cited", l->cited);

    gb_buf_free(&text);
    if (rc) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* "output": what the program printed, as the text report shows it
 * (report_output.h): null when nothing ran, else {lines, bytes, total_bytes,
 * sandbox_cut, shown_whole, note, shown[{n, text, cited}]}. */
static int add_output(cJSON *parent, const struct grade_result *r)
{
    struct report_output v;
    struct gb_buf note = GB_BUF_INIT;
    cJSON *o, *shown;
    int rc = report_output_view(r, &v, NULL);

    if (rc)
        return rc < 0 ? -1 : add_text(parent, "output", NULL);
    o = cJSON_CreateObject();
    rc = !o || report_output_note(&v, &note, NULL) || gb_buf_append(&note, "", 0, NULL)
         || add_number(o, "lines", (double)v.total_lines)
         || add_number(o, "bytes", (double)v.kept_bytes)
         || add_number(o, "total_bytes", (double)v.total_bytes)
         || !cJSON_AddBoolToObject(o, "sandbox_cut", v.sandbox_cut)
         || !cJSON_AddBoolToObject(o, "shown_whole", v.n_lines == v.total_lines)
         || add_text(o, "note", note.data) || !(shown = cJSON_AddArrayToObject(o, "shown"));
    for (size_t i = 0; !rc && i < v.n_lines; i++) {
        cJSON *l = output_line(&v.lines[i]);

        rc = !l || !cJSON_AddItemToArray(shown, l);
    }
    gb_buf_free(&note);
    report_output_free(&v);
    if (rc) {
        cJSON_Delete(o);
        return -1;
    }
    return add_child(parent, "output", o);
}

static cJSON *result_object(const struct grade_result *r)
{
    cJSON *o = cJSON_CreateObject(), *checks;
    int rc;

    if (!o)
        return NULL;
    rc = add_text(o, "schema", REPORT_JSON_SCHEMA) | add_text(o, "result_id", r->result_id)
         | add_text(o, "result_key", r->result_key)
         | add_text(o, "student", r->student) | add_text(o, "assignment", r->assignment)
         | add_text(o, "exercise", r->exercise)
         | add_text(o, "submission_sha256", r->submission_sha256)
         | add_text(o, "graded_at", r->graded_at) | add_text(o, "grader_version", GRADER_VERSION)
         | add_number(o, "score", r->score) | add_number(o, "max_score", r->max_score)
         | add_text(o, "status", report_status_name(report_status(r)))
         | add_child(o, "runtime", runtime_object(&r->runtime))
         | (r->ran ? add_child(o, "run", run_object(r)) : add_text(o, "run", NULL))
         | add_integrity(o, &r->integrity)
         | add_text(o, "triage", r->triage) | add_text(o, "crash_tail", r->crash_tail)
         | add_output(o, r);
    checks = cJSON_AddArrayToObject(o, "checks");
    for (size_t i = 0; !rc && checks && i < r->n_checks; i++) {
        cJSON *c = check_object(&r->checks[i]);

        rc = !c || !cJSON_AddItemToArray(checks, c);
    }
    /* Last, so that signing appends nothing after it (result_sign.h). */
    if (rc || !checks || !cJSON_AddNullToObject(o, "signature")) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

int report_json_signed(const struct grade_result *r, const struct result_signer *signer,
                       struct gb_buf *out, struct gb_err *err)
{
    cJSON *doc = result_object(r);
    char *text;
    int rc;

    if (!doc)
        return gb_fail(err, "out of memory writing the JSON report");
    if (signer && result_sign_document(signer, doc, err)) {
        cJSON_Delete(doc);
        return -1;
    }
    text = cJSON_Print(doc);
    cJSON_Delete(doc);
    if (!text)
        return gb_fail(err, "out of memory writing the JSON report");
    rc = gb_buf_puts(out, text, err) || gb_buf_puts(out, "\n", err) ? -1 : 0;
    free(text);
    return rc;
}

int report_json(const struct grade_result *r, struct gb_buf *out, struct gb_err *err)
{
    return report_json_signed(r, NULL, out, err);
}
