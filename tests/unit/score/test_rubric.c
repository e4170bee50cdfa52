/* test_rubric.c — Check suite for rubric loading and validation (grader/score/rubric.c). */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "score/rubric.h"

static char dir[] = "/tmp/gbrubricXXXXXX";

static const char *write_rubric(const char *name, const char *json)
{
    static char path[128];
    struct gb_err err;

    snprintf(path, sizeof path, "%s/%s", dir, name);
    ck_assert_int_eq(gb_write_file_atomic(path, json, strlen(json), &err), 0);
    return path;
}

static void remove_dir(void)
{
    char path[160];

    snprintf(path, sizeof path, "%s/ex.json", dir);
    unlink(path);
    rmdir(dir);
}

#define HEAD "{\"format\": 1, \"exercise\": \"ex\", \"submission\": \"ex.py\", \"mode\": \"run\", " \
             "\"expected\": \"expected/ex.json\", "

/* Loads json and expects failure with every fragment in the message. */
static void expect_error(const char *json, const char *frag1, const char *frag2)
{
    struct rubric *r = NULL;
    struct gb_err err;
    const char *path = write_rubric("ex.json", json);

    ck_assert_int_eq(rubric_load(path, &r, &err), -1);
    ck_assert_ptr_null(r);
    ck_assert_msg(strstr(err.msg, path), "no file name in: %s", err.msg);
    ck_assert_msg(strstr(err.msg, frag1), "'%s' not in: %s", frag1, err.msg);
    if (frag2)
        ck_assert_msg(strstr(err.msg, frag2), "'%s' not in: %s", frag2, err.msg);
}

START_TEST(test_loads_every_course_rubric)
{
    DIR *d = opendir("rubrics");
    struct dirent *e;
    size_t n = 0;

    ck_assert_ptr_nonnull(d);
    while ((e = readdir(d))) {
        char path[512];
        struct rubric *r;
        struct gb_err err;
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json"))
            continue;
        snprintf(path, sizeof path, "rubrics/%s", e->d_name);
        ck_assert_msg(rubric_load(path, &r, &err) == 0, "%s", err.msg);
        ck_assert_int_gt((int)r->n_checks, 0);
        ck_assert_ptr_nonnull(strstr(e->d_name, r->exercise));
        rubric_free(r);
        n++;
    }
    closedir(d);
    ck_assert_uint_ge(n, 5);
}
END_TEST

START_TEST(test_fields_and_paths)
{
    struct rubric *r;
    struct gb_err err;
    struct sandbox_limits lim = { .wall_seconds = 10, .cpu_seconds = 20, .memory_bytes = 100,
                                  .max_processes = 4, .file_bytes = 1000, .max_open_files = 16,
                                  .output_bytes = 500, .tmp_bytes = 50, .disk_bytes = 60 };
    const char *path = write_rubric("ex.json", HEAD
        "\"provides\": [\"sequences.py\"], \"limits\": {\"wall_seconds\": 900, \"memory_mb\": 32, "
        "\"disk_mb\": 8},"
        "\"readings\": {\"ep\": [{\"name\": \"60 epochs\", \"key\": \"epochs_60\"}]},"
        "\"checks\": [{\"id\": \"a\", \"description\": \"d\", \"points\": 2, \"kind\": \"value\","
        " \"reading\": \"ep\", \"locate\": {\"row\": \"gain 0.5\"},"
        " \"expected\": \"r.{ep}.x\", \"tolerance\": {\"rel\": 0.01}}]}");

    ck_assert_int_eq(rubric_load(path, &r, &err), 0);
    ck_assert_str_eq(r->exercise, "ex");
    ck_assert_str_eq(r->submission, "ex.py");
    ck_assert_int_eq(r->mode, RUBRIC_MODE_RUN);
    ck_assert_str_eq(r->provides.v[0], "sequences.py");
    ck_assert_ptr_nonnull(strstr(r->expected.v[0], dir));
    ck_assert_ptr_nonnull(strstr(r->expected.v[0], "/expected/ex.json"));
    ck_assert_int_eq(r->checks[0].kind, CHECK_VALUE);
    ck_assert_int_eq(r->checks[0].target.op, TARGET_APPROX);
    ck_assert_double_eq(r->checks[0].target.rel_tol, 0.01);
    ck_assert_ptr_nonnull(rubric_find_reading(r, "ep"));
    rubric_apply_limits(r, &lim);
    ck_assert_double_eq(lim.wall_seconds, 900);
    ck_assert_double_eq(lim.cpu_seconds, 20);
    ck_assert_uint_eq(lim.memory_bytes, 32 << 20);
    ck_assert_uint_eq(lim.disk_bytes, 8 << 20);
    ck_assert_uint_eq(lim.tmp_bytes, 50);
    ck_assert_str_eq(check_kind_name(CHECK_TWIN_PAIRS), "twin_pairs");
    rubric_free(r);
}
END_TEST

#define CHECK(body) HEAD "\"checks\": [{\"id\": \"c1\", \"description\": \"d\", \"points\": 1, " body "}]}"

START_TEST(test_errors_name_check_and_field)
{
    expect_error(CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"expected\": 1, "
                       "\"tolerence\": {\"abs\": 1}"), "check 'c1'", "'tolerence'");
    expect_error(CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"expected\": 1"),
                 "check 'c1'", "'tolerance'");
    expect_error(CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"expected\": 1, "
                       "\"tolerance\": {\"abs\": \"a\"}"), "check 'c1'", "tolerance.abs");
    expect_error(CHECK("\"kind\": \"valeu\""), "check 'c1'", "'kind'");
    expect_error(CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"range\": [1, 0]"),
                 "check 'c1'", "'range'");
    expect_error(CHECK("\"kind\": \"value\", \"locate\": {\"rwo\": \"x\"}, \"range\": [0, 1]"),
                 "check 'c1'", "locate");
    expect_error(CHECK("\"kind\": \"relation\", \"values\": {\"a\": {\"row\": \"x\"}}, "
                       "\"expr\": \"a - b\", \"greater_than\": 0"), "check 'c1'", "expr");
    expect_error(CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"expected\": \"k.{ep}\", "
                       "\"tolerance\": {\"abs\": 0}"), "check 'c1'", "placeholder");
    expect_error(CHECK("\"kind\": \"answer_idea\", \"section\": \"q1\", \"ideas\": [[\"a\"]]"),
                 "check 'c1'", "\"read\"");
    expect_error(CHECK("\"kind\": \"review\""), "check 'c1'", "'prompt'");
    expect_error(HEAD "\"keys\": {\"length\": [5]}, \"checks\": []}", "keys.length", "two or more");
    expect_error(HEAD "\"keys\": {\"length\": [5, \"20\"]}, \"checks\": []}", "keys.length",
                 "must be a number");
    expect_error(HEAD "\"keys\": [5, 20], \"checks\": []}", "'keys'", NULL);
    expect_error(CHECK("\"kind\": \"vector\", \"locate\": {\"row\": \"x\"}, \"expected\": \"k\", "
                       "\"tolerance\": {\"abs\": 0}, \"elements\": [\"a\"]"),
                 "check 'c1'", "'elements' must name at least two");
    expect_error(CHECK("\"kind\": \"vector\", \"locate\": {\"row\": \"x\"}, \"expected\": \"k\", "
                       "\"tolerance\": {\"abs\": 0}, \"elements\": [\"a\", 2]"),
                 "check 'c1'", "'elements'");
    expect_error(CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"expected\": 1, "
                       "\"tolerance\": {\"abs\": 0}, \"elements\": [\"a\", \"b\"]"),
                 "check 'c1'", "unknown field 'elements'");
    /* Known-mistake fingerprints: a sentence, a value, a tolerance to judge by. */
    expect_error(CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"expected\": 1, "
                       "\"tolerance\": {\"abs\": 0}, \"mistakes\": [{\"expected\": 5}]"),
                 "check 'c1'", "mistakes[0] needs 'expected' and a 'says' sentence");
    expect_error(CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"greater_than\": 1, "
                       "\"mistakes\": [{\"expected\": 5, \"says\": \"s\"}]"),
                 "check 'c1'", "mistakes[0] needs a 'tolerance'");
    expect_error(CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"expected\": 1, "
                       "\"tolerance\": {\"abs\": 0}, \"mistakes\": [{\"expected\": 5, "
                       "\"says\": \"s\", \"sayz\": 1}]"), "check 'c1'", "unknown field 'sayz'");
    expect_error(CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"expected\": 1, "
                       "\"tolerance\": {\"abs\": 0}, \"mistakes\": []"), "check 'c1'", "non-empty array");
    expect_error(CHECK("\"kind\": \"rnn_trace\", \"mistakes\": [{\"expected\": 5, \"says\": \"s\"}]"),
                 "check 'c1'", "unknown field 'mistakes'");
    expect_error(HEAD "\"checks\": [{\"id\": \"c1\", \"description\": \"d\", \"points\": 1, "
                 "\"kind\": \"rnn_trace\"}, {\"id\": \"c1\", \"description\": \"d\", "
                 "\"points\": 1, \"kind\": \"rnn_trace\"}]}", "c1", "duplicate");
    expect_error("{\"format\": 2, \"exercise\": \"ex\"}", "format 2", "newer");
    expect_error(HEAD "\"chekcs\": []}", "'chekcs'", NULL);
    /* absent_ok forbids a claim: it needs wrong subjects only */
    expect_error(HEAD "\"checks\": [{\"id\": \"c1\", \"description\": \"d\", \"points\": 1, "
                 "\"kind\": \"comment_idea\", \"ideas\": [[\"clip\"]], \"absent_ok\": true}]}",
                 "c1", "absent_ok");
    expect_error(HEAD "\"checks\": [{\"id\": \"c1\", \"description\": \"d\", \"points\": 1, "
                 "\"kind\": \"comment_idea\", \"ideas\": [[\"clip\"]], \"absent_ok\": 1, "
                 "\"about\": {\"claim\": [\"fix\"], \"wrong\": [\"vanish\"]}}]}",
                 "c1", "true or false");
    expect_error("{\"format\": 1,", "not valid JSON", NULL);
    /* provides names course files only: never a path to a host file */
    expect_error(HEAD "\"provides\": [\"../rubrics/expected/attention_by_hand.json\"], "
                 "\"checks\": []}", "not a course file", NULL);
    expect_error(HEAD "\"provides\": [\"/etc/passwd\"], \"checks\": []}",
                 "not a course file", NULL);
    expect_error(HEAD "\"provides\": [\".secret.py\"], \"checks\": []}",
                 "not a course file", NULL);
}
END_TEST

#define ONE_CHECK "\"checks\": [{\"id\": \"c1\", \"description\": \"d\", \"points\": 1, " \
                  "\"kind\": \"rnn_trace\"}]"

/* Every number a rubric gives is bounded (1e300 CPU seconds stopped every
 * run at once, 1e300 MB wrapped to the default, 1e308 points made inf/inf),
 * and a rubric is named after its exercise. */
START_TEST(test_numbers_are_bounded)
{
    static const struct { const char *json, *frag; } bad[] = {
        { HEAD "\"limits\": {\"cpu_seconds\": 1e300}, " ONE_CHECK "}", "limits.cpu_seconds" },
        { HEAD "\"limits\": {\"wall_seconds\": 1e9}, " ONE_CHECK "}", "limits.wall_seconds" },
        { HEAD "\"limits\": {\"memory_mb\": 1e300}, " ONE_CHECK "}", "limits.memory_mb" },
        { HEAD "\"limits\": {\"memory_mb\": 1}, " ONE_CHECK "}", "from 16 to" },
        { HEAD "\"limits\": {\"output_kb\": 1e12}, " ONE_CHECK "}", "limits.output_kb" },
        { HEAD "\"limits\": {\"disk_mb\": 1e7}, " ONE_CHECK "}", "limits.disk_mb" },
        { HEAD "\"limits\": {\"tmp_mb\": 0.5}, " ONE_CHECK "}", "limits.tmp_mb" },
        { HEAD "\"checks\": [{\"id\": \"c1\", \"description\": \"d\", \"points\": 1e308, "
               "\"kind\": \"rnn_trace\"}]}", "'points'" },
        { CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"expected\": 1e300, "
                "\"tolerance\": {\"abs\": 0}"), "'expected'" },
        { CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"expected\": 1, "
                "\"tolerance\": {\"abs\": 1e300}"), "tolerance.abs" },
        { CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"expected\": 1, "
                "\"tolerance\": {\"rel\": 1e6}"), "tolerance.rel" },
        { CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"range\": [0, 1e300]"),
          "'range'" },
        { CHECK("\"kind\": \"value\", \"locate\": {\"row\": \"x\"}, \"at_least\": -1e300"),
          "'at_least'" },
    };

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_error(bad[i].json, bad[i].frag, NULL);
}
END_TEST

START_TEST(test_exercise_names_its_file)
{
    struct rubric *r = NULL;
    struct gb_err err;
    const char *path = write_rubric("other.json", HEAD ONE_CHECK "}");

    ck_assert_int_eq(rubric_load(path, &r, &err), -1);
    ck_assert_ptr_null(r);
    ck_assert_msg(strstr(err.msg, "'exercise' is 'ex' but the file is other.json"), "%s", err.msg);
    unlink(path);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rubric");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    if (!mkdtemp(dir))
        return EXIT_FAILURE;
    tcase_add_test(tc, test_loads_every_course_rubric);
    tcase_add_test(tc, test_fields_and_paths);
    tcase_add_test(tc, test_errors_name_check_and_field);
    tcase_add_test(tc, test_numbers_are_bounded);
    tcase_add_test(tc, test_exercise_names_its_file);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    remove_dir();
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
