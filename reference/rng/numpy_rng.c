/* numpy_rng.c — numpy.random.default_rng: SeedSequence hashing, the PCG64
 * (XSL-RR 128/64) bit generator, and the Generator methods the course uses:
 * random(), integers(0, n) / choice(list) and choice(list, k, replace=False).
 * Facts and their provenance: ../shared/specs/random-streams.md.
 */
#include "rng/numpy_rng.h"
#include "rng/seed_map.h"

#include <stdlib.h>
#include <string.h>

/* ---- SeedSequence(seed).generate_state(4, uint64) ---- */

#define SS_POOL 4
#define SS_INIT_A 0x43b0d7e5u
#define SS_MULT_A 0x931e8875u
#define SS_INIT_B 0x8b51f9ddu
#define SS_MULT_B 0x58f38dedu
#define SS_MIX_L 0xca01f9ddu
#define SS_MIX_R 0x4973f715u

static uint32_t ss_hashmix(uint32_t v, uint32_t *hc)
{
    v ^= *hc;
    *hc *= SS_MULT_A;
    v *= *hc;
    return v ^ (v >> 16);
}

static uint32_t ss_mix(uint32_t x, uint32_t y)
{
    uint32_t r = SS_MIX_L * x - SS_MIX_R * y;

    return r ^ (r >> 16);
}

static void seed_sequence(uint64_t seed, uint64_t out[4])
{
    uint32_t words[2] = { (uint32_t)seed, (uint32_t)(seed >> 32) };
    size_t nwords = seed >> 32 ? 2 : 1;     /* the seed as 32-bit words, 0 -> [0] */
    uint32_t pool[SS_POOL], state[8], hc = SS_INIT_A, hb = SS_INIT_B;

    for (size_t i = 0; i < SS_POOL; i++)
        pool[i] = ss_hashmix(i < nwords ? words[i] : 0, &hc);
    for (size_t src = 0; src < SS_POOL; src++)
        for (size_t dst = 0; dst < SS_POOL; dst++)
            if (src != dst)
                pool[dst] = ss_mix(pool[dst], ss_hashmix(pool[src], &hc));
    /* Seeds here are at most two words, so no word lies beyond the pool. */
    for (size_t i = 0; i < 8; i++) {
        uint32_t v = pool[i % SS_POOL] ^ hb;

        hb *= SS_MULT_B;
        v *= hb;
        state[i] = v ^ (v >> 16);
    }
    for (size_t i = 0; i < 4; i++)
        out[i] = (uint64_t)state[2 * i] | (uint64_t)state[2 * i + 1] << 32;
}

/* ---- PCG64 ---- */

#define PCG_MULT (((unsigned __int128)0x2360ED051FC65DA4u << 64) | 0x4385DF649FCCF645u)

static void pcg_step(struct numpy_gen *g)
{
    g->state = g->state * PCG_MULT + g->inc;
}

void numpy_gen_seed(struct numpy_gen *g, uint64_t seed)
{
    uint64_t s[4];
    unsigned __int128 initstate, initseq;

    seed_sequence(seed_map_apply(seed), s);   /* the integrity rerun (seed_map.h) */
    initstate = (unsigned __int128)s[0] << 64 | s[1];
    initseq = (unsigned __int128)s[2] << 64 | s[3];
    memset(g, 0, sizeof *g);
    g->inc = (initseq << 1) | 1;
    pcg_step(g);
    g->state += initstate;
    pcg_step(g);
}

uint64_t numpy_gen_next64(struct numpy_gen *g)
{
    uint64_t hi, lo;
    unsigned rot;

    pcg_step(g);
    hi = (uint64_t)(g->state >> 64);
    lo = (uint64_t)g->state;
    rot = (unsigned)(hi >> 58);
    lo ^= hi;
    return (lo >> rot) | (lo << ((64 - rot) & 63));
}

/* 32-bit draws use both halves of a 64-bit word; the spare half waits in a
 * buffer that interleaved 64-bit draws (random()) do not disturb. */
uint32_t numpy_gen_next32(struct numpy_gen *g)
{
    uint64_t v;

    if (g->has_uint32) {
        g->has_uint32 = 0;
        return g->uinteger;
    }
    v = numpy_gen_next64(g);
    g->has_uint32 = 1;
    g->uinteger = (uint32_t)(v >> 32);
    return (uint32_t)v;
}

double numpy_gen_random(struct numpy_gen *g)
{
    return (double)(numpy_gen_next64(g) >> 11) * (1.0 / 9007199254740992.0);
}

/* Lemire's nearly-divisionless bounded draw on [0, rng], as numpy's
 * random_bounded_uint64 without masking. */
static uint64_t bounded(struct numpy_gen *g, uint64_t rng)
{
    if (rng == 0)
        return 0;
    if (rng <= UINT32_MAX) {
        uint32_t excl = (uint32_t)rng + 1;
        uint64_t m;

        if (rng == UINT32_MAX)
            return numpy_gen_next32(g);
        m = (uint64_t)numpy_gen_next32(g) * excl;
        if ((uint32_t)m < excl) {
            uint32_t threshold = (UINT32_MAX - (uint32_t)rng) % excl;

            while ((uint32_t)m < threshold)
                m = (uint64_t)numpy_gen_next32(g) * excl;
        }
        return m >> 32;
    }
    if (rng == UINT64_MAX)
        return numpy_gen_next64(g);
    {
        uint64_t excl = rng + 1;
        unsigned __int128 m = (unsigned __int128)numpy_gen_next64(g) * excl;

        if ((uint64_t)m < excl) {
            uint64_t threshold = (UINT64_MAX - rng) % excl;

            while ((uint64_t)m < threshold)
                m = (unsigned __int128)numpy_gen_next64(g) * excl;
        }
        return (uint64_t)(m >> 64);
    }
}

uint64_t numpy_gen_integers(struct numpy_gen *g, uint64_t n)
{
    return n ? bounded(g, n - 1) : 0;
}

/* Fisher–Yates over data[first..n): numpy's _shuffle_int. */
static void shuffle_tail(struct numpy_gen *g, size_t *data, size_t n, size_t first)
{
    for (size_t i = n; i-- > first;) {
        size_t j = (size_t)bounded(g, i), t = data[j];

        data[j] = data[i];
        data[i] = t;
    }
}

/* The values Floyd's algorithm has taken so far: a linear scan while few, an
 * open-addressing hash set (as numpy uses) once a scan would cost k^2. */
struct taken {
    size_t *slot;             /* NULL: scan picked[0..n) instead */
    size_t mask;
};

#define TAKEN_EMPTY SIZE_MAX
#define TAKEN_SCAN_MAX 64

static int taken_init(struct taken *t, size_t k)
{
    size_t size = 1;

    t->slot = NULL;
    if (k <= TAKEN_SCAN_MAX)
        return 0;
    while (size < k + k / 4 + 1)
        size <<= 1;
    t->slot = malloc(size * sizeof *t->slot);
    if (!t->slot)
        return -1;
    memset(t->slot, 0xff, size * sizeof *t->slot);
    t->mask = size - 1;
    return 0;
}

/* Adds v; returns 1 if it was already there. */
static int taken_add(struct taken *t, const size_t *picked, size_t n, size_t v)
{
    size_t at;

    if (!t->slot) {
        for (size_t i = 0; i < n; i++)
            if (picked[i] == v)
                return 1;
        return 0;
    }
    for (at = v & t->mask; t->slot[at] != TAKEN_EMPTY; at = (at + 1) & t->mask)
        if (t->slot[at] == v)
            return 1;
    t->slot[at] = v;
    return 0;
}

int numpy_gen_choice_noreplace(struct numpy_gen *g, size_t pop, size_t k, size_t *out)
{
    struct taken t;

    if (k > pop)
        return -1;
    if (k == 0)
        return 0;
    if (pop > 10000 && k > pop / 50) {
        /* numpy's large-sample branch: shuffle the tail of the whole range. */
        size_t *all = malloc(pop * sizeof *all);

        if (!all)
            return -1;
        for (size_t i = 0; i < pop; i++)
            all[i] = i;
        shuffle_tail(g, all, pop, pop - k > 1 ? pop - k : 1);
        memcpy(out, all + (pop - k), k * sizeof *out);
        free(all);
        return 0;
    }
    if (taken_init(&t, k))
        return -1;
    /* Floyd's algorithm: j itself is never taken yet when v was. */
    for (size_t j = pop - k; j < pop; j++) {
        size_t v = (size_t)bounded(g, j), i = j - (pop - k);

        out[i] = taken_add(&t, out, i, v) ? j : v;
        if (out[i] == j && t.slot)
            taken_add(&t, out, i, j);
    }
    free(t.slot);
    shuffle_tail(g, out, k, 1);
    return 0;
}
