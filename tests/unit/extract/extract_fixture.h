/* extract_fixture.h — what the extraction unit suites share: one query run
 * the way a rubric's "locate" JSON runs it, its first hit copied out, and
 * the assertions on hits and misses.  Header-only (static inline) because
 * every suite is its own Check binary. */
#ifndef GB_TEST_EXTRACT_FIXTURE_H
#define GB_TEST_EXTRACT_FIXTURE_H

#include <stdio.h>
#include <string.h>

#include <check.h>
#include <cjson/cJSON.h>

#include "extract/extract.h"

struct found {
    int n;              /* hits */
    double value;       /* first hit */
    size_t line;
    unsigned flags;
    char text[64];
    char label[256];
    char column[256];
    char explain[512];
    size_t n_values;    /* different values the labels and layout leave undecided */
    size_t n_nums;
    double nums[16];
};

/* Runs locate_json on t with the rubric synonyms synonyms_json. */
static inline struct found extract_fixture_query(const struct extract_transcript *t,
                                                 const char *synonyms_json,
                                                 const char *locate_json)
{
    struct found f;
    struct extract_query q;
    struct extract_result r = EXTRACT_RESULT_INIT;
    struct extract_synonyms *syn;
    struct gb_err err;
    cJSON *sj = cJSON_Parse(synonyms_json), *j = cJSON_Parse(locate_json);

    memset(&f, 0, sizeof f);
    ck_assert_msg(j != NULL && sj != NULL, "bad test JSON: %s", locate_json);
    ck_assert_msg(extract_synonyms_from_json(sj, &syn, &err) == 0, "%s", err.msg);
    ck_assert_msg(extract_query_from_json(j, syn, &q, &err) == 0, "%s", err.msg);
    ck_assert_msg(extract_find(t, &q, &r, &err) == 0, "%s", err.msg);
    f.n = (int)r.n_hits;
    f.n_values = r.n_values;
    if (r.n_hits) {
        f.value = r.hits[0].num.value;
        f.line = r.hits[0].line;
        f.flags = r.hits[0].num.flags;
        snprintf(f.text, sizeof f.text, "%s", r.hits[0].text);
        snprintf(f.label, sizeof f.label, "%s", r.hits[0].label ? r.hits[0].label : "");
        snprintf(f.column, sizeof f.column, "%s", r.hits[0].column ? r.hits[0].column : "");
        f.n_nums = r.hits[0].n_nums;
        for (size_t k = 0; k < r.hits[0].n_nums && k < 16; k++)
            f.nums[k] = r.hits[0].nums[k].value;
    }
    snprintf(f.explain, sizeof f.explain, "%s", r.explain ? r.explain : "");
    extract_result_free(&r);
    extract_query_free(&q);
    extract_synonyms_free(syn);
    cJSON_Delete(j);
    cJSON_Delete(sj);
    return f;
}

static inline struct extract_transcript *extract_fixture_parse(const char *s)
{
    struct extract_transcript *t;
    struct gb_err err;
    ck_assert_msg(extract_parse(s, strlen(s), NULL, &t, &err) == 0, "%s", err.msg);
    return t;
}

#define ASSERT_HIT(f, v, ln, txt) do { \
    ck_assert_msg((f).n == 1, "no hit: %s", (f).explain); \
    ck_assert_msg((f).value == (v), "value %.17g, expected %.17g (line %zu)", (f).value, \
                  (double)(v), (f).line); \
    ck_assert_uint_eq((f).line, (ln)); \
    ck_assert_str_eq((f).text, (txt)); \
} while (0)

#define ASSERT_NUMS(f, ...) do { \
    const double want_[] = { __VA_ARGS__ }; \
    ck_assert_uint_eq((f).n_nums, sizeof want_ / sizeof want_[0]); \
    for (size_t k_ = 0; k_ < (f).n_nums; k_++) \
        ck_assert_msg((f).nums[k_] == want_[k_], "element %zu: %g, expected %g", k_, \
                      (f).nums[k_], want_[k_]); \
} while (0)

#define ASSERT_MISS(f, msg) do { \
    ck_assert_msg((f).n == 0, "unexpected hit %s on line %zu", (f).text, (f).line); \
    ck_assert_str_eq((f).explain, (msg)); \
} while (0)

#endif
