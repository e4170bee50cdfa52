/* test_seed_map.c — Check suite for reference/rng/seed_map: the integrity rerun's
 * keyed seed bijection, and that every seeding primitive consults it.
 * (The shim's Python twin is compared with `reference seed-map` in
 * tests/e2e/rerun_vs_torch.sh.) */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "rng/numpy_rng.h"
#include "rng/seed_map.h"
#include "rng/torch_rng.h"

static const char *const KEY_A = "0123456789abcdef0f1e2d3c4b5a6978";
static const char *const KEY_B = "fedcba98765432100123456789abcdef";

static struct seed_map_key key_of(const char *hex)
{
    struct seed_map_key k;
    struct gb_err err;

    ck_assert_int_eq(seed_map_parse(hex, &k, &err), 0);
    return k;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return x < y ? -1 : x > y;
}

/* Distinct seeds stay distinct (a quarter of a million, spread over the range),
 * stay below 2^32, and most of them move. */
START_TEST(test_a_permutation_of_32_bit_seeds)
{
    enum { N = 1 << 18 };
    struct seed_map_key k = key_of(KEY_A);
    uint64_t *out = malloc(N * sizeof *out);
    size_t moved = 0;

    ck_assert_ptr_nonnull(out);
    for (uint64_t i = 0; i < N; i++) {
        uint64_t seed = i < N / 2 ? i : i * 16381u;      /* small seeds, and spread ones */
        out[i] = seed_map_with(&k, seed);
        moved += out[i] != seed;
    }
    ck_assert_uint_lt(out[0] | out[N - 1], (uint64_t)1 << 32);
    qsort(out, N, sizeof *out, cmp_u64);
    for (size_t i = 1; i < N; i++)
        if (out[i] == out[i - 1])
            ck_abort_msg("two seeds map to %llu", (unsigned long long)out[i]);
    ck_assert_uint_lt(out[N - 1], (uint64_t)1 << 32);   /* sorted: the largest */
    ck_assert_uint_gt(moved, N - N / 1000);
    free(out);
}
END_TEST

START_TEST(test_other_seeds_and_no_key_are_the_identity)
{
    struct seed_map_key k = key_of(KEY_A);
    const uint64_t big[] = { (uint64_t)1 << 32, 67280421310721u, UINT64_MAX };

    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
        ck_assert_uint_eq(seed_map_with(&k, big[i]), big[i]);
    seed_map_set(NULL);
    ck_assert_uint_eq(seed_map_apply(7), 7);
    seed_map_set(&k);
    ck_assert_uint_eq(seed_map_apply(7), seed_map_with(&k, 7));
    ck_assert_uint_ne(seed_map_apply(7), 7);
    seed_map_set(NULL);
    ck_assert_uint_eq(seed_map_apply(7), 7);
}
END_TEST

START_TEST(test_keys_give_different_maps)
{
    struct seed_map_key a = key_of(KEY_A), b = key_of(KEY_B);
    size_t same = 0;

    for (uint64_t s = 0; s < 1000; s++)
        same += seed_map_with(&a, s) == seed_map_with(&b, s);
    ck_assert_uint_lt(same, 3);
}
END_TEST

START_TEST(test_keys_parse_and_format)
{
    struct seed_map_key k;
    struct gb_err err;
    char hex[SEED_MAP_KEY_HEX + 1];

    k = key_of(KEY_A);
    seed_map_format(&k, hex);
    ck_assert_str_eq(hex, KEY_A);
    k = key_of("0123456789ABCDEF0F1E2D3C4B5A6978");
    seed_map_format(&k, hex);
    ck_assert_str_eq(hex, KEY_A);
    ck_assert_int_eq(seed_map_parse("0123", &k, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "32 hexadecimal digits"));
    ck_assert_int_eq(seed_map_parse("0123456789abcdef0f1e2d3c4b5a697g", &k, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.msg, "'g'"));
    ck_assert_int_eq(seed_map_parse(NULL, &k, &err), -1);
}
END_TEST

/* default_rng(seed), manual_seed(seed) and Generator().manual_seed(seed) all
 * draw the stream of the mapped seed while a key is set. */
START_TEST(test_every_seeding_primitive_consults_the_map)
{
    struct seed_map_key k = key_of(KEY_B);
    const uint64_t seeds[] = { 0, 1, 7, 11, 12, 31, 200 };

    for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        struct numpy_gen n_mapped, n_plain;
        struct torch_gen t_mapped, t_plain;
        uint64_t to = seed_map_with(&k, seeds[i]);

        seed_map_set(&k);
        numpy_gen_seed(&n_mapped, seeds[i]);
        torch_gen_seed(&t_mapped, seeds[i]);
        seed_map_set(NULL);
        numpy_gen_seed(&n_plain, to);
        torch_gen_seed(&t_plain, to);
        for (int d = 0; d < 8; d++) {
            ck_assert_uint_eq(numpy_gen_next64(&n_mapped), numpy_gen_next64(&n_plain));
            ck_assert_uint_eq(torch_gen_random(&t_mapped), torch_gen_random(&t_plain));
        }
        numpy_gen_seed(&n_plain, seeds[i]);     /* and the unmapped stream is another */
        numpy_gen_seed(&n_mapped, to);
        ck_assert_uint_ne(numpy_gen_next64(&n_plain), numpy_gen_next64(&n_mapped));
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("seed_map");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, test_a_permutation_of_32_bit_seeds);
    tcase_add_test(tc, test_other_seeds_and_no_key_are_the_identity);
    tcase_add_test(tc, test_keys_give_different_maps);
    tcase_add_test(tc, test_keys_parse_and_format);
    tcase_add_test(tc, test_every_seeding_primitive_consults_the_map);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
