/* rubric.c — loads and validates rubric files (format: rubrics/README.md).
 *
 * Validation is strict and happens once, here: an unknown field, a wrong type,
 * a kind without its required fields or a reading that does not exist is an
 * error naming the file, the check and the field.  A typo in a rubric must
 * never become a silently lenient check.
 */
#include "score/rubric.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "extract/extract.h"
#include "score/check_kind.h"
#include "score/rubric_field.h"
#include "score/rubric_schema.h"

#define RUBRIC_MAX_BYTES (1u << 20)

static const char common_fields[] = "id description points kind reading";

static int load_check_common(const cJSON *c, struct rubric_check *ck, struct gb_err *err)
{
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(c, "id");
    const cJSON *desc = cJSON_GetObjectItemCaseSensitive(c, "description");
    const cJSON *pts = cJSON_GetObjectItemCaseSensitive(c, "points");
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(c, "kind");
    const cJSON *rd = cJSON_GetObjectItemCaseSensitive(c, "reading");
    const cJSON *sec = cJSON_GetObjectItemCaseSensitive(c, "section");

    if (!cJSON_IsString(desc) || !desc->valuestring[0])
        return gb_fail(err, "field 'description' must be a non-empty string");
    if (!rubric_field_bounded(pts, 0, RUBRIC_POINTS_MAX))
        return gb_fail(err, "field 'points' must be a number from 0 to %g", RUBRIC_POINTS_MAX);
    if (!cJSON_IsString(kind) || check_kind_from_name(kind->valuestring, &ck->kind)) {
        char kinds[512];
        check_kind_list(kinds, sizeof kinds);
        return gb_fail(err, "field 'kind' must be one of %s", kinds);
    }
    if (rd && !cJSON_IsString(rd))
        return gb_fail(err, "field 'reading' must name a group under \"readings\"");
    if (sec && !cJSON_IsString(sec))
        return gb_fail(err, "field 'section' must be a string");
    if (check_kind_reads(ck->kind, CHECK_KIND_READS_ANSWERS) && !sec)
        return gb_fail(err, "missing field 'section' (which answers section to read)");
    ck->points = pts->valuedouble;
    if (!(ck->id = rubric_field_dup(id->valuestring, err)) ||
        !(ck->description = rubric_field_dup(desc->valuestring, err)) ||
        (rd && !(ck->reading = rubric_field_dup(rd->valuestring, err))) ||
        (sec && !(ck->section = rubric_field_dup(sec->valuestring, err))))
        return -1;
    return 0;
}

/* The check's own tolerance, for a mistake that gives none. */
static int default_mistake_tolerance(const struct rubric_check *ck, struct rubric_mistake *mk,
                                     size_t i, struct gb_err *err)
{
    if (ck->kind == CHECK_VECTOR) {
        mk->abs_tol = ck->vector_abs_tol;
        mk->rel_tol = ck->vector_rel_tol;
        return 0;
    }
    if (ck->target.op != TARGET_APPROX)
        return gb_fail(err, "mistakes[%zu] needs a 'tolerance' (the check has none to lend)", i);
    mk->abs_tol = ck->target.abs_tol;
    mk->rel_tol = ck->target.rel_tol;
    return 0;
}

static int load_mistake(const cJSON *m, const struct rubric_check *ck, struct rubric_mistake *mk,
                        size_t i, struct gb_err *err)
{
    const cJSON *exp = cJSON_GetObjectItemCaseSensitive(m, "expected");
    const cJSON *tol = cJSON_GetObjectItemCaseSensitive(m, "tolerance");
    const cJSON *says = cJSON_GetObjectItemCaseSensitive(m, "says");
    const cJSON *f;
    struct rubric_target t = { 0 };

    if (!cJSON_IsObject(m) || !exp || !cJSON_IsString(says) || !says->valuestring[0])
        return gb_fail(err, "mistakes[%zu] needs 'expected' and a 'says' sentence", i);
    cJSON_ArrayForEach(f, m)
        if (!rubric_field_word_in(f->string, "expected tolerance says"))
            return gb_fail(err, "mistakes[%zu] has unknown field '%s'", i, f->string);
    if (ck->kind == CHECK_VECTOR && !cJSON_IsString(exp))
        return gb_fail(err, "mistakes[%zu].expected must be a key of an array", i);
    if (rubric_field_number(exp, "mistakes.expected", &mk->expected, err))
        return -1;
    if (tol && rubric_field_tolerance(tol, &t, err))
        return -1;
    mk->abs_tol = t.abs_tol;
    mk->rel_tol = t.rel_tol;
    if (!tol && default_mistake_tolerance(ck, mk, i, err))
        return -1;
    return (mk->says = rubric_field_dup(says->valuestring, err)) ? 0 : -1;
}

static int load_mistakes(const cJSON *arr, struct rubric_check *ck, struct gb_err *err)
{
    const cJSON *m;
    size_t n = 0;

    if (!arr)
        return 0;
    if (!cJSON_IsArray(arr) || !(n = (size_t)cJSON_GetArraySize(arr)))
        return gb_fail(err, "field 'mistakes' must be a non-empty array");
    if (!(ck->mistakes = calloc(n, sizeof *ck->mistakes)))
        return gb_fail(err, "out of memory");
    cJSON_ArrayForEach(m, arr) {
        if (load_mistake(m, ck, &ck->mistakes[ck->n_mistakes], ck->n_mistakes, err))
            return -1;
        ck->n_mistakes++;
    }
    return 0;
}

static int load_check(const cJSON *c, struct rubric_check *ck, struct gb_err *err)
{
    const struct check_kind_row *row;
    const cJSON *f;

    if (load_check_common(c, ck, err))
        return -1;
    row = check_kind_row(ck->kind);
    cJSON_ArrayForEach(f, c) {
        if (!rubric_field_word_in(f->string, common_fields) &&
            !rubric_field_word_in(f->string, row->fields))
            return gb_fail(err, "unknown field '%s' for kind '%s'", f->string, row->name);
    }
    return (row->load && row->load(c, ck, err)) ||
           load_mistakes(cJSON_GetObjectItemCaseSensitive(c, "mistakes"), ck, err) ? -1 : 0;
}

static void free_check(struct rubric_check *ck)
{
    free(ck->id);
    free(ck->description);
    free(ck->reading);
    cJSON_Delete(ck->locate);
    cJSON_Delete(ck->or_locate);
    free(ck->target.expected.ref);
    free(ck->vector.ref);
    for (size_t i = 0; i < ck->n_operands; i++) {
        free(ck->operands[i].name);
        free(ck->operands[i].reads);
        cJSON_Delete(ck->operands[i].locate);
        cJSON_Delete(ck->operands[i].or_locate);
    }
    free(ck->operands);
    free(ck->expr);
    free(ck->section);
    for (size_t i = 0; i < ck->n_ideas; i++)
        rubric_field_free_strings(&ck->ideas[i]);
    free(ck->ideas);
    rubric_field_free_strings(&ck->forbidden);
    rubric_field_free_strings(&ck->elements);
    rubric_field_free_strings(&ck->everyday);
    rubric_field_free_strings(&ck->ambiguous);
    rubric_field_free_strings(&ck->not_after);
    if (ck->about) {
        rubric_field_free_strings(&ck->about->claim);
        rubric_field_free_strings(&ck->about->right);
        rubric_field_free_strings(&ck->about->wrong);
        rubric_field_free_strings(&ck->about->other);
        rubric_field_free_strings(&ck->about->number_words);
        free(ck->about->number.ref);
        free(ck->about);
    }
    for (size_t i = 0; i < ck->n_numbers; i++) {
        free(ck->numbers[i].label);
        free(ck->numbers[i].target.expected.ref);
        rubric_field_free_strings(&ck->numbers[i].subject);
        rubric_field_free_strings(&ck->numbers[i].context);
    }
    free(ck->numbers);
    free(ck->prompt);
    free(ck->returned);
    for (size_t i = 0; i < ck->n_mistakes; i++) {
        free(ck->mistakes[i].expected.ref);
        free(ck->mistakes[i].says);
    }
    free(ck->mistakes);
}

/* A choice's "source": {"name": "epochs", "value": 60}: the code that sets
 * epochs to 60 has made this choice (score.c follows it over the fit);
 * optionally "call": "recall_task" (the literal as a call's first argument)
 * and "comment": ["row", ...] (a comment saying the literal beside a word). */
static int load_choice_source(const cJSON *src, struct rubric_reading_choice *ch,
                              struct gb_err *err)
{
    const cJSON *name, *value, *call;

    if (!src)
        return 0;
    name = cJSON_GetObjectItemCaseSensitive(src, "name");
    value = cJSON_GetObjectItemCaseSensitive(src, "value");
    call = cJSON_GetObjectItemCaseSensitive(src, "call");
    if (!cJSON_IsObject(src) || !cJSON_IsString(name) || !*name->valuestring ||
        !rubric_field_bounded(value, -RUBRIC_VALUE_MAX, RUBRIC_VALUE_MAX) ||
        (call && (!cJSON_IsString(call) || !*call->valuestring)))
        return gb_fail(err, "reading choice '%s': field 'source' must be {\"name\": "
                       "\"...\", \"value\": N} with optional \"call\": \"function\" and "
                       "\"comment\": [\"word\", ...]", ch->name);
    ch->source_value = value->valuedouble;
    if (call && !(ch->source_call = rubric_field_dup(call->valuestring, err)))
        return -1;
    if (rubric_field_strings(cJSON_GetObjectItemCaseSensitive(src, "comment"), "source.comment",
                             &ch->source_comment, err))
        return -1;
    return (ch->source_name = rubric_field_dup(name->valuestring, err)) ? 0 : -1;
}

static int load_readings(const cJSON *rd, struct rubric *r, struct gb_err *err)
{
    const cJSON *grp, *el;

    if (!rd)
        return 0;
    if (!cJSON_IsObject(rd))
        return gb_fail(err, "field 'readings' must map a group name to its choices");
    r->readings = calloc((size_t)cJSON_GetArraySize(rd), sizeof *r->readings);
    if (!r->readings)
        return gb_fail(err, "out of memory");
    cJSON_ArrayForEach(grp, rd) {
        struct rubric_reading *g = &r->readings[r->n_readings++];
        if (!(g->group = rubric_field_dup(grp->string, err)))
            return -1;
        if (!cJSON_IsArray(grp) || !cJSON_GetArraySize(grp))
            return gb_fail(err, "reading '%s' must be a non-empty array of {name, key}", grp->string);
        g->choices = calloc((size_t)cJSON_GetArraySize(grp), sizeof *g->choices);
        if (!g->choices)
            return gb_fail(err, "out of memory");
        cJSON_ArrayForEach(el, grp) {
            const cJSON *name = cJSON_GetObjectItemCaseSensitive(el, "name");
            const cJSON *key = cJSON_GetObjectItemCaseSensitive(el, "key");
            struct rubric_reading_choice *ch = &g->choices[g->n_choices++];
            if (!cJSON_IsString(name) || !cJSON_IsString(key))
                return gb_fail(err, "reading '%s' choice %zu needs string fields 'name' and 'key'",
                               grp->string, g->n_choices - 1);
            if (!(ch->name = rubric_field_dup(name->valuestring, err)) ||
                !(ch->key = rubric_field_dup(key->valuestring, err)) ||
                load_choice_source(cJSON_GetObjectItemCaseSensitive(el, "source"), ch, err))
                return -1;
        }
    }
    return 0;
}

const struct rubric_reading *rubric_find_reading(const struct rubric *r, const char *group)
{
    for (size_t i = 0; group && i < r->n_readings; i++)
        if (!strcmp(r->readings[i].group, group))
            return &r->readings[i];
    return NULL;
}

/* Each sandbox limit a rubric may set, its unit and its bounds. */
static const struct {
    const char *name;
    double unit, min, max;   /* bytes or seconds per unit; bounds in units */
} limit_fields[] = {
    { "wall_seconds", 1, 0.1, 86400 },          /* a day */
    { "cpu_seconds", 1, 0.1, 86400 },
    { "memory_mb", 1 << 20, 16, 65536 },        /* 64 GiB */
    { "output_kb", 1 << 10, 1, 256 << 10 },     /* 256 MiB, held in the grader's memory */
    { "disk_mb", 1 << 20, 1, 16384 },           /* tmpfs: memory too */
    { "tmp_mb", 1 << 20, 1, 16384 },
};

static void set_limit(struct rubric_limits *l, size_t i, double v)
{
    double scaled = v * limit_fields[i].unit;

    switch (i) {
    case 0: l->wall_seconds = v; break;
    case 1: l->cpu_seconds = v; break;
    case 2: l->memory_bytes = (size_t)scaled; break;
    case 3: l->output_bytes = (size_t)scaled; break;
    case 4: l->disk_bytes = (size_t)scaled; break;
    default: l->tmp_bytes = (size_t)scaled; break;
    }
}

static int load_limits(const cJSON *lim, struct rubric_limits *l, struct gb_err *err)
{
    const cJSON *el;

    if (!lim)
        return 0;
    if (!cJSON_IsObject(lim))
        return gb_fail(err, "field 'limits' must be an object");
    cJSON_ArrayForEach(el, lim) {
        size_t i = 0, n = sizeof limit_fields / sizeof limit_fields[0];

        while (i < n && strcmp(el->string, limit_fields[i].name))
            i++;
        if (i == n)
            return gb_fail(err, "field 'limits' has unknown member '%s' (wall_seconds, "
                           "cpu_seconds, memory_mb, output_kb, disk_mb, tmp_mb)", el->string);
        if (!rubric_field_bounded(el, limit_fields[i].min, limit_fields[i].max))
            return gb_fail(err, "field 'limits.%s' must be a number from %g to %g",
                           el->string, limit_fields[i].min, limit_fields[i].max);
        set_limit(l, i, el->valuedouble);
    }
    return 0;
}

void rubric_apply_limits(const struct rubric *r, struct sandbox_limits *limits)
{
    if (r->limits.wall_seconds > 0)
        limits->wall_seconds = r->limits.wall_seconds;
    if (r->limits.cpu_seconds > 0)
        limits->cpu_seconds = r->limits.cpu_seconds;
    if (r->limits.memory_bytes)
        limits->memory_bytes = r->limits.memory_bytes;
    if (r->limits.output_bytes)
        limits->output_bytes = r->limits.output_bytes;
    if (r->limits.disk_bytes)
        limits->disk_bytes = r->limits.disk_bytes;
    if (r->limits.tmp_bytes)
        limits->tmp_bytes = r->limits.tmp_bytes;
}

/* A ref's "{group}" placeholders must name the check's own reading. */
static int check_placeholders(const char *ref, const struct rubric_check *ck,
                              const struct rubric *r, struct gb_err *err)
{
    const char *open = ref ? strchr(ref, '{') : NULL;

    for (; open; open = strchr(open + 1, '{')) {
        const char *close = strchr(open, '}');
        size_t n = close ? (size_t)(close - open - 1) : 0;
        if (!close || !ck->reading || strlen(ck->reading) != n ||
            strncmp(open + 1, ck->reading, n))
            return gb_fail(err, "key '%s' has a placeholder that is not the check's "
                           "'reading' group", ref);
    }
    if (ck->reading && !rubric_find_reading(r, ck->reading))
        return gb_fail(err, "field 'reading' names '%s', which is not under \"readings\"",
                       ck->reading);
    return 0;
}

static int check_all_placeholders(const struct rubric_check *ck, const struct rubric *r,
                                  struct gb_err *err)
{
    if (check_placeholders(ck->target.expected.ref, ck, r, err) ||
        check_placeholders(ck->vector.ref, ck, r, err))
        return -1;
    for (size_t i = 0; i < ck->n_numbers; i++)
        if (check_placeholders(ck->numbers[i].target.expected.ref, ck, r, err))
            return -1;
    for (size_t i = 0; i < ck->n_mistakes; i++)
        if (check_placeholders(ck->mistakes[i].expected.ref, ck, r, err))
            return -1;
    return ck->about ? check_placeholders(ck->about->number.ref, ck, r, err) : 0;
}

static int load_checks(const cJSON *arr, struct rubric *r, struct gb_err *err)
{
    const cJSON *c;

    if (!cJSON_IsArray(arr) || !cJSON_GetArraySize(arr))
        return gb_fail(err, "field 'checks' must be a non-empty array");
    r->checks = calloc((size_t)cJSON_GetArraySize(arr), sizeof *r->checks);
    if (!r->checks)
        return gb_fail(err, "out of memory");
    cJSON_ArrayForEach(c, arr) {
        struct rubric_check *ck = &r->checks[r->n_checks++];
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(c, "id");
        if (!cJSON_IsObject(c) || !cJSON_IsString(id) || !id->valuestring[0])
            return gb_fail(err, "check %zu: needs a string field 'id'", r->n_checks);
        for (size_t i = 0; i + 1 < r->n_checks; i++)
            if (!strcmp(r->checks[i].id, id->valuestring))
                return gb_fail(err, "check '%s': duplicate id", id->valuestring);
        if (load_check(c, ck, err) || check_all_placeholders(ck, r, err))
            return gb_err_prefix(err, "check '%s'", id->valuestring);
        if (r->mode == RUBRIC_MODE_RUN && check_kind_reads(ck->kind, CHECK_KIND_READS_ANSWERS))
            return gb_fail(err, "check '%s': kind '%s' needs \"mode\": \"read\"",
                           ck->id, check_kind_name(ck->kind));
        if (r->mode == RUBRIC_MODE_READ && check_kind_reads(ck->kind, CHECK_KIND_NEEDS_RUN))
            return gb_fail(err, "check '%s': kind '%s' needs \"mode\": \"run\"",
                           ck->id, check_kind_name(ck->kind));
    }
    return 0;
}

/* Expected files are written relative to the rubric's own directory. */
static int resolve_expected(struct rubric *r, struct gb_err *err)
{
    const char *slash = strrchr(r->path, '/');
    size_t dirlen = slash ? (size_t)(slash - r->path + 1) : 0;

    for (size_t i = 0; i < r->expected.n; i++) {
        char *rel = r->expected.v[i], *full;
        if (rel[0] == '/')
            continue;
        full = malloc(dirlen + strlen(rel) + 1);
        if (!full)
            return gb_fail(err, "out of memory");
        memcpy(full, r->path, dirlen);
        strcpy(full + dirlen, rel);
        free(rel);
        r->expected.v[i] = full;
    }
    return 0;
}

static int load_synonyms(const cJSON *syn, struct rubric *r, struct gb_err *err)
{
    if (!syn)
        return 0;
    if (!cJSON_IsObject(syn))
        return gb_fail(err, "field 'synonyms' must map a word to its alternatives");
    if (!(r->synonyms = cJSON_Duplicate(syn, 1)))
        return gb_fail(err, "out of memory");
    return 0;
}

/* "keys": {"length": [5, 20, 50, 100], ...}: each a word of the locates and
 * two or more different whole numbers. */
static int load_keys(const cJSON *keys, struct rubric *r, struct gb_err *err)
{
    const cJSON *k, *v;

    if (!keys)
        return 0;
    if (!cJSON_IsObject(keys))
        return gb_fail(err, "field 'keys' must map a key word to the values it takes");
    cJSON_ArrayForEach(k, keys) {
        if (!cJSON_IsArray(k) || cJSON_GetArraySize(k) < 2)
            return gb_fail(err, "field 'keys.%s' must list two or more values", k->string);
        cJSON_ArrayForEach(v, k) {
            if (!cJSON_IsNumber(v))
                return gb_fail(err, "field 'keys.%s': every value must be a number",
                               k->string);
        }
    }
    if (!(r->keys = cJSON_Duplicate(keys, 1)))
        return gb_fail(err, "out of memory");
    return 0;
}

/* One "sections" entry: {"aliases": [...], "number": N, "inside": "friend",
 * "question": "..."}. */
static int load_section(const cJSON *el, struct rubric_section *sec, struct gb_err *err)
{
    const cJSON *f, *num = cJSON_GetObjectItemCaseSensitive(el, "number");
    const cJSON *in = cJSON_GetObjectItemCaseSensitive(el, "inside");

    if (!cJSON_IsObject(el))
        return gb_fail(err, "field 'sections.%s' must be an object", el->string);
    cJSON_ArrayForEach(f, el)
        if (!rubric_field_word_in(f->string, "aliases number inside question"))
            return gb_fail(err, "field 'sections.%s': unknown field '%s'", el->string, f->string);
    if (!(sec->name = rubric_field_dup(el->string, err)) ||
        rubric_field_strings(cJSON_GetObjectItemCaseSensitive(el, "aliases"), "aliases",
                             &sec->aliases, err))
        return -1;
    if (num && (!cJSON_IsNumber(num) || num->valuedouble != floor(num->valuedouble) ||
                num->valuedouble < 1 || num->valuedouble > 99))
        return gb_fail(err, "field 'sections.%s.number' must be a whole number from 1 to 99",
                       el->string);
    sec->number = num ? (int)num->valuedouble : 0;
    if (in && (!cJSON_IsString(in) || !in->valuestring[0]))
        return gb_fail(err, "field 'sections.%s.inside' must name a section", el->string);
    if (in && !(sec->inside = rubric_field_dup(in->valuestring, err)))
        return -1;
    f = cJSON_GetObjectItemCaseSensitive(el, "question");
    if (f && (!cJSON_IsString(f) || !f->valuestring[0]))
        return gb_fail(err, "field 'sections.%s.question' must be the question's text", el->string);
    if (f && !(sec->question = rubric_field_dup(f->valuestring, err)))
        return -1;
    return 0;
}

static int load_sections(const cJSON *secs, struct rubric *r, struct gb_err *err)
{
    const cJSON *el;

    if (!secs)
        return 0;
    if (!cJSON_IsObject(secs))
        return gb_fail(err, "field 'sections' must map a section name to how it is named");
    if (!(r->sections = calloc((size_t)cJSON_GetArraySize(secs) + 1, sizeof *r->sections)))
        return gb_fail(err, "out of memory");
    cJSON_ArrayForEach(el, secs)
        if (load_section(el, &r->sections[r->n_sections++], err))
            return -1;
    for (size_t i = 0; i < r->n_sections; i++) {
        size_t k = 0;
        while (r->sections[i].inside && k < r->n_sections &&
               strcmp(r->sections[k].name, r->sections[i].inside))
            k++;
        if (r->sections[i].inside && (k == r->n_sections || k == i))
            return gb_fail(err, "field 'sections.%s.inside' names no other section",
                           r->sections[i].name);
    }
    return 0;
}

static int load_rerun(const cJSON *rerun, struct rubric *r, struct gb_err *err)
{
    if (!rerun)
        return 0;
    if (!cJSON_IsString(rerun) ||
        (strcmp(rerun->valuestring, "default") && strcmp(rerun->valuestring, "option")))
        return gb_fail(err, "field 'rerun' must be \"default\" or \"option\"");
    if (r->mode != RUBRIC_MODE_RUN)
        return gb_fail(err, "field 'rerun' needs mode \"run\": only a run can be made again");
    r->rerun = strcmp(rerun->valuestring, "default") ? RUBRIC_RERUN_OPTION : RUBRIC_RERUN_DEFAULT;
    return 0;
}

static int load_top_strings(const cJSON *root, struct rubric *r, struct gb_err *err)
{
    static const char *const names[] = { "exercise", "submission" };
    char **dst[] = { &r->exercise, &r->submission };
    const cJSON *title = cJSON_GetObjectItemCaseSensitive(root, "title");
    const cJSON *mode = cJSON_GetObjectItemCaseSensitive(root, "mode");
    const cJSON *seeded = cJSON_GetObjectItemCaseSensitive(root, "seeded");

    for (size_t i = 0; i < 2; i++) {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(root, names[i]);
        if (!cJSON_IsString(f) || !f->valuestring[0] || strchr(f->valuestring, '/'))
            return gb_fail(err, "field '%s' must be a plain name", names[i]);
        if (!(*dst[i] = rubric_field_dup(f->valuestring, err)))
            return -1;
    }
    if (title && (!cJSON_IsString(title) ||
                  !(r->title = rubric_field_dup(title->valuestring, err))))
        return gb_fail(err, "field 'title' must be a string");
    if (!cJSON_IsString(mode) ||
        (strcmp(mode->valuestring, "run") && strcmp(mode->valuestring, "read")))
        return gb_fail(err, "field 'mode' must be \"run\" (a script) or \"read\" (a document)");
    r->mode = strcmp(mode->valuestring, "run") ? RUBRIC_MODE_READ : RUBRIC_MODE_RUN;
    if (seeded && !cJSON_IsBool(seeded))
        return gb_fail(err, "field 'seeded' must be true or false");
    r->seeded = !cJSON_IsFalse(seeded);
    return load_rerun(cJSON_GetObjectItemCaseSensitive(root, "rerun"), r, err);
}

/* "provides" names course files (the *.py files of exercises/, which every run gets):
 * plain file names only, so a rubric cannot copy a host file — least of all
 * rubrics/expected/ — into the sandbox. */
static int check_provides(const struct rubric_strings *p, struct gb_err *err)
{
    for (size_t i = 0; i < p->n; i++) {
        const char *name = p->v[i];
        size_t n = strlen(name);

        if (name[0] == '.' || strchr(name, '/') || n < 4 || strcmp(name + n - 3, ".py") != 0)
            return gb_fail(err, "field 'provides': '%s' is not a course file (a plain *.py "
                           "file name from exercises/, no path)", name);
    }
    return 0;
}

static int load_top(const cJSON *root, struct rubric *r, struct gb_err *err)
{
    const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(root, "format");
    const cJSON *el;

    if (!cJSON_IsObject(root))
        return gb_fail(err, "the top level must be an object");
    if (!cJSON_IsNumber(fmt) || fmt->valuedouble != floor(fmt->valuedouble) || fmt->valuedouble < 1)
        return gb_fail(err, "field 'format' must be a version number (1)");
    if (fmt->valuedouble > RUBRIC_FORMAT_MAX)
        return gb_fail(err, "format %d is newer than this grader reads (%d); update gradebox",
                       (int)fmt->valuedouble, RUBRIC_FORMAT_MAX);
    r->format = (int)fmt->valuedouble;
    cJSON_ArrayForEach(el, root) {
        if (!rubric_field_word_in(el->string,
                                  "format exercise title submission mode provides expected "
                                  "limits synonyms keys readings checks seeded rerun sections"))
            return gb_fail(err, "unknown top-level field '%s'", el->string);
    }
    if (load_top_strings(root, r, err) ||
        rubric_field_strings(cJSON_GetObjectItemCaseSensitive(root, "provides"), "provides",
                             &r->provides, err) ||
        check_provides(&r->provides, err) ||
        rubric_field_strings(cJSON_GetObjectItemCaseSensitive(root, "expected"), "expected",
                             &r->expected, err) ||
        resolve_expected(r, err) ||
        load_limits(cJSON_GetObjectItemCaseSensitive(root, "limits"), &r->limits, err) ||
        load_readings(cJSON_GetObjectItemCaseSensitive(root, "readings"), r, err) ||
        load_synonyms(cJSON_GetObjectItemCaseSensitive(root, "synonyms"), r, err) ||
        load_keys(cJSON_GetObjectItemCaseSensitive(root, "keys"), r, err) ||
        load_sections(cJSON_GetObjectItemCaseSensitive(root, "sections"), r, err))
        return -1;
    return load_checks(cJSON_GetObjectItemCaseSensitive(root, "checks"), r, err);
}

/* rubrics/NAME.json grades exercise NAME: --exercise NAME loads that file,
 * and a copy under another name would grade (and report, and deliver) as an
 * exercise it is not. */
static int check_exercise_name(const struct rubric *r, struct gb_err *err)
{
    const char *slash = strrchr(r->path, '/'), *base = slash ? slash + 1 : r->path;
    size_t n = strlen(base);

    if (n > 5 && !strcmp(base + n - 5, ".json") && strlen(r->exercise) == n - 5 &&
        !strncmp(base, r->exercise, n - 5))
        return 0;
    return gb_fail(err, "field 'exercise' is '%s' but the file is %s: a rubric is named "
                   "after its exercise (%s.json)", r->exercise, base, r->exercise);
}

int rubric_load(const char *path, struct rubric **out, struct gb_err *err)
{
    struct gb_buf text = GB_BUF_INIT;
    struct rubric *r;
    cJSON *root;
    int rc;

    *out = NULL;
    if (gb_read_file(path, RUBRIC_MAX_BYTES, &text, err))
        return gb_err_prefix(err, "rubric %s", path);
    root = cJSON_ParseWithLength(text.data, text.len);
    if (!root) {
        /* The error pointer points into text: report before freeing it. */
        gb_fail(err, "rubric %s: not valid JSON (near \"%.30s\")", path,
                cJSON_GetErrorPtr() ? cJSON_GetErrorPtr() : "");
        gb_buf_free(&text);
        return -1;
    }
    gb_buf_free(&text);
    r = calloc(1, sizeof *r);
    if (!r || !(r->path = strdup(path))) {
        free(r);
        cJSON_Delete(root);
        return gb_fail(err, "out of memory loading rubric %s", path);
    }
    rc = rubric_schema_expand(root, err) || load_top(root, r, err) ||
         check_exercise_name(r, err) ? -1 : 0;
    cJSON_Delete(root);
    if (rc) {
        rubric_free(r);
        return gb_err_prefix(err, "rubric %s", path);
    }
    *out = r;
    return 0;
}

void rubric_free(struct rubric *r)
{
    if (!r)
        return;
    for (size_t i = 0; i < r->n_checks; i++)
        free_check(&r->checks[i]);
    free(r->checks);
    for (size_t i = 0; i < r->n_readings; i++) {
        for (size_t j = 0; j < r->readings[i].n_choices; j++) {
            free(r->readings[i].choices[j].name);
            free(r->readings[i].choices[j].key);
            free(r->readings[i].choices[j].source_name);
            free(r->readings[i].choices[j].source_call);
            rubric_field_free_strings(&r->readings[i].choices[j].source_comment);
        }
        free(r->readings[i].choices);
        free(r->readings[i].group);
    }
    free(r->readings);
    cJSON_Delete(r->synonyms);
    cJSON_Delete(r->keys);
    for (size_t i = 0; i < r->n_sections; i++) {
        free(r->sections[i].name);
        rubric_field_free_strings(&r->sections[i].aliases);
        free(r->sections[i].inside);
        free(r->sections[i].question);
    }
    free(r->sections);
    rubric_field_free_strings(&r->provides);
    rubric_field_free_strings(&r->expected);
    free(r->path);
    free(r->exercise);
    free(r->title);
    free(r->submission);
    free(r);
}
