/* nn_isa.c — picking the engine's vector path (see nn_isa.h). */
#include "nn/nn_isa.h"

#include <string.h>

static const char *const names[] = { "portable", "avx2", "avx512" };

/* -1: not decided yet.  Written once before any worker thread starts
 * (nn_isa_force, or the first nn_isa() call), read with relaxed atomics. */
static int chosen = -1;

enum nn_isa nn_isa_best(void)
{
#if defined(__x86_64__)
    /* libgcc's test includes the OS's XCR0 state for the wider registers */
    if (__builtin_cpu_supports("avx512f"))
        return NN_ISA_AVX512;
    if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return NN_ISA_AVX2;
#endif
    return NN_ISA_PORTABLE;
}

const char *nn_isa_name(enum nn_isa isa)
{
    return (unsigned)isa < sizeof names / sizeof names[0] ? names[isa] : "unknown";
}

int nn_isa_parse(const char *name)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(name, names[i]))
            return (int)i;
    return -1;
}

int nn_isa_force(enum nn_isa isa, struct gb_err *err)
{
    if ((int)isa < 0 || isa > nn_isa_best())
        return gb_fail(err, "this CPU cannot run the engine's %s path (the widest it runs is %s)",
                       nn_isa_name(isa), nn_isa_name(nn_isa_best()));
    __atomic_store_n(&chosen, (int)isa, __ATOMIC_RELAXED);
    return 0;
}

enum nn_isa nn_isa(void)
{
    int isa = __atomic_load_n(&chosen, __ATOMIC_RELAXED);
    if (isa < 0) {
        isa = (int)nn_isa_best();
        __atomic_store_n(&chosen, isa, __ATOMIC_RELAXED);
    }
    return (enum nn_isa)isa;
}
