/* numpy_rng.h — numpy.random.default_rng(seed): SeedSequence -> PCG64 -> Generator.
 *
 * Bit for bit with NumPy 1.24 (and 2.x, whose streams are the same).
 * Facts: ../shared/specs/random-streams.md.
 */
#ifndef GB_NUMPY_RNG_H
#define GB_NUMPY_RNG_H

#include <stddef.h>
#include <stdint.h>

struct numpy_gen {
    unsigned __int128 state;
    unsigned __int128 inc;
    int has_uint32;           /* buffered high half for 32-bit draws */
    uint32_t uinteger;
};

/* default_rng(seed) for a non-negative integer seed below 2^64. */
void numpy_gen_seed(struct numpy_gen *g, uint64_t seed);
uint64_t numpy_gen_next64(struct numpy_gen *g);
uint32_t numpy_gen_next32(struct numpy_gen *g);
double numpy_gen_random(struct numpy_gen *g);                 /* Generator.random() */
/* integers(0, n) and choice(list of n): Lemire's bounded draw (32-bit words
 * for n <= 2^32, 64-bit above); n 0 or 1 draws nothing and gives 0. */
uint64_t numpy_gen_integers(struct numpy_gen *g, uint64_t n);
/* choice(range(pop), k, replace=False) -> out[k], in numpy's order (Floyd's
 * algorithm then a shuffle; for pop > 10000 and k > pop/50, numpy's tail
 * shuffle of the whole range).  Returns -1, drawing nothing, if k > pop or
 * memory for that tail shuffle runs out; 0 otherwise. */
int numpy_gen_choice_noreplace(struct numpy_gen *g, size_t pop, size_t k, size_t *out);

#endif
