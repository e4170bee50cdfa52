/* sandbox_env.h — the command line and environment a sandboxed run sees.
 *
 * Shared by the run itself (sandbox.c) and the warm interpreter that may
 * start it (sandbox_zygote.c), so that both see exactly the same: host paths
 * into the work directory rewritten to SANDBOX_WORKDIR, and an allow-listed
 * environment with the spec's entries added — nothing of the grader's.
 */
#ifndef GB_SANDBOX_ENV_H
#define GB_SANDBOX_ENV_H

#include "error.h"
#include "sandbox/sandbox.h"

/* spec->argv with "<workdir>/..." rewritten to SANDBOX_WORKDIR "/...";
 * NULL-terminated, freed with sandbox_strv_free. */
char **sandbox_env_argv(const struct sandbox_spec *spec, struct gb_err *err);
/* The allow-listed base environment overridden by spec->env, one entry per
 * key; NULL-terminated, freed with sandbox_strv_free. */
char **sandbox_env_list(const struct sandbox_spec *spec, struct gb_err *err);
void sandbox_strv_free(char **v);

#endif
