/* test_extract_match.c — Check suite for row/column/section matching
 * (grader/extract/extract_{phrase,phrase_match,candidates,inline_labels,inline,cells,hits}.c).
 *
 * Each test is a small transcript in a style students print, with the
 * queries a rubric asks of it and the exact value, line or explanation
 * expected.  Every test here was a grader gap first (/work/notes/gaps/):
 * the transcript is the gap's minimal repro.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "extract/extract.h"
#include "extract_fixture.h"

static const char *synonyms_json =
    "{\"gain\": [\"g\"], \"accuracy\": [\"acc\"], \"b_f\": [\"forget bias\"],"
    " \"test acc\": [\"acc(test)\", \"test accuracy\", \"test\"],"
    " \"train acc\": [\"train accuracy\", \"train\"], \"length\": [\"T\"],"
    " \"per step\": [\"factor\"]}";

/* rubrics/memory_lab.json's synonyms (test_difference_is_no_reading) */
static const char *memory_lab_synonyms =
    "{\"length\": [\"T\", \"len\", \"seq len\", \"steps\", \"sequence length\"], \"b_f\": [\"forget bias\", \"fb\", \"bf\", \"bias\", \"forget_bias\", \"b\"], \"train acc\": [\"train accuracy\", \"training accuracy\", \"acc train\", \"train_acc\", \"training acc\", \"train\", \"acc tr\", \"tr acc\", \"acc trn\", \"trn acc\", \"tr\"], \"test acc\": [\"test accuracy\", \"acc test\", \"test_acc\", \"test\", \"acc te\", \"te acc\", \"acc tst\", \"tst acc\", \"te\"], \"train s\": [\"seconds\", \"time\", \"secs\", \"wall\", \"sec\", \"s\"], \"RNN\": [\"plain RNN\", \"vanilla RNN\", \"Elman\"]}";

/* Runs one query, given as the JSON a rubric would hold, on a parsed transcript. */
static struct found query(const struct extract_transcript *t, const char *locate_json)
{
    return extract_fixture_query(t, synonyms_json, locate_json);
}

static struct extract_transcript *parse_str(const char *s)
{
    return extract_fixture_parse(s);
}

/* ---- one printed word is never both the row and the column ------------- */

START_TEST(test_row_word_printed_again_as_column)
{
    struct extract_transcript *t = parse_str(
        "INFO:root:self-attention query=rude support=0.0963 was=0.0963 not=0.0963 rude=0.7112 sum=1.0000\n"
        "INFO:root:query-matrix query=rude support=0.4404 was=0.0596 not=0.4404 rude=0.0596 sum=1.0000\n"
        "INFO:root:query-matrix output rude=[0.8808, -0.1192, 0.8808, 0.3394]\n"
        "rude -> rude: 0.711\n");
    struct found f;

    f = query(t, "{\"section\": \"self attention\", \"row\": \"rude\", \"column\": \"rude\"}");
    ASSERT_HIT(f, 0.7112, 1, "0.7112");
    f = query(t, "{\"section\": \"self attention\", \"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.0963, 1, "0.0963");
    /* the output line names rude once: it is that line's row, never its column */
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"column\": \"rude\"}");
    ASSERT_HIT(f, 0.0596, 2, "0.0596");
    ck_assert_str_eq(f.explain, "");
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"column\": \"not\"}");
    ASSERT_HIT(f, 0.4404, 2, "0.4404");
    extract_free(t);

    t = parse_str("rude -> support: 0.096\nrude -> rude: 0.711\n");
    f = query(t, "{\"row\": \"rude\", \"column\": \"rude\"}");
    ASSERT_HIT(f, 0.711, 2, "0.711");
    f = query(t, "{\"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.096, 1, "0.096");
    extract_free(t);
}
END_TEST

START_TEST(test_row_word_alone_is_no_column)
{
    struct extract_transcript *t = parse_str(
        "weights[rude] = [0.4404, 0.0596, 0.4404, 0.0596]  row sum = 1.0000\n");
    struct found f;

    /* the list's positions are not named on the line: no column 'rude' here */
    f = query(t, "{\"row\": \"rude\", \"column\": \"rude\"}");
    ASSERT_MISS(f, "found 'rude' on line 1 but no 'rude' next to it");
    f = query(t, "{\"row\": \"rude\", \"nth\": 4}");
    ASSERT_HIT(f, 0.0596, 1, "0.0596");
    extract_free(t);
}
END_TEST

/* The closest-span search still picks the tightest pair of row words when
 * the column shares nothing with them. */
START_TEST(test_closest_span_kept)
{
    struct extract_transcript *t = parse_str(
        "acc: T=20 LSTM 0.9 | T=50 RNN 0.5 | T=50 LSTM 0.506\n"
        "test acc: T=20 LSTM 0.8 | T=50 RNN 0.49 | T=50 LSTM 0.501\n");
    struct found f;

    f = query(t, "{\"row\": \"T=50 LSTM\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.501, 2, "0.501");
    f = query(t, "{\"row\": \"LSTM T=50\", \"column\": \"test\"}");
    ASSERT_HIT(f, 0.501, 2, "0.501");
    f = query(t, "{\"row\": \"T=50 RNN\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.49, 2, "0.49");
    extract_free(t);
}
END_TEST

/* ---- sections: an excluded word in a heading ranks its section last ---- */

START_TEST(test_excluded_heading_is_the_fallback)
{
    struct extract_transcript *t = parse_str(
        "## with the query matrix Wq\n"
        "weights[support] = [0.25, 0.25, 0.25, 0.25]  row sum = 1.0000\n"
        "weights[rude] = [0.4404, 0.0596, 0.4404, 0.0596]  row sum = 1.0000\n"
        "\n"
        "## shuffled rows, query matrix\n"
        "weights[rude] = [0.0596, 0.0596, 0.4404, 0.4404]  row sum = 1.0000\n"
        "weights[was] = [0.25, 0.25, 0.25, 0.25]  row sum = 1.0000\n");
    struct found f;

    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"nth\": 1,"
                 " \"exclude\": [\"output\", \"shuffl\"]}");
    ASSERT_HIT(f, 0.4404, 3, "0.4404");
    ck_assert_str_eq(f.explain, "");
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"nth\": 4,"
                 " \"exclude\": [\"output\", \"shuffl\"]}");
    ASSERT_HIT(f, 0.0596, 3, "0.0596");
    /* without the exclusion the later print still wins, as before */
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"nth\": 1}");
    ASSERT_HIT(f, 0.0596, 6, "0.0596");
    extract_free(t);

    /* a lone section whose heading names an excluded word is still read */
    t = parse_str("## query matrix: weights and outputs\n"
                  "weights[rude] = [0.4404, 0.0596, 0.4404, 0.0596]\n");
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"nth\": 1,"
                 " \"exclude\": [\"output\", \"shuffl\"]}");
    ASSERT_HIT(f, 0.4404, 2, "0.4404");
    extract_free(t);
}
END_TEST

/* ---- a column is named by its own header, not by a heading alone -------- */

START_TEST(test_column_words_scattered_into_a_heading)
{
    struct extract_transcript *t = parse_str(
        "=== test run: sequence length 20 ===\n"
        "model        train acc   seconds\n"
        "RNN          0.987       2.1\n"
        "LSTM b_f=3   1.000       4.3\n");
    struct found f;

    /* "test" in the banner and "acc" in "train acc" name no test accuracy */
    f = query(t, "{\"row\": \"length 20 RNN\", \"column\": \"test acc\"}");
    ASSERT_MISS(f, "the row for 'length 20 RNN' (line 3) has no 'test acc' column");
    f = query(t, "{\"row\": \"length 20 RNN\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.987, 3, "0.987");
    extract_free(t);
}
END_TEST

START_TEST(test_column_word_in_heading_with_its_split_in_header)
{
    struct extract_transcript *t = parse_str(
        "== sequence length 20, test set ==\n"
        "model   acc\n"
        "RNN     0.51\n"
        "\n"
        "== sequence length 20, train set ==\n"
        "model   acc\n"
        "RNN     0.98\n"
        "\n"
        "test accuracy by sequence length:\n"
        "model   T=5    T=20   T=50\n"
        "LSTM    1.00   0.97   0.50\n"
        "\n"
        "test accuracy at length 5:\n"
        "model   score\n"
        "GRU     0.96\n");
    struct found f;

    f = query(t, "{\"row\": \"length 20 RNN\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.51, 3, "0.51");
    f = query(t, "{\"row\": \"length 20 RNN\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.98, 7, "0.98");
    /* the heading names the quantity, the row phrase names the header */
    f = query(t, "{\"row\": \"length 20 LSTM\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.97, 11, "0.97");
    f = query(t, "{\"row\": \"length 50 LSTM\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.50, 11, "0.50");
    /* one value column under the title: it is the one the title names */
    f = query(t, "{\"row\": \"length 5 GRU\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.96, 15, "0.96");
    extract_free(t);
}
END_TEST

/* ---- a heading's number binds to its own word ---------------------------- */

START_TEST(test_gain_headings_over_step_lines)
{
    struct extract_transcript *t = parse_str(
        "== gain 0.5 ==\n"
        "step 1: 5.0e-17\n"
        "step 50: 7.6e-2\n"
        "per step: x0.490\n"
        "\n"
        "== gain 1.0 ==\n"
        "step 1: 1.2e-3\n"
        "step 50: 1.0\n"
        "\n"
        "== gain 1.5 ==\n"
        "step 10: 3.2\n"
        "step 50: 1.0\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 5.0e-17, 2, "5.0e-17");
    f = query(t, "{\"row\": \"gain 1.0\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 1.2e-3, 7, "1.2e-3");
    f = query(t, "{\"row\": \"gain 1\", \"column\": \"step 50\"}");
    ASSERT_HIT(f, 1.0, 8, "1.0");
    /* gain 1.5 printed no step 1: neither another section's nor its step 10 */
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 1\"}");
    ck_assert_int_eq(f.n, 0);
    f = query(t, "{\"row\": \"gain 1.0\", \"column\": \"per step\"}");
    ck_assert_int_eq(f.n, 0);
    f = query(t, "{\"row\": \"gain 1.2\", \"column\": \"step 1\"}");
    ASSERT_MISS(f, "no line mentions gain 1.2 (line 1 has 'gain 0.5')");
    extract_free(t);
}
END_TEST

START_TEST(test_heading_number_is_not_borrowed_from_the_row)
{
    struct extract_transcript *t = parse_str(
        "== gain 0.5 ==\n"
        "step 1 blame: 5.0e-17\n"
        "step 50 blame: 7.6e-2\n"
        "\n"
        "per-step factor by gain:\n"
        "0.5   x0.490\n"
        "1.0   x0.911\n");
    struct found f;

    /* "gain" has its 0.5 in the banner: the 1 of "step 1" is no gain 1 */
    f = query(t, "{\"row\": \"gain 1\", \"column\": \"blame\"}");
    ASSERT_MISS(f, "no line mentions gain 1 (line 1 has 'gain 0.5')");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 50\"}");
    ASSERT_HIT(f, 7.6e-2, 3, "7.6e-2");
    /* a title's bare "gain" still pairs with the numbers labelling its rows */
    f = query(t, "{\"row\": \"gain 1\"}");
    ASSERT_HIT(f, 0.911, 7, "x0.911");
    ck_assert_str_eq(f.explain, "");
    extract_free(t);
}
END_TEST

/* ---- a value that was not printed is missing, not its neighbour -------- */

START_TEST(test_missing_value_is_not_the_neighbour)
{
    struct extract_transcript *t = parse_str(
        "gain 0.5  step 1: 5.0e-17  step 50: n/a  factor: 0.490\n"
        "gain 1.0 | step 1: 1.2e-3 | step 50: - | factor 0.911\n"
        "LSTM b_f=3: factor=, steps=50\n"
        "model=rnn gain=0.9 step1=None step50=0.12 factor=0.89\n"
        "gain 1.5  step 1:   68.4  (exploding)\n"
        "gain 1.2 | step 50 | 3.1\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 50\"}");
    ASSERT_MISS(f, "found 'gain 0.5, step 50' on line 1 but no number for it");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 0.490, 1, "0.490");
    f = query(t, "{\"row\": \"gain 1.0\", \"column\": \"step 50\"}");
    ck_assert_int_eq(f.n, 0);
    f = query(t, "{\"row\": \"b_f 3\", \"column\": \"per step\"}");
    ck_assert_int_eq(f.n, 0);
    f = query(t, "{\"row\": \"gain 0.9\", \"column\": \"step 50\"}");
    ASSERT_HIT(f, 0.12, 4, "0.12");
    /* a value after a wide gap, or in its own cell, is still the label's */
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 68.4, 5, "68.4");
    f = query(t, "{\"row\": \"gain 1.2\", \"column\": \"step 50\"}");
    ASSERT_HIT(f, 3.1, 6, "3.1");
    extract_free(t);

    t = parse_str("gain 0.9: step 1 = None, step 50 = 0.12\n"
                  "model=rnn gain=1.2 step1=None step50=0.31 factor=0.99\n");
    f = query(t, "{\"row\": \"gain 0.9\", \"column\": \"step 1\"}");
    ASSERT_MISS(f, "found 'gain 0.9, step 1' on line 1 but no number for it");
    f = query(t, "{\"row\": \"gain 1.2\", \"column\": \"step 1\"}");
    ck_assert_int_eq(f.n, 0);
    f = query(t, "{\"row\": \"gain 1.2\", \"column\": \"step 50\"}");
    ASSERT_HIT(f, 0.31, 2, "0.31");
    extract_free(t);
}
END_TEST

/* ---- a list of labels, then its numbers ---------------------------------- */

START_TEST(test_label_list_then_numbers_by_position)
{
    struct extract_transcript *t = parse_str(
        "test rows [very, not]: [297 303]\n"
        "logistic acc [all, very, not]: [0.74  1.    0.485]\n"
        "fresh sets min/mean/max = 0.448/0.504/0.574\n"
        "gain 1.5 total norm [before, after] clipping at 1.0: [2.058e+01 1.000e+00]\n"
        "LSTM acc (train, test): 0.98 0.51  (40 epochs)\n"
        "RNN acc (train, test): 0.98\n");
    struct found f;

    f = query(t, "{\"row\": \"test rows\", \"column\": \"not\"}");
    ASSERT_HIT(f, 303, 1, "303");
    f = query(t, "{\"row\": \"test rows\", \"column\": \"very\"}");
    ASSERT_HIT(f, 297, 1, "297");
    f = query(t, "{\"row\": \"logistic\", \"column\": \"very\"}");
    ASSERT_HIT(f, 1.0, 2, "1.");
    f = query(t, "{\"row\": \"logistic\", \"column\": \"not\"}");
    ASSERT_HIT(f, 0.485, 2, "0.485");
    f = query(t, "{\"row\": \"fresh\", \"column\": \"mean\"}");
    ASSERT_HIT(f, 0.504, 3, "0.504");
    f = query(t, "{\"row\": \"fresh\", \"column\": \"max\"}");
    ASSERT_HIT(f, 0.574, 3, "0.574");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"before\"}");
    ASSERT_HIT(f, 20.58, 4, "2.058e+01");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"after\"}");
    ASSERT_HIT(f, 1.0, 4, "1.000e+00");
    f = query(t, "{\"row\": \"LSTM\", \"column\": \"test\"}");
    ASSERT_HIT(f, 0.51, 5, "0.51");
    f = query(t, "{\"row\": \"LSTM\", \"column\": \"train\"}");
    ASSERT_HIT(f, 0.98, 5, "0.98");
    extract_free(t);
}
END_TEST

/* ---- prose: the value printed just before its label ---------------------- */

START_TEST(test_value_before_label_when_a_sibling_follows)
{
    struct extract_transcript *t = parse_str(
        "With gain 0.9 the blame shrinks by \xc3\x97" "0.842 per step: step 50 gets 7.603e-02,"
        " step 40 6.966e-03 and step 1 1.619e-05.\n"
        "With gain 1.5 the blame grows by x1.090 per step: step 50 gets 7.708e-02.\n"
        "gain 0.5: step 1 5.03e-17 step 50 7.58e-02 factor 0.490\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 0.9\", \"column\": [\"per step\", \"shrinks per step\"]}");
    ASSERT_HIT(f, 0.842, 1, "\xc3\x97" "0.842");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 1.090, 2, "x1.090");
    f = query(t, "{\"row\": \"gain 0.9\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 1.619e-05, 1, "1.619e-05");
    f = query(t, "{\"row\": \"gain 0.9\", \"column\": \"step 50\"}");
    ASSERT_HIT(f, 7.603e-02, 1, "7.603e-02");
    /* label then value stays the reading when no sibling label follows */
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"step 50\"}");
    ASSERT_HIT(f, 7.58e-02, 3, "7.58e-02");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"factor\"}");
    ASSERT_HIT(f, 0.490, 3, "0.490");
    extract_free(t);
}
END_TEST

/* ---- plain captions and opening lines name sections ---------------------- */

START_TEST(test_section_named_by_an_opening_line_and_captions)
{
    struct extract_transcript *t = parse_str(
        "\n"
        ">>> self-attention, Q = K = V = E\n"
        "weights_df\n"
        "key       support       was       not      rude\n"
        "rude     0.096255  0.096255  0.096255  0.711235\n"
        "\n"
        "output_df\n"
        "          subject   good/bad  negation    filler\n"
        "rude     0.192510  -1.422469  0.192510  0.240638\n"
        "\n"
        ">>> separate query: Q = E @ Wq.T, K = V = E\n"
        "weights_df\n"
        "key       support       was       not      rude\n"
        "rude     0.440399  0.059601  0.440399  0.059601\n");
    struct found f;
    const char *qk = "\"section\": [\"query = key\", \"q = k\", \"self attention\"],"
                     " \"exclude\": [\"output\"]";
    char buf[512];

    snprintf(buf, sizeof buf, "{%s, \"row\": \"rude\", \"column\": \"rude\"}", qk);
    f = query(t, buf);
    ASSERT_HIT(f, 0.711235, 5, "0.711235");
    snprintf(buf, sizeof buf, "{%s, \"row\": \"rude\", \"nth\": 1}", qk);
    f = query(t, buf);
    ASSERT_HIT(f, 0.096255, 5, "0.096255");
    f = query(t, "{\"section\": [\"query matrix\", \"separate query\"], \"row\": \"rude\","
                 " \"column\": \"support\"}");
    ASSERT_HIT(f, 0.440399, 14, "0.440399");
    /* the output rows carry no "rude" column; their caption is excluded */
    f = query(t, "{\"section\": \"self attention\", \"row\": \"rude\", \"shape\": \"vector\","
                 " \"exclude\": [\"weights\"]}");
    ASSERT_HIT(f, 0.192510, 9, "0.192510");
    extract_free(t);
}
END_TEST

START_TEST(test_caption_excludes_and_section_words_stay_together)
{
    struct extract_transcript *t = parse_str(
        "== self-attention (Q = K = V = E) ==\n"
        "weights (columns: support, was, not, rude)\n"
        "  support  tensor([0.7112, 0.0963, 0.0963, 0.0963])\n"
        "  rude     tensor([0.0963, 0.0963, 0.0963, 0.7112])\n"
        "row sums tensor([1.0000, 1.0000])\n"
        "outputs\n"
        "  support  tensor([ 1.4225, -0.1925,  0.1925,  0.2406])\n"
        "  rude     tensor([ 0.1925, -1.4225,  0.1925,  0.2406])\n"
        "== with the query matrix Wq ==\n"
        "keys: ['support', 'was', 'not', 'rude']\n"
        "rude: [0.4404, 0.0596, 0.4404, 0.0596]\n");
    struct found f;

    /* "outputs" over the second rude row makes it the fallback */
    f = query(t, "{\"section\": \"self attention\", \"row\": \"rude\", \"nth\": 4,"
                 " \"exclude\": [\"output\"]}");
    ASSERT_HIT(f, 0.7112, 4, "0.7112");
    /* "query" in the banner and "key" in the caption under it are no "query = key" */
    f = query(t, "{\"section\": \"query = key\", \"row\": \"rude\", \"nth\": 1}");
    ck_assert_int_eq(f.n, 0);
    f = query(t, "{\"section\": \"q = k\", \"row\": \"rude\", \"nth\": 1}");
    ASSERT_HIT(f, 0.1925, 8, "0.1925");
    extract_free(t);
}
END_TEST

/* "rude attends to:" over its bars and a last line "(sum 100.0%)  output
 * [...]": the list is labelled "output" on its own line, so the title's
 * excluded "attends" (which keeps the bars out) does not disqualify it. */
START_TEST(test_own_label_list_under_excluded_title)
{
    struct extract_transcript *t = parse_str(
        "--- query matrix Wq ---\n"
        "support attends to:\n"
        "  support  ########    25.0%\n"
        "  rude     ########    25.0%\n"
        "  (sum 100.0%)  output [0.5, -0.5, 0.5, 0.625]\n"
        "rude attends to:\n"
        "  support  ############  44.0%\n"
        "  rude     ##             6.0%\n"
        "  (sum 100.0%)  output [0.881, -0.119, 0.881, 0.339]\n");
    struct found f;

    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"shape\": \"vector\","
                 " \"exclude\": [\"attends\", \"sum\"]}");
    ck_assert_msg(f.n == 1, "no hit: %s", f.explain);
    ck_assert_uint_eq(f.line, 9);
    ck_assert_uint_eq(f.n_nums, 4);
    ck_assert(f.nums[0] == 0.881 && f.nums[3] == 0.339);
    /* the bars stay excluded by their title: no weight is read as the row */
    f = query(t, "{\"section\": \"query matrix\", \"row\": \"rude\", \"column\": \"support\","
                 " \"exclude\": [\"attends\", \"sum\"]}");
    ck_assert_msg(f.n == 0 || f.line != 3, "bar of the support block read: %s", f.explain);
    extract_free(t);
    /* block bars ('█') that make no table with the output line: the title alone covers it */
    t = parse_str("rude attends to:\n"
                  "  support  \u2588\u2588\u2588\u2588\u2588   44.0%\n"
                  "  rude     \u2588             6.0%\n"
                  "  (sum 100.0%)  output [0.881, -0.119, 0.881, 0.339]\n");
    f = query(t, "{\"row\": \"rude\", \"shape\": \"vector\", \"exclude\": [\"attends\", \"sum\"]}");
    ck_assert_msg(f.n == 1, "no hit: %s", f.explain);
    ck_assert_uint_eq(f.line, 4);
    ck_assert_uint_eq(f.n_nums, 4);
    extract_free(t);
}
END_TEST

START_TEST(test_value_in_its_own_clause)
{
    struct extract_transcript *t = parse_str(
        "Of the 600 test reviews, 297 carry 'very' and 303 carry 'not' (49.5% / 50.5%).\n"
        "After 60 epochs the logistic model reaches 74.0% on the whole test set, 100.0% on the"
        " 'very' rows and 48.5% on the 'not' rows.\n"
        "logistic: all 0.740, very 1.000, not 0.485\n");
    struct found f;

    f = query(t, "{\"row\": \"test\", \"column\": \"very\"}");
    ASSERT_HIT(f, 297, 1, "297");
    f = query(t, "{\"row\": \"test\", \"column\": \"not\"}");
    ASSERT_HIT(f, 303, 1, "303");
    f = query(t, "{\"row\": \"logistic model\", \"column\": \"very rows\"}");
    ASSERT_HIT(f, 100.0, 2, "100.0%");
    f = query(t, "{\"row\": \"logistic model\", \"column\": \"not rows\"}");
    ASSERT_HIT(f, 48.5, 2, "48.5%");
    /* label then value, one clause each: unchanged */
    f = query(t, "{\"row\": \"logistic\", \"column\": \"very\"}");
    ASSERT_HIT(f, 1.0, 3, "1.000");
    f = query(t, "{\"row\": \"logistic\", \"column\": \"not\"}");
    ASSERT_HIT(f, 0.485, 3, "0.485");
    extract_free(t);
}
END_TEST

START_TEST(test_row_named_by_the_key_above)
{
    struct extract_transcript *t = parse_str(
        "{\n"
        "  \"self-attention\": {\n"
        "    \"rude\": {\n"
        "      \"support\": 0.0963,\n"
        "      \"rude\": 0.7112\n"
        "    }\n"
        "  }\n"
        "}\n");
    struct found f;

    /* the key path names the row; the line's own "rude" is the column */
    f = query(t, "{\"section\": \"self attention\", \"row\": \"rude\", \"column\": \"rude\"}");
    ASSERT_HIT(f, 0.7112, 5, "0.7112");
    f = query(t, "{\"section\": \"self attention\", \"row\": \"rude\", \"column\": \"support\"}");
    ASSERT_HIT(f, 0.0963, 4, "0.0963");
    extract_free(t);
}
END_TEST

/* ---- values told in sentences ------------------------------------------- */

START_TEST(test_sentence_values_before_their_labels)
{
    struct extract_transcript *t = parse_str(
        "At length 5 the plain RNN trained for 9.2 seconds and reached 100.0% training accuracy.\n"
        "At length 5 the LSTM with forget bias 0 trained for 25.2 seconds and reached 100.0%"
        " training accuracy and 99.0% test accuracy.\n"
        "After 60 epochs the logistic model reaches 74.0% on the whole test set, 100.0% on the"
        " 'very' rows and 48.5% on the 'not' rows.\n");
    const char *syn = "{\"length\": [\"T\"], \"b_f\": [\"forget bias\"],"
                      " \"train s\": [\"seconds\", \"time\"], \"train acc\": [\"training accuracy\"],"
                      " \"test acc\": [\"test accuracy\"],"
                      " \"all\": [\"overall\", \"total\", \"accuracy\", \"whole test set\"]}";
    struct found f;

    f = extract_fixture_query(t, syn, "{\"row\": \"length 5 RNN\", \"column\": \"train s\"}");
    ASSERT_HIT(f, 9.2, 1, "9.2");
    f = extract_fixture_query(t, syn, "{\"row\": \"length 5 LSTM b_f 0\", \"column\": \"train s\"}");
    ASSERT_HIT(f, 25.2, 2, "25.2");
    f = extract_fixture_query(t, syn, "{\"row\": \"length 5 LSTM b_f 0\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 99.0, 2, "99.0%");
    f = extract_fixture_query(t, syn, "{\"row\": \"logistic\", \"column\": \"all\"}");
    ASSERT_HIT(f, 74.0, 3, "74.0%");
    extract_free(t);
}
END_TEST

START_TEST(test_before_after_pairs_in_sentences_and_arrows)
{
    struct extract_transcript *t = parse_str(
        "Clipping the gain 1.5 run at 1.0 takes the total gradient norm from 20.58 before"
        " clipping to 1.00 after clipping.\n");
    struct found f;

    /* "from A <label> to B <label>": each end is its own clause */
    f = query(t, "{\"column\": \"before\"}");
    ASSERT_HIT(f, 20.58, 1, "20.58");
    f = query(t, "{\"column\": \"after\"}");
    ASSERT_HIT(f, 1.00, 1, "1.00");
    extract_free(t);
    t = parse_str("The accuracy ranges from a minimum of 0.448 to a maximum of 0.574.\n");
    f = query(t, "{\"column\": \"minimum\"}");
    ASSERT_HIT(f, 0.448, 1, "0.448");
    f = query(t, "{\"column\": \"maximum\"}");
    ASSERT_HIT(f, 0.574, 1, "0.574");
    extract_free(t);
    /* an arrow pair is old -> new, and answers before the threshold "at 1.0" */
    t = parse_str("gain 1.5, clip at 1.0: total norm 20.58 -> 1.00\n");
    f = query(t, "{\"column\": \"before\"}");
    ASSERT_HIT(f, 20.58, 1, "20.58");
    f = query(t, "{\"column\": \"after\"}");
    ASSERT_HIT(f, 1.00, 1, "1.00");
    extract_free(t);
    t = parse_str("clip at 1.0: norm 20.58 \xe2\x86\x92 3.50\n");
    f = query(t, "{\"column\": \"before\"}");
    ASSERT_HIT(f, 20.58, 1, "20.58");
    f = query(t, "{\"column\": \"after\"}");
    ASSERT_HIT(f, 3.50, 1, "3.50");
    extract_free(t);    /* an arrow says which side, never of what: a column asking for the norm
     * after takes no "step 50 -> step 1" pair of a line that names no norm */
    t = parse_str("lstm bf=3  2.230e-02 \xe2\x86\x92 4.782e-02\n"
                  "total grad norm after clip \xe2\x86\x92 1.000  (squashed x0.049)\n");
    f = query(t, "{\"column\": [\"after\", \"norm after\"]}");
    ASSERT_HIT(f, 1.000, 2, "1.000");
    extract_free(t);
    /* a line naming only the other side is no reading of this one, whatever a
     * synonym ("clipped") its words abbreviate */
    t = parse_str("total grad norm before clip \xe2\x86\x92 20.577\n"
                  "total grad norm after clip  \xe2\x86\x92 1.000  (squashed x0.049)\n");
    f = extract_fixture_query(t, "{\"after\": [\"clipped\"], \"before\": [\"unclipped\"]}",
                              "{\"column\": [\"after\", \"total after\", \"norm after\"]}");
    ASSERT_HIT(f, 1.000, 2, "1.000");
    f = extract_fixture_query(t, "{\"after\": [\"clipped\"], \"before\": [\"unclipped\"]}",
                              "{\"column\": [\"before\", \"total before\", \"norm before\"]}");
    ASSERT_HIT(f, 20.577, 1, "20.577");
    extract_free(t);
}
END_TEST

/* ---- reference markers: the course's / expected numbers are never the student's -- */

START_TEST(test_parenthetical_marks_only_its_own_numbers)
{
    struct extract_transcript *t = parse_str(
        "gain 0.5 per step: 0.620 (expected ~0.490)\n"
        "gain 1.5 per step (expected 1.090)\n"
        "gap to torch (should be ~2e-16): 7.62e-01\n"
        "difference from the expected output: 3e-17\n"
        "weights sum as expected: 1.000\n");
    struct found f;

    /* the value before '(expected ...)' is the student's; the one inside is not */
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 0.620, 1, "0.620");
    /* only the expected value printed: a miss that says so */
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"per step\"}");
    ck_assert_int_eq(f.n, 0);
    ck_assert_msg(strstr(f.explain, "1.090 on line 2") && strstr(f.explain, "'expected'") &&
                  strstr(f.explain, "print your own result"), "%s", f.explain);
    /* a target stated before the value: the value after the parenthetical */
    f = query(t, "{\"column\": \"gap\"}");
    ASSERT_HIT(f, 0.762, 3, "7.62e-01");
    /* a difference against the expected one is measured: the student's */
    f = query(t, "{\"column\": \"difference\"}");
    ASSERT_HIT(f, 3e-17, 4, "3e-17");
    /* and so is one that came out "as expected" */
    f = query(t, "{\"column\": \"sum\"}");
    ASSERT_HIT(f, 1.0, 5, "1.000");
    extract_free(t);
}
END_TEST

START_TEST(test_expected_key_printed_after_got)
{
    struct extract_transcript *t = parse_str(
        "{\n"
        "  \"rude\": {\n"
        "    \"got\": [\n"
        "      0.017,\n"
        "      0.948\n"
        "    ],\n"
        "    \"expected\": [\n"
        "      0.096,\n"
        "      0.711\n"
        "    ]\n"
        "  }\n"
        "}\n");
    struct found f;

    f = query(t, "{\"row\": \"rude\", \"shape\": \"vector\"}");
    ck_assert_msg(f.n == 1, "no hit: %s", f.explain);
    ck_assert_uint_eq(f.n_nums, 2);
    ck_assert(f.nums[0] == 0.017 && f.nums[1] == 0.948);
    extract_free(t);

    /* the target printed first on the line: the student's value after it */
    t = parse_str("gain 0.5 per step = target 0.490, got 0.620\n");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 0.620, 1, "0.620");
    extract_free(t);
    /* readings in cells of their own ("target: ...  got: ...") are the same
     * value's, whatever the separator and order */
    {
        static const char *const lines[] = {
            "gain 0.5 per step  target: 0.490  got: 0.620\n",
            "gain 0.5 per step, target: 0.490, got: 0.620\n",
            "gain 0.5 per step  got: 0.620  expected: 0.490\n",
            "gain 0.5 | per step | course 0.490 | measured 0.620\n",
        };
        for (size_t k = 0; k < sizeof lines / sizeof *lines; k++) {
            t = parse_str(lines[k]);
            f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"per step\"}");
            ASSERT_HIT(f, 0.620, 1, "0.620");
            extract_free(t);
        }
    }
    /* a cell labelled by another quantity still is not the column's */
    t = parse_str("gain 0.5 per step: n/a  step 1: 5.0e-17\n");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"per step\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

START_TEST(test_course_column_beside_mine)
{
    struct extract_transcript *t = parse_str(
        "test split   course   mine\n"
        "very rows       297    300\n"
        "\n"
        "fresh sets   course   mine\n"
        "min           0.448  0.452\n"
        "max           0.574  0.571\n");
    struct found f;

    f = query(t, "{\"row\": \"rows\", \"column\": \"very\"}");
    ASSERT_HIT(f, 300, 2, "300");
    /* "min" abbreviates "minimum", never the role word "mine" */
    f = query(t, "{\"column\": \"min\"}");
    ASSERT_HIT(f, 0.452, 5, "0.452");
    extract_free(t);
}
END_TEST

START_TEST(test_copied_table_printed_last)
{
    struct extract_transcript *t = parse_str(
        "my table:\n"
        "model      step 50  per step\n"
        "gain 0.5     0.076     0.620\n"
        "\n"
        "--- the module's output, for comparison ---\n"
        "model      step 50  per step\n"
        "gain 0.5     0.076     0.490\n"
        "gain 1.5     0.077     1.090\n"
        "\n"
        "gain 1.5 clipping: norm 3.000\n");
    struct found f;

    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"per step\"}");
    ASSERT_HIT(f, 0.620, 3, "0.620");
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"per step\"}");
    ck_assert_int_eq(f.n, 0);
    ck_assert_msg(strstr(f.explain, "'module' on line 5"), "%s", f.explain);
    /* the banner speaks for its own block only: what follows is the student's again */
    f = query(t, "{\"row\": \"gain 1.5\", \"column\": \"norm\"}");
    ASSERT_HIT(f, 3.0, 10, "3.000");
    extract_free(t);
}
END_TEST

/* "as the module asks" makes the module the source of an instruction, not
 * of the numbers in the block it heads; "as the module printed" does not. */
START_TEST(test_instruction_from_the_module_marks_nothing)
{
    static const char *const verbs[] = { "asks", "asked", "wants", "requires", "suggests" };
    struct extract_transcript *t;
    struct found f;
    char text[256];

    for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++) {
        snprintf(text, sizeof text, "(train s = wall-clock seconds, as the module %s)\n"
                 "model      step 50  per step\ngain 0.5     0.076     0.620\n", verbs[i]);
        t = parse_str(text);
        f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"per step\"}");
        ASSERT_HIT(f, 0.620, 3, "0.620");
        extract_free(t);
    }
    t = parse_str(
        "(per step = blame ratio, as the module printed)\n"
        "model      step 50  per step\n"
        "gain 0.5     0.076     0.620\n");
    f = query(t, "{\"row\": \"gain 0.5\", \"column\": \"per step\"}");
    ck_assert_int_eq(f.n, 0);
    extract_free(t);
}
END_TEST

/* A synonym group's member is substituted whole: "train s" (seconds, a
 * member of its own group) never has its "train" replaced by the training
 * accuracy's synonyms, or its variant "train_acc secs" finds the accuracy on
 * a log line that also prints the seconds.  The unit alone ("s") heads the
 * seconds column of a terse table. */
START_TEST(test_synonym_member_substituted_whole)
{
    static const char *syn =
        "{\"length\": [\"T\"], \"train s\": [\"seconds\", \"secs\", \"s\"],"
        " \"train acc\": [\"train_acc\", \"train\", \"tr\"], \"test acc\": [\"te\"]}";
    struct extract_transcript *t = parse_str(
        "INFO memory_lab.train | T=20 model=RNN secs=24.7 train_acc=1.000 test_acc=1.000\n"
        "INFO memory_lab.train | T=50 model=RNN secs=72.5 train_acc=0.561 test_acc=0.494\n");
    struct found f;

    f = extract_fixture_query(t, syn, "{\"row\": \"length 20 RNN\", \"column\": \"train s\"}");
    ASSERT_HIT(f, 24.7, 1, "24.7");
    f = extract_fixture_query(t, syn, "{\"row\": \"length 50 RNN\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.561, 2, "0.561");
    extract_free(t);

    t = parse_str("T model s tr te\n"
                  "   5 RNN            6.0 1.000 1.000\n"
                  "  50 RNN           14.3 0.561 0.494\n");
    f = extract_fixture_query(t, syn, "{\"row\": \"length 50 RNN\", \"column\": \"train s\"}");
    ASSERT_HIT(f, 14.3, 3, "14.3");
    f = extract_fixture_query(t, syn, "{\"row\": \"length 50 RNN\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.561, 3, "0.561");
    extract_free(t);
}
END_TEST

/* A key with its row's number glued on names that row: in
 * "secs_T5=15.2 secs_T20=55.9" the 55.9 is length 20's seconds, not length 5's. */
START_TEST(test_glued_row_number_in_keys)
{
    static const char *syn =
        "{\"length\": [\"T\"], \"train s\": [\"seconds\", \"secs\", \"s\"],"
        " \"b_f\": [\"b_f\"], \"train acc\": [\"train_acc\", \"train\", \"tr\"]}";
    struct extract_transcript *t = parse_str(
        "INFO memory_lab.train | T=5 model=LSTM_b_f=0 secs=15.2 train_acc=1.000 test_acc=1.000\n"
        "INFO memory_lab.train | T=20 model=LSTM_b_f=0 secs=55.9 train_acc=1.000 test_acc=1.000\n"
        "INFO memory_lab.train | T=50 model=LSTM_b_f=0 secs=200.4 train_acc=0.839 test_acc=0.495\n"
        "INFO memory_lab.train | summary: secs ratio T50/T20 per model\n"
        "INFO memory_lab.train | model=LSTM_b_f=0 secs_T5=15.2 secs_T20=55.9 secs_T50=200.4 ratio_50_over_20=3.58\n");
    struct found f;

    /* either print of a value will do (its line or the summary's) */
    static const struct { const char *row; double v; size_t line; } want[] = {
        { "length 5 LSTM b_f 0", 15.2, 1 }, { "length 20 LSTM b_f 0", 55.9, 2 },
        { "length 50 LSTM b_f 0", 200.4, 3 } };
    for (size_t k = 0; k < 3; k++) {
        char q[128];
        snprintf(q, sizeof q, "{\"row\": \"%s\", \"column\": \"train s\"}", want[k].row);
        f = extract_fixture_query(t, syn, q);
        ck_assert_msg(f.n == 1 && f.value == want[k].v && (f.line == want[k].line || f.line == 5),
                      "%s: %g on line %zu (%s)", want[k].row, f.value, f.line, f.explain);
    }
    extract_free(t);
}
END_TEST

/* A number between a quantity and a comparative is their difference, no
 * reading of either: "0.344 above its test score", "0.3 higher than the
 * test accuracy"; before a bound it stays the reading ("0.495 below 0.6"),
 * and a comma ends the number's phrase ("0.839, above"). */
START_TEST(test_difference_is_no_reading)
{
    struct extract_transcript *t = parse_str(
        "At length 50 the LSTM with forget bias 0 scored 0.839 on training rows and 0.495 on test rows.\n"
        "At length 50 the forget-bias-0 LSTM's training score is 0.344 above its test score.\n"
        "At length 50 its train accuracy is 0.344 higher than the test accuracy.\n");
    struct found f;

    f = query(t, "{\"row\": \"length 50 LSTM b_f 0\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.495, 1, "0.495");
    f = query(t, "{\"row\": \"length 50 LSTM b_f 0\", \"column\": \"train acc\"}");
    ASSERT_HIT(f, 0.839, 1, "0.839");
    extract_free(t);

    /* every comparative of the list, each its own case */
    static const char *const than[] = { "more", "less", "higher", "lower", "greater",
                                        "larger", "bigger", "smaller" };
    for (size_t k = 0; k < sizeof than / sizeof than[0]; k++) {
        char text[256];
        snprintf(text, sizeof text,
                 "At length 50 the LSTM with forget bias 0 scored 0.839 on training rows and "
                 "0.495 on test rows.\nAt length 50 the LSTM's train accuracy is 0.344 %s than "
                 "its test accuracy.\n", than[k]);
        t = parse_str(text);
        f = query(t, "{\"row\": \"length 50 LSTM\", \"column\": \"test acc\"}");
        ck_assert_msg(f.n == 1 && f.value == 0.495, "'%s than': %g", than[k], f.value);
        extract_free(t);
    }

    /* a spaced minus makes the label a difference: "train - test" is the gap */
    /* (field scientific/memory_lab, its table, ratios and the gap line) */
    t = parse_str(
                  "Part 2 + 3: 40 epochs, Adam lr = 1e-2, batch 64, clip ||g|| at 1.0\n"
                  "   T model            t_wall       t_cpu  train acc   test acc  test correct\n"
                  "   5 RNN         2.006e+00 s 1.994e+00 s  1.000e+00  1.000e+00   1000/1000\n"
                  "   5 GRU         6.268e+00 s 4.502e+00 s  1.000e+00  1.000e+00   1000/1000\n"
                  "   5 LSTM b_f=0  6.635e+00 s 5.091e+00 s  1.000e+00  1.000e+00   1000/1000\n"
                  "   5 LSTM b_f=3  8.913e+00 s 5.914e+00 s  1.000e+00  1.000e+00   1000/1000\n"
                  "  20 RNN         6.301e+00 s 5.092e+00 s  1.000e+00  1.000e+00   1000/1000\n"
                  "  20 GRU         1.749e+01 s 1.140e+01 s  1.000e+00  1.000e+00   1000/1000\n"
                  "  20 LSTM b_f=0  2.328e+01 s 1.308e+01 s  1.000e+00  1.000e+00   1000/1000\n"
                  "  20 LSTM b_f=3  1.782e+01 s 1.498e+01 s  1.000e+00  1.000e+00   1000/1000\n"
                  "  50 RNN         1.557e+01 s 1.245e+01 s  5.608e-01  4.940e-01    494/1000\n"
                  "  50 GRU         3.928e+01 s 2.749e+01 s  1.000e+00  1.000e+00   1000/1000\n"
                  "  50 LSTM b_f=0  3.293e+01 s 2.551e+01 s  8.388e-01  4.950e-01    495/1000\n"
                  "  50 LSTM b_f=3  8.470e+01 s 3.474e+01 s  1.000e+00  1.000e+00   1000/1000\n"
                  " 100 RNN         3.684e+01 s 1.885e+01 s  5.813e-01  5.080e-01    508/1000\n"
                  " 100 LSTM b_f=3  9.799e+01 s 5.061e+01 s  1.000e+00  1.000e+00   1000/1000\n"
                  "\n"
                  "CPU-time ratios (same model, T = 50 over T = 20; LSTM over RNN, same T)\n"
                  "  RNN         t(50)/t(20) = 2.445e+00\n"
                  "  GRU         t(50)/t(20) = 2.412e+00\n"
                  "  LSTM b_f=0  t(50)/t(20) = 1.950e+00\n"
                  "  LSTM b_f=3  t(50)/t(20) = 2.319e+00\n"
                  "  T =   5     t(LSTM)/t(RNN) = 2.553e+00\n"
                  "  T =  20     t(LSTM)/t(RNN) = 2.570e+00\n"
                  "  T =  50     t(LSTM)/t(RNN) = 2.049e+00\n"
                  "  T = 100     t(LSTM b_f=3)/t(RNN) = 2.685e+00\n"
                  "\n"
                  "LSTM b_f=0 at T = 50: train - test = 3.438e-01 (> 0.3: memorisation)\n"
                  "\n");
    /* with memory_lab's synonyms, as the rubric reads it */
    f = extract_fixture_query(t, memory_lab_synonyms,
                              "{\"row\": [\"length 50 LSTM b_f 0\", \"length 50 LSTM\"], "
                              "\"exclude\": [\"b_f 3\"], \"column\": \"test acc\"}");
    ASSERT_HIT(f, 4.950e-01, 13, "4.950e-01");
    extract_free(t);
    /* the gap line alone holds no test accuracy */
    t = parse_str("LSTM b_f=0 at T = 50: train - test = 3.438e-01 (> 0.3: memorisation)\n");
    f = extract_fixture_query(t, memory_lab_synonyms,
                              "{\"row\": \"length 50 LSTM b_f 0\", \"column\": \"test acc\"}");
    ck_assert_msg(f.n == 0, "read %g on line %zu as the test accuracy", f.value, f.line);
    extract_free(t);
    /* so does one written with the minus sign U+2212 */
    t = parse_str("LSTM b_f=0 at T = 50: train \xe2\x88\x92 test 0.344\n");
    f = extract_fixture_query(t, memory_lab_synonyms,
                              "{\"row\": \"length 50 LSTM b_f 0\", \"column\": \"test acc\"}");
    ck_assert_msg(f.n == 0, "read %g on line %zu as the test accuracy", f.value, f.line);
    extract_free(t);
    /* a column that asks for a difference reads one */
    t = parse_str("max |numpy - torch| = 2.220e-16\n");
    f = query(t, "{\"column\": [\"gap\", \"torch\", \"difference\"]}");
    ASSERT_HIT(f, 2.220e-16, 1, "2.220e-16");
    extract_free(t);

    t = parse_str("At length 50 the test accuracy is 0.495 below 0.6, a coin toss.\n"
                  "At length 20 the test accuracy is 1.000, above the 0.6 bar.\n");
    f = query(t, "{\"row\": \"length 50\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 0.495, 1, "0.495");
    f = query(t, "{\"row\": \"length 20\", \"column\": \"test acc\"}");
    ASSERT_HIT(f, 1.0, 2, "1.000");
    extract_free(t);
}
END_TEST

/* "Part four:" is a part heading like "Part 4": a number word, and numbers
 * after the colon describe the part; it ends the scope of "Part two: gain
 * 1.0 ...", so the clip lines under it are no gain-1.0 lines. */
START_TEST(test_part_heading_with_number_word)
{
    struct extract_transcript *t = parse_str(
        "Part two: gain 1.0 at four lengths\n"
        "length   last step      step 1\n"
        "    10   6.111e-02   2.201e-02\n"
        "    50   7.603e-02   7.716e-04\n"
        "\n"
        "Part four: clip_grad_norm_(max_norm=1.0) on the gain 1.5 run\n"
        "  total gradient norm before clipping: 20.5769\n"
        "  total gradient norm after clipping : 1.0000\n");
    struct found f;

    f = query(t, "{\"column\": \"before\", \"exclude\": [\"gain 1.0\", \"gain 0.5\"]}");
    ASSERT_HIT(f, 20.5769, 7, "20.5769");
    f = query(t, "{\"row\": \"length 50\", \"column\": \"step 1\"}");
    ASSERT_HIT(f, 7.716e-04, 4, "7.716e-04");
    extract_free(t);

    /* "Parts one and three:" too, closed by "Part two:" */
    t = parse_str("Parts one and three: the blame for gain 1.0\n"
                  "  step 1: 7.716e-04\n"
                  "Part two: clipping at 1.0 for gain 1.5\n"
                  "  before: 20.5769\n");
    f = query(t, "{\"column\": \"before\", \"exclude\": [\"gain 1.0\"]}");
    ASSERT_HIT(f, 20.5769, 4, "20.5769");
    f = query(t, "{\"column\": \"step 1\", \"exclude\": [\"gain 1.5\"]}");
    ASSERT_HIT(f, 7.716e-04, 2, "7.716e-04");
    extract_free(t);

    /* a dash closes the part's name as a colon does */
    t = parse_str("Part 2 -- gain 1.0 at several lengths: how far back does blame stay?\n"
                  "  step 1: 7.716e-04\n"
                  "Part 4 -- gain 1.5, clip_grad_norm_ at 1.0\n"
                  "  total grad norm before clipping 20.5769\n");
    f = query(t, "{\"column\": \"before\", \"exclude\": [\"gain 1.0\"]}");
    ASSERT_HIT(f, 20.5769, 4, "20.5769");
    extract_free(t);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("extract_match");
    TCase *tc = tcase_create("rows_and_columns");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_row_word_printed_again_as_column);
    tcase_add_test(tc, test_instruction_from_the_module_marks_nothing);
    tcase_add_test(tc, test_row_word_alone_is_no_column);
    tcase_add_test(tc, test_row_named_by_the_key_above);
    tcase_add_test(tc, test_closest_span_kept);
    tcase_add_test(tc, test_column_words_scattered_into_a_heading);
    tcase_add_test(tc, test_column_word_in_heading_with_its_split_in_header);
    tcase_add_test(tc, test_label_list_then_numbers_by_position);
    tcase_add_test(tc, test_value_before_label_when_a_sibling_follows);
    tcase_add_test(tc, test_value_in_its_own_clause);
    suite_add_tcase(s, tc);
    tc = tcase_create("sections");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_excluded_heading_is_the_fallback);
    tcase_add_test(tc, test_gain_headings_over_step_lines);
    tcase_add_test(tc, test_section_named_by_an_opening_line_and_captions);
    tcase_add_test(tc, test_caption_excludes_and_section_words_stay_together);
    tcase_add_test(tc, test_own_label_list_under_excluded_title);
    tcase_add_test(tc, test_heading_number_is_not_borrowed_from_the_row);
    tcase_add_test(tc, test_missing_value_is_not_the_neighbour);
    tcase_add_test(tc, test_sentence_values_before_their_labels);
    tcase_add_test(tc, test_before_after_pairs_in_sentences_and_arrows);
    suite_add_tcase(s, tc);
    tc = tcase_create("reference_markers");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_parenthetical_marks_only_its_own_numbers);
    tcase_add_test(tc, test_expected_key_printed_after_got);
    tcase_add_test(tc, test_course_column_beside_mine);
    tcase_add_test(tc, test_copied_table_printed_last);
    tcase_add_test(tc, test_synonym_member_substituted_whole);
    tcase_add_test(tc, test_glued_row_number_in_keys);
    tcase_add_test(tc, test_difference_is_no_reading);
    tcase_add_test(tc, test_part_heading_with_number_word);
    tcase_add_test(tc, test_synonym_member_substituted_whole);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
