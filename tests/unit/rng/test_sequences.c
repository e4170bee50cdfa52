/* test_sequences.c — Check suite for Step 1's review world (reference/rng/sequences):
 * the labeller against make_reviews' own rows and its whole support, the
 * grammar errors a student sees, twin pairs, and hostile token lists.
 * (make_reviews itself is compared bit for bit with NumPy in test_streams.c.)
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "rng/sequences.h"

static void words_of(const int *ids, size_t n, const char **words)
{
    for (size_t i = 0; i < n; i++)
        words[i] = sequences_vocab[ids[i]];
}

/* Splits a literal review into words (at most 16). */
static size_t split(const char *text, char *store, const char **words)
{
    size_t n = 0;

    strcpy(store, text);
    for (char *w = strtok(store, " "); w && n < 16; w = strtok(NULL, " "))
        words[n++] = w;
    return n;
}

START_TEST(test_every_generated_review_gets_its_own_label)
{
    static const struct { size_t n; unsigned seed; } sets[] = { { 1600, 11 }, { 600, 12 }, { 500, 99 } };

    for (size_t s = 0; s < 3; s++) {
        struct seq_review *r = malloc(sets[s].n * sizeof *r);

        ck_assert_ptr_nonnull(r);
        sequences_make_reviews(sets[s].n, sets[s].seed, r);
        for (size_t i = 0; i < sets[s].n; i++) {
            const char *w[SEQ_REVIEW_LEN];
            struct seq_parsed p;
            struct gb_err err;

            words_of(r[i].ids, SEQ_REVIEW_LEN, w);
            ck_assert_msg(sequences_parse(w, SEQ_REVIEW_LEN, &p, &err) == 0, "%s", err.msg);
            ck_assert_int_eq(p.label, r[i].label);
            ck_assert_int_eq(p.kind, r[i].kind);
            ck_assert_int_eq(p.generable, 1);
        }
        free(r);
    }
}
END_TEST

/* make_reviews' support, written from its generative description: distinct
 * subjects, a polarity, a modifier on one clause, opinion words from the pools. */
static int in_support(const int *ids, int *label)
{
    int mod_at = ids[2] == SEQ_VERY || ids[2] == SEQ_NOT ? 2 : 6;
    int plain = mod_at == 2 ? ids[7] : ids[2], modded = ids[mod_at + 1];
    int pol = plain >= SEQ_GOOD && plain <= SEQ_HELPFUL;
    int modded_pos = modded >= SEQ_GOOD && modded <= SEQ_HELPFUL;

    if (ids[0] == ids[mod_at == 2 ? 5 : 4])
        return 0;
    *label = pol;
    return ids[mod_at] == SEQ_VERY ? modded_pos == pol : modded_pos != pol;
}

START_TEST(test_labeller_accepts_exactly_the_generable_reviews)
{
    static const int opinions[8] = { SEQ_GOOD, SEQ_QUICK, SEQ_CLEAN, SEQ_HELPFUL,
                                     SEQ_BAD, SEQ_SLOW, SEQ_DIRTY, SEQ_RUDE };
    size_t accepted = 0;

    for (int s1 = 0; s1 < 5; s1++)
    for (int s2 = 0; s2 < 5; s2++)
    for (int at = 0; at < 2; at++)
    for (int mod = SEQ_VERY; mod <= SEQ_NOT; mod++)
    for (int a = 0; a < 8; a++)
    for (int b = 0; b < 8; b++) {
        int one[] = { s1, SEQ_WAS, mod, opinions[a], SEQ_AND, s2, SEQ_WAS, opinions[b] };
        int two[] = { s1, SEQ_WAS, opinions[a], SEQ_AND, s2, SEQ_WAS, mod, opinions[b] };
        const int *ids = at ? two : one;
        const char *w[SEQ_REVIEW_LEN];
        struct seq_parsed p;
        int label, ok;

        if (s1 == s2)
            continue;
        words_of(ids, SEQ_REVIEW_LEN, w);
        ok = sequences_parse(w, SEQ_REVIEW_LEN, &p, NULL) == 0;
        ck_assert_int_eq(ok, in_support(ids, &label));
        if (ok) {
            ck_assert_int_eq(p.label, label);
            ck_assert_int_eq(p.generable, 1);
            accepted++;
        }
    }
    ck_assert_uint_eq(accepted, 20 * 2 * 2 * 2 * 4 * 4);
}
END_TEST

START_TEST(test_course_twins)
{
    char sa[128], sb[128];
    const char *a[16], *b[16];
    size_t na = split("delivery was good and service was not slow", sa, a);
    size_t nb = split("delivery was slow and service was not good", sb, b);
    struct gb_err err;
    int la, lb;

    ck_assert_int_eq(sequences_label(a, na, &la, &err), 0);
    ck_assert_int_eq(sequences_label(b, nb, &lb, &err), 0);
    ck_assert_int_eq(la, 1);
    ck_assert_int_eq(lb, 0);
    ck_assert_msg(sequences_check_twins(a, na, b, nb, &err) == 0, "%s", err.msg);
}
END_TEST

static void expect_error(const char *text, const char *phrase)
{
    char store[512];
    const char *w[16];
    size_t n = split(text, store, w);
    struct gb_err err;
    int label;

    ck_assert_msg(sequences_label(w, n, &label, &err) == -1, "'%s' was accepted", text);
    ck_assert_msg(strstr(err.msg, phrase) != NULL, "'%s': message '%s' lacks '%s'", text,
                  err.msg, phrase);
}

START_TEST(test_invalid_reviews_say_why)
{
    expect_error("delivery was great and service was not slow", "'great' is not in the course vocabulary");
    expect_error("Delivery was good and service was not slow", "lower case");
    expect_error("delivery was good and service was bad", "the clauses disagree");
    expect_error("delivery was not good and service was good", "'delivery was not good' is negative");
    expect_error("delivery was good service was not slow", "'and' joining");
    expect_error("delivery was good and service was not", "ends after 7 tokens");
    expect_error("delivery good and service was not slow", "where 'was' should be");
    expect_error("was delivery good and service was not slow", "a subject");
    expect_error("delivery was very not good and service was good", "an opinion word");
    expect_error("delivery was good and service was not slow and", "follows the second clause");
    expect_error("delivery was good and service was not slow and app was good", "has 12 tokens");
    expect_error("", "empty");
}
END_TEST

START_TEST(test_grammar_beyond_make_reviews)
{
    char store[256];
    const char *w[16];
    struct seq_parsed p;
    struct gb_err err;
    size_t n;

    n = split("app was good and support was clean", store, w);
    ck_assert_msg(sequences_parse(w, n, &p, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(p.label, 1);
    ck_assert_int_eq(p.generable, 0);
    n = split("app was very bad and support was not clean", store, w);
    ck_assert_msg(sequences_parse(w, n, &p, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(p.label, 0);
    ck_assert_int_eq(p.modifiers, 2);
    ck_assert_int_eq(p.generable, 0);
    n = split("app was good and app was not rude", store, w);
    ck_assert_msg(sequences_parse(w, n, &p, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(p.generable, 0);
}
END_TEST

static void expect_not_twins(const char *ta, const char *tb, const char *phrase)
{
    char sa[256], sb[256];
    const char *a[16], *b[16];
    size_t na = split(ta, sa, a), nb = split(tb, sb, b);
    struct gb_err err;

    ck_assert_int_eq(sequences_check_twins(a, na, b, nb, &err), -1);
    ck_assert_msg(strstr(err.msg, phrase) != NULL, "message '%s' lacks '%s'", err.msg, phrase);
}

START_TEST(test_not_twins_say_why)
{
    expect_not_twins("delivery was good and service was not slow",
                     "delivery was slow and service was not quick", "'good' appears 1 time in A and 0 in B");
    expect_not_twins("delivery was good and service was not slow",
                     "service was good and delivery was not slow", "both reviews are positive");
    expect_not_twins("delivery was good and service was slow",
                     "delivery was slow and service was not good", "review A: the clauses disagree");
    expect_not_twins("delivery was good and service was not slow",
                     "delivery was slow and service was not nice", "review B: token 8 'nice'");
}
END_TEST

/* Whatever a student passes — junk bytes, huge words, NULL entries — the
 * labeller answers with a sentence and never reads out of bounds. */
START_TEST(test_hostile_tokens)
{
    char big[5000];
    const char *w[40];
    struct gb_err err;
    int label;
    unsigned seed = 1;

    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    w[0] = big;
    ck_assert_int_eq(sequences_label(w, 1, &label, &err), -1);
    ck_assert_uint_lt(strlen(err.msg), GB_ERR_MAX);
    w[0] = "delivery";
    w[1] = NULL;
    ck_assert_int_eq(sequences_label(w, 2, &label, &err), -1);
    w[1] = "\x01\xff";
    ck_assert_int_eq(sequences_label(w, 2, &label, &err), -1);
    ck_assert_ptr_null(strchr(err.msg, '\x01'));
    for (int t = 0; t < 20000; t++) {
        size_t n = (size_t)(rand_r(&seed) % 40);

        for (size_t i = 0; i < n; i++)
            w[i] = sequences_vocab[rand_r(&seed) % SEQ_VOCAB_SIZE];
        if (sequences_label(w, n, &label, &err) == 0)
            ck_assert(label == 0 || label == 1);
        else
            ck_assert_uint_gt(strlen(err.msg), 5);
    }
}
END_TEST

START_TEST(test_encode_and_bag)
{
    const char *w[] = { "delivery", "was", "good", "and", "service", "was", "not", "slow" };
    int ids[8];
    float bag[SEQ_VOCAB_SIZE];
    struct gb_err err;

    ck_assert_int_eq(sequences_encode(w, 8, ids, &err), 0);
    for (int i = 0; i < 8; i++)
        ck_assert_str_eq(sequences_vocab[ids[i]], w[i]);
    ck_assert_int_eq(sequences_stoi("not"), SEQ_VOCAB_SIZE - 1);
    ck_assert_int_eq(sequences_stoi("Not"), -1);
    sequences_bag(ids, 8, bag);
    ck_assert(bag[SEQ_WAS] == 2.0f && bag[SEQ_GOOD] == 1.0f && bag[SEQ_RUDE] == 0.0f);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sequences");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_every_generated_review_gets_its_own_label);
    tcase_add_test(tc, test_labeller_accepts_exactly_the_generable_reviews);
    tcase_add_test(tc, test_course_twins);
    tcase_add_test(tc, test_invalid_reviews_say_why);
    tcase_add_test(tc, test_grammar_beyond_make_reviews);
    tcase_add_test(tc, test_not_twins_say_why);
    tcase_add_test(tc, test_hostile_tokens);
    tcase_add_test(tc, test_encode_and_bag);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
