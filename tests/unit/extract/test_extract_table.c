/* test_extract_table.c — Check suite for table structure and nested output
 * (grader/extract/extract_table_*.c, grader/extract/extract_nest.c, grader/extract/extract.c).
 *
 * Each test is a short transcript in one print style and the exact value,
 * line, label or column a query must find in it: nested json.dumps/pprint,
 * wrapped lists, tensor and numpy matrices under a line of names, a
 * parameter in its own cell, setting lines that are no table, percent
 * columns.  The last tests feed hostile bracket soup and check nothing
 * breaks.
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

static const char *synonyms_json =
    "{\"gain\": [\"g\"], \"b_f\": [\"forget bias\", \"bf\", \"bias\"], \"per step\": [\"factor\"],"
    " \"length\": [\"T\"], \"train acc\": [\"train_acc\", \"train\"], \"test acc\": [\"test_acc\", \"test\"]}";

/* Runs one query, given as the JSON a rubric would hold, on a parsed transcript. */
static struct found query(const struct extract_transcript *t, const char *locate_json)
{
    return extract_fixture_query(t, synonyms_json, locate_json);
}

static struct extract_transcript *parse_str(const char *s)
{
    return extract_fixture_parse(s);
}

/* "step 1" split between a heading that says "T-1" and a bare 1 in the row
 * holds only when the 1 stands alone: the 1. of a row's other cell is that
 * cell's value (max_norm 1.), and a one-row table under "gain 1.0 by length
 * (T-1 steps back)" has no step-1 column however its cells are read. */
START_TEST(test_another_cells_number_is_no_split_item)
{
    struct extract_transcript *t = parse_str("gain 1.0 by length (T-1 steps back)\n"
                                             "\n"
                                             "gain | max_norm | norm_before\n"
                                             "1.5 | 1. | 20.576\n");
    struct found f = extract_fixture_query(t, "{\"step\": [\"t\", \"s\"]}",
                                           "{\"row\": \"gain 1.5\", \"column\": \"step 1\"}");

    ck_assert_msg(f.n == 0, "read %g (line %zu) as gain 1.5's step 1", f.value, f.line);
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"norm before\"}");
    ASSERT_HIT(f, 20.576, 4, "20.576");
    extract_free(t);
}
END_TEST

/* R's data frame: a row number before each row, the header single-spaced
 * over the label columns, and a column each kind of row leaves empty ("-"
 * under forget_bias in the RNN rows, under gain in the LSTM rows): one
 * table, each row named by the key cell it has. */
START_TEST(test_sparse_key_columns_keep_one_table)
{
    struct extract_transcript *t = parse_str(
        "  model gain forget_bias   step_1 per_step\n"
        "1   rnn  0.5           - 5.03e-17    0.490\n"
        "2   rnn  1.5           - 5.27e+00    1.090\n"
        "3  lstm    -           0 5.18e-12    0.629\n"
        "4  lstm    -           3 4.78e-02    1.016\n");
    struct found f = query(t, "{\"row\": \"b_f 3\", \"column\": \"per step\"}");

    ASSERT_HIT(f, 1.016, 5, "1.016");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 1.09, 3, "1.090");
    extract_free(t);
    /* a header of single spaces: the LSTM rows hold one value more */
    t = parse_str(
        "   length model forget_bias train_acc test_acc\n"
        "1       5   rnn           -     1.000    1.000\n"
        "2      50   rnn           -     0.561    0.494\n"
        "3      50  lstm           0     0.839    0.495\n");
    f = query(t, "{\"row\": \"length 50 LSTM b_f 0\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.495, 4, "0.495");
    extract_free(t);
}
END_TEST

/* R's named vector (and a Series printed across): one word over each value,
 * "not very" over "303  297", is the row's header, not a sentence over it;
 * and R's "[1]" before a vector is a position, not a value. */
START_TEST(test_named_vector_and_vector_index)
{
    struct extract_transcript *t = parse_str(
        "table(test kind)\n"
        " not very \n"
        " 303  297 \n"
        "\n"
        "the gap between them is\n"
        " 6 \n"
        "\n"
        "before clipping:\n"
        "[1] 20.5769\n");
    struct found f = query(t, "{\"row\": \"test\", \"column\": \"not\"}");

    ASSERT_HIT(f, 303, 3, "303");
    f = query(t, "{\"row\": \"test\", \"column\": \"very\"}");
    ASSERT_HIT(f, 297, 3, "297");
    f = query(t, "{\"row\": \"before\"}");
    ASSERT_HIT(f, 20.5769, 9, "20.5769");
    extract_free(t);
}
END_TEST

/* A self-check printed as a test runner prints it: "test_" before a test's
 * name says it is a test, not that its number is a test accuracy; and the
 * word right before a value naming a gap makes it that gap. */
START_TEST(test_runner_lines_name_their_checks)
{
    struct extract_transcript *t = parse_str(
        "test_len50_lstm_train_acc ... FAIL (got 0.839, module 0.858, tol 0.01)\n"
        "test_len50_lstm_test_acc ... FAIL (got 0.495, module 0.506, tol 0.01)\n"
        "test_len50_lstm_bf0_memorises_gap_over_0.3 ... ok   (got gap 0.344, need > 0.3)\n"
        "tests/test_lab.py::test_len20_lstm_train_acc PASSED (got 1.000)\n");
    const char *syn = "{\"b_f\": [\"bf\"], \"train acc\": [\"train_acc\"], "
                      "\"test acc\": [\"test_acc\"]}";
    struct found f;

    f = extract_fixture_query(t, syn, "{\"row\": [\"len50 LSTM b_f 0\", \"len50 LSTM\"], "
                                      "\"column\": \"test acc\", \"exclude\": [\"b_f 3\"]}");
    ASSERT_HIT(f, 0.495, 2, "0.495");
    f = extract_fixture_query(t, syn, "{\"row\": \"len20 LSTM\", \"column\": \"test acc\"}");
    ck_assert_msg(f.n == 0, "read the train accuracy %s as a test accuracy", f.text);
    extract_free(t);
}
END_TEST

/* ---- nested output --------------------------------------------------------- */

/* json.dumps(results, indent=2): the enclosing keys name the values below
 * them, and a hit reports the line the number is printed on. */
/* A "diff" column beside "mine" and "module" holds a gap, not the quantity:
 * a query that asks for the quantity reads "mine"; one that asks for the
 * difference reads "diff". */
START_TEST(test_difference_column_is_no_reading)
{
    struct extract_transcript *t = parse_str(
        "  item                     |    mine |  module |    diff | ok\n"
        "  accuracy, 'very' rows    |   0.990 |   1.000 |  -0.010 | OK\n"
        "  accuracy, 'not' rows     |   0.485 |   0.485 |   0.000 | OK\n");
    struct found f;

    f = query(t, "{\"column\": \"very rows\"}");
    ASSERT_HIT(f, 0.99, 2, "0.990");
    f = query(t, "{\"row\": \"very rows\", \"column\": \"diff\"}");
    ASSERT_HIT(f, -0.01, 2, "-0.010");
    extract_free(t);
}
END_TEST

START_TEST(test_json_indent_nested_keys)
{
    struct extract_transcript *t = parse_str(
        "{\n"
        "  \"rnn\": {\n"
        "    \"gain 0.5\": {\n"
        "      \"step 50\": 0.07577,\n"
        "      \"step 1\": 5.032e-17,\n"
        "      \"per step\": 0.49\n"
        "    },\n"
        "    \"gain 1.0\": {\n"
        "      \"step 50\": 0.07603,\n"
        "      \"step 1\": 0.0007716,\n"
        "      \"per step\": 0.911\n"
        "    }\n"
        "  },\n"
        "  \"lstm\": {\n"
        "    \"fresh\": {\n"
        "      \"b_f=3\": 1.016\n"
        "    },\n"
        "    \"b_f=0\": 0.629\n"
        "  }\n"
        "}\n"
        "done in 3.2 s\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\", \"exclude\": \"gain 1.0\"}");
    ASSERT_HIT(f, 5.032e-17, 5, "5.032e-17");
    f = query(t, "{\"row\": \"gain 1.0\", \"column\": \"per step\", \"exclude\": \"gain 0.5\"}");
    ASSERT_HIT(f, 0.911, 11, "0.911");
    /* keys are words of the path: "rnn" reaches into "gain 0.5" */
    f = query(t, "{\"row\": \"rnn gain 0.5\", \"column\": \"step 50\"}");
    ASSERT_HIT(f, 0.07577, 4, "0.07577");
    /* after "fresh": { ... } closes, its key no longer scopes the lines */
    f = query(t, "{\"row\": \"lstm b_f 0\", \"exclude\": \"fresh\"}");
    ASSERT_HIT(f, 0.629, 18, "0.629");
    f = query(t, "{\"row\": \"lstm b_f 3\", \"exclude\": \"fresh\"}");
    ck_assert_int_eq(f.n, 0);
    /* numbering resumes right after the joined lines */
    f = query(t, "{\"row\": \"done\"}");
    ASSERT_HIT(f, 3.2, 21, "3.2");
    extract_free(t);
}
END_TEST

/* pprint wraps nested dicts: the keys opened on earlier lines stay open. */
START_TEST(test_pprint_wrapped_dicts)
{
    struct extract_transcript *t = parse_str(
        "{'clip': {'after': 1.0, 'before': 20.577},\n"
        " 'rnn': {'gain 0.5': {'per step': 0.49,\n"
        "                      'step 1': 5.032e-17,\n"
        "                      'step 50': 0.07577},\n"
        "         'gain 1.5': {'per step': 1.09,\n"
        "                      'step 1': 5.268,\n"
        "                      'step 50': 0.07708}}}\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 1\", \"exclude\": \"gain 0.5\"}");
    ASSERT_HIT(f, 5.268, 6, "5.268");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 50\", \"exclude\": \"gain 1.5\"}");
    ASSERT_HIT(f, 0.07577, 4, "0.07577");
    f = query(t, "{\"column\": \"before\"}");
    ASSERT_HIT(f, 20.577, 1, "20.577");
    extract_free(t);
}
END_TEST

/* A list of records printed with indent: each record reads as one line,
 * and a parameter in a sibling key rules a record out. */
START_TEST(test_json_records)
{
    struct extract_transcript *t = parse_str(
        "[\n"
        "  {\n"
        "    \"length\": 5,\n"
        "    \"model\": \"LSTM\",\n"
        "    \"forget_bias\": 0,\n"
        "    \"train_acc\": 0.97,\n"
        "    \"test_acc\": 0.96\n"
        "  },\n"
        "  {\n"
        "    \"length\": 5,\n"
        "    \"model\": \"LSTM\",\n"
        "    \"forget_bias\": 3,\n"
        "    \"train_acc\": 1.0,\n"
        "    \"test_acc\": 0.99\n"
        "  }\n"
        "]\n");
    struct found f;

    f = query(t, "{\"row\": [\"length 5 LSTM b_f 0\", \"length 5 LSTM\"], \"exclude\": \"b_f 3\","
                 " \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.96, 7, "0.96");
    f = query(t, "{\"row\": \"length 5 LSTM b_f 3\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 1.0, 13, "1.0");
    extract_free(t);
}
END_TEST

/* A list wrapped over lines (json indent, numpy, torch, pprint) is one vector. */
START_TEST(test_wrapped_lists_are_vectors)
{
    struct extract_transcript *t = parse_str(
        "output of rude (json):\n"
        "{\n"
        "  \"rude\": [\n"
        "    0.8808,\n"
        "    -0.1192,\n"
        "    0.8808,\n"
        "    0.3394\n"
        "  ]\n"
        "}\n"
        "\n"
        "numpy wrapped: [0.1 0.2 0.3\n"
        " 0.4 0.5]\n"
        "torch wrapped: tensor([1.0000, 2.0000,\n"
        "        3.0000])\n"
        "not a list (prose) [see\n"
        "below] 7\n");
    struct found f;

    f = query(t, "{\"row\": \"rude\", \"shape\": \"vector\"}");
    ASSERT_HIT(f, 0.8808, 4, "0.8808");
    ASSERT_NUMS(f, 0.8808, -0.1192, 0.8808, 0.3394);
    f = query(t, "{\"row\": \"numpy wrapped\", \"shape\": \"vector\"}");
    ASSERT_NUMS(f, 0.1, 0.2, 0.3, 0.4, 0.5);
    f = query(t, "{\"row\": \"torch wrapped\", \"shape\": \"vector\"}");
    ASSERT_NUMS(f, 1.0, 2.0, 3.0);
    /* a bracket in prose, continued by a word, joins nothing */
    f = query(t, "{\"row\": \"below\"}");
    ASSERT_HIT(f, 7, 16, "7");
    extract_free(t);
}
END_TEST

/* ---- matrices under a line of names ------------------------------------------ */

START_TEST(test_tensor_rows_under_columns_line)
{
    struct extract_transcript *t = parse_str(
        "Self-attention (query = key)\n"
        "columns: support was not rude\n"
        "support  tensor([0.7112, 0.0963, 0.0963, 0.0963])\n"
        "was      tensor([0.0910, 0.6690, 0.1490, 0.0910])\n"
        "not      tensor([0.0830, 0.1370, 0.6960, 0.0830])\n"
        "rude     tensor([0.0963, 0.0963, 0.0963, 0.7112])\n");
    struct found f;

    f = query(t, "{\"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.0963, 6, "0.0963");
    ck_assert_str_eq(f.column, "support");
    f = query(t, "{\"row\": \"rude\", \"column\": \"rude\"}");
    ASSERT_HIT(f, 0.7112, 6, "0.7112");
    f = query(t, "{\"row\": \"was\", \"column\": \"not\"}");
    ASSERT_HIT(f, 0.149, 4, "0.1490");
    extract_free(t);
}
END_TEST

/* "support [0.7112 ...]  sum=1.000": a cell labelled on its own after a
 * row's list names its own value.  The list is the row, under the legend's
 * column names (its section ends at the next caption, not at the first
 * row); "sum" is read from its own cells only, never from the output rows
 * below; and a whole-row vector is never the row carrying a "sum" cell. */
START_TEST(test_labelled_cell_after_row_list)
{
    struct extract_transcript *t = parse_str(
        "query = key = value = E\n"
        "  weights (rows = queries; columns: support, was, not, rude)\n"
        "  support [ 7.112E-01  9.626E-02  9.626E-02  9.626E-02]  sum=1.000E+00\n"
        "  was     [ 9.060E-02  6.694E-01  1.494E-01  9.060E-02]  sum=1.000E+00\n"
        "  not     [ 8.318E-02  1.371E-01  6.965E-01  8.318E-02]  sum=1.000E+00\n"
        "  rude    [ 9.626E-02  9.626E-02  9.626E-02  7.112E-01]  sum=1.000E+00\n"
        "  outputs\n"
        "  support [ 1.422E+00 -1.925E-01  1.925E-01  2.406E-01]\n"
        "  rude    [ 1.925E-01 -1.422E+00  1.925E-01  2.406E-01]\n"
        "shuffled order\n"
        "  weights (rows = queries; columns: was, not, rude, support)\n"
        "  rude    [ 5.960E-02  4.404E-01  5.960E-02  4.404E-01]  sum=1.000E+00\n"
        "  support [ 2.500E-01  2.500E-01  2.500E-01  2.500E-01]  sum=1.000E+00\n");
    struct found f;

    f = query(t, "{\"section\": \"query = key\", \"row\": \"rude\", \"column\": \"rude\"}");
    ASSERT_HIT(f, 0.7112, 6, "7.112E-01");
    ck_assert_str_eq(f.column, "rude)");
    f = query(t, "{\"section\": \"shuffled\", \"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.4404, 12, "4.404E-01");
    f = query(t, "{\"column\": \"sum\", \"all\": true}");
    ck_assert_int_eq(f.n, 6);
    ck_assert_msg(f.value == 1.0 && f.line == 3, "first sum %g on line %zu", f.value, f.line);
    f = query(t, "{\"row\": \"rude\", \"shape\": \"vector\", \"exclude\": \"sum\"}");
    ASSERT_HIT(f, 0.1925, 9, "1.925E-01");
    ck_assert_uint_eq(f.n_nums, 4);
    extract_free(t);
}
END_TEST

/* Per-token bar blocks end in "(sum 100.0%)  output [...]": the bar line
 * above is no header of it (its plain cells name no elements of a list),
 * so "sum" reads the sum cell alone, never the output list after it. */
START_TEST(test_plain_cells_head_no_list_row)
{
    struct extract_transcript *t = parse_str(
        "rude attends to:\n"
        "  support  ###                              9.6%\n"
        "  was      ###                              9.6%\n"
        "  not      ###                              9.6%\n"
        "  rude     #####################           71.1%\n"
        "  (sum 100.0%)  output [0.193, -1.422, 0.193, 0.241]\n");
    struct found f;

    f = query(t, "{\"column\": \"sum\", \"all\": true}");
    ck_assert_int_eq(f.n, 1);
    ASSERT_HIT(f, 100.0, 6, "100.0%");
    extract_free(t);
}
END_TEST

/* A row-sum column headed by the summation sign: a rubric synonym of "sum"
 * written in Greek ('Σ') is a word like any other. */
START_TEST(test_sigma_column_header)
{
    struct extract_transcript *t = parse_str(
        "          support      was      not     rude       \xce\xa3\n"
        " support    0.711    0.096    0.096    0.096   1.000\n"
        "    rude    0.096    0.096    0.096    0.711   1.000\n");
    struct found f;

    f = extract_fixture_query(t, "{\"sum\": [\"total\", \"\xce\xa3\"]}",
                              "{\"row\": \"rude\", \"column\": \"sum\"}");
    ASSERT_HIT(f, 1.0, 3, "1.000");
    extract_free(t);
}
END_TEST

/* numpy and torch print a matrix without row labels: a square matrix under
 * names takes them for its rows too; the names printed once serve the next
 * matrix; a row with a label of its own ("output rude") keeps it. */
START_TEST(test_unlabelled_matrix_rows_named_from_above)
{
    struct extract_transcript *t = parse_str(
        "tokens: ['support', 'was', 'not', 'rude']\n"
        "self-attention weights:\n"
        "[[0.7112 0.0963 0.0963 0.0963]\n"
        " [0.0910 0.6690 0.1490 0.0910]\n"
        " [0.0830 0.1370 0.6960 0.0830]\n"
        " [0.0963 0.0963 0.0963 0.7112]]\n"
        "\n"
        "query matrix weights:\n"
        "tensor([[0.2500, 0.2500, 0.2500, 0.2500],\n"
        "        [0.2500, 0.2500, 0.2500, 0.2500],\n"
        "        [0.2500, 0.2500, 0.2500, 0.2500],\n"
        "        [0.4404, 0.0596, 0.4404, 0.0596]])\n"
        "output rude: [ 0.8808 -0.1192  0.8808  0.3394]\n");
    struct found f;

    f = query(t, "{\"section\": \"self\", \"row\": \"rude\", \"column\": \"rude\"}");
    ASSERT_HIT(f, 0.7112, 6, "0.7112");
    f = query(t, "{\"section\": \"self\", \"row\": \"was\", \"column\": \"not\"}");
    ASSERT_HIT(f, 0.149, 4, "0.1490");
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"column\": \"not\"}");
    ASSERT_HIT(f, 0.4404, 12, "0.4404");
    /* the row printed with its own label beats a row named from above */
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"shape\": \"vector\"}");
    ASSERT_HIT(f, 0.8808, 13, "0.8808");
    ASSERT_NUMS(f, 0.8808, -0.1192, 0.8808, 0.3394);
    extract_free(t);
}
END_TEST

/* A column's header word is no name for the row: in a matrix whose rows
 * carry no names (3 rows of 4, so not square) every row has a "rude" cell,
 * and none of them is rude's. */
START_TEST(test_matrix_column_word_is_not_a_row)
{
    struct extract_transcript *t = parse_str(
        "columns: support was not rude\n"
        "[0.7112 0.0963 0.0963 0.0963]\n"
        "[0.0910 0.6690 0.1490 0.0910]\n");
    struct found f = query(t, "{\"row\": \"rude\", \"column\": \"support\"}");

    ck_assert_int_eq(f.n, 0);
    f = query(t, "{\"column\": \"support\"}");
    ASSERT_HIT(f, 0.091, 3, "0.0910");
    extract_free(t);
}
END_TEST

/* ---- parameters in their own cells ------------------------------------------- */

START_TEST(test_parameter_in_its_own_cell)
{
    struct extract_transcript *t = parse_str(
        "model,gain,bias,step50,step1,per_step\n"
        "rnn,0.5,,7.577e-02,5.032e-17,0.490\n"
        "rnn,1.5,,7.708e-02,5.268e+00,1.090\n"
        "lstm,,0,3.679e-02,5.180e-12,0.629\n"
        "lstm,,3,2.230e-02,4.782e-02,1.016\n"
        "\n"
        "| length | model | forget bias | train acc | test acc |\n"
        "|--------|-------|-------------|-----------|----------|\n"
        "|     50 | LSTM  | 0           |     0.839 |    0.495 |\n"
        "|     50 | LSTM  | 3           |     1.000 |    1.000 |\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 1\", \"exclude\": \"gain 0.5\"}");
    ASSERT_HIT(f, 5.268, 3, "5.268e+00");
    f = query(t, "{\"row\": \"b_f 3\", \"column\": \"per step\", \"exclude\": \"b_f 0\"}");
    ASSERT_HIT(f, 1.016, 5, "1.016");
    /* "b_f 3" in another cell rules the row out, as it would in the label */
    f = query(t, "{\"row\": [\"length 50 LSTM b_f 0\", \"length 50 LSTM\"], \"exclude\": \"b_f 3\","
                 " \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.495, 9, "0.495");
    extract_free(t);
}
END_TEST

/* ---- what is not a table ------------------------------------------------------- */

START_TEST(test_setting_lines_are_not_a_header)
{
    struct extract_transcript *t = parse_str(
        "seed: 0\n"
        "device: cpu\n"
        "epochs: 60\n"
        "logistic all: 0.740\n");
    struct found f;

    f = query(t, "{\"row\": \"epochs\"}");
    ASSERT_HIT(f, 60, 3, "60");
    ck_assert_str_eq(f.column, "");
    f = query(t, "{\"column\": \"cpu\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

/* "T=5   T=20" with wide gaps stays a header of parameters. */
START_TEST(test_parameter_header_is_a_header)
{
    struct extract_transcript *t = parse_str(
        "model      T=5    T=20    T=50\n"
        "RNN      1.000   1.000   0.494\n"
        "GRU      1.000   1.000   1.000\n");
    struct found f = query(t, "{\"row\": \"RNN\", \"column\": \"length 50\"}");

    ASSERT_HIT(f, 0.494, 2, "0.494");
    ck_assert_str_eq(f.column, "T=50");
    extract_free(t);
}
END_TEST

/* ---- notation in headers -------------------------------------------------------- */

START_TEST(test_percent_column_header)
{
    struct extract_transcript *t = parse_str(
        "| length | model | train acc % | test acc (%) | seconds |\n"
        "|--------|-------|-------------|--------------|---------|\n"
        "|     50 | RNN   |        56.1 |         49.4 |   12.51 |\n");
    struct found f;

    f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 49.4, 3, "49.4");
    ck_assert(f.flags & NUMPARSE_PERCENT);
    f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"train acc\"}");
    ck_assert(f.flags & NUMPARSE_PERCENT);
    f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"seconds\"}");
    ASSERT_HIT(f, 12.51, 3, "12.51");
    ck_assert(!(f.flags & NUMPARSE_PERCENT));
    extract_free(t);

    /* the caption gives the unit of every cell; "adds to 100%" gives none */
    t = parse_str("attention weights in % (rows = queries):\n"
                  "            support       was\n"
                  "rude            9.6      71.1\n"
                  "\n"
                  "each row adds to 100%\n"
                  "            support       was\n"
                  "rude           0.44      0.06\n");
    f = query(t, "{\"row\": \"rude\", \"column\": \"was\", \"all\": true}");
    ck_assert_int_eq(f.n, 2);
    ck_assert(f.flags & NUMPARSE_PERCENT);
    f = query(t, "{\"row\": \"rude\", \"column\": \"was\"}");
    ASSERT_HIT(f, 0.06, 7, "0.06");
    ck_assert(!(f.flags & NUMPARSE_PERCENT));
    extract_free(t);
}
END_TEST

/* pandas wraps a wide frame into column blocks; "step 1  per step" heads
 * the second block (it is no "Step 1" heading), whose rows carry the same
 * labels. */
START_TEST(test_pandas_wrapped_blocks)
{
    struct extract_transcript *t = parse_str(
        "               step 50   step 40  \\\n"
        "RNN gain 0.5  0.075771  0.000033   \n"
        "RNN gain 1.5  0.077082  0.070657   \n"
        "\n"
        "                    step 1  per step  \n"
        "RNN gain 0.5  5.031523e-17  0.490060  \n"
        "RNN gain 1.5  5.268044e+00  1.090041  \n");
    struct found f;

    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.268044, 7, "5.268044e+00");
    ck_assert_str_eq(f.column, "step 1");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 0.49006, 6, "0.490060");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 40\"}");
    ASSERT_HIT(f, 0.070657, 3, "0.070657");
    extract_free(t);
}
END_TEST

/* A line holding a list of values is data, never the header of the longer
 * list below it; "weights_df.sum(axis=1)" is no setting line. */
START_TEST(test_list_line_is_no_header)
{
    struct extract_transcript *t = parse_str(
        "64-unit acc [all, very, not]: [0.785 1.    0.574]\n"
        "fresh test sets: [0.574 0.511 0.493 0.563 0.541 0.48  0.473\n"
        " 0.517 0.492]\n"
        "min = 4.484e-01, mean = 5.043e-01, max = 5.743e-01\n"
        "\n"
        "weights_df.sum(axis=1)\n"
        "query\n"
        "support    1.0\n"
        "rude       1.0\n");
    struct found f;

    f = query(t, "{\"column\": \"mean\"}");
    ASSERT_HIT(f, 0.5043, 4, "5.043e-01");
    f = query(t, "{\"column\": \"max\"}");
    ASSERT_HIT(f, 0.5743, 4, "5.743e-01");
    f = query(t, "{\"row\": \"fresh\", \"shape\": \"vector\"}");
    ck_assert_uint_eq(f.n_nums, 9);
    f = query(t, "{\"row\": \"rude\", \"column\": \"sum\"}");
    ASSERT_HIT(f, 1.0, 9, "1.0");
    extract_free(t);
}
END_TEST

/* No-break and figure spaces pad columns like spaces (UTF-8 or a lone
 * Latin-1 0xA0); a UTF-8 letter ending in 0xA0 ("à") stays a letter. */
START_TEST(test_odd_spaces_separate_columns)
{
    struct extract_transcript *t = parse_str(
        "\xa0\xa0\xa0\xa0\xa0\xa0support\xa0\xa0\xa0was\n"
        "rude\xa0\xa0\xa0\xa0" "0.096\xa0\xa0" "0.711\n"
        "\n"
        "\xc2\xa0\xc2\xa0\xc2\xa0\xc2\xa0\xc2\xa0\xc2\xa0support\xe2\x80\x87\xe2\x80\x87\xe2\x80\x87not\n"
        "was\xc2\xa0\xc2\xa0\xc2\xa0\xc2\xa0\xc2\xa0" "0.091\xc2\xa0\xc2\xa0" "0.669\n"
        "d\xc3\xa0ta 5\n");
    struct found f;

    f = query(t, "{\"row\": \"rude\", \"column\": \"was\"}");
    ASSERT_HIT(f, 0.711, 2, "0.711");
    ck_assert_str_eq(f.column, "was");
    f = query(t, "{\"row\": \"was\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.091, 5, "0.091");
    ck_assert_str_eq(f.column, "support");
    f = query(t, "{\"row\": \"d\xc3\xa0ta\"}");
    ASSERT_HIT(f, 5, 6, "5");
    extract_free(t);
}
END_TEST

/* A line of words above a table's caption, or alone in its paragraph before
 * the caption, heads the section. */
START_TEST(test_caption_under_heading)
{
    struct extract_transcript *t = parse_str(
        ">>> self-attention, Q = K = V = E\n"
        "weights_df\n"
        "         support       was\n"
        "rude    0.096255  0.096255\n"
        "\n"
        "query matrix\n"
        "\n"
        "weights:\n"
        "         support       was\n"
        "rude    0.440399  0.059601\n");
    struct found f;

    f = query(t, "{\"section\": \"self-attention\", \"row\": \"rude\", \"column\": \"was\"}");
    ASSERT_HIT(f, 0.096255, 4, "0.096255");
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"column\": \"was\"}");
    ASSERT_HIT(f, 0.059601, 10, "0.059601");
    extract_free(t);
}
END_TEST

/* Lines that label each of their numbers are read by their own labels,
 * not under a line of words above them. */
START_TEST(test_self_labelled_lines_have_no_header)
{
    struct extract_transcript *t = parse_str(
        "            sorted \xe2\x86\x92 and app clean not slow support was was\n"
        "    logistic \xe2\x86\x92 all 0.745 \xc2\xb7 very 1.000 \xc2\xb7 not 0.495\n"
        "    64-unit  \xe2\x86\x92 all 0.758 \xc2\xb7 very 1.000 \xc2\xb7 not 0.521\n");
    struct found f;

    f = query(t, "{\"row\": \"logistic\", \"column\": \"all\"}");
    ASSERT_HIT(f, 0.745, 2, "0.745");
    ck_assert_str_eq(f.column, "");
    f = query(t, "{\"row\": \"logistic\", \"column\": \"not\"}");
    ASSERT_HIT(f, 0.495, 2, "0.495");
    extract_free(t);
}
END_TEST

/* Rows under a caption, without a header, are vectors of their values. */
START_TEST(test_headerless_rows_are_vectors)
{
    struct extract_transcript *t = parse_str(
        "output rows:\n"
        "  support    0.5000  -0.5000   0.5000   0.6250\n"
        "  rude       0.8808  -0.1192   0.8808   0.3394\n");
    struct found f = query(t, "{\"row\": \"rude\", \"shape\": \"vector\"}");

    ASSERT_HIT(f, 0.8808, 3, "0.8808");
    ASSERT_NUMS(f, 0.8808, -0.1192, 0.8808, 0.3394);
    extract_free(t);
}
END_TEST

/* A pandas Series under a caption: the caption is its title, the index
 * name its header.  A DataFrame's index name ("model") excludes its rows
 * like a word over the label column. */
START_TEST(test_pandas_series_and_index_name)
{
    struct extract_transcript *t = parse_str(
        "test_df['kind'].value_counts()\n"
        "kind\n"
        "not     303\n"
        "very    297\n"
        "Name: count, dtype: int64\n"
        "\n"
        "results_df  (60 epochs)\n"
        "            all  very_rows  not_rows\n"
        "model                               \n"
        "logistic  0.740        1.0  0.485149\n");
    struct found f;

    f = query(t, "{\"column\": \"very\", \"row\": [\"test\", \"rows\"], \"exclude\": \"model\"}");
    ASSERT_HIT(f, 297, 4, "297");
    f = query(t, "{\"column\": \"not\", \"row\": [\"test\", \"rows\"], \"exclude\": \"model\"}");
    ASSERT_HIT(f, 303, 3, "303");
    f = query(t, "{\"row\": \"logistic\", \"column\": \"not rows\"}");
    ASSERT_HIT(f, 0.485149, 10, "0.485149");
    extract_free(t);
}
END_TEST

/* Excel's European CSV: ';' between cells, decimal commas in them. */
START_TEST(test_semicolon_cells_decimal_commas)
{
    struct extract_transcript *t = parse_str(
        "query;support;was;not;rude;sum\n"
        "support;0,711;0,096;0,096;0,096;1,000\n"
        "rude;0,096;0,096;0,096;0,711;1,000\n"
        "output;subject;good/bad;negation;filler\n"
        "rude;0,193;-1,422;0,193;0,241\n");
    struct found f;

    f = query(t, "{\"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.096, 3, "0,096");
    f = query(t, "{\"row\": \"rude\", \"column\": \"sum\"}");
    ASSERT_HIT(f, 1.0, 3, "1,000");
    f = query(t, "{\"row\": \"rude\", \"column\": \"negation\"}");
    ASSERT_HIT(f, 0.193, 5, "0,193");
    extract_free(t);
}
END_TEST

/* LaTeX tabular rows: cells split by '&', \\toprule and friends are rules. */
START_TEST(test_latex_tabular)
{
    struct extract_transcript *t = parse_str(
        "\\begin{tabular}{lrrr}\n"
        "\\toprule\n"
        "model & step 50 & step 1 & per step \\\\\n"
        "\\midrule\n"
        "RNN gain 0.5 & $7.577 \\times 10^{-2}$ & $5.032 \\times 10^{-17}$ & 0.490 \\\\\n"
        "LSTM $b_f=3$ & $2.230 \\times 10^{-2}$ & $4.782 \\times 10^{-2}$ & 1.016 \\\\\n"
        "\\bottomrule\n"
        "\\end{tabular}\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    ck_assert_int_eq(f.n, 1);
    ck_assert(fabs(f.value - 5.032e-17) < 1e-30);
    ck_assert_uint_eq(f.line, 5);
    ck_assert_str_eq(f.column, "step 1");
    f = query(t, "{\"row\": \"b_f 3\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 1.016, 6, "1.016");
    extract_free(t);
}
END_TEST

/* Random soup of the pieces the structure code reacts to (brackets, quotes,
 * cell separators, decimal commas, powers, odd spaces, LaTeX rules, names
 * lines): parsing and queries never fail or read out of bounds (the
 * sanitizer build checks the latter). */
START_TEST(test_structure_soup)
{
    static const char *const pieces[] = {
        "{", "}", "[", "]", "(", ")", "\n", "\n", " ", "  ", "\t", ",", ";", "&", "\\\\",
        "\\toprule\n", ":", "=", "'", "\"", "0.5", "1,000", "0,44", "2,22e-16", "x10^{-2}",
        " \xc3\x97 10\xe2\x81\xbb\xc2\xb9", "\xc2\xa0", "\xa0", "\xc3", "rude", "gain", "step",
        "1", "%", "per step", "tensor(", "columns:", "tokens:", "key", "\r", "-", "nan", "|",
    };
    static const char *const queries[] = {
        "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}",
        "{\"row\": \"rude\", \"shape\": \"vector\"}",
        "{\"column\": \"step\", \"all\": true}",
        "{\"section\": \"key\", \"row\": \"rude\", \"column\": \"rude\", \"exclude\": \"gain 1\"}",
    };
    unsigned state = 12345;

    for (int it = 0; it < 300; it++) {
        char buf[8192];
        size_t len = 0;
        state = state * 1103515245u + 12345u;
        size_t n = (state >> 8) % 300;
        for (size_t k = 0; k < n && len + 64 < sizeof buf; k++) {
            state = state * 1103515245u + 12345u;
            unsigned r = state >> 8;
            if (r % 8 == 0) {
                buf[len++] = (char)(r >> 4);
                continue;
            }
            const char *p = pieces[(r >> 3) % (sizeof pieces / sizeof pieces[0])];
            memcpy(buf + len, p, strlen(p));
            len += strlen(p);
        }
        struct extract_transcript *t;
        struct gb_err err;
        ck_assert_int_eq(extract_parse(buf, len, NULL, &t, &err), 0);
        for (size_t q = 0; q < sizeof queries / sizeof queries[0]; q++) {
            struct found f = query(t, queries[q]);
            ck_assert(f.n >= 0);
        }
        for (size_t l = 1; l <= extract_line_count(t); l++)
            ck_assert_ptr_nonnull(extract_line_text(t, l, NULL));
        extract_free(t);
    }
}
END_TEST

/* YAML-style nesting by indentation: "key:" lines head the deeper lines. */
START_TEST(test_yaml_style_indentation)
{
    struct extract_transcript *t = parse_str(
        "self_attention:\n"
        "  weights:\n"
        "    rude:\n"
        "      support: 0.0963\n"
        "      was: 0.0963\n"
        "with_query_matrix:\n"
        "  weights:\n"
        "    rude:\n"
        "      support: 0.4404\n");
    struct found f;

    f = query(t, "{\"section\": \"self attention\", \"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.0963, 4, "0.0963");
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.4404, 9, "0.4404");
    extract_free(t);
}
END_TEST

/* ---- hostile brackets --------------------------------------------------------------- */

static char *repeat(const char *unit, size_t times)
{
    size_t n = strlen(unit);
    char *s = malloc(n * times + 1);
    ck_assert_ptr_nonnull(s);
    for (size_t i = 0; i < times; i++)
        memcpy(s + i * n, unit, n);
    s[n * times] = '\0';
    return s;
}

START_TEST(test_bracket_floods_stay_bounded)
{
    static const char *const units[] = {
        "{\n", "[\n", "\"k\": {\n", "}\n]\n", "[[[[[[[[", "{'a': [1,\n 2,\n", "(\n0.5,\n",
        "\"x\": [\n", "'", "\"", "[\"]\n", "a: {\r", "{\n\n}\n", "a: [] ", "k: {1: [2,\n",
    };
    for (size_t u = 0; u < sizeof units / sizeof units[0]; u++) {
        char *s = repeat(units[u], 200000 / strlen(units[u]));
        struct extract_transcript *t;
        struct gb_err err;
        ck_assert_int_eq(extract_parse(s, strlen(s), NULL, &t, &err), 0);
        struct found f = query(t, "{\"row\": \"k\", \"column\": \"x\"}");
        ck_assert_int_eq(f.n, 0);
        ck_assert_uint_le(extract_line_count(t), strlen(s));
        extract_free(t);
        free(s);
    }
}
END_TEST

/* A structure longer than the join limit stays as printed, line by line. */
START_TEST(test_overlong_structure_not_joined)
{
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;
    struct extract_transcript *t;

    ck_assert_int_eq(gb_buf_printf(&b, &err, "\"norms\": [\n"), 0);
    for (int i = 0; i < 600; i++)
        ck_assert_int_eq(gb_buf_printf(&b, &err, "  %d.5,\n", i), 0);
    ck_assert_int_eq(gb_buf_printf(&b, &err, "  1.0\n]\nlast: 42\n"), 0);
    ck_assert_int_eq(extract_parse(b.data, b.len, NULL, &t, &err), 0);
    struct found f = query(t, "{\"row\": \"last\"}");
    ASSERT_HIT(f, 42, 604, "42");
    size_t len;
    const char *line = extract_line_text(t, 3, &len);
    ck_assert_str_eq(line ? "  1.5," : "", "  1.5,");
    ck_assert_int_eq(strncmp(line, "  1.5,", len), 0);
    extract_free(t);
    gb_buf_free(&b);
}
END_TEST

/* ---- ragged rows, declared axes, matrices named by a caption -------------------- */

/* A label longer than its field pushes its row's numbers right, into the
 * gutters of the rows above: a row with one value per header field is read
 * by order, and a row with a missing cell by where its values sit. */
START_TEST(test_ragged_rows_read_by_order)
{
    struct extract_transcript *t = parse_str(
        "model          step 50     step 1   per step\n"
        "gain=0.50    7.577e-02  5.032e-17     x0.490\n"
        "gain=1.50    7.708e-02  5.268e+00     x1.090\n"
        "LSTM forget_bias=3.0  2.230e-02  4.782e-02     x1.016\n"
        "gain=2.00    9.999e-02                x1.500\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.268, 3, "5.268e+00");
    f = query(t, "{\"row\": \"LSTM b_f 3\", \"column\": \"step 50\"}");
    ASSERT_HIT(f, 0.0223, 4, "2.230e-02");
    f = query(t, "{\"row\": \"LSTM b_f 3\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 1.016, 4, "x1.016");
    /* the short row: its last value sits under "per step", not "step 1" */
    f = query(t, "{\"row\": \"gain 2\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 1.5, 5, "x1.500");
    f = query(t, "{\"row\": \"gain 2\", \"column\": \"step 1\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

/* The same ragged rows in an accuracy table whose numbers shift by one
 * column: "1,217" under "params", not under "all". */
START_TEST(test_ragged_rows_thousands)
{
    struct extract_transcript *t = parse_str(
        "model         params     all  very rows  not rows\n"
        "logistic on word counts      18   0.740      1.000     0.485\n"
        "64-unit net on counts   1,217   0.785      1.000     0.574\n");
    struct found f;

    f = query(t, "{\"row\": \"logistic\", \"column\": \"all\"}");
    ASSERT_HIT(f, 0.74, 2, "0.740");
    f = query(t, "{\"row\": \"64-unit\", \"column\": \"not rows\"}");
    ASSERT_HIT(f, 0.574, 3, "0.574");
    f = query(t, "{\"row\": \"64-unit\", \"column\": \"params\"}");
    ASSERT_HIT(f, 1217, 3, "1,217");
    extract_free(t);
}
END_TEST

/* A square matrix printed the other way round says so in its corner (or
 * its caption): a query that names what its rows are reads it transposed,
 * diagonal included; one that does not keeps the straight reading. */
START_TEST(test_declared_axes_transpose)
{
    static const char *const layouts[] = {
        "weights\n"
        "key \\ query   support    was    rude\n"
        "support         0.711  0.091  0.096\n"
        "was             0.193  0.818  0.193\n"
        "rude            0.096  0.091  0.711\n",
        "weights, rows = keys, columns = queries\n"
        "             support    was    rude\n"
        "support         0.711  0.091  0.096\n"
        "was             0.193  0.818  0.193\n"
        "rude            0.096  0.091  0.711\n",
        "weights (keys vs queries)\n"
        "keys vs queries  support    was    rude\n"
        "support            0.711  0.091  0.096\n"
        "was                0.193  0.818  0.193\n"
        "rude               0.096  0.091  0.711\n",
    };
    for (size_t k = 0; k < sizeof layouts / sizeof layouts[0]; k++) {
        struct extract_transcript *t = parse_str(layouts[k]);
        struct found f;
        f = query(t, "{\"row\": \"was\", \"column\": \"support\", \"row_axis\": [\"query\", \"queries\"]}");
        ASSERT_HIT(f, 0.091, 3, "0.091");
        f = query(t, "{\"row\": \"rude\", \"column\": \"rude\", \"row_axis\": \"query\"}");
        ASSERT_HIT(f, 0.711, 5, "0.711");
        f = query(t, "{\"row\": \"was\", \"column\": \"support\"}");
        ASSERT_HIT(f, 0.193, 4, "0.193");
        /* a query whose rows are the table's rows reads it straight */
        f = query(t, "{\"row\": \"was\", \"column\": \"support\", \"row_axis\": \"key\"}");
        ASSERT_HIT(f, 0.193, 4, "0.193");
        extract_free(t);
    }
}
END_TEST

/* "rows = keys" in a caption describes the table, it names no section: a
 * section "query = key" is not the one under "B) query matrix" whose
 * caption says its rows are keys. */
START_TEST(test_axis_words_name_no_section)
{
    struct extract_transcript *t = parse_str(
        "A) query = key\n"
        "key \\ query   support   rude\n"
        "support         0.500  0.269\n"
        "rude            0.500  0.731\n"
        "\n"
        "B) the query matrix\n"
        "weights: rows = keys, columns = queries\n"
        "             support   rude\n"
        "support        0.250  0.440\n"
        "rude           0.750  0.560\n");
    struct found f = query(t, "{\"section\": \"query = key\", \"row\": \"rude\", \"column\": \"support\","
                              " \"row_axis\": \"query\"}");

    ASSERT_HIT(f, 0.269, 3, "0.269");
    ck_assert_str_eq(f.explain, "");
    extract_free(t);
}
END_TEST

/* Tokens printed once name every bare matrix printed after them, past other
 * matrices and vectors; a caption that is only a name ("output:") keeps the
 * section of the caption above it. */
START_TEST(test_caption_names_later_matrices)
{
    struct extract_transcript *t = parse_str(
        "tokens (rows and columns in this order): support, was, rude\n"
        "self-attention weights:\n"
        "[[0.7 0.2 0.1]\n"
        " [0.2 0.6 0.2]\n"
        " [0.1 0.2 0.7]]\n"
        "row sums: [1. 1. 1.]\n"
        "output:\n"
        "[[ 1.1 -0.1  0.3]\n"
        " [ 0.2  0.9  0.3]\n"
        " [ 0.4 -1.2  0.5]]\n"
        "weights with the query matrix:\n"
        "[[0.3 0.3 0.4]\n"
        " [0.3 0.3 0.4]\n"
        " [0.44 0.06 0.5]]\n"
        "output:\n"
        "[[ 0.5 -0.5  0.6]\n"
        " [ 0.5 -0.5  0.6]\n"
        " [ 0.88 -0.12  0.34]]\n");
    struct found f;

    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"column\": \"support\","
                 " \"exclude\": \"output\"}");
    ASSERT_HIT(f, 0.44, 14, "0.44");
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"shape\": \"vector\","
                 " \"exclude\": \"sum\"}");
    ASSERT_HIT(f, 0.88, 18, "0.88");
    ASSERT_NUMS(f, 0.88, -0.12, 0.34);
    extract_free(t);
}
END_TEST

/* Long ("tidy") format: the text cells repeat, so the numeric columns from
 * the left are keys until the rows are told apart; the last column is the
 * measure.  A key cell with its header ("length 50") names the measure. */
START_TEST(test_long_format_key_columns)
{
    struct extract_transcript *t = parse_str(
        "model,hyper,setting,length,test_acc\n"
        "lstm,forget_bias,1,20,0.91\n"
        "lstm,forget_bias,1,50,0.62\n"
        "lstm,forget_bias,3,20,0.95\n"
        "lstm,forget_bias,3,50,0.88\n");
    struct found f;

    f = query(t, "{\"row\": \"b_f 3\", \"column\": \"length 50\"}");
    ASSERT_HIT(f, 0.88, 5, "0.88");
    ck_assert_str_eq(f.column, "test_acc");
    f = query(t, "{\"row\": \"b_f 1\", \"column\": \"length 20\", \"exclude\": \"b_f 3\"}");
    ASSERT_HIT(f, 0.91, 2, "0.91");
    f = query(t, "{\"row\": \"b_f 3\", \"column\": \"test acc\", \"nth\": 1}");
    ck_assert_int_eq(f.n, 1);
    /* a key the table does not hold, and a word of a key without its value */
    f = query(t, "{\"row\": \"b_f 3\", \"column\": \"length 100\"}");
    ck_assert_int_eq(f.n, 0);
    f = query(t, "{\"row\": \"b_f 3\", \"column\": \"per length\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

/* A wide table whose labels already tell the rows apart keeps its columns:
 * no number becomes a key. */
START_TEST(test_unique_labels_are_not_long_format)
{
    struct extract_transcript *t = parse_str(
        "model,step,grad_norm,factor\n"
        "rnn,1,5.0e-17,0.49\n"
        "lstm,1,4.8e-02,1.016\n"
        "gru,1,3.1e-03,0.95\n");
    struct found f;

    f = query(t, "{\"row\": \"lstm\", \"column\": \"step\"}");
    ASSERT_HIT(f, 1, 3, "1");
    f = query(t, "{\"row\": \"gru\", \"column\": \"factor\"}");
    ASSERT_HIT(f, 0.95, 4, "0.95");
    extract_free(t);
}
END_TEST

/* An axis line ("epochs: [1 5 10]") names the elements of the labelled
 * lists below it, even with text after a list. */
START_TEST(test_axis_line_names_list_elements)
{
    struct extract_transcript *t = parse_str(
        "epochs: [1 5 10]\n"
        "LSTM b_f=1: [0.52 0.71 0.90]\n"
        "LSTM b_f=3: [0.55 0.80 0.97] best so far\n"
        "\n"
        "LSTM b_f=2: [0.53 0.75 0.93]\n");
    struct found f;

    f = query(t, "{\"row\": \"b_f 3\", \"column\": \"epoch 10\"}");
    ASSERT_HIT(f, 0.97, 3, "0.97");
    f = query(t, "{\"row\": \"b_f 1\", \"column\": \"epoch 5\"}");
    ASSERT_HIT(f, 0.71, 2, "0.71");
    /* no such element; and a list in another paragraph has no axis */
    f = query(t, "{\"row\": \"b_f 1\", \"column\": \"epoch 7\"}");
    ck_assert_int_eq(f.n, 0);
    f = query(t, "{\"row\": \"b_f 2\", \"column\": \"epoch 5\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

/* A dict printed on one line, keyed by bare numbers: the key's word and
 * the column are in the words before it. */
START_TEST(test_dict_keyed_by_numbers)
{
    struct extract_transcript *t = parse_str(
        "LSTM forget bias -> test accuracy at length 50: {0: 0.506, 1: 0.62, 3: 0.88}\n"
        "LSTM forget bias -> test accuracy at length 20: {0: 0.7, 1: 0.9, 3: 0.95}\n");
    struct found f;

    f = query(t, "{\"row\": \"b_f 3\", \"column\": \"length 20\"}");
    ASSERT_HIT(f, 0.95, 2, "0.95");
    f = query(t, "{\"row\": \"b_f 0\", \"column\": \"length 50\"}");
    ASSERT_HIT(f, 0.506, 1, "0.506");
    f = query(t, "{\"row\": \"b_f 2\", \"column\": \"length 50\"}");
    ck_assert_int_eq(f.n, 0);
    /* the key the row took is no column: "length 1" is not the key 1 */
    f = query(t, "{\"row\": \"b_f 3\", \"column\": \"length 1\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

/* A cell that only says "no value" ("—", "n/a", "None") is an empty
 * cell: the rows below it stay in the table and keep their columns, also
 * when the empty cell is the first row's last. */
START_TEST(test_placeholder_cells_keep_the_table)
{
    static const char *const fillers[] = { "—", "n/a", "N/A", "None", "?", "–" };

    for (size_t k = 0; k < sizeof fillers / sizeof *fillers; k++) {
        char text[512];
        struct extract_transcript *t;
        struct found f;

        snprintf(text, sizeof text,
                 "| run | per step | step1/step50 |\n"
                 "|---|---|---|\n"
                 "| gain=0.5 | 0.4901 | 6.640e-16 |\n"
                 "| gain=0.9 | 0.8415 | %s |\n"
                 "| gain=1.5 | 1.0900 | 6.835e+01 |\n"
                 "\n"
                 "model          per step      ratio\n"
                 "LSTM b_f=0        0.629  %9s\n"
                 "LSTM b_f=3        1.016  2.145e+00\n",
                 fillers[k], fillers[k]);
        t = parse_str(text);
        f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"per step\"}");
        ASSERT_HIT(f, 1.09, 5, "1.0900");
        f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step1/step50\"}");
        ASSERT_HIT(f, 68.35, 5, "6.835e+01");
        f = query(t, "{\"row\": \"b_f 3\", \"column\": \"per step\"}");
        ASSERT_HIT(f, 1.016, 9, "1.016");
        /* the first row's empty cell: the row below still lines up under "ratio" */
        f = query(t, "{\"row\": \"b_f 3\", \"column\": \"ratio\"}");
        ASSERT_HIT(f, 2.145, 9, "2.145e+00");
        extract_free(t);
    }
}
END_TEST

/* An enclosing key as the column of the entries under it, when the query
 * names no row: '"row_sums": {' over '"support": 1.0'.  The whole key must
 * be the column: "sum" alone is only part of "row_sums". */
START_TEST(test_enclosing_key_is_the_column)
{
    struct extract_transcript *t = parse_str(
        "{\n"
        "  \"weights\": {\n"
        "    \"support\": 0.25\n"
        "  },\n"
        "  \"row_sums\": {\n"
        "    \"support\": 1.0,\n"
        "    \"was\": 0.999\n"
        "  }\n"
        "}\n");
    struct found f;

    f = query(t, "{\"column\": [\"sum\", \"row sum\"], \"all\": true}");
    ck_assert_int_eq(f.n, 2);
    ck_assert(f.value == 1.0);
    ck_assert_uint_eq(f.line, 6);
    f = query(t, "{\"column\": \"sum\", \"all\": true}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

/* Key=value log lines name their own cells: the last one is no header over
 * a timing line printed right under it ("took 0.12 s" is not its row). */
START_TEST(test_keyed_line_heads_nothing)
{
    struct extract_transcript *t = parse_str(
        "lstm bf=2    t50=3.416e-02  t1=2.074e-09  factor/step=0.712\n"
        "lstm bf=3    t50=3.362e-02  t1=4.704e-09  factor/step=0.725\n"
        "took 0.12 s\n");
    struct found f;

    f = query(t, "{\"row\": \"b_f 3\", \"column\": [\"per step\", \"factor\"],"
                 " \"exclude\": [\"b_f 0\", \"b_f 1\", \"b_f 2\"]}");
    ck_assert_msg(f.n == 1, "no hit: %s", f.explain);
    ck_assert(f.value == 0.725);
    ck_assert_uint_eq(f.line, 2);
    f = query(t, "{\"row\": \"b_f 3\", \"column\": \"t1\","
                 " \"exclude\": [\"b_f 0\", \"b_f 1\", \"b_f 2\"]}");
    ck_assert_msg(f.n == 1, "no hit: %s", f.explain);
    ck_assert(f.value == 4.704e-09);
    ck_assert_uint_eq(f.line, 2);
    extract_free(t);
}
END_TEST

/* Tables read as records: each row cut into as many cells as the header has
 * fields, every cell under the field of its position (field corpus: a key
 * column first, two-space cells; a Python repr record per row). */
START_TEST(test_rows_as_records)
{
    const char *syn = "{\"length\": [\"len\"], \"train acc\": [\"acc tr\"]}";
    struct extract_transcript *t = parse_str(
        "length  model  seconds  train acc  test acc\n"
        "5  RNN  5.7  1.0  0.9\n"
        "5  GRU  30.1  1.0  0.8\n"
        "20  RNN  35.6  1.0  0.7\n");
    struct found f;

    f = extract_fixture_query(t, syn, "{\"row\": \"length 20 RNN\", \"column\": \"test acc\"}");
    ck_assert_msg(f.n == 1 && f.value == 0.7, "%d %g %s", f.n, f.value, f.explain);
    f = extract_fixture_query(t, syn, "{\"row\": \"length 5 GRU\", \"column\": \"seconds\"}");
    ck_assert_msg(f.n == 1 && f.value == 30.1, "%d %g %s", f.n, f.value, f.explain);
    extract_free(t);
    t = parse_str("length, model, seconds, train acc, test acc\n"
                  "(5, 'RNN', 5.7, 1.0, 0.9)\n"
                  "(5, 'LSTM b_f=3', 9.2, 1.0, 0.8)\n"
                  "(50, 'RNN', 3.8, 0.539, 0.507)\n");
    f = extract_fixture_query(t, syn, "{\"row\": \"length 50 RNN\", \"column\": \"train acc\"}");
    ck_assert_msg(f.n == 1 && f.value == 0.539, "%d %g %s", f.n, f.value, f.explain);
    f = extract_fixture_query(t, syn, "{\"row\": \"length 5 RNN\", \"column\": \"test acc\","
                                      " \"exclude\": \"LSTM\"}");
    ck_assert_msg(f.n == 1 && f.value == 0.9, "%d %g %s", f.n, f.value, f.explain);
    extract_free(t);
    /* prose with commas is no header, and a tuple of numbers alone no record */
    t = parse_str("first, then second, and at last the third.\n(1, 2, 3)\n");
    f = extract_fixture_query(t, syn, "{\"column\": \"second\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("extract_table");
    TCase *tc = tcase_create("nested");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_runner_lines_name_their_checks);
    tcase_add_test(tc, test_json_indent_nested_keys);
    tcase_add_test(tc, test_difference_column_is_no_reading);
    tcase_add_test(tc, test_pprint_wrapped_dicts);
    tcase_add_test(tc, test_json_records);
    tcase_add_test(tc, test_wrapped_lists_are_vectors);
    tcase_add_test(tc, test_yaml_style_indentation);
    tcase_add_test(tc, test_enclosing_key_is_the_column);
    tcase_add_test(tc, test_rows_as_records);
    suite_add_tcase(s, tc);
    tc = tcase_create("tables");
    tcase_add_test(tc, test_tensor_rows_under_columns_line);
    tcase_add_test(tc, test_labelled_cell_after_row_list);
    tcase_add_test(tc, test_plain_cells_head_no_list_row);
    tcase_add_test(tc, test_sigma_column_header);
    tcase_add_test(tc, test_unlabelled_matrix_rows_named_from_above);
    tcase_add_test(tc, test_matrix_column_word_is_not_a_row);
    tcase_add_test(tc, test_parameter_in_its_own_cell);
    tcase_add_test(tc, test_setting_lines_are_not_a_header);
    tcase_add_test(tc, test_parameter_header_is_a_header);
    tcase_add_test(tc, test_keyed_line_heads_nothing);
    tcase_add_test(tc, test_percent_column_header);
    tcase_add_test(tc, test_pandas_wrapped_blocks);
    tcase_add_test(tc, test_list_line_is_no_header);
    tcase_add_test(tc, test_odd_spaces_separate_columns);
    tcase_add_test(tc, test_caption_under_heading);
    tcase_add_test(tc, test_self_labelled_lines_have_no_header);
    tcase_add_test(tc, test_headerless_rows_are_vectors);
    tcase_add_test(tc, test_pandas_series_and_index_name);
    tcase_add_test(tc, test_semicolon_cells_decimal_commas);
    tcase_add_test(tc, test_latex_tabular);
    tcase_add_test(tc, test_ragged_rows_read_by_order);
    tcase_add_test(tc, test_ragged_rows_thousands);
    tcase_add_test(tc, test_declared_axes_transpose);
    tcase_add_test(tc, test_axis_words_name_no_section);
    tcase_add_test(tc, test_caption_names_later_matrices);
    tcase_add_test(tc, test_long_format_key_columns);
    tcase_add_test(tc, test_unique_labels_are_not_long_format);
    tcase_add_test(tc, test_axis_line_names_list_elements);
    tcase_add_test(tc, test_dict_keyed_by_numbers);
    tcase_add_test(tc, test_placeholder_cells_keep_the_table);
    tcase_add_test(tc, test_sparse_key_columns_keep_one_table);
    tcase_add_test(tc, test_named_vector_and_vector_index);
    suite_add_tcase(s, tc);
    tc = tcase_create("hostile");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_bracket_floods_stay_bounded);
    tcase_add_test(tc, test_overlong_structure_not_joined);
    tcase_add_test(tc, test_structure_soup);
    tcase_add_test(tc, test_another_cells_number_is_no_split_item);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
