/* test_exname.c — Check suite for exname.c: an upload's file name against
 * an exercise's (any case, a notebook for a script, a renamed upload), and
 * the "did you mean" distance. */
#include <check.h>
#include <stdlib.h>

#include "check/exname.h"

START_TEST(test_names_match_in_any_case_and_as_notebooks)
{
    ck_assert_int_eq(exname_match("attention_by_hand.py", "attention_by_hand.py"), 2);
    ck_assert_int_eq(exname_match("Attention_By_Hand.py", "attention_by_hand.py"), 2);
    ck_assert_int_eq(exname_match("ATTENTION_BY_HAND.ipynb", "attention_by_hand.py"), 2);
    ck_assert_int_eq(exname_match("attention_by_hand.IPYNB", "attention_by_hand.py"), 2);
    /* an answers document is read, not run: its notebook is no exact match */
    ck_assert_int_eq(exname_match("answers.ipynb", "answers.md"), 1);
    ck_assert_int_eq(exname_match("s042_Attention_By_Hand (2).py", "attention_by_hand.py"), 1);
    ck_assert_int_eq(exname_match("attention_by_hand_v2.ipynb", "attention_by_hand.py"), 1);
    ck_assert_int_eq(exname_match("order_matters.py", "attention_by_hand.py"), 0);
    ck_assert_int_eq(exname_match("attention_by_han.py", "attention_by_hand.py"), 0);
}
END_TEST

START_TEST(test_distance_and_closeness)
{
    ck_assert_uint_eq(exname_distance("attention_by_hand.py", "attention_by_hand.py"), 0);
    ck_assert_uint_eq(exname_distance("ATTENTON_by_hand.py", "attention_by_hand.py"), 1);
    ck_assert_uint_eq(exname_distance("attention_by_hnad.ipynb", "attention_by_hand.py"), 2);
    ck_assert_uint_eq(exname_distance("order_maters.py", "order_matters.py"), 1);
    ck_assert_uint_eq(exname_distance("x.py", "order_matters.py"), 13);
    ck_assert_int_eq(exname_close("attenton_by_hand.py", "attention_by_hand.py"), 1);
    ck_assert_int_eq(exname_close("memory_lb.ipynb", "memory_lab.py"), 1);
    ck_assert_int_eq(exname_close("attention.py", "attention_by_hand.py"), 0);
    ck_assert_int_eq(exname_close("order.py", "offer.py"), 0);     /* 2 of 5: another word */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("exname");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_names_match_in_any_case_and_as_notebooks);
    tcase_add_test(tc, test_distance_and_closeness);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
