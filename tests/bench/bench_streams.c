/* bench_streams.c — throughput of the seeded streams the reference draws.
 *
 * randn through torch's AVX2 path (the avx_mathfun polynomials, emulated lane
 * by lane in portable C with explicit fmaf) against its peer, the generic path
 * (glibc logf/sinf/cosf), on the same 4M values; also the raw MT19937 words and
 * make_reviews rows.  Prints values/s and the AVX2/generic ratio: the price of
 * bit-exactness with torch's fast kernel.  Every model in the course draws
 * under 10^5 values, so anything above 10^6 values/s is plenty (exit 1 below).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "rng/sequences.h"
#include "rng/torch_rng.h"

#define N_VALUES (1u << 22)
#define N_REVIEWS 200000u
#define REPEATS 3

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Best of REPEATS, in values per second. */
static double randn_rate(enum torch_kernels kernels, float *x, float *checksum)
{
    double best = 0;

    for (int r = 0; r < REPEATS; r++) {
        struct torch_gen g;
        double t0 = now(), dt;

        torch_gen_seed_runtime(&g, (uint64_t)r, TORCH_PROFILE_1_13, kernels);
        torch_normal_f32(&g, x, N_VALUES, 0.0, 1.0);
        dt = now() - t0;
        *checksum += x[N_VALUES - 1];
        if (N_VALUES / dt > best)
            best = N_VALUES / dt;
    }
    return best;
}

static double mt_rate(uint32_t *sink)
{
    struct torch_gen g;
    double t0 = now();

    torch_gen_seed(&g, 1);
    for (unsigned i = 0; i < N_VALUES; i++)
        *sink ^= torch_gen_random(&g);
    return N_VALUES / (now() - t0);
}

static double reviews_rate(struct seq_review *r)
{
    double t0 = now();

    sequences_make_reviews(N_REVIEWS, 11, r);
    return N_REVIEWS / (now() - t0);
}

int main(void)
{
    float *x = malloc(N_VALUES * sizeof *x), checksum = 0;
    struct seq_review *r = malloc(N_REVIEWS * sizeof *r);
    double avx2, generic, mt, rev;
    uint32_t sink = 0;

    if (!x || !r) {
        fprintf(stderr, "bench_streams: out of memory\n");
        return 1;
    }
    avx2 = randn_rate(TORCH_KERNELS_AVX2, x, &checksum);
    generic = randn_rate(TORCH_KERNELS_GENERIC, x, &checksum);
    mt = mt_rate(&sink);
    rev = reviews_rate(r);
    printf("randn, AVX2 path (emulated)   %8.1f M values/s\n", avx2 / 1e6);
    printf("randn, generic path (peer)    %8.1f M values/s\n", generic / 1e6);
    printf("ratio AVX2-emulation/generic  %8.2f\n", avx2 / generic);
    printf("mt19937 words                 %8.1f M/s\n", mt / 1e6);
    printf("make_reviews rows             %8.2f M/s   (checksums %g %u %d)\n", rev / 1e6,
           (double)checksum, sink, r[N_REVIEWS - 1].label);
    free(x);
    free(r);
    return avx2 > 1e6 ? 0 : 1;
}
