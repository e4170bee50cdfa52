/* test_extract.c — Check suite for locating values in printed output (grader/extract*.c).
 *
 * Inline tests use short literal transcripts; fixture tests read realistic
 * printouts from tests/fixtures/extract/ (run from the repository root, as
 * tests/run.sh does) and assert the exact value, line and explanation of
 * every query.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "extract.h"

#define FIXTURES "tests/fixtures/extract/"

struct found {
    int n;              /* hits */
    double value;       /* first hit */
    size_t line;
    char text[64];
    char label[256];
    char column[256];
    char explain[512];
    size_t n_nums;
    double nums[16];
};

static struct extract_synonyms *test_synonyms(void)
{
    struct extract_synonyms *syn;
    struct gb_err err;
    cJSON *j = cJSON_Parse("{\"gain\": [\"g\"], \"accuracy\": [\"acc\"],"
                           " \"b_f\": [\"forget bias\"], \"test acc\": [\"acc(test)\"]}");
    ck_assert_int_eq(extract_synonyms_from_json(j, &syn, &err), 0);
    cJSON_Delete(j);
    return syn;
}

/* Runs one query, given as the JSON a rubric would hold, on a parsed transcript. */
static struct found query(const struct extract_transcript *t, const char *locate_json)
{
    struct found f;
    struct extract_query q;
    struct extract_result r = EXTRACT_RESULT_INIT;
    struct extract_synonyms *syn = test_synonyms();
    struct gb_err err;
    cJSON *j = cJSON_Parse(locate_json);

    memset(&f, 0, sizeof f);
    ck_assert_msg(j != NULL, "bad test JSON: %s", locate_json);
    ck_assert_msg(extract_query_from_json(j, syn, &q, &err) == 0, "%s", err.msg);
    ck_assert_msg(extract_find(t, &q, &r, &err) == 0, "%s", err.msg);
    f.n = (int)r.n_hits;
    if (r.n_hits) {
        f.value = r.hits[0].num.value;
        f.line = r.hits[0].line;
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
    return f;
}

static struct extract_transcript *parse_str(const char *s)
{
    struct extract_transcript *t;
    struct gb_err err;
    ck_assert_msg(extract_parse(s, strlen(s), NULL, &t, &err) == 0, "%s", err.msg);
    return t;
}

__attribute__((unused)) static struct extract_transcript *parse_fixture(const char *name)
{
    struct gb_buf b = GB_BUF_INIT;
    struct extract_transcript *t;
    struct gb_err err;
    char path[256];

    snprintf(path, sizeof path, FIXTURES "%s", name);
    ck_assert_msg(gb_read_file(path, 64u << 20, &b, &err) == 0, "%s", err.msg);
    ck_assert_msg(extract_parse(b.data, b.len, NULL, &t, &err) == 0, "%s", err.msg);
    gb_buf_free(&b);
    return t;
}

#define ASSERT_HIT(f, v, ln, txt) do { \
    ck_assert_msg((f).n == 1, "no hit: %s", (f).explain); \
    ck_assert_msg((f).value == (v), "value %.17g, expected %.17g", (f).value, (double)(v)); \
    ck_assert_uint_eq((f).line, (ln)); \
    ck_assert_str_eq((f).text, (txt)); \
} while (0)

#define ASSERT_MISS(f, msg) do { \
    ck_assert_msg((f).n == 0, "unexpected hit %s on line %zu", (f).text, (f).line); \
    ck_assert_str_eq((f).explain, (msg)); \
} while (0)

/* ---- inline lines ------------------------------------------------------ */

START_TEST(test_label_value_lines)
{
    struct extract_transcript *t = parse_str(
        "vocabulary 17 words; every review is 8 tokens\n"
        "train (1600, 8) test (600, 8) test rows: 297 'very', 303 'not'\n"
        "\n"
        "the 64-unit model's 'not' score on 20 fresh test sets:\n"
        "  min 0.448  mean 0.504  max 0.574\n"
        "largest gap against torch's own attention: 2.22e-16\n"
        "hops from token 1 to token 50: RNN 49, attention 1\n");
    struct found f;

    f = query(t, "{\"row\": \"mean\"}");
    ASSERT_HIT(f, 0.504, 5, "0.504");
    ck_assert_str_eq(f.explain, "");
    f = query(t, "{\"section\": \"20 fresh test sets\", \"row\": \"max\"}");
    ASSERT_HIT(f, 0.574, 5, "0.574");
    f = query(t, "{\"row\": \"test rows\", \"column\": \"very\"}");
    ASSERT_HIT(f, 297, 2, "297");
    f = query(t, "{\"row\": \"test rows\", \"column\": \"not\"}");
    ASSERT_HIT(f, 303, 2, "303");
    f = query(t, "{\"row\": \"largest gap\"}");
    ASSERT_HIT(f, 2.22e-16, 6, "2.22e-16");
    f = query(t, "{\"row\": \"token 1 to token 50\", \"column\": \"RNN\"}");
    ASSERT_HIT(f, 49, 7, "49");
    f = query(t, "{\"row\": \"token 1 to token 50\", \"column\": \"attention\"}");
    ASSERT_HIT(f, 1, 7, "1");
    f = query(t, "{\"row\": \"train\", \"shape\": \"vector\"}");
    ASSERT_HIT(f, 1600, 2, "1600");
    ck_assert_uint_eq(f.n_nums, 2);
    ck_assert(f.nums[0] == 1600 && f.nums[1] == 8);
    extract_free(t);
}
END_TEST

START_TEST(test_number_aware_labels)
{
    struct extract_transcript *t = parse_str(
        "gain=1.05 shrink x0.950\n"
        "gain 10: shrink x1.300\n"
        "gain 0.1 -> shrink x0.100\n"
        "g=1.0 shrink x0.911\n"
        "step 10 grad 1.0e-3\n"
        "step 1 grad 5.0e-17\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 1.0\"}");
    ASSERT_HIT(f, 0.911, 4, "x0.911");
    f = query(t, "{\"row\": \"gain 1\"}");
    ASSERT_HIT(f, 0.911, 4, "x0.911");
    f = query(t, "{\"row\": \"step 1\", \"column\": \"grad\"}");
    ASSERT_HIT(f, 5.0e-17, 6, "5.0e-17");
    f = query(t, "{\"row\": \"step 10\"}");
    ASSERT_HIT(f, 1.0e-3, 5, "1.0e-3");
    f = query(t, "{\"row\": \"gain 1.2\"}");
    ASSERT_MISS(f, "no line mentions gain 1.2 (line 1 has 'gain 1.05')");
    extract_free(t);
}
END_TEST

START_TEST(test_dicts_and_key_values)
{
    struct extract_transcript *t = parse_str(
        "{'all': 0.74, 'very': 1.0, 'not': 0.485}\n"
        "{'RNN': {'train': 0.539, 'test': 0.507}, 'LSTM': {'train': 0.858, 'test': 0.506}}\n"
        "epoch=40 loss=0.6931 acc=0.512\n");
    struct found f;

    f = query(t, "{\"column\": \"very\"}");
    ASSERT_HIT(f, 1.0, 1, "1.0");
    f = query(t, "{\"row\": \"LSTM\", \"column\": \"test\"}");
    ASSERT_HIT(f, 0.506, 2, "0.506");
    f = query(t, "{\"row\": \"RNN\", \"column\": \"train\"}");
    ASSERT_HIT(f, 0.539, 2, "0.539");
    f = query(t, "{\"row\": \"epoch 40\", \"column\": \"loss\"}");
    ASSERT_HIT(f, 0.6931, 3, "0.6931");
    extract_free(t);
}
END_TEST

START_TEST(test_missing_explanations)
{
    struct extract_transcript *t = parse_str(
        "== part one ==\n"
        "gain 0.5: (not measured)\n"
        "LSTM b_f=3 train 1.000\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 0.5\"}");
    ASSERT_MISS(f, "found 'gain 0.5' on line 2 but no number after the label");
    f = query(t, "{\"row\": \"LSTM b_f=3\", \"column\": \"test acc\"}");
    ASSERT_MISS(f, "found 'LSTM b_f=3' on line 3 but no 'test acc' next to it");
    f = query(t, "{\"section\": \"part two\", \"row\": \"gain 0.5\"}");
    ASSERT_MISS(f, "no heading or title mentions 'part two'");
    f = query(t, "{\"section\": \"part one\", \"row\": \"gain 1.2\"}");
    ASSERT_MISS(f, "under 'part one', no line mentions gain 1.2 (line 2 has 'gain 0.5')");
    extract_free(t);
}
END_TEST

START_TEST(test_later_print_overrides_with_note)
{
    struct extract_transcript *t = parse_str(
        "gain 0.5 step 1: 5.03e-17\n"
        "\n"
        "gain 0.5 step 1: 5.1e-17\n");
    struct found f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");

    ASSERT_HIT(f, 5.1e-17, 3, "5.1e-17");
    ck_assert_str_eq(f.explain, "two values for gain 0.5, step 1: 5.03e-17 (line 1) and "
                                "5.1e-17 (line 3); took line 3, the last printed");
    extract_free(t);
}
END_TEST

START_TEST(test_empty_and_garbage_never_crash)
{
    struct extract_transcript *t = parse_str("");
    struct found f = query(t, "{\"row\": \"gain 0.5\"}");

    ASSERT_MISS(f, "no line mentions gain 0.5");
    ck_assert_uint_eq(extract_line_count(t), 0);
    extract_free(t);

    srand(11);
    for (int round = 0; round < 300; round++) {
        static const char alphabet[] = "0123456789.,_eE+-x%[]()|{}:= \t\n\r\nabcgainstep\xe2\x88\x92\xff";
        size_t len = (size_t)(rand() % 600);
        char *buf = malloc(len + 1);
        for (size_t i = 0; i < len; i++)
            buf[i] = rand() % 5 ? alphabet[rand() % (sizeof alphabet - 1)] : (char)rand();
        struct extract_transcript *g;
        struct gb_err err;
        ck_assert_int_eq(extract_parse(buf, len, NULL, &g, &err), 0);
        f = query(g, "{\"row\": \"gain 0.5\", \"column\": \"step\"}");
        f = query(g, "{\"column\": \"a\", \"shape\": \"vector\", \"all\": true}");
        f = query(g, "{\"row\": \"1\", \"shape\": \"line\"}");
        (void)f;
        extract_free(g);
        free(buf);
    }
}
END_TEST

START_TEST(test_query_json_errors)
{
    struct extract_query q;
    struct gb_err err;
    cJSON *j = cJSON_Parse("{\"row\": \"a\", \"colum\": \"b\"}");

    ck_assert_int_eq(extract_query_from_json(j, NULL, &q, &err), -1);
    ck_assert_str_eq(err.msg, "unknown key \"colum\" in \"locate\"");
    cJSON_Delete(j);
    j = cJSON_Parse("{\"nth\": 0}");
    ck_assert_int_eq(extract_query_from_json(j, NULL, &q, &err), -1);
    ck_assert_str_eq(err.msg, "\"nth\" must be a whole number from 1");
    cJSON_Delete(j);
    j = cJSON_Parse("{\"row\": [\"a\", 3]}");
    ck_assert_int_eq(extract_query_from_json(j, NULL, &q, &err), -1);
    ck_assert_str_eq(err.msg, "\"row\" must list strings only");
    cJSON_Delete(j);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("extract");
    TCase *tc = tcase_create("inline");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_label_value_lines);
    tcase_add_test(tc, test_number_aware_labels);
    tcase_add_test(tc, test_dicts_and_key_values);
    tcase_add_test(tc, test_missing_explanations);
    tcase_add_test(tc, test_later_print_overrides_with_note);
    tcase_add_test(tc, test_empty_and_garbage_never_crash);
    tcase_add_test(tc, test_query_json_errors);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
