/* test_numparse.c — Check suite for the number scanner (grader/extract/numparse.c). */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "extract/numparse.h"

#define MAXN 64

static size_t scan(const char *s, struct numparse_num *n)
{
    return numparse_scan(s, strlen(s), 0, n, MAXN);
}

/* The printed text of token k. */
static const char *text_of(const char *s, const struct numparse_num *n)
{
    static char buf[128];
    snprintf(buf, sizeof buf, "%.*s", (int)(n->end - n->start), s + n->start);
    return buf;
}

START_TEST(test_plain_notations)
{
    static const struct { const char *in; double v; int decimals, exponent; unsigned flags; } cases[] = {
        { "0.74", 0.74, 2, 0, 0 },
        { "0.740", 0.74, 3, 0, 0 },
        { ".5", 0.5, 1, 0, 0 },
        { "7.577e-02", 7.577e-02, 3, -2, NUMPARSE_EXPONENT },
        { "7.58e-2", 7.58e-2, 2, -2, NUMPARSE_EXPONENT },
        { "5.27e0", 5.27, 2, 0, NUMPARSE_EXPONENT },
        { "5.271E+00", 5.271, 3, 0, NUMPARSE_EXPONENT },
        { "74.0%", 74.0, 1, 0, NUMPARSE_PERCENT },
        { "1,217", 1217, 0, 0, NUMPARSE_INTEGER | NUMPARSE_THOUSANDS },
        { "1_217", 1217, 0, 0, NUMPARSE_INTEGER | NUMPARSE_THOUSANDS },
        { "x0.490", 0.49, 3, 0, NUMPARSE_FACTOR },
        { "\xc3\x97" "0.490", 0.49, 3, 0, NUMPARSE_FACTOR },
        { "+0.372", 0.372, 3, 0, NUMPARSE_SIGNED },
        { "-0.119", -0.119, 3, 0, NUMPARSE_SIGNED },
        { "\xe2\x88\x92" "0.119", -0.119, 3, 0, NUMPARSE_SIGNED },
        { "2.2x", 2.2, 1, 0, NUMPARSE_FACTOR },
        { "1e5", 1e5, 0, 5, NUMPARSE_EXPONENT },
        { "297", 297, 0, 0, NUMPARSE_INTEGER },
        /* a power of ten written out, as a Unicode-minded student prints it */
        { "7.58\xc3\x97" "10^\xe2\x88\x92" "2", 7.58e-2, 2, -2, NUMPARSE_EXPONENT },
        { "5.03x10^-17", 5.03e-17, 2, -17, NUMPARSE_EXPONENT },
        { "5.27 * 10**0", 5.27, 2, 0, NUMPARSE_EXPONENT },
        { "1.5\xc2\xb7" "10^3", 1.5e3, 1, 3, NUMPARSE_EXPONENT },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct numparse_num n[MAXN];
        ck_assert_msg(scan(cases[i].in, n) == 1, "%s: count", cases[i].in);
        ck_assert_msg(n[0].value == cases[i].v, "%s: value %.17g", cases[i].in, n[0].value);
        ck_assert_int_eq(n[0].decimals, cases[i].decimals);
        ck_assert_int_eq(n[0].exponent, cases[i].exponent);
        ck_assert_msg(n[0].flags == cases[i].flags, "%s: flags %#x", cases[i].in, n[0].flags);
        ck_assert_uint_eq(n[0].start, 0);
        ck_assert_uint_eq(n[0].end, strlen(cases[i].in));
    }
}
END_TEST

START_TEST(test_nan_inf_words)
{
    struct numparse_num n[MAXN];
    const char *s = "loss nan, NaN then -inf and inf; info banana Infinity";

    ck_assert_uint_eq(scan(s, n), 5);
    ck_assert(isnan(n[0].value) && (n[0].flags & NUMPARSE_NAN));
    ck_assert(isnan(n[1].value));
    ck_assert(isinf(n[2].value) && n[2].value < 0);
    ck_assert_str_eq(text_of(s, &n[2]), "-inf");
    ck_assert(isinf(n[3].value) && n[3].value > 0);
    ck_assert_str_eq(text_of(s, &n[4]), "Infinity");
    ck_assert(numparse_half_ulp(&n[0]) == 0.0);
}
END_TEST

START_TEST(test_lists_arrays_tensors)
{
    struct numparse_num n[MAXN];
    const char *a = "[0.881, -0.119, 0.881, 0.339]";
    const char *b = "slow [ 0.5 -0.5  0.5  0.625] [0. 0. 0.]";
    const char *c = "train (1600, 8) test tensor([0.4400, 0.0600]) tensor(0.7400)";

    ck_assert_uint_eq(scan(a, n), 4);
    ck_assert(n[0].value == 0.881 && n[1].value == -0.119 && n[3].value == 0.339);
    ck_assert_int_eq(n[0].list, 0);
    ck_assert_int_eq(n[3].list, 0);
    ck_assert(n[1].flags & NUMPARSE_IN_LIST);

    ck_assert_uint_eq(scan(b, n), 7);
    ck_assert(n[1].value == -0.5 && n[3].value == 0.625);
    ck_assert_int_eq(n[3].list, 0);
    ck_assert_int_eq(n[4].list, 1);
    ck_assert(n[4].value == 0.0 && (n[4].flags & NUMPARSE_TRAILING_POINT));
    ck_assert_int_eq(n[4].decimals, 0);
    ck_assert_str_eq(text_of(b, &n[4]), "0.");

    ck_assert_uint_eq(scan(c, n), 5);
    ck_assert(n[0].value == 1600 && n[1].value == 8 && n[0].list == 0 && n[1].list == 0);
    ck_assert(n[2].value == 0.44 && n[2].list == 2);
    ck_assert(n[3].value == 0.06 && n[3].list == 2 && n[3].decimals == 4);
    ck_assert(n[4].value == 0.74 && n[4].list == 3);
}
END_TEST

START_TEST(test_thousands_only_in_groups_of_three)
{
    struct numparse_num n[MAXN];

    ck_assert_uint_eq(scan("1,2,3", n), 3);
    ck_assert(n[0].value == 1 && n[1].value == 2 && n[2].value == 3);
    ck_assert_uint_eq(scan("0.881, -0.119", n), 2);
    ck_assert(n[0].value == 0.881 && n[1].value == -0.119);
    ck_assert_uint_eq(scan("params 1,217 and 1,000,000 and 12,345,67", n), 5);
    ck_assert(n[0].value == 1217 && n[1].value == 1e6);
    ck_assert(n[2].value == 12 && n[3].value == 345 && n[4].value == 67);
    ck_assert_uint_eq(numparse_scan("100,200", 7, NUMPARSE_OPT_NO_COMMA_GROUPS, n, MAXN), 2);
    ck_assert_uint_eq(scan("(1600,8)", n), 2);
    /* a list's next item is no thousands group of the item before it */
    ck_assert_uint_eq(scan("lengths 10,25,50,100", n), 4);
    ck_assert(n[2].value == 50 && n[3].value == 100);
    ck_assert_uint_eq(scan("sizes 7,1,217", n), 3);   /* a list throughout: 7, 1, 217 */
}
END_TEST

START_TEST(test_units_and_glue)
{
    struct numparse_num n[MAXN];
    const char *s = "RNN 3.8 s, LSTM 3.8s, attention 66.6 ms in 5 steps";
    const char *g = "l0 step1 b_f=3 x2 64-unit loss=0.5 h_t";

    ck_assert_uint_eq(scan(s, n), 4);
    ck_assert(n[0].value == 3.8 && (n[0].flags & NUMPARSE_UNIT));
    ck_assert_str_eq(n[0].unit, "s");
    ck_assert_str_eq(text_of(s, &n[0]), "3.8");
    ck_assert_str_eq(n[1].unit, "s");
    ck_assert_str_eq(n[2].unit, "ms");
    ck_assert(!(n[3].flags & NUMPARSE_UNIT));
    double sec;
    ck_assert_int_eq(numparse_seconds(&n[2], &sec), 0);
    ck_assert(fabs(sec - 0.0666) < 1e-12);
    ck_assert_int_eq(numparse_seconds(&n[3], &sec), -1);

    ck_assert_uint_eq(scan(g, n), 6);
    ck_assert(n[0].value == 0 && (n[0].flags & NUMPARSE_GLUED));
    ck_assert(n[1].value == 1 && (n[1].flags & NUMPARSE_GLUED));
    ck_assert(n[2].value == 3 && (n[2].flags & NUMPARSE_GLUED));
    ck_assert(n[3].value == 2 && (n[3].flags & NUMPARSE_GLUED) && !(n[3].flags & NUMPARSE_FACTOR));
    ck_assert(n[4].value == 64 && (n[4].flags & NUMPARSE_GLUED_RIGHT) && !(n[4].flags & NUMPARSE_GLUED));
    ck_assert(n[5].value == 0.5);

    /* a unit word that is the next value's key is no unit of this one */
    ck_assert_uint_eq(scan("loss=0.0000 secs=10.7 acc 0.9 s: 2", n), 4);
    ck_assert(n[0].value == 0 && !(n[0].flags & NUMPARSE_UNIT));
    ck_assert(n[2].value == 0.9 && !(n[2].flags & NUMPARSE_UNIT));

    /* a hyphenated name, not a negative number */
    ck_assert_uint_eq(scan("mlp-64 0.521 LSTM-3", n), 3);
    ck_assert(n[0].value == 64 && (n[0].flags & NUMPARSE_GLUED));
    ck_assert(n[1].value == 0.521 && !(n[1].flags & NUMPARSE_GLUED));
    ck_assert(n[2].value == 3 && (n[2].flags & NUMPARSE_GLUED));

    /* "#2" ranks or indexes a row ("#2 logistic ... 0.740", "row #3"): a
     * name's number, no value; "# 5" after a comment mark stays a number */
    ck_assert_uint_eq(scan("#2 logistic 0.740 row #3 # 5", n), 4);
    ck_assert(n[0].value == 2 && (n[0].flags & NUMPARSE_GLUED));
    ck_assert(n[1].value == 0.74 && !(n[1].flags & NUMPARSE_GLUED));
    ck_assert(n[2].value == 3 && (n[2].flags & NUMPARSE_GLUED));
    ck_assert(n[3].value == 5 && !(n[3].flags & NUMPARSE_GLUED));
}
END_TEST

/* Factors and times written the ways a rate or a timing gets printed. */
START_TEST(test_per_step_factors_and_seconds)
{
    static const struct { const char *in; double v; const char *text; unsigned flags; const char *unit; double sec; } cases[] = {
        { "\xc3\x97" "0.49/step", 0.49, "\xc3\x97" "0.49", NUMPARSE_FACTOR, "", -1 },
        { "x0.49 per step", 0.49, "x0.49", NUMPARSE_FACTOR, "", -1 },
        { "0.49x/step", 0.49, "0.49x", NUMPARSE_FACTOR, "", -1 },
        { "0.49/step", 0.49, "0.49", 0, "", -1 },
        { "2.1 s", 2.1, "2.1", NUMPARSE_UNIT, "s", 2.1 },
        { "2.1s", 2.1, "2.1", NUMPARSE_UNIT, "s", 2.1 },
        { "2100 ms", 2100, "2100", NUMPARSE_UNIT | NUMPARSE_INTEGER, "ms", 2.1 },
        { "2.1 sec/epoch", 2.1, "2.1", NUMPARSE_UNIT, "sec", 2.1 },
        { "1.5 min", 1.5, "1.5", NUMPARSE_UNIT, "min", 90 },
        { "(2.1 s)", 2.1, "2.1", NUMPARSE_UNIT | NUMPARSE_IN_LIST, "s", 2.1 },
        { "3.4 secs", 3.4, "3.4", NUMPARSE_UNIT, "secs", 3.4 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct numparse_num n[MAXN];
        double sec = -1;
        ck_assert_msg(scan(cases[i].in, n) == 1, "%s", cases[i].in);
        ck_assert_msg(n[0].value == cases[i].v, "%s: %g", cases[i].in, n[0].value);
        ck_assert_str_eq(text_of(cases[i].in, &n[0]), cases[i].text);
        ck_assert_msg(n[0].flags == cases[i].flags, "%s: flags %#x", cases[i].in, n[0].flags);
        ck_assert_str_eq(n[0].unit, cases[i].unit);
        ck_assert_int_eq(numparse_seconds(&n[0], &sec), cases[i].sec < 0 ? -1 : 0);
        if (cases[i].sec >= 0)
            ck_assert_msg(fabs(sec - cases[i].sec) < 1e-12, "%s: %g s", cases[i].in, sec);
    }
}
END_TEST

/* Decimal commas: everywhere in a decimal-comma text, and elsewhere only
 * where the comma can mean nothing else; a CSV comma stays a separator. */
START_TEST(test_decimal_commas)
{
    struct numparse_num n[MAXN];
    const char *semi = "rude;0,096;1,000;-0,193";

    ck_assert_uint_eq(numparse_scan(semi, strlen(semi), NUMPARSE_OPT_DECIMAL_COMMA, n, MAXN), 3);
    ck_assert(n[0].value == 0.096 && n[0].decimals == 3);
    ck_assert(n[1].value == 1.0 && !(n[1].flags & NUMPARSE_THOUSANDS));
    ck_assert(n[2].value == -0.193);
    ck_assert_str_eq(text_of(semi, &n[2]), "-0,193");

    /* "2,22e-16" is never the number 2: a bare 2 (or 0) would pass a "less than" check */
    ck_assert_uint_eq(scan("largest gap;2,22e-16", n), 1);
    ck_assert(n[0].value == 2.22e-16 && (n[0].flags & NUMPARSE_EXPONENT));
    ck_assert_uint_eq(scan("gap 0,44, done", n), 1);
    ck_assert(n[0].value == 0.44 && n[0].decimals == 2);
    /* thousands and lists keep their meaning */
    ck_assert_uint_eq(scan("1,217 rows", n), 1);
    ck_assert(n[0].value == 1217);
    ck_assert_uint_eq(scan("[0,1,2]", n), 3);
    const char *csv = "rnn,0,5e-3";
    ck_assert_uint_eq(numparse_scan(csv, strlen(csv), NUMPARSE_OPT_NO_COMMA_GROUPS, n, MAXN), 2);
    ck_assert(n[0].value == 0 && n[1].value == 5e-3);
}
END_TEST

/* Powers of ten written with superscripts or in LaTeX: one number each,
 * never a mantissa and a stray 10. */
START_TEST(test_superscript_and_latex_powers)
{
    static const struct { const char *in; double v; int exponent; } cases[] = {
        { "5.032 \xc3\x97 10\xe2\x81\xbb\xc2\xb9\xe2\x81\xb7", 5.032e-17, -17 },  /* × 10⁻¹⁷ */
        { "7.577 \xc3\x97 10\xe2\x81\xbb\xc2\xb2", 7.577e-2, -2 },                   /* × 10⁻² */
        { "5.268 \xc3\x97 10\xe2\x81\xb0", 5.268, 0 },                                  /* × 10⁰ */
        { "2.0 \xc3\x97 10\xc2\xb9\xc2\xb2", 2.0e12, 12 },                             /* × 10¹² */
        { "$7.577 \\times 10^{-2}$", 7.577e-2, -2 },
        { "7.577\\times10^{-2}", 7.577e-2, -2 },
        { "7.577 \\cdot 10^{-2}", 7.577e-2, -2 },
        { "7.58\xc3\x97" "10^\xe2\x88\x92" "2", 7.58e-2, -2 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct numparse_num n[MAXN];
        ck_assert_msg(scan(cases[i].in, n) == 1, "%s", cases[i].in);
        ck_assert_msg(fabs(n[0].value - cases[i].v) <= 1e-12 * fabs(cases[i].v), "%s: %g",
                      cases[i].in, n[0].value);
        ck_assert_int_eq(n[0].exponent, cases[i].exponent);
        ck_assert(n[0].flags & NUMPARSE_EXPONENT);
    }
    struct numparse_num n[MAXN];
    ck_assert_uint_eq(scan("3 x 10 rows", n), 2);   /* a product, no power */
}
END_TEST

START_TEST(test_versions_dates_and_words_are_not_values)
{
    struct numparse_num n[MAXN];

    ck_assert_uint_eq(scan("torch 1.13.0 numpy 1.24.2", n), 0);
    ck_assert_uint_eq(scan("3-4", n), 2);
    ck_assert(n[1].value == 4);
    ck_assert_uint_eq(scan("exp max info", n), 0);
}
END_TEST

/* Counts out of a total are one number (the rate is the reader's choice);
 * dates, shapes and progress counters are not turned into rates. */
START_TEST(test_ratio_of_counts)
{
    struct numparse_num n[MAXN];
    const char *s;

    s = "  2244 / 4000 correct";
    ck_assert_uint_eq(scan(s, n), 1);
    ck_assert(n[0].flags & NUMPARSE_RATIO);
    ck_assert(n[0].value == 2244 && n[0].denom == 4000);
    ck_assert_str_eq(text_of(s, &n[0]), "2244 / 4000");
    ck_assert(fabs(numparse_quotient(&n[0]) - 0.561) < 1e-12);
    s = "50 RNN 15.2 2244/4000  494/1000";
    ck_assert_uint_eq(scan(s, n), 4);
    ck_assert(n[3].value == 494 && n[3].denom == 1000 && (n[3].flags & NUMPARSE_RATIO));
    ck_assert(n[1].value == 15.2 && !(n[1].flags & NUMPARSE_RATIO));
    ck_assert_uint_eq(scan("acc=1,000/4,000", n), 1);
    ck_assert(n[0].denom == 4000 && (n[0].flags & NUMPARSE_GLUED));
    /* progress counter: one number, value still the step */
    ck_assert_uint_eq(scan("step 3/50", n), 1);
    ck_assert(n[0].value == 3 && (n[0].flags & NUMPARSE_RATIO));
    /* not ratios: numerator above the total, dates, decimals, signs */
    ck_assert_uint_eq(scan("1600/600 split", n), 2);
    ck_assert(!(n[0].flags & NUMPARSE_RATIO) && n[1].value == 600);
    ck_assert_uint_eq(scan("03/12/2026", n), 3);
    ck_assert(!(n[0].flags & NUMPARSE_RATIO) && !(n[1].flags & NUMPARSE_RATIO));
    ck_assert_uint_eq(scan("2026/12/03", n), 3);
    ck_assert(!(n[1].flags & NUMPARSE_RATIO));
    ck_assert_uint_eq(scan("3.2 / 4.3", n), 2);
    ck_assert_uint_eq(scan("-3/4 3/4.5 3/4% 3/0", n), 8);
    for (int k = 0; k < 8; k++)
        ck_assert(!(n[k].flags & NUMPARSE_RATIO));
    ck_assert_uint_eq(scan("1/2x", n), 2);
    ck_assert(numparse_quotient(&n[0]) == 1);
}
END_TEST

START_TEST(test_half_ulp_and_fraction)
{
    struct numparse_num n;

    ck_assert_int_eq(numparse_one(" 0.740 ", 7, &n), 0);
    ck_assert(fabs(numparse_half_ulp(&n) - 0.0005) < 1e-15);
    ck_assert_int_eq(numparse_one("7.58e-2", 7, &n), 0);
    ck_assert(fabs(numparse_half_ulp(&n) - 5e-5) < 1e-18);
    ck_assert_int_eq(numparse_one("1,217", 5, &n), 0);
    ck_assert(numparse_half_ulp(&n) == 0.5);
    ck_assert_int_eq(numparse_one("74.0%", 5, &n), 0);
    ck_assert(fabs(numparse_fraction(&n) - 0.74) < 1e-15);
    ck_assert_int_eq(numparse_one("3.8 s", 5, &n), 0);
    ck_assert_int_eq(numparse_one("3.8 apples", 10, &n), -1);
    ck_assert_int_eq(numparse_one("1 2", 3, &n), -1);
    ck_assert_int_eq(numparse_one("", 0, &n), -1);
}
END_TEST

START_TEST(test_count_exceeds_max_like_snprintf)
{
    struct numparse_num n[2];
    ck_assert_uint_eq(numparse_scan("1 2 3 4 5", 9, 0, n, 2), 5);
    ck_assert(n[0].value == 1 && n[1].value == 2);
    ck_assert_uint_eq(numparse_scan(NULL, 0, 0, n, 2), 0);
}
END_TEST

/* Random bytes must never crash or read out of bounds (ASan checks the latter). */
START_TEST(test_fuzz_random_bytes)
{
    static const char alphabet[] = "0123456789.,_eE+-x%[]() \t\nnaifs\xe2\x88\x92\xc3\x97\xff\x80";
    struct numparse_num n[16];
    srand(7);
    for (int round = 0; round < 20000; round++) {
        char buf[64];
        size_t len = (size_t)(rand() % 64);
        for (size_t i = 0; i < len; i++)
            buf[i] = rand() % 4 ? alphabet[rand() % (sizeof alphabet - 1)] : (char)rand();
        char *heap = malloc(len ? len : 1);
        memcpy(heap, buf, len);
        size_t count = numparse_scan(heap, len, (unsigned)(round & 1), n, 16);
        for (size_t k = 0; k < count && k < 16; k++)
            ck_assert(n[k].start < n[k].end && n[k].end <= len);
        free(heap);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("numparse");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_plain_notations);
    tcase_add_test(tc, test_nan_inf_words);
    tcase_add_test(tc, test_lists_arrays_tensors);
    tcase_add_test(tc, test_thousands_only_in_groups_of_three);
    tcase_add_test(tc, test_units_and_glue);
    tcase_add_test(tc, test_per_step_factors_and_seconds);
    tcase_add_test(tc, test_decimal_commas);
    tcase_add_test(tc, test_superscript_and_latex_powers);
    tcase_add_test(tc, test_versions_dates_and_words_are_not_values);
    tcase_add_test(tc, test_ratio_of_counts);
    tcase_add_test(tc, test_half_ulp_and_fraction);
    tcase_add_test(tc, test_count_exceeds_max_like_snprintf);
    tcase_add_test(tc, test_fuzz_random_bytes);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
