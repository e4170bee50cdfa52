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

void numpy_gen_seed(struct numpy_gen *g, uint64_t seed);      /* default_rng(seed) */
uint64_t numpy_gen_next64(struct numpy_gen *g);
uint32_t numpy_gen_next32(struct numpy_gen *g);
double numpy_gen_random(struct numpy_gen *g);                 /* Generator.random() */
uint64_t numpy_gen_integers(struct numpy_gen *g, uint64_t n); /* integers(0, n), choice(list of n) */
/* choice(range(pop), k, replace=False) -> out[k]. */
void numpy_gen_choice_noreplace(struct numpy_gen *g, size_t pop, size_t k, size_t *out);

#endif
