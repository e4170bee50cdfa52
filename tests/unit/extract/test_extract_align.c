/* test_extract_align.c — Check suite for recognising a value by the company it
 * keeps (grader/extract/extract_align.c): every rule has a case that fails
 * when the rule is taken out. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "extract/extract.h"
#include "extract/extract_align.h"

/* Step 3's gain-0.5 row: step 50, 40, 30, 20, 10, 1, factor, ratio. */
static const double gain05[] = { 0.07577093, 3.256172e-05, 1.731602e-08, 1.787312e-11,
                                 2.280527e-14, 5.031524e-17, 0.4900596, 6.640441e-16 };
#define FACTOR 6
/* The rude row of the query = key weights: its identity is its order. */
static const double rude_row[] = { 0.0962551, 0.0962551, 0.0962551, 0.7112346 };

static struct extract_transcript *parse(const char *text)
{
    struct extract_transcript *t = NULL;
    struct gb_err err;

    ck_assert_msg(extract_parse(text, strlen(text), NULL, &t, &err) == 0, "%s", err.msg);
    return t;
}

/* Aligns rec (target k) in text with the given excluded/named lines; returns
 * the found line (0 none) and the value in *v. */
static size_t align(const char *text, const double *v, size_t n, size_t k, int ordered,
                    const struct extract_align_lines *lines, double *value)
{
    struct extract_transcript *t = parse(text);
    struct extract_record rec = { v, n, k, 0.01, 0, ordered };
    struct extract_align_lines none = { NULL, 0, 0, NULL, 0 };
    struct extract_alignment al;
    struct gb_err err;
    int rc = extract_align(t, &rec, lines ? lines : &none, &al, &err);
    size_t line = 0;

    ck_assert_int_ge(rc, 0);
    if (rc == 1) {
        line = al.hit.line;
        *value = al.hit.num.value;
    }
    extract_alignment_free(&al);
    extract_free(t);
    return line;
}

START_TEST(test_raw_print_row_recognised)
{
    /* print(k, [c[t - 1] for t in steps], factor(c), c[0] / c[-1]) */
    const char *out =
        "[50, 40, 30, 20, 10, 1]\n"
        "RNN gain 0.5 [0.07577093690633774, 3.2561718398937955e-05, 1.731602239374297e-08, "
        "1.787311618151044e-11, 2.280526943232008e-14, 5.0315232757118235e-17] "
        "0.49005961542079135 6.640439568447477e-16\n"
        "RNN gain 0.9 [0.07602598518133163, 0.0069655366241931915] 0.8415240708893473\n";
    double v = 0;

    ck_assert_uint_eq(align(out, gain05, 8, FACTOR, 0, NULL, &v), 2);
    ck_assert(fabs(v - 0.49006) < 1e-4);
}
END_TEST

START_TEST(test_sentence_over_two_lines)
{
    /* the narrator's row: values on one line, the factor on the next */
    const char *out =
        "For the plain RNN at gain 0.5, the gradient norm is 7.577e-02 at step 50, 3.256e-05 "
        "at step 40, and 5.032e-17 at step 1.\n"
        "  Step 1 therefore receives 6.64e-16 times the blame of step 50, a factor of 0.490 "
        "per step.\n";
    double v = 0;

    ck_assert_uint_eq(align(out, gain05, 8, FACTOR, 0, NULL, &v), 2);
    ck_assert(fabs(v - 0.490) < 1e-9);
}
END_TEST

START_TEST(test_alone_is_no_evidence)
{
    /* 0.490 printed without the row's other values: no alignment */
    double v = 0;

    ck_assert_uint_eq(align("some factor 0.490\nother 1.0 2.0\n", gain05, 8, FACTOR, 0, NULL, &v),
                      0);
    /* two values far apart (other paragraphs) are no record either */
    ck_assert_uint_eq(align("a 0.490\n\nb 7.577e-02\n\nc 5.032e-17\n", gain05, 8, FACTOR, 0,
                            NULL, &v), 0);
}
END_TEST

START_TEST(test_wrong_value_never_aligns)
{
    /* the row's other values with a wrong factor: alignment cannot make it pass */
    double v = 0;

    ck_assert_uint_eq(align("gain 0.5 7.577e-02 3.256e-05 5.032e-17 0.620 6.64e-16\n", gain05, 8,
                            FACTOR, 0, NULL, &v), 0);
}
END_TEST

START_TEST(test_repeats_need_their_order)
{
    /* the support row holds the same values in another order */
    const char *out = "[[0.711 0.096 0.096 0.096]\n [0.091 0.669 0.149 0.091]\n"
                      " [0.083 0.137 0.696 0.083]\n [0.096 0.096 0.096 0.711]]\n";
    double v = 0;

    ck_assert_uint_eq(align(out, rude_row, 4, 3, 0, NULL, &v), 4);
    ck_assert(fabs(v - 0.711) < 1e-9);
    ck_assert_uint_eq(align("[0.711 0.096 0.096 0.096]\n", rude_row, 4, 3, 0, NULL, &v), 0);
}
END_TEST

START_TEST(test_marked_and_hand_worked_numbers_are_not_evidence)
{
    double v = 0;

    /* the course's row printed for comparison */
    ck_assert_uint_eq(align("expected (course): 0.096 0.096 0.096 0.711\n", rude_row, 4, 3, 0,
                            NULL, &v), 0);
    /* the hand-worked row under the code's (wrong) row */
    ck_assert_uint_eq(align("rude            0.017 0.017 0.017 0.948\n"
                            "rude (by hand)  0.096 0.096 0.096 0.711\n", rude_row, 4, 3, 0,
                            NULL, &v), 0);
}
END_TEST

START_TEST(test_excluded_and_unnamed_rows)
{
    const char *table = "token   support  was    not    rude\n"
                        "slow    0.096    0.096  0.096  0.711\n";
    const size_t named_none[] = { 0 };
    struct extract_align_lines no_rude = { NULL, 0, 1, named_none, 0 };
    const size_t excl[] = { 1 };
    struct extract_align_lines excluded = { excl, 1, 0, NULL, 0 };
    double v = 0;

    /* a table row labelled "slow" is slow's, however its numbers look */
    ck_assert_uint_eq(align(table, rude_row, 4, 3, 0, &no_rude, &v), 0);
    /* a line naming another row gives no evidence */
    ck_assert_uint_eq(align("0.096 0.096 0.096 0.711\n", rude_row, 4, 3, 0, &excluded, &v), 0);
    excluded.excluded = named_none;   /* line 0: nothing excluded */
    ck_assert_uint_eq(align("0.096 0.096 0.096 0.711\n", rude_row, 4, 3, 0, &excluded, &v), 1);
}
END_TEST

START_TEST(test_coarse_printing_is_no_evidence)
{
    /* 0.5 is no print of 0.490 (too coarse to tell), 1.0 is a print of 1.000 */
    static const double rec[] = { 0.4900596, 0.07577093, 5.031524e-17, 6.640441e-16 };
    static const double acc[] = { 1.0, 0.74, 0.48514851 };
    double v = 0;

    ck_assert_uint_eq(align("0.5 0.07577 5.03e-17 6.64e-16\n", rec, 4, 0, 0, NULL, &v), 0);
    ck_assert_uint_eq(align("logistic 0.74 1.0 0.485\n", acc, 3, 0, 0, NULL, &v), 1);
    ck_assert(extract_common_value(1.0) && extract_common_value(50) &&
              extract_common_value(0.25) && !extract_common_value(0.74) &&
              !extract_common_value(297));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("extract_align");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_raw_print_row_recognised);
    tcase_add_test(tc, test_sentence_over_two_lines);
    tcase_add_test(tc, test_alone_is_no_evidence);
    tcase_add_test(tc, test_wrong_value_never_aligns);
    tcase_add_test(tc, test_repeats_need_their_order);
    tcase_add_test(tc, test_marked_and_hand_worked_numbers_are_not_evidence);
    tcase_add_test(tc, test_excluded_and_unnamed_rows);
    tcase_add_test(tc, test_coarse_printing_is_no_evidence);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
