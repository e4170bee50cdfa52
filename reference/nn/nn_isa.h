/* nn_isa.h — which vector instruction set the engine's kernels run on.
 *
 * Every kernel of the engine (nn_gemm, nn_math) has three paths: portable C
 * with explicit fmaf(), AVX2+FMA (8 lanes) and AVX-512 (16 lanes).  They
 * compute the same bits: each output is one fixed chain of IEEE operations,
 * and wider vectors only compute more independent outputs at once, never
 * reorder a chain.  So the choice is a matter of speed, and the committed
 * expected values are the same on every x86-64 CPU (and any IEEE-754 machine
 * through the portable path).  test_nn and test_exp_memory force each path in
 * turn and compare bit for bit.
 *
 * The widest path the CPU (and the OS's saved register state) supports is
 * used unless a caller forces a narrower one (the `reference` command does
 * when GRADEBOX_NN_ISA=portable|avx2|avx512 is set).
 */
#ifndef GB_NN_ISA_H
#define GB_NN_ISA_H

#include "error.h"

enum nn_isa { NN_ISA_PORTABLE = 0, NN_ISA_AVX2 = 1, NN_ISA_AVX512 = 2 };

/* The path in use: the forced one, else the best. */
enum nn_isa nn_isa(void);
/* The widest path this CPU runs. */
enum nn_isa nn_isa_best(void);
/* Use `isa` from now on, in every thread (call it before starting threads).
 * Fails, changing nothing, when the CPU cannot run it. */
int nn_isa_force(enum nn_isa isa, struct gb_err *err);
/* "portable", "avx2", "avx512". */
const char *nn_isa_name(enum nn_isa isa);
/* Parses a name as above; -1 for anything else. */
int nn_isa_parse(const char *name);

#endif
