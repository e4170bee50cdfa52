/* test_score_claims.c — Check suite for the claim-level scoring: comment ideas
 * tied to their subjects ("about", the step from the run's own trace), the
 * typed_output kind, answer numbers with context and parameter words, and the
 * rubric loader's validation of those fields. */
#include "score_fixture.h"
#include "score/score_value.h"

static const char expected_json[] =
    "{\"exercise\": \"ex\", \"generated_by\": \"test\", \"values\": {"
    " \"sep\": 3, \"w\": 0.7112, \"acc\": {\"very\": 1.0, \"not\": 0.485}}}";

static int load(const char *mode, const char *checks, struct rubric **r, struct gb_err *err)
{
    return score_fixture_load(mode, "", checks, r, err);
}

static void grade(const char *mode, const char *checks, const char *output, const char *source,
                  const char *answers, struct graded *g)
{
    score_fixture_grade(mode, "", checks, output, source, answers, NULL, g);
}

#define SEPARATION \
    "{\"id\": \"sep\", \"description\": \"d\", \"points\": 1, \"kind\": \"comment_idea\"," \
    " \"ideas\": [[\"separat\", \"diverg\"]], \"window\": 1, \"about\": {" \
    " \"right\": [\"first opinion\"], \"wrong\": [\"not arrives\"]," \
    " \"number\": {\"after\": [\"step\"], \"expected\": \"sep\", \"own_trace\": true}}}"

/* A trace of a twin pair whose memories separate at step 4 (not at step 3). */
static const char trace4[] =
    "0 <start> [0. 0. 0.]\n1 packing [0. 0. 0.]\n2 was [0. 0. 0.]\n3 not [0. 0.964 0.]\n"
    "4 rude [-0.716 0. 0.462]\n5 and [-0.615 0. 0.432]\n6 support [-0.547 0. 0.407]\n"
    "7 was [-0.499 0. 0.386]\n8 quick [0.381 0. 0.709]\n"
    "0 <start> [0. 0. 0.]\n1 packing [0. 0. 0.]\n2 was [0. 0. 0.]\n3 not [0. 0.964 0.]\n"
    "4 quick [0.716 0. 0.462]\n5 and [0.615 0. 0.432]\n6 support [0.547 0. 0.407]\n"
    "7 was [0.499 0. 0.386]\n8 rude [-0.381 0. 0.709]\n";

START_TEST(test_separation_step_from_the_runs_own_trace)
{
    struct graded g;

    /* no trace printed: the rubric's key (step 3) */
    grade("run", SEPARATION, "", "# The traces separate at step 3.\n", NULL, &g);
    expect(&g, "sep", VERDICT_PASS);
    ck_assert_ptr_nonnull(strstr(find(&g, "sep")->expected, "step 3"));
    release(&g);
    /* the run traced a pair that separates at step 4: step 3 is now wrong */
    grade("run", SEPARATION, trace4, "# The traces separate at step 3.\n", NULL, &g);
    expect(&g, "sep", VERDICT_FAIL);
    ck_assert_ptr_nonnull(strstr(find(&g, "sep")->message, "separates at step 4"));
    release(&g);
    grade("run", SEPARATION, trace4, "# The traces separate at step 4, not where not arrives.\n",
          NULL, &g);
    expect(&g, "sep", VERDICT_PASS);
    release(&g);
    grade("run", SEPARATION, trace4, "# The traces separate when not arrives.\n", NULL, &g);
    expect(&g, "sep", VERDICT_FAIL);
    release(&g);
    /* the idea without any subject: no claim made */
    grade("run", SEPARATION, trace4, "# The traces separate.\n", NULL, &g);
    expect(&g, "sep", VERDICT_FAIL);
    ck_assert_ptr_nonnull(strstr(find(&g, "sep")->message, "never says it of"));
    release(&g);
}
END_TEST

START_TEST(test_wrong_only_pairings)
{
    struct graded g;
    const char *clip =
        "{\"id\": \"clip\", \"description\": \"d\", \"points\": 1, \"kind\": \"comment_idea\","
        " \"ideas\": [[\"clip\"], [\"explo\"], [\"vanish\"]], \"about\": {\"claim\": [\"fix\", \"cap\"],"
        " \"wrong\": [\"vanish\"], \"other\": [\"explo\"]}}";

    grade("run", clip, "", "# Clipping caps explosion, but vanishing is not fixed by it.\n", NULL, &g);
    expect(&g, "clip", VERDICT_PASS);
    release(&g);
    grade("run", clip, "", "# Clipping fixes vanishing, and explosion stays.\n", NULL, &g);
    expect(&g, "clip", VERDICT_FAIL);
    ck_assert_str_eq(find(&g, "clip")->where, "ex.py line 1");
    release(&g);
}
END_TEST

/* A sentence states its claim first; what follows in the same sentence is
 * the contrast it draws (field corpus: four writers put it so). */
START_TEST(test_first_statement_of_a_sentence_decides)
{
    struct graded g;
    const char *clip =
        "{\"id\": \"clip\", \"description\": \"d\", \"points\": 1, \"kind\": \"comment_idea\","
        " \"ideas\": [[\"clip\"], [\"explo\"], [\"vanish\"]], \"about\": {\"claim\": [\"fix\"],"
        " \"wrong\": [\"vanish\"], \"other\": [\"explo\"]}}";

    /* right first, the contrast after it */
    grade("run", SEPARATION, trace4, "# They separate at step 4, and by step 3's not they were "
          "not yet; at step 7, where not arrives, the separation is long done.\n", NULL, &g);
    expect(&g, "sep", VERDICT_PASS);
    release(&g);
    /* wrong first: the contrast after it does not save it */
    grade("run", SEPARATION, trace4, "# They separate at step 7, where not arrives, long after "
          "step 4.\n", NULL, &g);
    expect(&g, "sep", VERDICT_FAIL);
    release(&g);
    /* a denied claim is the sentence's statement too */
    grade("run", SEPARATION, trace4, "# The traces cannot separate just because not arrives at "
          "different steps. They separate at step 4.\n", NULL, &g);
    expect(&g, "sep", VERDICT_PASS);
    release(&g);
    /* a claim said of another subject first ("fixes explosion only") */
    grade("run", clip, "", "# Clipping fixes explosion only, and vanishing needs a different "
          "fix.\n", NULL, &g);
    expect(&g, "clip", VERDICT_PASS);
    release(&g);
}
END_TEST

/* Trace rows however they are printed: behind a logging prefix with keys,
 * as CSV after the review's text, one value per line (json.dumps). */
START_TEST(test_trace_rows_in_other_layouts)
{
    struct graded g;
    struct gb_buf logged = GB_BUF_INIT, csv = GB_BUF_INIT, js = GB_BUF_INIT;
    struct gb_err err;
    const char *p = trace4;

    for (int pair = 0; pair < 2; pair++)
        for (int k = 0; k < 9; k++) {
            char tok[16];
            double h[3];
            int step;
            ck_assert_int_eq(sscanf(p, "%d %15s [%lf %lf %lf]", &step, tok, &h[0], &h[1], &h[2]), 5);
            p = strchr(p, '\n') + 1;
            ck_assert_int_eq(gb_buf_printf(&logged, &err, "2026-12-03 16:52:27,675 INFO order | "
                                           "review=%c step=%d token=%s x=[0. 0. 0.] h=[%g %g %g]\n",
                                           'A' + pair, step, tok, h[0], h[1], h[2]), 0);
            ck_assert_int_eq(gb_buf_printf(&csv, &err, "%c label %d: packing was not ...,%d,%s,"
                                           "0.0,0.0,0.0,%g,%g,%g\n", 'A' + pair, 1 - pair, step,
                                           tok, h[0], h[1], h[2]), 0);
            ck_assert_int_eq(gb_buf_printf(&js, &err, "        [\n          %d,\n          "
                                           "\"%s\",\n          [\n            %g,\n            %g,"
                                           "\n            %g\n          ]\n        ],\n", step,
                                           tok, h[0], h[1], h[2]), 0);
        }
    const char *src = "# The traces separate at step 4.\n";
    grade("run", SEPARATION, logged.data, src, NULL, &g);
    expect(&g, "sep", VERDICT_PASS);
    release(&g);
    grade("run", SEPARATION, csv.data, src, NULL, &g);
    expect(&g, "sep", VERDICT_PASS);
    release(&g);
    grade("run", SEPARATION, js.data, src, NULL, &g);
    expect(&g, "sep", VERDICT_PASS);
    release(&g);
    gb_buf_free(&logged);
    gb_buf_free(&csv);
    gb_buf_free(&js);
}
END_TEST

START_TEST(test_numbers_said_of_the_token_next_to_them)
{
    struct graded g;
    const char *hand =
        "{\"id\": \"hand\", \"description\": \"d\", \"points\": 1, \"kind\": \"comment_idea\","
        " \"ideas\": [[\"#0.711\"], [\"#0.096\"]], \"window\": 3, \"about\": {\"claim\": [\"#0.711\"],"
        " \"wrong\": [\"support\", \"was$\", \"not$\"], \"other\": [\"rude\", \"itself\"]}}";

    grade("run", hand, "", "# The softmax puts 0.711 on support and 0.096 on each of was, not "
          "and rude.\n", NULL, &g);
    expect(&g, "hand", VERDICT_FAIL);
    release(&g);
    grade("run", hand, "", "# The softmax puts 0.096 on support, was and not, and 0.711 on "
          "rude itself.\n", NULL, &g);
    expect(&g, "hand", VERDICT_PASS);
    release(&g);
    /* a number in a positional list is not said of the last token named */
    grade("run", hand, "", "# Paper: (support, was, not, rude) = 0, 0, 0, 4; softmax = 0.096, "
          "0.096, 0.096, 0.711.\n", NULL, &g);
    expect(&g, "hand", VERDICT_PASS);
    release(&g);
    grade("run", hand, "", "# Paper: (rude, support, was, not) = 4, 0, 0, 0; softmax = 0.711, "
          "0.096, 0.096, 0.096.\n", NULL, &g);
    expect(&g, "hand", VERDICT_PASS);
    release(&g);
    /* ... but a label right before a number is what it is said of */
    grade("run", hand, "", "# Softmax by token: support: 0.711, was: 0.096, not: 0.096, "
          "rude: 0.096.\n", NULL, &g);
    expect(&g, "hand", VERDICT_FAIL);
    release(&g);
    grade("run", hand, "", "# Softmax by token: support = 0.096, was = 0.096, not = 0.096, "
          "rude = 0.711.\n", NULL, &g);
    expect(&g, "hand", VERDICT_PASS);
    release(&g);
}
END_TEST

#define TYPED "{\"id\": \"typed\", \"description\": \"d\", \"points\": 2, \"kind\": \"typed_output\"}"
#define VALUE(id, col, key) \
    "{\"id\": \"" id "\", \"description\": \"d\", \"points\": 1, \"kind\": \"value\", " \
    "\"locate\": {\"row\": \"rude\", \"column\": \"" col "\"}, \"expected\": \"" key "\", " \
    "\"tolerance\": {\"abs\": 0.01}}"

START_TEST(test_typed_output)
{
    struct graded g;
    const char *checks = VALUE("self", "self", "w") "," VALUE("not", "not", "acc.not") "," TYPED;
    const char *out = "rude self 0.711 not 0.485\n";

    grade("run", checks, out, "print('rude self 0.711 not 0.485')\n", NULL, &g);
    expect(&g, "typed", VERDICT_FAIL);
    ck_assert_str_eq(find(&g, "typed")->where, "ex.py line 1");
    release(&g);
    /* computed through a format field: the string holds no number */
    grade("run", checks, out, "w = attend()\nprint(f'rude self {w:.3f} not {n:.3f}')  # 0.711\n",
          NULL, &g);
    expect(&g, "typed", VERDICT_PASS);
    release(&g);
    /* a hand-worked number kept in code: a human decides */
    grade("run", checks, out, "hand = 0.7112\nprint(f'rude self {w:.3f} not {n:.3f}')\n", NULL, &g);
    expect(&g, "typed", VERDICT_REVIEW);
    release(&g);
    /* one of two typed in a string: review, not fail */
    grade("run", checks, out, "print(f'rude self {w:.3f}', 'not 0.485')\n", NULL, &g);
    expect(&g, "typed", VERDICT_REVIEW);
    release(&g);
    /* docstrings and one-digit parameters never count */
    grade("run", checks, out, "\"\"\"rude self 0.711 not 0.485\"\"\"\nclip = 1.0\nx = 0.5\n", NULL, &g);
    expect(&g, "typed", VERDICT_PASS);
    release(&g);
    grade("run", checks, "nothing here\n", "print('nothing here')\n", NULL, &g);
    expect(&g, "typed", VERDICT_MISSING);
    release(&g);
}
END_TEST

/* Typed values earn nothing: a failed typed_output check fails the value
 * checks it covers, at 0 points (a pass at 0 points is a result grader
 * post refuses: a check earns its points when it passes). */
START_TEST(test_typed_output_gates_value_points)
{
    struct graded g;
    const char *checks = VALUE("self", "self", "w") "," VALUE("not", "not", "acc.not") "," TYPED;
    const char *out = "rude self 0.711 not 0.485\n";

    grade("run", checks, out, "print('rude self 0.711 not 0.485')\n", NULL, &g);
    expect(&g, "typed", VERDICT_FAIL);
    expect(&g, "self", VERDICT_FAIL);
    ck_assert_double_eq(find(&g, "self")->points, 0);
    expect_message(&g, "self", "no points: typed failed");
    ck_assert_double_eq(g.res.score, 0);
    release(&g);
    /* a review of the typed check gates nothing */
    grade("run", checks, out, "print(f'rude self {w:.3f}', 'not 0.485')\n", NULL, &g);
    expect(&g, "typed", VERDICT_REVIEW);
    ck_assert_double_eq(find(&g, "self")->points, 1);
    release(&g);
}
END_TEST

/* A sweep of guesses is no computation: typed_output fails when a value
 * check's output is a shotgun (SCORE_SHOTGUN_VALUES readings). */
START_TEST(test_typed_output_fails_a_shotgun)
{
    struct graded g;
    const char *checks = VALUE("self", "self", "w") "," TYPED;
    char out[1024] = "";

    for (int i = 0; i < SCORE_SHOTGUN_VALUES; i++)
        snprintf(out + strlen(out), sizeof out - strlen(out), "rude self 0.%d11\n", 3 + i);
    grade("run", checks, out, "for g in range(6): print(f'rude self {g}')\n", NULL, &g);
    expect(&g, "self", VERDICT_FAIL);
    expect(&g, "typed", VERDICT_FAIL);
    expect_message(&g, "typed", "many different values");
    release(&g);
}
END_TEST

/* Printed values decoded from data written into the script (a correct
 * run's output in base64, hex, zlib or xor'ed bytes) cannot pass: the
 * check asks a human (all four passed before). */
START_TEST(test_typed_output_decoded_literals)
{
    static const char *const disguised[] = {
        "import base64\nprint(base64.b64decode(b'cnVkZSBzZWxmIDAuNzExIG5vdCAwLjQ4NQo=').decode())\n",
        "print(bytes.fromhex('7275646520736').decode())\n",
        "import zlib\nprint(zlib.decompress(DATA).decode())\n",
        "import codecs\nprint(codecs.decode('ehqr frys 0.711', 'rot13'))\n",
        "k = 42\nprint(bytes(c ^ k for c in b'XO^O\\nYOFL\\n\\x1a\\x04\\x1d\\x1b\\x1b\\nDE^').decode())\n",
        "print(eval('0.711'))\n",
    };
    struct graded g;
    const char *checks = VALUE("self", "self", "w") "," VALUE("not", "not", "acc.not") "," TYPED;
    const char *out = "rude self 0.711 not 0.485\n";

    for (size_t i = 0; i < sizeof disguised / sizeof disguised[0]; i++) {
        grade("run", checks, out, disguised[i], NULL, &g);
        expect(&g, "typed", VERDICT_REVIEW);
        expect_message(&g, "typed", "decodes data written into the script");
        release(&g);
    }
    /* a model's eval() mode, a file read and a plain xor of ints stay a pass */
    grade("run", checks, out, "model.eval()\ndata = json.load(f)\nmask = a ^ b\n"
          "print(f'rude self {w:.3f} not {n:.3f}')\n", NULL, &g);
    expect(&g, "typed", VERDICT_PASS);
    release(&g);
}
END_TEST

/* Texts the code builds from constants (the shim's notes: chr() codes
 * joined, arithmetic on literals) count like string literals: the same
 * output printed that way fails; notes that hold no checked number, or do
 * not parse, change nothing; a live run that lost its notes is a question. */
/* A table whose value columns' headers name nothing the rubric knows (in
 * Hebrew) is read by the exercise's column order where the schema says so
 * ("by_position"), by a relation's operands too: t50 / t20 of the seconds. */
START_TEST(test_relation_operands_read_a_table_by_position)
{
    struct graded g;
    const char *schema = "\"keys\": {\"length\": [20, 50]}, \"schema\": {\"runs\": {\"keys\": [{\"name\": \"length\", "
                         "\"values\": [20, 50]}], \"columns\": {\"secs\": {}, \"acc\": {}}, "
                         "\"by_position\": {\"what\": \"the {row} run's {column}\"}}}, ";
    const char *checks = "{\"id\": \"t\", \"description\": \"d\", \"points\": 1, "
                         "\"kind\": \"relation\", \"values\": {\"t20\": {\"field\": "
                         "\"runs/20/secs\"}, \"t50\": {\"field\": \"runs/50/secs\"}}, "
                         "\"expr\": \"t50 / t20\", \"range\": [1.3, 4.0]}";

    score_fixture_grade("run", schema, checks,
                        "\u05d0\u05d5\u05e8\u05da  \u05e9\u05e0\u05d9\u05d5\u05ea  "
                        "\u05d3\u05d9\u05d5\u05e7\n20  10.0  1.000\n50  21.0  0.990\n",
                        "print(table)\n", NULL, NULL, &g);
    expect(&g, "t", VERDICT_PASS);
    release(&g);
}
END_TEST

/* Read by place, a row's own key printed again before its values is the key,
 * not the first column (MATLAB's "res_rnn_T20 =" over "20.0000 30.7016 1.0000"). */
START_TEST(test_a_row_read_by_place_skips_its_key_printed_again)
{
    struct graded g;
    const char *schema = "\"keys\": {\"length\": [20, 50]}, \"synonyms\": {\"length\": [\"T\"]}, "
                         "\"schema\": {\"runs\": {\"keys\": [{\"name\": \"length\", "
                         "\"values\": [20, 50]}], \"columns\": {\"secs\": {}, \"acc\": {}}, "
                         "\"by_position\": {\"what\": \"the {row} run's {column}\"}}}, ";
    const char *checks = "{\"id\": \"a\", \"description\": \"d\", \"points\": 1, "
                         "\"kind\": \"value\", \"field\": \"runs/20/acc\", "
                         "\"expected\": \"acc.very\", \"tolerance\": {\"abs\": 0.01}}";

    score_fixture_grade("run", schema, checks,
                        "res_T20 =\n\n   20.0000   10.0000    1.0000\n\n"
                        "res_T50 =\n\n   50.0000   21.0000    0.9900\n",
                        "disp(res)\n", NULL, NULL, &g);
    expect(&g, "a", VERDICT_PASS);
    release(&g);
}
END_TEST

START_TEST(test_typed_output_texts_built_from_constants)
{
    struct graded g;
    const char *checks = VALUE("self", "self", "w") "," VALUE("not", "not", "acc.not") "," TYPED;
    const char *out = "rude self 0.711 not 0.485\n";
    const char *src = "print(''.join(chr(c - 3) for c in CODES))\n";

    score_fixture_typed_notes = "folded\n1 25\nrude self 0.711 not 0.485\n";
    grade("run", checks, out, src, NULL, &g);
    expect(&g, "typed", VERDICT_FAIL);
    expect_message(&g, "typed", "text the code builds from constants");
    ck_assert_str_eq(find(&g, "typed")->where, "ex.py line 1");
    release(&g);
    /* without the notes the same script passes: they are what catches it */
    grade("run", checks, out, src, NULL, &g);
    expect(&g, "typed", VERDICT_PASS);
    release(&g);
    /* labels folded from constant settings hold no checked number */
    score_fixture_typed_notes = "folded\n1 9\nrude self\n1 3\nnot\n";
    grade("run", checks, out, src, NULL, &g);
    expect(&g, "typed", VERDICT_PASS);
    release(&g);
    /* a length past the end, or no "folded" line: nothing is read */
    score_fixture_typed_notes = "folded\n1 99\nrude self 0.711 not 0.485\n";
    grade("run", checks, out, src, NULL, &g);
    expect(&g, "typed", VERDICT_PASS);
    release(&g);
    score_fixture_typed_notes = "unread SyntaxError\n1 25\nrude self 0.711 not 0.485\n";
    grade("run", checks, out, src, NULL, &g);
    expect(&g, "typed", VERDICT_PASS);
    release(&g);
    /* one of two checked numbers folded: a stray, review */
    score_fixture_typed_notes = "folded\n1 15\nrude self 0.711\n";
    grade("run", checks, out, src, NULL, &g);
    expect(&g, "typed", VERDICT_REVIEW);
    expect_message(&g, "typed", "builds from constants");
    release(&g);
    score_fixture_typed_lost = 1;
    grade("run", checks, out, src, NULL, &g);
    expect(&g, "typed", VERDICT_REVIEW);
    expect_message(&g, "typed", "removed or rewrote");
    release(&g);
}
END_TEST

/* An each check reads every value of a list printed without brackets
 * (", ".join after its label), and no key of a long table whose header
 * names its value column ("query=was,2,...,weight_row_sum,1.000": the 2 is
 * a position). */
#define SUMS "{\"id\": \"sums\", \"description\": \"d\", \"points\": 1, \"kind\": \"each\", " \
    "\"expected\": 1, \"tolerance\": {\"abs\": 0.001}, \"min_count\": 4, " \
    "\"locate\": {\"column\": [\"sum\", \"row sum\"]}}"
START_TEST(test_each_reads_unbracketed_lists_and_no_keys)
{
    struct graded g;

    grade("run", SUMS, "row_sums = 1.000, 1.000, 0.9999, 1.000\n", "print(s)\n", NULL, &g);
    expect(&g, "sums", VERDICT_PASS);
    release(&g);
    /* a bracketed list after the sum is another quantity, not more sums */
    grade("run", SUMS,
          "support: w=[0.711 0.096 0.096 0.096] sum=1.000 | out=[+1.422 -0.193 +0.193 +0.241]\n"
          "was: w=[0.091 0.669 0.149 0.091] sum=1.000 | out=[+0.181 -0.181 +0.299 +1.414]\n"
          "not: w=[0.083 0.137 0.696 0.083] sum=1.000 | out=[+0.166 -0.166 +1.393 +0.623]\n"
          "rude: w=[0.096 0.096 0.096 0.711] sum=1.000 | out=[+0.193 -1.422 +0.193 +0.241]\n",
          "w = attend()\n", NULL, &g);
    expect(&g, "sums", VERDICT_PASS);
    release(&g);
    grade("run", SUMS,
          "exercise,model,setting,step,metric,value\n"
          "ah,A_raw,query=support,1,weight_key=rude,0.096\n"
          "ah,A_raw,query=support,1,weight_row_sum,1.000\n"
          "ah,A_raw,query=was,2,weight_key=rude,0.091\n"
          "ah,A_raw,query=was,2,weight_row_sum,1.000\n"
          "ah,A_raw,query=not,3,weight_key=rude,0.083\n"
          "ah,A_raw,query=not,3,weight_row_sum,1.000\n"
          "ah,A_raw,query=rude,4,weight_key=rude,0.711\n"
          "ah,A_raw,query=rude,4,weight_row_sum,1.000\n", "w = attend()\n", NULL, &g);
    expect(&g, "sums", VERDICT_PASS);
    release(&g);
}
END_TEST

START_TEST(test_answer_numbers_context_and_parameters)
{
    struct graded g;
    const char *checks =
        "{\"id\": \"acc\", \"description\": \"d\", \"points\": 1, \"kind\": \"answer_numbers\","
        " \"section\": \"friend\", \"min_numbers\": 1, \"not_after\": [\"gain\"], \"numbers\": ["
        " {\"label\": \"very\", \"expected\": \"acc.very\", \"tolerance\": {\"abs\": 0.002},"
        "  \"context\": [\"accura\", \"right\"]},"
        " {\"label\": \"not\", \"expected\": \"acc.not\", \"tolerance\": {\"abs\": 0.002}}]}";

    grade("read", checks, NULL, NULL, "## friend\nIt is right 1.000 of the time on easy rows.\n", &g);
    expect(&g, "acc", VERDICT_PASS);
    release(&g);
    grade("read", checks, NULL, NULL, "## friend\nThe blame holds at 1.000 per step.\n", &g);
    expect(&g, "acc", VERDICT_FAIL);
    release(&g);
    grade("read", checks, NULL, NULL, "## friend\nAt gain 0.485 the accuracy is great.\n", &g);
    expect(&g, "acc", VERDICT_FAIL);
    release(&g);
    grade("read", checks, NULL, NULL, "## friend\nIt scored 0.485 on twins.\n", &g);
    expect(&g, "acc", VERDICT_PASS);
    release(&g);
}
END_TEST

START_TEST(test_rubric_validates_claim_fields)
{
    struct rubric *r = NULL;
    struct gb_err err;

    ck_assert_int_eq(load("run", "{\"id\": \"c\", \"description\": \"d\", \"points\": 1, "
                     "\"kind\": \"comment_idea\", \"ideas\": [[\"a\"]], \"about\": {\"rigth\": [\"x\"]}}",
                     &r, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "unknown member 'rigth'"));
    ck_assert_int_eq(load("run", "{\"id\": \"c\", \"description\": \"d\", \"points\": 1, "
                     "\"kind\": \"comment_idea\", \"ideas\": [[\"a\"]], \"about\": "
                     "{\"number\": {\"after\": [\"step\"]}}}", &r, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "needs 'expected'"));
    ck_assert_int_eq(load("read", TYPED, &r, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "needs \"mode\": \"run\""));
    ck_assert_int_eq(load("run", "{\"id\": \"t\", \"description\": \"d\", \"points\": 1, "
                     "\"kind\": \"typed_output\", \"min\": 1}", &r, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "unknown field 'min'"));
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        test_separation_step_from_the_runs_own_trace,
        test_wrong_only_pairings,
        test_first_statement_of_a_sentence_decides,
        test_trace_rows_in_other_layouts,
        test_numbers_said_of_the_token_next_to_them,
        test_typed_output,
        test_typed_output_decoded_literals,
        test_typed_output_gates_value_points,
        test_typed_output_fails_a_shotgun,
        test_relation_operands_read_a_table_by_position,
        test_a_row_read_by_place_skips_its_key_printed_again,
        test_typed_output_texts_built_from_constants,
        test_each_reads_unbracketed_lists_and_no_keys,
        test_answer_numbers_context_and_parameters,
        test_rubric_validates_claim_fields
    };

    return score_fixture_main("score_claims", expected_json, tests, sizeof tests / sizeof *tests);
}
