/* test_score.c — Check suite for the scorer (grader/score/score*.c, grader/prose/prose.c):
 * every check kind's verdicts, readings, unreachable checks, triage, and the
 * texts a student reads. */
#include "prose/prose.h"
#include "score_fixture.h"
#include "score/score_value.h"

static const char *seeded_field = "";     /* a top-level rubric field for the next grade() */

static const char expected_json[] =
    "{\"exercise\": \"ex\", \"generated_by\": \"test\", \"values\": {"
    " \"rnn\": {\"gain_0_5\": {\"factor\": 0.4901, \"step_1\": 5.032e-17, \"step_50\": 0.07577,"
    "   \"ratio\": 6.64e-16}},"
    " \"split\": {\"very\": 297},"
    " \"readings\": {\"epochs_60\": {\"all\": 0.740}, \"epochs_30\": {\"all\": 0.745, \"not\": 0.495}},"
    " \"out\": [0.881, -0.119, 0.881, 0.339], \"w\": 0.7112 }}";

/* Grades output/source/answers with a one-exercise rubric made of checks. */
static void grade(const char *mode, const char *checks, const char *output, const char *source,
                  const char *answers, const struct sandbox_result *run, struct graded *g)
{
    char extra[512];

    snprintf(extra, sizeof extra, "%s\"readings\": {\"ep\": [{\"name\": \"60 epochs\", "
             "\"key\": \"epochs_60\"}, {\"name\": \"30 epochs\", \"key\": \"epochs_30\"}]}, ",
             seeded_field);
    score_fixture_grade(mode, extra, checks, output, source, answers, run, g);
}

#define VALUE(id, row, col, target) \
    "{\"id\": \"" id "\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", " \
    "\"locate\": {\"row\": \"" row "\", \"column\": \"" col "\"}, " target "}"

START_TEST(test_value_tolerance_notation_and_texts)
{
    struct graded g;
    const struct check_result *c;

    grade("run", VALUE("f", "gain 0.5", "factor", "\"expected\": \"rnn.gain_0_5.factor\", \"tolerance\": {\"rel\": 0.01}") ","
                 VALUE("s1", "gain 0.5", "step 1", "\"expected\": \"rnn.gain_0_5.step_1\", \"tolerance\": {\"rel\": 0.01}") ","
                 VALUE("s50", "gain 0.5", "step 50", "\"expected\": \"rnn.gain_0_5.step_50\", \"tolerance\": {\"rel\": 0.01}") ","
                 VALUE("gt", "clip", "before", "\"greater_than\": 1.0"),
          "gain 0.5: factor x0.490\ngain 0.5: step 1 5e-17\ngain 0.5: step 50 0.0800\n"
          "\nclip: before 0.5\n", "", NULL, NULL, &g);
    expect(&g, "f", VERDICT_PASS);
    expect(&g, "s1", VERDICT_PASS);      /* 5e-17 printed with one digit: half an ulp */
    expect(&g, "s50", VERDICT_FAIL);
    expect(&g, "gt", VERDICT_FAIL);
    c = find(&g, "s50");
    ck_assert_str_eq(c->expected, "0.07577 ± 1%");
    ck_assert_str_eq(c->found, "0.0800");
    ck_assert_str_eq(c->where, "output line 3");
    ck_assert_ptr_nonnull(c->message);
    ck_assert_double_eq(g.res.score, 2);
    ck_assert_double_eq(g.res.max_score, 4);
    release(&g);
}
END_TEST

/* Which printed number a value check judges when labels are absent or
 * disagree (score_value_judged): a value recognised by its record, a
 * look-alike line, a better-described line — and never a wrong value. */
START_TEST(test_value_choice_beyond_labels)
{
    struct graded g;
    const char *factor = VALUE("f", "gain 0.5", "factor",
                               "\"expected\": \"rnn.gain_0_5.factor\", \"tolerance\": {\"rel\": 0.01}");
    const char *gap = "{\"id\": \"gap\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", "
                      "\"locate\": {\"column\": [\"gap\", \"torch\"]}, \"less_than\": 1e-12}";
    const char *near = "{\"id\": \"near\", \"description\": \"d\", \"points\": 1, "
                       "\"kind\": \"value\", \"locate\": {\"column\": [\"gap\", \"torch\"]}, "
                       "\"expected\": \"rnn.gain_0_5.ratio\", \"tolerance\": {\"rel\": 0.01}}";

    /* no label says "factor": the row's other values vouch for 0.490 */
    grade("run", factor, "RNN gain 0.5 [0.07577 5.032e-17] 0.49006 6.64e-16\n", "", NULL, NULL, &g);
    expect(&g, "f", VERDICT_PASS);
    expect_message(&g, "f", "recognised by its value");
    release(&g);
    /* ... but not a wrong factor among the same company */
    grade("run", factor, "RNN gain 0.5 [0.07577 5.032e-17] 0.620 6.64e-16\n", "", NULL, NULL, &g);
    expect(&g, "f", VERDICT_MISSING);
    release(&g);
    /* two labelled lines disagree: the plainly labelled one is read, whichever
     * comes first; a qualified label ("one sequence only") is another quantity */
    grade("run", factor, "gain 0.5 factor: 0.490\n"
          "gain 0.5 factor, one sequence only: 0.62\n", "", NULL, NULL, &g);
    expect(&g, "f", VERDICT_PASS);
    release(&g);
    grade("run", factor, "gain 0.5 factor, one sequence only: 0.490\n"
          "gain 0.5 factor: 0.62\n", "", NULL, NULL, &g);
    expect(&g, "f", VERDICT_FAIL);
    release(&g);
    /* a bound: the line naming more of the check's words is the one asked about */
    grade("run", gap, "largest gap vs torch: 2.22e-16\nmax gap, hand vs numpy: 0.0003\n", "",
          NULL, NULL, &g);
    expect(&g, "gap", VERDICT_PASS);
    release(&g);
    grade("run", gap, "largest gap vs torch: 1.01e-01\nmax gap of the shuffle: 0.0\n", "",
          NULL, NULL, &g);
    expect(&g, "gap", VERDICT_FAIL);
    release(&g);
    /* a target: the labels' choice misses, a better-described line meets it —
     * the value may not pick that line, so a reviewer reads both, never a pass */
    grade("run", near, "max gap: 0.031\nlargest gap vs torch: 6.64e-16\n", "", NULL, NULL, &g);
    expect(&g, "near", VERDICT_REVIEW);
    expect_message(&g, "near", "a reviewer reads both");
    release(&g);
}
END_TEST

/* The exercise's own name printed in a log line ("exp=ex", "ex.py") names
 * the script, not a result: an excluded word it holds rules no line out,
 * while the same word elsewhere still does. */
START_TEST(test_exercise_name_labels_nothing)
{
    struct graded g;
    const char *gap = "{\"id\": \"gap\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", "
                      "\"locate\": {\"column\": [\"gap\"], \"exclude\": [\"ex\"]}, \"less_than\": 1e-12}";

    grade("run", gap, "ts=1 exp=ex event=torch_check max_abs_gap=2.22e-16\n", "", NULL, NULL, &g);
    expect(&g, "gap", VERDICT_PASS);
    release(&g);
    grade("run", gap, "running ex.py: max gap 2.22e-16\n", "", NULL, NULL, &g);
    expect(&g, "gap", VERDICT_PASS);
    release(&g);
    grade("run", gap, "ex_check gap 2.22e-16\n", "", NULL, NULL, &g);
    expect(&g, "gap", VERDICT_MISSING);   /* another name that holds the word */
    release(&g);
    /* one part of a dotted path stays: a TOML section names its keys' rows */
    grade("run", VALUE("f", "gain 0.5", "factor", "\"expected\": \"rnn.gain_0_5.factor\", "
                       "\"tolerance\": {\"rel\": 0.01}"),
          "[ex.rnn_a]\ngain = 0.5\nfactor = 0.490\n\n[ex.rnn_b]\ngain = 1.5\nfactor = 1.090\n",
          "", NULL, NULL, &g);
    expect(&g, "f", VERDICT_PASS);
    release(&g);
}
END_TEST

/* The expected value never picks among readings the labels fit alike
 * (score_value_judged): two or more disagreeing readings on lines printed
 * alike are a review showing them while fewer than SCORE_SHOTGUN_VALUES,
 * a failed check from SCORE_SHOTGUN_VALUES on; rows of bare numbers (a
 * matrix) are each their own row, never alike. */
START_TEST(test_value_guesses_never_pick)
{
    struct graded g;
    const char *factor = VALUE("f", "gain 0.5", "factor",
                               "\"expected\": \"rnn.gain_0_5.factor\", \"tolerance\": {\"rel\": 0.01}");
    char out[2048];

    /* the last print is the labels' choice; an earlier alike line meets the target */
    out[0] = '\0';
    for (int i = 0; i < SCORE_SHOTGUN_VALUES - 1; i++)
        snprintf(out + strlen(out), sizeof out - strlen(out), "gain 0.5 factor: %.3f\n",
                 i == 1 ? 0.490 : 0.2 + 0.1 * i);
    grade("run", factor, out, "", NULL, NULL, &g);
    expect(&g, "f", VERDICT_REVIEW);
    expect_message(&g, "f", "a reviewer reads both");
    release(&g);
    /* one more guess: a shotgun, whichever value the rubric expects */
    snprintf(out + strlen(out), sizeof out - strlen(out), "gain 0.5 factor: 0.950\n");
    grade("run", factor, out, "", NULL, NULL, &g);
    expect(&g, "f", VERDICT_FAIL);
    snprintf(out, sizeof out, "%d different values for gain 0.5, factor", SCORE_SHOTGUN_VALUES);
    expect_message(&g, "f", out);
    release(&g);
    /* the same guesses, the right one printed last: still no result */
    out[0] = '\0';
    for (int i = 0; i < SCORE_SHOTGUN_VALUES; i++)
        snprintf(out + strlen(out), sizeof out - strlen(out), "gain 0.5 factor: %.3f\n",
                 i == SCORE_SHOTGUN_VALUES - 1 ? 0.490 : 0.2 + 0.1 * i);
    grade("run", factor, out, "", NULL, NULL, &g);
    expect(&g, "f", VERDICT_FAIL);
    release(&g);
    /* keys make lines different rows: one value per step is no shotgun */
    out[0] = '\0';
    for (int i = 1; i <= 8; i++)
        snprintf(out + strlen(out), sizeof out - strlen(out), "gain 0.5 step %d factor: %.3f\n",
                 i, i == 8 ? 0.490 : 0.1 * i);
    grade("run", factor, out, "", NULL, NULL, &g);
    expect(&g, "f", VERDICT_PASS);
    release(&g);
    /* a matrix of bare numbers: its rows are no repeated reading; the record aligns */
    grade("run", factor, "[[0.1 0.2 0.3 0.4]\n [0.5 0.6 0.7 0.8]\n [0.2 0.3 0.4 0.5]\n"
          " [0.6 0.7 0.8 0.9]\n [0.3 0.4 0.5 0.6]\n [0.7 0.8 0.9 0.1]]\n"
          "RNN gain 0.5 [0.07577 5.032e-17] 0.49006 6.64e-16\n", "", NULL, NULL, &g);
    expect(&g, "f", VERDICT_PASS);
    release(&g);
    /* a value recognised by its record on one of many lines printed alike */
    out[0] = '\0';
    for (int i = 0; i < SCORE_SHOTGUN_VALUES; i++)
        snprintf(out + strlen(out), sizeof out - strlen(out), "RNN gain 0.5 [0.07577 5.032e-17] "
                 "%.5f 6.64e-16\n", i == 2 ? 0.49006 : 0.1 + 0.15 * i);
    grade("run", factor, out, "", NULL, NULL, &g);
    expect(&g, "f", VERDICT_FAIL);
    release(&g);
}
END_TEST

START_TEST(test_missing_and_unreached)
{
    struct graded g;
    struct sandbox_result run;
    const char *checks = VALUE("v", "very", "rows", "\"expected\": \"split.very\", \"tolerance\": {\"abs\": 0}");

    grade("run", checks, "nothing here\nor here\n", "", NULL, NULL, &g);
    expect(&g, "v", VERDICT_MISSING);
    ck_assert_ptr_nonnull(find(&g, "v")->message);
    /* Every report says what was found and where it was looked for. */
    ck_assert_str_eq(find(&g, "v")->found, "nothing");
    ck_assert_str_eq(find(&g, "v")->where, "searched all 2 lines of output");
    ck_assert_str_eq(find(&g, "v")->expected, "exactly 297");
    release(&g);
    grade("run", checks, "", "", NULL, NULL, &g);
    ck_assert_str_eq(find(&g, "v")->where, "the run printed nothing");
    release(&g);
    memset(&run, 0, sizeof run);
    run.exited = 1;
    run.exit_code = 1;
    grade("run", checks, "nothing here\n", "", NULL, &run, &g);
    expect(&g, "v", VERDICT_UNREACHED);
    ck_assert_str_eq(find(&g, "v")->found, "nothing: the run stopped before printing it");
    release(&g);
}
END_TEST

/* Rows the labels name that print what the quantity cannot be ("within")
 * are no reading of it; when they are all there is, the student printed
 * the quantity wrong: FAIL, showing the number, never MISSING. */
START_TEST(test_a_value_the_quantity_cannot_be_fails)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"w\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", "
        "\"locate\": {\"row\": \"rude\", \"nth\": 4, \"within\": [0, 1]}, "
        "\"expected\": \"w\", \"tolerance\": {\"abs\": 0.01}}";

    grade("run", checks, "log weights\nrude [-2.34 -2.34 -2.34 -0.34]\n", "", NULL, NULL, &g);
    expect(&g, "w", VERDICT_FAIL);
    ck_assert_str_eq(find(&g, "w")->found, "-2.34");
    ck_assert_str_eq(find(&g, "w")->where, "output line 2");
    ck_assert_ptr_nonnull(strstr(find(&g, "w")->message, "cannot be"));
    release(&g);
    grade("run", checks, "queries\nrude [2. 0. 2. 0.]\nweights\nrude [0.096 0.096 0.096 0.711]\n",
          "", NULL, NULL, &g);
    expect(&g, "w", VERDICT_PASS);
    release(&g);
}
END_TEST

START_TEST(test_readings_pick_the_students_choice)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"a\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", \"reading\": \"ep\","
        " \"locate\": {\"column\": \"all\"}, \"expected\": \"readings.{ep}.all\", \"tolerance\": {\"abs\": 0.01}},"
        "{\"id\": \"n\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", \"reading\": \"ep\","
        " \"locate\": {\"column\": \"not\"}, \"expected\": \"readings.{ep}.not\", \"tolerance\": {\"abs\": 0.01}}";

    /* 0.745 passes both readings' "all"; only 30 epochs has "not": 30 wins. */
    grade("run", checks, "all: 0.745\nnot: 0.495\n", "", NULL, NULL, &g);
    expect(&g, "a", VERDICT_PASS);
    expect(&g, "n", VERDICT_PASS);
    ck_assert_str_eq(find(&g, "a")->reading, "30 epochs");
    release(&g);
    /* Nothing matches: the module's own reading is reported. */
    grade("run", checks, "all: 0.9\nnot: 0.9\n", "", NULL, NULL, &g);
    expect(&g, "a", VERDICT_FAIL);
    ck_assert_str_eq(find(&g, "a")->reading, "60 epochs");
    expect(&g, "n", VERDICT_ERROR);       /* the 60-epoch file has no "not" */
    release(&g);
}
END_TEST

START_TEST(test_readings_follow_the_source)
{
    struct graded g;
    char extra[512];
    const char *checks =
        "{\"id\": \"a\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", \"reading\": \"ep\","
        " \"locate\": {\"column\": \"all\"}, \"expected\": \"readings.{ep}.all\", \"tolerance\": {\"abs\": 0.002}}";

    snprintf(extra, sizeof extra, "%s\"readings\": {\"ep\": [{\"name\": \"60 epochs\", "
             "\"key\": \"epochs_60\", \"source\": {\"name\": \"epochs\", \"value\": 60}}, "
             "{\"name\": \"30 epochs\", \"key\": \"epochs_30\", \"source\": {\"name\": \"epochs\", "
             "\"value\": 30}}]}, ", seeded_field);
    /* the code trains 60 epochs: 0.745 fits only 30, and is graded against 60 */
    score_fixture_grade("run", extra, checks, "all: 0.745\n",
                        "def fit(net, epochs=60):\n    pass\n", NULL, NULL, &g);
    expect(&g, "a", VERDICT_FAIL);
    ck_assert_str_eq(find(&g, "a")->reading, "60 epochs");
    release(&g);
    score_fixture_grade("run", extra, checks, "all: 0.745\n",
                        "N_EPOCHS = 30\ntrain(net, epochs=N_EPOCHS)\n", NULL, NULL, &g);
    expect(&g, "a", VERDICT_PASS);
    release(&g);
    /* the module's own shape: train()'s default is 30, the call passes 60 —
     * the call's argument is what runs, on one line or over several */
    score_fixture_grade("run", extra, checks, "all: 0.745\n",
                        "def train(net, X, y, epochs=30, lr=0.01):\n    pass\n"
                        "train(net, X, y, epochs=60)\n", NULL, NULL, &g);
    expect(&g, "a", VERDICT_FAIL);
    ck_assert_str_eq(find(&g, "a")->reading, "60 epochs");
    release(&g);
    score_fixture_grade("run", extra, checks, "all: 0.745\n",
                        "async def train(net, X,\n                y, epochs=60):\n    pass\n"
                        "train(net, X, y)\n", NULL, NULL, &g);
    expect(&g, "a", VERDICT_FAIL);
    release(&g);
    /* the default alone, never overridden: that is the reading */
    score_fixture_grade("run", extra, checks, "all: 0.745\n",
                        "def train(net, X, y, epochs=30):\n    pass\ntrain(net, X, y)\n",
                        NULL, NULL, &g);
    expect(&g, "a", VERDICT_PASS);
    ck_assert_str_eq(find(&g, "a")->reading, "30 epochs");
    release(&g);
    /* an argparse option's default is what a run without arguments trains
     * with: it overrides the def's default like a call's argument */
    score_fixture_grade("run", extra, checks, "all: 0.745\n",
                        "def train_with_bar(net, X, y, epochs=30):\n    pass\n"
                        "ap.add_argument(\"--epochs\", type=int, default=60)\n"
                        "ap.add_argument('--lr', type=float, default=30)\n"
                        "train_with_bar(net, X, y, epochs=args.epochs)\n", NULL, NULL, &g);
    expect(&g, "a", VERDICT_FAIL);
    ck_assert_str_eq(find(&g, "a")->reading, "60 epochs");
    release(&g);
    score_fixture_grade("run", extra, checks, "all: 0.740\n",
                        "parser.add_argument('-e', '--n-epochs', default=30)\ntrain(net)\n",
                        NULL, NULL, &g);
    expect(&g, "a", VERDICT_FAIL);
    ck_assert_str_eq(find(&g, "a")->reading, "30 epochs");
    release(&g);
    /* silent code (the number only in a string or a comment): the fit decides */
    score_fixture_grade("run", extra, checks, "all: 0.745\n",
                        "print('epochs=60')  # epochs = 60\ntrain(net)\n", NULL, NULL, &g);
    expect(&g, "a", VERDICT_PASS);
    ck_assert_str_eq(find(&g, "a")->reading, "30 epochs");
    release(&g);
    /* a malformed "source" is a rubric error */
    {
        struct rubric *r = NULL;
        struct gb_err err;
        ck_assert_int_eq(score_fixture_load("run", "\"readings\": {\"ep\": [{\"name\": \"60\", "
                                            "\"key\": \"epochs_60\", \"source\": {\"name\": "
                                            "\"epochs\"}}]}, ", checks, &r, &err), -1);
        ck_assert_ptr_nonnull(strstr(err.msg, "field 'source' must be"));
    }
}
END_TEST

/* Grades "all: <printed>" under a two-choice "rows" reading (4,000 rows, the
 * module's; 2,000, which a call's first argument or a comment may choose)
 * and checks which reading was taken. */
static void expect_rows_reading(const char *source, const char *printed, const char *reading,
                                enum verdict verdict)
{
    struct graded g;
    char extra[768], output[64];
    const char *checks =
        "{\"id\": \"a\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", \"reading\": \"rows\","
        " \"locate\": {\"column\": \"all\"}, \"expected\": \"{rows}all\", \"tolerance\": {\"abs\": 0.002}}";

    snprintf(extra, sizeof extra, "%s\"readings\": {\"rows\": [{\"name\": \"4000 rows\", "
             "\"key\": \"readings.epochs_60.\", \"source\": {\"name\": \"rows\", \"value\": 4000, "
             "\"call\": \"recall_task\"}}, {\"name\": \"2000 rows\", \"key\": "
             "\"readings.epochs_30.\", \"source\": {\"name\": \"rows\", \"value\": 2000, "
             "\"call\": \"recall_task\", \"comment\": [\"row\", \"training\"]}}]}, ",
             seeded_field);
    snprintf(output, sizeof output, "all: %s\n", printed);
    score_fixture_grade("run", extra, checks, output, source, NULL, NULL, &g);
    expect(&g, "a", verdict);
    ck_assert_str_eq(find(&g, "a")->reading, reading);
    release(&g);
}

START_TEST(test_readings_follow_rows_in_code_and_comments)
{
    /* the literal as the call's first argument; the def's parameter is no choice */
    expect_rows_reading("def recall_task(n, T, seed):\n    pass\n"
                        "X, y = recall_task(2_000, T, seed=100 + T)\n", "0.740", "2000 rows",
                        VERDICT_FAIL);
    expect_rows_reading("Xtr, ytr = recall_task(\n    4000, T, seed=100 + T)\n", "0.745",
                        "4000 rows", VERDICT_FAIL);
    /* N_ROWS = 2000 is the name rule's, as epochs=60 is */
    expect_rows_reading("N_ROWS = 2000\nX, y = recall_task(N_ROWS, T, seed=1)\n", "0.740",
                        "2000 rows", VERDICT_FAIL);
    /* the code silent (a variable): the comment the exercise asks for decides */
    expect_rows_reading("# I cut the training rows to 2,000: my laptop is slow.\n"
                        "X, y = recall_task(n, T, seed=1)\n", "0.740", "2000 rows",
                        VERDICT_FAIL);
    /* both in the code (4,000 for the label check, 2,000 to train): the comment decides,
     * and without one the fit does */
    expect_rows_reading("recall_task(4000, T, seed=1)\nrecall_task(2000, T, seed=2)\n"
                        "# trained on 2000 rows\n", "0.740", "2000 rows", VERDICT_FAIL);
    expect_rows_reading("recall_task(4000, T, seed=1)\nrecall_task(2000, T, seed=2)\n",
                        "0.740", "4000 rows", VERDICT_PASS);
    /* what ran outranks what is said: 4,000 in the code, 2,000 in a comment */
    expect_rows_reading("# you may cut the training rows to 2,000\nrecall_task(4000, T, seed=1)\n",
                        "0.745", "4000 rows", VERDICT_FAIL);
    /* a comment's 2000 needs its word, and a number glued to a word is none */
    expect_rows_reading("# 2000 is a nice year; step2000 too\nX = recall_task(n, T, seed=1)\n",
                        "0.745", "2000 rows", VERDICT_PASS);
    expect_rows_reading("# seed 2000 for the noise\nX = recall_task(n, T, seed=1)\n",
                        "0.740", "4000 rows", VERDICT_PASS);
    /* a malformed "call" is a rubric error */
    {
        struct rubric *r = NULL;
        struct gb_err err;
        ck_assert_int_eq(score_fixture_load("run", "\"readings\": {\"rows\": [{\"name\": \"4000\", "
                                            "\"key\": \"a.\", \"source\": {\"name\": \"rows\", "
                                            "\"value\": 4000, \"call\": 5}}]}, ",
                                            "", &r, &err), -1);
        ck_assert_ptr_nonnull(strstr(err.msg, "field 'source' must be"));
    }
}
END_TEST

static void assert_triage(const struct graded *g, const char *starts, const char *has)
{
    ck_assert_ptr_nonnull(g->res.triage);
    ck_assert_msg(!strncmp(g->res.triage, starts, strlen(starts)), "triage: %s", g->res.triage);
    ck_assert_msg(!has || strstr(g->res.triage, has), "triage lacks '%s': %s", has, g->res.triage);
}

START_TEST(test_triage)
{
    struct graded g;
    const char *checks =
        VALUE("a", "a", "x", "\"expected\": 1.0, \"tolerance\": {\"rel\": 0.01}") ","
        VALUE("b", "b", "x", "\"expected\": 2.0, \"tolerance\": {\"rel\": 0.01}") ","
        VALUE("c", "c", "x", "\"expected\": 3.0, \"tolerance\": {\"rel\": 0.01}");

    grade("run", checks, "a: x 1.03\nb: x 2.05\nc: x 3.0\n", "", NULL, NULL, &g);
    assert_triage(&g, "Every numeric miss is small", "torch not installed");
    release(&g);
    /* One value far off, and the two printed after it agree: stale state. */
    grade("run", checks, "a: x 30\nb: x 2.0\nc: x 3.0\n", "", NULL, NULL, &g);
    assert_triage(&g, "One value (a) is far off while the values printed after it agree", "fresh python process");
    release(&g);
    /* The same miss printed last: nothing after it vouches for the state. */
    grade("run", checks, "a: x 1.0\nb: x 2.0\nc: x 30\n", "", NULL, NULL, &g);
    assert_triage(&g, "The misses are confined to one part of the exercise (c)", NULL);
    release(&g);
    grade("run", checks, "a: x 5\nb: x 9\nc: x 3.0\n", "", NULL, NULL, &g);
    assert_triage(&g, "The misses are large or many", NULL);
    release(&g);
    grade("run", checks, "a: x 1.0\nb: x 2.0\nc: x 3.0\n", "", NULL, NULL, &g);
    ck_assert_ptr_null(g.res.triage);
    release(&g);
}
END_TEST

/* An exercise without randomness has no stale state to blame. */
START_TEST(test_triage_unseeded)
{
    struct graded g;
    const char *checks =
        VALUE("a", "a", "x", "\"expected\": 1.0, \"tolerance\": {\"rel\": 0.01}") ","
        VALUE("b", "b", "x", "\"expected\": 2.0, \"tolerance\": {\"rel\": 0.01}") ","
        VALUE("c", "c", "x", "\"expected\": 3.0, \"tolerance\": {\"rel\": 0.01}");

    seeded_field = "\"seeded\": false, ";
    grade("run", checks, "a: x 30\nb: x 2.0\nc: x 3.0\n", "", NULL, NULL, &g);
    seeded_field = "";
    assert_triage(&g, "The misses are confined to one part of the exercise (a)", NULL);
    release(&g);
}
END_TEST

/* Checks named alike ("clip_*") are one part: misses confined to it point at
 * that part's code, even when several of its values are off. */
START_TEST(test_triage_one_part)
{
    struct graded g;
    const char *checks =
        VALUE("gain_a", "a", "x", "\"expected\": 1.0, \"tolerance\": {\"rel\": 0.01}") ","
        VALUE("gain_b", "b", "x", "\"expected\": 2.0, \"tolerance\": {\"rel\": 0.01}") ","
        VALUE("clip_c", "c", "x", "\"expected\": 3.0, \"tolerance\": {\"rel\": 0.01}") ","
        VALUE("clip_d", "d", "x", "\"expected\": 4.0, \"tolerance\": {\"rel\": 0.01}") ","
        VALUE("lstm_e", "e", "x", "\"expected\": 5.0, \"tolerance\": {\"rel\": 0.01}");

    grade("run", checks, "a: x 1.0\nb: x 2.0\nc: x 30\nd: x 40\ne: x 5.0\n", "", NULL, NULL, &g);
    assert_triage(&g, "The misses are confined to one part of the exercise (clip_c and clip_d) "
                      "while your other numbers agree", NULL);
    release(&g);
    /* Misses in two parts are no one part's fault. */
    grade("run", checks, "a: x 10\nb: x 2.0\nc: x 30\nd: x 4.0\ne: x 5.0\n", "", NULL, NULL, &g);
    assert_triage(&g, "The misses are large or many", NULL);
    release(&g);
}
END_TEST

/* A value that matches a rubric's known mistake is named in the check's
 * message and heads the triage; the verdict is still a failure. */
START_TEST(test_known_mistakes)
{
    struct graded g;
    const struct check_result *c;
    const char *checks =
        "{\"id\": \"clip_after\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\","
        " \"locate\": {\"column\": \"after\"}, \"expected\": 1.0, \"tolerance\": {\"abs\": 0.001},"
        " \"mistakes\": [{\"expected\": 5.0, \"tolerance\": {\"rel\": 0.01}, \"says\": \"max_norm was 5.0\"},"
        "                {\"expected\": \"w\", \"says\": \"that is the attention weight\"}]},"
        VALUE("a", "a", "x", "\"expected\": 1.0, \"tolerance\": {\"rel\": 0.01}") ","
        VALUE("b", "b", "x", "\"expected\": 2.0, \"tolerance\": {\"rel\": 0.01}");

    grade("run", checks, "a: x 1.0\nb: x 2.0\nafter: 5.000\n", "", NULL, NULL, &g);
    expect(&g, "clip_after", VERDICT_FAIL);
    c = find(&g, "clip_after");
    ck_assert_ptr_nonnull(strstr(c->message, "This is a known mistake: max_norm was 5.0"));
    ck_assert_str_eq(g.res.triage, "Your numbers match a known mistake, so fix that first: "
                                   "max_norm was 5.0 (clip_after).");
    release(&g);
    /* The second mistake takes the check's own tolerance (abs 0.001) and a key. */
    grade("run", checks, "a: x 1.0\nb: x 2.0\nafter: 0.7112\n", "", NULL, NULL, &g);
    ck_assert_ptr_nonnull(strstr(find(&g, "clip_after")->message, "that is the attention weight"));
    release(&g);
    /* Any other wrong value is no known mistake. */
    grade("run", checks, "a: x 1.0\nb: x 2.0\nafter: 2.5\n", "", NULL, NULL, &g);
    ck_assert_ptr_null(strstr(find(&g, "clip_after")->message, "known mistake"));
    assert_triage(&g, "The misses are confined to one part of the exercise (clip_after)", NULL);
    release(&g);
    grade("run", checks, "a: x 1.0\nb: x 2.0\nafter: 1.000\n", "", NULL, NULL, &g);
    expect(&g, "clip_after", VERDICT_PASS);
    ck_assert_ptr_null(g.res.triage);
    release(&g);
}
END_TEST

START_TEST(test_vector_each_relation)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"vec\", \"description\": \"d\", \"points\": 1, \"kind\": \"vector\","
        " \"locate\": {\"row\": \"rude\", \"shape\": \"vector\"}, \"expected\": \"out\", \"tolerance\": {\"abs\": 0.01}},"
        "{\"id\": \"sums\", \"description\": \"d\", \"points\": 1, \"kind\": \"each\","
        " \"locate\": {\"column\": \"sum\"}, \"expected\": 1.0, \"tolerance\": {\"abs\": 0.001}, \"min_count\": 2},"
        "{\"id\": \"gap\", \"description\": \"d\", \"points\": 1, \"kind\": \"relation\","
        " \"values\": {\"train\": {\"column\": \"train\"}, \"test\": {\"column\": \"test\"}},"
        " \"expr\": \"train - test\", \"greater_than\": 0.3},"
        "{\"id\": \"ratio\", \"description\": \"d\", \"points\": 1, \"kind\": \"relation\","
        " \"values\": {\"a\": {\"column\": \"t20\"}, \"b\": {\"column\": \"t50\"}},"
        " \"expr\": \"b / a\", \"range\": [1.3, 4.0], \"review_range\": [1.0, 10.0]}";

    grade("run", checks, "rude [0.881 -0.119 0.881 0.339]\nsum: 1.000\nsum: 0.999\n"
          "train: 0.858\ntest: 0.506\nt20: 4.0\nt50: 4.5\n", "", NULL, NULL, &g);
    expect(&g, "vec", VERDICT_PASS);
    expect(&g, "sums", VERDICT_PASS);
    expect(&g, "gap", VERDICT_PASS);
    expect(&g, "ratio", VERDICT_REVIEW);
    release(&g);
    grade("run", checks, "rude [0.881 -2.000 0.881]\nsum: 1.000\nsum: 0.900\n"
          "train: 0.600\ntest: 0.506\nt20: 4.0\nt50: 0.5\n", "", NULL, NULL, &g);
    expect(&g, "vec", VERDICT_FAIL);     /* 3 numbers where 4 are expected */
    expect(&g, "sums", VERDICT_FAIL);
    expect(&g, "gap", VERDICT_FAIL);
    expect(&g, "ratio", VERDICT_FAIL);
    release(&g);
    /* the element is named as the student indexes it: the second is [1] */
    grade("run", checks, "rude [0.881 -2.000 0.881 0.339]\n", "", NULL, NULL, &g);
    expect(&g, "vec", VERDICT_FAIL);
    expect_message(&g, "vec", "element [1] (counting from 0, as Python indexes) is -2;");
    release(&g);
}
END_TEST

/* Printing fewer digits widens a tolerance by at most the tolerance itself:
 * "[0e9, 0e9, 0e9, 0e9]" for [0.881, ...] ± 0.01 or ":.0f" printing 1 for
 * 0.711 ± 0.01 are too coarse to decide — a review that says "print more
 * digits", never a pass (both passed before) — while rounding to the
 * tolerance's own scale still passes. */
START_TEST(test_coarse_printing_is_never_a_pass)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"vec\", \"description\": \"d\", \"points\": 1, \"kind\": \"vector\","
        " \"locate\": {\"row\": \"rude\", \"shape\": \"vector\"}, \"expected\": \"out\", \"tolerance\": {\"abs\": 0.01}},"
        "{\"id\": \"w\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\","
        " \"locate\": {\"row\": \"weight\"}, \"expected\": \"w\", \"tolerance\": {\"abs\": 0.01}},"
        "{\"id\": \"sums\", \"description\": \"d\", \"points\": 1, \"kind\": \"each\","
        " \"locate\": {\"column\": \"sum\"}, \"expected\": 0.98, \"tolerance\": {\"abs\": 0.001}, \"min_count\": 2}";

    grade("run", checks, "rude [0e9, 0e9, 0e9, 0e9]\nweight: 1\nsum: 1\nsum: 1\n", "", NULL,
          NULL, &g);
    expect(&g, "vec", VERDICT_REVIEW);
    expect_message(&g, "vec", "print more digits");
    expect(&g, "w", VERDICT_REVIEW);
    expect_message(&g, "w", "print more digits");
    expect(&g, "sums", VERDICT_REVIEW);
    expect_message(&g, "sums", "print more digits");
    ck_assert_double_eq(g.res.score, 0);
    release(&g);
    /* two decimals: within the tolerance plus at most the tolerance */
    grade("run", checks, "rude [0.88, -0.12, 0.88, 0.34]\nweight: 0.70\nsum: 0.980\n"
          "sum: 0.981\n", "", NULL, NULL, &g);
    expect(&g, "vec", VERDICT_PASS);
    expect(&g, "w", VERDICT_PASS);
    expect(&g, "sums", VERDICT_PASS);
    release(&g);
    /* coarse and wrong is still wrong */
    grade("run", checks, "rude [0.881, 5, 0.881, 0.339]\nweight: 3\nsum: 1\nsum: 0.5\n", "", NULL,
          NULL, &g);
    expect(&g, "vec", VERDICT_FAIL);
    expect(&g, "w", VERDICT_FAIL);
    expect(&g, "sums", VERDICT_FAIL);
    release(&g);
}
END_TEST

/* An "each" check judges every element of a printed list after its label:
 * one vector of row sums is four sums, not one, and a bad element fails. */
START_TEST(test_each_counts_list_elements)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"sums\", \"description\": \"d\", \"points\": 1, \"kind\": \"each\","
        " \"locate\": {\"column\": \"sum\"}, \"expected\": 1.0, \"tolerance\": {\"abs\": 0.001}, \"min_count\": 4}";

    grade("run", checks, "row sums: [1. 1. 1. 1.]\n", "", NULL, NULL, &g);
    expect(&g, "sums", VERDICT_PASS);
    ck_assert_str_eq(find(&g, "sums")->found, "4 values, 0 outside");
    release(&g);
    grade("run", checks, "row sums tensor([1.0000, 1.0000, 0.9000, 1.0000])\n", "", NULL, NULL, &g);
    expect(&g, "sums", VERDICT_FAIL);
    ck_assert_str_eq(find(&g, "sums")->message, "line 1 prints 0.9000");
    release(&g);
    grade("run", checks, "{\n  \"row_sums\": [\n    1.0,\n    1.0,\n    1.0\n  ]\n}\n", "", NULL, NULL,
          &g);
    expect(&g, "sums", VERDICT_FAIL);    /* three sums where four rows are needed */
    release(&g);
}
END_TEST

/* "2244/4000" is a count out of a total: a check that asks for a rate
 * (a value in [0, 1]) reads the quotient, a check for a count the count. */
START_TEST(test_count_ratios)
{
    struct graded g;
    const char *checks =
        VALUE("acc", "rnn", "train acc", "\"expected\": \"readings.epochs_30.not\", \"tolerance\": {\"abs\": 0.01}") ","
        VALUE("chance", "rnn", "test acc", "\"range\": [0.4, 0.6]") ","
        VALUE("count", "rnn", "very", "\"expected\": \"split.very\", \"tolerance\": {\"abs\": 0}") ","
        "{\"id\": \"gap\", \"description\": \"d\", \"points\": 1, \"kind\": \"relation\","
        " \"values\": {\"train\": {\"column\": \"train acc\"}, \"test\": {\"column\": \"test acc\"}},"
        " \"expr\": \"train - test\", \"greater_than\": 0.3}";

    grade("run", checks, "rnn: train acc 1980/4000, test acc 494 / 1000, very 297/400\n", "", NULL,
          NULL, &g);
    expect(&g, "acc", VERDICT_PASS);     /* 0.495 */
    expect(&g, "chance", VERDICT_PASS);  /* 0.494, not 494 */
    expect(&g, "count", VERDICT_PASS);   /* 297 rows */
    expect(&g, "gap", VERDICT_FAIL);     /* 0.001, not 1486 */
    ck_assert_str_eq(find(&g, "acc")->found, "1980/4000");
    release(&g);
    grade("run", checks, "rnn: train acc 3356/4000, test acc 1/2, very 296/400\n", "", NULL, NULL, &g);
    expect(&g, "acc", VERDICT_FAIL);     /* 0.839 */
    expect(&g, "chance", VERDICT_PASS);
    expect(&g, "count", VERDICT_FAIL);
    expect(&g, "gap", VERDICT_PASS);     /* 0.839 - 0.5 */
    release(&g);
}
END_TEST

/* Relation operands are quantities: a percentage is its fraction and a
 * time is in seconds, so "51.0% - 49.5%" is no 1.5-point gap and
 * "950 ms" against "2.1 s" is a ratio of 2.2. */
START_TEST(test_relation_units)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"gap\", \"description\": \"d\", \"points\": 1, \"kind\": \"relation\","
        " \"values\": {\"train\": {\"column\": \"train\"}, \"test\": {\"column\": \"test\"}},"
        " \"expr\": \"train - test\", \"greater_than\": 0.3},"
        "{\"id\": \"ratio\", \"description\": \"d\", \"points\": 1, \"kind\": \"relation\","
        " \"values\": {\"a\": {\"column\": \"t20\"}, \"b\": {\"column\": \"t50\"}},"
        " \"expr\": \"b / a\", \"range\": [1.3, 4.0]}";

    grade("run", checks, "train: 51.0%\ntest: 49.5%\nt20: 950 ms\nt50: 2.1 s\n", "", NULL, NULL, &g);
    expect(&g, "gap", VERDICT_FAIL);
    expect(&g, "ratio", VERDICT_PASS);
    ck_assert_str_eq(find(&g, "ratio")->found, "a 950 ms, b 2.1 s \xe2\x86\x92 b / a = 2.211");
    release(&g);
    grade("run", checks, "train: 100.0%\ntest: 49.5%\nt20: 2100ms\nt50: 0.9 s\n", "", NULL, NULL, &g);
    expect(&g, "gap", VERDICT_PASS);
    expect(&g, "ratio", VERDICT_FAIL);
    release(&g);
}
END_TEST

/* Two operands are two printed numbers: one number read as both (a lone
 * "took 0.12 s" matching step 1 and step 50 alike) proves no relation. */
START_TEST(test_relation_operands_distinct)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"keeps\", \"description\": \"d\", \"points\": 1, \"kind\": \"relation\","
        " \"values\": {\"s1\": {\"column\": [\"t1\", \"took\"]},"
        " \"s50\": {\"column\": [\"t50\", \"took\"]}},"
        " \"expr\": \"s1 / s50\", \"greater_than\": 0.5}";

    grade("run", checks, "took: 0.12 s\n", "", NULL, NULL, &g);
    expect(&g, "keeps", VERDICT_MISSING);
    expect_message(&g, "keeps", "both read from the same number on line 1");
    release(&g);
    grade("run", checks, "t1: 0.12\nt50: 0.12\n", "", NULL, NULL, &g);
    expect(&g, "keeps", VERDICT_PASS);
    release(&g);
}
END_TEST

/* The value never picks an operand's reading: the labels' choice stays,
 * and a look-alike line that meets the reference makes a failing relation
 * a reviewer's (score_locate_near), never a pass. */
START_TEST(test_relation_operand_look_alike_is_review)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"ratio\", \"description\": \"d\", \"points\": 1, \"kind\": \"relation\","
        " \"values\": {\"s1\": {\"row\": \"gain 0.5\", \"column\": \"step 1\","
        " \"reads\": \"rnn.gain_0_5.step_1\"},"
        " \"s50\": {\"row\": \"gain 0.5\", \"column\": \"step 50\","
        " \"reads\": \"rnn.gain_0_5.step_50\"}},"
        " \"expr\": \"s1 / s50\", \"expected\": \"rnn.gain_0_5.ratio\","
        " \"tolerance\": {\"rel\": 0.02}}";

    grade("run", checks, "gain 0.5 step 1: 5.032e-17\ngain 0.5 step 50: 0.07577\n"
          "gain 0.5 step 50: 0.04000\n", "", NULL, NULL, &g);
    expect(&g, "ratio", VERDICT_REVIEW);
    expect_message(&g, "ratio", "a reviewer reads both; s1 / s50 comes to");
    release(&g);
    grade("run", checks, "gain 0.5 step 1: 5.032e-17\ngain 0.5 step 50: 0.07577\n", "", NULL,
          NULL, &g);
    expect(&g, "ratio", VERDICT_PASS);
    release(&g);
}
END_TEST

/* A table printed as a dict of lists puts its rows on one output line:
 * two rows of one column are still two printed numbers. */
START_TEST(test_relation_over_rows_of_one_printed_line)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"t\", \"description\": \"d\", \"points\": 1, \"kind\": \"relation\","
        " \"values\": {\"t20\": {\"row\": \"length 20 RNN\", \"column\": \"train s\"},"
        " \"t50\": {\"row\": \"length 50 RNN\", \"column\": \"train s\"}},"
        " \"expr\": \"t50 / t20\", \"range\": [1.3, 4.0]}";

    grade("run", checks, "part2 = {'length': [20, 50], 'model': ['RNN', 'RNN'], "
          "'train_s': [11.0, 40.5]}\n", "", NULL, NULL, &g);
    expect(&g, "t", VERDICT_PASS);
    release(&g);
}
END_TEST

START_TEST(test_comments)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"n\", \"description\": \"d\", \"points\": 1, \"kind\": \"comment_sentences\", \"min\": 3},"
        "{\"id\": \"clip\", \"description\": \"d\", \"points\": 1, \"kind\": \"comment_idea\","
        " \"ideas\": [[\"clip\"], [\"explo\"], [\"vanish\"], [\"nothing\", \"not$\"]]},"
        "{\"id\": \"ceil\", \"description\": \"d\", \"points\": 1, \"kind\": \"comment_idea\","
        " \"ideas\": [[\"#0.5\"], [\"beat\"], [\"no$\", \"cannot\"]], \"window\": 1},"
        /* the same idea without its negation declared: "no model can beat" denies it */
        "{\"id\": \"beat\", \"description\": \"d\", \"points\": 1, \"kind\": \"comment_idea\","
        " \"ideas\": [[\"#0.5\"], [\"beat\"]], \"window\": 1},"
        "{\"id\": \"cite\", \"description\": \"d\", \"points\": 1, \"kind\": \"comment_cites_output\","
        " \"ideas\": [[\"#30\"], [\"ship\"]]}";
    const char *good =
        "x = '# not a comment: clipping explodes vanishing nothing'\n"
        "# Clipping caps an exploding gradient.\n"
        "# It does nothing for a vanishing one.\n"
        "y = 1  # no model reading counts can beat 50% on twins\n"
        "\"\"\"For 30-token inputs I would ship the LSTM, which scored 0.998 on test rows.\"\"\"\n";

    grade("run", checks, "LSTM test 0.998\n", good, NULL, NULL, &g);
    expect(&g, "n", VERDICT_PASS);
    expect(&g, "clip", VERDICT_PASS);
    ck_assert_str_eq(find(&g, "clip")->where, "ex.py line 2");
    expect(&g, "ceil", VERDICT_PASS);
    expect(&g, "beat", VERDICT_FAIL);
    expect(&g, "cite", VERDICT_PASS);
    release(&g);
    grade("run", checks, "LSTM test 0.998\n",
          "x = '# clipping explodes vanishing nothing. one two three four.'\n"
          "# Clipping caps an exploding gradient and helps vanishing ones too.\n"
          "# For 30 tokens I would ship the LSTM because I like it.\n", NULL, NULL, &g);
    expect(&g, "n", VERDICT_FAIL);
    expect(&g, "clip", VERDICT_FAIL);
    expect(&g, "ceil", VERDICT_FAIL);
    expect(&g, "beat", VERDICT_FAIL);
    expect(&g, "cite", VERDICT_FAIL);
    release(&g);
    /* a closing block of notes, one a line after the last code, counts a
     * sentence per note of four words or more ... */
    const char *notes =
        "# p2: gain 1.0, how far back\n"
        "x = 1\n"
        "# vanish: gain 0.5 (x0.490), 0.9 (x0.842)\n"
        "# explode: gain 1.5, x1.090/step\n"
        "# clip rescales big grads (20.6 -> 1.0) so it stops explosion\n";
    grade("run", checks, "x\n", notes, NULL, NULL, &g);
    expect(&g, "n", VERDICT_PASS);
    release(&g);
    /* ... not notes of fewer words ... */
    grade("run", checks, "x\n",
          "x = 1\n"
          "# vanish: gain 0.5 (x0.490), 0.9 (x0.842)\n"
          "# explode: gain 1.5, x1.090/step\n"
          "# clip: no help\n", NULL, NULL, &g);
    expect(&g, "n", VERDICT_FAIL);
    release(&g);
    /* ... nor headings above code ... */
    grade("run", checks, "x\n",
          "# vanish: gain 0.5 (x0.490), 0.9 (x0.842)\n"
          "# explode: gain 1.5, x1.090/step\n"
          "x = 1\n"
          "# clip rescales big grads (20.6 -> 1.0) so it stops explosion\n", NULL, NULL, &g);
    expect(&g, "n", VERDICT_FAIL);
    release(&g);
    /* ... nor the wrapped lines of a closing paragraph that ends its sentences */
    grade("run", checks, "x\n",
          "x = 1\n"
          "# Clipping caps the exploding gradient at gain 1.5 and\n"
          "# leaves the vanishing one alone, because it can only\n"
          "# shrink a gradient and never grow one that is tiny.\n"
          "# Forget bias three keeps the blame.\n", NULL, NULL, &g);
    expect(&g, "n", VERDICT_FAIL);
    release(&g);
}
END_TEST

START_TEST(test_answers)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"w\", \"description\": \"d\", \"points\": 1, \"kind\": \"answer_numbers\", \"section\": \"q3\","
        " \"numbers\": [{\"label\": \"largest\", \"expected\": \"w\", \"tolerance\": {\"abs\": 0.005}}]},"
        "{\"id\": \"acc\", \"description\": \"d\", \"points\": 1, \"kind\": \"answer_numbers\", \"section\": \"friend\","
        " \"min_numbers\": 1, \"numbers\": [{\"label\": \"a\", \"expected\": \"readings.epochs_30.not\", \"tolerance\": {\"abs\": 0.002}},"
        " {\"label\": \"b\", \"expected\": 0.5, \"tolerance\": {\"abs\": 0.002}}]},"
        "{\"id\": \"len\", \"description\": \"d\", \"points\": 1, \"kind\": \"answer_sentences\", \"section\": \"friend\", \"max\": 2},"
        "{\"id\": \"maths\", \"description\": \"d\", \"points\": 1, \"kind\": \"answer_words\", \"section\": \"friend\","
        " \"forbidden\": [\"matrix\", \"log$\"]},"
        "{\"id\": \"idea\", \"description\": \"d\", \"points\": 1, \"kind\": \"answer_idea\", \"section\": \"q2\","
        " \"ideas\": [[\"memoris\", \"memoriz\"]]},"
        "{\"id\": \"rev\", \"description\": \"d\", \"points\": 1, \"kind\": \"review\", \"section\": \"friend\", \"prompt\": \"is it clear?\"}";

    grade("read", checks, NULL, NULL,
          "# answers\n\n## Question 3 — prediction\nThe largest weight is 0.71.\n\n"
          "## friend\nCounting scored 49.5% on those rows. The logbook says so.\n\n"
          "## q2\nIt memorized the rows.\n", NULL, &g);
    expect(&g, "w", VERDICT_PASS);
    expect(&g, "acc", VERDICT_PASS);
    expect(&g, "len", VERDICT_PASS);
    expect(&g, "maths", VERDICT_PASS);   /* "logbook" is not the word "log" */
    expect(&g, "idea", VERDICT_PASS);
    expect(&g, "rev", VERDICT_REVIEW);
    ck_assert_ptr_nonnull(strstr(find(&g, "rev")->message, "needs human review"));
    ck_assert_double_eq(g.res.score, 5);
    release(&g);
    grade("read", checks, NULL, NULL,
          "## q3\nIt is 0.8.\n## friend\nIt took 1 hop. A matrix. Then a log. Done.\n", NULL, &g);
    expect(&g, "w", VERDICT_FAIL);
    expect(&g, "acc", VERDICT_FAIL);     /* a bare "1" is not the accuracy 0.5 */
    expect(&g, "len", VERDICT_FAIL);
    expect(&g, "maths", VERDICT_FAIL);
    expect(&g, "idea", VERDICT_MISSING);
    release(&g);
}
END_TEST

START_TEST(test_twin_pairs_and_trace)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"tw\", \"description\": \"d\", \"points\": 1, \"kind\": \"twin_pairs\", \"min_pairs\": 2, \"require_sorted\": true},"
        "{\"id\": \"tr\", \"description\": \"d\", \"points\": 1, \"kind\": \"rnn_trace\"}";
    const char *trace =
        "A: delivery was good and service was not slow\n"
        "0 <start> [0. 0. 0.]\n1 delivery [0. 0. 0.]\n2 was [0. 0. 0.]\n3 good [0.716 0. 0.462]\n"
        "4 and [0.615 0. 0.432]\n5 service [0.547 0. 0.407]\n6 was [0.499 0. 0.386]\n"
        "7 not [0.461 0.964 0.368]\n8 slow [-0.413 0. 0.7 ]\n"
        "B: delivery was slow and service was not good\n"
        "0 <start> [0. 0. 0.]\n1 delivery [0. 0. 0.]\n2 was [0. 0. 0.]\n3 slow [-0.716 0. 0.462]\n"
        "4 and [-0.615 0. 0.432]\n5 service [-0.547 0. 0.407]\n6 was [-0.499 0. 0.386]\n"
        "7 not [-0.461 0.964 0.368]\n8 good [0.413 0. 0.7 ]\n";
    char out[4096];

    snprintf(out, sizeof out,
             "pair 1: 'delivery was good and service was not slow' | 'delivery was slow and service was not good'\n"
             "sorted: ['and', 'delivery', 'good', 'not', 'service', 'slow', 'was', 'was']\n"
             "pair 2: app was not rude and support was quick (1)\n"
             "        app was not quick and support was rude (0)\n"
             "sorted: and app not quick rude support was was\n%s", trace);
    grade("run", checks, out, "", NULL, NULL, &g);
    expect(&g, "tw", VERDICT_PASS);
    expect(&g, "tr", VERDICT_PASS);
    release(&g);
    grade("run", checks,
          "pair 1: delivery was good and service was not slow | service was good and delivery was not slow\n"
          "1 delivery [0. 0. 0.]\n2 was [0. 0. 0.]\n3 good [0.716 0. 0.462]\n4 and [0.615 0. 0.432]\n"
          "5 service [0.547 0. 0.407]\n6 was [0.499 0. 0.386]\n7 not [0.461 0.964 0.368]\n8 slow [-0.413 0. 0.7]\n"
          "1 delivery [0. 0. 0.]\n2 was [0. 0. 0.]\n3 slow [-0.5 0. 0.462]\n4 and [-0.615 0. 0.432]\n"
          "5 service [-0.547 0. 0.407]\n6 was [-0.499 0. 0.386]\n7 not [-0.461 0.964 0.368]\n8 good [0.413 0. 0.7]\n",
          "", NULL, NULL, &g);
    expect(&g, "tw", VERDICT_FAIL);       /* same bag, same label: not twins */
    expect(&g, "tr", VERDICT_FAIL);       /* -0.5 is not Step 2's RNN */
    release(&g);
}
END_TEST

/* A trace printed in the format fmt (one %s: B's mood at step 3) passes
 * with Step 2's -0.716 there, read at step 3, and fails with -0.5. */
static void expect_trace_separates(const char *checks, const char *fmt)
{
    struct graded g;
    char out[4096];

    snprintf(out, sizeof out, fmt, "-0.716");
    grade("run", checks, out, "", NULL, NULL, &g);
    expect(&g, "tr", VERDICT_PASS);
    ck_assert_ptr_nonnull(strstr(find(&g, "tr")->found, "step 3"));
    release(&g);
    snprintf(out, sizeof out, fmt, "-0.500");
    grade("run", checks, out, "", NULL, NULL, &g);
    expect(&g, "tr", VERDICT_FAIL);       /* -0.5 is not Step 2's RNN */
    release(&g);
}

/* The same trace printed the other way round, one column per step (a step
 * row, a token row, then the three memory rows): read column by column,
 * and still checked against Step 2's RNN. */
START_TEST(test_trace_one_column_per_step)
{
    const char *checks = "{\"id\": \"tr\", \"description\": \"d\", \"points\": 1, \"kind\": \"rnn_trace\"}";
    const char *fmt =
        "A: delivery was good and service was not slow\n"
        "step          1      2      3      4        5      6      7      8\n"
        "token  delivery    was   good    and  service    was    not   slow\n"
        "mood      0.000  0.000  0.716  0.615    0.547  0.499  0.461 -0.413\n"
        "saw-not   0.000  0.000  0.000  0.000    0.000  0.000  0.964  0.000\n"
        "count     0.000  0.000  0.462  0.432    0.407  0.386  0.368  0.700\n"
        "\n"
        "B: delivery was slow and service was not good\n"
        "step          0        1      2      3      4        5      6      7      8\n"
        "token   <start> delivery    was   slow    and  service    was    not   good\n"
        "mood      0.000    0.000  0.000 %s -0.615   -0.547 -0.499 -0.461  0.413\n"
        "saw-not   0.000    0.000  0.000  0.000  0.000    0.000  0.000  0.964  0.000\n"
        "count     0.000    0.000  0.000  0.462  0.432    0.407  0.386  0.368  0.700\n";
    expect_trace_separates(checks, fmt);
}
END_TEST

/* The same trace printed as mappings whose keys name the roles (YAML flow
 * maps, no x column): the token after "token:", the memory after "h:". */
START_TEST(test_trace_rows_as_mappings)
{
    const char *checks = "{\"id\": \"tr\", \"description\": \"d\", \"points\": 1, \"kind\": \"rnn_trace\"}";
    const char *fmt =
        "rnn_trace:\n"
        "  a:  # delivery was good and service was not slow\n"
        "    - {step: 1, token: delivery, h: [0.000, 0.000, 0.000]}\n"
        "    - {step: 2, token: was, h: [0.000, 0.000, 0.000]}\n"
        "    - {step: 3, token: good, h: [0.716, 0.000, 0.462]}\n"
        "    - {step: 4, token: and, h: [0.615, 0.000, 0.432]}\n"
        "    - {step: 5, token: service, h: [0.547, 0.000, 0.407]}\n"
        "    - {step: 6, token: was, h: [0.499, 0.000, 0.386]}\n"
        "    - {step: 7, token: not, h: [0.461, 0.964, 0.368]}\n"
        "    - {step: 8, token: slow, h: [-0.413, 0.000, 0.700]}\n"
        "  b:  # delivery was slow and service was not good\n"
        "    - {step: 1, token: delivery, h: [0.000, 0.000, 0.000]}\n"
        "    - {step: 2, word: was, h: [0.000, 0.000, 0.000]}\n"
        "    - {step: 3, token: slow, h: [%s, 0.000, 0.462]}\n"
        "    - {step: 4, token: and, h: [-0.615, 0.000, 0.432]}\n"
        "    - {step: 5, token: service, h: [-0.547, 0.000, 0.407]}\n"
        "    - {step: 6, token: was, h: [-0.499, 0.000, 0.386]}\n"
        "    - {step: 7, token: not, h: [-0.461, 0.964, 0.368]}\n"
        "    - {step: 8, token: good, h: [0.413, 0.000, 0.700]}\n";
    expect_trace_separates(checks, fmt);
}
END_TEST

/* The same trace as R prints a data frame with the tokens as row names: no
 * step on any row; a row's step is its place in the run ("<start>" is step
 * 0, else the first row is step 1). */
START_TEST(test_trace_rows_without_steps)
{
    const char *checks = "{\"id\": \"tr\", \"description\": \"d\", \"points\": 1, \"kind\": \"rnn_trace\"}";
    const char *fmt =
        "review A: delivery was good and service was not slow\n"
        "           mood saw_not count\n"
        "delivery  0.000   0.000 0.000\n"
        "was       0.000   0.000 0.000\n"
        "good      0.716   0.000 0.462\n"
        "and       0.615   0.000 0.432\n"
        "service   0.547   0.000 0.407\n"
        "was       0.499   0.000 0.386\n"
        "not       0.461   0.964 0.368\n"
        "slow     -0.413   0.000 0.700\n"
        "\n"
        "review B: delivery was slow and service was not good\n"
        "           mood saw_not count\n"
        "<start>   0.000   0.000 0.000\n"
        "delivery  0.000   0.000 0.000\n"
        "was       0.000   0.000 0.000\n"
        "slow     %s   0.000 0.462\n"
        "and      -0.615   0.000 0.432\n"
        "service  -0.547   0.000 0.407\n"
        "was      -0.499   0.000 0.386\n"
        "not      -0.461   0.964 0.368\n"
        "good      0.413   0.000 0.700\n";
    expect_trace_separates(checks, fmt);
}
END_TEST

/* The same trace in sentences: words that are not the course's label the
 * numbers ("the state is mood ..., saw-not ..."); a review's words would not. */
START_TEST(test_trace_rows_in_sentences)
{
    const char *checks = "{\"id\": \"tr\", \"description\": \"d\", \"points\": 1, \"kind\": \"rnn_trace\"}";
    const char *fmt =
        "Trace for \"delivery was good and service was not slow\":\n"
        "After step 1 (delivery) the state is mood 0.000, saw-not 0.000, count 0.000.\n"
        "After step 2 (was) the state is mood 0.000, saw-not 0.000, count 0.000.\n"
        "After step 3 (good) the state is mood 0.716, saw-not 0.000, count 0.462.\n"
        "After step 4 (and) the state is mood 0.615, saw-not 0.000, count 0.432.\n"
        "After step 5 (service) the state is mood 0.547, saw-not 0.000, count 0.407.\n"
        "After step 6 (was) the state is mood 0.499, saw-not 0.000, count 0.386.\n"
        "After step 7 (not) the state is mood 0.461, saw-not 0.964, count 0.368.\n"
        "After step 8 (slow) the state is mood -0.413, saw-not 0.000, count 0.700.\n"
        "Trace for \"delivery was slow and service was not good\":\n"
        "After step 1 (delivery) the state is mood 0.000, saw-not 0.000, count 0.000.\n"
        "After step 2 (was) the state is mood 0.000, saw-not 0.000, count 0.000.\n"
        "After step 3 (slow) the state is mood %s, saw-not 0.000, count 0.462.\n"
        "After step 4 (and) the state is mood -0.615, saw-not 0.000, count 0.432.\n"
        "After step 5 (service) the state is mood -0.547, saw-not 0.000, count 0.407.\n"
        "After step 6 (was) the state is mood -0.499, saw-not 0.000, count 0.386.\n"
        "After step 7 (not) the state is mood -0.461, saw-not 0.964, count 0.368.\n"
        "After step 8 (good) the state is mood 0.413, saw-not 0.000, count 0.700.\n";
    const char *fmt2 =
        "At step 1 the RNN reads 'delivery' with features [0. 0. 0.] and its memory becomes [0. 0. 0.].\n"
        "At step 2 the RNN reads 'was' with features [0. 0. 0.] and its memory becomes [0. 0. 0.].\n"
        "At step 3 the RNN reads 'good' with features [1. 0. 0.] and its memory becomes [0.716 0. 0.462].\n"
        "At step 4 the RNN reads 'and' with features [0. 0. 0.] and its memory becomes [0.615 0. 0.432].\n"
        "At step 5 the RNN reads 'service' with features [0. 0. 0.] and its memory becomes [0.547 0. 0.407].\n"
        "At step 6 the RNN reads 'was' with features [0. 0. 0.] and its memory becomes [0.499 0. 0.386].\n"
        "At step 7 the RNN reads 'not' with features [0. 0. 1.] and its memory becomes [0.461 0.964 0.368].\n"
        "At step 8 the RNN reads 'slow' with features [0. 1. 0.] and its memory becomes [-0.413 0. 0.7].\n"
        "\n"
        "At step 1 the RNN reads 'delivery' with features [0. 0. 0.] and its memory becomes [0. 0. 0.].\n"
        "At step 2 the RNN reads 'was' with features [0. 0. 0.] and its memory becomes [0. 0. 0.].\n"
        "At step 3 the RNN reads 'slow' with features [0. 1. 0.] and its memory becomes [%s 0. 0.462].\n"
        "At step 4 the RNN reads 'and' with features [0. 0. 0.] and its memory becomes [-0.615 0. 0.432].\n"
        "At step 5 the RNN reads 'service' with features [0. 0. 0.] and its memory becomes [-0.547 0. 0.407].\n"
        "At step 6 the RNN reads 'was' with features [0. 0. 0.] and its memory becomes [-0.499 0. 0.386].\n"
        "At step 7 the RNN reads 'not' with features [0. 0. 1.] and its memory becomes [-0.461 0.964 0.368].\n"
        "At step 8 the RNN reads 'good' with features [1. 0. 0.] and its memory becomes [0.413 0. 0.7].\n";
    struct graded g;

    expect_trace_separates(checks, fmt);
    expect_trace_separates(checks, fmt2);
    grade("run", checks, "label 1: delivery was not slow 0.716 0.000 0.462\n"
                         "label 3: service was good 0.5 0.1 0.2\n", "", NULL, NULL, &g);
    expect(&g, "tr", VERDICT_MISSING);    /* reviews with numbers are no trace */
    release(&g);
}
END_TEST

START_TEST(test_prose_split_and_keywords)
{
    struct prose p;
    struct gb_err err;
    const char *t = "Loss was 0.500 here. Next one!\n\n- item one\n- item two";

    ck_assert_int_eq(prose_split(t, strlen(t), &p, &err), 0);
    ck_assert_uint_eq(p.n, 4);
    ck_assert_uint_eq(p.s[2].line, 3);
    prose_free(&p);
    ck_assert(prose_keyword_in("it memorised them", 17, "memoris"));
    ck_assert(!prose_keyword_in("a note", 6, "not$"));
    ck_assert(prose_keyword_in("about 50% of", 12, "#0.5"));
    ck_assert(!prose_keyword_in("about 0.574", 11, "#0.5"));
}
END_TEST

/* A vector printed as a dict of its elements' names, in another order
 * (pprint sorts the keys): "elements" reads each by name, in the rubric's
 * order; a wrong element still fails, and so does a dict that lacks one
 * (what was printed is the row's one number, not a vector of four). */
START_TEST(test_vector_by_element_names)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"vec\", \"description\": \"d\", \"points\": 1, \"kind\": \"vector\","
        " \"locate\": {\"row\": \"rude\", \"shape\": \"vector\"}, \"expected\": \"out\","
        " \"tolerance\": {\"abs\": 0.01},"
        " \"elements\": [\"subject\", \"good/bad\", \"negation\", \"filler\"]}";

    grade("run", checks, "{'outputs': {'rude': {'filler': 0.339,\n"
          "                        'good/bad': -0.119,\n"
          "                        'negation': 0.881,\n"
          "                        'subject': 0.881}}}\n", "", NULL, NULL, &g);
    expect(&g, "vec", VERDICT_PASS);
    release(&g);
    grade("run", checks, "{'outputs': {'rude': {'filler': 0.339,\n"
          "                        'good/bad': -2.0,\n"
          "                        'negation': 0.881,\n"
          "                        'subject': 0.881}}}\n", "", NULL, NULL, &g);
    expect(&g, "vec", VERDICT_FAIL);
    release(&g);
    grade("run", checks, "{'outputs': {'rude': {'filler': 0.339,\n"
          "                        'negation': 0.881,\n"
          "                        'subject': 0.881}}}\n", "", NULL, NULL, &g);
    expect(&g, "vec", VERDICT_FAIL);
    release(&g);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        test_value_tolerance_notation_and_texts,
        test_value_choice_beyond_labels,
        test_value_guesses_never_pick,
        test_missing_and_unreached,
        test_a_value_the_quantity_cannot_be_fails,
        test_readings_pick_the_students_choice,
        test_readings_follow_the_source,
        test_readings_follow_rows_in_code_and_comments,
        test_triage,
        test_triage_one_part,
        test_triage_unseeded,
        test_known_mistakes,
        test_vector_each_relation,
        test_coarse_printing_is_never_a_pass,
        test_each_counts_list_elements,
        test_count_ratios,
        test_vector_by_element_names,
        test_relation_units,
        test_relation_operands_distinct, test_relation_operand_look_alike_is_review,
        test_relation_over_rows_of_one_printed_line,
        test_comments,
        test_answers,
        test_twin_pairs_and_trace,
        test_trace_one_column_per_step,
        test_trace_rows_as_mappings,
        test_trace_rows_in_sentences, test_trace_rows_without_steps,
        test_exercise_name_labels_nothing,
        test_prose_split_and_keywords
    };

    return score_fixture_main("score", expected_json, tests, sizeof tests / sizeof *tests);
}
