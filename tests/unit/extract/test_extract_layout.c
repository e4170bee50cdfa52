/* test_extract_layout.c — Check suite for table layouts and captions in
 * grader/extract/extract*.c: pivot tables (one table per metric, numbered columns),
 * captions and sentences between a heading and its table, caption lines
 * that name what the rows below are.
 *
 * Each test is a small transcript in the shape a student's print produced
 * (the corpus holds the full recorded runs) and asserts the exact value,
 * line and explanation of every query.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "extract/extract.h"
#include "extract/extract_int.h"
#include "extract_fixture.h"

static const char *const SYNONYMS =
    "{\"length\": [\"T\", \"len\", \"seq len\"], \"b_f\": [\"forget bias\", \"bf\"],"
    " \"train acc\": [\"train accuracy\", \"train\"], \"test acc\": [\"test accuracy\", \"test\"],"
    " \"train s\": [\"seconds\", \"time\", \"s\"], \"per step\": [\"factor\"]}";

/* Runs one query, given as the JSON a rubric would hold, on a parsed transcript. */
static struct found query(const struct extract_transcript *t, const char *locate_json)
{
    return extract_fixture_query(t, SYNONYMS, locate_json);
}

static struct extract_transcript *parse_str(const char *s)
{
    return extract_fixture_parse(s);
}

/* ---- new cohorts of 2026-12-07 (fifth round) ----------------------------- */

/* A tree drawing (the `tree` command, rich's Tree, --charset=ascii) is an
 * outline: a leaf belongs to the branches above it, as a nested list item
 * does ("step 1" under "rnn gain 1.5" is that gain's). */
START_TEST(test_a_tree_drawing_nests_its_leaves_under_their_branches)
{
    static const char *const trees[] = {
        "gradient_decay\n"
        "\u251c\u2500\u2500 rnn gain 0.5\n"
        "\u2502   \u251c\u2500\u2500 step 50: 7.577e-02\n"
        "\u2502   \u2514\u2500\u2500 step 1: 5.032e-17\n"
        "\u2514\u2500\u2500 rnn gain 1.5\n"
        "    \u251c\u2500\u2500 step 50: 7.708e-02\n"
        "    \u2514\u2500\u2500 step 1: 5.268e+00\n",
        "gradient_decay\n"
        "|-- rnn gain 0.5\n"
        "|   |-- step 50: 7.577e-02\n"
        "|   `-- step 1: 5.032e-17\n"
        "`-- rnn gain 1.5\n"
        "    |-- step 50: 7.708e-02\n"
        "    `-- step 1: 5.268e+00\n",
    };
    /* a branch heads its leaves (the whole tree of tests/field/treeview/
     * memory_lab is the case where, without extract_table_detect.c's
     * outline_branch, "gru" headed the next branches' leaves as a table) */
    struct extract_transcript *m = parse_str(
        "\u2502   \u251c\u2500\u2500 T=50\n"
        "\u2502   \u2502   \u251c\u2500\u2500 rnn\n"
        "\u2502   \u2502   \u2502   \u251c\u2500\u2500 train s: 36.3\n"
        "\u2502   \u2502   \u2502   \u251c\u2500\u2500 train acc: 0.561\n"
        "\u2502   \u2502   \u2502   \u2514\u2500\u2500 test acc: 0.494\n"
        "\u2502   \u2502   \u251c\u2500\u2500 gru\n"
        "\u2502   \u2502   \u2502   \u251c\u2500\u2500 train s: 136.1\n"
        "\u2502   \u2502   \u2502   \u251c\u2500\u2500 train acc: 1.000\n"
        "\u2502   \u2502   \u2502   \u2514\u2500\u2500 test acc: 1.000\n"
        "\u2502   \u2502   \u251c\u2500\u2500 lstm (forget bias 0)\n"
        "\u2502   \u2502   \u2502   \u251c\u2500\u2500 train s: 122.3\n"
        "\u2502   \u2502   \u2502   \u251c\u2500\u2500 train acc: 0.839\n"
        "\u2502   \u2502   \u2502   \u2514\u2500\u2500 test acc: 0.495\n"
        "\u2502   \u2502   \u2514\u2500\u2500 lstm (forget bias 3)\n"
        "\u2502   \u2502       \u251c\u2500\u2500 train s: 163.6\n"
        "\u2502   \u2502       \u251c\u2500\u2500 train acc: 1.000\n"
        "\u2502   \u2502       \u2514\u2500\u2500 test acc: 1.000\n");
    struct found g = extract_fixture_query(m, "{\"length\": [\"T\"], \"b_f\": [\"forget bias\"], "
                                           "\"test acc\": [\"test\"], \"train acc\": [\"train\"]}",
                                           "{\"row\": [\"length 50 LSTM b_f 0\", \"length 50 LSTM\"], "
                                           "\"column\": \"test acc\", \"exclude\": [\"b_f 3\"]}");
    ASSERT_HIT(g, 0.495, 13, "0.495");
    /* read as the branch's leaf, not as a cell of a table headed "gru" */
    ck_assert_msg(!strstr(g.column, "gru"), "read under the column %s", g.column);
    extract_free(m);
    for (size_t i = 0; i < 2; i++) {
        struct extract_transcript *t = parse_str(trees[i]);
        struct found f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 1\", "
                                  "\"exclude\": [\"gain 0.5\"]}");
        ASSERT_HIT(f, 5.268, 7, "5.268e+00");
        f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\", "
                     "\"exclude\": [\"gain 1.5\"]}");
        ASSERT_HIT(f, 5.032e-17, 4, "5.032e-17");
        extract_free(t);
    }
}
END_TEST

/* A camelCase name is the words it joins: "gradNormGain05PreClip" names gain
 * 0.5 by its last word and the dropped point, so excluding gain 0.5 rules it
 * out; "PyTorch" stays one word. */
START_TEST(test_a_camel_case_name_is_the_words_it_joins)
{
    struct extract_transcript *t = parse_str(
        "gradNormGain15PreClip = 20.5769\n"
        "gradNormGain15PostClip = 1.0000\n"
        "gradNormGain05PreClip = 0.1564\n"
        "gradNormGain05PostClip = 0.1564\n");
    struct found f = extract_fixture_query(t, "{\"before\": [\"pre\", \"pre-clip\"]}",
                                           "{\"column\": \"before\", \"exclude\": [\"gain 0.5\"]}");
    ASSERT_HIT(f, 20.5769, 1, "20.5769");
    extract_free(t);
    t = parse_str("maxGapVsPyTorch = 2.22e-16\n");
    f = query(t, "{\"column\": [\"gap\", \"pytorch\"]}");
    ASSERT_HIT(f, 2.22e-16, 1, "2.22e-16");
    extract_free(t);
}
END_TEST

/* What a quantity can be says which row holds it: a weights row is a
 * distribution ("within": [0, 1]), so the queries' rude row [2. 0. 2. 0.]
 * under the same Wq heading is no candidate, whichever is printed last; when
 * it is the only row there, nothing is read and the miss says why. */
START_TEST(test_a_row_printing_what_the_quantity_cannot_be_holds_another)
{
    static const char q[] = "{\"section\": \"Wq\", \"row\": \"rude\", \"nth\": 1, "
                            "\"within\": [0, 1]}";
    struct extract_transcript *t = parse_str(
        "weights with Wq:\n"
        "  rude     [0.44 0.06 0.44 0.06]\n"
        "queries after Wq:\n"
        "  rude     [2. 0. 2. 0.]\n");
    struct found f = query(t, q);
    ASSERT_HIT(f, 0.44, 2, "0.44");
    extract_free(t);
    t = parse_str("queries after Wq:\n"
                  "  rude     [2. 0. 2. 0.]\n");
    f = query(t, q);
    ck_assert_int_eq(f.n, 0);
    ck_assert_msg(strstr(f.explain, "line 2 prints 2."), "%s", f.explain);
    extract_free(t);
    t = parse_str("queries after Wq:\n"
                  "| rude | 2.000 | 0.000 | 2.000 | 0.000 |\n"
                  "| was  | 0.000 | 0.000 | 0.000 | 0.000 |\n"
                  "weights with Wq:\n"
                  "| rude | 0.440 | 0.060 | 0.440 | 0.060 |\n");
    f = query(t, "{\"section\": \"Wq\", \"row\": \"rude\", \"nth\": 2, "
                 "\"within\": [0, 1]}");
    ASSERT_HIT(f, 0.06, 5, "0.060");
    extract_free(t);
}
END_TEST

/* Two tables printed side by side, " || " between them, are two tables: a
 * reader reads each pane down, and a right pane's row of bare numbers is
 * the left row beside it (extract.c add_panes).  A norm "||g_50||" and a
 * pipe table's "||" column groups are no panes. */
START_TEST(test_side_by_side_panes_are_read_each_as_a_table)
{
    struct extract_transcript *t = parse_str(
        "plain RNN, by recurrent gain         ||  LSTM, by forget bias\n"
        "step      g=0.5      g=1.5  ||      b_f=0      b_f=3\n"
        "  50  7.577e-02  7.708e-02  ||  3.679e-02  2.230e-02\n"
        "   1  5.032e-17  5.268e+00  ||  5.180e-12  4.782e-02\n");
    struct found f = extract_fixture_query(t, "{\"gain\": [\"g\"]}",
                                           "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.032e-17, 4, "5.032e-17");
    /* the right pane's step 1 row, named by the left key and corner */
    f = query(t, "{\"row\": \"b_f 3\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 4.782e-02, 4, "4.782e-02");
    extract_free(t);
    t = parse_str("          support      was  ||  output = weights @ V\n"
                  "support     0.711    0.096  ||    1.422   -0.193\n"
                  "rude        0.096    0.711  ||    0.193   -1.422\n");
    f = query(t, "{\"section\": \"output\", \"row\": \"rude\", \"shape\": \"vector\"}");
    ASSERT_HIT(f, 0.193, 3, "0.193");
    ck_assert_int_eq(f.n_nums, 2);
    extract_free(t);
    t = parse_str("model          ||g_50||    ||g_1||\n"
                  "RNN gain 0.5   7.577e-02  5.032e-17\n");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"g_1\"}");
    ASSERT_HIT(f, 5.032e-17, 2, "5.032e-17");
    extract_free(t);
}
END_TEST

/* SQL INSERT statements are rows of the table they name (extract_sql.c):
 * the columns named in the statement or by its CREATE TABLE, every row
 * citing its own statement. */
START_TEST(test_sql_inserts_are_rows_of_their_table)
{
    struct extract_transcript *t = parse_str(
        "CREATE TABLE runs (length INTEGER, model TEXT, train_acc REAL, test_acc REAL);\n"
        "INSERT INTO runs (length, model, train_acc, test_acc) VALUES (50, 'RNN', 0.561, 0.494);\n"
        "INSERT INTO runs VALUES (50, 'LSTM b_f=0', 0.839, 0.495), (50, 'GRU', 1.0, 1.0);\n"
        "INSERT INTO scalars VALUES ('per_step_factor_gain_0.5', 0.49);\n");
    struct found f = extract_fixture_query(t, "{\"length\": [\"T\"]}",
                                           "{\"row\": \"length 50 LSTM\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.495, 3, "0.495");
    f = query(t, "{\"row\": \"RNN\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.561, 2, "0.561");
    extract_free(t);
}
END_TEST

/* Nested "name { field: value }" blocks (protocol buffers' text format)
 * are the flat records a reader reads in them, each inheriting the short
 * fields of the blocks around it (extract_textproto.c); a measurement
 * named as a difference ("train_minus_test") is no reading of either side. */
START_TEST(test_nested_field_blocks_are_records_that_inherit_their_keys)
{
    static const char out[] =
        "grad_row {\n"
        "  model: RNN\n"
        "  gain: 0.5\n"
        "  blame {\n"
        "    step: 50\n"
        "    grad_norm: 7.577e-02\n"
        "  }\n"
        "  blame {\n"
        "    step: 1\n"
        "    grad_norm: 5.032e-17\n"
        "  }\n"
        "  shrink_per_step: 0.490\n"
        "}\n"
        "grad_row {\n"
        "  model: RNN\n"
        "  gain: 1.5\n"
        "  blame {\n"
        "    step: 1\n"
        "    grad_norm: 5.268e+00\n"
        "  }\n"
        "  shrink_per_step: 1.090\n"
        "}\n"
        "run {\n"
        "  length: 50\n"
        "  model: \"LSTM\"\n"
        "  train_acc: 0.839\n"
        "  test_acc: 0.495\n"
        "  train_minus_test: 0.344\n"
        "}\n"
        "run {\n"
        "  length: 50\n"
        "  model: \"GRU\"\n"
        "  train_acc: 1.000\n"
        "  test_acc: 1.000\n"
        "  train_minus_test: 0.000\n"
        "}\n";
    struct extract_transcript *t = parse_str(out);
    struct found f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.032e-17, 10, "5.032e-17");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": [\"per step\", \"shrink\"]}");
    ASSERT_HIT(f, 1.090, 21, "1.090");
    f = extract_fixture_query(t, "{\"train acc\": [\"train\"], \"length\": [\"T\"]}",
                              "{\"row\": \"length 50 LSTM\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.839, 28, "0.839");   /* the record cites its block's last field */
    extract_free(t);
}
END_TEST

/* A parenthesised run of bare words before as many numbers labels them by
 * place, as "[very, not]" does: "(support was not rude)" names the four
 * weights of the row it follows, and its "rude" is a column, not the row. */
START_TEST(test_a_parenthesised_word_list_labels_numbers_by_place)
{
    struct extract_transcript *t = parse_str(
        "B, weights of row 'not' (support was not rude) ........ 0.250 0.250 0.250 0.250\n"
        "B, weights of row 'rude' (support was not rude) ....... 0.440 0.060 0.440 0.060\n");
    struct found f = query(t, "{\"row\": \"rude\", \"column\": \"was\"}");
    ASSERT_HIT(f, 0.060, 2, "0.060");
    f = query(t, "{\"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.440, 2, "0.440");
    extract_free(t);
}
END_TEST

/* ---- new cohorts of 2026-12-07 (fourth round) ---------------------------- */

/* An arrow's side names no subject: the words before the value do, and an
 * excluded word there rules it out ("gain 0.5, same clip: ... blame stays
 * 5.032e-17 -> 5.032e-17" is no pre-clip norm of the gain-1.5 run). */
START_TEST(test_an_arrow_value_is_excluded_by_the_words_before_it)
{
    struct extract_transcript *t = parse_str(
        "gain 1.5: before clip 20.5769 -> after 1.0000\n"
        "gain 0.5, same clip: before 0.1564 -> after 0.1564 | step-1 blame stays 5.032e-17 -> "
        "5.032e-17 (clipping only ever scales down)\n");
    struct found f = extract_fixture_query(t, "{\"before\": [\"pre\", \"pre-clip\"]}",
                                           "{\"column\": \"before\", \"exclude\": [\"gain 0.5\"]}");
    ASSERT_HIT(f, 20.5769, 1, "20.5769");
    extract_free(t);
    t = parse_str("gain 0.5, same clip: blame stays 5.032e-17 -> 5.032e-17\n");
    f = extract_fixture_query(t, "{\"before\": [\"pre\", \"pre-clip\"]}",
                              "{\"column\": \"before\", \"exclude\": [\"gain 0.5\"]}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

/* A long ("tidy") CSV row whose metric names a quotient of the key
 * ("step1_over_stepT") holds that ratio; the row whose step cell is 1 holds
 * step 1.  Its glued numbers are no values, so it cuts no table. */
START_TEST(test_a_long_table_row_naming_a_quotient_is_no_key_reading)
{
    struct extract_transcript *t = parse_str(
        "exercise,model,setting,step,metric,value\n"
        "gd,RNN,gain=0.5 T=50,50,grad_norm,7.577e-02\n"
        "gd,RNN,gain=0.5 T=50,1,grad_norm,5.032e-17\n"                 /* 3 */
        "gd,RNN,gain=0.5 T=50,,step1_over_stepT,6.64e-16\n"
        "gd,RNN,gain=0.9 T=50,50,grad_norm,7.603e-02\n"
        "gd,RNN,gain=0.9 T=50,1,grad_norm,1.619e-05\n"
        "gd,RNN,gain=0.9 T=50,,step1_over_stepT,2.13e-04\n");
    struct found f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\", "
                              "\"exclude\": [\"gain 0.9\"]}");
    ASSERT_HIT(f, 5.032e-17, 3, "5.032e-17");
    extract_free(t);
}
END_TEST

/* A long table's header naming its value column makes every other number
 * column a key: the position 4 names the row, it is no weight, and the row
 * label's "rude" (query=rude) is not also the column's (weight_key=rude). */
START_TEST(test_a_named_value_column_makes_the_other_numbers_keys)
{
    struct extract_transcript *t = parse_str(
        "exercise,model,setting,step,metric,value\n"
        "ah,A_raw,query=was,2,weight_key=rude,0.091\n"
        "ah,A_raw,query=was,2,weight_row_sum,1.000\n"
        "ah,A_raw,query=rude,4,weight_key=was,0.096\n"
        "ah,A_raw,query=rude,4,weight_key=rude,0.711\n"                /* 5 */
        "ah,A_raw,query=rude,4,weight_row_sum,1.000\n");
    struct found f = query(t, "{\"row\": \"rude\", \"column\": \"rude\"}");
    ASSERT_HIT(f, 0.711, 5, "0.711");
    f = query(t, "{\"row\": \"was\", \"column\": \"sum\"}");
    ASSERT_HIT(f, 1.0, 3, "1.000");
    extract_free(t);
    /* a "value" with a number column after it is a setting's value (the
     * gain), not the measure: grad_norm is */
    t = parse_str("model,param,value,step,grad_norm\n"
                  "rnn,gain,0.5,50,7.5771e-02\n"
                  "rnn,gain,0.5,1,5.0315e-17\n"                       /* 3 */
                  "rnn,gain,0.9,50,7.6026e-02\n"
                  "rnn,gain,0.9,1,1.6190e-05\n");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.0315e-17, 3, "5.0315e-17");
    extract_free(t);
}
END_TEST

/* configparser's sections ("[bag model 64-unit]", spaces and numbers in the
 * name) head the fields under them like TOML's; and in the fields joined
 * into one record, a phrase's words never straddle a key's value
 * ("acc_all = 0.740 acc_very_rows = 1.000" holds no "all rows"). */
START_TEST(test_an_ini_section_heads_its_fields)
{
    struct extract_transcript *t = parse_str(
        "[bag model logistic]\n"
        "params = 18\n"
        "acc_all = 0.740\n"
        "acc_very_rows = 1.000\n"
        "\n"
        "[bag model 64-unit]\n"
        "params = 1217\n"
        "acc_all = 0.785\n"
        "acc_very_rows = 1.000\n");
    const char *syn = "{\"all\": [\"acc\", \"all rows\"]}";
    struct found f = extract_fixture_query(t, syn, "{\"row\": \"logistic\", \"column\": \"all\"}");
    ck_assert_int_eq(f.n, 1);
    ck_assert_double_eq(f.value, 0.740);
    f = extract_fixture_query(t, syn, "{\"row\": \"64-unit\", \"column\": \"all\"}");
    ck_assert_int_eq(f.n, 1);
    ck_assert_double_eq(f.value, 0.785);
    extract_free(t);
}
END_TEST

/* ", ".join of the values after a label is a list printed without brackets. */
START_TEST(test_a_comma_joined_run_after_a_label_is_a_list)
{
    struct extract_transcript *t = parse_str(
        "[attention weights]\n"
        "order = support, was, not, rude\n"
        "weights rude = 0.096, 0.096, 0.096, 0.711\n"
        "row_sums = 1.000, 0.999, 1.000, 1.001\n");
    struct found f = query(t, "{\"column\": \"sum\", \"shape\": \"vector\"}");
    ck_assert_int_eq(f.n, 1);
    ASSERT_NUMS(f, 1.000, 0.999, 1.000, 1.001);
    extract_free(t);
}
END_TEST

/* Banners nest by their fence, in the order the output first uses them:
 * "--- B. ... ---" under "=== Part 3 ===" is in part 3. */
START_TEST(test_a_banner_under_a_banner_of_another_fence_is_in_its_part)
{
    struct extract_transcript *t = parse_str(
        "=== Part 2: raw ===\n"
        "--- A. self-attention ---\n"
        "rude 0.096 0.096 0.096 0.711\n"
        "=== Part 3: query matrix ===\n"
        "--- B. query key value ---\n"
        "rude 0.440 0.060 0.440 0.060\n");                            /* 6 */
    struct found f = query(t, "{\"row\": \"rude\", \"part\": 3, \"nth\": 1}");
    ASSERT_HIT(f, 0.440, 6, "0.440");
    f = query(t, "{\"row\": \"rude\", \"part\": 2, \"nth\": 4}");
    ASSERT_HIT(f, 0.711, 3, "0.711");
    extract_free(t);
}
END_TEST

/* ---- pivot tables ------------------------------------------------------ */

/* df.pivot(index="model", columns="length", values=metric) per metric,
 * after a smoke test whose numbers are not the results. */
static const char PIVOTS[] =
    "length 5: all labels equal token 0: True\n"                          /* 1 */
    "length 20: all labels equal token 0: True\n"                         /* 2 */
    "\n"
    "smoke test (1 epoch, length 5 only; ignore these numbers)\n"         /* 4 */
    "  RNN         train 0.900 test 0.800 (0.1s)\n"                       /* 5 */
    "  LSTM b_f=0  train 0.700 test 0.600 (0.2s)\n"                       /* 6 */
    "\n"
    "train accuracy\n"                                                    /* 8 */
    "length             5      20      50\n"                              /* 9 */
    "model\n"                                                             /* 10 */
    "RNN            1.000   0.990   0.561\n"                              /* 11 */
    "LSTM b_f=0     1.000   0.980   0.839\n"                              /* 12 */
    "LSTM b_f=3     1.000   0.970     NaN\n"                              /* 13 */
    "\n"
    "test accuracy\n"                                                     /* 15 */
    "length             5      20      50\n"                              /* 16 */
    "model\n"
    "RNN            1.000   0.960   0.494\n"                              /* 18 */
    "LSTM b_f=0     1.000   0.950   0.495\n"                              /* 19 */
    "LSTM b_f=3     1.000   0.940     NaN\n"
    "\n"
    "seconds\n"
    "length             5      20      50\n"
    "model\n"
    "RNN              4.3     4.7    15.2\n"                              /* 25 */
    "LSTM b_f=0       3.2    12.8    31.9\n"                              /* 26 */
    "LSTM b_f=3       6.1     9.6    26.4\n";

START_TEST(test_pandas_pivot_per_metric)
{
    struct extract_transcript *t = parse_str(PIVOTS);
    struct found f;

    f = query(t, "{\"row\": \"length 20 RNN\", \"column\": \"train acc\", \"exclude\": \"LSTM\"}");
    ASSERT_HIT(f, 0.990, 11, "0.990");
    ck_assert_str_eq(f.column, "length 20");
    f = query(t, "{\"row\": \"length 50 LSTM b_f 0\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.495, 19, "0.495");
    f = query(t, "{\"row\": \"length 20 LSTM b_f 3\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.940, 20, "0.940");
    f = query(t, "{\"row\": \"length 50 LSTM b_f 0\", \"column\": \"train s\"}");
    ASSERT_HIT(f, 31.9, 26, "31.9");
    /* the smoke test names no length on its rows: never the length-5 result */
    f = query(t, "{\"row\": \"length 5 RNN\", \"column\": \"train acc\", \"exclude\": \"LSTM\"}");
    ASSERT_HIT(f, 1.0, 11, "1.000");
    f = query(t, "{\"row\": \"length 5 RNN\", \"column\": \"train s\", \"exclude\": \"LSTM\"}");
    ASSERT_HIT(f, 4.3, 25, "4.3");
    /* a length the tables do not hold */
    f = query(t, "{\"row\": \"length 100 RNN\", \"column\": \"train acc\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

/* The same pivot without pandas' index-name line: "length" in the corner. */
START_TEST(test_pivot_corner_header)
{
    struct extract_transcript *t = parse_str(
        "test accuracy by length\n"
        "length      5     20     50\n"
        "RNN     1.000  0.960  0.494\n"
        "GRU     1.000  1.000  0.998\n");
    struct found f;

    f = query(t, "{\"row\": \"length 50 GRU\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.998, 4, "0.998");
    ck_assert_str_eq(f.column, "length 50");
    f = query(t, "{\"row\": \"length 20 RNN\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.960, 3, "0.960");
    extract_free(t);
}
END_TEST

/* A headerless table of counts starts with a row, not a header: its
 * numbers are whole and so are the rows' below. */
START_TEST(test_counts_table_is_not_a_pivot)
{
    struct extract_transcript *t = parse_str(
        "rows per split\n"
        "very     297    303\n"
        "not      303    297\n");
    struct found f;

    f = query(t, "{\"row\": \"very\"}");
    ASSERT_HIT(f, 297, 2, "297");
    f = query(t, "{\"row\": \"not\", \"nth\": 2}");
    ASSERT_HIT(f, 297, 3, "297");
    extract_free(t);
}
END_TEST

/* ---- a column named in the title above "label: value" lines ------------- */

START_TEST(test_column_in_title_inline)
{
    struct extract_transcript *t = parse_str(
        "per-step factor:\n"
        "  gain 0.5: 0.490\n"                                         /* 2 */
        "  gain 1.0: 0.911\n"
        "\n"
        "{\n"
        "  \"per_step\": {\n"
        "    \"gain 0.5\": 0.49,\n"                                   /* 7 */
        "    \"gain 1.5\": 1.09\n"                                    /* 8 */
        "  },\n"
        "  \"step_1\": {\n"
        "    \"gain 0.5\": 5.03e-17,\n"                               /* 11 */
        "    \"gain 1.5\": 5.27\n"
        "  }\n"
        "}\n"
        "\n"
        "step 1 and per step\n"
        "  gain 0.9: 1.6e-05 0.842\n");                               /* 17 */
    struct found f;

    f = query(t, "{\"row\": \"gain 1.0\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 0.911, 3, "0.911");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 1.09, 8, "1.09");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.03e-17, 11, "5.03e-17");
    /* printed twice, the same value: the later print */
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 0.49, 7, "0.49");
    /* two values on the row: a title naming both columns cannot say which */
    f = query(t, "{\"row\": \"gain 0.9\", \"column\": \"per step\"}");
    ASSERT_MISS(f, "found 'gain 0.9' on line 17 but no 'per step' next to it");
    /* the enclosing key is as often the row: {'rude': {'support': 0.44}} */
    extract_free(t);
    t = parse_str(
        "{'weights': {'rude': {'not': 0.44,\n"
        "                      'support': 0.44},\n"                  /* 2 */
        "             'support': {'not': 0.25,\n"
        "                         'rude': 0.25}}}\n");               /* 4 */
    f = query(t, "{\"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.44, 2, "0.44");
    /* nor does a title name a row the line does not */
    f = query(t, "{\"row\": \"gain 2.0\", \"column\": \"per step\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
    /* a sentence naming the row, its one number words away, is not a
     * "label: value" line: the heading above does not name that number */
    t = parse_str(
        "Blame reaching step t when the only loss sits at step 50\n"
        "gain=1.00   7.603e-02  1.459e-02  4.252e-03\n"
        "\n"
        "gain 1.0 at other lengths: how far back blame stays above 1/1000 of the last step\n"
        "gain 1.0 at other lengths: blame stays above 0.001 of the last step\n");
    f = query(t, "{\"row\": \"gain 1.0\", \"column\": \"step 50\"}");
    ck_assert_msg(f.n == 0, "took line %zu: %s", f.line, f.text);
    extract_free(t);
}
END_TEST

/* ---- a label list on the line beats a guessed table header -------------- */

/* "logistic acc [all, very, not]: [0.74 1. 0.485]" names its own columns;
 * the lines above it happen to line up as a table whose header holds the
 * word "not" too.  Counts joined by '/' under labels joined by '/' are a
 * list, not a count out of a total. */
START_TEST(test_label_list_on_line_beats_table)
{
    struct extract_transcript *t = parse_str(
        "   sorted: ['and' 'bad' 'good' 'not' 'packing' 'was']\n"
        "   bags equal: True\n"
        "logistic acc [all, very, not]: [0.74  1.    0.485]\n"     /* 3 */
        "64-unit acc [all, very, not]: [0.785 1.    0.574]\n"      /* 4 */
        "test rows very/not: 297/303\n");                          /* 5 */
    struct found f;

    f = query(t, "{\"row\": \"logistic\", \"column\": \"very\"}");
    ASSERT_HIT(f, 1, 3, "1.");
    f = query(t, "{\"row\": \"logistic\", \"column\": \"not\"}");
    ASSERT_HIT(f, 0.485, 3, "0.485");
    f = query(t, "{\"row\": \"64-unit\", \"column\": \"all\"}");
    ASSERT_HIT(f, 0.785, 4, "0.785");
    f = query(t, "{\"row\": \"test rows\", \"column\": \"not\"}");
    ASSERT_HIT(f, 303, 5, "303");
    f = query(t, "{\"row\": \"test rows\", \"column\": \"very\"}");
    ASSERT_HIT(f, 297, 5, "297");
    ck_assert(!(f.flags & NUMPARSE_RATIO));
    extract_free(t);
}
END_TEST

/* ---- a number inside a text cell --------------------------------------- */

/* "forget-gate bias 3.0" in the model column: the 3.0 is part of the label,
 * the row is no header of a next table, and the rows after it stay rows. */
START_TEST(test_number_inside_label_cell)
{
    struct extract_transcript *t = parse_str(
        "   T  model                        time (ms)  train acc  test acc\n"
        "   5  vanilla RNN                       4300      1.000     1.000\n"
        "   5  LSTM, no forget bias              3200      1.000     1.000\n"
        "   5  LSTM, forget-gate bias 3.0        6100      1.000     0.990\n"   /* 4 */
        "  20  vanilla RNN                       4700      1.000     0.980\n"   /* 5 */
        "  20  LSTM, no forget bias             12800      0.970     0.960\n"   /* 6 */
        "  20  LSTM, forget-gate bias 3.0        9600      1.000     0.950\n");
    struct found f;

    f = query(t, "{\"row\": \"T 20 RNN\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.980, 5, "0.980");
    ck_assert_str_eq(f.column, "test acc");
    f = query(t, "{\"row\": \"T 5 LSTM b_f 3\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.990, 4, "0.990");
    f = query(t, "{\"row\": \"T 20 LSTM\", \"column\": \"train acc\", \"exclude\": \"b_f 3\"}");
    ASSERT_HIT(f, 0.970, 6, "0.970");
    f = query(t, "{\"row\": \"T 20 LSTM b_f 3\", \"column\": \"time\"}");
    ASSERT_HIT(f, 9600, 7, "9600");
    extract_free(t);
}
END_TEST

/* ---- explanations -------------------------------------------------------- */

/* A miss under a section names the heading as the student printed it and
 * the lines its section was taken to cover, not the rubric's phrase. */
START_TEST(test_section_miss_names_the_heading)
{
    struct extract_transcript *t = parse_str(
        "== A. self-attention, Q = K = V = E ==\n"                   /* 1 */
        "          support   was\n"
        "support     0.711  0.096\n"
        "was         0.091  0.669\n"                                  /* 4 */
        "== B. with the query matrix Wq ==\n"                        /* 5 */
        "          support   was\n"
        "support     0.250  0.250\n"
        "rude        0.440  0.060\n");                                /* 8 */
    struct found f;

    f = query(t, "{\"section\": [\"query = key\", \"self-attention\"], \"row\": \"rude\","
                 " \"column\": \"support\"}");
    ASSERT_MISS(f, "under 'A. self-attention, Q = K = V = E' (lines 1-4), no line mentions rude");
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.440, 8, "0.440");
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"polite\"}");
    ASSERT_MISS(f, "under 'B. with the query matrix Wq' (lines 5-8), no line mentions polite");
    extract_free(t);
}
END_TEST

/* ---- sections no banner marks ------------------------------------------ */

/* The rubric's attention sections, as attention_by_hand.json declares them. */
#define QK_SECTION "\"section\": [\"query = key\", \"q = k\", \"self-attention\"]"
#define QM_SECTION "\"section\": [\"query matrix\", \"Wq\", \"separate query\"]"

/* A heading alone before its table across a blank line, with or without a caption. */
START_TEST(test_heading_across_blank_line)
{
    struct extract_transcript *t = parse_str(
        "self-attention\n"                                         /* 1 */
        "\n"
        "weights:\n"                                               /* 3 */
        "          support   rude\n"
        "rude        0.096  0.711\n"                               /* 5 */
        "\n"
        "query matrix\n"                                           /* 7 */
        "\n"
        "          support   rude\n"
        "rude        0.440  0.060\n");                             /* 10 */
    struct found f;

    f = query(t, "{" QK_SECTION ", \"row\": \"rude\", \"column\": \"rude\"}");
    ASSERT_HIT(f, 0.711, 5, "0.711");
    f = query(t, "{" QM_SECTION ", \"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.440, 10, "0.440");
    extract_free(t);
}
END_TEST

/* A vector row printed without brackets under a caption, after a table
 * whose header names the same word and whose row is excluded (its sum). */
START_TEST(test_vector_row_in_headerless_run)
{
    struct extract_transcript *t = parse_str(
        "--- B. with the query matrix Wq ---\n"
        "            support       was       not      rude     sum\n"
        "support      0.2500    0.2500    0.2500    0.2500  1.0000\n"
        "rude         0.4404    0.0596    0.4404    0.0596  1.0000\n"
        "output rows:\n"
        "  support    0.5000  -0.5000   0.5000   0.6250\n"
        "  rude       0.8808  -0.1192   0.8808   0.3394\n"                 /* 7 */
        "max abs gap numpy vs torch: 7.451e-09  (dtype float32)\n");
    struct found f;

    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"shape\": \"vector\","
                 " \"exclude\": [\"attends\", \"sum\"]}");
    ASSERT_HIT(f, 0.8808, 7, "0.8808");
    ck_assert_uint_eq(f.n_nums, 4);
    ck_assert(f.nums[0] == 0.8808 && f.nums[1] == -0.1192 && f.nums[2] == 0.8808 &&
              f.nums[3] == 0.3394);
    extract_free(t);
}
END_TEST

/* Blocks titled only by the exercise's part numbers: a query whose section
 * is part 3 reads under "[Part 3]" (or "--- Step 3 ---"), never under
 * "[Part 2]" nor under a title that only mentions part 3 in passing. */
static const char PARTS[] =
    "[Part 2]\n"
    "  weights  support      was\n"
    "  rude      0.0963   0.7112\n"
    "[Part 3]\n"
    "  weights  support      was\n"
    "  rude      0.4404   0.0596\n"
    "Part 3 is next: shuffle\n"
    "  weights  support      was\n"
    "  rude      0.0596   0.4404\n";

START_TEST(test_part_number_names_section)
{
    struct extract_transcript *t = parse_str(PARTS);
    struct found f;

    f = query(t, "{\"section\": \"query matrix\", \"part\": 3, \"row\": \"rude\","
                 " \"column\": \"support\"}");
    ck_assert_msg(f.n == 1, "no hit: %s", f.explain);
    ck_assert(f.value == 0.4404);
    ck_assert_uint_eq(f.line, 6);
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"column\": \"support\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
    t = parse_str("--- Step 2 ---\nrude: 0.7112\n--- Step 3 ---\nrude: 0.0596\n");
    f = query(t, "{\"section\": \"query matrix\", \"part\": 3, \"row\": \"rude\"}");
    ck_assert_msg(f.n == 1, "no hit: %s", f.explain);
    ck_assert(f.value == 0.0596);
    extract_free(t);
}
END_TEST

/* One word over rows of several values ("outputs" over the output matrix)
 * names the matrix: it is no one-column header whose cell is the last value. */
START_TEST(test_name_over_matrix_is_no_column)
{
    struct extract_transcript *t = parse_str(
        "outputs\n"
        "  was    0.5000  -0.5000   0.5000   0.6250\n"
        "  rude   0.8808  -0.1192   0.8808   0.3394\n");
    struct found f = query(t, "{\"row\": \"rude\", \"column\": \"outputs\"}");

    ck_assert_int_eq(f.n, 0);
    f = query(t, "{\"row\": \"rude\", \"shape\": \"vector\"}");
    ck_assert_msg(f.n == 1, "no hit: %s", f.explain);
    ck_assert_uint_eq(f.line, 3);
    ck_assert_uint_eq(f.n_nums, 4);
    ck_assert(f.nums[0] == 0.8808 && f.nums[1] == -0.1192 && f.nums[3] == 0.3394);
    extract_free(t);
}
END_TEST

/* ---- a single-spaced header over aligned columns --------------------------- */

/* print('T model s tr te') over f"{T:4d} {label:<10s} {dt:7.1f} {tr:.3f} {te:.3f}":
 * the names were never lined up, one word per column, so they name the
 * columns in order; "b3", filled in some rows, continues the model label. */
START_TEST(test_single_spaced_header_names_columns_in_order)
{
    struct extract_transcript *t = parse_str(
        "T model s tr te\n"
        "   5 RNN            6.0 0.950 0.940\n"
        "   5 LSTM b3        7.2 0.990 0.980\n"
        "  20 RNN           13.7 0.930 0.920\n");
    struct found f;

    f = query(t, "{\"row\": \"length 5 RNN\", \"column\": \"tr\"}");
    ASSERT_HIT(f, 0.950, 2, "0.950");
    f = query(t, "{\"row\": \"length 20 RNN\", \"column\": \"te\"}");
    ASSERT_HIT(f, 0.920, 4, "0.920");
    f = query(t, "{\"row\": \"length 5 LSTM b3\", \"column\": \"s\"}");
    ASSERT_HIT(f, 7.2, 3, "7.2");
    extract_free(t);
    /* a header with fields of its own (two spaces apart) is placed by position */
    t = parse_str(
        "T  model       s   tr te\n"
        "   5 RNN     6.0  0.950 0.940\n"
        "  20 RNN    13.7  0.930 0.920\n");
    f = query(t, "{\"row\": \"length 5 RNN\", \"column\": \"s\"}");
    ck_assert_msg(f.n == 0 || f.value != 6.0, "read by order: %s", f.explain);
    extract_free(t);
}
END_TEST

/* ---- what a note after a value and a boxed cell say ------------------------- */

/* A note in brackets right after a value describes it: an excluded word
 * there rules the value out as a label before it would. */
START_TEST(test_note_after_value_is_its_label)
{
    struct extract_transcript *t = parse_str(
        "rude row, NumPy  [0.096 0.711]   max gap 0.0003 (rounding to 3 dp)\n");
    struct found f = query(t, "{\"column\": \"gap\", \"exclude\": [\"rounding\"]}");

    ck_assert_msg(f.n == 0 || f.value != 0.0003, "the rounding gap was taken: %s", f.explain);
    extract_free(t);
    t = parse_str("rude row, NumPy  [0.096 0.711]   max gap 0.0003 (3 dp)\n");
    f = query(t, "{\"column\": \"gap\", \"exclude\": [\"rounding\"]}");
    ASSERT_HIT(f, 0.0003, 1, "0.0003");
    extract_free(t);
}
END_TEST

/* A label line ending in ':' over deeper-indented lines that hold only
 * values: the values are the label's, on its line (extract_nest_join), and
 * keep their own line numbers. */
START_TEST(test_values_under_their_label_are_the_labels)
{
    struct extract_transcript *t = parse_str(
        "Test rows carrying 'very':\n"
        "    297\n"
        "\n"
        "Test rows carrying 'not':\n"
        "    303\n"
        "\n"
        "Length 5, shape of training and test inputs:\n"
        "    (4000, 5)\n"
        "    (1000, 5)\n"
        "\n"
        "Length 50, LSTM forget bias 0, test accuracy:\n"
        "    0.495\n");
    struct found f = query(t, "{\"row\": \"test\", \"column\": \"not\"}");

    ASSERT_HIT(f, 303, 5, "303");
    f = query(t, "{\"row\": \"length 50 LSTM b_f 0\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.495, 12, "0.495");
    extract_free(t);

}
END_TEST

/* MATLAB's display of a variable ("name =", a blank line, the value
 * indented): the value is the name's, as under a label ending in ':'; a
 * row vector too, but not a matrix, whose rows stay rows. */
START_TEST(test_assignment_display_values_are_the_names)
{
    struct extract_transcript *t = parse_str(
        "accuracy =\n"
        "\n"
        "    0.9840\n"
        "\n"
        "steps =\n"
        "\n"
        "   50   40   30\n"
        "\n"
        "W =\n"
        "\n"
        "    0.1000    0.2000\n"
        "    0.3000    0.4000\n"
        "\n"
        "x == 1\n"
        "\n"
        "    7\n");
    struct found f = query(t, "{\"row\": \"accuracy\"}");

    ASSERT_HIT(f, 0.984, 3, "0.9840");
    f = query(t, "{\"row\": \"steps\", \"shape\": \"vector\"}");
    ASSERT_HIT(f, 50, 7, "50");
    ASSERT_NUMS(f, 50, 40, 30);
    f = query(t, "{\"row\": \"W\", \"shape\": \"vector\"}");
    ck_assert_msg(f.n == 0 || f.n_nums == 2, "a matrix joined onto its name: %zu numbers",
                  f.n_nums);
    f = query(t, "{\"row\": \"x\"}");
    ck_assert_msg(f.n == 0 || f.value != 7, "a comparison read as a name's display");
    extract_free(t);

    /* a line of words over one value set off 4 deeper (R's "[1] 20.5769" under its
     * caption) is that line's; a line that prints a number captions nothing */
    t = parse_str(
        "norm before clipping\n"
        "[1] 20.5769\n"
        "after clip_grad_norm_(max_norm = 1.0)\n"
        "[1] 1.0000\n");
    f = query(t, "{\"row\": \"before\"}");
    ASSERT_HIT(f, 20.5769, 2, "20.5769");
    f = query(t, "{\"row\": \"norm\"}");
    ck_assert_msg(f.n == 1 && f.value == 20.5769, "norm read as %g (line %zu)", f.value, f.line);
    extract_free(t);
}
END_TEST

/* Nested Markdown bullets: a parent item names what its children measure,
 * its number with it ("- length 20" over "  - RNN: ..."), as a YAML key
 * heads its entries. */
START_TEST(test_a_parent_bullet_heads_its_children)
{
    struct extract_transcript *t = parse_str(
        "- parts 2 + 3: 40 epochs\n"
        "  - length 5\n"
        "    - RNN: train 1.000, test 0.998, 3.3 s\n"
        "  - length 20\n"
        "    - RNN: train 0.990, test 0.970, 5.5 s\n");
    struct found f = query(t, "{\"row\": \"length 20 RNN\", \"column\": \"test acc\"}");

    ASSERT_HIT(f, 0.97, 5, "0.970");
    f = query(t, "{\"row\": \"length 5 RNN\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.998, 3, "0.998");
    extract_free(t);
}
END_TEST

/* A list of labels names one axis place by place: the row named outside
 * it ("the 'not' row"), the column by its place; a row word inside the same
 * list is another column, never the row. */
START_TEST(test_a_label_list_is_one_axis)
{
    struct extract_transcript *t = parse_str(
        "B: weights of the 'not' row over (support, was, not, rude): 0.250 0.250 0.250 0.250\n"
        "B: weights of the 'rude' row over (support, was, not, rude): 0.440 0.060 0.440 0.060\n");
    struct found f = query(t, "{\"row\": \"rude\", \"column\": \"support\"}");

    ASSERT_HIT(f, 0.44, 2, "0.440");
    extract_free(t);
}
END_TEST

START_TEST(test_keys_listed_in_a_label_map_by_place)
{
    /* the label lists the steps it prints, the values follow one per line
     * (joined under their label): step 1 is the sixth; the quotient's line
     * names two steps and is neither's value */
    struct extract_transcript *t = extract_fixture_parse(
        "RNN gain 1.5: gradient norm at steps 50, 40, 30, 20, 10, 1:\n"
        "    7.708e-02\n"
        "    2.231e-01\n"
        "    4.911e-01\n"
        "    1.091e+00\n"
        "    2.434e+00\n"
        "    5.268e+00\n"
        "\n"
        "RNN gain 1.5: step 1 divided by step 50:\n"
        "    6.83e+01\n");
    struct found f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 1\"}");
    struct found g = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 50\"}");
    struct found h = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 40\"}");

    ASSERT_HIT(f, 5.268, 7, "5.268e+00");
    ASSERT_HIT(g, 7.708e-02, 2, "7.708e-02");
    ASSERT_HIT(h, 2.231e-01, 3, "2.231e-01");
    extract_free(t);
}
END_TEST

START_TEST(test_an_exclude_is_read_through_the_groups_it_heads)
{
    /* "acc" is excluded (a count is no accuracy) and is one way to say
     * "all" in a header; "(total 600)" is no accuracy: the rows are
     * counted on that line.  Excluding "mean" excludes "average" too. */
    struct extract_transcript *t = extract_fixture_parse(
        "[data] vocab=17 words  review_len=8 tokens  train=(1600, 8)  test=(600, 8)\n"
        "[data] test rows split: very=297  not=303  (total 600)\n"
        "[twin 1] A label=1 : app was helpful and packing was not slow\n");
    const char *q = "{\"column\": \"not\", \"row\": [\"test\", \"split\", \"rows\", "
                    "\"number\", \"count\", \"sum\"], \"exclude\": [\"score\", \"fresh\", "
                    "\"model\", \"label\", \"was\", \"step\", \"acc\", \"accuracy\", "
                    "\"mean\", \"min\", \"max\"]}";
    struct found f = extract_fixture_query(t, "{\"all\": [\"overall\", \"total\", \"acc\"], "
                                           "\"mean\": [\"average\"]}", q);

    ASSERT_HIT(f, 303, 2, "303");
    extract_free(t);
    t = extract_fixture_parse("count of 'not' rows in the test split: 303\n"
                              "'not' rows average: 0.504\n");
    f = extract_fixture_query(t, "{\"mean\": [\"average\"]}",
                              "{\"column\": \"not\", \"row\": \"rows\", \"exclude\": \"mean\"}");
    ASSERT_HIT(f, 303, 1, "303");
    extract_free(t);
}
END_TEST

START_TEST(test_a_config_section_is_one_record)
{
    /* a TOML section's fields name each other ("gain = 0.5" is the row of
     * "step_1" below it); each section is its own record, and the
     * quotient's field is neither step's value */
    struct extract_transcript *t = extract_fixture_parse(
        "[gradient_decay.table.rnn_gain_0_5]\n"
        "model = \"RNN\"\n"
        "gain = 0.5\n"
        "step_50 = 7.577e-02\n"
        "step_1 = 5.032e-17\n"
        "step1_over_step50 = 6.64e-16\n"
        "\n"
        "[gradient_decay.table.rnn_gain_0_9]\n"
        "model = \"RNN\"\n"
        "gain = 0.9\n"
        "step_50 = 7.603e-02\n"
        "step_1 = 1.619e-05\n"
        "step1_over_step50 = 2.13e-04\n");
    struct found f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    struct found g = query(t, "{\"row\": \"gain 0.9\", \"column\": \"step 50\"}");

    ASSERT_HIT(f, 5.032e-17, 5, "5.032e-17");
    ASSERT_HIT(g, 7.603e-02, 11, "7.603e-02");
    extract_free(t);
    /* a one-element list is a number, not a section */
    ck_assert(extract_section_header("[memory_lab.len_5]", 18));
    ck_assert(!extract_section_header("[5.032e-17]", 11));
}
END_TEST


START_TEST(test_a_value_padded_after_its_equals_sign_is_its_own)
{
    /* f"{secs=:6.1f} {train_acc=:.3f}" pads the seconds after '=': the
     * padded number is the seconds', and train_acc's value follows its name */
    struct extract_transcript *t = extract_fixture_parse(
        "T=5    label=RNN            secs=   2.0 train_acc=0.998 test_acc=1.000\n"
        "T=5    label=GRU            secs=   6.3 train_acc=1.000 test_acc=1.000\n"
        "T=20   label=RNN            secs=   8.8 train_acc=1.000 test_acc=1.000\n");
    struct found f = extract_fixture_query(t, "{\"length\": [\"T\"], \"train acc\": "
                                           "[\"train_acc\"], \"train s\": [\"secs\"]}",
                                           "{\"row\": \"length 5 RNN\", \"column\": \"train acc\"}");

    ASSERT_HIT(f, 0.998, 1, "0.998");
    extract_free(t);
}
END_TEST


START_TEST(test_a_call_before_its_equals_sign_is_a_label)
{
    /* f"{w.sum(1)=}": the 1 is sum's axis, part of the label; the row
     * sums are the list after '=' */
    struct extract_transcript *t = extract_fixture_parse(
        "w=array([[0.711, 0.096, 0.096, 0.096],\n"
        "       [0.091, 0.669, 0.149, 0.091]])\n"
        "w.sum(1)=array([1., 1., 1., 1.])\n");
    struct found f = query(t, "{\"column\": [\"sum\", \"row sum\"]}");
    struct found g = query(t, "{\"column\": [\"sum\", \"row sum\"], \"shape\": \"vector\"}");

    ASSERT_HIT(f, 1.0, 3, "1.");
    ck_assert_uint_eq(g.n_nums, 4);
    extract_free(t);
}
END_TEST


START_TEST(test_a_title_under_a_heading_is_inside_its_section)
{
    /* reStructuredText: "Part two" underlined with '=' holds the titles
     * underlined with '-' below it, as "##" holds "###" in Markdown; the
     * weights table is in the query = key section though its own title
     * does not say so */
    const char *rst =
        "Part two: query = key = value\n"
        "=============================\n"
        "\n"
        "Scores, query row against key column\n"
        "------------------------------------\n"
        "\n"
        "=====  =====  =====\n"
        "query    was   rude\n"
        "=====  =====  =====\n"
        "was    2.000  0.000\n"
        "rude   0.000  2.000\n"
        "=====  =====  =====\n"
        "\n"
        "Attention weights after softmax\n"
        "-------------------------------\n"
        "\n"
        "=====  =====  =====\n"
        "query    was   rude\n"
        "=====  =====  =====\n"
        "was    0.881  0.119\n"
        "rude   0.119  0.881\n"
        "=====  =====  =====\n";
    const char *md =
        "## Part 2 - query = key\n"
        "### scores\n"
        "| query | was | rude |\n"
        "|---|---|---|\n"
        "| rude | 0.000 | 2.000 |\n"
        "### weights after softmax\n"
        "| query | was | rude |\n"
        "|---|---|---|\n"
        "| rude | 0.119 | 0.881 |\n"
        "## Part 3 - a query matrix\n"
        "### weights\n"
        "| query | was | rude |\n"
        "|---|---|---|\n"
        "| rude | 0.250 | 0.750 |\n";
    const char *q = "{\"section\": [\"query = key\"], \"row\": \"rude\", \"column\": \"rude\", "
                    "\"exclude\": [\"score\", \"scores\"]}";
    struct extract_transcript *t = extract_fixture_parse(rst);
    struct found f = query(t, q);

    ASSERT_HIT(f, 0.881, 21, "0.881");
    extract_free(t);
    t = extract_fixture_parse(md);
    f = query(t, q);
    ASSERT_HIT(f, 0.881, 9, "0.881");
    extract_free(t);
}
END_TEST

START_TEST(test_the_number_of_a_part_is_no_reading)
{
    /* "Parte 4" and "part 3 inputs" name which part: a human reads the gap
     * on the lines below and after them, never the part's number */
    struct extract_transcript *t = extract_fixture_parse(
        "Parte 4 -- conferindo com o PyTorch\n"
        "maior diferença contra o attention do PyTorch: 2.22e-16\n");
    struct extract_transcript *u = extract_fixture_parse(
        "- part 4: check against torch\n"
        "  - largest gap, part 3 inputs: 6.66e-16\n");
    struct found f = query(t, "{\"column\": [\"gap\", \"pytorch\"]}");
    struct found g = query(u, "{\"column\": [\"gap\", \"torch\"]}");

    ASSERT_HIT(f, 2.22e-16, 2, "2.22e-16");
    ASSERT_HIT(g, 6.66e-16, 2, "6.66e-16");
    extract_free(t);
    extract_free(u);
}
END_TEST

START_TEST(test_counts_and_ranges_in_a_sentence_are_no_reading)
{
    /* "on 20 fresh test sets" counts sets and "12..31" spans seeds: the
     * caption of a list prints no score of its own */
    struct extract_transcript *t = extract_fixture_parse(
        " 64-unit net on counts\n"
        "  item                               |    mine |  module\n"
        "  accuracy, 'very' rows              |   1.000 |   1.000\n"
        "  accuracy, 'not' rows               |   0.574 |   0.574\n"
        "\n"
        " the 64-unit model's 'not' score on 20 fresh test sets (seeds 12..31)\n");
    struct found f = query(t, "{\"row\": \"64-unit\", \"column\": \"not\"}");

    ASSERT_HIT(f, 0.574, 4, "0.574");
    extract_free(t);
}
END_TEST

START_TEST(test_a_caption_does_not_hide_the_heading_that_names_the_section)
{
    /* the caption names "query" and "key" apart; the heading above names
     * the section, its words side by side */
    struct extract_transcript *t = extract_fixture_parse(
        "== Part 2 - query = key = value = the meanings ==\n"
        "weights (query row -> key column)\n"
        "           support      was      not     rude\n"
        "support      0.711    0.096    0.096    0.096\n"
        "rude         0.096    0.096    0.096    0.711\n");
    struct found f = query(t, "{\"section\": [\"query = key\"], \"row\": \"rude\", "
                              "\"column\": \"rude\"}");

    ASSERT_HIT(f, 0.711, 5, "0.711");
    extract_free(t);
}
END_TEST

START_TEST(test_a_gap_and_a_total_are_their_own_readings)
{
    /* "gap train-test" names a gap of two operands, and "total 1339s" past
     * a bar is the total's, whatever its unit says */
    struct extract_transcript *t = extract_fixture_parse(
        "T=50 | RNN: 49.7s train=0.561 test=0.494 | LSTM: 230.6s train=0.839 test=0.495\n"
        "T=50 lstm b_f=0 gap train-test=+0.344 (>0.3 => memorised)\n"
        "SUMMARY T=50: rnn test=0.494 | total 1339s\n");
    struct found f;

    f = query(t, "{\"row\": \"length 50 LSTM\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.495, 1, "0.495");
    f = query(t, "{\"row\": \"length 50 RNN\", \"column\": \"train s\", \"exclude\": \"LSTM\"}");
    ASSERT_HIT(f, 49.7, 1, "49.7");
    extract_free(t);
}
END_TEST

START_TEST(test_a_nested_dict_on_one_line_reads_as_pprint_would_lay_it_out)
{
    /* print(results): each dict entry its own stored line, under the keys
     * enclosing it; "steps" above and the key 1 name "step 1"; the quotient
     * "step1/step50" is neither step's value */
    struct extract_transcript *t = extract_fixture_parse(
        "{'RNN gain 0.5': {'steps': {50: '7.577e-02', 40: '3.256e-05', 1: '5.032e-17'}, "
        "'step1/step50': '6.64e-16', 'per step': 0.49}, 'RNN gain 1.5': {'steps': {50: "
        "'7.708e-02', 40: '7.066e-02', 1: '5.268e+00'}, 'step1/step50': '6.83e+01', "
        "'per step': 1.09}}\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.268, 1, "5.268e+00");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.032e-17, 1, "5.032e-17");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 1.09, 1, "1.09");
    extract_free(t);
    t = extract_fixture_parse("RNN gain 0.5  step1/step50: 6.64e-16\n");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

START_TEST(test_words_between_a_label_and_its_value_can_exclude_it)
{
    struct extract_transcript *t = extract_fixture_parse(
        "max gap vs F._scaled_dot_product_attention (torch 1.13): 3.81e-01\n"
        "max gap out[shuffled] vs out[B] permuted: 0.00e+00\n");
    struct found f = query(t, "{\"column\": \"gap\", \"exclude\": [\"shuffled\", \"permuted\"]}");

    ASSERT_HIT(f, 0.381, 1, "3.81e-01");
    extract_free(t);
}
END_TEST

START_TEST(test_words_after_a_bare_label_qualify_it)
{
    /* "gap" prints no number of its own: "output" says which gap, it
     * does not start another reading */
    struct extract_transcript *t = extract_fixture_parse(
        "torch 1.13.1: largest gap, output  2.22e-16\n");
    struct found f = query(t, "{\"column\": \"gap\"}");

    ASSERT_HIT(f, 2.22e-16, 1, "2.22e-16");
    extract_free(t);
}
END_TEST

/* A number in a note inside the label, before the ':' the value follows,
 * says how the value was printed: "largest difference (3 decimals): 0.000"
 * reads 0.000. */
START_TEST(test_a_number_in_a_label_note)
{
    struct extract_transcript *t = extract_fixture_parse(
        "largest difference (after rounding to 3 decimals): 0.000\n"
        "gap (torch 1.13): 2.2e-16\n");
    struct found f = query(t, "{\"column\": \"difference\"}");

    ASSERT_HIT(f, 0.0, 1, "0.000");
    f = query(t, "{\"column\": \"gap\"}");
    ASSERT_HIT(f, 2.2e-16, 2, "2.2e-16");
    extract_free(t);
}
END_TEST

/* A library's version is written plainly ("numpy 1.24.2"); a number in
 * scientific notation after a library's name is a measurement named after
 * what it was compared with, and its line no header of the lines below. */
START_TEST(test_a_measurement_named_after_a_library)
{
    struct extract_transcript *t = extract_fixture_parse(
        "attention/torch/max_abs_gap_vs_numpy 2.220e-16\n"
        "attention/hops/not_to_rude/rnn 1\n"
        "attention/hops/token1_to_token50/rnn 49\n");
    struct found f = query(t, "{\"column\": \"gap\"}");

    ASSERT_HIT(f, 2.22e-16, 1, "2.220e-16");
    extract_free(t);
}
END_TEST

/* A number after a comparison sign is a bound the student tests against,
 * not a reading. */
START_TEST(test_bound_is_no_reading)
{
    static const char *const bounds[] = { "< 0.6", "> 0.6", "<= 0.6", ">=0.6",
                                          "\u2264 0.6", "\u2265 0.6" };
    char text[128];
    struct extract_transcript *t;
    struct found f;

    for (size_t i = 0; i < sizeof bounds / sizeof *bounds; i++) {
        snprintf(text, sizeof text, "[FAIL] plain RNN test accuracy (%s)\n", bounds[i]);
        t = parse_str(text);
        f = query(t, "{\"row\": \"RNN\", \"column\": \"test accuracy\"}");
        ck_assert_msg(f.n == 0 || f.value != 0.6, "%s read as a value", bounds[i]);
        extract_free(t);
    }
    t = parse_str("plain RNN test accuracy 0.5 -> 0.6\n");
    f = query(t, "{\"row\": \"RNN\", \"column\": \"test accuracy\"}");
    ck_assert_msg(f.n == 1, "an arrow's new value: %s", f.explain);
    extract_free(t);
    t = parse_str("[FAIL] plain RNN test accuracy (= 0.6)\n");
    f = query(t, "{\"row\": \"RNN\", \"column\": \"test accuracy\"}");
    ASSERT_HIT(f, 0.6, 1, "0.6");
    extract_free(t);
}
END_TEST

/* In a box-drawn table the strokes divide the cells: "max |gap|" is one
 * header cell, its ASCII pipes are the student's |x| notation. */
START_TEST(test_ascii_pipes_inside_a_boxed_cell)
{
    struct extract_transcript *t = parse_str(
        "\u250c\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u252c\u2500\u2500\u2500\u2510\n"
        "\u2502 run \u2502 max |gap| \u2502 check \u2502\n"
        "\u2502 A   \u2502  6.66e-16 \u2502 < 1e-12 \u2502\n"
        "\u2514\u2500\u2500\u2500\u2534\u2500\u2500\u2500\u2534\u2500\u2500\u2500\u2518\n");
    struct found f = query(t, "{\"row\": \"A\", \"column\": \"gap\"}");

    ASSERT_HIT(f, 6.66e-16, 3, "6.66e-16");
    extract_free(t);
}
END_TEST

/* A synonym written "rnn#" counts only with its number glued on: "rnn0.5"
 * is the RNN at gain 0.5, but a "rnn" key over "gain 1.0" is no gain. */
START_TEST(test_glued_synonym)
{
    static const char syn[] = "{\"gain\": [\"g\", \"rnn#\"], \"per step\": [\"factor\"]}";
    struct extract_transcript *t = parse_str(
        "rnn0.5 factor 0.490\n"
        "rnn0.9 factor 0.842\n");
    struct found f = extract_fixture_query(t, syn, "{\"row\": \"gain 0.9\", \"column\": \"per step\"}");

    ASSERT_HIT(f, 0.842, 2, "0.842");
    extract_free(t);
    t = parse_str(
        "{\n"
        "  \"rnn\": {\n"
        "    \"gain 1.0\": {\n"
        "      \"step 50\": 0.07603,\n"
        "      \"step 1\": 0.0007716\n"
        "    }\n"
        "  }\n"
        "}\n");
    f = extract_fixture_query(t, syn, "{\"row\": \"gain 1.0\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 0.0007716, 5, "0.0007716");
    extract_free(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("extract_layout");
    TCase *tc = tcase_create("pivot");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_pandas_pivot_per_metric);
    tcase_add_test(tc, test_pivot_corner_header);
    tcase_add_test(tc, test_counts_table_is_not_a_pivot);
    suite_add_tcase(s, tc);
    tc = tcase_create("titles");
    tcase_add_test(tc, test_column_in_title_inline);
    tcase_add_test(tc, test_number_inside_label_cell);
    tcase_add_test(tc, test_section_miss_names_the_heading);
    tcase_add_test(tc, test_heading_across_blank_line);
    tcase_add_test(tc, test_label_list_on_line_beats_table);
    tcase_add_test(tc, test_vector_row_in_headerless_run);
    tcase_add_test(tc, test_part_number_names_section);
    tcase_add_test(tc, test_name_over_matrix_is_no_column);
    tcase_add_test(tc, test_single_spaced_header_names_columns_in_order);
    tcase_add_test(tc, test_note_after_value_is_its_label);
    tcase_add_test(tc, test_ascii_pipes_inside_a_boxed_cell);
    tcase_add_test(tc, test_glued_synonym);
    tcase_add_test(tc, test_bound_is_no_reading);
    tcase_add_test(tc, test_words_after_a_bare_label_qualify_it);
    tcase_add_test(tc, test_a_measurement_named_after_a_library);
    tcase_add_test(tc, test_a_number_in_a_label_note);
    tcase_add_test(tc, test_words_between_a_label_and_its_value_can_exclude_it);
    tcase_add_test(tc, test_a_nested_dict_on_one_line_reads_as_pprint_would_lay_it_out);
    tcase_add_test(tc, test_a_gap_and_a_total_are_their_own_readings);
    tcase_add_test(tc, test_a_caption_does_not_hide_the_heading_that_names_the_section);
    tcase_add_test(tc, test_values_under_their_label_are_the_labels);
    tcase_add_test(tc, test_assignment_display_values_are_the_names);
    tcase_add_test(tc, test_a_parent_bullet_heads_its_children);
    tcase_add_test(tc, test_a_label_list_is_one_axis);
    tcase_add_test(tc, test_keys_listed_in_a_label_map_by_place);
    tcase_add_test(tc, test_an_exclude_is_read_through_the_groups_it_heads);
    tcase_add_test(tc, test_a_config_section_is_one_record);
    tcase_add_test(tc, test_a_value_padded_after_its_equals_sign_is_its_own);
    tcase_add_test(tc, test_a_call_before_its_equals_sign_is_a_label);
    tcase_add_test(tc, test_a_title_under_a_heading_is_inside_its_section);
    tcase_add_test(tc, test_the_number_of_a_part_is_no_reading);
    tcase_add_test(tc, test_counts_and_ranges_in_a_sentence_are_no_reading);
    tcase_add_test(tc, test_a_tree_drawing_nests_its_leaves_under_their_branches);
    tcase_add_test(tc, test_a_row_printing_what_the_quantity_cannot_be_holds_another);
    tcase_add_test(tc, test_side_by_side_panes_are_read_each_as_a_table);
    tcase_add_test(tc, test_sql_inserts_are_rows_of_their_table);
    tcase_add_test(tc, test_nested_field_blocks_are_records_that_inherit_their_keys);
    tcase_add_test(tc, test_a_parenthesised_word_list_labels_numbers_by_place);
    tcase_add_test(tc, test_a_camel_case_name_is_the_words_it_joins);
    tcase_add_test(tc, test_an_arrow_value_is_excluded_by_the_words_before_it);
    tcase_add_test(tc, test_a_long_table_row_naming_a_quotient_is_no_key_reading);
    tcase_add_test(tc, test_a_named_value_column_makes_the_other_numbers_keys);
    tcase_add_test(tc, test_an_ini_section_heads_its_fields);
    tcase_add_test(tc, test_a_comma_joined_run_after_a_label_is_a_list);
    tcase_add_test(tc, test_a_banner_under_a_banner_of_another_fence_is_in_its_part);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
