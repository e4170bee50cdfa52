/* batch_review.c — review items, their evidence and groups, and decisions
 * applied to results (see batch_review.h). */
#define _GNU_SOURCE
#include "batch/batch_review.h"

#include "batch/batch_suggest.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "deliver/result_doc.h"
#include "report/report.h"

#define EVIDENCE_LINES 30
#define SOURCE_MAX (1u << 20)

static const char *text_of(const cJSON *o, const char *key)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));

    return s ? s : "";
}

static int sha256_hex(const void *data, size_t len, char hex[65])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;

    if (!EVP_Digest(data, len, md, &n, EVP_sha256(), NULL) || n != 32)
        return -1;
    for (unsigned i = 0; i < n; i++)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
    return 0;
}

/* The line a check names in the submission ("answers.md, section "q1" (line
 * 3)"), or 0 for none or a line of the run's output, which is not kept. */
static long named_line(const char *where)
{
    const char *p = strstr(where, "line ");

    if (!p || strstr(where, "output"))
        return 0;
    return strtol(p + 5, NULL, 10);
}

/* The section a check names: what `where` quotes ("q2" in 'answers.md,
 * section "q2" (line 9)'), as a length into it; 0 for none. */
static size_t section_name(const char *where, const char **name)
{
    const char *open = strchr(where, '"'), *close = open ? strchr(open + 1, '"') : NULL;

    *name = open ? open + 1 : "";
    return close ? (size_t)(close - open - 1) : 0;
}

/* Where the section of check c (at `line`) ends: the first line after it
 * that a check of another section names (the next section the grader
 * found; checks of the same section name lines inside it), else 0. */
static long section_end(const cJSON *doc, const cJSON *c, long line)
{
    const char *mine, *theirs;
    size_t n = section_name(text_of(c, "where"), &mine), k;
    const cJSON *o;
    long end = 0;

    cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(doc, "checks")) {
        long at = named_line(text_of(o, "where"));

        k = section_name(text_of(o, "where"), &theirs);
        if (k == n && !strncmp(mine, theirs, n))
            continue;
        if (at > line && (end == 0 || at < end))
            end = at;
    }
    return end;
}

/* From the stored copy: the named line and what follows it, up to the next
 * section (end), a heading or EVIDENCE_LINES lines — the student's section. */
static int section_at(const char *path, long line, long end, struct gb_buf *out,
                      struct gb_err *err)
{
    struct gb_buf src = GB_BUF_INIT;
    struct gb_err why;
    const char *p;
    long at = 1, taken = 0;
    int rc = 0;

    if (!path || gb_read_file(path, SOURCE_MAX, &src, &why) || !src.data)
        return gb_buf_free(&src), 1;             /* not kept: fall back to the reason */
    for (p = src.data; *p && at < line; p++)
        at += *p == '\n';
    while (rc == 0 && *p && taken < EVIDENCE_LINES && (end == 0 || at + taken < end)) {
        size_t n = strcspn(p, "\n");

        if (taken > 0 && p[0] == '#')
            break;
        rc = gb_buf_append(out, p, n, err) || gb_buf_puts(out, "\n", err) ? -1 : 0;
        p += n + (p[n] == '\n');
        taken++;
    }
    gb_buf_free(&src);
    return rc;
}

/* The evidence of one check: the student's section, else the grader's
 * reason and what it found. */
static int evidence_of(const struct batch_row *r, const cJSON *doc, const cJSON *c,
                       struct gb_buf *out, struct gb_err *err)
{
    long line = named_line(text_of(c, "where"));
    int rc = line > 0 ? section_at(r->path, line, section_end(doc, c, line), out, err) : 1;

    if (rc <= 0)
        return rc;
    return gb_buf_printf(out, err, "%s%s%s", text_of(c, "message"),
                         text_of(c, "found")[0] ? "\nfound: " : "", text_of(c, "found"));
}

/* The evidence as a group sees it: letters in lower case, every number '#',
 * runs of anything else one space. */
static char *normalised(const char *s)
{
    char *out = malloc(strlen(s) + 1), *o = out;
    int gap = 0;

    if (!out)
        return NULL;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (isdigit(*p) || (*p == '.' && isdigit(p[1]) && o > out && o[-1] == '#')) {
            if (o == out || o[-1] != '#')
                *o++ = '#';
            gap = 0;
        } else if (isalpha(*p) || *p >= 0x80) {
            if (gap && o > out)
                *o++ = ' ';
            *o++ = (char)tolower(*p);
            gap = 0;
        } else {
            gap = 1;
        }
    }
    *o = '\0';
    return out;
}

static void item_clear(struct batch_review_item *it)
{
    free(it->student);
    free(it->exercise);
    free(it->check);
    free(it->question);
    free(it->description);
    free(it->evidence);
    free(it->reasons);
    memset(it, 0, sizeof *it);
}

/* Group: the exercise, the check and the normalised evidence. */
static int group_of(struct batch_review_item *it, struct gb_err *err)
{
    char *norm = normalised(it->evidence), *key = NULL, hex[65];
    int rc;

    if (!norm || asprintf(&key, "%s\n%s\n%s", it->exercise, it->check, norm) < 0) {
        free(norm);
        return gb_fail(err, "out of memory");
    }
    rc = sha256_hex(key, strlen(key), hex) ? gb_fail(err, "cannot compute SHA-256") : 0;
    snprintf(it->group, BATCH_REVIEW_GROUP_MAX, "g%.8s", hex);
    free(norm);
    free(key);
    return rc;
}

static const struct batch_decision *decision_for(const struct batch_decision *d, size_t nd,
                                                 const char *student, const char *exercise,
                                                 const char *check)
{
    for (size_t i = 0; i < nd; i++)
        if (!strcmp(d[i].student, student) && !strcmp(d[i].exercise, exercise) &&
            !strcmp(d[i].check, check))
            return &d[i];
    return NULL;
}

/* Fills one item of a row's review check. */
static int item_of(const struct batch_row *r, const cJSON *doc, const cJSON *c,
                   const struct batch_decision *d, size_t nd, struct batch_review_item *it,
                   struct gb_err *err)
{
    struct gb_buf ev = GB_BUF_INIT;
    struct batch_suggestion sug;
    const struct batch_decision *dec;

    memset(it, 0, sizeof *it);
    if (evidence_of(r, doc, c, &ev, err) || gb_buf_puts(&ev, "", err))
        return gb_buf_free(&ev), -1;
    it->student = strdup(r->student);
    it->exercise = strdup(r->exercise);
    it->check = strdup(text_of(c, "id"));
    it->question = strdup(text_of(c, "message"));
    it->description = strdup(text_of(c, "description"));
    it->evidence = report_clean_dup(ev.data, err);
    it->max_points = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(c, "max_points"));
    gb_buf_free(&ev);
    if (!it->student || !it->exercise || !it->check || !it->question || !it->description ||
        !it->evidence)
        return gb_fail(err, "out of memory");
    if (sha256_hex(it->evidence, strlen(it->evidence), it->evidence_sha) || group_of(it, err))
        return gb_fail(err, "cannot compute SHA-256");
    if (batch_suggest(doc, c, &sug, err))
        return -1;
    it->suggested = sug.verdict;
    it->reasons = sug.reasons;
    dec = decision_for(d, nd, it->student, it->exercise, it->check);
    it->decision = dec && !strcmp(dec->evidence, it->evidence_sha) ? dec : NULL;
    it->stale = dec && !it->decision;
    return 0;
}

static int row_items(const struct batch_row *r, const struct batch_decision *d, size_t nd,
                     struct batch_review_item **items, size_t *n, struct gb_err *err)
{
    cJSON *doc = cJSON_Parse(r->json);
    const cJSON *c;
    int rc = 0;

    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(doc, "checks")) {
        struct batch_review_item *grown;

        if (strcmp(text_of(c, "verdict"), "review"))
            continue;
        if (!(grown = realloc(*items, (*n + 1) * sizeof *grown))) {
            rc = gb_fail(err, "out of memory");
            break;
        }
        *items = grown;
        rc = item_of(r, doc, c, d, nd, &grown[*n], err);
        (*n)++;                       /* freed with the rest even when half filled */
        if (rc)
            break;
    }
    cJSON_Delete(doc);
    return rc;
}

int batch_review_items(const struct batch_book *b, const struct batch_decision *d, size_t nd,
                       struct batch_review_item **items, size_t *n, struct gb_err *err)
{
    *items = NULL;
    *n = 0;
    for (size_t i = 0; i < b->n_rows; i++)
        if (b->rows[i].json && row_items(&b->rows[i], d, nd, items, n, err)) {
            batch_review_items_free(*items, *n);
            *items = NULL;
            *n = 0;
            return -1;
        }
    return 0;
}

void batch_review_items_free(struct batch_review_item *items, size_t n)
{
    for (size_t i = 0; i < n; i++)
        item_clear(&items[i]);
    free(items);
}

/* ---- decisions -------------------------------------------------------------------- */

int batch_review_decide(struct batch_store *st, const struct batch_review_item *it,
                        const char *word, const char *note, const char *by, const char *at,
                        struct gb_err *err)
{
    struct batch_decision d = { it->student, it->exercise, it->check, NULL, 0, (char *)note,
                                (char *)by, (char *)at, (char *)it->evidence_sha };
    char *end, *why = NULL;
    int rc;

    if (!strcmp(word, "suggested")) {
        if (!it->suggested)
            return gb_fail(err, "%s %s %s has no suggested verdict (no evidence either way): "
                           "decide pass, fail or points", it->student, it->exercise, it->check);
        if (asprintf(&why, "the suggested verdict%s%s", note ? "; " : "", note ? note : "") < 0)
            return gb_fail(err, "out of memory");
        d.note = why;
        word = it->suggested;
    }
    if (!strcmp(word, "pass") || !strcmp(word, "fail")) {
        d.verdict = (char *)word;
        d.points = word[0] == 'p' ? it->max_points : 0;
    } else {
        d.points = strtod(word, &end);
        if (end == word || *end || !(d.points >= 0 && d.points <= it->max_points))
            return gb_fail(err, "%s: not pass, fail, suggested or a number of points from 0 "
                           "to %g", word, it->max_points);
        d.verdict = "points";
    }
    rc = batch_store_put_decision(st, &d, err);
    free(why);
    return rc;
}

/* ---- decisions applied ---------------------------------------------------------- */

/* The check as the reviewer decided it.  A share of the points is a pass
 * for the status (a human found merit), with the points given. */
static int decide_check(cJSON *c, const struct batch_decision *d)
{
    double max = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(c, "max_points"));
    double pts = !strcmp(d->verdict, "pass") ? max : !strcmp(d->verdict, "fail") ? 0 : d->points;
    char *msg = NULL;
    int rc;

    if (asprintf(&msg, "decided by %s at %s: %s, %g of %g points%s%s (the question was: %s)",
                 d->by, d->at, pts > 0 ? "pass" : "fail", pts, max, d->note ? "; " : "",
                 d->note ? d->note : "", text_of(c, "message")) < 0)
        return -1;
    rc = result_doc_set_member(c, "verdict", cJSON_CreateString(pts > 0 ? "pass" : "fail")) ||
         result_doc_set_member(c, "points", cJSON_CreateNumber(pts)) ||
         result_doc_set_member(c, "message", cJSON_CreateString(msg)) ||
         result_doc_set_member(c, "decided_by", cJSON_CreateString(d->by)) ? -1 : 0;
    free(msg);
    return rc;
}

/* Decides the row's review checks that have a decision on their current
 * evidence; *latest: the newest decision's time, "" when none applied. */
static int decide_row(struct batch_row *r, cJSON *doc, const struct batch_decision *d,
                      size_t nd, const char **latest, struct gb_err *err)
{
    cJSON *c;

    *latest = "";
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(doc, "checks")) {
        struct batch_review_item it;
        int rc;

        if (strcmp(text_of(c, "verdict"), "review"))
            continue;
        rc = item_of(r, doc, c, d, nd, &it, err);
        if (rc == 0 && it.decision && decide_check(c, it.decision))
            rc = gb_fail(err, "out of memory");
        if (rc == 0 && it.decision && strcmp(it.decision->at, *latest) > 0)
            *latest = it.decision->at;
        item_clear(&it);
        if (rc)
            return -1;
    }
    return 0;
}

/* The grade follows from the checks: the sums set here, the status and the
 * identity by result_doc_parse (the same checks `grader post` makes). */
static int settle(struct batch_row *r, cJSON *doc, const char *latest, struct gb_err *err)
{
    struct result_doc_opts o = { NULL, NULL, NULL, 0 };
    struct result_doc rd;
    double sum = 0, max = 0;
    const cJSON *c;
    char *text;
    int rc;

    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(doc, "checks")) {
        sum += cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(c, "points"));
        max += cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(c, "max_points"));
    }
    if (strcmp(latest, text_of(doc, "graded_at")) > 0 &&
        result_doc_set_member(doc, "graded_at", cJSON_CreateString(latest)))
        return gb_fail(err, "out of memory");
    if (result_doc_set_member(doc, "score", cJSON_CreateNumber(sum)) ||
        result_doc_set_member(doc, "max_score", cJSON_CreateNumber(max)) ||
        result_doc_set_member(doc, "status", cJSON_CreateNull()) ||
        result_doc_set_member(doc, "signature", cJSON_CreateNull()) || !(text = cJSON_PrintUnformatted(doc)))
        return gb_fail(err, "out of memory");
    rc = result_doc_parse(text, strlen(text), &o, &rd, err);
    free(text);
    if (rc)
        return gb_err_prefix(err, "%s's %s with its decisions", r->student, r->exercise);
    text = cJSON_PrintUnformatted(rd.root);
    rc = text ? 0 : gb_fail(err, "out of memory");
    if (rc == 0) {
        free(r->json);
        r->json = text;
        free(r->status);
        r->status = strdup(report_status_name(rd.status));
        r->score = rd.r.score;
        r->max_score = rd.r.max_score;
        free(r->graded_at);
        r->graded_at = strdup(text_of(rd.root, "graded_at"));
        rc = r->status && r->graded_at ? 0 : gb_fail(err, "out of memory");
    }
    result_doc_free(&rd);
    return rc;
}

/* ---- overrides ------------------------------------------------------------------- */

int batch_review_override(struct batch_store *st, const struct batch_row *r, const char *points,
                          const char *note, const char *by, const char *at, struct gb_err *err)
{
    cJSON *doc = r->json ? cJSON_Parse(r->json) : NULL;
    struct batch_decision d = { r->student, r->exercise, BATCH_REVIEW_OVERRIDE, "override", 0,
                                (char *)note, (char *)by, (char *)at, NULL };
    char *end;
    int rc;

    if (!doc)
        return gb_fail(err, "%s has no graded %s to override", r->student, r->exercise);
    d.evidence = (char *)text_of(doc, "submission_sha256");
    d.points = strtod(points, &end);
    if (end == points || *end || !(d.points >= 0 && d.points <= r->max_score))
        rc = gb_fail(err, "%s: not a number of points from 0 to %g", points, r->max_score);
    else
        rc = batch_store_put_decision(st, &d, err);
    cJSON_Delete(doc);
    return rc;
}

static cJSON *override_member(const struct batch_decision *d)
{
    cJSON *o = cJSON_CreateObject();

    if (!o || !cJSON_AddNumberToObject(o, "points", d->points) ||
        !cJSON_AddStringToObject(o, "by", d->by) || !cJSON_AddStringToObject(o, "at", d->at) ||
        !(d->note ? cJSON_AddStringToObject(o, "note", d->note)
                  : cJSON_AddNullToObject(o, "note"))) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* The row's override on its current submission, if any, applied last. */
static int override_row(struct batch_row *r, const struct batch_decision *d, size_t nd,
                        struct gb_err *err)
{
    const struct batch_decision *o = decision_for(d, nd, r->student, r->exercise,
                                                  BATCH_REVIEW_OVERRIDE);
    cJSON *doc;
    char *text;
    int rc;

    if (!o || !(doc = cJSON_Parse(r->json)))
        return 0;
    if (strcmp(o->evidence, text_of(doc, "submission_sha256"))) {
        cJSON_Delete(doc);       /* made on another upload: not applied */
        return 0;
    }
    rc = result_doc_set_member(doc, "override", override_member(o));
    if (rc == 0 && strcmp(o->at, text_of(doc, "graded_at")) > 0)
        rc = result_doc_set_member(doc, "graded_at", cJSON_CreateString(o->at));
    text = rc == 0 ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    if (!text)
        return gb_fail(err, "out of memory");
    free(r->json);
    r->json = text;
    r->score = o->points;
    if (strcmp(o->at, r->graded_at ? r->graded_at : "") > 0) {
        free(r->graded_at);
        if (!(r->graded_at = strdup(o->at)))
            return gb_fail(err, "out of memory");
    }
    return 0;
}

int batch_review_apply(struct batch_row *rows, size_t n, const struct batch_decision *d,
                       size_t nd, struct gb_err *err)
{
    for (size_t i = 0; nd && i < n; i++) {
        cJSON *doc = rows[i].json ? cJSON_Parse(rows[i].json) : NULL;
        const char *latest;
        int rc;

        if (!doc)
            continue;
        rc = decide_row(&rows[i], doc, d, nd, &latest, err);
        if (rc == 0 && latest[0])
            rc = settle(&rows[i], doc, latest, err);
        cJSON_Delete(doc);
        if (rc == 0)
            rc = override_row(&rows[i], d, nd, err);
        if (rc)
            return -1;
    }
    return 0;
}

int batch_review_apply_stored(struct batch_store *st, struct batch_row *rows, size_t n,
                              struct gb_err *err)
{
    struct batch_decision *d;
    size_t nd;
    int rc;

    if (batch_store_decisions(st, &d, &nd, err))
        return -1;
    rc = batch_review_apply(rows, n, d, nd, err);
    batch_decisions_free(d, nd);
    return rc;
}
