/* test_site.c — Check suite for what the service shows and what it takes:
 * the upload checks (grader/serve/catalog), the pages (pages.c) and the API's
 * JSON (api.c).  The catalog is the real one (rubrics/), so a rubric change
 * that breaks the upload page's exercise list fails here. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "serve/api.h"
#include "serve/catalog.h"
#include "serve/pages.h"

static struct catalog cat;

static void setup(void)
{
    struct gb_err err;

    char cwd[4096];

    /* tests run from the checkout (tests/run.sh cd's there); the suite binary
     * is too deep under build/ for the grader's own search */
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    setenv("GRADEBOX_HOME", cwd, 0);
    ck_assert_msg(catalog_load(&cat, NULL, &err) == 0, "%s", err.msg);
}

static void teardown(void)
{
    catalog_free(&cat);
}

static int check(const char *exercise, const char *filename, const char *body, size_t len,
                 char *why)
{
    const struct catalog_exercise *ex;
    struct gb_err err = { "" };
    int status = catalog_check_upload(&cat, exercise, filename, body, len, &ex, &err);

    strcpy(why, err.msg);
    return status;
}

START_TEST(test_catalog_is_the_rubrics)
{
    const struct catalog_exercise *e = catalog_find(&cat, "attention_by_hand");

    ck_assert_ptr_nonnull(e);
    ck_assert_str_eq(e->submission, "attention_by_hand.py");
    ck_assert(!e->reads);
    e = catalog_find(&cat, "self_check");
    ck_assert_ptr_nonnull(e);
    ck_assert(e->reads);
    ck_assert_ptr_null(catalog_find(&cat, "nope"));
}
END_TEST

START_TEST(test_uploads_accepted)
{
    static const char py[] = "print('hi')\n";
    static const char utf16[] = "\xff\xfe#\0 \0A\0\n\0";   /* Notepad's "Unicode" answers.md */
    char why[GB_ERR_MAX];

    ck_assert_int_eq(check("attention_by_hand", "attention_by_hand.py", py, 12, why), 0);
    ck_assert_int_eq(check(NULL, "attention_by_hand.py", py, 12, why), 0);   /* by name */
    ck_assert_int_eq(check("attention_by_hand", "mine (2).py", py, 12, why), 0);
    ck_assert_int_eq(check("attention_by_hand", NULL, py, 12, why), 0);      /* raw body */
    ck_assert_int_eq(check("attention_by_hand", "übung.py", py, 12, why), 0);
    ck_assert_int_eq(check("self_check", "answers.md", utf16, sizeof utf16 - 1, why), 0);
}
END_TEST

/* A notebook names a script exercise, in any case; it is read at upload, so
 * a broken one is refused with its reason (check/notebook.h). */
START_TEST(test_notebook_uploads)
{
    static const char nb[] = "{\"nbformat\": 4, \"nbformat_minor\": 5, \"metadata\": {}, "
                             "\"cells\": [{\"cell_type\": \"code\", \"source\": \"print(1)\"}]}";
    static const char nb3[] = "{\"nbformat\": 3, \"worksheets\": []}";
    char why[GB_ERR_MAX];

    ck_assert_int_eq(check(NULL, "attention_by_hand.ipynb", nb, sizeof nb - 1, why), 0);
    ck_assert_int_eq(check(NULL, "ATTENTION_BY_HAND.ipynb", nb, sizeof nb - 1, why), 0);
    ck_assert_int_eq(check(NULL, "Attention_By_Hand.py", "x = 1\n", 6, why), 0);
    ck_assert_int_eq(check("order_matters", "mine.ipynb", nb, sizeof nb - 1, why), 0);
    ck_assert_int_eq(check(NULL, "attention_by_hand.ipynb", nb3, sizeof nb3 - 1, why), 422);
    ck_assert_ptr_nonnull(strstr(why, "attention_by_hand.ipynb is a notebook of format 3"));
    ck_assert_int_eq(check(NULL, "attention_by_hand.ipynb", "{\"cells\": [", 11, why), 422);
    ck_assert_ptr_nonnull(strstr(why, "not valid JSON"));
    ck_assert_int_eq(check("self_check", "answers.ipynb", nb, sizeof nb - 1, why), 415);
    ck_assert_ptr_nonnull(strstr(why, "takes the text file answers.md"));
    ck_assert_int_eq(check(NULL, "answers.ipynb", nb, sizeof nb - 1, why), 422);
    ck_assert_int_eq(check(NULL, "atention_by_hand.ipynb", nb, sizeof nb - 1, why), 422);
    ck_assert_ptr_nonnull(strstr(why, "did you mean attention_by_hand.py?"));
    /* a raw upload is a notebook by its JSON; a .py that only starts like JSON is Python */
    ck_assert_int_eq(check("attention_by_hand", NULL, nb, sizeof nb - 1, why), 0);
    ck_assert_int_eq(check("attention_by_hand", NULL, nb3, sizeof nb3 - 1, why), 422);
    ck_assert_ptr_nonnull(strstr(why, "format 3"));
    ck_assert_int_eq(check("attention_by_hand", NULL, "{'cells': 1}\n", 13, why), 0);
}
END_TEST

START_TEST(test_uploads_refused)
{
    static const char py[] = "print('hi')\n";
    static const char *const paths[] = { "../x.py", "a/b.py", "C:\\Users\\me\\x.py", ".", "..",
                                         "/etc/passwd" };
    char why[GB_ERR_MAX];

    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        ck_assert_int_eq(check("attention_by_hand", paths[i], py, 12, why), 400);
        ck_assert_msg(strstr(why, "plain name"), "%s: %s", paths[i], why);
    }
    ck_assert_int_eq(check("attention_by_hand", "a\x01.py", py, 12, why), 400);
    ck_assert_int_eq(check("attention_by_hand", "bad\xff.py", py, 12, why), 400);
    ck_assert_ptr_nonnull(strstr(why, "UTF-8"));
    ck_assert_int_eq(check("attention_by_hand", "", py, 12, why), 400);
    ck_assert_int_eq(check("nope", "x.py", py, 12, why), 422);
    ck_assert_ptr_nonnull(strstr(why, "'nope'"));
    ck_assert_int_eq(check("<script>", "x.py", py, 12, why), 422);
    ck_assert_ptr_null(strstr(why, "<script>"));           /* never echoed */
    ck_assert_int_eq(check(NULL, "mine.py", py, 12, why), 422);
    ck_assert_ptr_nonnull(strstr(why, "which exercise"));
    ck_assert_int_eq(check("attention_by_hand", "x.py", "", 0, why), 422);
    ck_assert_int_eq(check("attention_by_hand", "x.py", "PK\x03\x04zip", 7, why), 415);
    ck_assert_ptr_nonnull(strstr(why, "zip"));
    ck_assert_int_eq(check("attention_by_hand", "x.py", "%PDF-1.7", 8, why), 415);
    ck_assert_int_eq(check("attention_by_hand", "x.py", "ab\0cd", 5, why), 415);
    ck_assert_ptr_nonnull(strstr(why, "binary"));
    ck_assert_int_eq(check("attention_by_hand", "x.py", "\xff\xfe#\0", 4, why), 415);  /* a .py */
}
END_TEST

static struct queue_view sample_view(enum queue_state state)
{
    struct queue_view v;

    memset(&v, 0, sizeof v);
    strcpy(v.id, "sabcdefghijklmnopqrstuvwxy");
    v.student = "s001";
    v.course = "ml101";
    v.exercise = "attention_by_hand";
    v.filename = "<b>mine</b>.py";
    v.state = state;
    v.submitted_ms = 1800000000000LL;
    v.position = state == QUEUE_QUEUED ? 4 : 0;
    if (state == QUEUE_DONE) {
        v.verdict = "failed";
        v.score = 7.5;
        v.max_score = 13;
        v.result_json = "{\"schema\":\"gradebox.result/1\",\"score\":7.5,"
                        "\"run\":{\"summary\":\"exited with status 1 (2.0 s)\"},"
                        "\"crash_tail\":\"Traceback <most recent>\","
                        "\"checks\":[{\"id\":\"rude_self\",\"verdict\":\"pass\","
                        "\"points\":1,\"max_points\":1,\"description\":\"rude attends\","
                        "\"expected\":\"0.711 ± 0.01\",\"found\":\"0.711\","
                        "\"where\":\"output line 19\"},{\"id\":\"shuffle\","
                        "\"verdict\":\"fail\",\"points\":0,\"max_points\":2,"
                        "\"found\":\"<img src=x onerror=alert(1)>\"}]}";
        v.report_text = "✗ fail  x — found <script>alert(1)</script> & more";
    }
    return v;
}

START_TEST(test_pages_escape_and_refresh)
{
    struct tokens_claims who = { .student = "s001", .course = "ml101" };
    struct queue_view v = sample_view(QUEUE_QUEUED);
    struct gb_buf b = GB_BUF_INIT;

    ck_assert_int_eq(pages_submission(&b, &v, &who, NULL), 0);
    ck_assert_ptr_nonnull(strstr(b.data, "http-equiv=\"refresh\""));
    ck_assert_ptr_nonnull(strstr(b.data, "number 4 in line"));
    ck_assert_ptr_nonnull(strstr(b.data, "&lt;b&gt;mine&lt;/b&gt;.py"));
    ck_assert_ptr_null(strstr(b.data, "<b>mine"));
    ck_assert_ptr_null(strstr(b.data, "<script"));
    gb_buf_free(&b);
    v = sample_view(QUEUE_DONE);
    ck_assert_int_eq(pages_submission(&b, &v, &who, NULL), 0);
    ck_assert_ptr_null(strstr(b.data, "http-equiv=\"refresh\""));   /* done: stays put */
    ck_assert_ptr_nonnull(strstr(b.data, "&lt;script&gt;alert(1)&lt;/script&gt; &amp; more"));
    ck_assert_ptr_nonnull(strstr(b.data, "7.5/13"));
    ck_assert_ptr_null(strstr(b.data, "<script"));
    /* the checks as cards, from the result document */
    ck_assert_ptr_nonnull(strstr(b.data, "1 of 2 checks passed"));
    ck_assert_ptr_nonnull(strstr(b.data, "run: exited with status 1 (2.0 s)"));
    ck_assert_ptr_nonnull(strstr(b.data, "<li class=\"pass\"><b>✓ pass</b> 1/1 <code>rude_self"));
    ck_assert_ptr_nonnull(strstr(b.data, "expected 0.711 ± 0.01 · found 0.711 · output line 19"));
    ck_assert_ptr_nonnull(strstr(b.data, "<li class=\"fail\"><b>✗ fail</b> 0/2"));
    ck_assert_ptr_nonnull(strstr(b.data, "found &lt;img src=x onerror=alert(1)&gt;"));
    ck_assert_ptr_null(strstr(b.data, "<img"));
    ck_assert_ptr_nonnull(strstr(b.data, "Traceback &lt;most recent&gt;"));
    gb_buf_free(&b);
}
END_TEST

START_TEST(test_home_pages)
{
    struct tokens_claims who = { .student = "s001", .course = "ml101" };
    struct queue_view v = sample_view(QUEUE_DONE);
    struct gb_buf b = GB_BUF_INIT;

    ck_assert_int_eq(pages_home(&b, &cat, NULL, NULL, 0, "/submissions/sx", NULL), 0);
    ck_assert_ptr_nonnull(strstr(b.data, "action=\"/login\""));
    ck_assert_ptr_nonnull(strstr(b.data, "name=\"next\" value=\"/submissions/sx\""));
    ck_assert_ptr_null(strstr(b.data, "/submit"));
    ck_assert_ptr_null(strstr(b.data, "<script"));
    gb_buf_free(&b);
    ck_assert_int_eq(pages_home(&b, &cat, &who, &v, 1, NULL, NULL), 0);
    ck_assert_ptr_nonnull(strstr(b.data, "enctype=\"multipart/form-data\""));
    for (size_t i = 0; i < cat.n; i++)
        ck_assert_ptr_nonnull(strstr(b.data, cat.v[i].submission));
    ck_assert_ptr_nonnull(strstr(b.data, "href=\"/submissions/sabcdefghijklmnopqrstuvwxy\""));
    ck_assert_ptr_nonnull(strstr(b.data, "name=\"viewport\""));
    gb_buf_free(&b);
}
END_TEST

START_TEST(test_api_json)
{
    struct queue_view v = sample_view(QUEUE_DONE);
    char *text = api_submission_json(&v, "https://grader.example", 1);
    cJSON *o = cJSON_Parse(text), *result;

    ck_assert_ptr_nonnull(o);
    ck_assert_str_eq(cJSON_GetObjectItem(o, "status")->valuestring, "done");
    ck_assert_str_eq(cJSON_GetObjectItem(o, "result_status")->valuestring, "failed");
    ck_assert_str_eq(cJSON_GetObjectItem(o, "url")->valuestring,
                     "https://grader.example/api/v1/submissions/sabcdefghijklmnopqrstuvwxy");
    ck_assert_str_eq(cJSON_GetObjectItem(o, "submitted_at")->valuestring, "2027-01-15T08:00:00Z");
    result = cJSON_GetObjectItem(o, "result");
    ck_assert(cJSON_IsObject(result));                  /* embedded, not a string */
    ck_assert_str_eq(cJSON_GetObjectItem(result, "schema")->valuestring, "gradebox.result/1");
    ck_assert(cJSON_IsNull(cJSON_GetObjectItem(o, "started_at")));
    cJSON_Delete(o);
    free(text);
    text = api_error_json(429, "slow down \"please\"", 42);
    o = cJSON_Parse(text);
    ck_assert_ptr_nonnull(o);
    ck_assert_int_eq(cJSON_GetObjectItem(o, "retry_after")->valueint, 42);
    ck_assert_str_eq(cJSON_GetObjectItem(o, "error")->valuestring, "slow down \"please\"");
    cJSON_Delete(o);
    free(text);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("site");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_catalog_is_the_rubrics);
    tcase_add_test(tc, test_uploads_accepted);
    tcase_add_test(tc, test_uploads_refused);
    tcase_add_test(tc, test_notebook_uploads);
    tcase_add_test(tc, test_pages_escape_and_refresh);
    tcase_add_test(tc, test_home_pages);
    tcase_add_test(tc, test_api_json);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
