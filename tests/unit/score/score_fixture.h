/* score_fixture.h — what the scorer unit suites share: a scratch directory
 * holding a one-exercise rubric and the expected-values file it points at,
 * one grade of output/source/answers against that rubric, the assertions on
 * a check's verdict and message, and the suite's main().  Header-only
 * (static inline) because every suite is its own Check binary. */
#ifndef GB_TEST_SCORE_FIXTURE_H
#define GB_TEST_SCORE_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <check.h>

#include "buf.h"
#include "score/expected.h"
#include "score/result.h"
#include "score/rubric.h"
#include "score/score.h"

struct graded {
    struct grade_result res;
    struct rubric *r;
    struct expected *e;
};

static char score_fixture_dir[] = "/tmp/gbscoreXXXXXX";
static const char *score_fixture_expected;     /* the suite's expected-values JSON */
/* The shim's notes of constant texts the next grade gets (score_typed.h),
 * and whether a live run lost them; reset after each grade. */
static const char *score_fixture_typed_notes;
static int score_fixture_typed_lost;
/* The record of what the functions "returned" checks name returned
 * (score_returned.h), and whether a live run lost it; reset after each grade. */
static const char *score_fixture_returned;
static int score_fixture_returned_lost;

/* Writes the rubric {mode, extra fields, checks} and the suite's expected
 * values into the scratch directory, then loads the rubric the way the
 * grader does.  extra is inserted verbatim: "" or fields ending in ", ". */
static inline int score_fixture_load(const char *mode, const char *extra, const char *checks,
                                     struct rubric **r, struct gb_err *err)
{
    char rpath[128], epath[128];
    const char *submission = strcmp(mode, "read") ? "ex.py" : "answers.md";
    size_t n = strlen(extra) + strlen(checks) + 256;
    char *rubric = malloc(n);
    int rc;

    ck_assert_ptr_nonnull(rubric);
    snprintf(epath, sizeof epath, "%s/expected/ex.json", score_fixture_dir);
    snprintf(rpath, sizeof rpath, "%s/ex.json", score_fixture_dir);
    snprintf(rubric, n, "{\"format\": 1, \"exercise\": \"ex\", \"submission\": \"%s\", "
             "\"mode\": \"%s\", %s\"expected\": \"expected/ex.json\", \"checks\": [%s]}",
             submission, mode, extra, checks);
    ck_assert_int_eq(gb_write_file_atomic(epath, score_fixture_expected,
                                          strlen(score_fixture_expected), err), 0);
    ck_assert_int_eq(gb_write_file_atomic(rpath, rubric, strlen(rubric), err), 0);
    free(rubric);
    rc = rubric_load(rpath, r, err);
    return rc;
}

/* Grades what a submission produced (any of output, source, answers and run
 * may be NULL) against the rubric score_fixture_load writes. */
static inline void score_fixture_grade(const char *mode, const char *extra, const char *checks,
                                       const char *output, const char *source,
                                       const char *answers, const struct sandbox_result *run,
                                       struct graded *g)
{
    struct gb_err err;
    struct score_input in;

    ck_assert_msg(score_fixture_load(mode, extra, checks, &g->r, &err) == 0, "%s", err.msg);
    ck_assert_msg(expected_load_rubric(g->r, &g->e, &err) == 0, "%s", err.msg);
    memset(&g->res, 0, sizeof g->res);
    memset(&in, 0, sizeof in);
    in.rubric = g->r;
    in.expected = g->e;
    in.output = output;
    in.output_len = output ? strlen(output) : 0;
    in.source = source;
    in.source_len = source ? strlen(source) : 0;
    in.answers = answers;
    in.answers_len = answers ? strlen(answers) : 0;
    in.run = run;
    in.typed_notes = score_fixture_typed_notes;
    in.typed_notes_len = score_fixture_typed_notes ? strlen(score_fixture_typed_notes) : 0;
    in.typed_notes_lost = score_fixture_typed_lost;
    in.returned = score_fixture_returned;
    in.returned_len = score_fixture_returned ? strlen(score_fixture_returned) : 0;
    in.returned_lost = score_fixture_returned_lost;
    score_fixture_typed_notes = NULL;
    score_fixture_typed_lost = 0;
    score_fixture_returned = NULL;
    score_fixture_returned_lost = 0;
    ck_assert_msg(score_submission(&in, &g->res, &err) == 0, "%s", err.msg);
}

static inline void release(struct graded *g)
{
    result_free(&g->res);
    expected_free(g->e);
    rubric_free(g->r);
}

static inline const struct check_result *find(const struct graded *g, const char *id)
{
    for (size_t i = 0; i < g->res.n_checks; i++)
        if (!strcmp(g->res.checks[i].id, id))
            return &g->res.checks[i];
    ck_abort_msg("no check %s", id);
    return NULL;
}

static inline void expect(const struct graded *g, const char *id, enum verdict v)
{
    const struct check_result *c = find(g, id);
    ck_assert_msg(c->verdict == v, "%s: %s, expected %s (%s)", id, verdict_name(c->verdict),
                  verdict_name(v), c->message ? c->message : "");
}

static inline void expect_message(const struct graded *g, const char *id, const char *part)
{
    const struct check_result *c = find(g, id);
    ck_assert_msg(c->message && strstr(c->message, part), "%s: message '%s' lacks '%s'", id,
                  c->message ? c->message : "", part);
}

static inline void score_fixture_remove(const char *name)
{
    char path[128];

    snprintf(path, sizeof path, "%s/%s", score_fixture_dir, name);
    if (unlink(path) && rmdir(path))
        fprintf(stderr, "score_fixture: cannot remove %s\n", path);
}

/* Runs the suite's tests against expected_json in a fresh scratch directory
 * and removes the directory afterwards; the exit status of the binary. */
static inline int score_fixture_main(const char *name, const char *expected_json,
                                     const TTest *const *tests, size_t n_tests)
{
    Suite *s = suite_create(name);
    TCase *tc = tcase_create("core");
    SRunner *sr;
    char sub[64];
    int failed;

    score_fixture_expected = expected_json;
    if (!mkdtemp(score_fixture_dir))
        return EXIT_FAILURE;
    snprintf(sub, sizeof sub, "%s/expected", score_fixture_dir);
    if (mkdir(sub, 0700))
        return EXIT_FAILURE;
    tcase_set_timeout(tc, 60);      /* a loaded machine; some suites compute reference values */
    for (size_t i = 0; i < n_tests; i++)
        tcase_add_test(tc, tests[i]);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    score_fixture_remove("expected/ex.json");
    score_fixture_remove("expected");
    score_fixture_remove("ex.json");
    if (rmdir(score_fixture_dir))
        fprintf(stderr, "score_fixture: cannot remove %s\n", score_fixture_dir);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
