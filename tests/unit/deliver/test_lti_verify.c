/* test_lti_verify.c — Check suite for deliver/lti_verify.c: base64url
 * decoding, and a JWT signed with an RSA key (lti_jwt.c's client assertion,
 * which is an RS256 JWT like a platform's id_token) verified against a JWK Set
 * holding its public key — and refused when altered, signed by another key
 * under the same kid, unsigned ("alg": "none"), HMAC-signed, or named by a
 * kid the set lacks (1: the caller may fetch the set again). */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "deliver/lti_jwt.h"
#include "deliver/lti_verify.h"

static char dir[64];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/gbltivXXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
    char cmd[128];

    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

/* A new key named kid in dir/name. */
static void new_key(struct lti_key *k, const char *name, const char *kid)
{
    char path[128];
    struct gb_err err;

    snprintf(path, sizeof path, "%s/%s", dir, name);
    ck_assert_msg(lti_key_generate(path, 2048, &err) == 0, "%s", err.msg);
    ck_assert_msg(lti_key_load(k, path, kid, &err) == 0, "%s", err.msg);
}

static cJSON *jwks_of(const struct lti_key *k)
{
    cJSON *set = cJSON_CreateObject(), *keys = cJSON_AddArrayToObject(set, "keys");

    ck_assert(cJSON_AddItemToArray(keys, lti_key_public_jwk(k, NULL)));
    return set;
}

static char *signed_jwt(const struct lti_key *k)
{
    struct gb_buf b = GB_BUF_INIT;

    ck_assert_int_eq(lti_jwt_client_assertion(k, "tool", "https://lms/token", 1700000000, &b,
                                              NULL), 0);
    return gb_buf_steal(&b);
}

static char *b64(const char *s)
{
    struct gb_buf b = GB_BUF_INIT;

    ck_assert_int_eq(lti_base64url((const unsigned char *)s, strlen(s), &b, NULL), 0);
    return gb_buf_steal(&b);
}

START_TEST(test_base64url_decode)
{
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;

    ck_assert_int_eq(lti_base64url_decode("aGVsbG8", 7, &b, NULL), 0);
    ck_assert_str_eq(b.data, "hello");
    gb_buf_free(&b);
    ck_assert_int_eq(lti_base64url_decode("-_8=", 4, &b, NULL), 0);
    ck_assert_uint_eq(b.len, 2);
    ck_assert(memcmp(b.data, "\xfb\xff", 2) == 0);
    gb_buf_free(&b);
    ck_assert_int_eq(lti_base64url_decode("aGV+", 4, &b, &err), -1);    /* '+' is base64's */
    ck_assert_int_eq(lti_base64url_decode("aGVsb", 5, &b, &err), -1);   /* no such length */
    gb_buf_free(&b);
}
END_TEST

START_TEST(test_verifies_and_refuses)
{
    struct lti_key k, other, rotated;
    struct gb_err err;
    cJSON *set, *claims = NULL;
    char *jwt, *forged, *body, *none;
    size_t dot;

    setup();
    new_key(&k, "platform.pem", "p1");
    new_key(&other, "other.pem", "p1");          /* the same kid, another key */
    new_key(&rotated, "rotated.pem", "p2");
    set = jwks_of(&k);
    jwt = signed_jwt(&k);
    ck_assert_msg(lti_verify_jwt(jwt, set, &claims, &err) == 0, "%s", err.msg);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(claims, "iss")->valuestring, "tool");
    cJSON_Delete(claims);

    /* another key under the same kid: the signature fails */
    forged = signed_jwt(&other);
    ck_assert_int_eq(lti_verify_jwt(forged, set, &claims, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "signature"));
    ck_assert_ptr_null(claims);
    free(forged);

    /* a claim changed after signing: the payload of a JWT with "sub":"admin" */
    dot = strchr(jwt, '.') - jwt;
    body = b64("{\"iss\":\"tool\",\"sub\":\"admin\"}");
    forged = malloc(strlen(jwt) + strlen(body) + 1);
    sprintf(forged, "%.*s.%s%s", (int)dot, jwt, body, strrchr(jwt, '.'));
    ck_assert_int_eq(lti_verify_jwt(forged, set, &claims, &err), -1);
    free(forged);
    free(body);

    /* unsigned, and HMAC-signed: never accepted */
    body = b64("{\"alg\":\"none\",\"kid\":\"p1\"}");
    none = malloc(strlen(jwt) + strlen(body) + 1);
    sprintf(none, "%s.%.*s.", body, (int)(strrchr(jwt, '.') - jwt - dot - 1), jwt + dot + 1);
    ck_assert_int_eq(lti_verify_jwt(none, set, &claims, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "RS256"));
    free(none);
    free(body);
    body = b64("{\"alg\":\"HS256\",\"kid\":\"p1\"}");
    none = malloc(strlen(jwt) + strlen(body) + 1);
    sprintf(none, "%s%s", body, jwt + dot);
    ck_assert_int_eq(lti_verify_jwt(none, set, &claims, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "RS256"));
    free(none);
    free(body);

    /* a kid the set lacks: 1, so the caller may fetch the set again */
    forged = signed_jwt(&rotated);
    ck_assert_int_eq(lti_verify_jwt(forged, set, &claims, &err), 1);
    free(forged);
    ck_assert_int_eq(lti_verify_jwt("a.b", set, &claims, &err), -1);
    ck_assert_int_eq(lti_verify_jwt("a.b.c.d", set, &claims, &err), -1);

    free(jwt);
    cJSON_Delete(set);
    lti_key_free(&k);
    lti_key_free(&other);
    lti_key_free(&rotated);
    teardown();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("lti_verify");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_base64url_decode);
    tcase_add_test(tc, test_verifies_and_refuses);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
