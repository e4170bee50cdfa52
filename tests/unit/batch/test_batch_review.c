/* test_batch_review.c — Check suite for review items and decisions
 * (grader/batch/batch_review): evidence read from the stored answers, groups of
 * the same or near-identical evidence, decisions applied to a result (score,
 * status, graded_at, a document `grader post` accepts), partial points, and a
 * decision on changed evidence asked again, never applied. */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch/batch_review.h"
#include "buf.h"
#include "deliver/result_doc.h"

static char scratch[64];

static void scratch_setup(void)
{
    snprintf(scratch, sizeof scratch, "/tmp/gbreviewXXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(scratch));
}

static void scratch_teardown(void)
{
    char cmd[128];

    snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
    ck_assert_int_eq(system(cmd), 0);
}

/* A self_check result with one automatic pass (2 points, on line 4 inside q1)
 * and one review check (1 point) about the section "q1" at line 3 of the
 * stored answers; q2 starts at line 6. */
#define DOC(student)                                                                        \
    "{\"schema\":\"gradebox.result/1\",\"result_id\":null,\"result_key\":null,"              \
    "\"student\":\"" student "\",\"assignment\":null,\"exercise\":\"self_check\","           \
    "\"submission_sha256\":\"021f25475497d4f4147684b2e6b6cbfc1cf420be718665cd304108f5b8005f55\"," \
    "\"graded_at\":\"2026-12-01T10:00:00.000Z\",\"grader_version\":\"0.1.0\",\"score\":2,"   \
    "\"max_score\":3,\"status\":\"needs_review\",\"runtime\":null,\"run\":null,"              \
    "\"triage\":null,\"crash_tail\":null,\"checks\":["                                       \
    "{\"id\":\"q1_blame\",\"description\":\"q1: the blame\",\"verdict\":\"pass\","          \
    "\"points\":2,\"max_points\":2,\"expected\":null,\"found\":null,"                        \
    "\"where\":\"answers.md, section \\\"q1\\\" (line 4)\",\"message\":null,\"reading\":null}," \
    "{\"id\":\"q1_review\",\"description\":\"q1: holds together\",\"verdict\":\"review\","   \
    "\"points\":0,\"max_points\":1,\"expected\":\"a reviewer's judgement\",\"found\":null,"  \
    "\"where\":\"answers.md, section \\\"q1\\\" (line 3)\",\"message\":\"needs human "       \
    "review: does it hold together?\",\"reading\":null},"                                    \
    "{\"id\":\"q2_x\",\"description\":\"q2\",\"verdict\":\"pass\",\"points\":0,"            \
    "\"max_points\":0,\"expected\":null,\"found\":null,"                                     \
    "\"where\":\"answers.md, section \\\"q2\\\" (line 6)\",\"message\":null,\"reading\":null}]," \
    "\"signature\":null}"

static struct batch_row rows[4];

static void answers(const char *name, const char *q1)
{
    char path[128], text[512];
    struct gb_err err;

    snprintf(path, sizeof path, "%s/%s.md", scratch, name);
    snprintf(text, sizeof text, "# Answers\n\n## q1\n%s\n\n## q2\nA later section.\n", q1);
    ck_assert_int_eq(gb_write_file_atomic(path, text, strlen(text), &err), 0);
}

/* a and b hand in the same answer, c the same but for case, spacing and a
 * number, d another one. */
static void setup_rows(void)
{
    static const char *const who[4] = { "a", "b", "c", "d" };
    static const char *const docs[4] = { DOC("a"), DOC("b"), DOC("c"), DOC("d") };
    static const char *const q1[4] = {
        "The blame at step 1 is 5.0e-17, so nothing early is learned.",
        "The blame at step 1 is 5.0e-17, so nothing early is learned.",
        "the BLAME at step 1 is 4.9e-17 -- so nothing early is learned",
        "Attention fixes everything.",
    };

    scratch_setup();
    for (int i = 0; i < 4; i++) {
        char path[128];

        answers(who[i], q1[i]);
        snprintf(path, sizeof path, "%s/%s.md", scratch, who[i]);
        memset(&rows[i], 0, sizeof rows[i]);
        ck_assert_ptr_nonnull(rows[i].student = strdup(who[i]));
        ck_assert_ptr_nonnull(rows[i].exercise = strdup("self_check"));
        ck_assert_ptr_nonnull(rows[i].path = strdup(path));
        ck_assert_ptr_nonnull(rows[i].status = strdup("needs_review"));
        ck_assert_ptr_nonnull(rows[i].json = strdup(docs[i]));
        rows[i].score = 2;
        rows[i].max_score = 3;
    }
}

static void teardown_rows(void)
{
    for (int i = 0; i < 4; i++) {
        free(rows[i].student), free(rows[i].exercise), free(rows[i].path);
        free(rows[i].status), free(rows[i].json), free(rows[i].graded_at);
    }
    scratch_teardown();
}

static void items_of(const struct batch_decision *d, size_t nd, struct batch_review_item **it,
                     size_t *n)
{
    struct batch_book book = { .rows = rows, .n_rows = 4 };
    struct gb_err err;

    ck_assert_msg(batch_review_items(&book, d, nd, it, n, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(*n, 4);
}

START_TEST(test_evidence_and_groups)
{
    struct batch_review_item *it;
    size_t n;

    items_of(NULL, 0, &it, &n);
    ck_assert_str_eq(it[0].check, "q1_review");
    ck_assert_ptr_nonnull(strstr(it[0].evidence, "nothing early is learned"));
    ck_assert_ptr_null(strstr(it[0].evidence, "later section"));      /* q2 is not q1's */
    ck_assert_str_eq(it[0].evidence_sha, it[1].evidence_sha);
    ck_assert_str_eq(it[0].group, it[1].group);
    ck_assert_str_ne(it[0].evidence_sha, it[2].evidence_sha);
    ck_assert_str_eq(it[0].group, it[2].group);             /* near-identical: one group */
    ck_assert_str_ne(it[0].group, it[3].group);
    ck_assert_ptr_null(it[0].decision);
    batch_review_items_free(it, n);
}
END_TEST

static double points_of(const char *json, const char *check)
{
    cJSON *doc = cJSON_Parse(json), *c;
    double p = -1;

    ck_assert_ptr_nonnull(doc);
    cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(doc, "checks"))
        if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "id")), check))
            p = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(c, "points"));
    cJSON_Delete(doc);
    return p;
}

/* a: pass; b: half a point; c: decided on other evidence (its answer changed
 * since); d: nothing.  Each result stays one `grader post` accepts. */
START_TEST(test_decisions_applied)
{
    struct batch_review_item *it;
    struct batch_decision d[3];
    struct result_doc_opts o = { NULL, NULL, NULL, 0 };
    struct result_doc rd;
    struct gb_err err;
    size_t n;

    char sha_a[65], sha_b[65];

    items_of(NULL, 0, &it, &n);
    memcpy(sha_a, it[0].evidence_sha, sizeof sha_a);
    memcpy(sha_b, it[1].evidence_sha, sizeof sha_b);
    batch_review_items_free(it, n);
    d[0] = (struct batch_decision){ "a", "self_check", "q1_review", "pass", 1, "clear",
                                    "ta1", "2026-12-02T09:00:00.000Z", sha_a };
    d[1] = (struct batch_decision){ "b", "self_check", "q1_review", "points", 0.5, NULL,
                                    "ta2", "2026-12-02T09:01:00.000Z", sha_b };
    d[2] = (struct batch_decision){ "c", "self_check", "q1_review", "pass", 1, NULL,
                                    "ta1", "2026-12-02T09:02:00.000Z", sha_a };
    items_of(d, 3, &it, &n);
    ck_assert_ptr_eq(it[0].decision, &d[0]);
    ck_assert_ptr_null(it[2].decision);
    ck_assert_int_eq(it[2].stale, 1);
    batch_review_items_free(it, n);

    ck_assert_msg(batch_review_apply(rows, 4, d, 3, &err) == 0, "%s", err.msg);
    ck_assert_double_eq(rows[0].score, 3);
    ck_assert_str_eq(rows[0].status, "passed");
    ck_assert_str_eq(rows[0].graded_at, "2026-12-02T09:00:00.000Z");   /* a new revision */
    ck_assert_ptr_nonnull(strstr(rows[0].json, "\"decided_by\":\"ta1\""));
    ck_assert_ptr_nonnull(strstr(rows[0].json, "clear"));
    ck_assert_double_eq(rows[1].score, 2.5);
    ck_assert_double_eq(points_of(rows[1].json, "q1_review"), 0.5);
    ck_assert_double_eq(rows[2].score, 2);                    /* stale: not applied */
    ck_assert_str_eq(rows[2].status, "needs_review");
    ck_assert_double_eq(rows[3].score, 2);
    for (int i = 0; i < 2; i++) {
        ck_assert_msg(result_doc_parse(rows[i].json, strlen(rows[i].json), &o, &rd, &err) == 0,
                      "%s", err.msg);
        result_doc_free(&rd);
    }
}
END_TEST

/* Half a point is a reviewer's to give: without "decided_by" the document is
 * refused, as before. */
START_TEST(test_partial_points_need_a_reviewer)
{
    struct batch_decision d = { "b", "self_check", "q1_review", "points", 0.5, NULL, "ta2",
                                "2026-12-02T09:01:00.000Z", NULL };
    struct batch_review_item *it;
    struct result_doc_opts o = { NULL, NULL, NULL, 0 };
    struct result_doc rd;
    struct gb_err err;
    char *forged, *at;
    size_t n;

    items_of(NULL, 0, &it, &n);
    d.evidence = it[1].evidence_sha;
    ck_assert_int_eq(batch_review_apply(rows, 4, &d, 1, &err), 0);
    batch_review_items_free(it, n);      /* d.evidence not read after this */
    ck_assert_ptr_nonnull(forged = strdup(rows[1].json));
    ck_assert_ptr_nonnull(at = strstr(forged, "\"decided_by\""));
    memcpy(at, "\"decided_xx\"", 12);
    ck_assert_int_eq(result_doc_parse(forged, strlen(forged), &o, &rd, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "a check scores its points when it passes"));
    free(forged);
}
END_TEST

/* An override sets the exercise's score on the submission it was made on
 * (an "override" member, graded_at its time; the checks as graded, so the
 * document is still one `grader post` accepts), and is not applied to
 * another upload. */
START_TEST(test_override_applied)
{
    struct batch_decision d[2] = {
        { "a", "self_check", BATCH_REVIEW_OVERRIDE, "override", 2.5, "why", "ta1",
          "2026-12-03T09:00:00.000Z",
          "021f25475497d4f4147684b2e6b6cbfc1cf420be718665cd304108f5b8005f55" },
        { "b", "self_check", BATCH_REVIEW_OVERRIDE, "override", 0, "why", "ta1",
          "2026-12-03T09:00:00.000Z", "another upload" } };
    struct result_doc_opts o = { NULL, NULL, NULL, 0 };
    struct result_doc rd;
    struct gb_err err;
    double before = rows[1].score;

    ck_assert_int_eq(batch_review_apply(rows, 4, d, 2, &err), 0);
    ck_assert_double_eq(rows[0].score, 2.5);
    ck_assert_str_eq(rows[0].graded_at, "2026-12-03T09:00:00.000Z");
    ck_assert_ptr_nonnull(strstr(rows[0].json, "\"override\":{\"points\":2.5,\"by\":\"ta1\""));
    ck_assert_int_eq(result_doc_parse(rows[0].json, strlen(rows[0].json), &o, &rd, &err), 0);
    ck_assert(rd.overridden && rd.delivered == 2.5 && rd.r.score == 2);
    result_doc_free(&rd);
    ck_assert_double_eq(rows[1].score, before);
    ck_assert_ptr_null(strstr(rows[1].json, "override"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("batch_review");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc, setup_rows, teardown_rows);
    tcase_add_test(tc, test_evidence_and_groups);
    tcase_add_test(tc, test_override_applied);
    tcase_add_test(tc, test_decisions_applied);
    tcase_add_test(tc, test_partial_points_need_a_reviewer);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
