/* test_extract_reshape.c — Check suite for tables printed in a shape that
 * hides them (extract_reshape.c): a dict of equal-length lists, psql's
 * expanded record blocks and a page of HTML are read as the tables they
 * are, each value by its row and column, and every value cites the line
 * the student printed it on.  Dicts that are no table stay as printed.
 * Rows printed with single spaces under as many names (extract_spaced.c)
 * are read field by field, and a NumPy structured array's repr
 * (extract_structured.c) by the names in its dtype; an interactive
 * session's echo by the expression typed over it (extract_repl.c).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract/extract.h"
#include "extract_fixture.h"

static struct found query(const struct extract_transcript *t, const char *locate_json)
{
    return extract_fixture_query(t, "{}", locate_json);
}

START_TEST(test_a_dict_of_lists_is_a_table)
{
    struct extract_transcript *t = extract_fixture_parse(
        "memory lab\n"
        "part2 = {'length': [5, 5, 50, 50], 'model': ['RNN', 'LSTM b_f=3', 'RNN', 'LSTM b_f=3'],"
        " 'train_acc': [1.0, 1.0, 0.561, 0.998], 'test_acc': [1.0, 1.0, 0.494, 0.997]}\n"
        "done\n");
    struct found f;

    f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.494, 2, "0.494");
    f = query(t, "{\"row\": \"length 50 LSTM b_f 3\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.998, 2, "0.998");
    /* the lines after it keep their numbers */
    ck_assert_uint_eq(extract_line_count(t), 3);
    extract_free(t);
}
END_TEST

/* print(*row) and np.savetxt: fields joined by single spaces under a header
 * of as many names (np.savetxt's "# " before it).  Field j is the header's
 * j-th name, whatever the labels' widths; each row keeps its line. */
START_TEST(test_single_spaced_rows_under_their_names)
{
    struct extract_transcript *t = extract_fixture_parse(
        "# length model secs train_acc test_acc\n"
        "5 RNN 8.7 1.000 1.000\n"
        "50 RNN 170.0 0.590 0.495\n"
        "50 LSTM_b_f=3 490.5 1.000 0.998\n"
        "\n"
        "the model got 0.5 and 0.7 today\n");
    struct found f;

    f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.495, 3, "0.495");
    f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"secs\"}");
    ASSERT_HIT(f, 170.0, 3, "170.0");
    f = query(t, "{\"row\": \"length 50 LSTM b_f 3\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.998, 4, "0.998");
    ck_assert_uint_eq(extract_line_count(t), 6);
    extract_free(t);
    /* a row with a field more, or a column of numbers turning into words,
     * ends the run: one row is no table */
    t = extract_fixture_parse("length model secs train_acc test_acc\n"
                              "5 RNN 8.7 1.000 1.000\n"
                              "50 RNN slow 0.590 0.495\n");
    f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"test acc\"}");
    ck_assert_msg(f.n == 0 || f.line != 3 || f.value != 0.495 || strcmp(f.column, "test_acc"),
                  "read a broken run as a table: %s", f.column);
    extract_free(t);
}
END_TEST

/* repr() of a NumPy structured array names its columns only in the dtype
 * after the rows: the names are the header of the tuples above them, each
 * row cites its own line, and the lines after the block keep theirs. */
START_TEST(test_a_structured_array_by_its_dtype_names)
{
    struct extract_transcript *t = extract_fixture_parse(
        "results\n"
        "array([(  5, 'RNN',   8.697, 1.   , 1.   ),\n"
        "       ( 50, 'LSTM', 427.164, 0.851, 0.521),\n"
        "       (100, 'LSTM b_f=3', 768.909, 1.   , 0.998)],\n"
        "      dtype=[('T', '<i8'), ('model', '<U12'), ('secs', '<f8'), ('train_acc', '<f8'),"
        " ('test_acc', '<f8')])\n"
        "clip = np.rec.array([(1.5, 20.576, 1.)],\n"
        "      dtype=(numpy.record, [('gain', '<f8'), ('norm_before', '<f8'), ('norm_after', '<f8')]))\n"
        "the model got 0.5 and 0.7 today\n");
    struct found f;

    f = query(t, "{\"row\": \"T 50 LSTM\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.521, 3, "0.521");
    f = query(t, "{\"row\": \"T 100 LSTM b_f 3\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.998, 4, "0.998");
    f = query(t, "{\"column\": \"norm before\"}");
    ASSERT_HIT(f, 20.576, 6, "20.576");
    ck_assert_uint_eq(extract_line_count(t), 8);
    extract_free(t);
    /* a field that is itself an array (a sub-array dtype) leaves the block
     * as printed: its names do not say which number is which */
    t = extract_fixture_parse("array([(5, [0.1, 0.2]), (50, [0.3, 0.4])],\n"
                              "      dtype=[('T', '<i8'), ('acc', '<f8', (2,))])\n");
    f = query(t, "{\"row\": \"T 50\", \"column\": \"acc\"}");
    ck_assert_msg(f.n == 0 || f.column == NULL || strcmp(f.column, "acc"),
                  "read a sub-array field as one column: %s", f.column);
    extract_free(t);
}
END_TEST

/* ">>> expr" over the value Python echoes: the expression labels it, a
 * tuple of expressions labels a tuple of values element by element, and
 * the numbers inside the expression ("gain 1.5") are no readings.  A
 * ">>> title" over more than one line is a banner and stays.  (A dict
 * echoed under a comprehension staying as printed is the field's case:
 * replsession's gradient_decay, whose "[t - 1]" read as step 1.) */
START_TEST(test_a_prompt_labels_its_echo)
{
    struct extract_transcript *t = extract_fixture_parse(
        ">>> shrink['RNN gain 0.5'], ratio['RNN gain 0.5']\n"
        "(0.49, 6.64e-16)\n"
        ">>> shrink['RNN gain 1.5'], ratio['RNN gain 1.5']\n"
        "(1.09, 68.34)\n"
        ">>> clipped_norm  # after clip_grad_norm_\n"
        "1.0\n"
        "\n"
        ">>> self-attention\n"
        "weights:\n"
        "support 0.711\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"shrink\"}");
    ASSERT_HIT(f, 1.09, 4, "1.09");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"ratio\"}");
    ASSERT_HIT(f, 68.34, 4, "68.34");
    f = query(t, "{\"column\": \"after clip\"}");
    ASSERT_HIT(f, 1.0, 6, "1.0");
    f = query(t, "{\"row\": \"self attention\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.711, 10, "0.711");
    ck_assert_uint_eq(extract_line_count(t), 10);
    extract_free(t);
}
END_TEST

START_TEST(test_a_dict_of_keys_by_query_is_a_matrix)
{
    /* the 'query' list names the rows, every other key is a column */
    struct extract_transcript *t = extract_fixture_parse(
        "weights = {'query': ['support', 'rude'], 'support': [0.711, 0.440], "
        "'rude': [0.096, 0.060]}\n");
    struct found f = query(t, "{\"row\": \"rude\", \"column\": \"support\"}");

    ASSERT_HIT(f, 0.440, 1, "0.440");
    extract_free(t);
}
END_TEST

START_TEST(test_a_dict_that_is_no_table_stays)
{
    /* lists of different lengths, or a scalar among them: read as printed */
    struct extract_transcript *t = extract_fixture_parse(
        "a = {'length': [5, 20], 'acc': [0.5, 0.6, 0.7]}\n"
        "b = {'length': [5, 20], 'note': 'x', 'acc': [0.5, 0.6]}\n"
        "scalars = {'gap_vs_torch': 2.22e-16, 'epochs': 40}\n");
    struct found f = query(t, "{\"column\": \"gap\"}");
    size_t len;
    const char *s;

    ASSERT_HIT(f, 2.22e-16, 3, "2.22e-16");
    for (size_t line = 1; line <= 2; line++) {
        s = extract_line_text(t, line, &len);
        ck_assert_msg(s && len > 4 && s[1] == ' ' && s[2] == '=', "line %zu rewritten", line);
    }
    extract_free(t);
}
END_TEST

START_TEST(test_record_blocks_are_rows)
{
    struct extract_transcript *t = extract_fixture_parse(
        "== parts two and three ==\n"
        "-[ RECORD 1 ]----------\n"
        "length    | 5\n"
        "model     | RNN\n"
        "train_acc | 1.000\n"
        "-[ RECORD 2 ]----------\n"
        "length    | 50\n"
        "model     | RNN\n"
        "train_acc | 0.561\n"
        "-[ RECORD 3 ]----------\n"
        "length    | 50\n"
        "model     | LSTM\n"
        "train_acc | 0.839\n"
        "after the records\n");
    struct found f;

    f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.561, 7, "0.561");      /* its block's first line */
    f = query(t, "{\"row\": \"length 50 LSTM\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.839, 11, "0.839");
    ck_assert_uint_eq(extract_line_count(t), 14);
    extract_free(t);
}
END_TEST

START_TEST(test_one_record_block_stays)
{
    /* a lone block has no rows to line up: its fields are read inline */
    struct extract_transcript *t = extract_fixture_parse(
        "-[ RECORD 1 ]------\n"
        "test 'very' rows  | 297\n"
        "test 'not' rows   | 303\n");
    struct found f = query(t, "{\"column\": \"not rows\"}");

    ASSERT_HIT(f, 303, 3, "303");
    extract_free(t);
}
END_TEST

START_TEST(test_html_tables_and_markup_are_read)
{
    struct extract_transcript *t = extract_fixture_parse(
        "<h2>Part 2</h2>\n"
        "<table>\n"
        "<tr><th>model</th><th>step 1</th><th>per step</th></tr>\n"
        "<tr><td>RNN gain 0.5</td><td>5.032&times;10<sup>-17</sup></td><td><b>&times;0.490</b></td></tr>\n"
        "<tr><td>RNN gain 1.5</td><td>5.268&times;10<sup>0</sup></td><td><b>&times;1.090</b></td></tr>\n"
        "</table>\n"
        "<p>the <start> token stays text</p>\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    ck_assert_msg(f.n == 1 && f.line == 4, "no hit: %s", f.explain);
    ck_assert_double_eq_tol(f.value, 5.032e-17, 1e-20);
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"per step\"}");
    ck_assert_msg(f.n == 1 && f.line == 5, "no hit: %s", f.explain);
    ck_assert_double_eq_tol(f.value, 1.090, 1e-9);
    extract_free(t);
}
END_TEST

START_TEST(test_a_lone_tag_is_no_page)
{
    /* one line opening with a tag is no HTML page: "<start>" is a token */
    struct extract_transcript *t = extract_fixture_parse(
        "<b>note</b>\n"
        "step 0 <start> h = [0. 0. 0.]\n");
    size_t len;
    const char *s = extract_line_text(t, 1, &len);

    ck_assert_int_eq((int)len, 11);
    ck_assert_int_eq(strncmp(s, "<b>note</b>", 11), 0);
    extract_free(t);
}
END_TEST

static Suite *extract_reshape_suite(void)
{
    Suite *s = suite_create("extract_reshape");
    TCase *tc = tcase_create("core");

    tcase_add_test(tc, test_a_dict_of_lists_is_a_table);
    tcase_add_test(tc, test_a_dict_of_keys_by_query_is_a_matrix);
    tcase_add_test(tc, test_a_dict_that_is_no_table_stays);
    tcase_add_test(tc, test_record_blocks_are_rows);
    tcase_add_test(tc, test_one_record_block_stays);
    tcase_add_test(tc, test_html_tables_and_markup_are_read);
    tcase_add_test(tc, test_a_lone_tag_is_no_page);
    tcase_add_test(tc, test_single_spaced_rows_under_their_names);
    tcase_add_test(tc, test_a_structured_array_by_its_dtype_names);
    tcase_add_test(tc, test_a_prompt_labels_its_echo);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(extract_reshape_suite());
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
