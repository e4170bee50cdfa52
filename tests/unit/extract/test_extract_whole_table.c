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
