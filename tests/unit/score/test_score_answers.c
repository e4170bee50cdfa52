/* test_score_answers.c — Check suite for the answers-document check kinds
 * (grader/score/score_answers.c): sections as the grader finds them, quoted
 * numbers, sentence limits, forbidden words, and the texts a student reads. */
#include "prose/prose.h"
#include "score_fixture.h"

static const char expected_json[] =
    "{\"exercise\": \"ex\", \"generated_by\": \"test\", \"values\": {"
    " \"w\": 0.711234594228, \"acc\": {\"not60\": 0.48514851, \"not30\": 0.495, \"fresh\": 0.504},"
    " \"grad\": {\"factor\": 0.49005961706, \"step_1\": 5.0315236e-17,"
    "            \"small\": 0.0030127, \"tiny\": 0.00030127},"
    " \"timing\": {\"lstm_ms\": 66.6, \"attention_ms\": 32.1},"
    " \"table\": {\"lstm_ms\": 66.5, \"attention_ms\": 30.6},"
    " \"hops\": {\"rnn\": 49, \"attention\": 1} }}";

static void grade(const char *checks, const char *answers, struct graded *g)
{
    score_fixture_grade("read", "", checks, NULL, NULL, answers, NULL, g);
}

#define CHECK(id, kind, section, rest) \
    "{\"id\": \"" id "\", \"description\": \"d\", \"points\": 1, \"kind\": \"" kind "\", " \
    "\"section\": \"" section "\"" rest "}"
#define IDEA(id, section, words) CHECK(id, "answer_idea", section, ", \"ideas\": [[" words "]]")

START_TEST(test_sections_found_and_missing)
{
    struct graded g;
    const char *checks = IDEA("one", "q1", "\"fade\"") "," IDEA("five", "q5", "\"parallel\"") ","
                         IDEA("fr", "friend", "\"order\"") "," IDEA("fa", "friend-attention", "\"hop\"");

    grade(checks, "\xEF\xBB\xBF## Q1 \xE2\x80\x94 Interpretation\r\nThe blame fades.\r\n\r\n"
                  "## Question 5: Trade-off\n\n### Recurrent layer\n- sequential\n"
                  "### Attention layer\n- parallel over positions\n\n"
                  "## Friend-attention\nOne hop.\n## Friend\nWord order matters.\n", &g);
    expect(&g, "one", VERDICT_PASS);
    expect(&g, "five", VERDICT_PASS);
    expect(&g, "fr", VERDICT_PASS);
    expect(&g, "fa", VERDICT_PASS);
    ck_assert_ptr_nonnull(strstr(find(&g, "five")->where, "section \"q5\" (line 9)"));
    release(&g);

    grade(checks, "# Answers\n## Interpretation\nThe blame fades.\n## Q5\n\n## friend\nOrder.\n", &g);
    expect(&g, "one", VERDICT_MISSING);
    expect_message(&g, "one", "answers.md has no heading that names q1 (write the answer under "
                   "a line \"## q1\"); the headings found are: '# Answers' (line 1), "
                   "'## Interpretation' (line 2), '## Q5' (line 4), '## friend' (line 6)");
    expect(&g, "five", VERDICT_MISSING);
    expect_message(&g, "five", "the section under '## Q5' (answers.md line 4) is empty");
    expect(&g, "fa", VERDICT_MISSING);
    release(&g);

    grade(checks, "PK\x03\x04word/document.xml", &g);
    expect(&g, "one", VERDICT_MISSING);
    expect_message(&g, "one", "answers.md is not a plain-text document (it is a Word (.docx), "
                   "OpenDocument or zip file)");
    release(&g);
}
END_TEST

/* What the grader cannot read is a reviewer's: an idea its English keywords
 * miss in a Spanish answer is review, as is a section it cannot find in a
 * Spanish document; the same miss in English stays a fail or a miss. */
START_TEST(test_unread_language_is_review)
{
    struct graded g;
    const char *checks = IDEA("one", "q1", "\"fade\"") "," IDEA("fr", "friend", "\"order\"");

    grade(checks, "## Q1\nLa culpa se multiplica por 0.49 en cada paso hacia atrás, así que "
                  "al primer token no le llega nada.\n\n## Explícaselo a un amigo\nUn modelo "
                  "que cuenta palabras no ve el orden de las palabras.\n", &g);
    expect(&g, "one", VERDICT_REVIEW);
    expect_message(&g, "one", "a language the grader's keywords do not read");
    expect(&g, "fr", VERDICT_REVIEW);
    release(&g);
    grade(checks, "## Q1\nThe model is wrong because it is too small for the data that it "
                  "is given.\n", &g);
    expect(&g, "one", VERDICT_FAIL);
    expect(&g, "fr", VERDICT_MISSING);
    release(&g);
}
END_TEST

/* "No wrong claim" cannot be read off a language the grader does not read:
 * a German answer that makes one ("clip_grad_norm_ bringt sie wieder
 * zurück") is review, not a pass for finding no English claim; in English
 * the absence passes. */
START_TEST(test_unread_language_proves_no_absence)
{
    struct graded g;
    const char *checks = CHECK("clip", "answer_idea", "q2",
        ", \"ideas\": [[\"clip\"], [\"vanish\"]], \"window\": 2, \"absent_ok\": true, "
        "\"about\": {\"claim\": [\"fix\"], \"wrong\": [\"vanish\"], \"other\": [\"explo\"]}");

    grade(checks, "## Q2\nGradient clipping bei 1.0 einbauen: bei 50 Schritten verschwindet "
                  "die Schuld, und die Begrenzung bringt sie wieder auf eine brauchbare "
                  "Gr\xc3\xb6\xc3\x9f" "e zur\xc3\xbc" "ck.\n", &g);
    expect(&g, "clip", VERDICT_REVIEW);
    expect_message(&g, "clip", "cannot tell that no wrong claim is made");
    release(&g);
    grade(checks, "## Q2\nOpen the forget gate first, then try attention over the sequence.\n",
          &g);
    expect(&g, "clip", VERDICT_PASS);
    release(&g);
}
END_TEST

static size_t sentences(const char *t)
{
    struct prose p;
    struct gb_err err;
    size_t n;

    ck_assert_int_eq(prose_split(t, strlen(t), &p, &err), 0);
    n = p.n;
    prose_free(&p);
    return n;
}

START_TEST(test_abbreviations_do_not_end_sentences)
{
    struct graded g;

    ck_assert_uint_eq(sentences("It scored approx. 0.485 vs. 0.740, i.e. a coin toss. Next."), 2);
    ck_assert_uint_eq(sentences("Same counts, e.g. \"not slow\" and \"slow, not good\". Done."), 2);
    ck_assert_uint_eq(sentences("See No. 3 and cf. the table, a.k.a. the log. End."), 2);
    ck_assert_uint_eq(sentences("Words, counts, etc. and more. Then etc. The end."), 3);
    /* "No." as an answer and a number's point are not abbreviations */
    ck_assert_uint_eq(sentences("Can it sum to more? No. Softmax makes it 1. Yes."), 4);
    ck_assert_uint_eq(sentences("It took 66.6 ms. The LSTM is slower."), 2);
    grade(CHECK("len", "answer_sentences", "friend", ", \"max\": 2"),
          "## friend\nCounting scored approx. 0.485, i.e. a coin toss.\nAn RNN reads\n"
          "in order. It forgets.\n", &g);
    expect(&g, "len", VERDICT_FAIL);
    expect_message(&g, "len", "the answer has 3 sentences: 1 \"Counting scored approx. 0.485, i.e. "
                   "...\" (line 2); 2 \"An RNN reads in order.\" (line 3); 3 \"It forgets.\" (line 4)");
    release(&g);
}
END_TEST

START_TEST(test_forbidden_words_and_everyday_senses)
{
    struct graded g;
    const char *checks =
        CHECK("maths", "answer_words", "friend", ", \"forbidden\": [\"matrix\", \"log$\", \"integral\"],"
              " \"everyday\": [\"complaint log\", \"integral part\"], \"ambiguous\": [\"log$\", \"integral\"]");

    grade(checks, "## friend\nIt keeps an integral part of the review.\nIt reads the complaint log.\n", &g);
    expect(&g, "maths", VERDICT_PASS);
    release(&g);
    grade(checks, "## friend\nIt reads the complaint log. It keeps a log of every word.\n", &g);
    expect(&g, "maths", VERDICT_REVIEW);
    expect_message(&g, "maths", "needs human review: is \"log\" used as a maths word");
    ck_assert_str_eq(find(&g, "maths")->found, "uses \"log\" in \"It keeps a log of every word.\"");
    release(&g);
    grade(checks, "## friend\nA log keeps it. The matrix multiplies.\n", &g);
    expect(&g, "maths", VERDICT_FAIL);
    ck_assert_str_eq(find(&g, "maths")->found, "uses \"matrix\", \"log\" in \"A log keeps it.\"");
    expect_message(&g, "maths", "rephrase without those words, as in \"The matrix multiplies.\"");
    release(&g);
    grade(checks, "## friend\nThe integrals and Matrixes multiply.\n", &g);
    expect(&g, "maths", VERDICT_FAIL);
    ck_assert_str_eq(find(&g, "maths")->found, "uses \"Matrixes\", \"integrals\" in "
                     "\"The integrals and Matrixes multiply.\"");
    release(&g);
}
END_TEST

#define NUM(label, key, tol, extra) \
    "{\"label\": \"" label "\", \"expected\": \"" key "\", \"tolerance\": {" tol "}" extra "}"
#define LSTM_WORDS ", \"subject\": [\"lstm\", \"recurren\"]"
#define ATTN_WORDS ", \"subject\": [\"attention\"]"

START_TEST(test_quoted_numbers_need_their_digits)
{
    struct graded g;
    const char *checks =
        CHECK("w", "answer_numbers", "q3", ", \"numbers\": [" NUM("largest", "w", "\"abs\": 0.005", "") "]") ","
        CHECK("acc", "answer_numbers", "friend", ", \"min_numbers\": 1, \"numbers\": ["
              NUM("not, 60", "acc.not60", "\"abs\": 0.002", "") ","
              NUM("not, 30", "acc.not30", "\"abs\": 0.002", "") ","
              NUM("fresh", "acc.fresh", "\"abs\": 0.002", "") "]") ","
        CHECK("grad", "answer_numbers", "friend", ", \"min_numbers\": 1, \"numbers\": ["
              NUM("factor", "grad.factor", "\"rel\": 0.01", "") ","
              NUM("step 1", "grad.step_1", "\"rel\": 0.01", "") "]");

    /* the module's digits, fewer digits within the tolerance, a percentage */
    grade(checks, "## q3\nIt is 0.71.\n## friend\nIt scored 48.5% and shrank by 0.49 per word.\n", &g);
    expect(&g, "w", VERDICT_PASS);
    expect(&g, "acc", VERDICT_PASS);
    expect(&g, "grad", VERDICT_PASS);
    ck_assert_str_eq(find(&g, "acc")->found, "not, 60 (48.5%)");
    release(&g);
    /* "1." ends a sentence; "0.5" is chance level */
    grade(checks, "## q3\nIt is 0.95, and rows sum to 1.\n## friend\nIt got 0.5, a coin "
                  "toss.\n", &g);
    expect(&g, "w", VERDICT_FAIL);
    expect(&g, "acc", VERDICT_FAIL);
    expect_message(&g, "acc", "(0.5 is too coarse to be not, 60: quote the module's digits)");
    ck_assert_str_eq(find(&g, "acc")->found, "the numbers 0.5");
    release(&g);
    /* one digit names a target below COARSE_MAGNITUDE_MIN by its magnitude
     * ("5e-17", "0.0003"), not one above it ("0.003") */
    grade(checks, "## q3\nx\n## friend\nOnly 0.00000000000000005 of the signal is left.\n", &g);
    expect(&g, "grad", VERDICT_PASS);
    release(&g);
    grade(checks, "## q3\nx\n## friend\nOnly 5e-17 of the signal is left.\n", &g);
    expect(&g, "grad", VERDICT_PASS);
    release(&g);
    const char *small =
        CHECK("s", "answer_numbers", "friend", ", \"numbers\": [" NUM("small", "grad.small", "\"rel\": 0.01", "") "]") ","
        CHECK("t", "answer_numbers", "friend", ", \"numbers\": [" NUM("tiny", "grad.tiny", "\"rel\": 0.01", "") "]");
    grade(small, "## friend\nIt is 0.003 and 0.0003.\n", &g);
    expect(&g, "s", VERDICT_FAIL);
    expect(&g, "t", VERDICT_PASS);
    release(&g);
    /* "percent" spelled out */
    grade(checks, "## q3\nIt is 0.71.\n## friend\nIt was right 48.5 percent of the time.\n", &g);
    expect(&g, "acc", VERDICT_PASS);
    release(&g);
    /* ... after a spelled number too */
    grade(checks, "## q3\nIt is seventy-one percent.\n## friend\nx\n", &g);
    expect(&g, "w", VERDICT_PASS);
    release(&g);
    grade(checks, "## q3\nIt is seventy-one.\n## friend\nx\n", &g);
    expect(&g, "w", VERDICT_FAIL);
    release(&g);
    /* one printed number is one quantity: the accuracy 0.485 (exact) is not
     * also the factor 0.490 it reaches only through rounding */
    grade(checks, "## q3\nIt is 0.71.\n## friend\nIt is right 0.485 of the time.\n", &g);
    expect(&g, "acc", VERDICT_PASS);
    expect(&g, "grad", VERDICT_FAIL);
    release(&g);
    /* rounded beyond the tolerance: a human decides */
    grade(checks, "## q3\nIt is 0.7.\n## friend\nIt scored 49% on them.\n", &g);
    expect(&g, "w", VERDICT_FAIL);
    expect(&g, "acc", VERDICT_REVIEW);
    expect_message(&g, "acc", "needs human review: 49% is not, 60 only when rounded");
    release(&g);
}
END_TEST

START_TEST(test_numbers_said_of_the_wrong_subject)
{
    struct graded g;
    const char *checks =
        CHECK("t", "answer_numbers", "fa", ", \"numbers\": ["
              NUM("the LSTM pass", "timing.lstm_ms", "\"abs\": 0.05", LSTM_WORDS) ","
              NUM("the attention pass", "timing.attention_ms", "\"abs\": 0.05", ATTN_WORDS) "]") ","
        CHECK("q5", "answer_numbers", "q5", ", \"min_numbers\": 2, \"numbers\": ["
              NUM("LSTM", "timing.lstm_ms", "\"abs\": 0.05", LSTM_WORDS) ","
              NUM("attention", "timing.attention_ms", "\"abs\": 0.05", ATTN_WORDS) ","
              NUM("LSTM, table", "table.lstm_ms", "\"abs\": 0.05", LSTM_WORDS) ","
              NUM("attention, table", "table.attention_ms", "\"abs\": 0.05", ATTN_WORDS) ","
              NUM("hops", "hops.rnn", "\"abs\": 0", "") "]");
    const char *right[] = {
        "one LSTM pass over 1,000 steps took 66.6 ms while attention took 32.1 ms.",
        "66.6 ms for the LSTM against 32.1 ms for attention.",
        "Attention runs everything at once: 32.1 ms vs. 66.6 ms for the LSTM.",
        "It drops from 66.6 ms to 32.1 ms when you move to attention.",
        "Compared with the LSTM, attention took 32.1 ms instead of 66.6 ms.",
        "The recurrent\nlayer took 66.6 ms and attention 32.1 ms.",
        "Replacing the LSTM with attention cut 66.6 ms to 32.1 ms.",
    };
    char doc[512];

    for (size_t i = 0; i < sizeof right / sizeof right[0]; i++) {
        snprintf(doc, sizeof doc, "## fa\n%s\n## q5\n%s\n", right[i], right[i]);
        grade(checks, doc, &g);
        expect(&g, "t", VERDICT_PASS);
        expect(&g, "q5", VERDICT_PASS);
        release(&g);
    }
    grade(checks, "## fa\nAttention took 66.6 ms while the LSTM took 32.1 ms.\n"
                  "## q5\nLSTM 66.5 ms against attention 30.6 ms; 49 hops.\n", &g);
    expect(&g, "t", VERDICT_FAIL);
    expect_message(&g, "t", "66.6 is the LSTM pass, but the answer seems to say it of the "
                   "attention pass");
    expect(&g, "q5", VERDICT_PASS);
    release(&g);
    /* one number said of the other subject alone: a human reads the sentence */
    grade(checks, "## fa\nReplacing the LSTM by attention, attention cut 66.6 ms to 32.1 ms.\n"
                  "## q5\nx\n", &g);
    expect(&g, "t", VERDICT_REVIEW);
    expect_message(&g, "t", "needs human review: 66.6 is the LSTM pass");
    release(&g);
    /* one printed number counts once: 66.6 is not also the table's 66.5 */
    grade(checks, "## fa\nx\n## q5\nThe LSTM took 66.6 ms.\n", &g);
    expect(&g, "q5", VERDICT_FAIL);
    expect_message(&g, "q5", "the answer names 1 of the numbers asked for; it needs 2");
    release(&g);
}
END_TEST

START_TEST(test_numbers_written_as_words)
{
    struct graded g;
    const char *checks =
        CHECK("hops", "answer_numbers", "fa", ", \"numbers\": ["
              NUM("rnn", "hops.rnn", "\"abs\": 0", "") "," NUM("attention", "hops.attention", "\"abs\": 0", "") "]");

    grade(checks, "## fa\nThe path drops from forty-nine hops to a single hop.\n", &g);
    expect(&g, "hops", VERDICT_PASS);
    ck_assert_str_eq(find(&g, "hops")->found, "rnn (forty-nine); attention (single)");
    release(&g);
    grade(checks, "## fa\nForty nine hops become One.\n", &g);
    expect(&g, "hops", VERDICT_PASS);
    release(&g);
    /* words that merely contain a number word, and the wrong number */
    grade(checks, "## fa\nSomeone said none of the forty hops matter, nor the tonne.\n", &g);
    expect(&g, "hops", VERDICT_FAIL);
    release(&g);
}
END_TEST

START_TEST(test_denied_ideas_fail_unsure_ones_need_review)
{
    struct graded g;
    const char *checks =
        IDEA("mem", "q2", "\"memoris\", \"overfit\"") ","
        IDEA("sum", "q3", "\"sum\"], [\"#1\", \"one$\"") ","
        IDEA("fb", "q4", "\"forget bias\"") ","
        CHECK("cant", "answer_idea", "q1", ", \"ideas\": [[\"first\", \"beginning\", \"step 1\"], "
              "[\"cannot\", \"not$\"]], \"window\": 2");

    /* a negator scoping over every mention denies the idea: fail, quoting it */
    grade(checks, "## q2\nThe model is not memorising or overfitting anything.\n"
                  "## q3\nA row cannot sum to anything but 1.\n"
                  "## q4\nThe forget bias is not worth touching.\n"
                  "## q1\nIt cannot learn from the first tokens.\n", &g);
    expect(&g, "mem", VERDICT_FAIL);
    expect_message(&g, "mem", "the sentence names the idea only to deny it (\"not memorising\")");
    expect(&g, "sum", VERDICT_PASS);       /* "cannot ... anything but" denies nothing */
    expect(&g, "fb", VERDICT_FAIL);        /* "X is not ...": the negation after it */
    expect(&g, "cant", VERDICT_PASS);      /* the idea is itself a negation */
    release(&g);
    grade(checks, "## q2\nIt isn\xE2\x80\x99t undertrained, it is memorising.\n"
                  "## q3\nNo \xE2\x80\x94 each row sums to 1.\n"
                  "## q4\nThe forget bias should not only be raised, it must be 3.\n"
                  "## q1\nIt is not blind to the beginning; the gradient is small there.\n", &g);
    expect(&g, "mem", VERDICT_PASS);
    expect(&g, "sum", VERDICT_PASS);
    expect(&g, "fb", VERDICT_PASS);        /* "not only" denies nothing */
    expect(&g, "cant", VERDICT_FAIL);      /* "not blind": two negations affirm */
    release(&g);
    /* a bound is no value; a far negator and a bare contrast tag are for a human */
    grade(checks, "## q2\nIt would not be fair to say the model is memorising.\n"
                  "## q3\nThe weights of a row can sum to more than 1.\n"
                  "## q4\nx\n"
                  "## q1\nIt learns the last tokens, not the beginning.\n", &g);
    expect(&g, "mem", VERDICT_REVIEW);
    expect(&g, "sum", VERDICT_FAIL);
    expect_message(&g, "sum", "(\"more than 1\")");
    expect(&g, "cant", VERDICT_REVIEW);
    release(&g);
    /* a sentence correcting the idea away, while another names it: a human decides */
    grade(checks, "## q2\nIt is memorising. Call it rote learning, not overfitting.\n"
                  "## q3\nRows sum to 1, not 0.9.\n## q4\nx\n## q1\nx\n", &g);
    expect(&g, "mem", VERDICT_REVIEW);
    expect_message(&g, "mem", "another sentence sets it aside (\"not overfitting\")");
    expect(&g, "sum", VERDICT_PASS);
    release(&g);
    /* a negation of something else is not the idea's */
    grade(checks, "## q2\nIt isn\xE2\x80\x99t memorising. It never overfits.\n## q3\nx\n## q4\nx\n"
                  "## q1\nIt learns from the first tokens. The loss is not high.\n", &g);
    expect(&g, "mem", VERDICT_FAIL);
    expect(&g, "cant", VERDICT_FAIL);
    release(&g);
    /* a contrast tag on the writer's own choice says nothing of the model:
     * no negation is left, and the idea is not stated */
    grade(checks, "## q2\nx\n## q3\nx\n## q4\nx\n"
                  "## q1\nIt can learn from the first tokens. I\xE2\x80\x99" "d show the accuracy "
                  "column, not step 1.\n", &g);
    expect(&g, "cant", VERDICT_FAIL);
    release(&g);
    grade(checks, "## q2\nx\n## q3\nx\n## q4\nx\n"
                  "## q1\nWe would plot the test accuracy, not step 1.\n", &g);
    expect(&g, "cant", VERDICT_FAIL);
    release(&g);
}
END_TEST

START_TEST(test_pasted_question_is_not_the_answer)
{
    struct graded g;
    const char *checks = IDEA("mem", "q2", "\"memoris\"");

    grade(checks, "## q2\n> What is the model doing: memorising or learning?\n\nTODO\n", &g);
    expect(&g, "mem", VERDICT_MISSING);
    expect_message(&g, "mem", "the section under '## q2' (answers.md line 1) has no answer yet");
    release(&g);
    grade(checks, "## q2\n> What is the model doing: memorising or learning?\n\nIt learns the rule.\n", &g);
    expect(&g, "mem", VERDICT_FAIL);
    release(&g);
    grade(checks, "## q2\n> Memorising or learning?\n\nIt is memorising the rows.\n", &g);
    expect(&g, "mem", VERDICT_PASS);
    ck_assert_ptr_nonnull(strstr(find(&g, "mem")->where, "(line 4)"));
    release(&g);
    grade(checks, "## q2\n> Is it memorising the rows?\n", &g);
    expect(&g, "mem", VERDICT_MISSING);
    expect_message(&g, "mem", "write the answer as plain text below the question");
    release(&g);
}
END_TEST

/* absent_ok: a check that only forbids a wrong claim passes when the
 * answer says nothing of it, and when it denies it. */
START_TEST(test_forbidden_claim_passes_when_absent)
{
    struct graded g;
    const char *checks =
        CHECK("clip", "answer_idea", "q2", ", \"ideas\": [[\"clip\"], [\"vanish\"]], "
              "\"absent_ok\": true, \"about\": {\"claim\": [\"fix\"], \"wrong\": [\"vanish\"], "
              "\"other\": [\"explo\"]}");

    grade(checks, "## q2\nOpen the forget gate first.\n", &g);
    expect(&g, "clip", VERDICT_PASS);
    release(&g);
    grade(checks, "## q2\nClipping fixes the vanishing gradient.\n", &g);
    expect(&g, "clip", VERDICT_FAIL);
    release(&g);
    grade(checks, "## q2\nClipping fixes exploding gradients, not the vanishing ones.\n", &g);
    expect(&g, "clip", VERDICT_PASS);
    release(&g);
}
END_TEST

int main(void)
{
    const TTest *const tests[] = {
        test_forbidden_claim_passes_when_absent,
        test_sections_found_and_missing,
        test_unread_language_is_review,
        test_unread_language_proves_no_absence,
        test_abbreviations_do_not_end_sentences,
        test_forbidden_words_and_everyday_senses,
        test_quoted_numbers_need_their_digits,
        test_numbers_said_of_the_wrong_subject,
        test_numbers_written_as_words,
        test_denied_ideas_fail_unsure_ones_need_review,
        test_pasted_question_is_not_the_answer
    };

    return score_fixture_main("score_answers", expected_json, tests, sizeof tests / sizeof *tests);
}
