/* test_extract_records.c — Check suite for values printed in records, one
 * flat dict per line as JSON Lines and logging print them
 * (extract_records.c, cand_better in extract_hits.c): the text fields and
 * the settings name the record, the measurement is its value; a field
 * printed alike in every record is a title; the row axis names its field;
 * a measurement's own name may be the column, another's never; of two
 * records the labels fit alike, the one whose field the query names whole.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract/extract.h"
#include "extract_fixture.h"

/* as in rubrics/order_matters.json: "all" is also printed as "acc" */
static const char *synonyms_json =
    "{\"all\": [\"overall\", \"acc\", \"accuracy\"], \"not rows\": [\"not\"],"
    " \"gap\": [\"max gap\", \"difference\"]}";

static struct found query(const struct extract_transcript *t, const char *locate_json)
{
    return extract_fixture_query(t, synonyms_json, locate_json);
}

START_TEST(test_the_row_axis_names_its_field)
{
    /* "rude" is both a query and a key: the row is read in "query" */
    struct extract_transcript *t = extract_fixture_parse(
        "{\"part\": 2, \"query\": \"rude\", \"key\": \"was\", \"metric\": \"weight\", \"value\": 0.096}\n"
        "{\"part\": 2, \"query\": \"was\", \"key\": \"rude\", \"metric\": \"weight\", \"value\": 0.091}\n"
        "{\"part\": 2, \"query\": \"rude\", \"key\": \"rude\", \"metric\": \"weight\", \"value\": 0.711}\n");
    struct found f;

    f = query(t, "{\"row\": \"rude\", \"column\": \"was\", \"row_axis\": \"query\"}");
    ASSERT_HIT(f, 0.096, 1, "0.096");
    f = query(t, "{\"row\": \"was\", \"column\": \"rude\", \"row_axis\": \"query\"}");
    ASSERT_HIT(f, 0.091, 2, "0.091");
    /* the part before the varying fields is a setting, never the value */
    f = query(t, "{\"row\": \"rude\", \"column\": \"rude\", \"row_axis\": \"query\"}");
    ASSERT_HIT(f, 0.711, 3, "0.711");
    extract_free(t);
}
END_TEST

START_TEST(test_a_field_printed_alike_everywhere_is_a_title)
{
    /* "hand" is excluded; the exercise's name says it in every record */
    struct extract_transcript *t = extract_fixture_parse(
        "{\"exp\": \"attention_by_hand\", \"metric\": \"max_gap_vs_hand\", \"value\": 0.0003}\n"
        "{\"exp\": \"attention_by_hand\", \"metric\": \"max_gap_vs_torch\", \"value\": 2.22e-16}\n");
    struct found f = query(t, "{\"column\": \"gap\", \"exclude\": \"hand\"}");

    ASSERT_HIT(f, 2.22e-16, 2, "2.22e-16");
    extract_free(t);
}
END_TEST

START_TEST(test_a_measurement_is_named_by_its_own_key_only)
{
    struct extract_transcript *t = extract_fixture_parse(
        "{\"length\": 50, \"model\": \"rnn\", \"train_acc\": 0.561, \"test_acc\": 0.494}\n"
        "{\"length\": 50, \"model\": \"lstm\", \"train_acc\": 1.0, \"test_acc\": 0.987}\n");
    struct found f;

    f = query(t, "{\"row\": \"length 50 lstm\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.987, 2, "0.987");
    f = query(t, "{\"row\": \"length 50 rnn\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.561, 1, "0.561");
    /* two measurements and no column: nothing says which */
    f = query(t, "{\"row\": \"lstm\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

START_TEST(test_the_record_whose_field_the_query_names_whole)
{
    /* "acc" makes every test_acc an "all"; "rows": "all" says which */
    struct extract_transcript *t = extract_fixture_parse(
        "{\"model\": \"logistic\", \"rows\": \"all\", \"metric\": \"test_acc\", \"value\": 0.74}\n"
        "{\"model\": \"logistic\", \"rows\": \"very\", \"metric\": \"test_acc\", \"value\": 1.0}\n"
        "{\"model\": \"logistic\", \"rows\": \"not\", \"metric\": \"test_acc\", \"value\": 0.485}\n");
    struct found f;

    f = query(t, "{\"row\": \"logistic\", \"column\": \"all\"}");
    ASSERT_HIT(f, 0.74, 1, "0.74");
    f = query(t, "{\"row\": \"logistic\", \"column\": \"not rows\"}");
    ASSERT_HIT(f, 0.485, 3, "0.485");
    extract_free(t);
}
END_TEST

START_TEST(test_a_quotient_names_neither_key)
{
    /* "step1_over_step50" is the ratio, not step 1 */
    struct extract_transcript *t = extract_fixture_parse(
        "{\"model\": \"rnn\", \"gain\": 0.5, \"step\": 50, \"metric\": \"grad_norm\", \"value\": 0.07577}\n"
        "{\"model\": \"rnn\", \"gain\": 0.5, \"step\": 1, \"metric\": \"grad_norm\", \"value\": 5.032e-17}\n"
        "{\"model\": \"rnn\", \"gain\": 0.5, \"metric\": \"step1_over_step50\", \"value\": 6.64e-16}\n");
    struct found f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");

    ASSERT_HIT(f, 5.032e-17, 2, "5.032e-17");
    extract_free(t);
}
END_TEST

START_TEST(test_a_difference_spelled_out_names_neither_operand)
{
    /* "train_minus_test" is the gap, not the test accuracy */
    struct extract_transcript *t = extract_fixture_parse(
        "scalars = {'epochs': 40, 'lstm_bf0_len50_train_minus_test': 0.344}\n");
    struct found f = query(t, "{\"row\": \"lstm bf0 len50\", \"column\": \"test\"}");

    ck_assert_msg(f.n == 0, "read the gap %s as the test accuracy", f.text);
    extract_free(t);
}
END_TEST

static Suite *extract_records_suite(void)
{
    Suite *s = suite_create("extract_records");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, test_the_row_axis_names_its_field);
    tcase_add_test(tc, test_a_field_printed_alike_everywhere_is_a_title);
    tcase_add_test(tc, test_a_measurement_is_named_by_its_own_key_only);
    tcase_add_test(tc, test_the_record_whose_field_the_query_names_whole);
    tcase_add_test(tc, test_a_quotient_names_neither_key);
    tcase_add_test(tc, test_a_difference_spelled_out_names_neither_operand);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(extract_records_suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
