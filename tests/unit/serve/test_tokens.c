/* test_tokens.c — Check suite for the service's bearer tokens and limits
 * (grader/serve/tokens, grader/serve/limits).
 *
 * The signature is checked against the openssl command line's HMAC, and the
 * payload against base64 -d, so a token is what tokens.h says on the wire,
 * not only what tokens.c reads back. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "serve/limits.h"
#include "serve/tokens.h"

static char dir[64], keyfile[128];
static struct tokens_key key;

static void setup(void)
{
    struct gb_err err;

    snprintf(dir, sizeof dir, "/tmp/gbtokensXXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(keyfile, sizeof keyfile, "%s/key", dir);
    ck_assert_msg(tokens_key_generate(keyfile, &err) == 0, "%s", err.msg);
    ck_assert_msg(tokens_key_load(&key, keyfile, &err) == 0, "%s", err.msg);
}

static void teardown(void)
{
    char cmd[128];

    tokens_key_free(&key);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static char *issue(const char *student, enum tokens_role role, long long iat, long long exp)
{
    struct tokens_claims c;
    struct gb_err err;
    char *tok;

    memset(&c, 0, sizeof c);
    snprintf(c.student, sizeof c.student, "%s", student);
    snprintf(c.course, sizeof c.course, "ml101");
    c.role = role;
    c.issued = iat;
    c.expires = exp;
    ck_assert_msg(tokens_issue(&key, &c, &tok, &err) == 0, "%s", err.msg);
    return tok;
}

/* Runs a shell pipeline and returns its first output line. */
static void run(const char *cmd, char *out, size_t size)
{
    FILE *p = popen(cmd, "r");

    ck_assert_ptr_nonnull(p);
    out[0] = '\0';
    ck_assert_ptr_nonnull(fgets(out, (int)size, p));
    out[strcspn(out, "\n")] = '\0';
    ck_assert_int_eq(pclose(p), 0);
}

START_TEST(test_round_trip)
{
    struct tokens_claims c;
    struct gb_err err;
    char *tok = issue("s001", TOKENS_STUDENT, 1000, 2000);

    ck_assert_msg(tokens_verify(&key, tok, 1500, &c, &err) == 0, "%s", err.msg);
    ck_assert_str_eq(c.student, "s001");
    ck_assert_str_eq(c.course, "ml101");
    ck_assert_int_eq(c.role, TOKENS_STUDENT);
    ck_assert_int_eq(c.issued, 1000);
    ck_assert_int_eq(c.expires, 2000);
    ck_assert_uint_eq(strlen(c.jti), TOKENS_JTI_LEN);
    free(tok);
    tok = issue("prof.x@uni", TOKENS_INSTRUCTOR, 1000, 2000);
    ck_assert_int_eq(tokens_verify(&key, tok, 1500, &c, &err), 0);
    ck_assert_int_eq(c.role, TOKENS_INSTRUCTOR);
    free(tok);
}
END_TEST

/* Recomputes the MAC with `openssl dgst -hmac` and decodes the payload with
 * base64 -d: the token's format is what the docs promise. */
START_TEST(test_wire_format_matches_openssl)
{
    char *tok = issue("s042", TOKENS_STUDENT, 1700000000, 1800000000), cmd[2048], mac[128],
         json[512], *dot2;

    ck_assert(!strncmp(tok, "gbt1.", 5));
    dot2 = strchr(tok + 5, '.');
    ck_assert_ptr_nonnull(dot2);
    snprintf(cmd, sizeof cmd,
             "key=$(od -An -v -tx1 < '%s' | tr -d ' \\n' | sed 's/0a$//'); "
             "printf %%s '%.*s' | openssl dgst -sha256 -mac HMAC -macopt hexkey:$key -binary "
             "| base64 -w0 | tr '+/' '-_' | tr -d '='", keyfile, (int)(dot2 - tok), tok);
    run(cmd, mac, sizeof mac);
    ck_assert_str_eq(mac, dot2 + 1);
    snprintf(cmd, sizeof cmd, "p='%.*s'; p=$(printf %%s \"$p\" | tr -- '-_' '+/'); "
             "while [ $(( ${#p} %% 4 )) -ne 0 ]; do p=\"$p=\"; done; printf %%s \"$p\" | base64 -d",
             (int)(dot2 - tok - 5), tok + 5);
    run(cmd, json, sizeof json);
    ck_assert_ptr_nonnull(strstr(json, "\"sub\":\"s042\""));
    ck_assert_ptr_nonnull(strstr(json, "\"exp\":1800000000"));
    ck_assert_ptr_nonnull(strstr(json, "\"role\":\"student\""));
    free(tok);
}
END_TEST

START_TEST(test_refusals_say_why)
{
    struct tokens_claims c;
    struct gb_err err;
    char *tok = issue("s001", TOKENS_STUDENT, 1000, 2000), *bad = strdup(tok);
    size_t n = strlen(bad);

    ck_assert_int_eq(tokens_verify(&key, tok, 2000, &c, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "expired"));
    bad[n - 2] = bad[n - 2] == 'A' ? 'B' : 'A';                   /* the MAC */
    ck_assert_int_eq(tokens_verify(&key, bad, 1500, &c, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "signature"));
    strcpy(bad, tok);
    bad[8] = bad[8] == 'A' ? 'B' : 'A';                           /* the payload */
    ck_assert_int_eq(tokens_verify(&key, bad, 1500, &c, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "signature"));
    strcpy(bad, tok);
    bad[n - 5] = '\0';                                            /* cut short */
    ck_assert_int_eq(tokens_verify(&key, bad, 1500, &c, &err), -1);
    static const char *const junk[] = { "", "gbt1.", "gbt1..", "gbt1.a.b.c", "Bearer x",
                                        "gbt2.eyJ9.AAAA", "gbt1.!!!!.AAAA" };
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
        ck_assert_int_eq(tokens_verify(&key, junk[i], 1500, &c, &err), -1);
    free(bad);
    free(tok);
}
END_TEST

START_TEST(test_other_key_refuses)
{
    struct tokens_key other;
    struct tokens_claims c;
    struct gb_err err;
    char path[160], *tok = issue("s001", TOKENS_STUDENT, 1000, 2000);

    snprintf(path, sizeof path, "%s/other", dir);
    ck_assert_int_eq(tokens_key_generate(path, &err), 0);
    ck_assert_int_eq(tokens_key_load(&other, path, &err), 0);
    ck_assert_int_eq(tokens_verify(&other, tok, 1500, &c, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "signature"));
    tokens_key_free(&other);
    free(tok);
}
END_TEST

START_TEST(test_key_files)
{
    struct tokens_key k;
    struct gb_err err;
    struct stat sb;
    char path[160];
    FILE *f;

    ck_assert_int_eq(stat(keyfile, &sb), 0);
    ck_assert_int_eq(sb.st_mode & 0777, 0600);
    ck_assert_int_eq(tokens_key_generate(keyfile, &err), -1);     /* never overwrites */
    ck_assert_ptr_nonnull(strstr(err.msg, "exists"));
    snprintf(path, sizeof path, "%s/short", dir);
    f = fopen(path, "w");
    fputs("only-twenty-bytes-xx\n", f);
    fclose(f);
    ck_assert_int_eq(tokens_key_load(&k, path, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "at least 32"));
}
END_TEST

START_TEST(test_ids_and_peek)
{
    struct tokens_claims c;
    struct gb_err err;
    char *tok = issue("s001", TOKENS_STUDENT, 1000, 2000), long_id[80];

    ck_assert(tokens_valid_id("s001"));
    ck_assert(tokens_valid_id("ana.m@uni-x_1"));
    ck_assert(!tokens_valid_id(""));
    ck_assert(!tokens_valid_id("a b"));
    ck_assert(!tokens_valid_id("../x"));
    ck_assert(!tokens_valid_id("é"));
    memset(long_id, 'a', 65);
    long_id[65] = '\0';
    ck_assert(!tokens_valid_id(long_id));
    ck_assert_int_eq(tokens_peek(tok, &c, &err), 0);              /* expired is fine here */
    ck_assert_str_eq(c.student, "s001");
    free(tok);
}
END_TEST

/* ---- limits ------------------------------------------------------------------ */

START_TEST(test_limits)
{
    struct limits lim;
    struct limits_load ld = { 0 };
    struct limits_verdict v;

    limits_default(&lim);
    ck_assert_uint_eq(lim.max_upload_bytes, 1u << 20);
    limits_judge(&lim, &ld, 10000000, &v);
    ck_assert_int_eq(v.refusal, LIMITS_OK);
    ck_assert_int_eq(v.http_status, 202);

    ld.last_hour = lim.per_hour;
    ld.oldest_in_hour_ms = 10000000 - 3600000 + 125500;   /* leaves the hour in 125.5 s */
    limits_judge(&lim, &ld, 10000000, &v);
    ck_assert_int_eq(v.refusal, LIMITS_RATE);
    ck_assert_int_eq(v.http_status, 429);
    ck_assert_int_eq(v.retry_after_s, 126);

    ld.last_hour = 0;
    ld.pending = lim.max_pending;
    ld.mean_grading_s = 11.2;
    limits_judge(&lim, &ld, 10000000, &v);
    ck_assert_int_eq(v.refusal, LIMITS_PENDING);
    ck_assert_int_eq(v.http_status, 429);
    ck_assert_int_eq(v.retry_after_s, 12);

    ld.queued_total = lim.max_queue;
    limits_judge(&lim, &ld, 10000000, &v);
    ck_assert_int_eq(v.refusal, LIMITS_FULL);
    ck_assert_int_eq(v.http_status, 503);
    ck_assert_int_gt(v.retry_after_s, 0);

    limits_judge_size(&lim, 1u << 20, &v);
    ck_assert_int_eq(v.refusal, LIMITS_OK);
    limits_judge_size(&lim, (1u << 20) + 1, &v);
    ck_assert_int_eq(v.http_status, 413);
    ck_assert_int_eq(v.retry_after_s, 0);
    ck_assert_ptr_nonnull(strstr(v.why, "1048577"));

    lim.per_hour = lim.max_pending = lim.max_queue = 0;         /* 0: no limit */
    ld.last_hour = ld.pending = ld.queued_total = 1000000;
    limits_judge(&lim, &ld, 10000000, &v);
    ck_assert_int_eq(v.refusal, LIMITS_OK);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("tokens");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_wire_format_matches_openssl);
    tcase_add_test(tc, test_refusals_say_why);
    tcase_add_test(tc, test_other_key_refuses);
    tcase_add_test(tc, test_key_files);
    tcase_add_test(tc, test_ids_and_peek);
    tcase_add_test(tc, test_limits);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
