/* test_extract.c — Check suite for locating values in printed output (grader/extract/extract*.c).
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
#include "extract/extract.h"
#include "extract_fixture.h"

#define FIXTURES "tests/fixtures/extract/"

static const char *const SYNONYMS =
    "{\"gain\": [\"g\"], \"accuracy\": [\"acc\"],"
    " \"b_f\": [\"forget bias\"], \"test acc\": [\"acc(test)\"]}";

/* Runs one query, given as the JSON a rubric would hold, on a parsed transcript. */
static struct found query(const struct extract_transcript *t, const char *locate_json)
{
    return extract_fixture_query(t, SYNONYMS, locate_json);
}

static struct extract_transcript *parse_str(const char *s)
{
    return extract_fixture_parse(s);
}

static struct extract_transcript *parse_fixture(const char *name)
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

/* A dot between fields ("·", "•") separates them as a comma would: the
 * label padded to its value by two spaces is that value's, not the one
 * before the dot. */
START_TEST(test_separator_dots_bound_fields)
{
    static const char *const dots[] = { "\xc2\xb7", "\xe2\x80\xa2" };

    for (size_t k = 0; k < 2; k++) {
        char text[256];
        struct extract_transcript *t;
        struct found f;

        snprintf(text, sizeof text, "LSTM b_f=0 %s 129.8 s %s train  83.9%% %s test  49.5%%\n",
                 dots[k], dots[k], dots[k]);
        t = parse_str(text);
        f = query(t, "{\"row\": \"b_f 0\", \"column\": \"test\"}");
        ASSERT_HIT(f, 49.5, 1, "49.5%");
        f = query(t, "{\"row\": \"b_f 0\", \"column\": \"train\"}");
        ASSERT_HIT(f, 83.9, 1, "83.9%");
        extract_free(t);
    }
}
END_TEST

/* A name cannot hold a '.': "g05", "g10" name gain 0.5 and gain 1.0 where
 * the rubric writes the value with a point; "g50" is never gain 5. */
START_TEST(test_names_drop_the_point)
{
    struct extract_transcript *t = parse_str(
        "factor_g05 = 0.4901\n"
        "factor_g10 = 0.9106\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"factor\"}");
    ASSERT_HIT(f, 0.4901, 1, "0.4901");
    f = query(t, "{\"row\": \"gain 1.0\", \"column\": \"factor\"}");
    ASSERT_HIT(f, 0.9106, 2, "0.9106");
    extract_free(t);
    t = parse_str("factor_g50 = 0.7000\n");
    f = query(t, "{\"row\": \"gain 5\", \"column\": \"factor\"}");
    ck_assert_msg(f.n == 0, "g50 read as gain 5 (line %zu)", f.line);
    extract_free(t);
}
END_TEST

/* n_values: the different values printed by candidates as good as the
 * chosen one on lines printed alike — what score/ calls a shotgun when
 * there are many.  Keys (whole numbers) make lines different rows, and rows
 * of bare numbers are a matrix's rows, never repeats of one reading. */
START_TEST(test_values_left_undecided)
{
    struct extract_transcript *t = parse_str(
        "test acc: 0.100\ntest acc: 0.200\ntest acc: 0.300\ntest acc: 0.300\n");
    struct found f;

    f = query(t, "{\"row\": \"test acc\"}");
    ASSERT_HIT(f, 0.3, 4, "0.300");
    ck_assert_uint_eq(f.n_values, 3);
    extract_free(t);
    t = parse_str("step 1 acc 0.100\nstep 2 acc 0.200\nstep 3 acc 0.300\n");
    f = query(t, "{\"row\": \"acc\"}");
    ck_assert_uint_eq(f.n_values, 1);
    extract_free(t);
    t = parse_str("a     b\n0.1   0.2\n0.3   0.4\n0.5   0.6\n");
    f = query(t, "{\"column\": \"a\"}");
    ck_assert_int_eq(f.n, 1);
    ck_assert_uint_eq(f.n_values, 1);
    extract_free(t);
}
END_TEST

static int collect_header(const char *header, void *arg)
{
    char *out = arg;
    size_t len = strlen(out);
    snprintf(out + len, 256 - len, "%s%s", len ? "|" : "", header);
    return 0;
}

/* extract_key_headers: a column is a key by its values, whatever its
 * header says — only whole numbers of the key, at least three different. */
START_TEST(test_key_columns_by_their_values)
{
    const double lengths[] = { 5, 20, 50, 100 };
    struct extract_transcript *t = parse_str(
        "longitud modelo   segundos  precision\n"
        "       5 RNN           2.3      1.000\n"
        "      20 RNN          12.5      1.000\n"
        "      50 RNN          57.8      0.561\n");
    char found[256] = "";

    ck_assert_int_eq(extract_key_headers(t, lengths, 4, collect_header, found), 0);
    ck_assert_str_eq(found, "longitud");
    extract_free(t);
    /* two of the values only, or a value outside them: no key */
    t = parse_str("lambai acc\n   5 1.000\n  20 1.000\n  20 0.900\n");
    found[0] = '\0';
    extract_key_headers(t, lengths, 4, collect_header, found);
    ck_assert_str_eq(found, "");
    extract_free(t);
    t = parse_str("lambai acc\n   5 1.000\n  20 1.000\n  50 0.900\n  64 0.5\n");
    found[0] = '\0';
    extract_key_headers(t, lengths, 4, collect_header, found);
    ck_assert_str_eq(found, "");
    extract_free(t);
}
END_TEST

/* extract_key_words: a word the key's values follow as a name's number,
 * and no other number, is that key in a language the lexicon lacks
 * (Polish "wzmocn." for gain, Turkish "adim" for step); "przed" (before)
 * is in the lexicon and keeps its meaning. */
START_TEST(test_key_words_by_the_values_after_them)
{
    const double gains[] = { 0.5, 0.9, 1.0, 1.2, 1.5 }, steps[] = { 1, 10, 20, 30, 40, 50 };
    struct extract_transcript *t = parse_str(
        "model                adim 50    adim 10     adim 1\n"
        "RNN wzmocn. 0.5    7.577e-02  2.281e-14  5.032e-17\n"
        "RNN wzmocn. 0.9    7.603e-02  5.364e-05  1.619e-05\n"
        "RNN wzmocn. 1.5    7.708e-02  8.052e-01  5.268e+00\n"
        "przed przycieciem  20.577\n");
    char found[256] = "";

    ck_assert_int_eq(extract_key_words(t, gains, 5, collect_header, found), 0);
    ck_assert_str_eq(found, "wzmocn");
    found[0] = '\0';
    extract_key_words(t, steps, 6, collect_header, found);
    ck_assert_str_eq(found, "adim");
    extract_free(t);
    /* two values only, or a number outside them after the word: no key */
    t = parse_str("wzmocn. 0.5 x0.49\nwzmocn. 0.9 x0.84\n");
    found[0] = '\0';
    extract_key_words(t, gains, 5, collect_header, found);
    ck_assert_str_eq(found, "");
    extract_free(t);
    t = parse_str("wzmocn 0.5\nwzmocn 0.9\nwzmocn 1.5\nwzmocn 2.0\n");
    found[0] = '\0';
    extract_key_words(t, gains, 5, collect_header, found);
    ck_assert_str_eq(found, "");
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

START_TEST(test_closest_words_win_on_a_crowded_line)
{
    struct extract_transcript *t = parse_str("acc: T=20 LSTM 0.9 | T=50 RNN 0.5 | T=50 LSTM 0.506\n");
    struct found f;

    f = query(t, "{\"row\": \"T=50 LSTM\"}");
    ASSERT_HIT(f, 0.506, 1, "0.506");
    f = query(t, "{\"row\": \"LSTM T=50\"}");
    ASSERT_HIT(f, 0.506, 1, "0.506");
    f = query(t, "{\"row\": \"T=50 RNN\"}");
    ASSERT_HIT(f, 0.5, 1, "0.5");
    f = query(t, "{\"row\": \"T=20 LSTM\"}");
    ASSERT_HIT(f, 0.9, 1, "0.9");
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
    ASSERT_MISS(f, "under 'part one' (lines 1-3), no line mentions gain 1.2 (line 2 has 'gain 0.5')");
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


/* ---- the module's own layouts (make_module_layouts.py) ------------------- */

START_TEST(test_module_step1_bag_table)
{
    struct extract_transcript *t = parse_fixture("module_step1.txt");
    struct found f;

    f = query(t, "{\"row\": \"test rows\", \"column\": \"very\"}");
    ASSERT_HIT(f, 297, 2, "297");
    f = query(t, "{\"row\": \"test rows\", \"column\": \"not\"}");
    ASSERT_HIT(f, 303, 2, "303");
    f = query(t, "{\"row\": \"logistic\", \"column\": \"all\"}");
    ASSERT_HIT(f, 0.740, 16, "0.740");
    ck_assert_str_eq(f.label, "logistic on word counts");
    ck_assert_str_eq(f.column, "all");
    f = query(t, "{\"row\": \"logistic\", \"column\": [\"very rows\", \"very\"]}");
    ASSERT_HIT(f, 1.0, 16, "1.000");
    f = query(t, "{\"row\": \"logistic\", \"column\": \"not rows\"}");
    ASSERT_HIT(f, 0.485, 16, "0.485");
    f = query(t, "{\"row\": \"64-unit\", \"column\": \"not\"}");
    ASSERT_HIT(f, 0.574, 17, "0.574");
    ck_assert_str_eq(f.column, "not rows");
    f = query(t, "{\"row\": \"64-unit\", \"column\": \"params\"}");
    ASSERT_HIT(f, 1217, 17, "1,217");
    f = query(t, "{\"section\": \"20 fresh test sets\", \"row\": \"mean\"}");
    ASSERT_HIT(f, 0.504, 20, "0.504");
    f = query(t, "{\"row\": \"min\"}");
    ASSERT_HIT(f, 0.448, 20, "0.448");
    f = query(t, "{\"row\": \"bag-of-words matrix\", \"shape\": \"vector\"}");
    ASSERT_HIT(f, 1600, 13, "1600");
    ck_assert_uint_eq(f.n_nums, 2);
    ck_assert(f.nums[1] == 17);
    extract_free(t);
}
END_TEST

START_TEST(test_module_step2_trace)
{
    struct extract_transcript *t = parse_fixture("module_step2.txt");
    struct found f;

    f = query(t, "{\"section\": \"REVIEW A\", \"row\": \"step 3\", \"column\": \"h_t\", \"shape\": \"vector\"}");
    ASSERT_HIT(f, 0.716, 6, "0.716");
    ck_assert_uint_eq(f.n_nums, 3);
    ck_assert(f.nums[0] == 0.716 && f.nums[1] == 0 && f.nums[2] == 0.462);
    ck_assert_str_eq(f.column, "h_t (mood, saw-not, count)");
    f = query(t, "{\"section\": \"REVIEW B\", \"row\": \"step 7\", \"column\": \"h_t\", \"nth\": 2}");
    ASSERT_HIT(f, 0.964, 22, "0.964");
    f = query(t, "{\"section\": \"REVIEW B\", \"row\": \"step 8\", \"column\": \"x_t\", \"shape\": \"vector\"}");
    ASSERT_HIT(f, 1, 23, "1.");
    ck_assert_uint_eq(f.n_nums, 3);
    f = query(t, "{\"row\": \"final memory A\", \"shape\": \"vector\"}");
    ASSERT_HIT(f, -0.413, 25, "-0.413");
    ck_assert_uint_eq(f.n_nums, 3);
    ck_assert(f.nums[2] == 0.7);
    f = query(t, "{\"row\": \"differ\"}");
    ASSERT_HIT(f, 0.826, 27, "0.826");
    f = query(t, "{\"row\": \"reversed\", \"column\": \"mood\"}");
    ASSERT_HIT(f, 0.372, 31, "+0.372");
    f = query(t, "{\"row\": \"shuffled\", \"column\": \"count\"}");
    ASSERT_HIT(f, 0.468, 32, "0.468");
    extract_free(t);
}
END_TEST

START_TEST(test_module_step2_trace_rows_all)
{
    struct extract_transcript *t = parse_fixture("module_step2.txt");
    struct extract_query q = EXTRACT_QUERY_INIT;
    struct extract_result r = EXTRACT_RESULT_INIT;
    struct gb_err err;
    static const double mood_b[] = { 0, 0, 0, -0.716, -0.615, -0.547, -0.499, -0.461, 0.413 };

    ck_assert_int_eq(extract_query_add(&q, EXTRACT_SECTION, "REVIEW B", &err), 0);
    ck_assert_int_eq(extract_query_add(&q, EXTRACT_COLUMN, "h_t", &err), 0);
    q.shape = EXTRACT_VECTOR;
    q.all = 1;
    ck_assert_int_eq(extract_find(t, &q, &r, &err), 0);
    ck_assert_uint_eq(r.n_hits, 9);
    for (size_t i = 0; i < 9; i++) {
        ck_assert_uint_eq(r.hits[i].line, 15 + i);
        ck_assert_uint_eq(r.hits[i].n_nums, 3);
        ck_assert(r.hits[i].nums[0].value == mood_b[i]);
    }
    ck_assert_str_eq(r.hits[3].label, "3  slow");
    extract_result_free(&r);
    extract_query_free(&q);
    extract_free(t);
}
END_TEST

START_TEST(test_module_step3_both_orientations)
{
    struct extract_transcript *t = parse_fixture("module_step3.txt");
    struct found f;

    /* the value sits in both tables; they agree, so no note */
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.032e-17, 13, "5.032e-17");
    ck_assert_str_eq(f.explain, "");
    /* only the transposed table has step 45 */
    f = query(t, "{\"row\": \"gain 1.0\", \"column\": \"step 45\"}");
    ASSERT_HIT(f, 2.923e-02, 4, "2.923e-02");
    ck_assert_str_eq(f.label, "45");
    ck_assert_str_eq(f.column, "RNN gain 1.0");
    f = query(t, "{\"row\": \"LSTM b_f=0\", \"column\": \"step 20\"}");
    ASSERT_HIT(f, 2.514e-08, 7, "2.514e-08");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"shrinks per step\"}");
    ASSERT_HIT(f, 1.090, 15, "x1.090");
    f = query(t, "{\"row\": \"LSTM b_f=3\", \"column\": [\"shrink\", \"per-step factor\"]}");
    ASSERT_HIT(f, 1.016, 17, "x1.016");
    f = query(t, "{\"row\": \"RNN gain 1.0\", \"column\": \"step1/step50\"}");
    ASSERT_HIT(f, 1.01e-02, 14, "1.01e-02");
    /* step 1 is not step1/step50 nor step 10 */
    f = query(t, "{\"row\": \"LSTM b_f=3\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 4.782e-02, 17, "4.782e-02");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 10\"}");
    ASSERT_HIT(f, 2.281e-14, 8, "2.281e-14");
    f = query(t, "{\"row\": \"gain 1.2\", \"column\": \"step 1\"}");
    ASSERT_MISS(f, "no line mentions gain 1.2 (line 2 has 'gain 0.5')");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 2\"}");
    ASSERT_MISS(f, "the row for 'gain 0.5' (line 13) has no 'step 2' column");
    extract_free(t);
}
END_TEST

START_TEST(test_module_step4_and_step5)
{
    struct extract_transcript *t = parse_fixture("module_step4.txt");
    struct found f;

    f = query(t, "{\"row\": \"plain RNN\", \"column\": \"params\"}");
    ASSERT_HIT(f, 1905, 4, "1,905");
    f = query(t, "{\"row\": \"LSTM\", \"column\": \"train s\"}");
    ASSERT_HIT(f, 0.6, 6, "0.6");
    f = query(t, "{\"row\": [\"bag of words, logistic\"], \"column\": \"not\"}");
    ASSERT_HIT(f, 0.495, 2, "0.495");
    f = query(t, "{\"row\": \"not good and service was slow\"}");
    ASSERT_HIT(f, 0.0, 11, "0.000");
    extract_free(t);

    t = parse_fixture("module_step5.txt");
    f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.507, 8, "0.507");
    ck_assert_str_eq(f.label, "50 RNN");
    f = query(t, "{\"row\": [\"length 50 LSTM b_f=0\", \"length 50 LSTM\"], \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.858, 9, "0.858");
    f = query(t, "{\"row\": \"length 50 LSTM\", \"column\": \"train acc\", \"exclude\": \"b_f=3\"}");
    ASSERT_HIT(f, 0.858, 9, "0.858");
    f = query(t, "{\"row\": \"length 50 LSTM b_f=3\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 1.0, 10, "1.000");
    f = query(t, "{\"row\": \"length 20 LSTM\", \"column\": \"train s\"}");
    ASSERT_HIT(f, 4.1, 6, "4.1");
    f = query(t, "{\"row\": \"length 5 RNN\", \"column\": \"train s\"}");
    ASSERT_HIT(f, 0.9, 2, "0.9");
    f = query(t, "{\"row\": \"length 1000\", \"column\": \"LSTM\"}");
    ASSERT_HIT(f, 66.5, 17, "66.5");
    ck_assert_str_eq(f.column, "LSTM (sequential)");
    f = query(t, "{\"row\": \"length 1000\", \"column\": \"ratio\"}");
    ASSERT_HIT(f, 2.2, 17, "2.2x");
    f = query(t, "{\"row\": \"length 100 RNN\", \"column\": \"test acc\"}");
    ASSERT_MISS(f, "no line mentions length 100 RNN (line 2 has 'length 5')");
    extract_free(t);
}
END_TEST

START_TEST(test_module_step6_attention)
{
    struct extract_transcript *t = parse_fixture("module_step6.txt");
    struct found f;

    f = query(t, "{\"section\": \"raw self-attention weights\", \"row\": \"slow\", \"column\": \"slow\"}");
    ASSERT_HIT(f, 0.711, 19, "0.711");
    f = query(t, "{\"section\": \"raw self-attention weights\", \"row\": \"slow\", \"column\": \"service\"}");
    ASSERT_HIT(f, 0.096, 19, "0.096");
    /* both A tables have a (slow, slow) cell: the note says which was taken */
    f = query(t, "{\"section\": \"A. raw\", \"row\": \"slow\", \"column\": \"slow\"}");
    ASSERT_HIT(f, 0.711, 19, "0.711");
    ck_assert_str_eq(f.explain, "two values for slow, slow: 2.000 (line 13) and 0.711 (line 19);"
                                " took line 19, the last printed");
    f = query(t, "{\"section\": \"separate query weights\", \"row\": \"slow\", \"column\": \"not\"}");
    ASSERT_HIT(f, 0.440, 44, "0.440");
    ck_assert_str_eq(f.explain, "");
    f = query(t, "{\"section\": \"separate query weights\", \"row\": \"slow\", \"column\": \"was\"}");
    ASSERT_HIT(f, 0.060, 44, "0.060");
    f = query(t, "{\"section\": \"separate query output\", \"row\": \"slow\", \"shape\": \"vector\"}");
    ASSERT_HIT(f, 0.881, 49, "0.881");
    ck_assert_uint_eq(f.n_nums, 4);
    ck_assert(f.nums[1] == -0.119 && f.nums[2] == 0.881 && f.nums[3] == 0.339);
    f = query(t, "{\"row\": \"good/bad number moved\", \"nth\": 2}");
    ASSERT_HIT(f, -0.119, 56, "-0.119");
    f = query(t, "{\"row\": \"negation number\", \"nth\": 2}");
    ASSERT_HIT(f, 0.881, 57, "+0.881");
    f = query(t, "{\"row\": \"largest gap\"}");
    ASSERT_HIT(f, 2.22e-16, 59, "2.22e-16");
    f = query(t, "{\"row\": \"token 1 to token 50\", \"column\": \"attention\"}");
    ASSERT_HIT(f, 1, 61, "1");
    f = query(t, "{\"section\": \"C. multi-head\", \"row\": \"slow\"}");
    ASSERT_MISS(f, "no heading or title mentions 'C. multi-head'");
    extract_free(t);
}
END_TEST

/* ---- students' own styles --------------------------------------------------- */

START_TEST(test_markdown_tables)
{
    struct extract_transcript *t = parse_fixture("order_matters_markdown.txt");
    struct found f;

    f = query(t, "{\"row\": \"test\", \"column\": \"very\"}");
    ASSERT_HIT(f, 297, 6, "297");
    f = query(t, "{\"row\": \"test\", \"column\": \"not\"}");
    ASSERT_HIT(f, 303, 6, "303");
    f = query(t, "{\"row\": \"logistic\", \"column\": [\"all\", \"overall\"]}");
    ASSERT_HIT(f, 0.740, 23, "0.740");
    ck_assert_str_eq(f.label, "Logistic (bag)");
    ck_assert_str_eq(f.column, "Overall Acc");
    f = query(t, "{\"row\": [\"64-unit\", \"MLP\"], \"column\": [\"not rows\", \"not acc\"]}");
    ASSERT_HIT(f, 0.574, 24, "0.574");
    f = query(t, "{\"row\": \"20 fresh\", \"column\": \"mean\"}");
    ASSERT_HIT(f, 0.504, 26, "0.504");
    f = query(t, "{\"row\": \"20 fresh\", \"column\": \"max\"}");
    ASSERT_HIT(f, 0.574, 26, "0.574");
    extract_free(t);
}
END_TEST

/* A vector printed as a table row: the row's numeric cells, not one cell. */
START_TEST(test_vector_as_table_row)
{
    struct extract_transcript *t = parse_str(
        "### With the query matrix Wq\n"
        "| token | subject | good/bad | negation | filler |\n"
        "|---|---|---|---|---|\n"
        "| was | 0.500 | -0.500 | 0.500 | 0.625 |\n"
        "| rude | 0.881 | -0.119 | 0.881 | 0.339 |\n");
    struct found f;

    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"shape\": \"vector\"}");
    ck_assert_msg(f.n == 1, "no hit: %s", f.explain);
    ck_assert_uint_eq(f.line, 5);
    ck_assert_uint_eq(f.n_nums, 4);
    ck_assert(f.nums[0] == 0.881 && f.nums[1] == -0.119 && f.nums[3] == 0.339);
    /* with a column asked for, the vector stays that cell's numbers */
    f = query(t, "{\"row\": \"rude\", \"column\": \"filler\", \"shape\": \"vector\"}");
    ck_assert_uint_eq(f.n_nums, 1);
    ck_assert(f.nums[0] == 0.339);
    extract_free(t);
}
END_TEST

/* A list printed straight under an aligned table is not one of its rows:
 * the table's "sum" column holds only the row sums. */
START_TEST(test_list_line_after_table)
{
    struct extract_transcript *t = parse_str(
        "query matrix\n"
        "          support    was    not   rude    sum\n"
        "not         0.250  0.250  0.250  0.250  1.000\n"
        "rude        0.440  0.060  0.440  0.060  1.000\n"
        "output of rude: [0.881, -0.119, 0.881, 0.339]\n");
    struct extract_query q = EXTRACT_QUERY_INIT;
    struct extract_result r = EXTRACT_RESULT_INIT;
    struct gb_err err;
    struct found f;

    ck_assert_int_eq(extract_query_add(&q, EXTRACT_COLUMN, "sum", &err), 0);
    q.all = 1;
    ck_assert_int_eq(extract_find(t, &q, &r, &err), 0);
    ck_assert_uint_eq(r.n_hits, 2);
    ck_assert(r.hits[0].num.value == 1.0 && r.hits[1].num.value == 1.0);
    extract_result_free(&r);
    extract_query_free(&q);
    f = query(t, "{\"row\": \"rude\", \"shape\": \"vector\", \"exclude\": \"sum\"}");
    ck_assert_msg(f.n == 1, "no hit: %s", f.explain);
    ck_assert_uint_eq(f.line, 5);
    ck_assert_uint_eq(f.n_nums, 4);
    extract_free(t);
}
END_TEST

/* logging-module lines carry their section as their first words */
START_TEST(test_section_on_the_line)
{
    struct extract_transcript *t = parse_str(
        "INFO:root:self-attention query=rude support=0.0963 rude=0.7112 sum=1.0000\n"
        "INFO:root:query-matrix query=rude support=0.4404 rude=0.0596 sum=1.0000\n");
    struct found f;

    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.4404, 2, "0.4404");
    f = query(t, "{\"section\": [\"query = key\", \"self attention\"], \"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.0963, 1, "0.0963");
    f = query(t, "{\"section\": \"separate query\", \"row\": \"rude\", \"column\": \"support\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

/* Steps down, gains across, powers of ten written out: "step 1" is the row
 * labelled 1 under "step", never the "x/step" row read with the 1.0 of the
 * column headed "g=1.0". */
START_TEST(test_steps_down_gain_one_across)
{
    struct extract_transcript *t = parse_fixture("gradient_decay_steps_down.txt");
    struct found f;

    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.03e-17, 8, "5.03x10^-17");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 50\"}");
    ASSERT_HIT(f, 7.71e-02, 3, "7.71x10^-2");
    extract_free(t);
}
END_TEST

/* Two synonyms in one phrase: "T = 5 | LSTM bf=3" is "length 5 LSTM b_f 3". */
START_TEST(test_two_synonyms_in_one_phrase)
{
    struct extract_transcript *t = parse_str(
        "g=0.5 LSTM forget bias 1: 0.31\n"
        "g=0.5 LSTM forget bias 3: 0.42\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 0.5 LSTM b_f 3\"}");
    ASSERT_HIT(f, 0.42, 2, "0.42");
    extract_free(t);
}
END_TEST

/* A synonym member inside a longer one ("train" in "train acc") is not
 * substituted on its own: "train acc acc" would take the next "acc" on the
 * line, the test accuracy's. */
START_TEST(test_member_inside_member)
{
    struct extract_transcript *t = parse_str(
        "{\"T\": 50, \"seconds\": 30.2, \"train_acc\": 0.8752, \"test_acc\": 0.509}\n");
    struct extract_synonyms *syn;
    struct extract_query q;
    struct extract_result r = EXTRACT_RESULT_INIT;
    struct gb_err err;
    cJSON *sj = cJSON_Parse("{\"train acc\": [\"train\"], \"length\": [\"T\"]}");
    cJSON *qj = cJSON_Parse("{\"row\": \"length 50\", \"column\": \"train acc\"}");

    ck_assert_int_eq(extract_synonyms_from_json(sj, &syn, &err), 0);
    ck_assert_int_eq(extract_query_from_json(qj, syn, &q, &err), 0);
    ck_assert_int_eq(extract_find(t, &q, &r, &err), 0);
    ck_assert_uint_eq(r.n_hits, 1);
    ck_assert(r.hits[0].num.value == 0.8752);
    extract_result_free(&r);
    extract_query_free(&q);
    extract_synonyms_free(syn);
    cJSON_Delete(sj);
    cJSON_Delete(qj);
    extract_free(t);
}
END_TEST

/* An excluded word over the label column ("accuracy") rules out its rows:
 * the "very rows" accuracy is not the count of "very" rows. */
START_TEST(test_label_column_header_excluded)
{
    struct extract_transcript *t = parse_str(
        "very_rows=297\n"
        "not_rows=303\n"
        "\n"
        "accuracy      logistic    mlp-64\n"
        "overall          0.745     0.758\n"
        "very rows        1.000     1.000\n"
        "not rows         0.495     0.522\n");
    struct found f;

    f = query(t, "{\"column\": \"very\", \"row\": [\"test\", \"rows\"], \"exclude\": [\"acc\", \"accuracy\"]}");
    ASSERT_HIT(f, 297, 1, "297");
    f = query(t, "{\"row\": \"logistic\", \"column\": \"very rows\"}");
    ASSERT_HIT(f, 1.0, 6, "1.000");
    extract_free(t);
}
END_TEST

START_TEST(test_csv_tsv)
{
    struct extract_transcript *t = parse_fixture("gradient_decay_csv.txt");
    struct found f;

    /* "gain" is its own CSV column: the row is named by it too */
    f = query(t, "{\"row\": \"rnn gain 0.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.032e-17, 2, "5.032e-17");
    ck_assert_str_eq(f.column, "step_1");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"shrink\"}");
    ASSERT_HIT(f, 1.090, 6, "1.090");
    f = query(t, "{\"row\": \"gain 1.0\", \"column\": \"step 10\"}");
    ASSERT_HIT(f, 1.140e-03, 4, "1.140e-03");
    f = query(t, "{\"row\": [\"LSTM b_f=3\", \"lstm bf3\"], \"column\": \"step 1\"}");
    ASSERT_HIT(f, 4.782e-02, 8, "4.782e-02");
    f = query(t, "{\"column\": \"total norm before\"}");
    ASSERT_HIT(f, 12.84, 10, "12.84");
    f = query(t, "{\"row\": \"clip\", \"column\": \"after\"}");
    ASSERT_HIT(f, 1.0, 10, "1.0000");
    extract_free(t);

    t = parse_fixture("gradient_decay_tsv.txt");
    f = query(t, "{\"row\": \"T=100\", \"column\": \"steps above\"}");
    ASSERT_HIT(f, 71, 5, "71");
    f = query(t, "{\"row\": \"T 25\", \"column\": \"grad at 1\"}");
    ASSERT_HIT(f, 4.11e-03, 3, "4.11e-03");
    f = query(t, "{\"row\": \"T 200\", \"column\": \"grad at 1\"}");
    ASSERT_MISS(f, "no line mentions T 200 (line 2 has 'T 10')");
    extract_free(t);
}
END_TEST

START_TEST(test_pandas_frames_and_transposed)
{
    struct extract_transcript *t = parse_fixture("gradient_decay_pandas.txt");
    struct found f;

    f = query(t, "{\"section\": \"per-step gradient norms\", \"row\": \"RNN gain 0.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.03e-17, 4, "5.03e-17");
    ck_assert_str_eq(f.column, "model 1");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"shrink\"}");
    ASSERT_HIT(f, 1.090, 8, "1.090");
    /* a bare "1" is in both frames: the later print is taken, and said so */
    f = query(t, "{\"row\": \"RNN gain 0.5\", \"column\": \"1\"}");
    ASSERT_HIT(f, 0.0, 16, "0.000000");
    ck_assert_str_eq(f.explain, "two values for RNN gain 0.5, 1: 5.03e-17 (line 4) and 0.000000 "
                                "(line 16); took line 16, the last printed");
    /* the transposed frame names steps in its index: a straight match there
     * beats the title-assisted one, even though pandas printed 0.000000 */
    f = query(t, "{\"row\": \"RNN gain 0.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 0.0, 16, "0.000000");
    f = query(t, "{\"section\": \"transposed\", \"row\": \"step 1\", \"column\": \"gain 1.5\"}");
    ASSERT_HIT(f, 5.271, 16, "5.271000");
    ck_assert_str_eq(f.column, "RNN g=1.5");
    extract_free(t);
}
END_TEST

/* A line pyoutput took out (a warning between a header and its rows) still
 * counts for the line numbers the student sees, and does not end a table. */
START_TEST(test_dropped_lines_keep_numbers)
{
    struct extract_transcript *t = parse_str(
        "model          train   test\n"
        "\x1e\n"
        "\x1e\n"
        "logistic       1.000  0.740\n"
        "\x1e\n"
        "\n"
        "mlp            1.000  0.485\n");
    struct found f;

    f = query(t, "{\"row\": \"logistic\", \"column\": \"test\"}");
    ASSERT_HIT(f, 0.74, 4, "0.740");
    /* after a blank line: its own block, no header, numbered as printed */
    f = query(t, "{\"row\": \"mlp\", \"column\": \"test\"}");
    ck_assert_int_eq(f.n, 0);
    f = query(t, "{\"row\": \"mlp\"}");
    ck_assert_uint_eq(f.line, 7);
    extract_free(t);
}
END_TEST

START_TEST(test_logs_progress_bars_and_percent)
{
    struct extract_transcript *t = parse_fixture("memory_lab_progress.txt");
    struct found f;

    f = query(t, "{\"section\": \"summary\", \"row\": \"T=50 RNN\", \"column\": \"test\"}");
    ASSERT_HIT(f, 50.7, 43, "50.7%");
    f = query(t, "{\"row\": \"T=50 LSTM bf=0\", \"column\": \"train\"}");
    ASSERT_HIT(f, 85.8, 45, "85.8%");
    f = query(t, "{\"row\": \"T=100 LSTM bf=3\", \"column\": \"test\"}");
    ASSERT_HIT(f, 99.9, 48, "99.9%");
    f = query(t, "{\"row\": \"T=50 GRU\", \"column\": \"secs\"}");
    ASSERT_HIT(f, 7.1, 44, "7.1");
    f = query(t, "{\"row\": \"T=50\", \"column\": \"positive share\"}");
    ASSERT_HIT(f, 0.498, 5, "0.498");
    f = query(t, "{\"section\": \"training\", \"row\": \"T=50 RNN\", \"column\": \"time\"}");
    ASSERT_HIT(f, 3.8, 19, "3.8");
    /* every segment of a redrawn progress line reports the same line number */
    f = query(t, "{\"row\": \"T=50 RNN\", \"column\": \"%\", \"shape\": \"line\", \"all\": true}");
    extract_free(t);

    t = parse_fixture("percent_table.txt");
    f = query(t, "{\"row\": \"logistic\", \"column\": \"not rows\"}");
    ASSERT_HIT(f, 48.5, 3, "48.5 %");
    f = query(t, "{\"row\": \"64-unit\", \"column\": \"overall\"}");
    ASSERT_HIT(f, 78.5, 4, "78.5 %");
    f = query(t, "{\"row\": \"20 fresh\", \"column\": \"mean\"}");
    ASSERT_HIT(f, 50.4, 5, "50.4%");
    extract_free(t);
}
END_TEST

START_TEST(test_repeated_table_later_wins)
{
    struct extract_transcript *t = parse_fixture("memory_lab_repeated.txt");
    struct found f;

    f = query(t, "{\"row\": \"len 50 RNN\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.507, 8, "0.507");
    ck_assert_str_eq(f.explain, "two values for len 50 RNN, test acc: 0.511 (line 3) and "
                                "0.507 (line 8); took line 8, the last printed");
    f = query(t, "{\"row\": \"len 50 LSTM b_f=0\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.858, 9, "0.858");
    f = query(t, "{\"row\": \"len 50 LSTM b_f=3\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 1.0, 10, "1.000");
    ck_assert_str_eq(f.explain, "");
    extract_free(t);
}
END_TEST

START_TEST(test_units_crlf_dicts_tensors)
{
    struct extract_transcript *t = parse_fixture("units_table.txt");
    struct found f;

    f = query(t, "{\"row\": \"T 1000\", \"column\": \"lstm\"}");
    ASSERT_HIT(f, 66.6, 5, "66.6");
    ck_assert_uint_eq(f.n_nums, 1);
    f = query(t, "{\"row\": \"T=50\", \"column\": \"attn\"}");
    ASSERT_HIT(f, 0.2, 3, "0.2");
    f = query(t, "{\"column\": \"RNN@50\"}");
    ASSERT_HIT(f, 3.8, 6, "3.8");
    f = query(t, "{\"column\": \"LSTM 20\"}");
    ASSERT_HIT(f, 4.1, 6, "4.1");
    extract_free(t);

    t = parse_fixture("crlf_keyvalue.txt");
    f = query(t, "{\"row\": \"pre-clip\"}");
    ASSERT_HIT(f, 12.84, 2, "12.84");
    f = query(t, "{\"row\": \"post-clip total norm\"}");
    ASSERT_HIT(f, 1.0, 3, "1.0000");
    f = query(t, "{\"row\": \"length 50\", \"column\": \"LSTM\"}");
    ASSERT_HIT(f, 9.2, 7, "9.2");
    f = query(t, "{\"row\": \"length 20\", \"column\": \"RNN\"}");
    ASSERT_HIT(f, 1.8, 6, "1.8");
    extract_free(t);

    t = parse_fixture("attention_dicts_tensors.txt");
    f = query(t, "{\"row\": \"rude row\", \"column\": \"rude\"}");
    ASSERT_HIT(f, 0.711, 9, "0.711");
    f = query(t, "{\"row\": \"rude row\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.096, 9, "0.096");
    f = query(t, "{\"row\": \"rude attends\", \"column\": \"not\"}");
    ASSERT_HIT(f, 0.44, 11, "0.44");
    f = query(t, "{\"row\": \"rude attends\", \"column\": \"was\"}");
    ASSERT_HIT(f, 0.06, 11, "0.06");
    f = query(t, "{\"row\": \"output rude\", \"shape\": \"vector\"}");
    ASSERT_HIT(f, 0.8808, 12, "0.8808");
    ck_assert_uint_eq(f.n_nums, 4);
    ck_assert(f.nums[1] == -0.1192 && f.nums[3] == 0.3392);
    f = query(t, "{\"row\": \"mine torch\"}");
    ASSERT_HIT(f, 2.220446049250313e-16, 13, "2.220446049250313e-16");
    f = query(t, "{\"row\": \"row sums\", \"shape\": \"vector\"}");
    ASSERT_HIT(f, 1, 8, "1.");
    ck_assert_uint_eq(f.n_nums, 4);
    f = query(t, "{\"section\": \"weights\", \"row\": \"tensor\", \"shape\": \"vector\"}");
    ASSERT_HIT(f, 0.7112, 4, "0.7112");
    ck_assert_uint_eq(f.n_nums, 4);
    extract_free(t);
}
END_TEST

START_TEST(test_non_utf8_and_control_bytes)
{
    struct extract_transcript *t = parse_fixture("non_utf8.txt");
    struct found f;

    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"shrink\"}");
    ASSERT_HIT(f, 0.49, 3, "\xc3\x97" "0.490");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"shrink\"}");
    ASSERT_HIT(f, 1.09, 4, "x1.090");
    f = query(t, "{\"row\": \"loss\"}");
    ASSERT_HIT(f, -0.119, 5, "\xe2\x88\x92" "0.119");
    f = query(t, "{\"row\": \"loss\", \"nth\": 2}");
    ck_assert(f.n == 1 && isnan(f.value));
    f = query(t, "{\"row\": \"loss\", \"nth\": 3}");
    ck_assert(f.n == 1 && isinf(f.value) && f.value < 0);
    f = query(t, "{\"row\": \"step 1\"}");
    ASSERT_HIT(f, 5.03e-17, 6, "5.03e-17");
    f = query(t, "{\"row\": \"start\", \"shape\": \"line\"}");
    ck_assert_int_eq(f.n, 1);
    ck_assert_str_eq(f.label, "start ?? garbage ?? NUL bytes");
    extract_free(t);

    t = parse_fixture("empty.txt");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    ASSERT_MISS(f, "no line mentions gain 0.5");
    extract_free(t);
}
END_TEST

START_TEST(test_words_spread_over_header_and_label)
{
    struct extract_transcript *t = parse_fixture("wide_by_length.txt");
    struct found f;

    f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"test\"}");
    ASSERT_HIT(f, 0.507, 4, "0.507");
    ck_assert_str_eq(f.label, "RNN test");
    ck_assert_str_eq(f.column, "length 50");
    ck_assert_str_eq(f.explain, "");
    f = query(t, "{\"row\": \"length 50 LSTM\", \"column\": \"train\"}");
    ASSERT_HIT(f, 0.858, 5, "0.858");
    f = query(t, "{\"row\": \"length 20 LSTM\", \"column\": \"test\"}");
    ASSERT_HIT(f, 1.0, 6, "1.000");
    ck_assert_str_eq(f.column, "length 20");
    /* inline, the column's words before the row's: the value follows the row */
    f = query(t, "{\"row\": \"T=50 LSTM b_f=3\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 1.0, 8, "1.000");
    f = query(t, "{\"row\": \"T=50 LSTM\", \"column\": \"acc(test)\", \"exclude\": \"b_f=3\"}");
    ASSERT_HIT(f, 0.506, 8, "0.506");
    extract_free(t);
}
END_TEST

/* A number with a unit of time is no value of a column that names no time,
 * while its line offers another; alone it stays the label's value. */
START_TEST(test_time_is_no_accuracy)
{
    struct extract_transcript *t = parse_str(
        "At length 50 the LSTM trained in 31.2 s and scored 0.998 on training rows.\n"
        "t20: 950 ms\n");
    struct found f;

    f = query(t, "{\"row\": \"length 50 LSTM\", \"column\": \"train\"}");
    ASSERT_HIT(f, 0.998, 1, "0.998");
    f = query(t, "{\"column\": \"t20\"}");
    ASSERT_HIT(f, 950, 2, "950");
    /* a duration's unit is named by any word for seconds */
    f = query(t, "{\"row\": \"length 50 LSTM\", \"column\": \"secs\"}");
    ASSERT_HIT(f, 31.2, 1, "31.2");
    extract_free(t);

    /* the line naming the row's longest variant is the row */
    t = parse_str("At length 50 the LSTM with forget bias 0 trained in 159.4 s.\n"
                  "At length 50 the LSTM pass took 70.0 ms.\n");
    f = query(t, "{\"row\": [\"length 50 LSTM forget bias 0\", \"length 50 LSTM\"], "
                 "\"column\": \"seconds\"}");
    ASSERT_HIT(f, 159.4, 1, "159.4");
    extract_free(t);
}
END_TEST

START_TEST(test_exclude_spelled_out)
{
    /* the title's "per" is no "permuted": an excluded word must be written */
    struct extract_transcript *t = parse_str(
        "outputs (one row per token):\n"
        "  rude     [0.881, -0.119, 0.881, 0.339]\n"
        "\n"
        "largest gap against torch: 2.2e-16\n");
    struct found f;

    f = query(t, "{\"column\": \"gap\", \"exclude\": [\"permuted\", \"rounding\"]}");
    ASSERT_HIT(f, 2.2e-16, 4, "2.2e-16");
    f = query(t, "{\"column\": \"gap\", \"exclude\": [\"outputs\"]}");
    ck_assert_int_eq(f.n, 0);   // a title that does say it still rules the line out
    extract_free(t);

    /* four letters are an abbreviation: "perm" says "permuted" */
    t = parse_str("np.abs(t_out.numpy() - out2).max(): 0.5416\n"
                  "np.abs(t_w.numpy() - w2).max(): 0.2708\n"
                  "['not', 'support', 'rude', 'was']\n"
                  "np.abs(out3 - out2[perm]).max(): 0.0\n");
    f = query(t, "{\"column\": [\"gap\", \"max abs\"], \"exclude\": [\"permuted\"]}");
    ASSERT_HIT(f, 0.2708, 2, "0.2708");
    extract_free(t);
}
END_TEST

START_TEST(test_boxed_tables_and_nested_json)
{
    struct extract_transcript *t = parse_fixture("boxed_and_json.txt");
    struct found f;

    /* rich / tabulate box drawing reads as a pipe table */
    f = query(t, "{\"row\": \"logistic\", \"column\": \"not rows\"}");
    ASSERT_HIT(f, 0.485, 5, "0.485");
    ck_assert_str_eq(f.label, "logistic on word counts");
    f = query(t, "{\"row\": \"64-unit\", \"column\": \"all\"}");
    ASSERT_HIT(f, 0.785, 6, "0.785");
    /* a text column after the values leaves them values */
    f = query(t, "{\"row\": \"max\", \"column\": \"value\"}");
    ASSERT_HIT(f, 0.574, 16, "0.574");
    ck_assert_str_eq(f.label, "max fresh");
    /* json.dumps(indent=2): the enclosing key is the title of its lines */
    f = query(t, "{\"section\": \"split\", \"row\": \"not\"}");
    ASSERT_HIT(f, 303, 22, "303");
    f = query(t, "{\"section\": \"64-unit\", \"row\": \"not\"}");
    ASSERT_HIT(f, 0.574, 32, "0.574");
    f = query(t, "{\"column\": \"very\", \"exclude\": [\"logistic\", \"64-unit\"]}");
    ASSERT_HIT(f, 297, 21, "297");
    extract_free(t);
}
END_TEST

/* ---- size and hostility ------------------------------------------------------ */

/* Ten megabytes of epoch logs, then the table: read whole, the table still
 * found.  How fast is bench_extract's question (make bench), not a test's. */
START_TEST(test_ten_megabytes_of_logs)
{
    struct gb_buf b = GB_BUF_INIT;
    struct extract_transcript *t;
    struct gb_err err;
    struct found f;

    srand(3);
    while (b.len < (10u << 20))
        ck_assert_int_eq(gb_buf_printf(&b, &err, "epoch %3d/400  loss=%.4f  train_acc=%.3f  "
                                       "val_acc=%.3f  time=%.2fs\n", rand() % 400,
                                       rand() / (double)RAND_MAX, rand() / (double)RAND_MAX,
                                       rand() / (double)RAND_MAX, rand() / (double)RAND_MAX), 0);
    ck_assert_int_eq(gb_buf_puts(&b, "\nlength  model  test acc\n    50  RNN       0.507\n"
                                 "    50  LSTM      0.506\n", &err), 0);
    ck_assert_int_eq(extract_parse(b.data, b.len, NULL, &t, &err), 0);
    for (int i = 0; i < 10; i++) {
        f = query(t, "{\"row\": \"length 50 LSTM\", \"column\": \"test acc\"}");
        ck_assert_int_eq(f.n, 1);
        ck_assert(f.value == 0.506);
    }
    ck_assert_uint_eq(f.line, extract_line_count(t));
    ck_assert_ptr_null(extract_notes(t));
    extract_free(t);
    gb_buf_free(&b);
}
END_TEST

START_TEST(test_endless_line_cr_flood_and_limits)
{
    struct gb_buf b = GB_BUF_INIT;
    struct extract_transcript *t;
    struct extract_limits lim;
    struct gb_err err;
    struct found f;

    /* one 4 MB line of numbers, never terminated */
    while (b.len < (4u << 20))
        ck_assert_int_eq(gb_buf_puts(&b, "0.5 1,217 x0.490 nan ", &err), 0);
    ck_assert_int_eq(extract_parse(b.data, b.len, NULL, &t, &err), 0);
    ck_assert_uint_eq(extract_line_count(t), 1);
    ck_assert_str_eq(extract_notes(t), "a very long line was only partly read (too many numbers on it)");
    f = query(t, "{\"row\": \"gain 0.5\"}");
    ASSERT_MISS(f, "no line mentions gain 0.5");
    extract_free(t);
    gb_buf_free(&b);

    /* a progress bar redrawn 100,000 times, then the value */
    for (int i = 0; i < 100000; i++)
        ck_assert_int_eq(gb_buf_printf(&b, &err, "\r%3d%%|####|", i % 100), 0);
    ck_assert_int_eq(gb_buf_puts(&b, "\ngain 0.5: shrink x0.490\n", &err), 0);
    ck_assert_int_eq(extract_parse(b.data, b.len, NULL, &t, &err), 0);
    ck_assert_uint_eq(extract_line_count(t), 2);
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"shrink\"}");
    ASSERT_HIT(f, 0.49, 2, "x0.490");
    extract_free(t);
    gb_buf_free(&b);

    /* limits cut the input and say so */
    extract_limits_default(&lim);
    lim.max_bytes = 20;
    ck_assert_int_eq(extract_parse("gain 0.5: 0.490\ngain 1.5: 1.090\n", 32, &lim, &t, &err), 0);
    ck_assert_str_eq(extract_notes(t), "only the beginning of the output was read (size limit)");
    f = query(t, "{\"row\": \"gain 1.5\"}");
    ASSERT_MISS(f, "no line mentions gain 1.5 (line 1 has 'gain 0.5')");
    extract_free(t);
    extract_limits_default(&lim);
    lim.max_lines = 1;
    ck_assert_int_eq(extract_parse("a 1\nb 2\n", 8, &lim, &t, &err), 0);
    ck_assert_str_eq(extract_notes(t), "only the first lines of the output were read (line limit)");
    extract_free(t);
}
END_TEST

START_TEST(test_line_text_and_counts)
{
    struct extract_transcript *t = parse_str("first\r\n\r\nthird 3\rthird again 3\n\nlast");
    size_t len;
    const char *s;

    ck_assert_uint_eq(extract_line_count(t), 5);
    s = extract_line_text(t, 1, &len);
    ck_assert_int_eq((int)len, 5);
    ck_assert(memcmp(s, "first", 5) == 0);
    s = extract_line_text(t, 2, &len);
    ck_assert_uint_eq(len, 0);
    s = extract_line_text(t, 3, &len);
    ck_assert(len == 13 && memcmp(s, "third again 3", 13) == 0);
    s = extract_line_text(t, 5, &len);
    ck_assert(len == 4 && memcmp(s, "last", 4) == 0);
    ck_assert_ptr_null(extract_line_text(t, 6, &len));
    ck_assert_ptr_null(extract_line_text(t, 0, &len));
    extract_free(t);
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
    tcase_add_test(tc, test_separator_dots_bound_fields);
    tcase_add_test(tc, test_names_drop_the_point);
    tcase_add_test(tc, test_values_left_undecided);
    tcase_add_test(tc, test_key_columns_by_their_values);
    tcase_add_test(tc, test_key_words_by_the_values_after_them);
    tcase_add_test(tc, test_number_aware_labels);
    tcase_add_test(tc, test_closest_words_win_on_a_crowded_line);
    tcase_add_test(tc, test_dicts_and_key_values);
    tcase_add_test(tc, test_missing_explanations);
    tcase_add_test(tc, test_later_print_overrides_with_note);
    tcase_add_test(tc, test_empty_and_garbage_never_crash);
    tcase_add_test(tc, test_query_json_errors);
    suite_add_tcase(s, tc);
    tc = tcase_create("fixtures");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_module_step1_bag_table);
    tcase_add_test(tc, test_module_step2_trace);
    tcase_add_test(tc, test_module_step2_trace_rows_all);
    tcase_add_test(tc, test_module_step3_both_orientations);
    tcase_add_test(tc, test_module_step4_and_step5);
    tcase_add_test(tc, test_module_step6_attention);
    tcase_add_test(tc, test_markdown_tables);
    tcase_add_test(tc, test_vector_as_table_row);
    tcase_add_test(tc, test_list_line_after_table);
    tcase_add_test(tc, test_section_on_the_line);
    tcase_add_test(tc, test_steps_down_gain_one_across);
    tcase_add_test(tc, test_two_synonyms_in_one_phrase);
    tcase_add_test(tc, test_member_inside_member);
    tcase_add_test(tc, test_label_column_header_excluded);
    tcase_add_test(tc, test_csv_tsv);
    tcase_add_test(tc, test_pandas_frames_and_transposed);
    tcase_add_test(tc, test_logs_progress_bars_and_percent);
    tcase_add_test(tc, test_dropped_lines_keep_numbers);
    tcase_add_test(tc, test_repeated_table_later_wins);
    tcase_add_test(tc, test_units_crlf_dicts_tensors);
    tcase_add_test(tc, test_non_utf8_and_control_bytes);
    tcase_add_test(tc, test_words_spread_over_header_and_label);
    tcase_add_test(tc, test_time_is_no_accuracy);
    tcase_add_test(tc, test_exclude_spelled_out);
    tcase_add_test(tc, test_boxed_tables_and_nested_json);
    suite_add_tcase(s, tc);
    tc = tcase_create("limits");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_ten_megabytes_of_logs);
    tcase_add_test(tc, test_endless_line_cr_flood_and_limits);
    tcase_add_test(tc, test_line_text_and_counts);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
