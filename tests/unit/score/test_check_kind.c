/* test_check_kind.c — Check suite for the table of check kinds
 * (grader/score/check_kind.c): every kind is complete and named once, and
 * every kind a course rubric uses is in the table. */
#include <check.h>
#include <cjson/cJSON.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "score/check_kind.h"
#include "score/rubric.h"
#include "score/score.h"

START_TEST(test_every_kind_has_name_and_scorer)
{
    ck_assert_uint_gt(check_kind_count(), 0);
    for (size_t i = 0; i < check_kind_count(); i++) {
        const struct check_kind_row *row = check_kind_row((enum check_kind)i);
        ck_assert_ptr_nonnull(row);
        ck_assert_msg(row->name && row->name[0], "kind %zu has no name", i);
        ck_assert_msg(score_kind_scored((enum check_kind)i), "kind '%s' has no score function", row->name);
        ck_assert_msg(row->fields != NULL, "kind '%s' has no field list", row->name);
        ck_assert_msg(!(row->fields[0] && !row->load),
                      "kind '%s' accepts fields but has no loader", row->name);
    }
}
END_TEST

START_TEST(test_names_are_unique_and_round_trip)
{
    for (size_t i = 0; i < check_kind_count(); i++) {
        const char *name = check_kind_name((enum check_kind)i);
        enum check_kind k;
        for (size_t j = i + 1; j < check_kind_count(); j++)
            ck_assert_msg(strcmp(name, check_kind_name((enum check_kind)j)),
                          "kinds %zu and %zu are both '%s'", i, j, name);
        ck_assert_int_eq(check_kind_from_name(name, &k), 0);
        ck_assert_uint_eq(k, i);
    }
}
END_TEST

START_TEST(test_outside_the_table)
{
    enum check_kind k = CHECK_VALUE;

    ck_assert_ptr_null(check_kind_row(CHECK_KIND_COUNT));
    ck_assert_str_eq(check_kind_name(CHECK_KIND_COUNT), "unknown");
    ck_assert_int_eq(check_kind_reads(CHECK_KIND_COUNT, ~0u), 0);
    ck_assert_int_eq(check_kind_from_name("Value", &k), -1);
    ck_assert_int_eq(check_kind_from_name("", &k), -1);
}
END_TEST

/* The list the "unknown kind" error prints names every kind, untruncated in
 * the buffer rubric.c gives it. */
START_TEST(test_list_names_every_kind)
{
    char list[512], *copy, *tok, *save = NULL;
    size_t n = 0;

    check_kind_list(list, sizeof list);
    ck_assert_uint_lt(strlen(list) + 1, sizeof list);
    copy = strdup(list);
    ck_assert_ptr_nonnull(copy);
    for (tok = strtok_r(copy, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save)) {
        enum check_kind k;
        ck_assert_msg(!check_kind_from_name(tok, &k), "'%s' in the list is no kind", tok);
        ck_assert_uint_eq(k, n);
        n++;
    }
    free(copy);
    ck_assert_uint_eq(n, check_kind_count());
}
END_TEST

/* The kinds of every check of every course rubric are in the table, and the
 * rubric loads with them. */
static size_t rubric_kinds_known(const char *path)
{
    struct gb_buf text = GB_BUF_INIT;
    struct gb_err err;
    struct rubric *r = NULL;
    const cJSON *c;
    size_t n = 0;

    ck_assert_msg(!gb_read_file(path, 1u << 20, &text, &err), "%s: %s", path, err.msg);
    cJSON *json = cJSON_Parse(text.data);
    ck_assert_msg(json != NULL, "%s does not parse", path);
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(json, "checks")) {
        const cJSON *kind = cJSON_GetObjectItemCaseSensitive(c, "kind");
        enum check_kind k;
        ck_assert_msg(cJSON_IsString(kind), "%s: a check without a kind", path);
        ck_assert_msg(!check_kind_from_name(kind->valuestring, &k), "%s: kind '%s' is in no row",
                      path, kind->valuestring);
        n++;
    }
    cJSON_Delete(json);
    gb_buf_free(&text);
    ck_assert_msg(!rubric_load(path, &r, &err), "%s", err.msg);
    rubric_free(r);
    return n;
}

START_TEST(test_course_rubric_kinds_load)
{
    DIR *d = opendir("rubrics");
    struct dirent *e;
    size_t checks = 0;

    ck_assert_ptr_nonnull(d);
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        char path[512];
        if (len < 6 || strcmp(e->d_name + len - 5, ".json"))
            continue;
        snprintf(path, sizeof path, "rubrics/%s", e->d_name);
        checks += rubric_kinds_known(path);
    }
    closedir(d);
    ck_assert_uint_gt(checks, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("check_kind");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_every_kind_has_name_and_scorer);
    tcase_add_test(tc, test_names_are_unique_and_round_trip);
    tcase_add_test(tc, test_outside_the_table);
    tcase_add_test(tc, test_list_names_every_kind);
    tcase_add_test(tc, test_course_rubric_kinds_load);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
