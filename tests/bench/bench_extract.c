/* bench_extract.c — how fast a transcript is read and queried.
 *
 * Builds 8 MiB of student-like output (epoch logs, space-aligned and CSV
 * tables, json.dumps(indent=2) of nested results, wrapped NumPy lists,
 * tensor rows under a names line) and times extract_parse() against its
 * peer, a bare numparse_scan() of every line (the least any reader of the
 * numbers must do): the ratio is the price of the structure (lines, words,
 * tables, joined structures, key paths).  Both run in the same process on
 * the same bytes, so the ratio holds on a loaded machine; reading the
 * structure may cost up to 8 bare scans (exit 1 above).  Ten queries on the
 * parsed output are timed too, for information.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "extract/extract.h"
#include "extract/numparse.h"

#define TARGET_BYTES (8u << 20)
#define REPEATS 3

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int build(struct gb_buf *b, struct gb_err *err)
{
    for (unsigned k = 0; b->len < TARGET_BYTES; k++) {
        int rc = gb_buf_printf(b, err,
            "epoch %u/60  loss=%.4f  acc=%.3f  [%6.2fs]\n"
            "model           step 50    step 1  per step\n"
            "RNN gain 0.5  7.577e-02 5.032e-17    x0.490\n"
            "LSTM b_f=3    2.230e-02 4.782e-02    x1.016\n"
            "\n"
            "length,model,train_acc,test_acc,seconds\n"
            "50,RNN,0.561,0.494,%u.7\n"
            "\n"
            "{\n  \"run\": %u,\n  \"rnn\": {\n    \"gain 0.5\": {\n      \"per step\": 0.49,\n"
            "      \"norms\": [\n        0.0757,\n        3.2e-05,\n        1.7e-08\n      ]\n"
            "    }\n  }\n}\n"
            "fresh: [0.574 0.511 0.493 0.563 0.541 0.48  0.473 0.483\n 0.517 0.492]\n"
            "columns: support was not rude\n"
            "rude     tensor([0.0963, 0.0963, 0.0963, 0.7112])\n\n",
            k, 0.5 / (k + 1), 0.5 + (k % 500) / 1000.0, k * 0.01, k % 97, k);
        if (rc < 0)
            return -1;
    }
    return 0;
}

static double scan_rate(const struct gb_buf *b, size_t *sink)
{
    struct numparse_num nums[256];
    double best = 0;

    for (int r = 0; r < REPEATS; r++) {
        double t0 = now();
        const char *p = b->data, *end = b->data + b->len;
        while (p < end) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
            *sink += numparse_scan(p, len, 0, nums, 256);
            p += len + 1;
        }
        double dt = now() - t0;
        if (b->len / dt > best)
            best = b->len / dt;
    }
    return best;
}

static double parse_rate(const struct gb_buf *b, struct extract_transcript **keep,
                         struct gb_err *err)
{
    double best = 0;

    for (int r = 0; r < REPEATS; r++) {
        struct extract_transcript *t;
        double t0 = now();
        if (extract_parse(b->data, b->len, NULL, &t, err) < 0)
            return -1;
        double dt = now() - t0;
        if (b->len / dt > best)
            best = b->len / dt;
        if (r + 1 < REPEATS)
            extract_free(t);
        else
            *keep = t;
    }
    return best;
}

/* Seconds for ten queries on the parsed output. */
static double query_time(const struct extract_transcript *t, size_t *sink, struct gb_err *err)
{
    static const char *const queries[] = {
        "{\"row\": \"gain 0.5\", \"column\": \"per step\"}",
        "{\"row\": \"b_f 3\", \"column\": \"step 1\"}",
        "{\"row\": \"length 50 RNN\", \"column\": \"test acc\"}",
        "{\"row\": \"rude\", \"column\": \"rude\"}",
        "{\"row\": \"rnn gain 0.5\", \"column\": \"per step\"}",
        "{\"row\": \"norms\", \"shape\": \"vector\"}",
        "{\"row\": \"fresh\", \"shape\": \"vector\"}",
        "{\"column\": \"loss\"}",
        "{\"row\": \"gain 1.2\", \"column\": \"per step\"}",
        "{\"column\": \"seconds\"}",
    };
    double t0 = now();

    for (size_t q = 0; q < sizeof queries / sizeof queries[0]; q++) {
        struct extract_query query;
        struct extract_result res = EXTRACT_RESULT_INIT;
        cJSON *j = cJSON_Parse(queries[q]);
        if (!j || extract_query_from_json(j, NULL, &query, err) < 0) {
            cJSON_Delete(j);
            return -1;
        }
        int rc = extract_find(t, &query, &res, err);
        *sink += res.n_hits;
        extract_result_free(&res);
        extract_query_free(&query);
        cJSON_Delete(j);
        if (rc < 0)
            return -1;
    }
    return now() - t0;
}

int main(void)
{
    struct gb_buf b = GB_BUF_INIT;
    struct gb_err err;
    struct extract_transcript *t = NULL;
    size_t sink = 0;
    double scan, parse, queries;

    if (build(&b, &err) < 0 || (scan = scan_rate(&b, &sink)) <= 0 ||
        (parse = parse_rate(&b, &t, &err)) < 0 || (queries = query_time(t, &sink, &err)) < 0) {
        fprintf(stderr, "bench_extract: %s\n", err.msg);
        extract_free(t);
        gb_buf_free(&b);
        return 1;
    }
    printf("numbers only (numparse_scan per line): %7.1f MiB/s\n", scan / (1 << 20));
    printf("extract_parse (the structure):         %7.1f MiB/s\n", parse / (1 << 20));
    printf("ratio scan/parse: %.1fx  (%zu MiB of output, best of %d)\n", scan / parse, b.len >> 20,
           REPEATS);
    printf("ten queries on it: %.2f s (checksum %zu)\n", queries, sink);
    extract_free(t);
    gb_buf_free(&b);
    return scan / parse <= 8.0 ? 0 : 1;
}
