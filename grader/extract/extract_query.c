/* extract_query.c — queries and synonyms: building them from C or rubric JSON. */
#include "extract/extract_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct syn_group {
    char **members;
    size_t n;
};

struct extract_synonyms {
    struct syn_group *groups;
    size_t n;
};

size_t extract_synonym_groups(const struct extract_synonyms *syn,
                              const char *const **members, size_t index, size_t *n)
{
    if (!syn || index >= syn->n)
        return 0;
    *members = (const char *const *)syn->groups[index].members;
    *n = syn->groups[index].n;
    return syn->n;
}

int extract_synonyms_new(struct extract_synonyms **out, struct gb_err *err)
{
    *out = calloc(1, sizeof **out);
    return *out ? 0 : gb_fail(err, "out of memory reading synonyms");
}

static int push_string(char ***arr, size_t *n, const char *s, struct gb_err *err)
{
    char **p = realloc(*arr, (*n + 1) * sizeof **arr);
    if (!p)
        return gb_fail(err, "out of memory reading a query");
    *arr = p;
    p[*n] = strdup(s);
    if (!p[*n])
        return gb_fail(err, "out of memory reading a query");
    (*n)++;
    return 0;
}

int extract_synonyms_add(struct extract_synonyms *syn, const char *word,
                         const char *alternative, struct gb_err *err)
{
    struct syn_group *g = NULL;

    if (!word || !*word || !alternative || !*alternative)
        return gb_fail(err, "a synonym must be a non-empty word or phrase");
    for (size_t i = 0; i < syn->n && !g; i++)
        if (strcasecmp(syn->groups[i].members[0], word) == 0)
            g = &syn->groups[i];
    if (!g) {
        struct syn_group *p = realloc(syn->groups, (syn->n + 1) * sizeof *p);
        if (!p)
            return gb_fail(err, "out of memory reading synonyms");
        syn->groups = p;
        g = &p[syn->n++];
        g->members = NULL;
        g->n = 0;
        if (push_string(&g->members, &g->n, word, err) < 0)
            return -1;
    }
    return push_string(&g->members, &g->n, alternative, err);
}

int extract_synonyms_has(const struct extract_synonyms *syn, const char *word)
{
    size_t wlen = strlen(word);

    for (size_t g = 0; syn && g < syn->n; g++)
        for (size_t i = 0; i < syn->groups[g].n; i++) {
            const char *m = syn->groups[g].members[i];
            if (strcspn(m, "#") == wlen && !strncasecmp(m, word, wlen))
                return 1;
        }
    return 0;
}

/* Is [w, w+len) one of the words of member m ("train" of "train acc",
 * "net" of "64-unit net")?  Words are split at spaces, '_', '-' and '#'. */
static int member_has_word(const char *m, const char *w, size_t len)
{
    for (const char *p = m; *p;) {
        size_t n = strcspn(p, " _-#");
        if (n == len && !strncasecmp(p, w, len))
            return 1;
        p += n;
        p += *p != '\0';
    }
    return 0;
}

int extract_synonyms_word(const struct extract_synonyms *syn, const char *w, size_t len)
{
    for (size_t g = 0; syn && len && g < syn->n; g++)
        for (size_t i = 0; i < syn->groups[g].n; i++)
            if (member_has_word(syn->groups[g].members[i], w, len))
                return 1;
    return 0;
}

int extract_synonyms_from_json(const cJSON *json, struct extract_synonyms **out,
                               struct gb_err *err)
{
    const cJSON *item;

    if (extract_synonyms_new(out, err) < 0)
        return -1;
    if (!json)
        return 0;
    if (!cJSON_IsObject(json)) {
        extract_synonyms_free(*out);
        *out = NULL;
        return gb_fail(err, "\"synonyms\" must be an object of word: [alternatives]");
    }
    cJSON_ArrayForEach(item, json) {
        const cJSON *alt;
        if (cJSON_IsString(item)) {
            if (extract_synonyms_add(*out, item->string, item->valuestring, err) < 0)
                goto fail;
            continue;
        }
        if (!cJSON_IsArray(item)) {
            gb_fail(err, "synonyms for '%s' must be a string or a list of strings", item->string);
            goto fail;
        }
        cJSON_ArrayForEach(alt, item) {
            if (!cJSON_IsString(alt)) {
                gb_fail(err, "synonyms for '%s' must be strings", item->string);
                goto fail;
            }
            if (extract_synonyms_add(*out, item->string, alt->valuestring, err) < 0)
                goto fail;
        }
    }
    return 0;
fail:
    extract_synonyms_free(*out);
    *out = NULL;
    return -1;
}

void extract_synonyms_free(struct extract_synonyms *syn)
{
    if (!syn)
        return;
    for (size_t i = 0; i < syn->n; i++) {
        for (size_t k = 0; k < syn->groups[i].n; k++)
            free(syn->groups[i].members[k]);
        free(syn->groups[i].members);
    }
    free(syn->groups);
    free(syn);
}

int extract_query_add(struct extract_query *q, enum extract_field field,
                      const char *phrase, struct gb_err *err)
{
    if ((unsigned)field >= EXTRACT_FIELDS)
        return gb_fail(err, "unknown query field %d", (int)field);
    if (!phrase)
        return gb_fail(err, "a query phrase must be a string");
    return push_string(&q->phrases[field], &q->n_phrases[field], phrase, err);
}

static const char *const field_keys[EXTRACT_FIELDS] = { "section", "row", "column", "exclude",
                                                        "row_axis" };

static int read_phrases(const cJSON *v, struct extract_query *q, enum extract_field f,
                        struct gb_err *err)
{
    const cJSON *e;

    if (cJSON_IsString(v))
        return extract_query_add(q, f, v->valuestring, err);
    if (!cJSON_IsArray(v))
        return gb_fail(err, "\"%s\" must be a string or a list of strings", field_keys[f]);
    cJSON_ArrayForEach(e, v) {
        if (!cJSON_IsString(e))
            return gb_fail(err, "\"%s\" must list strings only", field_keys[f]);
        if (extract_query_add(q, f, e->valuestring, err) < 0)
            return -1;
    }
    return 0;
}

static int read_option(const cJSON *v, struct extract_query *q, struct gb_err *err)
{
    const char *k = v->string;

    if (strcmp(k, "nth") == 0) {
        if (!cJSON_IsNumber(v) || v->valuedouble < 1 || v->valuedouble > 1000 ||
            v->valuedouble != (double)(int)v->valuedouble)
            return gb_fail(err, "\"nth\" must be a whole number from 1");
        q->nth = (int)v->valuedouble;
    } else if (strcmp(k, "part") == 0) {
        if (!cJSON_IsNumber(v) || v->valuedouble < 1 || v->valuedouble > 1000 ||
            v->valuedouble != (double)(int)v->valuedouble)
            return gb_fail(err, "\"part\" must be a whole number from 1");
        q->part = (int)v->valuedouble;
    } else if (strcmp(k, "shape") == 0) {
        const char *s = cJSON_IsString(v) ? v->valuestring : "";
        if (strcmp(s, "scalar") == 0)
            q->shape = EXTRACT_SCALAR;
        else if (strcmp(s, "vector") == 0)
            q->shape = EXTRACT_VECTOR;
        else if (strcmp(s, "line") == 0)
            q->shape = EXTRACT_LINE;
        else
            return gb_fail(err, "\"shape\" must be \"scalar\", \"vector\" or \"line\"");
    } else if (strcmp(k, "all") == 0) {
        if (!cJSON_IsBool(v))
            return gb_fail(err, "\"all\" must be true or false");
        q->all = cJSON_IsTrue(v);
    } else if (strcmp(k, "within") == 0) {
        const cJSON *lo = cJSON_GetArrayItem(v, 0), *hi = cJSON_GetArrayItem(v, 1);
        if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) != 2 || !cJSON_IsNumber(lo) ||
            !cJSON_IsNumber(hi) || lo->valuedouble > hi->valuedouble)
            return gb_fail(err, "\"within\" must be [lo, hi], two numbers with lo <= hi");
        q->within = 1;
        q->within_lo = lo->valuedouble;
        q->within_hi = hi->valuedouble;
    } else if (strcmp(k, "what") == 0) {
        if (!cJSON_IsString(v))
            return gb_fail(err, "\"what\" must be a string");
        free(q->what);
        q->what = strdup(v->valuestring);
        if (!q->what)
            return gb_fail(err, "out of memory reading a query");
    } else {
        return gb_fail(err, "unknown key \"%s\" in \"locate\"", k);
    }
    return 0;
}

int extract_query_from_json(const cJSON *locate, const struct extract_synonyms *synonyms,
                            struct extract_query *q, struct gb_err *err)
{
    const cJSON *v;
    struct extract_query init = EXTRACT_QUERY_INIT;

    *q = init;
    q->synonyms = synonyms;
    if (!cJSON_IsObject(locate))
        return gb_fail(err, "\"locate\" must be an object");
    cJSON_ArrayForEach(v, locate) {
        int f, rc;
        for (f = 0; f < EXTRACT_FIELDS; f++)
            if (strcmp(v->string, field_keys[f]) == 0)
                break;
        rc = f < EXTRACT_FIELDS ? read_phrases(v, q, (enum extract_field)f, err) : read_option(v, q, err);
        if (rc < 0) {
            extract_query_free(q);
            return -1;
        }
    }
    return 0;
}

void extract_query_free(struct extract_query *q)
{
    struct extract_query init = EXTRACT_QUERY_INIT;

    if (!q)
        return;
    for (int f = 0; f < EXTRACT_FIELDS; f++) {
        for (size_t i = 0; i < q->n_phrases[f]; i++)
            free(q->phrases[f][i]);
        free(q->phrases[f]);
    }
    free(q->what);
    *q = init;
}

void extract_query_describe(const struct extract_query *q, char *buf, size_t size)
{
    const char *row = q->n_phrases[EXTRACT_ROW] ? q->phrases[EXTRACT_ROW][0] : NULL;
    const char *col = q->n_phrases[EXTRACT_COLUMN] ? q->phrases[EXTRACT_COLUMN][0] : NULL;

    if (size == 0)
        return;
    if (q->what)
        snprintf(buf, size, "%s", q->what);
    else if (row && col)
        snprintf(buf, size, "%s, %s", row, col);
    else if (row || col)
        snprintf(buf, size, "%s", row ? row : col);
    else if (q->n_phrases[EXTRACT_SECTION])
        snprintf(buf, size, "the value under '%s'", q->phrases[EXTRACT_SECTION][0]);
    else
        snprintf(buf, size, "the value");
}
