/* runtime.h — what the student runtime is, and which shims it needs.
 *
 * The grader runs submissions with a trusted interpreter (default
 * /usr/bin/python3).  runtime_probe() asks it once for the python, torch and
 * numpy versions and whether torch.nn.functional.scaled_dot_product_attention
 * exists; reports name these, and runtime_shim_dir() says which shim directory
 * the student process needs.  The same probe says what of the host the
 * sandbox must show for the interpreter to run (runtime.paths).  Probing imports torch (about a second), so the
 * answer is cached per interpreter and reused until the interpreter or any of
 * its module directories changes (a cache hit is a handful of stat calls).
 */
#ifndef GB_RUNTIME_H
#define GB_RUNTIME_H

#include "error.h"

struct runtime {
    char *python_path;    /* the interpreter as configured */
    char *python;         /* "3.11.2" */
    char *torch;          /* "1.13.0a0", NULL when torch cannot be imported */
    char *numpy;          /* "1.24.2", NULL when numpy cannot be imported */
    int has_sdpa;         /* torch.nn.functional.scaled_dot_product_attention exists */
    /* What the sandbox must show for the interpreter to run, besides the
     * interpreter itself and the loader (sandbox.h, ro_paths): its module
     * directories and the shared objects and data files it loaded, as it
     * reported them.  NULL-terminated; never empty after a probe. */
    char **paths;
    size_t n_paths;
    int from_cache;       /* 1 when the answer came from the cache */
};

/* The shim that supplies scaled_dot_product_attention on torch < 2.0. */
#define RUNTIME_SHIM_SDPA "torch.nn.functional.scaled_dot_product_attention"
/* A shim that is called appends its name (one per line) to this file in the
 * submission's work dir (grader/shims/sitecustomize.py writes it), so a
 * report lists only the shims a submission really used. */
#define RUNTIME_SHIM_USED_FILE ".gradebox-shims-used"

/* Probes `python` (an absolute path).  cache_dir NULL means the default:
 * $GRADEBOX_CACHE, else $XDG_CACHE_HOME/gradebox, else $HOME/.cache/gradebox;
 * "" disables the cache.  An unusable cache is never an error. */
int runtime_probe(const char *python, const char *cache_dir, struct runtime *rt,
                  struct gb_err *err);
/* The triage of a run that stopped at an import, from its traceback's
 * tail: what the grading runtime has, with the versions the probe found
 * ("the grading runtime has Python 3.11, numpy 1.24, torch 1.13 and the
 * standard library; matplotlib is not available — remove the import or
 * guard it"), and what the script asked for that it lacks.  *advice is NULL
 * when the tail shows no failed import (ModuleNotFoundError, ImportError);
 * the caller frees it.  python/numpy/torch may be NULL (not installed). */
int runtime_import_advice(const char *python, const char *numpy, const char *torch,
                          const char *crash_tail, char **advice, struct gb_err *err);

/* 1 when the runtime needs the scaled_dot_product_attention shim. */
int runtime_needs_sdpa_shim(const struct runtime *rt);
void runtime_free(struct runtime *rt);

#endif
