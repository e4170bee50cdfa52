/* test_result_doc.c — Check suite for what `grader post` accepts
 * (grader/deliver/result_doc.c, report/result_sign.c): forged and malformed
 * result documents are refused with the reason; genuine ones are delivered
 * re-serialised, with their identity recomputed; signatures hold or fail. */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>
#include <openssl/pem.h>

#include "deliver/result_doc.h"

/* A genuine result: 13 of 15 points, failed. */
#define HEAD "{\"schema\":\"gradebox.result/1\",\"result_id\":\"00ff00ff00ff00ff\"," \
    "\"student\":\"s1\",\"assignment\":\"hw3\",\"exercise\":\"attention_by_hand\","
#define WHEN "\"graded_at\":\"2026-12-02T13:00:00.500Z\","
#define CHECKS "\"checks\":[" \
    "{\"id\":\"a\",\"verdict\":\"pass\",\"points\":10,\"max_points\":10}," \
    "{\"id\":\"b\",\"verdict\":\"pass\",\"points\":3,\"max_points\":3}," \
    "{\"id\":\"c\",\"verdict\":\"fail\",\"points\":0,\"max_points\":2}]"
#define GENUINE HEAD "\"score\":13,\"max_score\":15,\"status\":\"failed\"," WHEN CHECKS "}"

static int parse(const char *json, const struct result_doc_opts *o, struct result_doc *d,
                 struct gb_err *err)
{
    static const struct result_doc_opts none = { NULL, NULL, NULL, 0 };

    return result_doc_parse(json, strlen(json), o ? o : &none, d, err);
}

static void refused_n(const char *json, size_t len, const char *why)
{
    static const struct result_doc_opts none = { NULL, NULL, NULL, 0 };
    struct result_doc d;
    struct gb_err err;

    ck_assert_msg(result_doc_parse(json, len, &none, &d, &err) == -1, "accepted: %s", json);
    ck_assert_msg(strstr(err.msg, why), "'%s' not in: %s", why, err.msg);
    ck_assert_ptr_null(d.root);
}

static void refused(const char *json, const char *why)
{
    refused_n(json, strlen(json), why);
}

START_TEST(test_genuine_is_accepted_and_reserialised)
{
    struct result_doc d;
    struct gb_err err;
    char *out;

    ck_assert_msg(parse(GENUINE "\n", NULL, &d, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(d.status, REPORT_FAILED);
    ck_assert_double_eq(d.r.score, 13);
    ck_assert_uint_eq(d.r.n_checks, 3);
    /* The claimed id was not this content's: it is recomputed. */
    ck_assert_str_ne(d.r.result_id, "00ff00ff00ff00ff");
    ck_assert_uint_eq(strlen(d.r.result_id), 64);
    out = cJSON_PrintUnformatted(d.root);
    ck_assert_ptr_nonnull(strstr(out, d.r.result_id));
    ck_assert_ptr_nonnull(strstr(out, d.r.result_key));
    cJSON_free(out);
    result_doc_free(&d);
}
END_TEST

/* The rerun's note (check/rerun.h) survives re-serialisation; a malformed one
 * is refused. */
START_TEST(test_integrity_note_is_kept)
{
    struct result_doc d;
    struct gb_err err;
    char *out;

    ck_assert_msg(parse(HEAD "\"score\":13,\"max_score\":15,\"status\":\"failed\"," WHEN
                        "\"integrity\":{\"runs\":2,\"summary\":\"two runs\",\"compared\":2,"
                        "\"followed\":1,\"not_followed\":0,\"replayed\":0,\"untestable\":1}," CHECKS "}",
                        NULL, &d, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(d.r.integrity.runs, 2);
    ck_assert_uint_eq(d.r.integrity.untestable, 1);
    out = cJSON_PrintUnformatted(d.root);
    ck_assert_msg(strstr(out, "\"integrity\":{\"runs\":2,\"summary\":\"two runs\""), "%s", out);
    cJSON_free(out);
    result_doc_free(&d);
    refused(HEAD "\"score\":13,\"max_score\":15," WHEN "\"integrity\":{\"runs\":3}," CHECKS "}",
            "\"integrity\"");
    refused(HEAD "\"score\":13,\"max_score\":15," WHEN "\"integrity\":{\"runs\":2,"
            "\"compared\":-1,\"followed\":0,\"not_followed\":0,\"replayed\":0,\"untestable\":0},"
            CHECKS "}",
            "integrity.compared");
}
END_TEST

/* cJSON reads the first "score", Python's json the last: refused, whichever
 * object holds the duplicate. */
START_TEST(test_duplicate_keys_are_refused)
{
    refused(HEAD "\"score\":13,\"max_score\":15," WHEN CHECKS ",\"score\":999}",
            "duplicate key \"score\" in the document");
    refused(HEAD "\"score\":13,\"max_score\":15," WHEN "\"checks\":["
            "{\"id\":\"a\",\"verdict\":\"fail\",\"points\":0,\"max_points\":13,"
            "\"verdict\":\"pass\"}]}", "duplicate key \"verdict\" in checks[0]");
}
END_TEST

START_TEST(test_trailing_data_is_refused)
{
    refused(GENUINE "garbage", "trailing data");
    refused(GENUINE "\n" GENUINE, "trailing data");
    refused_n(GENUINE "\n\0{}", sizeof GENUINE + 3, "trailing data");
}
END_TEST

/* The grade follows from the checks, or the document is refused. */
START_TEST(test_grade_must_follow_from_checks)
{
    refused(HEAD "\"score\":999,\"max_score\":15," WHEN CHECKS "}",
            "score 999 is not the sum of its checks' points (13)");
    refused(HEAD "\"score\":13,\"max_score\":13," WHEN CHECKS "}",
            "max_score 13 is not the sum");
    refused(HEAD "\"score\":13,\"max_score\":15,\"status\":\"passed\"," WHEN CHECKS "}",
            "status \"passed\" does not follow from the checks, which say \"failed\"");
    refused(HEAD "\"score\":0,\"max_score\":2,\"status\":\"passed\"," WHEN "\"checks\":["
            "{\"id\":\"a\",\"verdict\":\"pass\",\"points\":0,\"max_points\":2}]}",
            "check \"a\": 0 of 2 points with verdict pass");
    refused(HEAD "\"score\":2,\"max_score\":2," WHEN "\"checks\":["
            "{\"id\":\"a\",\"verdict\":\"fail\",\"points\":2,\"max_points\":2}]}",
            "check \"a\": 2 of 2 points with verdict fail");
    refused(HEAD "\"score\":0,\"max_score\":0," WHEN "\"checks\":[]}", "without checks");
    refused(HEAD "\"score\":1,\"max_score\":1," WHEN "\"checks\":["
            "{\"id\":\"a\",\"verdict\":\"great\",\"points\":1,\"max_points\":1}]}",
            "checks[0].verdict must be");
    refused(HEAD "\"score\":1e999,\"max_score\":1," WHEN CHECKS "}", "\"score\" is missing or not a number");
}
END_TEST

START_TEST(test_text_must_be_clean_utf8)
{
    refused(HEAD "\"score\":13,\"max_score\":15," WHEN "\"checks\":["
            "{\"id\":\"a\",\"verdict\":\"pass\",\"points\":13,\"max_points\":13,"
            "\"found\":\"0.7\xff\"},"
            "{\"id\":\"c\",\"verdict\":\"fail\",\"points\":0,\"max_points\":2}]}",
            "checks[0].found is not valid UTF-8");
    refused(HEAD "\"score\":13,\"max_score\":15,\"triage\":\"a\\u001b[2Jb\"," WHEN CHECKS "}",
            "triage is not valid UTF-8 text (or holds control characters)");
    refused(HEAD "\"score\":13,\"max_score\":15,\"graded_at\":\"2026-12-02 13:00\"," CHECKS "}",
            "graded_at");
}
END_TEST

/* A student id filled in from the settings changes the identity, and the
 * document's own result_id never survives unchecked. */
START_TEST(test_identity_is_recomputed)
{
    static const char anon[] = "{\"schema\":\"gradebox.result/1\",\"result_id\":\"feed\","
        "\"student\":null,\"assignment\":\"hw3\",\"exercise\":\"attention_by_hand\","
        "\"score\":13,\"max_score\":15," WHEN CHECKS "}";
    struct result_doc_opts o = { "s1", NULL, NULL, 0 };
    struct result_doc a, b;
    struct gb_err err;

    ck_assert_msg(parse(anon, &o, &a, &err) == 0, "%s", err.msg);
    ck_assert_msg(parse(GENUINE, NULL, &b, &err) == 0, "%s", err.msg);
    ck_assert_str_eq(a.r.student, "s1");
    ck_assert_str_eq(a.r.result_id, b.r.result_id);     /* same content, same id */
    ck_assert_str_eq(cJSON_GetObjectItem(a.root, "student")->valuestring, "s1");
    result_doc_free(&a);
    result_doc_free(&b);
}
END_TEST

/* ---- signatures ---- */

static char keydir[64], priv[96], other[96];

static void write_key(const char *path)
{
    EVP_PKEY *k = EVP_PKEY_Q_keygen(NULL, NULL, "ED25519");
    FILE *f = fopen(path, "w");

    ck_assert_ptr_nonnull(k);
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(PEM_write_PrivateKey(f, k, NULL, NULL, 0, NULL, NULL), 1);
    fclose(f);
    ck_assert_int_eq(chmod(path, 0600), 0);
    EVP_PKEY_free(k);
}

static void keys_setup(void)
{
    snprintf(keydir, sizeof keydir, "/tmp/gbsignXXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(keydir));
    snprintf(priv, sizeof priv, "%s/sign.pem", keydir);
    snprintf(other, sizeof other, "%s/other.pem", keydir);
    write_key(priv);
    write_key(other);
}

static void keys_teardown(void)
{
    unlink(priv);
    unlink(other);
    rmdir(keydir);
}

/* GENUINE (with its edit applied) signed by key. */
static char *signed_doc(const char *json, const char *key)
{
    struct result_signer s;
    struct gb_err err;
    cJSON *doc = cJSON_Parse(json);
    char *out;

    ck_assert_int_eq(result_signer_load(&s, key, &err), 0);
    ck_assert_int_eq(result_sign_document(&s, doc, &err), 0);
    out = cJSON_Print(doc);
    cJSON_Delete(doc);
    result_signer_free(&s);
    return out;
}

static int verify(const char *json, const char *key, struct gb_err *err)
{
    struct result_signer s;
    struct result_doc_opts o = { NULL, NULL, &s, 0 };
    struct result_doc d;
    int rc;

    ck_assert_int_eq(result_signer_load(&s, key, err), 0);
    rc = parse(json, &o, &d, err);
    if (rc == 0)
        result_doc_free(&d);
    result_signer_free(&s);
    return rc;
}

START_TEST(test_signatures)
{
    char *good = signed_doc(GENUINE, priv), *edit, *p;
    struct gb_err err;

    ck_assert_msg(verify(good, priv, &err) == 0, "%s", err.msg);
    /* Raising a check and the score together still breaks the signature. */
    edit = strdup(good);
    p = strstr(edit, "\"fail\"");
    memcpy(p, "\"pass\"", 6);
    p = strstr(edit, "\"score\":\t13");
    ck_assert_ptr_nonnull(p);
    memcpy(p, "\"score\":\t15", 11);
    p = strstr(strstr(edit, "\"id\":\t\"c\""), "\"points\":\t0");
    ck_assert_ptr_nonnull(p);
    memcpy(p, "\"points\":\t2", 11);
    ck_assert_int_eq(verify(edit, priv, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "changed after"));
    ck_assert_int_eq(verify(GENUINE, priv, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "not signed"));
    ck_assert_int_eq(verify(good, other, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "not by the verify key"));
    cJSON_free(good);
    free(edit);
}
END_TEST

/* A signed result without a student is nobody's: it is not posted as
 * anyone's; an unsigned one is, with allow_unsigned, and only then. */
#define NOBODY "{\"schema\":\"gradebox.result/1\",\"result_id\":\"00ff00ff00ff00ff\"," \
    "\"student\":null,\"assignment\":\"hw3\",\"exercise\":\"attention_by_hand\"," \
    "\"score\":13,\"max_score\":15,\"status\":\"failed\"," WHEN CHECKS "}"

static int post_as(const char *json, const char *student, int allow_unsigned,
                   struct result_doc *d, struct gb_err *err)
{
    struct result_signer s;
    struct result_doc_opts o = { student, NULL, &s, allow_unsigned };
    int rc;

    ck_assert_int_eq(result_signer_load(&s, priv, err), 0);
    rc = parse(json, &o, d, err);
    result_signer_free(&s);
    return rc;
}

START_TEST(test_signed_nobody_is_nobody)
{
    char *good = signed_doc(NOBODY, priv), *edit = strdup(good), *p;
    struct result_doc d;
    struct gb_err err;

    ck_assert_int_eq(post_as(good, "s2", 0, &d, &err), -1);
    ck_assert_msg(strstr(err.msg, "signed and names no student") != NULL, "%s", err.msg);
    ck_assert_int_eq(post_as(good, "s2", 1, &d, &err), -1);        /* the flag is for unsigned */
    ck_assert_msg(post_as(good, NULL, 0, &d, &err) == 0, "%s", err.msg);
    ck_assert_ptr_null(d.r.student);
    result_doc_free(&d);
    ck_assert_int_eq(post_as(NOBODY, "s2", 0, &d, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "not signed"));
    ck_assert_msg(post_as(NOBODY, "s2", 1, &d, &err) == 0, "%s", err.msg);
    ck_assert_str_eq(d.r.student, "s2");
    result_doc_free(&d);
    p = strstr(edit, "\"score\":\t13");                              /* signed, then edited */
    ck_assert_ptr_nonnull(p);
    memcpy(p, "\"score\":\t15", 11);
    ck_assert_int_eq(post_as(edit, NULL, 1, &d, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "changed after"));
    cJSON_free(good);
    free(edit);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("result_doc");
    TCase *tc = tcase_create("strict");
    TCase *ts = tcase_create("signed");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_genuine_is_accepted_and_reserialised);
    tcase_add_test(tc, test_integrity_note_is_kept);
    tcase_add_test(tc, test_duplicate_keys_are_refused);
    tcase_add_test(tc, test_trailing_data_is_refused);
    tcase_add_test(tc, test_grade_must_follow_from_checks);
    tcase_add_test(tc, test_text_must_be_clean_utf8);
    tcase_add_test(tc, test_identity_is_recomputed);
    tcase_add_checked_fixture(ts, keys_setup, keys_teardown);
    tcase_add_test(ts, test_signatures);
    tcase_add_test(ts, test_signed_nobody_is_nobody);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, ts);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
