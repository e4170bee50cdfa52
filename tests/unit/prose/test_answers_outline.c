/* test_answers_outline.c — Check suite for finding answers however the
 * document is laid out (grader/prose/answers_outline.c). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "prose/answers_outline.h"

static const char *const a_q1[] = { "interpretation" };
static const char *const a_q2[] = { "debug" };
static const char *const a_friend[] = { "explain to a friend" };
static const char *const a_follow[] = { "follow-up", "why did everyone move to attention",
                                        "moved to attention" };
static const struct answers_spec specs[] = {
    { "q1", a_q1, 1, 1, NULL }, { "q2", a_q2, 1, 2, NULL },
    { "friend", a_friend, 1, 3, NULL }, { "friend-attention", a_follow, 3, 4, "friend" },
};
#define N (sizeof specs / sizeof specs[0])

/* The section's text, or "MISSING". */
static char *section(const char *doc, const char *name)
{
    struct answers_section s;

    if (answers_outline_find(doc, strlen(doc), specs, N, name, &s))
        return strdup("MISSING");
    return strndup(s.text, s.len);
}

static void has(const char *doc, const char *name, const char *needle, const char *absent)
{
    char *got = section(doc, name);

    ck_assert_msg(strstr(got, needle), "%s: '%s' not in '%s'", name, needle, got);
    ck_assert_msg(!absent || !strstr(got, absent), "%s: '%s' in '%s'", name, absent, got);
    free(got);
}
#define HAS has

START_TEST(test_headings_by_type)
{
    const char *doc = "# interpretation\nonly the last tokens\n# debug\nmemorising\n"
                      "# explain to a friend\nwords in a bag\n\n"
                      "# follow-up: so why did everyone move to attention\n49 hops to 1\n";

    HAS(doc, "q1", "last tokens", "memorising");
    HAS(doc, "q2", "memorising", "bag");
    HAS(doc, "friend", "bag", "49 hops");
    HAS(doc, "friend-attention", "49 hops", NULL);
}
END_TEST

START_TEST(test_numbered_paragraphs)
{
    const char *doc = "1. only the last tokens learn.\n\n2. it memorises. Changes:\n"
                      "1. open the gate\n2. use attention\n\n3. a bag of words.\n\n"
                      "4. \"so why attention\": 49 hops to 1.\n";

    HAS(doc, "q1", "last tokens", "memorises");
    /* the list inside answer 2 restarts at 1: it is answer 2's */
    HAS(doc, "q2", "use attention", "bag");
    HAS(doc, "friend", "bag", "49 hops");
    HAS(doc, "friend-attention", "49 hops", NULL);
}
END_TEST

START_TEST(test_list_inside_one_answer_is_no_numbering)
{
    const char *doc = "## Self-check\n> **type=interpretation** the table\n\nonly the last\n\n"
                      "> **type=debug** the recall model\n\n1. **Open the gates**\n"
                      "2. **Shorten the path**\n";

    HAS(doc, "q1", "only the last", "Open the gates");
    HAS(doc, "q2", "Open the gates", "only the last");
}
END_TEST

START_TEST(test_question_answer_pairs_and_bold_labels)
{
    const char *qa = "Q: (interpretation) what can it learn?\nA: only the last tokens\n"
                     "Q: (debug) what is it doing?\nA: memorising\n";
    const char *bold = "**Q1 (interpretation).** Only the last tokens.\n\n"
                       "**Explain to a friend.** A bag of words.\n\n"
                       "**Follow-up: \"so why did everyone move to attention?\"** 49 hops.\n";

    HAS(qa, "q1", "only the last tokens", "memorising");
    HAS(qa, "q2", "memorising", NULL);
    HAS(bold, "q1", "Only the last tokens", "bag");
    HAS(bold, "friend", "A bag of words", "49 hops");
    HAS(bold, "friend-attention", "49 hops", NULL);
}
END_TEST

START_TEST(test_follow_up_inside_the_friend_section)
{
    const char *doc = "## Explain to a friend\n\nA bag of words loses order. An RNN reads "
                      "in order.\n\nIf my friend then asks why everyone moved to attention, "
                      "my answer is this: 49 hops become 1.\n";

    HAS(doc, "friend", "loses order", "49 hops");
    HAS(doc, "friend-attention", "49 hops", "loses order");

    /* the friend's question in italics, its answer on the same line after it */
    const char *italic = "## Explain to a friend\n\nA bag of words loses order.\n\n"
                         "*\"So why did everyone move to attention?\"* Attention takes 1 hop "
                         "instead of 49.\n";
    HAS(italic, "friend", "loses order", "1 hop");
    HAS(italic, "friend-attention", "1 hop instead of 49", "loses order");
    /* an italic line alone is the question: its answer is the next line */
    const char *alone = "## Explain to a friend\n\nA bag of words loses order.\n\n"
                        "*So why did everyone move to attention?*\nAttention takes 1 hop.\n";
    HAS(alone, "friend-attention", "Attention takes 1 hop", NULL);
}
END_TEST

START_TEST(test_unknown_name_and_absent_section)
{
    char *got = section("# interpretation\nx\n", "q2");

    ck_assert_str_eq(got, "MISSING");
    free(got);
    got = section("# interpretation\nx\n", "friend-attention");
    ck_assert_str_eq(got, "MISSING");
    free(got);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("answers_outline");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_headings_by_type);
    tcase_add_test(tc, test_numbered_paragraphs);
    tcase_add_test(tc, test_list_inside_one_answer_is_no_numbering);
    tcase_add_test(tc, test_question_answer_pairs_and_bold_labels);
    tcase_add_test(tc, test_follow_up_inside_the_friend_section);
    tcase_add_test(tc, test_unknown_name_and_absent_section);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
