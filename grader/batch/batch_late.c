/* batch_late.c — deadline, penalty per day, cap and grace (see batch_late.h). */
#define _GNU_SOURCE
#include "batch/batch_late.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "deliver/result_doc.h"

#define DAY 86400LL

/* "2026-11-30T23:59:00Z", "2026-11-30T23:59Z", "2026-11-30 23:59": UTC. */
static int parse_time(const char *s, long long *out)
{
    struct tm tm;
    const char *end;

    memset(&tm, 0, sizeof tm);
    end = strptime(s, "%Y-%m-%d", &tm);
    if (!end || (*end != 'T' && *end != ' '))
        return -1;
    if (!(end = strptime(end + 1, "%H:%M", &tm)))
        return -1;
    if (*end == ':' && !(end = strptime(end + 1, "%S", &tm)))
        return -1;
    if (*end == 'Z')
        end++;
    if (*end)
        return -1;
    *out = (long long)timegm(&tm);
    return 0;
}

/* "10", "10%", "10%/day", "10/day". */
static int parse_percent(const char *s, const char **end, double *out)
{
    char *e;

    *out = strtod(s, &e);
    if (e == s || *out < 0 || *out > 100)
        return -1;
    if (*e == '%')
        e++;
    if (!strncmp(e, "/day", 4))
        e += 4;
    *end = e;
    return 0;
}

/* "2h", "30m", "1d", "600" (seconds). */
static int parse_span(const char *s, const char **end, long long *out)
{
    char *e;
    double v = strtod(s, &e);

    if (e == s || v < 0)
        return -1;
    *out = (long long)(v * (*e == 'd' ? DAY : *e == 'h' ? 3600 : *e == 'm' ? 60 : 1));
    *end = e + (*e == 'd' || *e == 'h' || *e == 'm');
    return 0;
}

static int parse_penalty(const char *s, struct batch_late_policy *p)
{
    const char *e;

    if (parse_percent(s, &e, &p->per_day))
        return -1;
    while (*e == ',') {
        if (!strncmp(e + 1, "cap=", 4) && parse_percent(e + 5, &e, &p->cap) == 0)
            continue;
        if (!strncmp(e + 1, "grace=", 6) && parse_span(e + 7, &e, &p->grace) == 0)
            continue;
        return -1;
    }
    return *e ? -1 : 0;
}

int batch_late_parse(const char *deadline, const char *penalty, struct batch_late_policy *p,
                     struct gb_err *err)
{
    memset(p, 0, sizeof *p);
    p->cap = 100;
    if (!deadline)
        return gb_fail(err, "--late-penalty needs --deadline");
    if (parse_time(deadline, &p->deadline))
        return gb_fail(err, "--deadline: '%s' is not a UTC time such as 2026-11-30T23:59:00Z",
                       deadline);
    if (penalty && parse_penalty(penalty, p))
        return gb_fail(err, "--late-penalty: '%s' is not PERCENT[%%/day][,cap=PERCENT]"
                       "[,grace=SPAN] (e.g. 10%%/day,cap=50%%,grace=2h)", penalty);
    return 0;
}

void batch_late_format(const struct batch_late_policy *p, char *out, size_t size)
{
    snprintf(out, size, "%lld %.17g %.17g %lld", p->deadline, p->per_day, p->cap, p->grace);
}

int batch_late_load(const char *text, struct batch_late_policy *p)
{
    return text && sscanf(text, "%lld %lf %lf %lld", &p->deadline, &p->per_day, &p->cap,
                          &p->grace) == 4 ? 0 : -1;
}

int batch_late_of(const struct batch_book *b, const char *student, struct batch_late *out)
{
    struct batch_late_policy p;
    long long over;

    memset(out, 0, sizeof *out);
    out->submitted = -1;
    if (batch_late_load(b->late_policy, &p))
        return 0;
    for (size_t i = 0; i < b->n_rows; i++) {
        const struct batch_row *r = &b->rows[i];

        if (!strcmp(r->student, student) && r->status && strcmp(r->status, "error") &&
            r->mtime > out->submitted)
            out->submitted = r->mtime;
    }
    if (out->submitted < 0)
        return 0;
    over = out->submitted - p.deadline - p.grace;
    out->days = over > 0 ? (int)((over + DAY - 1) / DAY) : 0;
    out->percent = out->days * p.per_day < p.cap ? out->days * p.per_day : p.cap;
    return 1;
}

static cJSON *late_member(const struct batch_late *l, double score)
{
    cJSON *o = cJSON_CreateObject();

    if (!o || !cJSON_AddNumberToObject(o, "days", l->days) ||
        !cJSON_AddNumberToObject(o, "percent", l->percent) ||
        !cJSON_AddNumberToObject(o, "score", score * (1 - l->percent / 100))) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* What the penalty applies to: a human's override of the exercise, else
 * the checks' sum. */
static double base_score(const cJSON *doc)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(doc, "override");
    const cJSON *pts = cJSON_GetObjectItemCaseSensitive(o, "points");
    const cJSON *score = cJSON_GetObjectItemCaseSensitive(doc, "score");

    return cJSON_IsNumber(pts) ? pts->valuedouble : cJSON_GetNumberValue(score);
}

int batch_late_stamp(const struct batch_book *b, const char *policy_at, struct batch_row *r,
                     struct gb_err *err)
{
    struct batch_late l;
    cJSON *doc = r->json ? cJSON_Parse(r->json) : NULL;
    const char *at;
    char *text;
    int rc = 0;

    if (!doc)
        return r->json ? gb_fail(err, "%s's %s: the stored result is not JSON", r->student,
                                 r->exercise) : 0;
    at = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "graded_at"));
    if (policy_at && at && strcmp(policy_at, at) > 0)
        rc = result_doc_set_member(doc, "graded_at", cJSON_CreateString(policy_at));
    if (rc == 0 && batch_late_of(b, r->student, &l) && l.percent > 0)
        rc = result_doc_set_member(doc, "late", late_member(&l, base_score(doc)));
    text = rc == 0 ? cJSON_PrintUnformatted(doc) : NULL;
    cJSON_Delete(doc);
    if (!text)
        return gb_fail(err, "out of memory");
    free(r->json);
    r->json = text;
    return 0;
}
