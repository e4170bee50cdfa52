/* test_extract_whole_table.c — Check suite for reading a table as a human
 * does, all its rows and its header at once (extract_cells.c,
 * extract_hits.c, extract_table_rows.c, extract.c): the words its row
 * labels share name the family and the words that differ name the row; a
 * number inside a label cell is part of the label; a header may end in a
 * note with numbers; a part heading may be in the student's language; a
 * model's parameter may be glued to its name ("lstm3") and a label word
 * written without its vowels ("tst").
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract/extract.h"
#include "extract_fixture.h"

/* as in rubrics/order_matters.json: "all" is also printed as "accuracy" */
static const char *synonyms_json =
    "{\"all\": [\"overall\", \"acc\", \"accuracy\"], \"not rows\": [\"not\"],"
    " \"very rows\": [\"very\"], \"mean\": [\"average\", \"avg\"],"
    " \"length\": [\"T\"], \"b_f\": [\"bf\", \"forget bias\"],"
    " \"test acc\": [\"test accuracy\", \"test\"]}";

static struct found query(const struct extract_transcript *t, const char *locate_json)
{
    return extract_fixture_query(t, synonyms_json, locate_json);
}

START_TEST(test_the_row_whose_own_words_differ_is_the_one_named)
{
    /* "accuracy" is on every row: it names the family; "all" names one */
    struct extract_transcript *t = extract_fixture_parse(
        " logistic on word counts\n"
        "  item                     |    mine |  module\n"
        "  params                   |      18 |      18\n"
        "  accuracy, all test rows  |   0.740 |   0.740\n"
        "  accuracy, 'very' rows    |   1.000 |   1.000\n"
        "  accuracy, 'not' rows     |   0.485 |   0.485\n");
    struct found f;

    f = query(t, "{\"row\": \"logistic\", \"column\": \"all\"}");
    ASSERT_HIT(f, 0.740, 4, "0.740");
    f = query(t, "{\"row\": \"logistic\", \"column\": \"not rows\"}");
    ASSERT_HIT(f, 0.485, 6, "0.485");
    extract_free(t);
}
END_TEST

START_TEST(test_a_number_in_a_label_cell_is_part_of_the_label)
{
    struct extract_transcript *t = extract_fixture_parse(
        "  item                     |    mine |  module |    diff\n"
        "  min over 20 test sets    |   0.448 |   0.448 |   0.000\n"
        "  mean over 20 test sets   |   0.504 |   0.504 |   0.000\n"
        "  max over 20 test sets    |   0.574 |   0.574 |   0.000\n");
    struct found f = query(t, "{\"column\": \"mean\"}");

    ASSERT_HIT(f, 0.504, 3, "0.504");
    extract_free(t);
    /* a row of bare numbers has no label, whatever column came first */
    t = extract_fixture_parse("norm_before  norm_after\n"
                              "  20.577805    1.000000\n");
    f = query(t, "{\"column\": \"before\"}");
    ASSERT_HIT(f, 20.577805, 2, "20.577805");
    extract_free(t);
}
END_TEST

START_TEST(test_a_header_may_end_in_a_note_with_numbers)
{
    /* "(0 → 1)" is the bar's scale: the line names columns, it is no row */
    struct extract_transcript *t = extract_fixture_parse(
        "length  model        train s  train acc  test acc   test acc bar (0 \xe2\x86\x92 1)\n"
        "     5  RNN             37.1      1.000     1.000   ####################\n"
        "    50  RNN             51.0      0.561     0.494   ##########\n");
    struct found f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"test acc\"}");

    ASSERT_HIT(f, 0.494, 3, "0.494");
    extract_free(t);
}
END_TEST

START_TEST(test_a_part_heading_in_another_language_ends_the_part_before)
{
    /* "Parte 4:" opens a new part: the "gain 1.0" of Parte 2 is not its scope */
    struct extract_transcript *t = extract_fixture_parse(
        "Parte 2: RNN gain 1.0, hasta donde aguanta la blame?\n"
        "longitud  ultimo paso      paso 1  primer paso > 1/1000\n"
        "      10    6.111e-02   2.201e-02                     1\n"
        "     100    6.106e-02   4.488e-05                    10\n"
        "\n"
        "Parte 4: RNN gain 1.5 con clip_grad_norm_(umbral 1.0) sobre Wx y Wh\n"
        "  norma total del gradiente antes del clipping: 20.577\n");
    struct found f = query(t, "{\"column\": \"before\", \"exclude\": [\"gain 1.0\"]}");

    ASSERT_HIT(f, 20.577, 7, "20.577");
    extract_free(t);
}
END_TEST

START_TEST(test_a_numbered_heading_with_its_description_names_its_part)
{
    /* "query = key" in both tables' captions fits the section words of
     * Part 2 in Part 3 too; the part's number says which ("Часть" is Russian for part), and
     * names Part 3 although its description is Russian ("отдельный": separate) */
    struct extract_transcript *t = extract_fixture_parse(
        "--- \xd0\xa7\xd0\xb0\xd1\x81\xd1\x82\xd1\x8c 2: query = key = value ---\n"
        "\xd0\xb2\xd0\xb5\xd1\x81\xd0\xb0 attention (row = query, column = key):\n"
        "        support    rude\n"
        "support   0.711   0.096\n"
        "rude      0.096   0.711\n"
        "\n"
        "--- \xd0\xa7\xd0\xb0\xd1\x81\xd1\x82\xd1\x8c 3: "
        "\xd0\xbe\xd1\x82\xd0\xb4\xd0\xb5\xd0\xbb\xd1\x8c\xd0\xbd\xd1\x8b\xd0\xb9 query, key ---\n"
        "\xd0\xb2\xd0\xb5\xd1\x81\xd0\xb0 attention (row = query, column = key):\n"
        "        support    rude\n"
        "support   0.250   0.250\n"
        "rude      0.440   0.060\n");
    struct found f;

    f = query(t, "{\"section\": [\"query = key\", \"raw\"], \"part\": 2, \"row\": \"rude\","
                 " \"column\": \"rude\"}");
    ASSERT_HIT(f, 0.711, 5, "0.711");
    f = query(t, "{\"section\": [\"query matrix\", \"separate query\"], \"part\": 3,"
                 " \"row\": \"rude\", \"column\": \"rude\"}");
    ASSERT_HIT(f, 0.060, 11, "0.060");
    extract_free(t);
    /* Part 2 ends with the queries the query matrix makes: a caption naming
     * the section words, under Part 2's heading; Part 3's outputs follow */
    t = extract_fixture_parse(
        "--- \xd0\xa7\xd0\xb0\xd1\x81\xd1\x82\xd1\x8c 2: query = key = value ---\n"
        "queries after the query matrix (Wq):\n"
        "  support  [0. 0. 0. 0.]\n"
        "  rude     [2. 0. 2. 0.]\n"
        "\n"
        "--- \xd0\xa7\xd0\xb0\xd1\x81\xd1\x82\xd1\x8c 3: "
        "\xd0\xbe\xd1\x82\xd0\xb4\xd0\xb5\xd0\xbb\xd1\x8c\xd0\xbd\xd1\x8b\xd0\xb9 query ---\n"
        "output:\n"
        "  support  [ 0.5   -0.5    0.5    0.625]\n"
        "  rude     [ 0.881 -0.119  0.881  0.339]\n");
    f = query(t, "{\"section\": [\"query matrix\", \"Wq\"], \"part\": 3, \"row\": \"rude\","
                 " \"shape\": \"vector\"}");
    ASSERT_HIT(f, 0.881, 9, "0.881");
    extract_free(t);
}
END_TEST

START_TEST(test_latex_markup_is_no_word)
{
    /* "\textbf{1.0000}" is the value column's number in bold; "\section*{Part
     * 4: ...}" is Part 4's heading, whose 4 is no gap */
    struct extract_transcript *t = extract_fixture_parse(
        "\\section*{Part 4: clipping the gain-1.5 run at 1.0}\n"
        "\\begin{tabular}{lr}\n"
        "\\hline\n"
        "quantity & value \\\\\n"
        "\\midrule\n"
        "total gradient norm (Wx, Wh) before clipping & 20.5757 \\\\\n"
        "total gradient norm after clip\\_grad\\_norm\\_(1.0) & \\textbf{1.0000} \\\\\n"
        "\\hline\n"
        "\\end{tabular}\n"
        "\n"
        "\\section*{Part 5: check against PyTorch, then shuffle the tokens}\n"
        "\\begin{tabular}{lr}\n"
        "\\hline\n"
        "check & largest gap \\\\\n"
        "\\midrule\n"
        "my output vs torch (torch 1.13) & $2.22\\times10^{-16}$ (below $10^{-12}$) \\\\\n"
        "\\hline\n"
        "\\end{tabular}\n");
    struct found f;

    f = query(t, "{\"column\": \"after\"}");
    ASSERT_HIT(f, 1.0, 7, "1.0000");
    f = query(t, "{\"column\": [\"gap\", \"torch\"], \"exclude\": \"hand\"}");
    ck_assert_msg(f.n == 1 && f.value == 2.22e-16, "took %g on line %zu", f.value, f.line);
    extract_free(t);
}
END_TEST

START_TEST(test_a_quotient_key_before_a_value_is_not_its_label)
{
    /* "step1_over_step50=..." names its own value a quotient; the per-step
     * factor after it has its own key */
    struct extract_transcript *t = extract_fixture_parse(
        "model=LSTM_b_f=0 step50=3.684e-02 step1_over_step50=2.11e-10 per_step=x0.635\n"
        "model=LSTM_b_f=1 step50=3.528e-02 step1_over_step50=7.96e-09 per_step=x0.683\n");
    struct found f = query(t, "{\"row\": \"b_f 1\", \"column\": \"per step\","
                              " \"exclude\": [\"b_f 0\"]}");

    ASSERT_HIT(f, 0.683, 2, "x0.683");
    extract_free(t);
}
END_TEST

START_TEST(test_a_parameter_glued_to_its_model_and_words_without_vowels)
{
    /* "lstm3" beside "lstm0" is the forget bias the exercise varies; "tst"
     * is "test" without its vowels */
    struct extract_transcript *t = extract_fixture_parse(
        "T                5      20      50\n"
        "lstm0 trn    1.000   1.000   0.839\n"
        "lstm0 tst    1.000   1.000   0.495\n"
        "lstm0 sec     18.8    56.2   195.1\n"
        "lstm3 trn    1.000   1.000   1.000\n"
        "lstm3 tst    1.000   1.000   0.998\n"
        "lstm3 sec     21.4    96.0   215.1\n");
    struct found f;

    f = query(t, "{\"row\": \"length 50 LSTM b_f 3\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.998, 6, "0.998");
    f = query(t, "{\"row\": \"length 50 LSTM b_f 0\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.495, 3, "0.495");
    extract_free(t);
}
END_TEST

START_TEST(test_a_line_labelling_each_value_is_no_row_of_the_table_above)
{
    /* the summary under a seed table names its own values */
    struct extract_transcript *t = extract_fixture_parse(
        "seed     12    13    14    15    16\n"
        "not   0.574 0.511 0.493 0.563 0.541\n"
        "min 0.448  mean 0.504  max 0.574\n");
    struct found f = query(t, "{\"column\": \"mean\"}");

    ASSERT_HIT(f, 0.504, 3, "0.504");
    extract_free(t);
}
END_TEST

static Suite *extract_whole_table_suite(void)
{
    Suite *s = suite_create("extract_whole_table");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, test_the_row_whose_own_words_differ_is_the_one_named);
    tcase_add_test(tc, test_a_number_in_a_label_cell_is_part_of_the_label);
    tcase_add_test(tc, test_a_header_may_end_in_a_note_with_numbers);
    tcase_add_test(tc, test_a_part_heading_in_another_language_ends_the_part_before);
    tcase_add_test(tc, test_a_numbered_heading_with_its_description_names_its_part);
    tcase_add_test(tc, test_latex_markup_is_no_word);
    tcase_add_test(tc, test_a_quotient_key_before_a_value_is_not_its_label);
    tcase_add_test(tc, test_a_parameter_glued_to_its_model_and_words_without_vowels);
    tcase_add_test(tc, test_a_line_labelling_each_value_is_no_row_of_the_table_above);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(extract_whole_table_suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
