/* test_sign.c — Check suite for Standard Webhooks signing and secret parsing (grader/deliver/sign). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "deliver/sign.h"

/* The Standard Webhooks specification's published example. */
START_TEST(test_standard_webhooks_vector)
{
    const char *secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const char *body = "{\"test\": 2432232314}";
    char sig[SIGN_SIGNATURE_MAX];
    struct sign_key key;
    struct gb_err err;

    ck_assert_int_eq(sign_key_parse(&key, secret, strlen(secret), "test", &err), 0);
    ck_assert_uint_eq(key.len, 24);
    ck_assert_int_eq(sign_message(&key, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330LL,
                                  body, strlen(body), sig, &err), 0);
    ck_assert_str_eq(sig, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    sign_key_free(&key);
    ck_assert_ptr_null(key.bytes);
}
END_TEST

/* Computed independently with:
 *   printf '%s' '3f2a9c.1700000000.{"score":7.5}' |
 *     openssl dgst -sha256 -hmac 'gradebox-test-secret-raw-bytes!' -binary | base64 */
START_TEST(test_raw_secret_vector_and_trailing_newline)
{
    const char *secret = "gradebox-test-secret-raw-bytes!\n";
    const char *body = "{\"score\":7.5}";
    char sig[SIGN_SIGNATURE_MAX];
    struct sign_key key;
    struct gb_err err;

    ck_assert_int_eq(sign_key_parse(&key, secret, strlen(secret), "test", &err), 0);
    ck_assert_uint_eq(key.len, 31);
    ck_assert_int_eq(sign_message(&key, "3f2a9c", 1700000000LL, body, strlen(body), sig,
                                  &err), 0);
    ck_assert_str_eq(sig, "v1,nQukjhTQQT+/em8+Xis/FbUNn0Y6E0enPAcpho4p/4A=");
    /* One changed byte of the body changes the signature. */
    ck_assert_int_eq(sign_message(&key, "3f2a9c", 1700000000LL, "{\"score\":7.6}", 13, sig,
                                  &err), 0);
    ck_assert_str_ne(sig, "v1,nQukjhTQQT+/em8+Xis/FbUNn0Y6E0enPAcpho4p/4A=");
    sign_key_free(&key);
}
END_TEST

START_TEST(test_bad_secrets_are_refused_without_echo)
{
    const char *bad64 = "whsec_NOT*BASE64*SECRETVALUE!!";
    const char *shortkey = "tiny-secret";
    struct sign_key key;
    struct gb_err err;

    ck_assert_int_eq(sign_key_parse(&key, bad64, strlen(bad64), "GRADEBOX_WEBHOOK_SECRET",
                                    &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "GRADEBOX_WEBHOOK_SECRET"));
    ck_assert_ptr_null(strstr(err.msg, "SECRETVALUE"));
    ck_assert_int_eq(sign_key_parse(&key, shortkey, strlen(shortkey), "f", &err), -1);
    ck_assert_ptr_null(strstr(err.msg, shortkey));
    ck_assert_ptr_nonnull(strstr(err.msg, "at least"));
    ck_assert_int_eq(sign_key_parse(&key, " \n", 2, "f", &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "empty"));
    ck_assert_ptr_null(key.bytes);
}
END_TEST

START_TEST(test_secret_file)
{
    char dir[] = "/tmp/gbsignXXXXXX", path[64];
    struct sign_key key;
    struct gb_err err;
    FILE *f;

    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/secret", dir);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw\r\n", f);
    fclose(f);
    ck_assert_int_eq(sign_key_load_file(&key, path, &err), 0);
    ck_assert_uint_eq(key.len, 24);
    sign_key_free(&key);
    unlink(path);
    rmdir(dir);
    ck_assert_int_eq(sign_key_load_file(&key, path, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "webhook secret file"));
}
END_TEST

START_TEST(test_no_key_no_signature)
{
    struct sign_key key = { NULL, 0 };
    char sig[SIGN_SIGNATURE_MAX];
    struct gb_err err;

    ck_assert_int_eq(sign_message(&key, "id", 1, "", 0, sig, &err), -1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sign");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_standard_webhooks_vector);
    tcase_add_test(tc, test_raw_secret_vector_and_trailing_newline);
    tcase_add_test(tc, test_bad_secrets_are_refused_without_echo);
    tcase_add_test(tc, test_secret_file);
    tcase_add_test(tc, test_no_key_no_signature);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
