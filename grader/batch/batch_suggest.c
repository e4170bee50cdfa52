/* batch_suggest.c — suggested verdicts for review items (see batch_suggest.h). */
#include "batch/batch_suggest.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"

#define QUOTE_MAX 110             /* bytes of a matched sentence shown as a reason */
#define RELATED_SHOWN 6           /* related checks listed; the rest are counted */

static const char *text_of(const cJSON *o, const char *key)
{
    const char *s = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(o, key));

    return s ? s : "";
}

static double number_of(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

    return cJSON_IsNumber(v) ? v->valuedouble : 0;
}

/* The answer section a check's `where` names ('answers.md, section "q2"
 * (line 9)' → q2), as a length into it; 0 for none. */
static size_t section_of(const char *where, const char **name)
{
    const char *at = strstr(where, "section \""), *close;

    *name = "";
    if (!at)
        return 0;
    *name = at + 9;
    close = strchr(*name, '"');
    return close ? (size_t)(close - *name) : 0;
}

/* The family of a check id: up to its last '_' (qk_rude_was → qk_rude). */
static size_t family_of(const char *id)
{
    const char *last = strrchr(id, '_');

    return last ? (size_t)(last - id) : 0;
}

/* Whether `other` is an automatic check related to review check `c`: the
 * same answer section when c names one, else the same family. */
static int related(const cJSON *c, const cJSON *other)
{
    const char *mine, *theirs, *id = text_of(c, "id"), *oid = text_of(other, "id");
    size_t n = section_of(text_of(c, "where"), &mine), k;

    if (other == c || !strcmp(text_of(other, "verdict"), "review") ||
        cJSON_GetObjectItemCaseSensitive(other, "decided_by") ||
        number_of(other, "max_points") <= 0)
        return 0;
    if (n > 0) {
        k = section_of(text_of(other, "where"), &theirs);
        return k == n && !strncmp(mine, theirs, n);
    }
    n = family_of(id);
    return n > 0 && family_of(oid) == n && !strncmp(id, oid, n);
}

/* At most QUOTE_MAX bytes of s, cut at a character boundary. */
static int quote(struct gb_buf *out, const char *s, struct gb_err *err)
{
    size_t n = strlen(s);

    if (n <= QUOTE_MAX)
        return gb_buf_puts(out, s, err);
    n = QUOTE_MAX;
    while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
        n--;
    return gb_buf_append(out, s, n, err) || gb_buf_puts(out, "…", err) ? -1 : 0;
}

/* One reason line per related check: its verdict, id, and what it matched
 * (a pass) or what it missed (anything else). */
static int list_related(const cJSON *doc, const cJSON *c, struct gb_buf *out,
                        struct gb_err *err)
{
    const cJSON *o;
    size_t shown = 0, more = 0;

    cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(doc, "checks")) {
        int pass = !strcmp(text_of(o, "verdict"), "pass");
        const char *why = pass ? text_of(o, "found") : text_of(o, "message");

        if (!related(c, o))
            continue;
        if (shown++ >= RELATED_SHOWN) {
            more++;
            continue;
        }
        if (!why[0])
            why = pass ? text_of(o, "where") : text_of(o, "expected");
        if (gb_buf_printf(out, err, "\n  %s %s%s", text_of(o, "verdict"), text_of(o, "id"),
                          why[0] ? ": " : "") || quote(out, why, err))
            return -1;
    }
    return more ? gb_buf_printf(out, err, "\n  and %zu more", more) : 0;
}

/* The typed-values check, from the rerun with changed seeds: 1 decided,
 * 0 no evidence there. */
static int from_rerun(const cJSON *doc, const cJSON *c, struct batch_suggestion *s,
                      struct gb_buf *out, struct gb_err *err)
{
    const cJSON *in = cJSON_GetObjectItemCaseSensitive(doc, "integrity");
    double compared = number_of(in, "compared"), followed = number_of(in, "followed");
    double replayed = number_of(in, "replayed"), not_followed = number_of(in, "not_followed");

    if (strcmp(text_of(c, "id"), "computed_not_typed") || !cJSON_IsObject(in) ||
        number_of(in, "runs") < 2 || compared <= 0)
        return 0;
    if (replayed > 0) {
        s->verdict = "fail";
        return gb_buf_printf(out, err, "the rerun with changed seeds printed %g of %g checked "
                             "values again unchanged: they do not come from the code",
                             replayed, compared) ? -1 : 1;
    }
    if (followed < compared || not_followed > 0)
        return 0;
    s->verdict = "pass";
    return gb_buf_printf(out, err, "the rerun with changed seeds: all %g checked values "
                         "followed the new seeds, so the code computes them", compared) ? -1 : 1;
}

/* From the related checks' points: the share that passed. */
static int from_related(const cJSON *doc, const cJSON *c, struct batch_suggestion *s,
                        struct gb_buf *out, struct gb_err *err)
{
    const char *name;
    size_t n = section_of(text_of(c, "where"), &name);
    double got = 0, max = 0, share;
    const cJSON *o;

    cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(doc, "checks"))
        if (related(c, o)) {
            max += number_of(o, "max_points");
            got += !strcmp(text_of(o, "verdict"), "pass") ? number_of(o, "points") : 0;
        }
    if (max <= 0)
        return 0;
    share = got / max;
    s->verdict = share >= BATCH_SUGGEST_PASS_SHARE ? "pass"
               : share <= BATCH_SUGGEST_FAIL_SHARE ? "fail" : NULL;
    if (!s->verdict)
        return 0;
    if (n > 0 ? gb_buf_printf(out, err, "%g of %g points of the automatic checks of section "
                              "\"%.*s\" passed:", got, max, (int)n, name)
              : gb_buf_printf(out, err, "%g of %g points of the related checks (%.*s_*) "
                              "passed:", got, max, (int)family_of(text_of(c, "id")),
                              text_of(c, "id")))
        return -1;
    return list_related(doc, c, out, err) ? -1 : 1;
}

int batch_suggest(const cJSON *doc, const cJSON *check, struct batch_suggestion *s,
                  struct gb_err *err)
{
    struct gb_buf out = GB_BUF_INIT;
    int rc;

    s->verdict = NULL;
    s->reasons = NULL;
    rc = from_rerun(doc, check, s, &out, err);
    if (rc == 0)
        rc = from_related(doc, check, s, &out, err);
    if (rc < 0) {
        gb_buf_free(&out);
        s->verdict = NULL;
        return -1;
    }
    if (rc > 0)
        s->reasons = gb_buf_steal(&out);
    gb_buf_free(&out);
    if (rc > 0 && !s->reasons) {
        s->verdict = NULL;
        return gb_fail(err, "out of memory");
    }
    return 0;
}

void batch_suggestion_free(struct batch_suggestion *s)
{
    free(s->reasons);
    s->reasons = NULL;
    s->verdict = NULL;
}
