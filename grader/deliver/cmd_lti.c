/* cmd_lti.c — `grader lti keygen | public-key | status` (see cmd_lti.h). */
#include "deliver/cmd_lti.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "deliver/deliver_config.h"
#include "deliver/lti_ags.h"
#include "deliver/lti_jwt.h"
#include "deliver/lti_token.h"

#define PAGE_MAX (4u << 20)

struct lti_args {
    const char *sub;
    const char *format;           /* public-key: jwks, jwk or pem */
    int bits;
};

static int print_usage(FILE *f)
{
    fputs("usage: grader lti keygen --key-file FILE [--bits 2048|3072|4096]\n"
          "       grader lti public-key [--format jwks|jwk|pem] [SETTING...]\n"
          "       grader lti status [--to LINEITEMS_URL] [SETTING...]\n"
          "SETTING: --config FILE, --lti-client-id ID, --lti-token-url URL, --lti-key-file FILE,\n"
          "         --lti-key-id KID, --lti-audience AUD, --ca-file FILE, ... (docs/lms.md)\n", f);
    return 2;
}

static int parse_flag(struct deliver_config *cfg, struct lti_args *a, const char *key,
                      const char *value, struct gb_err *err)
{
    char origin[80];
    char *end;

    if (!strcmp(key, "config"))
        return 0;
    if (!strcmp(key, "format")) {
        a->format = value;
        return 0;
    }
    if (!strcmp(key, "bits")) {
        a->bits = (int)strtol(value, &end, 10);
        if (*end || (a->bits != 2048 && a->bits != 3072 && a->bits != 4096))
            return gb_fail(err, "--bits: 2048, 3072 or 4096, not '%s'", value);
        return 0;
    }
    snprintf(origin, sizeof origin, "--%s", key);
    if (!strcmp(key, "key-file"))
        key = "lti-key-file";
    if (!strcmp(key, "to"))
        key = "url";
    return deliver_config_set(cfg, key, value, origin, err);
}

static int parse_args(int argc, char **argv, struct deliver_config *cfg, struct lti_args *a,
                      struct gb_err *err)
{
    char key[64];
    const char *value;
    int used;

    a->sub = argc > 1 ? argv[1] : "";
    a->format = "jwks";
    a->bits = 2048;
    if (deliver_config_load(cfg, deliver_config_flag_file(argc, argv), err))
        return -1;
    for (int i = 2; i < argc; i += used) {
        if (strncmp(argv[i], "--", 2) || !argv[i][2])
            return gb_fail(err, "unexpected argument '%s'", argv[i]);
        used = deliver_config_split_flag(argc, argv, i, key, sizeof key, &value);
        if (used < 0)
            return gb_fail(err, "%s needs a value", argv[i]);
        if (parse_flag(cfg, a, key, value, err))
            return -1;
    }
    return 0;
}

static int load_key(const struct deliver_config *cfg, struct lti_key *k, struct gb_err *err)
{
    if (!cfg->lti.key_file)
        return gb_fail(err, "which key? pass --key-file FILE or set lti-key-file");
    return lti_key_load(k, cfg->lti.key_file, cfg->lti.key_id, err);
}

/* The public half in the asked format, on stdout. */
static int print_public(const struct lti_key *k, const char *format, struct gb_err *err)
{
    struct gb_buf pem = GB_BUF_INIT;
    cJSON *jwk, *set = NULL, *keys;
    char *text = NULL;

    if (!strcmp(format, "pem")) {
        int rc = lti_key_public_pem(k, &pem, err);
        if (rc == 0)
            fwrite(pem.data, 1, pem.len, stdout);
        gb_buf_free(&pem);
        return rc;
    }
    if (strcmp(format, "jwk") && strcmp(format, "jwks"))
        return gb_fail(err, "--format: jwks, jwk or pem, not '%s'", format);
    if (!(jwk = lti_key_public_jwk(k, err)))
        return -1;
    if (!strcmp(format, "jwks")) {
        set = cJSON_CreateObject();
        keys = set ? cJSON_AddArrayToObject(set, "keys") : NULL;
        if (!keys || !cJSON_AddItemToArray(keys, jwk)) {
            cJSON_Delete(jwk);
            cJSON_Delete(set);
            return gb_fail(err, "out of memory");
        }
    }
    text = cJSON_Print(set ? set : jwk);
    cJSON_Delete(set ? set : jwk);
    if (!text)
        return gb_fail(err, "out of memory");
    printf("%s\n", text);
    cJSON_free(text);
    return 0;
}

static int keygen(struct deliver_config *cfg, const struct lti_args *a, struct gb_err *err)
{
    struct lti_key k;

    if (!cfg->lti.key_file)
        return gb_fail(err, "where to? pass --key-file FILE");
    if (lti_key_generate(cfg->lti.key_file, a->bits, err) || load_key(cfg, &k, err))
        return -1;
    if (print_public(&k, "jwks", err)) {
        lti_key_free(&k);
        return -1;
    }
    fprintf(stderr, "grader lti: wrote %s (RSA %d bits, mode 0600, key id %s); register the "
            "public key above with the LMS — `grader lti public-key --format jwk` prints the "
            "single JWK Canvas asks for, --format pem the RSA key Moodle asks for\n",
            cfg->lti.key_file, a->bits, k.kid);
    lti_key_free(&k);
    return 0;
}

/* GET one page of a service: proves the token works in the course. */
static int probe(struct lti_client *c, const char *what, const char *url, const char *type)
{
    struct http_request rq = { "GET", url, type, NULL, NULL, NULL, 0, PAGE_MAX };
    struct http_response rs;
    enum lti_fail fail;
    struct gb_err err;
    int rc = lti_client_request(c, &rq, &rs, &fail, &err);

    if (rc)
        fprintf(stderr, "grader lti: %s: %s\n", what, err.msg);
    else
        printf("%s: readable (HTTP %ld, %zu bytes)\n", what, rs.status, rs.body.len);
    http_response_free(&rs);
    return rc;
}

static int status(struct deliver_config *cfg)
{
    struct http_opts h = { cfg->connect_timeout_ms, cfg->timeout_ms, cfg->ca_file };
    struct lti_client c;
    enum lti_fail fail;
    struct gb_err err;
    int rc;

    if (lti_client_open(&c, &cfg->lti, &h, &err)) {
        fprintf(stderr, "grader lti status: %s\n", err.msg);
        return 2;
    }
    printf("client id: %s\ntoken endpoint: %s\naudience: %s\nkey id: %s\n", cfg->lti.client_id,
           cfg->lti.token_url, lti_platform_audience(&cfg->lti), c.key.kid);
    rc = lti_client_token(&c, 1, &fail, &err);
    if (rc)
        fprintf(stderr, "grader lti status: %s\n", err.msg);
    else
        printf("access token: granted%s%s\n", c.granted ? " for " : "",
               c.granted ? c.granted : "");
    if (rc == 0 && cfg->url)
        rc = probe(&c, "line items", cfg->url, LTI_TYPE_LINEITEMS);
    if (rc == 0 && cfg->lti.memberships_url)
        rc = probe(&c, "members", cfg->lti.memberships_url,
                   "application/vnd.ims.lti-nrps.v2.membershipcontainer+json");
    lti_client_close(&c);
    return rc ? 1 : 0;
}

int cmd_lti(int argc, char **argv)
{
    struct deliver_config cfg;
    struct lti_args a;
    struct gb_err err;
    struct lti_key k;
    int rc = 2;

    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        print_usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (parse_args(argc, argv, &cfg, &a, &err)) {
        fprintf(stderr, "grader lti: %s\n", err.msg);
    } else if (!strcmp(a.sub, "keygen")) {
        rc = keygen(&cfg, &a, &err) ? 2 : 0;
        if (rc)
            fprintf(stderr, "grader lti keygen: %s\n", err.msg);
    } else if (!strcmp(a.sub, "public-key")) {
        rc = load_key(&cfg, &k, &err) ? 2 : 0;
        if (rc == 0) {
            rc = print_public(&k, a.format, &err) ? 2 : 0;
            lti_key_free(&k);
        }
        if (rc)
            fprintf(stderr, "grader lti public-key: %s\n", err.msg);
    } else if (!strcmp(a.sub, "status")) {
        rc = status(&cfg);
    } else {
        print_usage(stderr);
    }
    deliver_config_free(&cfg);
    return rc;
}
