/* test_provenance.c — Check suite for labelling printed lines from the code
 * that printed them (grader/check/provenance.c). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check/provenance.h"

static char *label(const char *out, const char *records, size_t *n)
{
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;

    ck_assert_msg(provenance_label(out, strlen(out), records, strlen(records), &b, n, &err) == 0,
                  "%s", err.msg);
    return b.data ? b.data : strdup("");
}

START_TEST(test_lines_labelled_in_place)
{
    size_t n;
    char *s = label("header\ntensor(20.5769) tensor(1.0000)\n[1. 1.]\ndone\n",
                    "{\"text\": \"tensor(20.5769) tensor(1.0000)\", \"labelled\": "
                    "\"before: tensor(20.5769) after: tensor(1.0000)\"}\n"
                    "{\"text\": \"[1. 1.]\", \"labelled\": \"w.sum(): [1. 1.]\"}\n", &n);

    ck_assert_uint_eq(n, 2);
    ck_assert_str_eq(s, "header\nbefore: tensor(20.5769) after: tensor(1.0000)\n"
                        "w.sum(): [1. 1.]\ndone\n");
    free(s);
}
END_TEST

START_TEST(test_records_match_in_order)
{
    size_t n;
    /* the same text printed twice: each record takes the next one */
    char *s = label("0.5\n0.5\n", "{\"text\": \"0.5\", \"labelled\": \"a: 0.5\"}\n"
                                  "{\"text\": \"0.5\", \"labelled\": \"b: 0.5\"}\n", &n);

    ck_assert_uint_eq(n, 2);
    ck_assert_str_eq(s, "a: 0.5\nb: 0.5\n");
    free(s);
}
END_TEST

START_TEST(test_bad_records_change_nothing)
{
    size_t n;
    /* not JSON, a two-line "label", a record for a line never printed */
    char *s = label("x 1\ny 2\n", "garbage\n{\"text\": \"x 1\", \"labelled\": \"a\\nb\"}\n"
                                  "{\"text\": \"z 3\", \"labelled\": \"k: z 3\"}\n"
                                  "{\"text\": 5}\n", &n);

    ck_assert_uint_eq(n, 0);
    ck_assert_str_eq(s, "x 1\ny 2\n");
    free(s);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("provenance");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_lines_labelled_in_place);
    tcase_add_test(tc, test_records_match_in_order);
    tcase_add_test(tc, test_bad_records_change_nothing);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
