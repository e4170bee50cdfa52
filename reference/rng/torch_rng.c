/* torch_rng.c — PyTorch's CPU random streams: the MT19937 engine and the
 * uniform_, normal_, randperm and randint kernels that consume it.
 *
 * Float results must match torch's kernels bit for bit: by default the AVX2
 * ones, where every multiply-add the compiled kernel fuses is an explicit
 * fmaf()/fma() here; on request the generic ones (TORCH_KERNELS_GENERIC),
 * which fuse nothing.  The Makefile builds with -ffp-contract=off so the
 * compiler fuses nothing on its own.
 * Facts and their provenance: ../shared/specs/random-streams.md.
 */
#include "rng/torch_rng.h"
#include "rng/seed_map.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MT_N 624
#define MT_M 397

void torch_gen_seed(struct torch_gen *g, uint64_t seed)
{
    torch_gen_seed_profile(g, seed, TORCH_PROFILE_1_13);
}

void torch_gen_seed_profile(struct torch_gen *g, uint64_t seed, enum torch_profile profile)
{
    torch_gen_seed_runtime(g, seed, profile, TORCH_KERNELS_AVX2);
}

void torch_gen_seed_runtime(struct torch_gen *g, uint64_t seed, enum torch_profile profile,
                            enum torch_kernels kernels)
{
    seed = seed_map_apply(seed);   /* the integrity rerun's remapped seeds (seed_map.h) */
    memset(g, 0, sizeof *g);
    g->profile = profile;
    g->kernels = kernels;
    g->mt[0] = (uint32_t)seed;
    for (int j = 1; j < MT_N; j++)
        g->mt[j] = 1812433253u * (g->mt[j - 1] ^ (g->mt[j - 1] >> 30)) + (uint32_t)j;
    g->index = MT_N;          /* the first draw regenerates the whole state */
}

static void mt_twist(struct torch_gen *g)
{
    uint32_t *mt = g->mt;

    for (int k = 0; k < MT_N; k++) {
        uint32_t y = (mt[k] & 0x80000000u) | (mt[(k + 1) % MT_N] & 0x7fffffffu);
        mt[k] = mt[(k + MT_M) % MT_N] ^ (y >> 1) ^ ((y & 1u) ? 0x9908b0dfu : 0u);
    }
    g->index = 0;
}

enum torch_kernels torch_kernels_native(void)
{
    const char *cap = getenv("ATEN_CPU_CAPABILITY");

    if (cap && !strcmp(cap, "default"))
        return TORCH_KERNELS_GENERIC;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return TORCH_KERNELS_AVX2;
#endif
    return TORCH_KERNELS_GENERIC;
}

uint32_t torch_gen_random(struct torch_gen *g)
{
    uint32_t y;

    if (g->index >= MT_N)
        mt_twist(g);
    y = g->mt[g->index++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

uint64_t torch_gen_random64(struct torch_gen *g)
{
    uint64_t hi = torch_gen_random(g);

    return (hi << 32) | torch_gen_random(g);
}

/* transformation::uniform_real: the low 24 (53) bits scaled into [0, 1). */
static float unit_f32(struct torch_gen *g)
{
    return (float)(torch_gen_random(g) & 0xFFFFFFu) * (1.0f / 16777216.0f);
}

static double unit_f64(struct torch_gen *g)
{
    return (double)(torch_gen_random64(g) & ((UINT64_C(1) << 53) - 1)) * (1.0 / 9007199254740992.0);
}

/* x*range + from: one fused operation in the AVX2 kernels, two in the generic ones. */
static float affine_f32(const struct torch_gen *g, float x, float range, float from)
{
    return g->kernels == TORCH_KERNELS_AVX2 ? fmaf(x, range, from) : x * range + from;
}

static double affine_f64(const struct torch_gen *g, double x, double range, double from)
{
    return g->kernels == TORCH_KERNELS_AVX2 ? fma(x, range, from) : x * range + from;
}

void torch_uniform_f32(struct torch_gen *g, float *x, size_t n, double from, double to)
{
    /* The kernel rounds the bounds to the tensor dtype before anything else. */
    float lo = (float)from, hi = (float)to, range = hi - lo;

    for (size_t i = 0; i < n; i++)
        x[i] = affine_f32(g, unit_f32(g), range, lo);
}

void torch_uniform_f64(struct torch_gen *g, double *x, size_t n, double from, double to)
{
    double range = to - from;

    for (size_t i = 0; i < n; i++)
        x[i] = affine_f64(g, unit_f64(g), range, from);
}

/* ---- single-precision log and sincos of avx_mathfun.h, lane by lane ---- */

static uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

/* log256_ps for x in (0, 1]: cephes logf with the kernel's fusions. */
static float mathfun_logf(float x)
{
    static const float p[9] = {
        7.0376836292E-2f, -1.1514610310E-1f, 1.1676998740E-1f, -1.2420140846E-1f,
        1.4249322787E-1f, -1.6668057665E-1f, 2.0000714765E-1f, -2.4999993993E-1f,
        3.3333331174E-1f,
    };
    uint32_t bits;
    float e, y, z;

    if (x < u2f(0x00800000u))
        x = u2f(0x00800000u);                 /* cut off denormals, as the kernel does */
    bits = f2u(x);
    e = (float)((int32_t)(bits >> 23) - 0x7f) + 1.0f;
    x = u2f((bits & ~0x7f800000u) | f2u(0.5f));
    if (x < 0.707106781186547524f) {
        x = (x - 1.0f) + x;
        e = e - 1.0f;
    } else {
        x = (x - 1.0f) + 0.0f;
    }
    z = x * x;
    y = p[0];
    for (int k = 1; k < 9; k++)
        y = fmaf(y, x, p[k]);
    y = y * x;
    y = fmaf(y, z, e * -2.12194440e-4f);
    y = fmaf(-z, 0.5f, y);
    x = x + y;
    return fmaf(e, 0.693359375f, x);
}

/* sincos256_ps: cephes sinf/cosf sharing one range reduction. */
static void mathfun_sincosf(float x, float *s, float *c)
{
    uint32_t sign_sin = f2u(x) & 0x80000000u, sign_cos;
    float y, z, yc, ys, ysin1, ysin2;
    int32_t j;
    int poly_mask;

    x = u2f(f2u(x) & 0x7fffffffu);
    y = x * 1.27323954473516f;
    j = (int32_t)y;
    j = (j + 1) & ~1;
    y = (float)j;
    sign_sin ^= (uint32_t)(j & 4) << 29;
    poly_mask = (j & 2) == 0;
    x = fmaf(y, -0.78515625f, x);
    x = fmaf(y, -2.4187564849853515625e-4f, x);
    x = fmaf(y, -3.77489497744594108e-8f, x);
    sign_cos = (uint32_t)(~(j - 2) & 4) << 29;

    z = x * x;
    yc = fmaf(2.443315711809948E-005f, z, -1.388731625493765E-003f);
    yc = fmaf(yc, z, 4.166664568298827E-002f);
    yc = fmaf(yc * z, z, -(z * 0.5f));
    yc = yc + 1.0f;

    ys = fmaf(-1.9515295891E-4f, z, 8.3321608736E-3f);
    ys = fmaf(ys, z, -1.6666654611E-1f);
    ys = fmaf(ys * z, x, x);

    /* The kernel selects by masking and adds the zeros back; keep its arithmetic. */
    ysin2 = poly_mask ? ys : 0.0f;
    ysin1 = poly_mask ? 0.0f : yc;
    ys = ys - ysin2;
    yc = yc - ysin1;
    *s = u2f(f2u(ysin1 + ysin2) ^ sign_sin);
    *c = u2f(f2u(yc + ys) ^ sign_cos);
}

/* normal_fill_16_AVX2: Box–Muller over one block of 16 uniforms, in place. */
static void normal_block_avx2(float *d, float mean, float std)
{
    const float two_pi = (float)(2.0 * 3.14159265358979323846);

    for (int j = 0; j < 8; j++) {
        float u1 = 1.0f - d[j], u2 = d[j + 8];
        float radius = sqrtf(-2.0f * mathfun_logf(u1));
        float s, c;

        mathfun_sincosf(two_pi * u2, &s, &c);
        d[j] = fmaf(radius * c, std, mean);
        d[j + 8] = fmaf(radius * s, std, mean);
    }
}

/* normal_fill_16<float>, the generic kernel: libm's single-precision functions;
 * theta is computed in double and rounded to float; nothing is fused. */
static void normal_block_generic(float *d, float mean, float std)
{
    for (int j = 0; j < 8; j++) {
        float u1 = 1.0f - d[j], u2 = d[j + 8];
        float radius = sqrtf(-2.0f * logf(u1));
        float theta = (float)(2.0 * 3.14159265358979323846 * (double)u2);

        d[j] = radius * cosf(theta) * std + mean;
        d[j + 8] = radius * sinf(theta) * std + mean;
    }
}

static void normal_block_f32(const struct torch_gen *g, float *d, float mean, float std)
{
    if (g->kernels == TORCH_KERNELS_AVX2)
        normal_block_avx2(d, mean, std);
    else
        normal_block_generic(d, mean, std);
}

/* normal_fill_16<double>: the same in both kernels but for the final fusion. */
static void normal_block_f64(const struct torch_gen *g, double *d, double mean, double std)
{
    const double two_pi = 2.0 * 3.14159265358979323846;

    for (int j = 0; j < 8; j++) {
        double u1 = 1.0 - d[j], u2 = d[j + 8];
        double radius = sqrt(-2.0 * log(u1));
        double theta = two_pi * u2;

        d[j] = affine_f64(g, radius * cos(theta), std, mean);
        d[j + 8] = affine_f64(g, radius * sin(theta), std, mean);
    }
}

/* at::normal_distribution<double>: the path for tensors under 16 elements. */
static double normal_scalar(struct torch_gen *g, double mean, double std)
{
    double u1, u2, r, theta, ret;

    if (g->has_next_normal) {
        g->has_next_normal = 0;
        return affine_f64(g, g->next_normal, std, mean);
    }
    u1 = unit_f64(g);
    u2 = unit_f64(g);
    if (g->profile == TORCH_PROFILE_2X)
        r = sqrt(-2.0 * log1p(-u2));
    else
        r = sqrt(-2.0 * log(1.0 - u2));
    theta = 2.0 * 3.14159265358979323846 * u1;
    g->next_normal = r * sin(theta);
    g->has_next_normal = 1;
    ret = r * cos(theta);
    return affine_f64(g, ret, std, mean);
}

void torch_normal_f32(struct torch_gen *g, float *x, size_t n, double mean, double std)
{
    if (n < 16) {
        for (size_t i = 0; i < n; i++)
            x[i] = (float)normal_scalar(g, mean, std);
        return;
    }
    for (size_t i = 0; i < n; i++)
        x[i] = unit_f32(g);
    for (size_t i = 0; i + 16 <= n; i += 16)
        normal_block_f32(g, x + i, (float)mean, (float)std);
    if (n % 16 != 0) {
        /* torch redraws the last 16 slots and transforms that block again. */
        for (size_t i = n - 16; i < n; i++)
            x[i] = unit_f32(g);
        normal_block_f32(g, x + n - 16, (float)mean, (float)std);
    }
}

void torch_normal_f64(struct torch_gen *g, double *x, size_t n, double mean, double std)
{
    if (n < 16) {
        for (size_t i = 0; i < n; i++)
            x[i] = normal_scalar(g, mean, std);
        return;
    }
    for (size_t i = 0; i < n; i++)
        x[i] = unit_f64(g);
    for (size_t i = 0; i + 16 <= n; i += 16)
        normal_block_f64(g, x + i, mean, std);
    if (n % 16 != 0) {
        for (size_t i = n - 16; i < n; i++)
            x[i] = unit_f64(g);
        normal_block_f64(g, x + n - 16, mean, std);
    }
}

/* torch switches algorithm at UINT32_MAX / 20, where random() % (n - i) would
 * skew: an inside-out Fisher–Yates on random64().  (Written from the source;
 * a permutation that large is too big to check against torch here.) */
static void randperm_large(struct torch_gen *g, int64_t *perm, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t z = (size_t)(torch_gen_random64(g) % (uint64_t)(i + 1));

        perm[i] = perm[z];
        perm[z] = (int64_t)i;
    }
}

void torch_randperm(struct torch_gen *g, int64_t *perm, size_t n)
{
    if (n >= UINT32_MAX / 20) {
        randperm_large(g, perm, n);
        return;
    }
    for (size_t i = 0; i < n; i++)
        perm[i] = (int64_t)i;
    for (size_t i = 0; i + 1 < n; i++) {
        size_t z = (size_t)(torch_gen_random(g) % (uint64_t)(n - i));
        int64_t t = perm[i];

        perm[i] = perm[i + z];
        perm[i + z] = t;
    }
}

void torch_randint(struct torch_gen *g, int64_t *out, size_t n, int64_t lo, int64_t hi)
{
    uint64_t range = (uint64_t)hi - (uint64_t)lo;

    if (hi <= lo) {           /* torch refuses; draw nothing rather than divide by zero */
        for (size_t i = 0; i < n; i++)
            out[i] = lo;
        return;
    }
    for (size_t i = 0; i < n; i++) {
        uint64_t r = range >= (UINT64_C(1) << 32) ? torch_gen_random64(g) % range
                                                   : torch_gen_random(g) % range;
        out[i] = (int64_t)((uint64_t)lo + r);
    }
}
