/* result_id.c — a result's key and revision id, and its timestamps (see result_id.h). */
#define _GNU_SOURCE   /* timegm, strptime */
#include "score/result_id.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/evp.h>

/* Domain tags: a key can never be confused with an id. */
#define KEY_TAG "gradebox.result_key/1"
#define ID_TAG "gradebox.result_id/2"

/* One field: 'N' for null, else 'S', 8 bytes of length, the bytes. */
static int hash_field(EVP_MD_CTX *md, const char *s)
{
    unsigned char head[9];
    size_t n = s ? strlen(s) : 0;

    if (!s)
        return EVP_DigestUpdate(md, "N", 1) ? 0 : -1;
    head[0] = 'S';
    for (int i = 0; i < 8; i++)
        head[1 + i] = (unsigned char)((unsigned long long)n >> (56 - 8 * i));
    return EVP_DigestUpdate(md, head, sizeof head) && EVP_DigestUpdate(md, s, n) ? 0 : -1;
}

static int hash_number(EVP_MD_CTX *md, double v)
{
    char text[40];

    snprintf(text, sizeof text, "%.17g", v);
    return hash_field(md, text);
}

static int finish_hex(EVP_MD_CTX *md, char **out)
{
    unsigned char d[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    char *hex;

    if (!EVP_DigestFinal_ex(md, d, &n) || n != RESULT_ID_HEX / 2)
        return -1;
    hex = malloc(RESULT_ID_HEX + 1);
    if (!hex)
        return -1;
    for (unsigned i = 0; i < n; i++)
        snprintf(hex + 2 * i, 3, "%02x", d[i]);
    free(*out);
    *out = hex;
    return 0;
}

static int key_of(EVP_MD_CTX *md, const struct grade_result *r, char **key)
{
    return EVP_DigestInit_ex(md, EVP_sha256(), NULL) && !hash_field(md, KEY_TAG)
           && !hash_field(md, r->student) && !hash_field(md, r->assignment)
           && !hash_field(md, r->exercise) && !finish_hex(md, key) ? 0 : -1;
}

static int id_of(EVP_MD_CTX *md, const struct grade_result *r, char **id)
{
    int rc = EVP_DigestInit_ex(md, EVP_sha256(), NULL) && !hash_field(md, ID_TAG)
             && !hash_field(md, r->result_key) && !hash_field(md, r->graded_at)
             && !hash_field(md, r->submission_sha256) ? 0 : -1;

    for (size_t i = 0; rc == 0 && i < r->n_checks; i++) {
        const struct check_result *c = &r->checks[i];
        rc = hash_field(md, c->id) || hash_field(md, verdict_name(c->verdict))
             || hash_number(md, c->points) || hash_number(md, c->max_points) ? -1 : 0;
    }
    return rc == 0 && !finish_hex(md, id) ? 0 : -1;
}

int result_identify(struct grade_result *r, struct gb_err *err)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int rc = md && !key_of(md, r, &r->result_key) && !id_of(md, r, &r->result_id) ? 0 : -1;

    EVP_MD_CTX_free(md);
    return rc ? gb_fail(err, "cannot compute the result's id (SHA-256 failed or out of memory)")
              : 0;
}

int result_time_now(char out[RESULT_TIME_MAX], struct gb_err *err)
{
    struct timespec ts;
    struct tm tm;
    char base[20];                /* YYYY-MM-DDTHH:MM:SS */

    if (clock_gettime(CLOCK_REALTIME, &ts) || !gmtime_r(&ts.tv_sec, &tm)
        || !strftime(base, sizeof base, "%Y-%m-%dT%H:%M:%S", &tm))
        return gb_fail_errno(err, "cannot read the clock");
    snprintf(out, RESULT_TIME_MAX, "%s.%03dZ", base, (int)(ts.tv_nsec / 1000000) % 1000);
    return 0;
}

/* The fixed layout YYYY-MM-DDTHH:MM:SS: digits and separators where they belong. */
static int layout_ok(const char *t)
{
    static const char pattern[] = "dddd-dd-ddTdd:dd:dd";

    for (size_t i = 0; i < sizeof pattern - 1; i++) {
        if (pattern[i] == 'd' ? !isdigit((unsigned char)t[i]) : t[i] != pattern[i])
            return 0;
    }
    return 1;
}

int result_time_parse(const char *text, long long *ms)
{
    struct tm tm;
    const char *p;
    long long frac = 0, scale = 1000;

    if (!text || strlen(text) < 20 || !layout_ok(text))
        return -1;
    memset(&tm, 0, sizeof tm);
    p = strptime(text, "%Y-%m-%dT%H:%M:%S", &tm);
    if (!p || p != text + 19)
        return -1;
    if (*p == '.') {
        int digits = 0;
        for (p++; isdigit((unsigned char)*p); p++, digits++)
            if (digits < 3) {
                frac = frac * 10 + (*p - '0');
                scale /= 10;
            }
        if (digits == 0 || digits > 9)
            return -1;
    }
    if (p[0] != 'Z' || p[1])
        return -1;
    *ms = (long long)timegm(&tm) * 1000 + frac * scale;
    return 0;
}
