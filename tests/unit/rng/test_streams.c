/* test_streams.c — Check suite: the C random streams against golden vectors
 * drawn from the real NumPy and PyTorch (tests/golden/streams.txt, written by
 * tests/golden/gen_streams.py).  Floats are compared as bit patterns, never as
 * printed decimals; large cases also by SHA-256 of all their values.
 */
#include <check.h>
#include <inttypes.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "error.h"
#include "rng/numpy_rng.h"
#include "rng/sequences.h"
#include "rng/torch_init.h"
#include "rng/torch_rng.h"

#define GOLDEN_PATH "tests/golden/streams.txt"

/* ---- the golden file ------------------------------------------------------ */

struct golden {
    char name[128];
    char kind[4];             /* f32, f64, i64 */
    size_t count;
    char sha[65];
    char **words;             /* the stored values (all, or a leading sample) */
    size_t nwords;
};

static struct golden *goldens;
static size_t ngoldens;
static struct gb_buf golden_text = GB_BUF_INIT;   /* the words point into it */

static void free_goldens(void)
{
    for (size_t i = 0; i < ngoldens; i++)
        free(goldens[i].words);
    free(goldens);
    gb_buf_free(&golden_text);
}

static void load_goldens(void)
{
    struct gb_buf *b = &golden_text;
    struct gb_err err;
    char *save = NULL, *line;

    if (gb_read_file(GOLDEN_PATH, 8u << 20, b, &err))
        ck_abort_msg("%s (run the suite from the repository root)", err.msg);
    for (line = strtok_r(b->data, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        struct golden *g;

        if (line[0] == '#')
            continue;
        if (!strncmp(line, "case ", 5)) {
            goldens = realloc(goldens, (ngoldens + 1) * sizeof *goldens);
            ck_assert_ptr_nonnull(goldens);
            g = &goldens[ngoldens++];
            memset(g, 0, sizeof *g);
            ck_assert_int_eq(sscanf(line, "case %127s %3s %zu %64s", g->name, g->kind,
                                    &g->count, g->sha), 4);
            continue;
        }
        ck_assert_msg(ngoldens > 0, "golden values before the first case line");
        g = &goldens[ngoldens - 1];
        for (char *w = strtok(line, " "); w; w = strtok(NULL, " ")) {
            g->words = realloc(g->words, (g->nwords + 1) * sizeof *g->words);
            ck_assert_ptr_nonnull(g->words);
            g->words[g->nwords++] = w;
        }
    }
    ck_assert_msg(ngoldens > 0, "%s holds no cases", GOLDEN_PATH);
}

static const struct golden *find_golden(const char *name)
{
    if (!goldens)
        load_goldens();
    for (size_t i = 0; i < ngoldens; i++)
        if (!strcmp(goldens[i].name, name))
            return &goldens[i];
    return NULL;
}

/* ---- values the C side computes, as raw little-endian bytes ---------------- */

static void put_f32(struct gb_buf *b, const float *x, size_t n)
{
    ck_assert_int_eq(gb_buf_append(b, x, n * sizeof *x, NULL), 0);
}

static void put_f64(struct gb_buf *b, const double *x, size_t n)
{
    ck_assert_int_eq(gb_buf_append(b, x, n * sizeof *x, NULL), 0);
}

static void put_i64(struct gb_buf *b, const int64_t *x, size_t n)
{
    ck_assert_int_eq(gb_buf_append(b, x, n * sizeof *x, NULL), 0);
}

static size_t kind_width(const char *kind)
{
    return strcmp(kind, "f32") ? 8 : 4;
}

static void sha256_hex(const void *p, size_t n, char out[65])
{
    unsigned char md[32];
    unsigned int len = 0;

    ck_assert_int_eq(EVP_Digest(p, n, md, &len, EVP_sha256(), NULL), 1);
    for (unsigned i = 0; i < len; i++)
        sprintf(out + 2 * i, "%02x", md[i]);
}

/* The golden word for one value, in the same spelling gen_streams.py writes. */
static void spell(const char *kind, const unsigned char *p, char *out, size_t cap)
{
    uint32_t u32;
    uint64_t u64;
    int64_t i64;

    if (!strcmp(kind, "f32")) {
        memcpy(&u32, p, 4);
        snprintf(out, cap, "%08" PRIx32, u32);
    } else if (!strcmp(kind, "f64")) {
        memcpy(&u64, p, 8);
        snprintf(out, cap, "%016" PRIx64, u64);
    } else {
        memcpy(&i64, p, 8);
        snprintf(out, cap, "%" PRId64, i64);
    }
}

static void compare_golden(const char *name, const struct gb_buf *got)
{
    const struct golden *g = find_golden(name);
    size_t width, n;
    char sha[65], word[32];

    ck_assert_msg(g != NULL, "no golden case '%s' in %s; regenerate with gen_streams.py", name,
                  GOLDEN_PATH);
    width = kind_width(g->kind);
    n = got->len / width;
    ck_assert_msg(n == g->count, "%s: computed %zu values, golden has %zu", name, n, g->count);
    for (size_t i = 0; i < g->nwords; i++) {
        spell(g->kind, (const unsigned char *)got->data + i * width, word, sizeof word);
        ck_assert_msg(!strcmp(word, g->words[i]), "%s: value %zu is %s, the library gave %s",
                      name, i, word, g->words[i]);
    }
    sha256_hex(got->data ? got->data : "", got->len, sha);
    ck_assert_msg(!strcmp(sha, g->sha), "%s: SHA-256 of all %zu values differs (first %zu agree)",
                  name, n, g->nwords);
}

/* ---- torch cases -------------------------------------------------------------- */

static void raw32(struct gb_buf *b, uint64_t seed, size_t n)
{
    struct torch_gen g;

    torch_gen_seed(&g, seed);
    for (size_t i = 0; i < n; i++) {
        int64_t v = torch_gen_random(&g) % UINT32_MAX;

        put_i64(b, &v, 1);
    }
}

static void c_raw32_seed0(struct gb_buf *b) { raw32(b, 0, 40); }
static void c_seed_low32(struct gb_buf *b) { raw32(b, UINT64_C(4294967303), 8); }

static void c_raw64(struct gb_buf *b)
{
    struct torch_gen g;

    torch_gen_seed(&g, 5489);
    for (int i = 0; i < 20; i++) {
        int64_t v = (int64_t)(torch_gen_random64(&g) % (uint64_t)INT64_MAX);

        put_i64(b, &v, 1);
    }
}

static void c_uniform_f32(struct gb_buf *b)
{
    struct torch_gen g;
    float x[1000];

    torch_gen_seed(&g, 3);
    torch_uniform_f32(&g, x, 1000, -0.3, 0.7);
    put_f32(b, x, 1000);
}

static void c_rand_f32(struct gb_buf *b)
{
    struct torch_gen g;
    float x[37];

    torch_gen_seed(&g, 3);
    torch_uniform_f32(&g, x, 37, 0.0, 1.0);
    put_f32(b, x, 37);
}

static void c_uniform_f64(struct gb_buf *b)
{
    struct torch_gen g;
    double x[100];

    torch_gen_seed(&g, 4);
    torch_uniform_f64(&g, x, 100, -2.0, 5.0);
    put_f64(b, x, 100);
}

static void c_randn_scalar(struct gb_buf *b)
{
    static const size_t sizes[] = { 1, 1, 1, 7, 15 };
    struct torch_gen g;
    float x[15];

    torch_gen_seed(&g, 5);
    for (size_t i = 0; i < 5; i++) {
        torch_normal_f32(&g, x, sizes[i], 0.0, 1.0);
        put_f32(b, x, sizes[i]);
    }
}

static void c_normal_scalar(struct gb_buf *b)
{
    struct torch_gen g;
    float x[5];

    torch_gen_seed(&g, 6);
    torch_normal_f32(&g, x, 5, 0.3, 1.7);
    put_f32(b, x, 5);
    torch_normal_f32(&g, x, 3, -2.0, 0.25);
    put_f32(b, x, 3);
}

static void c_randn_f64_scalar(struct gb_buf *b)
{
    struct torch_gen g;
    double x[9];

    torch_gen_seed(&g, 8);
    torch_normal_f64(&g, x, 9, 0.0, 1.0);
    put_f64(b, x, 9);
}

static void randn_fill(struct gb_buf *b, size_t n)
{
    struct torch_gen g;
    float x[100];

    torch_gen_seed(&g, 9);
    torch_normal_f32(&g, x, n, 0.0, 1.0);
    put_f32(b, x, n);
}

static void c_fill16(struct gb_buf *b) { randn_fill(b, 16); }
static void c_fill17(struct gb_buf *b) { randn_fill(b, 17); }
static void c_fill33(struct gb_buf *b) { randn_fill(b, 33); }
static void c_fill100(struct gb_buf *b) { randn_fill(b, 100); }

static void c_normal_fill(struct gb_buf *b)
{
    struct torch_gen g;
    float x[40];

    torch_gen_seed(&g, 10);
    torch_normal_f32(&g, x, 40, 0.5, 2.0);
    put_f32(b, x, 40);
}

static void c_randn_f64_fill(struct gb_buf *b)
{
    struct torch_gen g;
    double x[40];

    torch_gen_seed(&g, 11);
    torch_normal_f64(&g, x, 40, 0.0, 1.0);
    put_f64(b, x, 40);
}

static void c_randn_big(struct gb_buf *b)
{
    struct torch_gen g;
    float *x = malloc(51200 * sizeof *x);

    ck_assert_ptr_nonnull(x);
    torch_gen_seed(&g, 0);
    torch_normal_f32(&g, x, 51200, 0.0, 1.0);
    put_f32(b, x, 51200);
    free(x);
}

static void randperms(struct gb_buf *b, size_t n, int times)
{
    struct torch_gen g;
    int64_t *p = malloc(n * sizeof *p);

    ck_assert_ptr_nonnull(p);
    torch_gen_seed(&g, 7);
    for (int t = 0; t < times; t++) {
        torch_randperm(&g, p, n);
        put_i64(b, p, n);
    }
    free(p);
}

static void c_randperm20(struct gb_buf *b) { randperms(b, 20, 3); }
static void c_randperm1600(struct gb_buf *b) { randperms(b, 1600, 2); }

static void c_randint(struct gb_buf *b)
{
    struct torch_gen g;
    int64_t x[100];

    torch_gen_seed(&g, 7);
    torch_randint(&g, x, 50, 0, 4);
    put_i64(b, x, 50);
    torch_randint(&g, x, 100, 4, 10);
    put_i64(b, x, 100);
    torch_randint(&g, x, 5, -3, INT64_C(1) << 33);
    put_i64(b, x, 5);
}

static void c_profile2x(struct gb_buf *b)
{
    struct torch_gen g;
    double x[10];

    torch_gen_seed_profile(&g, 12, TORCH_PROFILE_2X);
    for (int t = 0; t < 20; t++) {
        torch_normal_f64(&g, x, 10, 0.0, 1.0);
        put_f64(b, x, 10);
    }
}

/* ---- torch's generic kernels (ATEN_CPU_CAPABILITY=default) ---------------------- */

static void seed_generic(struct torch_gen *g, uint64_t seed)
{
    torch_gen_seed_runtime(g, seed, TORCH_PROFILE_1_13, TORCH_KERNELS_GENERIC);
}

static void g_uniform_f32(struct gb_buf *b)
{
    struct torch_gen g;
    float x[1000];

    seed_generic(&g, 3);
    torch_uniform_f32(&g, x, 1000, -0.3, 0.45);
    put_f32(b, x, 1000);
}

static void g_uniform_f64(struct gb_buf *b)
{
    struct torch_gen g;
    double x[100];

    seed_generic(&g, 4);
    torch_uniform_f64(&g, x, 100, -2.0, 5.0);
    put_f64(b, x, 100);
}

static void g_normal_f64_scalar(struct gb_buf *b)
{
    struct torch_gen g;
    double x[15];

    seed_generic(&g, 6);
    for (int t = 0; t < 8; t++) {
        torch_normal_f64(&g, x, 15, 0.3, 1.7);
        put_f64(b, x, 15);
    }
}

static void g_fill(struct gb_buf *b, size_t n)
{
    struct torch_gen g;
    float x[100];

    seed_generic(&g, 9);
    torch_normal_f32(&g, x, n, 0.0, 1.0);
    put_f32(b, x, n);
}

static void g_fill33(struct gb_buf *b) { g_fill(b, 33); }
static void g_fill100(struct gb_buf *b) { g_fill(b, 100); }

static void g_normal_fill(struct gb_buf *b)
{
    struct torch_gen g;
    float x[40];

    seed_generic(&g, 10);
    torch_normal_f32(&g, x, 40, 0.5, 2.0);
    put_f32(b, x, 40);
}

static void g_normal_f64_fill(struct gb_buf *b)
{
    struct torch_gen g;
    double x[40];

    seed_generic(&g, 11);
    torch_normal_f64(&g, x, 40, 0.5, 2.0);
    put_f64(b, x, 40);
}

static void g_randn_big(struct gb_buf *b)
{
    struct torch_gen g;
    float *x = malloc(51200 * sizeof *x);

    ck_assert_ptr_nonnull(x);
    seed_generic(&g, 0);
    torch_normal_f32(&g, x, 51200, 0.0, 1.0);
    put_f32(b, x, 51200);
    free(x);
}

/* ---- numpy cases -------------------------------------------------------------- */

static void numpy_raw(struct gb_buf *b, uint64_t seed)
{
    struct numpy_gen g;

    numpy_gen_seed(&g, seed);
    for (int i = 0; i < 16; i++) {
        uint64_t v = numpy_gen_next64(&g);

        ck_assert_int_eq(gb_buf_append(b, &v, sizeof v, NULL), 0);
    }
}

static void c_np_raw0(struct gb_buf *b) { numpy_raw(b, 0); }
static void c_np_raw12(struct gb_buf *b) { numpy_raw(b, 12); }
static void c_np_raw2w(struct gb_buf *b) { numpy_raw(b, (UINT64_C(1) << 32) + 5); }
static void c_np_rawmax(struct gb_buf *b) { numpy_raw(b, UINT64_MAX); }

static void c_np_random(struct gb_buf *b)
{
    struct numpy_gen g;

    numpy_gen_seed(&g, 12);
    for (int i = 0; i < 50; i++) {
        double v = numpy_gen_random(&g);

        put_f64(b, &v, 1);
    }
}

static void c_np_next32(struct gb_buf *b)
{
    static const int runs[] = { 3, 1, 2, 1 };
    struct numpy_gen g;

    numpy_gen_seed(&g, 3);
    for (int r = 0; r < 4; r++) {
        double d;

        for (int i = 0; i < runs[r]; i++) {
            int64_t v = numpy_gen_next32(&g);

            put_i64(b, &v, 1);
        }
        d = numpy_gen_random(&g);
        put_f64(b, &d, 1);
    }
}

static void c_np_integers(struct gb_buf *b)
{
    static const uint64_t bounds[] = { 1, 2, 3, 4, 5, 7, 10, 1000, (UINT64_C(1) << 31) + 7,
                                       UINT64_C(1) << 32, (UINT64_C(1) << 40) + 3 };
    struct numpy_gen g;

    numpy_gen_seed(&g, 5);
    for (size_t i = 0; i < sizeof bounds / sizeof bounds[0]; i++)
        for (int t = 0; t < 10; t++) {
            int64_t v = (int64_t)numpy_gen_integers(&g, bounds[i]);

            put_i64(b, &v, 1);
        }
}

static void c_np_choice(struct gb_buf *b)
{
    static const size_t sizes[][2] = { { 5, 2 }, { 5, 5 }, { 10, 3 }, { 1, 1 }, { 100, 100 },
                                       { 1000, 30 }, { 10000, 500 }, { 20000, 100 },
                                       { 20000, 1000 } };
    struct numpy_gen g;
    size_t out[1000];

    numpy_gen_seed(&g, 9);
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        ck_assert_int_eq(numpy_gen_choice_noreplace(&g, sizes[i][0], sizes[i][1], out), 0);
        for (size_t j = 0; j < sizes[i][1]; j++) {
            int64_t v = (int64_t)out[j];

            put_i64(b, &v, 1);
        }
    }
}

static void reviews(struct gb_buf *b, size_t n, uint64_t seed)
{
    struct seq_review *r = malloc(n * sizeof *r);

    ck_assert_ptr_nonnull(r);
    sequences_make_reviews(n, seed, r);
    for (size_t i = 0; i < n; i++) {
        int64_t row[SEQ_REVIEW_LEN + 2];

        for (int j = 0; j < SEQ_REVIEW_LEN; j++)
            row[j] = r[i].ids[j];
        row[SEQ_REVIEW_LEN] = r[i].label;
        row[SEQ_REVIEW_LEN + 1] = r[i].kind == SEQ_KIND_NOT;
        put_i64(b, row, SEQ_REVIEW_LEN + 2);
    }
    free(r);
}

static void c_reviews600(struct gb_buf *b) { reviews(b, 600, 12); }
static void c_reviews1600(struct gb_buf *b) { reviews(b, 1600, 11); }
static void c_reviews4(struct gb_buf *b) { reviews(b, 4, 12); }

struct computed {
    const char *name;
    void (*fill)(struct gb_buf *b);
};

static const struct computed computed[] = {
    { "torch.raw32.seed0", c_raw32_seed0 },
    { "torch.raw64.seed5489", c_raw64 },
    { "torch.seed_low32.seed4294967303", c_seed_low32 },
    { "torch.uniform_f32.seed3.n1000", c_uniform_f32 },
    { "torch.rand_f32.seed3.n37", c_rand_f32 },
    { "torch.uniform_f64.seed4.n100", c_uniform_f64 },
    { "torch.randn_scalar.seed5.1_1_1_7_15", c_randn_scalar },
    { "torch.normal_scalar.seed6.mean_std", c_normal_scalar },
    { "torch.randn_f64_scalar.seed8.n9", c_randn_f64_scalar },
    { "torch.randn_fill.seed9.n16", c_fill16 },
    { "torch.randn_fill.seed9.n17", c_fill17 },
    { "torch.randn_fill.seed9.n33", c_fill33 },
    { "torch.randn_fill.seed9.n100", c_fill100 },
    { "torch.normal_fill.seed10.n40.mean0.5.std2", c_normal_fill },
    { "torch.randn_f64_fill.seed11.n40", c_randn_f64_fill },
    { "torch.randn.seed0.50x64x16", c_randn_big },
    { "torch.randperm.seed7.20x3", c_randperm20 },
    { "torch.randperm.seed7.1600x2", c_randperm1600 },
    { "torch.randint.seed7.mixed", c_randint },
    { "torch.profile2x.randn_f64_scalar.seed12.10x20", c_profile2x },
    { "generic.torch.uniform_f32.seed3.n1000", g_uniform_f32 },
    { "generic.torch.uniform_f64.seed4.n100", g_uniform_f64 },
    { "generic.torch.normal_f64_scalar.seed6.15x8", g_normal_f64_scalar },
    { "generic.torch.randn_fill.seed9.n33", g_fill33 },
    { "generic.torch.randn_fill.seed9.n100", g_fill100 },
    { "generic.torch.normal_fill.seed10.n40.mean0.5.std2", g_normal_fill },
    { "generic.torch.normal_f64_fill.seed11.n40.mean0.5.std2", g_normal_f64_fill },
    { "generic.torch.randn.seed0.50x64x16", g_randn_big },
    { "numpy.raw64.seed0", c_np_raw0 },
    { "numpy.raw64.seed12", c_np_raw12 },
    { "numpy.raw64.seed4294967301", c_np_raw2w },
    { "numpy.raw64.seed18446744073709551615", c_np_rawmax },
    { "numpy.random.seed12.n50", c_np_random },
    { "numpy.next32_interleaved.seed3", c_np_next32 },
    { "numpy.integers.seed5.bounds", c_np_integers },
    { "numpy.choice_noreplace.seed9.sizes", c_np_choice },
    { "reviews.seed12.n600", c_reviews600 },
    { "reviews.seed11.n1600", c_reviews1600 },
    { "reviews.seed12.n4", c_reviews4 },
};

#define NCOMPUTED (sizeof computed / sizeof computed[0])

START_TEST(test_computed_case)
{
    struct gb_buf b = GB_BUF_INIT;

    computed[_i].fill(&b);
    compare_golden(computed[_i].name, &b);
    gb_buf_free(&b);
}
END_TEST

/* "[generic.]init.SPEC.seedS": every model the golden file names, built by
 * torch_init_model_runtime with the AVX2 or the generic kernels. */
static int init_case_spec(const char *name, char *spec, size_t cap, uint64_t *seed,
                          enum torch_kernels *kernels)
{
    const char *dot = strrchr(name, '.');

    *kernels = TORCH_KERNELS_AVX2;
    if (!strncmp(name, "generic.", 8)) {
        *kernels = TORCH_KERNELS_GENERIC;
        name += 8;
    }

    if (strncmp(name, "init.", 5) || !dot || strncmp(dot, ".seed", 5) ||
        (size_t)(dot - name - 5) >= cap)
        return -1;
    memcpy(spec, name + 5, (size_t)(dot - name - 5));
    spec[dot - name - 5] = '\0';
    *seed = strtoull(dot + 5, NULL, 10);
    return 0;
}

START_TEST(test_init_models)
{
    size_t checked = 0;

    find_golden("");
    for (size_t i = 0; i < ngoldens; i++) {
        struct gb_buf b = GB_BUF_INIT;
        struct gb_err err;
        enum torch_kernels kernels;
        char spec[64];
        uint64_t seed;
        float *p;
        size_t n;

        if (init_case_spec(goldens[i].name, spec, sizeof spec, &seed, &kernels))
            continue;
        ck_assert_msg(torch_init_model_runtime(spec, seed, TORCH_PROFILE_1_13, kernels, &p, &n,
                                               &err) == 0, "%s", err.msg);
        put_f32(&b, p, n);
        compare_golden(goldens[i].name, &b);
        free(p);
        gb_buf_free(&b);
        checked++;
    }
    ck_assert_uint_ge(checked, 25);
}
END_TEST

START_TEST(test_seqnet_lstm_has_6705_parameters)
{
    float *p;
    size_t n;
    struct gb_err err;

    ck_assert_int_eq(torch_init_model("seqnet:lstm", 7, &p, &n, &err), 0);
    ck_assert_uint_eq(n, 6705);
    free(p);
    ck_assert_int_eq(torch_init_model("seqnet:rnn", 7, &p, &n, &err), 0);
    ck_assert_uint_eq(n, 1905);
    free(p);
    ck_assert_int_eq(torch_init_model("seqnet:gru", 7, &p, &n, &err), 0);
    ck_assert_uint_eq(n, 5105);
    free(p);
}
END_TEST

START_TEST(test_bad_model_specs_are_refused)
{
    static const char *bad[] = { "", "linear", "linear:3", "linear:3:0", "linear:3:4:5",
                                 "linear:-1:2", "linear:3:x", "mlp:1:2", "seqnet:", "seqnet:cnn",
                                 "recaller:cnn", "lstmcell:3:99999999", "linear:3:4 ",
                                 "mlp:65536:65536:65536" };
    struct gb_err err;
    float *p = NULL;
    size_t n = 0;

    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(torch_init_model(bad[i], 0, &p, &n, &err) == -1, "accepted '%s'", bad[i]);
        ck_assert_uint_gt(strlen(err.msg), 10);
    }
}
END_TEST

/* Every golden case is checked by some test: a case added to gen_streams.py
 * without its C twin fails here instead of going silently unchecked. */
START_TEST(test_every_golden_case_is_computed)
{
    find_golden("");
    for (size_t i = 0; i < ngoldens; i++) {
        enum torch_kernels kernels;
        char spec[64];
        uint64_t seed;
        int found = !init_case_spec(goldens[i].name, spec, sizeof spec, &seed, &kernels);

        for (size_t j = 0; j < NCOMPUTED && !found; j++)
            found = !strcmp(computed[j].name, goldens[i].name);
        ck_assert_msg(found, "golden case '%s' has no C computation in test_streams.c",
                      goldens[i].name);
    }
}
END_TEST

/* The classic MT19937 check value: the 10000th output for seed 5489. */
START_TEST(test_mt19937_known_answer)
{
    struct torch_gen g;
    uint32_t v = 0;

    torch_gen_seed(&g, 5489);
    for (int i = 0; i < 10000; i++)
        v = torch_gen_random(&g);
    ck_assert_uint_eq(v, 4123659995u);
}
END_TEST

/* The profiles differ only in the scalar normal path: same draws, other values. */
START_TEST(test_profiles_differ_only_where_torch_does)
{
    struct torch_gen a, b;
    double xa[40], xb[40];
    int differ = 0;

    torch_gen_seed(&a, 3);
    torch_gen_seed_profile(&b, 3, TORCH_PROFILE_2X);
    torch_normal_f64(&a, xa, 40, 0.0, 1.0);
    torch_normal_f64(&b, xb, 40, 0.0, 1.0);
    ck_assert_int_eq(memcmp(xa, xb, sizeof xa), 0);
    for (int t = 0; t < 200; t++) {
        torch_normal_f64(&a, xa, 2, 0.0, 1.0);
        torch_normal_f64(&b, xb, 2, 0.0, 1.0);
        differ |= memcmp(xa, xb, 2 * sizeof *xa) != 0;
    }
    ck_assert_int_eq(torch_gen_random(&a), torch_gen_random(&b));
    ck_assert_msg(differ, "400 scalar normals identical under both profiles");
}
END_TEST

START_TEST(test_degenerate_arguments_draw_nothing)
{
    struct torch_gen g, fresh;
    struct numpy_gen ng, nfresh;
    int64_t x[3];
    size_t pick[4];

    torch_gen_seed(&g, 1);
    fresh = g;
    torch_randint(&g, x, 3, 5, 5);
    ck_assert(x[0] == 5 && x[2] == 5);
    ck_assert(g.index == fresh.index && !memcmp(g.mt, fresh.mt, sizeof g.mt));
    numpy_gen_seed(&ng, 1);
    nfresh = ng;
    ck_assert_int_eq(numpy_gen_choice_noreplace(&ng, 3, 4, pick), -1);
    ck_assert_uint_eq(numpy_gen_integers(&ng, 1), 0);
    ck_assert_uint_eq(numpy_gen_integers(&ng, 0), 0);
    ck_assert(ng.state == nfresh.state && ng.has_uint32 == nfresh.has_uint32);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("streams");
    TCase *tc = tcase_create("torch");
    SRunner *sr;
    int failed;

    tcase_set_timeout(tc, 30);
    tcase_add_loop_test(tc, test_computed_case, 0, (int)NCOMPUTED);
    tcase_add_test(tc, test_init_models);
    tcase_add_test(tc, test_seqnet_lstm_has_6705_parameters);
    tcase_add_test(tc, test_bad_model_specs_are_refused);
    tcase_add_test(tc, test_every_golden_case_is_computed);
    tcase_add_test(tc, test_mt19937_known_answer);
    tcase_add_test(tc, test_profiles_differ_only_where_torch_does);
    tcase_add_test(tc, test_degenerate_arguments_draw_nothing);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    free_goldens();
    return failed ? 1 : 0;
}
