/* cmd_streams.c — `reference reviews|randn|init|randperm`: print seeded
 * streams from the library, one value per line, so anyone can diff them
 * against the real NumPy / PyTorch (see cmd_streams.h).
 */
#include "rng/cmd_streams.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "error.h"
#include "rng/sequences.h"
#include "rng/torch_init.h"
#include "rng/torch_rng.h"

#define MAX_REVIEWS 10000000u
#define MAX_VALUES ((uint64_t)1 << 26)    /* lines one command may print */
#define MAX_DIMS 8

/* ---- argument parsing ---- */

struct opt {
    const char *name;         /* "--seed" */
    const char *value;        /* NULL until given */
};

static int usage(const char *text)
{
    fprintf(stderr, "usage: %s\n", text);
    return 2;
}

/* Fills opts from "--name value" pairs; one positional argument goes to *pos
 * when pos is non-NULL.  Prints why and returns -1 on anything else. */
static int parse_opts(int argc, char **argv, struct opt *opts, size_t nopts, const char **pos)
{
    for (int i = 1; i < argc; i++) {
        size_t k;

        for (k = 0; k < nopts && strcmp(argv[i], opts[k].name); k++)
            ;
        if (k < nopts) {
            if (i + 1 >= argc) {
                fprintf(stderr, "%s: %s needs a value\n", argv[0], argv[i]);
                return -1;
            }
            opts[k].value = argv[++i];
        } else if (pos && !*pos && argv[i][0] != '-') {
            *pos = argv[i];
        } else {
            fprintf(stderr, "%s: unexpected argument '%s'\n", argv[0], argv[i]);
            return -1;
        }
    }
    return 0;
}

/* A decimal integer in [0, max]: digits only, no sign, no junk, no overflow. */
static int parse_u64(const char *cmd, const char *what, const char *s, uint64_t max, uint64_t *out)
{
    char *end;
    unsigned long long v;

    if (!s) {
        fprintf(stderr, "%s: %s is required\n", cmd, what);
        return -1;
    }
    errno = 0;
    v = strtoull(s, &end, 10);
    if (s[0] < '0' || s[0] > '9' || *end || errno || v > max) {
        fprintf(stderr, "%s: %s must be an integer from 0 to %llu, not '%s'\n", cmd, what,
                (unsigned long long)max, s);
        return -1;
    }
    *out = v;
    return 0;
}

/* "A,B,..." into dims; the product must stay within MAX_VALUES. */
static int parse_shape(const char *cmd, const char *s, size_t *dims, int *ndims, uint64_t *numel)
{
    char copy[256], *save = NULL;
    uint64_t total = 1;
    int n = 0;

    if (!s || !*s || strlen(s) >= sizeof copy || s[strlen(s) - 1] == ',' || strstr(s, ",,")) {
        fprintf(stderr, "%s: --shape must be sizes like 50,64,16\n", cmd);
        return -1;
    }
    strcpy(copy, s);
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        uint64_t d;

        if (n == MAX_DIMS) {
            fprintf(stderr, "%s: --shape has more than %d sizes\n", cmd, MAX_DIMS);
            return -1;
        }
        if (parse_u64(cmd, "each --shape size", tok, MAX_VALUES, &d))
            return -1;
        total = d ? total * d : 0;
        if (total > MAX_VALUES) {
            fprintf(stderr, "%s: --shape %s has more than %llu elements\n", cmd, s,
                    (unsigned long long)MAX_VALUES);
            return -1;
        }
        dims[n++] = (size_t)d;
    }
    *ndims = n;
    *numel = total;
    return 0;
}

/* stdout may be a closed pipe or a full disk: say so and fail. */
static int finish_output(const char *cmd)
{
    if (fflush(stdout) || ferror(stdout)) {
        fprintf(stderr, "%s: writing the output failed\n", cmd);
        return 1;
    }
    return 0;
}

/* ---- reviews ---- */

#define REVIEWS_USAGE "reference reviews --n N --seed S"

int cmd_streams_reviews(int argc, char **argv)
{
    struct opt o[] = { { "--n", NULL }, { "--seed", NULL } };
    struct seq_review *r;
    uint64_t n, seed;

    if (parse_opts(argc, argv, o, 2, NULL) || parse_u64(argv[0], "--n", o[0].value, MAX_REVIEWS, &n) ||
        parse_u64(argv[0], "--seed", o[1].value, UINT64_MAX, &seed))
        return usage(REVIEWS_USAGE);
    r = malloc((n ? n : 1) * sizeof *r);
    if (!r) {
        fprintf(stderr, "reviews: out of memory for %llu reviews\n", (unsigned long long)n);
        return 1;
    }
    sequences_make_reviews(n, seed, r);
    for (uint64_t i = 0; i < n; i++) {
        for (int j = 0; j < SEQ_REVIEW_LEN; j++)
            printf("%s%s", j ? " " : "", sequences_vocab[r[i].ids[j]]);
        printf("\t%d\t%s\n", r[i].label, sequences_kind_name(r[i].kind));
    }
    free(r);
    return finish_output(argv[0]);
}

/* ---- randn ---- */

#define RUNTIME_USAGE "[--profile 1.13|2.x] [--kernels avx2|generic|native]"
#define RANDN_USAGE "reference randn --seed S --shape A,B,... [--dtype float32|float64] " \
                    RUNTIME_USAGE

/* --profile and --kernels: which torch runtime to imitate (torch_rng.h). */
static int parse_runtime(const char *cmd, const char *profile, const char *kernels,
                         enum torch_profile *p, enum torch_kernels *k)
{
    if (!profile || !strcmp(profile, "1.13"))
        *p = TORCH_PROFILE_1_13;
    else if (!strcmp(profile, "2.x"))
        *p = TORCH_PROFILE_2X;
    else {
        fprintf(stderr, "%s: --profile must be 1.13 or 2.x, not '%s'\n", cmd, profile);
        return -1;
    }
    if (!kernels || !strcmp(kernels, "avx2"))
        *k = TORCH_KERNELS_AVX2;
    else if (!strcmp(kernels, "generic"))
        *k = TORCH_KERNELS_GENERIC;
    else if (!strcmp(kernels, "native"))
        *k = torch_kernels_native();
    else {
        fprintf(stderr, "%s: --kernels must be avx2, generic or native, not '%s'\n", cmd, kernels);
        return -1;
    }
    return 0;
}

static int randn_print(struct torch_gen *g, size_t n, int f64)
{
    void *x = malloc((n ? n : 1) * (f64 ? sizeof(double) : sizeof(float)));

    if (!x) {
        fprintf(stderr, "randn: out of memory for %zu values\n", n);
        return 1;
    }
    if (f64) {
        torch_normal_f64(g, x, n, 0.0, 1.0);
        for (size_t i = 0; i < n; i++)
            printf("%.17g\n", ((double *)x)[i]);
    } else {
        torch_normal_f32(g, x, n, 0.0, 1.0);
        for (size_t i = 0; i < n; i++)
            printf("%.9g\n", (double)((float *)x)[i]);
    }
    free(x);
    return 0;
}

int cmd_streams_randn(int argc, char **argv)
{
    struct opt o[] = { { "--seed", NULL }, { "--shape", NULL }, { "--dtype", NULL },
                       { "--profile", NULL }, { "--kernels", NULL } };
    enum torch_profile profile;
    enum torch_kernels kernels;
    struct torch_gen g;
    size_t dims[MAX_DIMS];
    uint64_t seed, numel;
    int ndims, f64;

    if (parse_opts(argc, argv, o, 5, NULL) || parse_u64(argv[0], "--seed", o[0].value, UINT64_MAX, &seed) ||
        parse_shape(argv[0], o[1].value, dims, &ndims, &numel))
        return usage(RANDN_USAGE);
    f64 = o[2].value && !strcmp(o[2].value, "float64");
    if (o[2].value && !f64 && strcmp(o[2].value, "float32")) {
        fprintf(stderr, "randn: --dtype must be float32 or float64, not '%s'\n", o[2].value);
        return usage(RANDN_USAGE);
    }
    if (parse_runtime(argv[0], o[3].value, o[4].value, &profile, &kernels))
        return usage(RANDN_USAGE);
    torch_gen_seed_runtime(&g, seed, profile, kernels);
    if (randn_print(&g, (size_t)numel, f64))
        return 1;
    return finish_output(argv[0]);
}

/* ---- init ---- */

#define INIT_USAGE "reference init MODEL --seed S " RUNTIME_USAGE "\n" \
    "  MODEL: linear:IN:OUT | mlp:IN:HID:OUT | seqnet:rnn|gru|lstm | recaller:rnn|gru|lstm | lstmcell:IN:H"

int cmd_streams_init(int argc, char **argv)
{
    struct opt o[] = { { "--seed", NULL }, { "--profile", NULL }, { "--kernels", NULL } };
    enum torch_profile profile;
    enum torch_kernels kernels;
    const char *model = NULL;
    struct gb_err err;
    uint64_t seed;
    float *p;
    size_t n;

    if (parse_opts(argc, argv, o, 3, &model) || parse_u64(argv[0], "--seed", o[0].value, UINT64_MAX, &seed) ||
        parse_runtime(argv[0], o[1].value, o[2].value, &profile, &kernels))
        return usage(INIT_USAGE);
    if (!model) {
        fprintf(stderr, "init: MODEL is required\n");
        return usage(INIT_USAGE);
    }
    if (torch_init_model_runtime(model, seed, profile, kernels, &p, &n, &err)) {
        fprintf(stderr, "init: %s\n", err.msg);
        /* Out of memory is the machine's fault, not the arguments'. */
        return strncmp(err.msg, "out of memory", 13) ? usage(INIT_USAGE) : 1;
    }
    for (size_t i = 0; i < n; i++)
        printf("%.9g\n", (double)p[i]);
    free(p);
    return finish_output(argv[0]);
}

/* ---- randperm ---- */

#define RANDPERM_USAGE "reference randperm --seed S --n N [--times K]"

int cmd_streams_randperm(int argc, char **argv)
{
    struct opt o[] = { { "--seed", NULL }, { "--n", NULL }, { "--times", NULL } };
    struct torch_gen g;
    uint64_t seed, n, times = 1;
    int64_t *perm;

    if (parse_opts(argc, argv, o, 3, NULL) || parse_u64(argv[0], "--seed", o[0].value, UINT64_MAX, &seed) ||
        parse_u64(argv[0], "--n", o[1].value, MAX_VALUES, &n) ||
        (o[2].value && parse_u64(argv[0], "--times", o[2].value, MAX_VALUES, &times)))
        return usage(RANDPERM_USAGE);
    if (n * times > MAX_VALUES) {
        fprintf(stderr, "randperm: --n times --times exceeds %llu values\n",
                (unsigned long long)MAX_VALUES);
        return usage(RANDPERM_USAGE);
    }
    perm = malloc((n ? n : 1) * sizeof *perm);
    if (!perm) {
        fprintf(stderr, "randperm: out of memory for %llu values\n", (unsigned long long)n);
        return 1;
    }
    torch_gen_seed(&g, seed);
    for (uint64_t t = 0; t < times; t++) {
        torch_randperm(&g, perm, (size_t)n);
        for (uint64_t i = 0; i < n; i++)
            printf("%s%lld", i ? " " : "", (long long)perm[i]);
        printf("\n");
    }
    free(perm);
    return finish_output(argv[0]);
}

/* ---- label ---- */

#define LABEL_USAGE "reference label WORD... (a review, e.g. delivery was good and service was not slow)"

/* Splits every argument on blanks into *words (malloc'd; they point into *text). */
static int split_words(int argc, char **argv, struct gb_buf *text, const char ***words, size_t *n)
{
    char *save = NULL;
    size_t cap = 0;

    for (int i = 1; i < argc; i++)
        if (gb_buf_puts(text, argv[i], NULL) || gb_buf_puts(text, " ", NULL))
            return -1;
    *words = NULL;
    *n = 0;
    for (char *w = strtok_r(text->data, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
        if (*n == cap) {
            const char **grown = realloc(*words, (cap = cap ? 2 * cap : 16) * sizeof *grown);

            if (!grown)
                return -1;
            *words = grown;
        }
        (*words)[(*n)++] = w;
    }
    return 0;
}

int cmd_streams_label(int argc, char **argv)
{
    struct gb_buf text = GB_BUF_INIT;
    const char **words = NULL;
    struct seq_parsed p;
    struct gb_err err;
    size_t n;
    int rc = 1;

    if (argc < 2 || argv[1][0] == '-')
        return usage(LABEL_USAGE);
    if (split_words(argc, argv, &text, &words, &n)) {
        fprintf(stderr, "label: out of memory\n");
    } else if (sequences_parse(words, n, &p, &err)) {
        printf("invalid: %s\n", err.msg);
    } else {
        printf("%s\t%d\t%s\n", p.label ? "positive" : "negative", p.label,
               p.generable ? sequences_kind_name(p.kind) : "not a make_reviews row");
        rc = 0;
    }
    free(words);
    gb_buf_free(&text);
    return finish_output(argv[0]) ? 1 : rc;
}
