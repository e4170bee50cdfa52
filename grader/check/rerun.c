/* rerun.c — the integrity rerun's policy, key and remapped expected values (see
 * rerun.h); pipeline.c makes the second run, score/score_rerun.c judges it. */
#include "check/rerun.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "exp/exp_gradient.h"
#include "exp/exp_memory.h"
#include "exp/exp_order.h"
#include "exp/expected_json.h"
#include "score/expected.h"

/* The reference experiment that fills each rerunnable exercise's primary
 * expected file.  memory_lab's trains every reading with its chaos twins on
 * every core (some 30 s here), so its rubric says "rerun": "option": the
 * student's own run takes minutes, and the rerun doubles them. */
static const struct {
    const char *exercise;
    int (*fill)(cJSON *values, struct gb_err *err);
} experiments[] = {
    { "order_matters", exp_order_values },
    { "gradient_decay", exp_gradient_values },
    { "memory_lab", exp_memory_fill },
};

/* The experiment that recomputes exercise's primary file, or NULL. */
static int (*experiment_of(const char *exercise))(cJSON *, struct gb_err *)
{
    for (size_t i = 0; i < sizeof experiments / sizeof experiments[0]; i++)
        if (!strcmp(experiments[i].exercise, exercise))
            return experiments[i].fill;
    return NULL;
}

int rerun_has_experiment(const char *exercise)
{
    return experiment_of(exercise) != NULL;
}

int rerun_wanted(const struct rubric *r, enum rerun_policy policy)
{
    if (r->mode != RUBRIC_MODE_RUN || r->rerun == RUBRIC_RERUN_NEVER)
        return 0;
    return policy == RERUN_ALL || (policy == RERUN_DEFAULT && r->rerun == RUBRIC_RERUN_DEFAULT);
}

int rerun_key_new(struct seed_map_key *key, struct gb_err *err)
{
    if (getrandom(key->k, sizeof key->k, 0) != (ssize_t)sizeof key->k)
        return gb_fail_errno(err, "cannot draw a key for the rerun's seeds");
    return 0;
}

int rerun_expected(const struct rubric *r, const struct seed_map_key *key,
                   struct expected **out, struct gb_err *err)
{
    int (*fill)(cJSON *, struct gb_err *) = experiment_of(r->exercise);
    cJSON *root, *values;
    int rc;

    *out = NULL;
    if (!fill)
        return gb_fail(err, "rubric %s asks for a rerun, but the reference has no experiment "
                       "for %s to compute its values under changed seeds", r->path, r->exercise);
    if (!(root = expected_json_new(r->exercise, &values)))
        return gb_fail(err, "out of memory computing the rerun's expected values");
    seed_map_set(key);
    rc = fill(values, err);
    seed_map_set(NULL);      /* every later stream in this process is the module's again */
    if (rc) {
        cJSON_Delete(root);
        return gb_err_prefix(err, "computing %s's values under changed seeds", r->exercise);
    }
    return expected_load_rubric_with(r, root, "the reference's values for the changed seeds",
                                     out, err);
}

