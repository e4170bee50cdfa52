/* seed_map.c — the keyed seed bijection of the integrity rerun (see seed_map.h). */
#include "rng/seed_map.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEED_MAP_ROUNDS 8

static struct seed_map_key current;
static int current_set;

static uint64_t mix64(uint64_t z)
{
    z ^= z >> 30;
    z *= 0xbf58476d1ce4e5b9u;
    z ^= z >> 27;
    z *= 0x94d049bb133111ebu;
    z ^= z >> 31;
    return z;
}

static uint32_t round_fn(const struct seed_map_key *key, int round, uint32_t half)
{
    uint64_t in = key->k[round & 1] ^ ((uint64_t)(round + 1) << 32 | half);

    return (uint32_t)(mix64(in) & 0xffffu);
}

uint64_t seed_map_with(const struct seed_map_key *key, uint64_t seed)
{
    uint32_t left, right;

    if (seed >> 32)
        return seed;
    left = (uint32_t)(seed >> 16);
    right = (uint32_t)(seed & 0xffffu);
    for (int i = 0; i < SEED_MAP_ROUNDS; i++) {
        uint32_t next = left ^ round_fn(key, i, right);
        left = right;
        right = next;
    }
    return (uint64_t)left << 16 | right;
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

int seed_map_parse(const char *hex, struct seed_map_key *key, struct gb_err *err)
{
    if (!hex || strlen(hex) != SEED_MAP_KEY_HEX)
        return gb_fail(err, "a seed-map key is %d hexadecimal digits", SEED_MAP_KEY_HEX);
    memset(key, 0, sizeof *key);
    for (int i = 0; i < SEED_MAP_KEY_HEX; i++) {
        int d = hex_digit(hex[i]);
        if (d < 0)
            return gb_fail(err, "a seed-map key is %d hexadecimal digits ('%c' is not one)",
                           SEED_MAP_KEY_HEX, hex[i]);
        key->k[i / 16] = key->k[i / 16] << 4 | (uint64_t)d;
    }
    return 0;
}

void seed_map_format(const struct seed_map_key *key, char out[SEED_MAP_KEY_HEX + 1])
{
    snprintf(out, SEED_MAP_KEY_HEX + 1, "%016llx%016llx", (unsigned long long)key->k[0],
             (unsigned long long)key->k[1]);
}

void seed_map_set(const struct seed_map_key *key)
{
    current_set = key != NULL;
    if (key)
        current = *key;
}

uint64_t seed_map_apply(uint64_t seed)
{
    return current_set ? seed_map_with(&current, seed) : seed;
}

int seed_map_main(int argc, char **argv)
{
    struct seed_map_key key;
    struct gb_err err;

    if (argc < 3) {
        fprintf(stderr, "usage: reference seed-map KEY SEED...\n");
        return 2;
    }
    if (seed_map_parse(argv[1], &key, &err)) {
        fprintf(stderr, "reference seed-map: %s\n", err.msg);
        return 2;
    }
    for (int i = 2; i < argc; i++) {
        char *end;
        unsigned long long seed;

        errno = 0;
        seed = strtoull(argv[i], &end, 10);
        if (errno || end == argv[i] || *end || argv[i][0] == '-') {
            fprintf(stderr, "reference seed-map: '%s' is not a seed (0 to 2^64-1)\n", argv[i]);
            return 2;
        }
        printf("%llu\n", (unsigned long long)seed_map_with(&key, seed));
    }
    return fflush(stdout) ? 1 : 0;
}
