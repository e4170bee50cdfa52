/* seed_map.h — the secret seed remapping of the integrity rerun, reference side.
 *
 * The grader may run a submission a second time with every seeding call
 * (torch.manual_seed, torch.Generator().manual_seed, default_rng(seed), ...)
 * passed through a keyed bijection of the seed space (grader/shims/
 * sitecustomize.py does it in the student's process).  The reference then has
 * to draw the same streams: numpy_gen_seed() and torch_gen_seed_runtime() pass
 * their seed through seed_map_apply(), which is the identity until a key is set.
 *
 * The map: seeds in [0, 2^32) go through an 8-round Feistel network on two
 * 16-bit halves whose round function mixes the 128-bit key (splitmix64's
 * finaliser); every other seed is left as it is (torch's default seed
 * 67280421310721, seeds no course code uses).  A Feistel network is a
 * permutation whatever its round function, so distinct seeds stay distinct,
 * and 32-bit seeds stay 32-bit (np.random.seed refuses larger ones).
 * The Python side must compute exactly this function: tests/unit/rng/
 * test_seed_map.c holds values the shim is checked against too
 * (tests/e2e/rerun_vs_torch.sh).
 *
 * The key is process state, set before any stream is drawn and not changed
 * while experiments run (memory_lab's pool threads read it too).
 */
#ifndef GB_SEED_MAP_H
#define GB_SEED_MAP_H

#include <stdint.h>

#include "error.h"

#define SEED_MAP_KEY_HEX 32          /* a key is 32 hexadecimal digits (128 bits) */

struct seed_map_key {
    uint64_t k[2];
};

/* Parses 32 hex digits; a usage sentence in err otherwise. */
int seed_map_parse(const char *hex, struct seed_map_key *key, struct gb_err *err);
/* Writes the key as 32 lowercase hex digits and a NUL into out[33]. */
void seed_map_format(const struct seed_map_key *key, char out[SEED_MAP_KEY_HEX + 1]);

/* The map under an explicit key (pure; what the tests compare). */
uint64_t seed_map_with(const struct seed_map_key *key, uint64_t seed);

/* The process's map: set (key non-NULL) or back to the identity (NULL). */
void seed_map_set(const struct seed_map_key *key);
/* The seed as the process's map sends it; the identity when no key is set. */
uint64_t seed_map_apply(uint64_t seed);

/* `reference seed-map KEY SEED...`: each seed as KEY's map sends it, one per line
 * (what the shim's Python twin is compared with). */
int seed_map_main(int argc, char **argv);

#endif
