/* test_rubric_schema.c — Check suite for a rubric's schema and the expansion
 * of "field" references into locate objects (grader/score/rubric_schema.c). */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "score/rubric_schema.h"

/* Two keys, one with alternatives and exclusions per value, one named. */
static const char runs[] =
    "\"runs\": {\"keys\": [{\"name\": \"length\", \"values\": [5, 20]},"
    "  {\"values\": {\"RNN\": {\"exclude\": [\"LSTM\", \"GRU\"]},"
    "               \"LSTM b_f 0\": {\"or\": [\"LSTM\"], \"exclude\": \"b_f 3\"}}}],"
    " \"columns\": {\"train acc\": {}, \"test acc\": {\"labels\": [\"test\", \"te\"]}}}";

/* A key whose other values are exclusions, under a table-wide one. */
static const char gains[] =
    "\"rnn\": {\"exclude\": [\"per param\"],"
    " \"keys\": [{\"name\": \"gain\", \"values\": [\"0.5\", \"1.0\", \"1.5\"], \"exclude_others\": true}],"
    " \"columns\": {\"step 1\": {}, \"factor\": {\"labels\": [\"per step\", \"factor\"], "
    "\"what\": \"the per-step factor\"}}}";

/* A table read by position, and one "like" it. */
static const char attn[] =
    "\"qm\": {\"section\": [\"query matrix\", \"Wq\"], \"part\": 3, \"row_axis\": [\"query\", \"q\"],"
    " \"exclude\": [\"output\"], \"keys\": [{\"values\": [\"rude\"]}],"
    " \"columns\": {\"support\": {}, \"was\": {}, \"rude\": {}},"
    " \"by_position\": {\"exclude\": [\"shuffl\"], \"what\": \"the {row} row on {column} (at {nth})\"}},"
    "\"qm_out\": {\"like\": \"qm\", \"shape\": \"vector\", \"exclude\": [\"sum\"],"
    " \"keys\": [{\"values\": [\"rude\"]}]},"
    "\"fresh\": {\"row\": \"fresh\", \"columns\": {\"min\": {\"or_locate\": {\"column\": \"range\"}}}}";

/* The rubric {"schema": {SCHEMA}, "checks": [CHECKS]}, expanded; NULL with
 * err filled when the expansion fails. */
static cJSON *expand(const char *schema, const char *checks, struct gb_err *err)
{
    size_t n = strlen(schema) + strlen(checks) + 64;
    char *text = malloc(n);
    cJSON *root;

    ck_assert_ptr_nonnull(text);
    snprintf(text, n, "{%s%s%s \"checks\": [%s]}", schema[0] ? "\"schema\": {" : "", schema,
             schema[0] ? "}," : "", checks);
    root = cJSON_Parse(text);
    ck_assert_msg(root != NULL, "test rubric is not JSON: %s", text);
    free(text);
    if (rubric_schema_expand(root, err)) {
        cJSON_Delete(root);
        return NULL;
    }
    ck_assert_ptr_null(cJSON_GetObjectItemCaseSensitive(root, "schema"));
    return root;
}

/* The first check's member name, printed compactly. */
static char *member(const cJSON *root, const char *name)
{
    const cJSON *ck = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(root, "checks"), 0);
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(ck, name);

    return m ? cJSON_PrintUnformatted(m) : strdup("(none)");
}

static void expect_member(const char *schema, const char *check, const char *name,
                          const char *want)
{
    struct gb_err err = { "" };
    cJSON *root = expand(schema, check, &err);
    char *got;

    ck_assert_msg(root != NULL, "expansion failed: %s", err.msg);
    got = member(root, name);
    ck_assert_msg(!strcmp(got, want), "%s:\n got  %s\n want %s", name, got, want);
    free(got);
    cJSON_Delete(root);
}

static void expect_error(const char *schema, const char *check, const char *frag)
{
    struct gb_err err = { "" };
    cJSON *root = expand(schema, check, &err);

    ck_assert_msg(root == NULL, "expansion of %s succeeded", check);
    ck_assert_msg(strstr(err.msg, frag), "'%s' not in: %s", frag, err.msg);
}

START_TEST(test_rows_are_the_product_of_the_keys)
{
    /* the named key's label, then each label of the model: its own first */
    expect_member(runs, "{\"id\": \"a\", \"field\": \"runs/5/LSTM b_f 0/train acc\"}", "locate",
                  "{\"row\":[\"length 5 LSTM b_f 0\",\"length 5 LSTM\"],"
                  "\"column\":\"train acc\",\"exclude\":[\"b_f 3\"]}");
    /* a named key's alternatives are named too */
    expect_member("\"t\": {\"keys\": [{\"name\": \"b_f\", \"values\": {\"0\": {\"or\": \"zero\"}}}]}",
                  "{\"id\": \"a\", \"field\": \"t/0\"}", "locate",
                  "{\"row\":[\"b_f 0\",\"b_f zero\"]}");
    /* one label is a string; a column's labels replace its name */
    expect_member(runs, "{\"id\": \"a\", \"field\": \"runs/20/RNN/test acc\"}", "locate",
                  "{\"row\":\"length 20 RNN\",\"column\":[\"test\",\"te\"],"
                  "\"exclude\":[\"LSTM\",\"GRU\"]}");
}
END_TEST

START_TEST(test_other_values_are_excluded_after_the_tables)
{
    expect_member(gains, "{\"id\": \"a\", \"field\": \"rnn/1.0/factor\"}", "locate",
                  "{\"row\":\"gain 1.0\",\"column\":[\"per step\",\"factor\"],"
                  "\"what\":\"the per-step factor\","
                  "\"exclude\":[\"per param\",\"gain 0.5\",\"gain 1.5\"]}");
    expect_member(gains, "{\"id\": \"a\", \"field\": \"rnn/1.0/factor\"}", "or_locate", "(none)");
}
END_TEST

START_TEST(test_position_fallback)
{
    const char *ck = "{\"id\": \"a\", \"field\": \"qm/rude/was\"}";

    expect_member(attn, ck, "locate",
                  "{\"section\":[\"query matrix\",\"Wq\"],\"part\":3,\"row_axis\":[\"query\",\"q\"],"
                  "\"row\":\"rude\",\"column\":\"was\",\"exclude\":[\"output\"]}");
    expect_member(attn, ck, "or_locate",
                  "{\"section\":[\"query matrix\",\"Wq\"],\"part\":3,\"row_axis\":[\"query\",\"q\"],"
                  "\"row\":\"rude\",\"nth\":2,\"exclude\":[\"output\",\"shuffl\"],"
                  "\"what\":\"the rude row on was (at 2)\"}");
}
END_TEST

START_TEST(test_like_takes_where_not_layout)
{
    /* section and part from qm; its row_axis and by_position stay its own */
    expect_member(attn, "{\"id\": \"a\", \"field\": \"qm_out/rude\"}", "locate",
                  "{\"section\":[\"query matrix\",\"Wq\"],\"part\":3,\"shape\":\"vector\","
                  "\"row\":\"rude\",\"exclude\":[\"sum\"]}");
}
END_TEST

START_TEST(test_one_row_table_and_column_fallback)
{
    expect_member(attn, "{\"id\": \"a\", \"field\": \"fresh/min\"}", "locate",
                  "{\"row\":\"fresh\",\"column\":\"min\"}");
    expect_member(attn, "{\"id\": \"a\", \"field\": \"fresh/min\"}", "or_locate",
                  "{\"column\":\"range\"}");
}
END_TEST

START_TEST(test_relation_operands)
{
    /* merged into the operand, its "reads" kept */
    expect_member(gains,
                  "{\"id\": \"a\", \"values\": {\"s1\": {\"field\": \"rnn/0.5/step 1\", "
                  "\"reads\": \"rnn.gain_0_5.step_1\"}}}", "values",
                  "{\"s1\":{\"reads\":\"rnn.gain_0_5.step_1\",\"row\":\"gain 0.5\","
                  "\"column\":\"step 1\",\"exclude\":[\"per param\",\"gain 1.0\",\"gain 1.5\"]}}");
    /* an operand of a table read by position keeps that fallback under its
     * own key (a memory_lab table with headers in Hebrew: seconds, train,
     * test in the exercise's order) */
    expect_member(attn, "{\"id\": \"a\", \"values\": {\"w\": {\"field\": \"qm/rude/was\"}}}",
                  "values",
                  "{\"w\":{\"or_locate\":{\"section\":[\"query matrix\",\"Wq\"],\"part\":3,"
                  "\"row_axis\":[\"query\",\"q\"],\"row\":\"rude\",\"nth\":2,"
                  "\"exclude\":[\"output\",\"shuffl\"],\"what\":\"the rude row on was (at 2)\"},"
                  "\"section\":[\"query matrix\",\"Wq\"],\"part\":3,"
                  "\"row_axis\":[\"query\",\"q\"],\"row\":\"rude\",\"column\":\"was\","
                  "\"exclude\":[\"output\"]}}");
}
END_TEST

START_TEST(test_references_that_name_nothing)
{
    expect_error(runs, "{\"id\": \"c1\", \"field\": \"walks/5/RNN/train acc\"}", "no table 'walks'");
    expect_error(runs, "{\"id\": \"c1\", \"field\": \"runs/5/train acc\"}", "takes 4");
    expect_error(runs, "{\"id\": \"c1\", \"field\": \"runs/7/RNN/train acc\"}", "'7' is no value");
    expect_error(runs, "{\"id\": \"c1\", \"field\": \"runs/5/GRU/train acc\"}", "'GRU' is no value");
    expect_error(runs, "{\"id\": \"c1\", \"field\": \"runs/5/RNN/secs\"}", "no column 'secs'");
    expect_error(runs, "{\"id\": \"c1\", \"field\": \"runs//RNN/secs\"}", "TABLE/KEY");
    expect_error(runs, "{\"id\": \"c1\", \"field\": 3}", "must name a schema field");
    expect_error(runs, "{\"id\": \"c1\", \"field\": \"runs/5/RNN/train acc\", \"locate\": {}}",
                 "both 'field' and a locate");
    expect_error("", "{\"id\": \"c1\", \"field\": \"runs/5/RNN/train acc\"}", "has no schema");
}
END_TEST

START_TEST(test_malformed_schemas)
{
    expect_error("\"t\": {\"rows\": []}", "{\"id\": \"a\"}", "unknown field 'rows'");
    expect_error("\"t\": {\"keys\": [{\"values\": [\"a/b\"]}]}", "{\"id\": \"a\"}", "without '/'");
    expect_error("\"t\": {\"keys\": [{\"values\": []}]}", "{\"id\": \"a\"}", "must list its values");
    expect_error("\"t\": {\"keys\": [{\"values\": {\"a\": {\"also\": 1}}}]}", "{\"id\": \"a\"}",
                 "unknown field 'also'");
    expect_error("\"t\": {\"row\": \"x\", \"keys\": [{\"values\": [1]}]}", "{\"id\": \"a\"}",
                 "not both");
    expect_error("\"t\": {\"like\": \"u\"}", "{\"id\": \"a\"}", "'like' must name another table");
    expect_error("\"t\": {\"columns\": {\"a\": {\"or_locate\": {}}}, \"by_position\": {}}",
                 "{\"id\": \"a\"}", "say one");
    expect_error("\"t\": {\"by_position\": {}}", "{\"id\": \"a\"}", "for a table with columns");
    expect_error("\"t\": {\"columns\": {\"a\": {\"what\": 1}}}", "{\"id\": \"a\"}",
                 "field 'what' is malformed");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rubric_schema");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_rows_are_the_product_of_the_keys);
    tcase_add_test(tc, test_other_values_are_excluded_after_the_tables);
    tcase_add_test(tc, test_position_fallback);
    tcase_add_test(tc, test_like_takes_where_not_layout);
    tcase_add_test(tc, test_one_row_table_and_column_fallback);
    tcase_add_test(tc, test_relation_operands);
    tcase_add_test(tc, test_references_that_name_nothing);
    tcase_add_test(tc, test_malformed_schemas);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
