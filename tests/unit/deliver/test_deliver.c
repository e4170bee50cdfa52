/* test_deliver.c — Check suite for payloads, answer classification, the retry
 * schedule and configuration precedence (grader/deliver/payload, webhook, deliver,
 * deliver_config). */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "deliver/deliver.h"
#include "deliver/payload.h"
#include "deliver/webhook.h"

#define RESULT_HEAD "{\"schema\":\"gradebox.result/1\",\"result_id\":\"00ff00ff00ff00ff\","
#define RESULT_TAIL "\"exercise\":\"attention_by_hand\",\"score\":7.5,\"max_score\":10," \
    "\"graded_at\":\"2026-12-02T13:00:00.250Z\",\"checks\":[" \
    "{\"id\":\"rude_self\",\"verdict\":\"fail\",\"points\":0,\"max_points\":2.5}," \
    "{\"id\":\"row_sums\",\"verdict\":\"pass\",\"points\":7.5,\"max_points\":7.5}]}"
#define RESULT RESULT_HEAD "\"student\":\"alice\",\"assignment\":\"hw3\"," RESULT_TAIL

static cJSON *build(const char *json, enum payload_format fmt, const char *student,
                    const char *assignment, struct payload *p, struct gb_err *err)
{
    struct payload_opts po = { fmt, student, assignment, NULL, NULL, 0 };
    cJSON *o;

    if (payload_build(json, strlen(json), &po, p, err))
        return NULL;
    o = cJSON_Parse(p->body);
    ck_assert_ptr_nonnull(o);
    ck_assert_uint_eq(strlen(p->id), 64);           /* recomputed, whatever was claimed */
    ck_assert_uint_eq(strlen(p->key), 64);
    payload_free(p);
    return o;
}

static const char *str(const cJSON *o, const char *k)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, k);
    ck_assert_msg(cJSON_IsString(f), "field %s", k);
    return f->valuestring;
}

START_TEST(test_gradebox_envelope)
{
    struct gb_err err;
    struct payload p;
    cJSON *o = build(RESULT, PAYLOAD_GRADEBOX, "bob", "hw9", &p, &err), *r;

    ck_assert_msg(o != NULL, "%s", err.msg);
    r = cJSON_GetObjectItem(o, "result");
    ck_assert_str_eq(str(o, "schema"), "gradebox.delivery/1");
    ck_assert_str_eq(str(o, "id"), p.id);
    ck_assert_str_eq(str(o, "key"), p.key);
    ck_assert_str_eq(str(r, "result_id"), p.id);     /* the document says the same */
    ck_assert_str_eq(str(r, "result_key"), p.key);
    ck_assert_str_eq(str(o, "student"), "alice");   /* the result's own value wins */
    ck_assert_str_eq(str(o, "assignment"), "hw3");
    ck_assert_str_eq(str(o, "timestamp"), "2026-12-02T13:00:00.250Z");
    ck_assert_str_eq(str(o, "status"), "failed");
    ck_assert_double_eq(cJSON_GetObjectItem(o, "score")->valuedouble, 7.5);
    ck_assert_str_eq(str(r, "schema"), "gradebox.result/1");
    ck_assert_int_eq(p.revision_ms % 1000, 250);
    cJSON_Delete(o);
}
END_TEST

/* The LTI score waits in the outbox for its user id and line item: the
 * student, the line item to find or create, and the score itself. */
START_TEST(test_lti_score)
{
    const char *anon = RESULT_HEAD RESULT_TAIL;
    struct gb_err err;
    struct payload p;
    cJSON *o = build(anon, PAYLOAD_LTI, "s42", NULL, &p, &err), *item, *score;

    ck_assert_msg(o != NULL, "%s", err.msg);
    ck_assert_str_eq(p.content_type, "application/vnd.ims.lis.v1.score+json");
    ck_assert_str_eq(str(o, "student"), "s42");
    item = cJSON_GetObjectItem(o, "lineitem");
    ck_assert_str_eq(str(item, "resourceId"), "attention_by_hand");
    ck_assert_str_eq(str(item, "tag"), "gradebox");
    ck_assert_double_eq(cJSON_GetObjectItem(item, "scoreMaximum")->valuedouble, 10);
    score = cJSON_GetObjectItem(o, "score");
    ck_assert_ptr_null(cJSON_GetObjectItem(score, "userId"));   /* known only when sent */
    ck_assert_double_eq(cJSON_GetObjectItem(score, "scoreGiven")->valuedouble, 7.5);
    ck_assert_double_eq(cJSON_GetObjectItem(score, "scoreMaximum")->valuedouble, 10);
    ck_assert_str_eq(str(score, "activityProgress"), "Completed");
    ck_assert_str_eq(str(score, "gradingProgress"), "FullyGraded");
    ck_assert_str_eq(str(score, "timestamp"), "2026-12-02T13:00:00.250Z");
    /* The comment is the text report a student reads. */
    ck_assert_ptr_nonnull(strstr(str(score, "comment"), "score: 7.5/10 points"));
    ck_assert_ptr_nonnull(strstr(str(score, "comment"), "rude_self"));
    cJSON_Delete(o);
}
END_TEST

/* Under a late policy (`grader batch --post`): the LMS gets the score after
 * the penalty, in the envelope and as the LTI scoreGiven, and the comment
 * says why; a late.score that is not that product is refused. */
START_TEST(test_late_penalty_delivered)
{
    const char *late = RESULT_HEAD "\"student\":\"alice\",\"assignment\":\"hw3\","
        "\"late\":{\"days\":2,\"percent\":20,\"score\":6}," RESULT_TAIL;
    const char *forged = RESULT_HEAD "\"student\":\"alice\",\"assignment\":\"hw3\","
        "\"late\":{\"days\":2,\"percent\":20,\"score\":7.5}," RESULT_TAIL;
    struct gb_err err;
    struct payload p;
    cJSON *o = build(late, PAYLOAD_GRADEBOX, NULL, NULL, &p, &err), *score;

    ck_assert_msg(o != NULL, "%s", err.msg);
    ck_assert_double_eq(cJSON_GetObjectItem(o, "score")->valuedouble, 6);
    ck_assert_double_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(o, "result"), "score")->valuedouble,
                        7.5);                             /* the checks' sum stays */
    cJSON_Delete(o);
    o = build(late, PAYLOAD_LTI, NULL, NULL, &p, &err);
    ck_assert_msg(o != NULL, "%s", err.msg);
    score = cJSON_GetObjectItem(o, "score");
    ck_assert_double_eq(cJSON_GetObjectItem(score, "scoreGiven")->valuedouble, 6);
    ck_assert_ptr_nonnull(strstr(str(score, "comment"),
                                 "late: handed in 2 days after the deadline: 20% off, 6/10 points"));
    cJSON_Delete(o);
    ck_assert_ptr_null(build(forged, PAYLOAD_LTI, NULL, NULL, &p, &err));
    ck_assert_ptr_nonnull(strstr(err.msg, "late.score"));
}
END_TEST

/* A human's score for the whole exercise (`grader review --override`): the
 * LMS gets it, FullyGraded, with who and why in the comment; the late
 * penalty applies to it; points above the maximum are refused. */
START_TEST(test_override_delivered)
{
    const char *over = RESULT_HEAD "\"student\":\"alice\",\"assignment\":\"hw3\","
        "\"override\":{\"points\":9,\"by\":\"ta1\",\"at\":\"2026-12-03T10:00:00.000Z\","
        "\"note\":\"one line off\"},\"late\":{\"days\":1,\"percent\":10,\"score\":8.1},"
        RESULT_TAIL;
    const char *above = RESULT_HEAD "\"student\":\"alice\",\"assignment\":\"hw3\","
        "\"override\":{\"points\":11,\"by\":\"ta1\"}," RESULT_TAIL;
    struct gb_err err;
    struct payload p;
    cJSON *o = build(over, PAYLOAD_LTI, NULL, NULL, &p, &err), *score;

    ck_assert_msg(o != NULL, "%s", err.msg);
    score = cJSON_GetObjectItem(o, "score");
    ck_assert_double_eq_tol(cJSON_GetObjectItem(score, "scoreGiven")->valuedouble, 8.1, 1e-9);
    ck_assert_str_eq(str(score, "gradingProgress"), "FullyGraded");
    ck_assert_ptr_nonnull(strstr(str(score, "comment"), "overridden: 9/10 points by ta1: one line off"));
    cJSON_Delete(o);
    ck_assert_ptr_null(build(above, PAYLOAD_GRADEBOX, NULL, NULL, &p, &err));
    ck_assert_ptr_nonnull(strstr(err.msg, "override.points"));
}
END_TEST

/* The comment is a per-check summary, bounded: many long failures are cut
 * with a line saying how many more there are. */
START_TEST(test_lti_comment_bounded)
{
    struct gb_buf doc = GB_BUF_INIT;
    struct gb_err err;
    struct payload p;
    const char *c;
    cJSON *o;
    char why[400];

    memset(why, 'x', sizeof why - 1);
    why[sizeof why - 1] = '\0';
    ck_assert_int_eq(gb_buf_puts(&doc, RESULT_HEAD "\"exercise\":\"attention_by_hand\","
                                 "\"score\":1,\"max_score\":61,\"graded_at\":"
                                 "\"2026-12-02T13:00:00.250Z\",\"checks\":[", &err), 0);
    for (int i = 0; i < 60; i++)
        ck_assert_int_eq(gb_buf_printf(&doc, &err, "{\"id\":\"c%d\",\"verdict\":\"fail\","
                                       "\"points\":0,\"max_points\":1,\"message\":\"%s\"},",
                                       i, why), 0);
    ck_assert_int_eq(gb_buf_puts(&doc, "{\"id\":\"ok\",\"verdict\":\"pass\",\"points\":1,"
                                 "\"max_points\":1}]}", &err), 0);
    o = build(doc.data, PAYLOAD_LTI, "s1", NULL, &p, &err);
    gb_buf_free(&doc);
    ck_assert_msg(o != NULL, "%s", err.msg);
    c = str(cJSON_GetObjectItem(o, "score"), "comment");
    ck_assert_uint_le(strlen(c), PAYLOAD_COMMENT_MAX);
    ck_assert_ptr_nonnull(strstr(c, "not passed (60 of 61 checks):\n- c0 (0/1, fail): xxx"));
    ck_assert_ptr_nonnull(strstr(c, "more not passed (the full report has them)"));
    ck_assert_ptr_nonnull(strstr(c, "passed: 1 check\n"));
    cJSON_Delete(o);
}
END_TEST

/* Checks waiting for a human: PendingManual, so the LMS asks a grader; a
 * rubric fault is no grade at all and is not queued. */
START_TEST(test_lti_progress_follows_status)
{
    static const char review[] = RESULT_HEAD "\"student\":\"s1\",\"exercise\":\"self_check\","
        "\"score\":1,\"max_score\":2,\"graded_at\":\"2026-12-02T13:00:00Z\",\"checks\":["
        "{\"id\":\"q1\",\"verdict\":\"pass\",\"points\":1,\"max_points\":1},"
        "{\"id\":\"q2\",\"verdict\":\"review\",\"points\":0,\"max_points\":1}]}";
    static const char fault[] = RESULT_HEAD "\"student\":\"s1\",\"exercise\":\"self_check\","
        "\"score\":0,\"max_score\":1,\"graded_at\":\"2026-12-02T13:00:00Z\",\"checks\":["
        "{\"id\":\"q1\",\"verdict\":\"error\",\"points\":0,\"max_points\":1}]}";
    struct payload_opts po = { PAYLOAD_LTI, NULL, NULL, NULL, NULL, 0 };
    struct gb_err err;
    struct payload p;
    cJSON *o = build(review, PAYLOAD_LTI, NULL, NULL, &p, &err);

    ck_assert_msg(o != NULL, "%s", err.msg);
    ck_assert_str_eq(str(cJSON_GetObjectItem(o, "score"), "gradingProgress"), "PendingManual");
    cJSON_Delete(o);
    ck_assert_int_eq(payload_build(fault, strlen(fault), &po, &p, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "status \"error\""));
}
END_TEST

START_TEST(test_bad_results_name_the_field)
{
    static const struct { const char *json, *needle; } cases[] = {
        { "[1,2]", "not a JSON object" },
        { "{\"result_id\":\"00ff00ff\"", "not a JSON object" },
        { "{\"schema\":\"other/1\"}", "schema" },
        { RESULT_HEAD "\"student\":\"a\",\"assignment\":\"b\",\"exercise\":\"e\","
          "\"score\":1,\"graded_at\":\"2026-12-02T13:00:00Z\",\"checks\":[]}", "max_score" },
        { RESULT_HEAD RESULT_TAIL, "no student id" },
        { RESULT_HEAD "\"student\":\"a\",\"assignment\":\"b\",\"exercise\":\"e\","
          "\"score\":1,\"max_score\":1,\"graded_at\":\"yesterday\",\"checks\":["
          "{\"id\":\"c\",\"verdict\":\"pass\",\"points\":1,\"max_points\":1}]}",
          "graded_at" },
    };
    struct payload_opts po = { PAYLOAD_GRADEBOX, NULL, NULL, NULL, NULL, 0 };
    struct payload p;
    struct gb_err err;

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_int_eq(payload_build(cases[i].json, strlen(cases[i].json), &po, &p, &err), -1);
        ck_assert_msg(strstr(err.msg, cases[i].needle), "case %zu: %s", i, err.msg);
    }
}
END_TEST

START_TEST(test_classify)
{
    ck_assert_int_eq(webhook_classify(200), WEBHOOK_DELIVERED);
    ck_assert_int_eq(webhook_classify(204), WEBHOOK_DELIVERED);
    ck_assert_int_eq(webhook_classify(410), WEBHOOK_GONE);
    ck_assert_int_eq(webhook_classify(400), WEBHOOK_PERMANENT);
    ck_assert_int_eq(webhook_classify(401), WEBHOOK_PERMANENT);
    ck_assert_int_eq(webhook_classify(301), WEBHOOK_PERMANENT);
    ck_assert_int_eq(webhook_classify(408), WEBHOOK_RETRY);
    ck_assert_int_eq(webhook_classify(429), WEBHOOK_RETRY);
    ck_assert_int_eq(webhook_classify(500), WEBHOOK_RETRY);
    ck_assert_int_eq(webhook_classify(503), WEBHOOK_RETRY);
    ck_assert_int_eq(webhook_classify(0), WEBHOOK_RETRY);
}
END_TEST

START_TEST(test_retry_schedule_doubles_jitters_and_caps)
{
    struct deliver_config cfg = { .retry_base_ms = 10000, .retry_max_ms = 7200000 };

    ck_assert_int_eq(deliver_retry_delay_ms(&cfg, 1, 0.999999), 9999);
    ck_assert_int_eq(deliver_retry_delay_ms(&cfg, 1, 0.0), 5000);
    ck_assert_int_eq(deliver_retry_delay_ms(&cfg, 2, 0.0), 10000);
    ck_assert_int_eq(deliver_retry_delay_ms(&cfg, 3, 0.5), 30000);
    ck_assert_int_eq(deliver_retry_delay_ms(&cfg, 11, 0.0), 3600000);
    ck_assert_int_eq(deliver_retry_delay_ms(&cfg, 60, 0.0), 3600000);   /* capped */
}
END_TEST

static char cfgdir[64];

static void write_conf(const char *text)
{
    char path[128];
    FILE *f;

    snprintf(path, sizeof path, "%s/gradebox", cfgdir);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/gradebox/webhook.conf", cfgdir);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static void cfg_setup(void)
{
    snprintf(cfgdir, sizeof cfgdir, "/tmp/gbcfgXXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(cfgdir));
    setenv("XDG_CONFIG_HOME", cfgdir, 1);
    setenv("XDG_STATE_HOME", cfgdir, 1);
    unsetenv("GRADEBOX_CONFIG");
    unsetenv("GRADEBOX_OUTBOX");
    unsetenv("GRADEBOX_WEBHOOK_URL");
    unsetenv("GRADEBOX_WEBHOOK_TIMEOUT");
    unsetenv("GRADEBOX_WEBHOOK_SECRET");
    unsetenv("GRADEBOX_WEBHOOK_SECRET_FILE");
}

static void cfg_teardown(void)
{
    char cmd[128];

    snprintf(cmd, sizeof cmd, "rm -rf '%s'", cfgdir);
    ck_assert_int_eq(system(cmd), 0);
}

/* A URL's user:password never reaches a message or a listing. */
START_TEST(test_url_userinfo_redacted)
{
    static const char *const cases[][2] = {
        { "https://user:pass@lms.example/hook", "https://***@lms.example/hook" },
        { "http://u:p@ss@127.0.0.1:8080/x?a=b@c", "http://***@127.0.0.1:8080/x?a=b@c" },
        { "https://token@lms.example", "https://***@lms.example" },
        { "https://lms.example/a@b", "https://lms.example/a@b" },
        { "https://lms.example/hook", "https://lms.example/hook" },
        { "lms.example", "lms.example" },
    };
    struct deliver_config cfg;
    struct gb_err err;
    char buf[DELIVER_URL_MAX];

    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_str_eq(deliver_url_redacted(cases[i][0], buf, sizeof buf), cases[i][1]);
    memset(&cfg, 0, sizeof cfg);
    cfg.url = strdup("ftp://user:sekrit@lms.example/");
    ck_assert_int_eq(deliver_config_require_url(&cfg, &err), -1);
    ck_assert_msg(!strstr(err.msg, "sekrit") && strstr(err.msg, "ftp://***@lms.example/"),
                  "%s", err.msg);
    free(cfg.url);
}
END_TEST

START_TEST(test_config_precedence)
{
    struct deliver_config cfg;
    struct gb_err err;
    char expect[128];

    write_conf("# lms\nurl = http://file.example/hook\ntimeout = 5\nstudent = s1\n");
    ck_assert_int_eq(deliver_config_load(&cfg, NULL, &err), 0);
    ck_assert_str_eq(cfg.url, "http://file.example/hook");
    ck_assert_int_eq(cfg.timeout_ms, 5000);
    ck_assert_int_eq(cfg.connect_timeout_ms, 10000);          /* default */
    snprintf(expect, sizeof expect, "%s/gradebox/outbox.sqlite", cfgdir);
    ck_assert_str_eq(cfg.outbox_path, expect);
    deliver_config_free(&cfg);

    setenv("GRADEBOX_WEBHOOK_URL", "http://env.example/hook", 1);
    setenv("GRADEBOX_WEBHOOK_TIMEOUT", "0.25", 1);
    ck_assert_int_eq(deliver_config_load(&cfg, NULL, &err), 0);
    ck_assert_str_eq(cfg.url, "http://env.example/hook");      /* env beats file */
    ck_assert_int_eq(cfg.timeout_ms, 250);
    ck_assert_str_eq(cfg.student, "s1");
    ck_assert_int_eq(deliver_config_set(&cfg, "url", "http://flag.example/", "--url", &err), 0);
    ck_assert_str_eq(cfg.url, "http://flag.example/");         /* flag beats env */
    ck_assert_int_eq(deliver_config_set(&cfg, "max-connections", "0", "--max-connections",
                                        &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "--max-connections"));
    ck_assert_int_eq(deliver_config_set(&cfg, "url", "ftp://x", "--url", &err), 0);
    ck_assert_int_eq(deliver_config_require_url(&cfg, &err), -1);
    deliver_config_free(&cfg);
}
END_TEST

START_TEST(test_config_file_errors)
{
    struct deliver_config cfg;
    struct gb_err err;

    write_conf("url = http://x/\nsecret = hunter2hunter2hunter2\n");
    ck_assert_int_eq(deliver_config_load(&cfg, NULL, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "webhook.conf:2"));
    ck_assert_ptr_null(strstr(err.msg, "hunter2"));
    deliver_config_free(&cfg);
    write_conf("colour = blue\n");
    ck_assert_int_eq(deliver_config_load(&cfg, NULL, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "unknown setting 'colour'"));
    deliver_config_free(&cfg);
    ck_assert_int_eq(deliver_config_load(&cfg, "/nonexistent/gradebox.conf", &err), -1);
    deliver_config_free(&cfg);
}
END_TEST

START_TEST(test_secret_precedence)
{
    struct deliver_config cfg;
    struct gb_err err;
    char path[128];
    FILE *f;

    snprintf(path, sizeof path, "%s/secret", cfgdir);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("file-secret-0123456789\n", f);
    fclose(f);
    ck_assert_int_eq(deliver_config_load(&cfg, NULL, &err), 0);
    ck_assert_int_eq(deliver_config_load_secret(&cfg, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "no webhook secret"));
    ck_assert_int_eq(deliver_config_set(&cfg, "secret-file", path, "webhook.conf:1", &err), 0);
    setenv("GRADEBOX_WEBHOOK_SECRET", "env-secret-0123456789", 1);
    ck_assert_int_eq(deliver_config_load_secret(&cfg, &err), 0);
    ck_assert_uint_eq(cfg.key.len, 21);                        /* env beats file */
    deliver_config_free(&cfg);
    ck_assert_int_eq(deliver_config_load(&cfg, NULL, &err), 0);
    ck_assert_int_eq(deliver_config_set(&cfg, "secret-file", path, "--secret-file", &err), 0);
    ck_assert_int_eq(deliver_config_load_secret(&cfg, &err), 0);
    ck_assert_uint_eq(cfg.key.len, 22);                        /* flag beats env */
    deliver_config_free(&cfg);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("deliver");
    TCase *tc = tcase_create("payload");
    TCase *tcc = tcase_create("config");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_gradebox_envelope);
    tcase_add_test(tc, test_lti_score);
    tcase_add_test(tc, test_late_penalty_delivered);
    tcase_add_test(tc, test_lti_comment_bounded);
    tcase_add_test(tc, test_override_delivered);
    tcase_add_test(tc, test_lti_progress_follows_status);
    tcase_add_test(tc, test_bad_results_name_the_field);
    tcase_add_test(tc, test_classify);
    tcase_add_test(tc, test_retry_schedule_doubles_jitters_and_caps);
    tcase_add_checked_fixture(tcc, cfg_setup, cfg_teardown);
    tcase_add_test(tcc, test_config_precedence);
    tcase_add_test(tcc, test_url_userinfo_redacted);
    tcase_add_test(tcc, test_config_file_errors);
    tcase_add_test(tcc, test_secret_precedence);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, tcc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
