/* test_extract_legend.c — Check suite for matrices named by a legend line
 * ("# rows: ... | cols: ..."), as numpy users print results
 * (extract_legend.c): the k-th row printed is the k-th row name; a bare
 * number takes the words of the name before it; "rows as above" takes the
 * previous legend's rows; a note closing the row list names every row; a
 * column the rubric's word names itself beats one a synonym abbreviates; a
 * quotient column is no reading of its keys; a matrix whose shape does not
 * fit its legend is read as before; matrices printed one after another
 * under one legend are told apart by their names ("tracc", "teacc").
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract/extract.h"
#include "extract_fixture.h"

/* as in rubrics/gradient_decay.json */
static const char *synonyms_json =
    "{\"gain\": [\"g\"], \"b_f\": [\"bf\", \"forget bias\"],"
    " \"per step\": [\"factor\", \"per-step\"], \"step\": [\"t\", \"s\"],"
    " \"after\": [\"post\", \"clipped\"], \"all\": [\"acc\", \"accuracy\"]}";

static struct found query(const struct extract_transcript *t, const char *locate_json)
{
    return extract_fixture_query(t, synonyms_json, locate_json);
}

static const char *grid =
    "# rows: rnn gain 0.5,1.0,1.5, lstm cell b_f 0,1,3 | cols: grad norm at steps 50,1\n"
    "tab\n"
    "[[7.5771e-02 5.0315e-17]\n"
    " [7.6026e-02 7.7163e-04]\n"
    " [7.7082e-02 5.2677e+00]\n"
    " [3.6793e-02 5.1796e-12]\n"
    " [3.4504e-02 6.8224e-06]\n"
    " [2.2297e-02 4.7820e-02]]\n"
    "# rows as above | cols: per-step factor, step1/step50\n"
    "fac_ratio\n"
    "[[4.9006e-01 6.6404e-16]\n"
    " [9.1057e-01 1.0150e-02]\n"
    " [1.0900e+00 6.8339e+01]\n"
    " [6.2943e-01 1.4078e-10]\n"
    " [8.4025e-01 1.9773e-04]\n"
    " [1.0157e+00 2.1447e+00]]\n";

START_TEST(test_rows_and_columns_by_their_names)
{
    struct extract_transcript *t = extract_fixture_parse(grid);
    struct found f;

    /* "1.5" takes "rnn gain" from the name before it */
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.2677, 5, "5.2677e+00");
    f = query(t, "{\"row\": \"b_f 3\", \"column\": \"step 50\"}");
    ASSERT_HIT(f, 2.2297e-02, 8, "2.2297e-02");
    extract_free(t);
}
END_TEST

START_TEST(test_rows_as_above_and_no_quotient)
{
    struct extract_transcript *t = extract_fixture_parse(grid);
    struct found f;

    f = query(t, "{\"row\": \"gain 1.0\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 0.91057, 12, "9.1057e-01");
    /* "step1/step50" is a quotient: step 1 is read in the first matrix */
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.0315e-17, 3, "5.0315e-17");
    extract_free(t);
}
END_TEST

START_TEST(test_a_note_names_every_row)
{
    /* "(gain 1.0)" is every length's gain, not length 100's; and "10,25,50,100"
     * is four lengths, no thousands group */
    struct extract_transcript *t = extract_fixture_parse(
        "# rows: lengths 10,25,50,100 (gain 1.0) | cols: T, grad at step 1\n"
        "array([[1.0000e+01, 2.2010e-02],\n"
        "       [2.5000e+01, 6.7414e-03],\n"
        "       [5.0000e+01, 7.7163e-04],\n"
        "       [1.0000e+02, 4.4878e-05]])\n");
    struct found f = query(t, "{\"row\": \"length 50\", \"column\": \"step 1\"}");

    ASSERT_HIT(f, 7.7163e-04, 4, "7.7163e-04");
    f = query(t, "{\"row\": \"length 100 gain 1.0\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 4.4878e-05, 5, "4.4878e-05");
    extract_free(t);
}
END_TEST

START_TEST(test_the_column_the_word_itself_names)
{
    /* "clipped" (after) abbreviates to "clip": "before clip" is not "after" */
    struct extract_transcript *t = extract_fixture_parse(
        "# gain 1.5, total grad norm | cols: after clip at 1.0, before clip\n"
        "clip [ 1.      20.5757]\n");
    struct found f = query(t, "{\"column\": \"after\"}");

    ASSERT_HIT(f, 1.0, 2, "1.");
    f = query(t, "{\"column\": \"before\"}");
    ASSERT_HIT(f, 20.5757, 2, "20.5757");
    extract_free(t);
}
END_TEST

START_TEST(test_a_legend_that_does_not_fit_is_no_legend)
{
    /* two names, three rows: the legend is read as text, the table as before */
    struct extract_transcript *t = extract_fixture_parse(
        "# rows: logistic, mlp64 | cols: params, all\n"
        "model     params  all\n"
        "logistic  18      0.74\n"
        "mlp64     1217    0.785\n"
        "linear    20      0.5\n");
    struct found f = query(t, "{\"row\": \"mlp64\", \"column\": \"all\"}");

    ASSERT_HIT(f, 0.785, 4, "0.785");
    extract_free(t);
}
END_TEST

START_TEST(test_matrices_under_one_legend_are_named_by_their_names)
{
    /* one legend over three matrices: the row and the column name the
     * length and the model, the matrix's own name the measure ("teacc"
     * joins "te acc") */
    struct extract_transcript *t = extract_fixture_parse(
        "# rows: lengths 5,20,50 | cols: rnn, lstm\n"
        "secs\n"
        "[[  9.2   50.8]\n"
        " [ 42.1   85.4]\n"
        " [128.3  520.7]]\n"
        "tracc\n"
        "[[1.    1.   ]\n"
        " [1.    1.   ]\n"
        " [0.59  0.851]]\n"
        "teacc\n"
        "[[1.    1.   ]\n"
        " [1.    1.   ]\n"
        " [0.495 0.521]]\n");
    struct found f;
    const char *syn = "{\"test acc\": [\"te acc\"], \"train acc\": [\"tr acc\"],"
                      " \"train s\": [\"secs\"], \"length\": [\"lengths\"]}";

    f = extract_fixture_query(t, syn, "{\"row\": \"length 50 LSTM\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.521, 13, "0.521");
    f = extract_fixture_query(t, syn, "{\"row\": \"length 50 RNN\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.59, 9, "0.59");
    f = extract_fixture_query(t, syn, "{\"row\": \"length 20 RNN\", \"column\": \"train s\"}");
    ASSERT_HIT(f, 42.1, 4, "42.1");
    extract_free(t);
}
END_TEST

static Suite *extract_legend_suite(void)
{
    Suite *s = suite_create("extract_legend");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, test_rows_and_columns_by_their_names);
    tcase_add_test(tc, test_rows_as_above_and_no_quotient);
    tcase_add_test(tc, test_a_note_names_every_row);
    tcase_add_test(tc, test_the_column_the_word_itself_names);
    tcase_add_test(tc, test_a_legend_that_does_not_fit_is_no_legend);
    tcase_add_test(tc, test_matrices_under_one_legend_are_named_by_their_names);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(extract_legend_suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
