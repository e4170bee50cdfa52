/* test_prose.c — Check suite for claim binding (grader/prose/prose_claim.c): which
 * subject a claim keyword is tied to, negation, "not" named as a token,
 * numbered subjects, pronouns across sentences. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "prose/prose.h"
#include "prose/prose_claim.h"
#include "prose/prose_scope.h"
#include "score/rubric.h"

static char *one_step[] = { "one-step", "one step", "reset", "back to zero" };
static char *fade[] = { "fade", "fading", "decay", "shrink" };
static char *sep[] = { "separat", "diverg", "split" };
static char *h1[] = { "h1$", "unit 1$", "mood", "first unit" };
static char *h2[] = { "h2$", "unit 2$", "saw-not", "second unit" };
static char *h3[] = { "h3$", "count$" };
static char *opinion[] = { "first opinion", "opinion word" };
static char *not_step[] = { "not arrives", "the not$", "negation" };
static char *step[] = { "step", "t" };

#define STRS(a) { a, sizeof a / sizeof a[0] }

/* The verdict for text with claim keywords kw, right r, wrong w (other h3). */
static enum prose_claim_verdict judge(const char *text, char **kw, size_t nkw, char **r, size_t nr,
                                      char **w, size_t nw, double number, size_t window)
{
    struct rubric_strings claim = { kw, nkw };
    struct rubric_about ab;
    struct prose p;
    struct prose_claim_tie tie;
    struct gb_err err;
    struct prose_claim_spec spec = { &claim, &ab, number };
    enum prose_claim_verdict worst = PROSE_CLAIM_NONE;

    memset(&ab, 0, sizeof ab);
    ab.right = (struct rubric_strings){ r, nr };
    ab.wrong = (struct rubric_strings){ w, nw };
    ab.other = (struct rubric_strings)STRS(h3);
    if (number > 0) {
        ab.has_number = 1;
        ab.number_words = (struct rubric_strings)STRS(step);
    }
    ck_assert_int_eq(prose_split(text, strlen(text), &p, &err), 0);
    for (size_t i = 0; i < p.n; i++) {
        ck_assert_int_eq(prose_claim_judge(&p, i, window, &spec, &tie, &err), 0);
        if (tie.verdict == PROSE_CLAIM_WRONG || (tie.verdict && !worst))
            worst = tie.verdict;
        if (tie.verdict) {
            ck_assert_uint_lt(tie.claim_start, tie.claim_end);
            ck_assert_uint_le(tie.claim_end, strlen(text));
        }
    }
    prose_free(&p);
    return worst;
}

static enum prose_claim_verdict unit(const char *text, int one)
{
    return one ? judge(text, one_step, 4, h2, 4, h1, 4, 0, 2)
               : judge(text, fade, 4, h1, 4, h2, 4, 0, 2);
}

START_TEST(test_units_bind_to_their_claims)
{
    ck_assert_int_eq(unit("Unit h2 is a one-step memory: it resets after the word.", 1), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(unit("Unit h1 is a one-step memory that resets right after the word.", 1), PROSE_CLAIM_WRONG);
    ck_assert_int_eq(unit("Unit h1, the mood, fades on its own while filler words pass.", 0), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(unit("Unit h2 fades slowly while filler words pass.", 0), PROSE_CLAIM_WRONG);
    /* the claim after its subject, and contrasts in one sentence */
    ck_assert_int_eq(unit("The unit that fades without new evidence is h1.", 0), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(unit("Unlike the mood, which fades, unit 2 drops back to zero.", 0), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(unit("h2 resets while h1 fades slowly.", 1), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(unit("h2 resets while h1 fades slowly.", 0), PROSE_CLAIM_RIGHT);
    /* a third unit is neither right nor wrong for fading */
    ck_assert_int_eq(unit("The count h3 also shrinks a little.", 0), PROSE_CLAIM_NONE);
}
END_TEST

START_TEST(test_negation_and_not_as_a_token)
{
    ck_assert_int_eq(unit("h2 does not fade; it resets.", 0), PROSE_CLAIM_NONE);
    ck_assert_int_eq(unit("The mood unit h1 doesn't reset, it fades slowly instead.", 1), PROSE_CLAIM_NONE);
    ck_assert_int_eq(unit("The mood unit h1 doesn't reset, it fades slowly instead.", 0), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(unit("h2 resets rather than fading like h1.", 0), PROSE_CLAIM_NONE);
    /* "at not" names the token: no negation of the claim */
    ck_assert_int_eq(unit("h2 lights up at not and resets one word later.", 1), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(unit("The saw-not unit is back to zero after one step.", 1), PROSE_CLAIM_RIGHT);
}
END_TEST

static enum prose_claim_verdict separation(const char *text, double step_no)
{
    return judge(text, sep, 3, opinion, 2, not_step, 3, step_no, 1);
}

START_TEST(test_separation_steps)
{
    ck_assert_int_eq(separation("The traces separate at the step where the first opinion word "
                                "arrives, not at the step where \"not\" arrives.", 3), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(separation("The memories separate at the step where \"not\" arrives.", 3),
                     PROSE_CLAIM_WRONG);
    ck_assert_int_eq(separation("They diverge at step 4, not at step 3.", 4), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(separation("They diverge at step 3.", 4), PROSE_CLAIM_WRONG);
    ck_assert_int_eq(separation("They split at the 4th step.", 4), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(separation("They split at the third step.", 4), PROSE_CLAIM_WRONG);
    ck_assert_int_eq(separation("The states are equal until t=3 and separate at t=4.", 4),
                     PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(separation("The traces split at the negation.", 4), PROSE_CLAIM_WRONG);
    ck_assert_int_eq(separation("The traces split, which is interesting.", 4), PROSE_CLAIM_NONE);
}
END_TEST

START_TEST(test_pronouns_reach_back_one_sentence)
{
    /* "It" ties to the subject of the sentence before; a bare sentence does not */
    ck_assert_int_eq(unit("Unit h2 reads 0.964 at not. It is back to zero one word later.", 1),
                     PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(unit("Unit h1 carries the mood. It resets after every word.", 1), PROSE_CLAIM_WRONG);
    ck_assert_int_eq(judge("Unit h2 resets after one step. The memory of good fades slowly.",
                           fade, 4, h1, 4, h2, 4, 0, 2), PROSE_CLAIM_NONE);
}
END_TEST

START_TEST(test_quotes_case_and_long_text)
{
    char *big = malloc(PROSE_CLAIM_MAX_BYTES * 3);
    size_t n = 0;

    ck_assert_int_eq(unit("“UNIT H2” is the ONE-STEP memory.", 1), PROSE_CLAIM_RIGHT);
    /* a sentence longer than the bytes read: judged on its start, never past the buffer */
    ck_assert_ptr_nonnull(big);
    n += (size_t)sprintf(big, "Unit h2 resets");
    while (n < PROSE_CLAIM_MAX_BYTES * 2)
        big[n++] = 'x', big[n++] = ' ';
    strcpy(big + n, "and h1 resets.");
    ck_assert_int_eq(unit(big, 1), PROSE_CLAIM_RIGHT);
    /* a flood of subjects before the claim never hides it */
    n = 0;
    while (n < 1200)
        n += (size_t)sprintf(big + n, "h2 ");
    strcpy(big + n, "and h1 resets.");
    ck_assert_int_eq(unit(big, 1), PROSE_CLAIM_WRONG);
    free(big);
}
END_TEST

static enum prose_claim_verdict affirmed(const char *text)
{
    static char *luck[] = { "luck", "fluke", "chance" };
    struct rubric_strings claim = STRS(luck);
    struct rubric_about ab;
    struct prose p;
    struct prose_claim_tie tie;
    struct gb_err err;
    struct prose_claim_spec spec = { &claim, &ab, 0 };

    memset(&ab, 0, sizeof ab);
    ck_assert_int_eq(prose_split(text, strlen(text), &p, &err), 0);
    ck_assert_int_eq(prose_claim_judge(&p, 0, p.n, &spec, &tie, &err), 0);
    prose_free(&p);
    return tie.verdict;
}

START_TEST(test_claims_without_subjects_must_be_affirmed)
{
    ck_assert_int_eq(affirmed("The 0.574 was luck, not learning."), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(affirmed("The 0.574 isn't learning but luck."), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(affirmed("It did not learn negation; the 0.574 was a fluke."), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(affirmed("The 0.574 is not luck: it held on 20 fresh sets."), PROSE_CLAIM_WRONG);
    ck_assert_int_eq(affirmed("It never came down to chance."), PROSE_CLAIM_WRONG);
    /* the claim path reads negation with prose_scope's one list: "no", "hardly",
     * a number in the sentence changes nothing, a "not" after the claim denies */
    ck_assert_int_eq(affirmed("Its 0.521 on our one test set is no fluke: it learned the not rows."),
                     PROSE_CLAIM_WRONG);
    ck_assert_int_eq(affirmed("The 0.521 on the single test set is hardly luck."), PROSE_CLAIM_WRONG);
    ck_assert_int_eq(affirmed("Luck is not what made 0.521."), PROSE_CLAIM_WRONG);
    ck_assert_int_eq(affirmed("The not-row score is no longer a fluke."), PROSE_CLAIM_WRONG);
    ck_assert_int_eq(affirmed("The not-row score of 0.521 was luck."), PROSE_CLAIM_RIGHT);
}
END_TEST

START_TEST(test_subjects_are_names_not_negations)
{
    static char *memo[] = { "memoris" };
    static char *lstm0[] = { "lstm$", "no forget bias", "without a forget bias" };
    static char *rnn[] = { "rnn$", "gru$" };

    /* a subject's own "no" or "without" negates nothing */
    ck_assert_int_eq(judge("The LSTM with no forget bias is memorising.", memo, 1, lstm0, 3, rnn, 2,
                           0, 1), PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(judge("Without a forget bias it is memorising.", memo, 1, lstm0, 3, rnn, 2,
                           0, 1), PROSE_CLAIM_RIGHT);
    /* but "no sign of", "hardly" deny the claim said of it */
    ck_assert_int_eq(judge("The LSTM shows no sign of memorising.", memo, 1, lstm0, 3, rnn, 2, 0, 1),
                     PROSE_CLAIM_NONE);
    ck_assert_int_eq(judge("The LSTM is hardly memorising.", memo, 1, lstm0, 3, rnn, 2, 0, 1),
                     PROSE_CLAIM_NONE);
    /* "without" and "no" govern their noun phrase: a subject after it takes the verb */
    ck_assert_int_eq(judge("Without new input the LSTM memorises.", memo, 1, lstm0, 3, rnn, 2, 0, 1),
                     PROSE_CLAIM_RIGHT);
    ck_assert_int_eq(judge("With no new input the RNN memorises.", memo, 1, lstm0, 3, rnn, 2, 0, 1),
                     PROSE_CLAIM_WRONG);
    ck_assert_int_eq(judge("It is not the RNN that memorises.", memo, 1, lstm0, 3, rnn, 2, 0, 1),
                     PROSE_CLAIM_NONE);
    /* a subject is denied by a negator before it, not by its verb's */
    ck_assert_int_eq(judge("Not the RNN, the LSTM: it is memorising.", memo, 1, lstm0, 3, rnn, 2,
                           0, 1), PROSE_CLAIM_RIGHT);
}
END_TEST

/* The stance of the first mention of kw in text (prose_scope.h). */
static enum prose_stance stance(const char *text, const char *kw)
{
    const char *at = strstr(text, kw);
    struct prose_scope_hit h;
    struct gb_err err;

    ck_assert_ptr_nonnull(at);
    if (prose_scope_negator_at(text, strlen(text), (size_t)(at - text)))
        ck_assert_int_eq(prose_scope_negation(text, strlen(text), (size_t)(at - text), strlen(kw),
                                              &h, &err), 0);
    else
        ck_assert_int_eq(prose_scope_mention(text, strlen(text), (size_t)(at - text), strlen(kw),
                                             &h, &err), 0);
    return h.stance;
}

static int own_choice(const char *text, size_t at)
{
    struct gb_err err;
    int own;

    ck_assert_int_eq(prose_scope_own_choice_tag(text, strlen(text), at, &own, &err), 0);
    return own;
}

static int bound(const char *text, size_t at, size_t *from)
{
    struct gb_err err;
    int b;

    ck_assert_int_eq(prose_scope_bound_at(text, strlen(text), at, &b, from, &err), 0);
    return b;
}

START_TEST(test_negation_scope_of_a_mention)
{
    /* a negator before, close by or opening the clause, denies */
    ck_assert_int_eq(stance("Clipping does not fix vanishing.", "vanish"), PROSE_DENIED);
    ck_assert_int_eq(stance("No row attends most to itself.", "itself"), PROSE_DENIED);
    ck_assert_int_eq(stance("I agree without measuring accuracy.", "accura"), PROSE_DENIED);
    ck_assert_int_eq(stance("It doesn\xE2\x80\x99t memorise.", "memori"), PROSE_DENIED);
    ck_assert_int_eq(stance("The model fails to use the gain.", "gain"), PROSE_DENIED);
    ck_assert_int_eq(stance("It generalises rather than memorising.", "memoris"), PROSE_DENIED);
    /* ... and so does one just after it, past auxiliaries */
    ck_assert_int_eq(stance("Scaling is not needed.", "Scaling"), PROSE_DENIED);
    ck_assert_int_eq(stance("The forget gate never lets memory through.", "forget gate"),
                     PROSE_DENIED);
    /* a clause break, or a clause word, ends its scope */
    ck_assert_int_eq(stance("It is not luck, it is memorising.", "memoris"), PROSE_SAID);
    ck_assert_int_eq(stance("Not generalising but memorising.", "memoris"), PROSE_SAID);
    ck_assert_int_eq(stance("No \xE2\x80\x94 it is memorising.", "memoris"), PROSE_SAID);
    ck_assert_int_eq(stance("Not 0.490 \x97 it is the gain.", "gain"), PROSE_SAID);
    /* two negations affirm; "not only", "anything but" deny nothing */
    ck_assert_int_eq(stance("I would not switch without measuring accuracy.", "accura"), PROSE_SAID);
    ck_assert_int_eq(stance("It never fails to use the gain.", "gain"), PROSE_SAID);
    ck_assert_int_eq(stance("I would not leave the forget bias at zero.", "forget bias"),
                     PROSE_SAID);
    ck_assert_int_eq(stance("Measure not only accuracy.", "accura"), PROSE_SAID);
    ck_assert_int_eq(stance("A row cannot sum to anything but 1.", "sum"), PROSE_SAID);
    /* a negator far away, or a hedge, is for a human */
    ck_assert_int_eq(stance("It would not be fair to say the model is memorising.", "memoris"),
                     PROSE_UNSURE);
    ck_assert_int_eq(stance("The gain is not necessarily the cause.", "gain"), PROSE_UNSURE);
    /* a negation the idea asks for: undone by "blind", "only"; a contrast tag is unsure */
    ck_assert_int_eq(stance("It cannot learn from the first tokens.", "cannot"), PROSE_SAID);
    ck_assert_int_eq(stance("It is not blind to the beginning.", "not"), PROSE_DENIED);
    ck_assert_int_eq(stance("It is not only slow.", "not"), PROSE_DENIED);
    ck_assert_int_eq(stance("It learns the end, not the beginning.", "not"), PROSE_UNSURE);
    /* ... unless it sets aside the writer's own choice: then it is no negation of the idea */
    {
        static const char own[] = "I'd show the accuracy column, not step 1.";
        static const char fact[] = "It learns the end, not the beginning.";
        static const char far[] = "I think it learns the end, not the beginning.";
        ck_assert(own_choice(own, strstr(own, "not") - own));
        ck_assert(!own_choice(fact, strstr(fact, "not") - fact));
        ck_assert(!own_choice(fact, 0));
        ck_assert(!own_choice(far, strstr(far, "not") - far));
    }
    ck_assert(!prose_scope_negator_at("note", 4, 0));
    ck_assert(prose_scope_keyword_negates("not$") && prose_scope_keyword_negates("can't"));
    ck_assert(prose_scope_keyword_negates("didn't change") && !prose_scope_keyword_negates("note"));
}
END_TEST

START_TEST(test_numbers_after_a_comparative_are_bounds)
{
    const char *t = "It sums to more than 1, then above 0.5, then exactly 1.";
    size_t from = 0;

    ck_assert(bound(t, (size_t)(strstr(t, "1,") - t), &from));
    ck_assert_uint_eq(from, (size_t)(strstr(t, "more") - t));
    ck_assert(bound(t, (size_t)(strstr(t, "0.5") - t), &from));
    ck_assert(!bound(t, (size_t)(strstr(t, "1.") - t), &from));
    ck_assert(prose_scope_keyword_compares("more than") && !prose_scope_keyword_compares("sum"));
}
END_TEST

#ifndef __SANITIZE_ADDRESS__
/* Caps the address space a little above what the process maps now and
 * takes every block malloc can still give; returns them as a list. */
static void *exhaust_memory(struct rlimit *old)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    struct rlimit cap;
    void *hoard = NULL, *p;

    ck_assert(f != NULL && fscanf(f, "%lu", &pages) == 1);
    fclose(f);
    ck_assert_int_eq(getrlimit(RLIMIT_AS, old), 0);
    cap.rlim_cur = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + (1 << 20);
    cap.rlim_max = old->rlim_max;
    ck_assert_int_eq(setrlimit(RLIMIT_AS, &cap), 0);
    for (size_t size = 1 << 20; size >= sizeof(void *); size /= 2)
        while ((p = malloc(size))) {
            *(void **)p = hoard;
            hoard = p;
        }
    return hoard;
}

static void give_back(void *hoard, const struct rlimit *old)
{
    while (hoard) {
        void *next = *(void **)hoard;
        free(hoard);
        hoard = next;
    }
    ck_assert_int_eq(setrlimit(RLIMIT_AS, old), 0);
}

/* Without memory a reading fails with an error: it never guesses a stance
 * (which would change a grade). */
START_TEST(test_out_of_memory_is_an_error_not_a_stance)
{
    static const char t[] = "Clipping does not fix the vanishing gradient.";
    static char *kw[] = { "vanish" };
    struct rubric_strings g = { kw, 1 };
    struct rubric_about ab;
    struct prose_claim_spec spec = { &g, &ab, 0 };
    struct prose_claim_tie tie;
    struct prose_scope_hit h;
    struct prose_ideas ideas;
    struct gb_err e1, e2, e3;
    struct rlimit old;
    struct prose p;
    void *hoard;
    int rc1, rc2, rc3;

    memset(&ab, 0, sizeof ab);
    ck_assert_int_eq(prose_split(t, strlen(t), &p, &e1), 0);
    hoard = exhaust_memory(&old);
    rc1 = prose_scope_mention(t, strlen(t), (size_t)(strstr(t, "vanish") - t), 6, &h, &e1);
    rc2 = prose_find_ideas_scoped(&p, &g, 1, 1, &ideas, &e2);
    rc3 = prose_claim_judge(&p, 0, 1, &spec, &tie, &e3);
    give_back(hoard, &old);
    prose_free(&p);
    ck_assert_int_eq(rc1, -1);
    ck_assert_int_eq(rc2, -1);
    ck_assert_int_eq(rc3, -1);
    ck_assert(strstr(e1.msg, "out of memory") && strstr(e2.msg, "out of memory") &&
              strstr(e3.msg, "out of memory"));
}
END_TEST
#endif

int main(void)
{
    Suite *s = suite_create("prose");
    TCase *tc = tcase_create("claims");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_units_bind_to_their_claims);
    tcase_add_test(tc, test_negation_and_not_as_a_token);
    tcase_add_test(tc, test_separation_steps);
    tcase_add_test(tc, test_pronouns_reach_back_one_sentence);
    tcase_add_test(tc, test_quotes_case_and_long_text);
    tcase_add_test(tc, test_claims_without_subjects_must_be_affirmed);
    tcase_add_test(tc, test_subjects_are_names_not_negations);
    tcase_add_test(tc, test_negation_scope_of_a_mention);
    tcase_add_test(tc, test_numbers_after_a_comparative_are_bounds);
#ifndef __SANITIZE_ADDRESS__
    /* capping the address space needs a process of its own (Check's fork)
     * and no sanitizer shadow memory */
    if (!getenv("CK_FORK") || strcmp(getenv("CK_FORK"), "no"))
        tcase_add_test(tc, test_out_of_memory_is_an_error_not_a_stance);
#endif
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
