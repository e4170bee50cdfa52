/* test_lti.c — Check suite for the LTI 1.3 pieces that need no platform:
 * the tool key and its JWK thumbprint (RFC 7638's own example), RS256 client
 * assertions verified with the public key, Link paging, scores URLs,
 * rosters, and what an incomplete registration says.  (The exchange with a
 * platform is tests/e2e/lti.sh.) */
#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "deliver/http.h"
#include "deliver/lti_ags.h"
#include "deliver/lti_jwt.h"
#include "deliver/lti_platform.h"
#include "deliver/lti_roster.h"

static char dir[64], keyfile[96];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/gbltiXXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(keyfile, sizeof keyfile, "%s/tool.pem", dir);
}

static void teardown(void)
{
    char cmd[128];

    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static char *b64url(const char *s)
{
    struct gb_buf b = GB_BUF_INIT;

    ck_assert_int_eq(lti_base64url((const unsigned char *)s, strlen(s), &b, NULL), 0);
    return gb_buf_steal(&b);
}

START_TEST(test_base64url)
{
    char *a = b64url("hello"), *b = b64url("\xfb\xff");

    ck_assert_str_eq(a, "aGVsbG8");      /* no padding */
    ck_assert_str_eq(b, "-_8");          /* URL alphabet */
    free(a);
    free(b);
}
END_TEST

/* RFC 7638 §3.1: the example key's thumbprint, as published. */
START_TEST(test_thumbprint_rfc7638)
{
    static const char n[] =
        "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_B"
        "JECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_"
        "FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhA"
        "I4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw";
    char kid[LTI_KID_MAX + 1];

    ck_assert_int_eq(lti_jwk_thumbprint(n, "AQAB", kid, sizeof kid, NULL), 0);
    ck_assert_str_eq(kid, "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs");
}
END_TEST

/* base64url back to bytes (the test's own decoder: pad and translate). */
static size_t unb64url(const char *s, size_t n, unsigned char *out)
{
    char buf[4096];
    size_t len = 0;
    int got;

    ck_assert_uint_lt(n + 4, sizeof buf);
    for (size_t i = 0; i < n; i++)
        buf[len++] = s[i] == '-' ? '+' : s[i] == '_' ? '/' : s[i];
    while (len % 4)
        buf[len++] = '=';
    got = EVP_DecodeBlock(out, (unsigned char *)buf, (int)len);
    ck_assert_int_ge(got, 0);
    return (size_t)got - (buf[len - 1] == '=') - (buf[len - 2] == '=');
}

static cJSON *part_json(const char *s, size_t n)
{
    unsigned char raw[4096];
    size_t len = unb64url(s, n, raw);

    return cJSON_ParseWithLength((char *)raw, len);
}

START_TEST(test_client_assertion_verifies)
{
    struct gb_buf jwt = GB_BUF_INIT, jwt2 = GB_BUF_INIT;
    unsigned char sig[1024];
    struct lti_key k;
    struct gb_err err;
    const char *dot1, *dot2;
    cJSON *head, *claims, *claims2;
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    size_t siglen;
    struct stat st;

    ck_assert_msg(lti_key_generate(keyfile, 2048, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(stat(keyfile, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0600);
    ck_assert_int_eq(lti_key_generate(keyfile, 2048, &err), -1);    /* never replaced */
    ck_assert_msg(lti_key_load(&k, keyfile, NULL, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(lti_jwt_client_assertion(&k, "10000000000042", "https://lms/token",
                                              1700000000, &jwt, &err), 0);
    ck_assert_int_eq(lti_jwt_client_assertion(&k, "10000000000042", "https://lms/token",
                                              1700000000, &jwt2, &err), 0);
    dot1 = strchr(jwt.data, '.');
    dot2 = strchr(dot1 + 1, '.');
    head = part_json(jwt.data, (size_t)(dot1 - jwt.data));
    claims = part_json(dot1 + 1, (size_t)(dot2 - dot1 - 1));
    claims2 = part_json(strchr(jwt2.data, '.') + 1,
                        (size_t)(strrchr(jwt2.data, '.') - strchr(jwt2.data, '.') - 1));
    ck_assert_str_eq(cJSON_GetObjectItem(head, "alg")->valuestring, "RS256");
    ck_assert_str_eq(cJSON_GetObjectItem(head, "kid")->valuestring, k.kid);
    ck_assert_str_eq(cJSON_GetObjectItem(claims, "iss")->valuestring, "10000000000042");
    ck_assert_str_eq(cJSON_GetObjectItem(claims, "sub")->valuestring, "10000000000042");
    ck_assert_str_eq(cJSON_GetObjectItem(claims, "aud")->valuestring, "https://lms/token");
    ck_assert_double_eq(cJSON_GetObjectItem(claims, "iat")->valuedouble, 1700000000);
    ck_assert_double_eq(cJSON_GetObjectItem(claims, "exp")->valuedouble, 1700000300);
    ck_assert_uint_eq(strlen(cJSON_GetObjectItem(claims, "jti")->valuestring), 32);
    ck_assert_str_ne(cJSON_GetObjectItem(claims, "jti")->valuestring,
                     cJSON_GetObjectItem(claims2, "jti")->valuestring);
    /* The signature holds over header.claims with the public key. */
    siglen = unb64url(dot2 + 1, strlen(dot2 + 1), sig);
    ck_assert_int_eq(EVP_DigestVerifyInit(md, NULL, EVP_sha256(), NULL, k.pkey), 1);
    ck_assert_int_eq(EVP_DigestVerify(md, sig, siglen, (unsigned char *)jwt.data,
                                      (size_t)(dot2 - jwt.data)), 1);
    sig[0] ^= 1;
    ck_assert_int_ne(EVP_DigestVerify(md, sig, siglen, (unsigned char *)jwt.data,
                                      (size_t)(dot2 - jwt.data)), 1);
    EVP_MD_CTX_free(md);
    cJSON_Delete(head);
    cJSON_Delete(claims);
    cJSON_Delete(claims2);
    gb_buf_free(&jwt);
    gb_buf_free(&jwt2);
    lti_key_free(&k);
}
END_TEST

START_TEST(test_key_rules)
{
    struct lti_key k;
    struct gb_err err;

    ck_assert_int_eq(lti_key_generate(keyfile, 2048, &err), 0);
    ck_assert_int_eq(chmod(keyfile, 0644), 0);
    ck_assert_int_eq(lti_key_load(&k, keyfile, NULL, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "chmod 600"));
    ck_assert_int_eq(chmod(keyfile, 0600), 0);
    ck_assert_int_eq(lti_key_load(&k, keyfile, "my-kid", &err), 0);
    ck_assert_str_eq(k.kid, "my-kid");
    lti_key_free(&k);
}
END_TEST

static void next_is(const char *header, const char *want)
{
    char *got = http_link_next_in(header);

    if (!want)
        ck_assert_msg(got == NULL, "%s: got %s", header, got);
    else
        ck_assert_msg(got && !strcmp(got, want), "%s: got %s", header, got ? got : "NULL");
    free(got);
}

START_TEST(test_link_next)
{
    next_is("<https://lms/x?page=2>; rel=\"next\"", "https://lms/x?page=2");
    next_is("<https://lms/x?p=1>; rel=\"first\", <https://lms/x?p=3>; rel=\"next\", "
            "<https://lms/x?p=9>; rel=\"last\"", "https://lms/x?p=3");
    /* Moodle writes curly quotes around the relation. */
    next_is("<https://m/l?from=0>; rel=\xe2\x80\x9c" "first\xe2\x80\x9d, "
            "<https://m/l?from=10>; rel=\xe2\x80\x9cnext\xe2\x80\x9d", "https://m/l?from=10");
    next_is("<https://lms/x?p=2>; rel=\"prev next\"", "https://lms/x?p=2");
    next_is("<https://lms/x?p=2>;rel=next", "https://lms/x?p=2");
    next_is("<https://lms/x?p=9>; rel=\"last\"", NULL);
    next_is("<https://lms/nextpage>; rel=\"canonical\"", NULL);
    ck_assert(http_same_origin("https://lms.example/a?x", "https://LMS.example:443/b"));
    ck_assert(!http_same_origin("https://lms.example/a", "https://evil.example/a"));
    ck_assert(!http_same_origin("https://lms.example/a", "http://lms.example/a"));
}
END_TEST

static void scores_is(const char *item, const char *want)
{
    char *got;

    ck_assert_int_eq(lti_ags_scores_url(item, &got, NULL), 0);
    ck_assert_str_eq(got, want);
    free(got);
}

START_TEST(test_scores_url)
{
    scores_is("https://canvas.example/api/lti/courses/5/line_items/2",
              "https://canvas.example/api/lti/courses/5/line_items/2/scores");
    scores_is("https://moodle.example/mod/lti/services.php/7/lineitems/31/lineitem?type_id=2",
              "https://moodle.example/mod/lti/services.php/7/lineitems/31/lineitem/scores?type_id=2");
    scores_is("https://lms.example/items/4/", "https://lms.example/items/4/scores");
}
END_TEST

static void write_file(const char *name, const char *text, char *path, size_t size)
{
    FILE *f;

    snprintf(path, size, "%s/%s", dir, name);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

START_TEST(test_rosters)
{
    char path[128];
    struct lti_roster r = { 0 };
    struct gb_err err;

    write_file("map.json", "{\"s1\": \"a-sub-1\", \"s2\": \"7731\"}", path, sizeof path);
    ck_assert_int_eq(lti_roster_from_file(&r, path, "lis_person_sourcedid", &err), 0);
    ck_assert_str_eq(lti_roster_find(&r, "s2", &err), "7731");
    ck_assert_ptr_null(lti_roster_find(&r, "s3", &err));
    ck_assert_ptr_nonnull(strstr(err.msg, "no LTI user id for student s3 in the roster"));
    lti_roster_free(&r);
    /* A saved Names and Role answer, matched on email; one email twice. */
    write_file("nrps.json", "{\"id\":\"x\",\"members\":["
               "{\"user_id\":\"u1\",\"email\":\"ann@uni\",\"roles\":[]},"
               "{\"user_id\":42,\"email\":\"bob@uni\"},"
               "{\"user_id\":\"u3\",\"email\":\"cy@uni\"},{\"user_id\":\"u4\",\"email\":\"cy@uni\"},"
               "{\"user_id\":\"u5\"}]}", path, sizeof path);
    ck_assert_int_eq(lti_roster_from_file(&r, path, "email", &err), 0);
    ck_assert_str_eq(lti_roster_find(&r, "ann@uni", &err), "u1");
    ck_assert_str_eq(lti_roster_find(&r, "bob@uni", &err), "42");
    ck_assert_ptr_null(lti_roster_find(&r, "cy@uni", &err));
    ck_assert_ptr_nonnull(strstr(err.msg, "more than one member"));
    lti_roster_free(&r);
    write_file("bad.json", "{\"s1\": 17}", path, sizeof path);
    ck_assert_int_eq(lti_roster_from_file(&r, path, "email", &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "\"s1\" is not a string"));
    lti_roster_free(&r);
}
END_TEST

START_TEST(test_registration_names_what_is_missing)
{
    struct lti_platform p = { 0 };
    struct gb_err err;
    char scopes[512];

    ck_assert_int_eq(lti_platform_check(&p, 1, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "lti-client-id"));
    p.client_id = "42";
    ck_assert_int_eq(lti_platform_check(&p, 1, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "lti-token-url"));
    p.token_url = "https://lms/token";
    p.key_file = "/k.pem";
    ck_assert_int_eq(lti_platform_check(&p, 0, &err), 0);
    ck_assert_int_eq(lti_platform_check(&p, 1, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "lti-roster"));
    ck_assert_str_eq(lti_platform_audience(&p), "https://lms/token");
    ck_assert_int_eq(lti_platform_scopes(&p, scopes, sizeof scopes), 0);
    ck_assert_str_eq(scopes, LTI_SCOPE_SCORE " " LTI_SCOPE_LINEITEM);
    p.lineitem = "https://lms/items/1";
    p.memberships_url = "https://lms/members";
    ck_assert_int_eq(lti_platform_scopes(&p, scopes, sizeof scopes), 0);
    ck_assert_str_eq(scopes, LTI_SCOPE_SCORE " " LTI_SCOPE_MEMBERSHIP);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("lti");
    TCase *tc = tcase_create("lti");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);       /* RSA key generation, under sanitizers */
    tcase_add_test(tc, test_base64url);
    tcase_add_test(tc, test_thumbprint_rfc7638);
    tcase_add_test(tc, test_client_assertion_verifies);
    tcase_add_test(tc, test_key_rules);
    tcase_add_test(tc, test_link_next);
    tcase_add_test(tc, test_scores_url);
    tcase_add_test(tc, test_rosters);
    tcase_add_test(tc, test_registration_names_what_is_missing);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
