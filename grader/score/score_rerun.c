/* score_rerun.c — judging the integrity rerun's three scorings (see score_rerun.h). */
#include "score/score_rerun.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "score/check_kind.h"

static int is_value_check(enum check_kind k)
{
    return k == CHECK_VALUE || k == CHECK_VECTOR || k == CHECK_EACH || k == CHECK_RELATION;
}

size_t score_rerun_comparable(const struct rubric *r, const struct grade_result *first)
{
    size_t n = 0;

    for (size_t i = 0; i < r->n_checks && i < first->n_checks; i++)
        n += is_value_check(r->checks[i].kind) && first->checks[i].verdict == VERDICT_PASS;
    return n;
}

/* How a compared check's rerun turned out. */
enum rerun_outcome {
    RERUN_FOLLOWED,        /* passes against the remapped values (or close: see NEAR) */
    RERUN_FAR,             /* another value, far from what the changed seeds give */
    RERUN_ABSENT,          /* not found in the rerun's output, or never printed */
    RERUN_REPLAYED         /* the same value printed again */
};

static enum rerun_outcome outcome_of(const struct check_result *c,
                                     const struct check_result *again)
{
    if (again->verdict == VERDICT_PASS)
        return RERUN_FOLLOWED;
    if (again->verdict == VERDICT_MISSING || again->verdict == VERDICT_UNREACHED)
        return RERUN_ABSENT;
    if (again->found && c->found && !strcmp(again->found, c->found))
        return RERUN_REPLAYED;
    /* It moved with the seeds: computed.  Code that differs a little from the
     * module's (another init of a bias, a wrong but nearby seed) passed the first
     * run within the tolerance and lands a few tolerances off under other seeds. */
    return again->deviation >= 0 && again->deviation <= SCORE_RERUN_NEAR ? RERUN_FOLLOWED
                                                                         : RERUN_FAR;
}

/* Sets (replayed) or extends (kept) c's message: what the rerun printed for it. */
static int say_not_followed(struct check_result *c, const struct check_result *again,
                            enum rerun_outcome how, const char *rerun_summary, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    int rc = how == RERUN_REPLAYED || !c->message ? 0
             : gb_buf_printf(&b, err, "%s. ", c->message);

    if (rc == 0 && how == RERUN_REPLAYED)
        rc = gb_buf_printf(&b, err, "printed the same %s when the data's seeds were changed: "
                           "the value was not computed by the code", c->found);
    else if (rc == 0 && how == RERUN_ABSENT)
        rc = gb_buf_printf(&b, err, "not confirmed: when the data's seeds were changed, the "
                           "grader found no value for it (the rerun %s); a human decides "
                           "whether this value is the code's result",
                           rerun_summary ? rerun_summary : "printed none");
    else if (rc == 0)
        rc = gb_buf_printf(&b, err, "not confirmed: when the data's seeds were changed it "
                           "printed %s, where they give %s; a human decides whether this "
                           "value is the code's result (honest training can be chaotic "
                           "under other seeds)", again->found ? again->found : "another value",
                           again->expected ? again->expected : "another value");
    if (rc) {
        gb_buf_free(&b);
        return -1;
    }
    free(c->message);
    c->message = gb_buf_steal(&b);
    return 0;
}

/* One value replayed shows that the run's numbers are not its code's: every
 * other value check that still scores fails with 0 points (a check scores its
 * points when it passes, and none otherwise: deliver's result_doc holds results
 * to that), and so does typed_output, whose claim ("computed, not typed") the
 * rerun has just disproved. */
static int gate_the_rest(const struct rubric *r, struct grade_result *first, const char *which,
                         struct gb_err *err)
{
    for (size_t i = 0; i < r->n_checks && i < first->n_checks; i++) {
        struct check_result *c = &first->checks[i];
        enum check_kind k = r->checks[i].kind;
        int typed = k == CHECK_TYPED_OUTPUT;
        struct gb_buf why = GB_BUF_INIT;
        int rc;

        if (!(typed ? c->verdict != VERDICT_FAIL : is_value_check(k) && c->verdict == VERDICT_PASS))
            continue;
        rc = gb_buf_printf(&why, err, "no points: %s printed the same values when the data's "
                           "seeds were changed, so %s", which, typed ?
                           "its numbers were typed, decoded or guessed, not computed" :
                           "this run's numbers are not its code's results") ||
             result_check_demote(first, c, VERDICT_FAIL, why.data, err);
        gb_buf_free(&why);
        if (rc)
            return -1;
    }
    return 0;
}

static int summarise(struct grade_result *first, const char *untested, struct gb_err *err)
{
    const struct integrity_info *in = &first->integrity;
    struct gb_buf b = GB_BUF_INIT;

    if (gb_buf_printf(&b, err, "two runs, the second with every seed changed by a secret map; "
                      "of the %zu value checks the first run passed, %zu followed the values "
                      "the changed seeds give, %zu did not", in->compared, in->followed,
                      in->not_followed)
        || (in->replayed
            && gb_buf_printf(&b, err, " (%zu printed the same value again and fail)",
                             in->replayed))
        || (in->not_followed > in->replayed
            && gb_buf_printf(&b, err, " (%zu moved far or were not found: review)",
                             in->not_followed - in->replayed))
        || (in->untestable
            && gb_buf_printf(&b, err, ", and %zu cannot be tested this way (%s: their "
                             "expected value does not depend on the seeds, or moves less than "
                             "its tolerance when they change)", in->untestable, untested))) {
        gb_buf_free(&b);
        return -1;
    }
    free(first->integrity.summary);
    first->integrity.summary = gb_buf_steal(&b);
    return 0;
}

/* "a, b, c and more": the first three checks of a kind, for messages. */
static int name_check(struct gb_buf *ids, size_t nth, const char *id, struct gb_err *err)
{
    if (nth > 4)
        return 0;
    if (nth == 4)
        return gb_buf_puts(ids, " and more", err);
    return gb_buf_printf(ids, err, "%s%s", nth > 1 ? ", " : "", id);
}

/* Counts one compared check and, when it did not follow, fails it. */
static int judge_one(struct grade_result *first, struct check_result *c,
                     const struct check_result *again, const struct check_result *crossed,
                     const char *rerun_summary, size_t *absent, struct gb_buf *untested,
                     struct gb_buf *replayed, struct gb_err *err)
{
    struct integrity_info *in = &first->integrity;
    enum rerun_outcome how;

    in->compared++;
    if (crossed->verdict == VERDICT_PASS) {
        in->untestable++;
        return name_check(untested, in->untestable, c->id, err);
    }
    how = outcome_of(c, again);
    if (how == RERUN_FOLLOWED) {
        in->followed++;
        return 0;
    }
    in->not_followed++;
    *absent += how == RERUN_ABSENT;
    if (how == RERUN_REPLAYED && name_check(replayed, ++in->replayed, c->id, err))
        return -1;
    first->score -= c->points;     /* say_not_followed writes the message */
    c->points = 0;
    c->verdict = how == RERUN_REPLAYED ? VERDICT_FAIL : VERDICT_REVIEW;
    return say_not_followed(c, again, how, rerun_summary, err);
}

/* A rerun in which most of the values it could be tested on did not follow
 * (stopped, or printed something else) may be a submission that knows which
 * run it is in: typed_output goes to a human, and so do the value checks the
 * rerun could not test (their values are this run's word only), their points
 * with them until then. */
static int review_unconfirmed(const struct rubric *r, struct grade_result *first,
                              size_t absent, struct gb_err *err)
{
    const struct integrity_info *in = &first->integrity;
    const char *typed_id = "computed_not_typed";

    for (size_t i = 0; i < r->n_checks; i++)
        if (r->checks[i].kind == CHECK_TYPED_OUTPUT)
            typed_id = r->checks[i].id;
    for (size_t i = 0; i < r->n_checks && i < first->n_checks; i++) {
        struct check_result *c = &first->checks[i];
        struct gb_buf why = GB_BUF_INIT;
        int typed = r->checks[i].kind == CHECK_TYPED_OUTPUT;
        int rc;

        if (c->verdict != VERDICT_PASS || !(typed || is_value_check(r->checks[i].kind)))
            continue;
        if (typed) {           /* its own sentence replaces the pass's */
            free(c->message);
            c->message = NULL;
            rc = gb_buf_printf(&why, err, "when the data's seeds were changed, %zu of the %zu "
                               "values that could be tested did not follow them (%zu not "
                               "found, %zu far from what the changed seeds give): is a run "
                               "that changes its data stopped or told apart on purpose? A "
                               "human decides", in->not_followed, in->compared - in->untestable,
                               absent, in->not_followed - absent);
        } else {
            rc = gb_buf_printf(&why, err, "waits for the review of %s: most values this run "
                               "could be tested on did not follow the changed seeds", typed_id);
        }
        rc = rc || result_check_demote(first, c, VERDICT_REVIEW, why.data, err);
        gb_buf_free(&why);
        if (rc)
            return -1;
    }
    return 0;
}

int score_rerun_judge(const struct rubric *r, struct grade_result *first,
                      const struct grade_result *second, const struct grade_result *cross,
                      const char *rerun_summary, struct gb_err *err)
{
    struct integrity_info *in = &first->integrity;
    struct gb_buf replayed = GB_BUF_INIT, untested = GB_BUF_INIT;
    size_t absent = 0;
    int rc = 0;

    if (second->n_checks != first->n_checks || cross->n_checks != first->n_checks)
        return gb_fail(err, "the rerun graded %zu checks and the first run %zu",
                       second->n_checks, first->n_checks);
    memset(in, 0, sizeof *in);
    in->runs = 2;
    for (size_t i = 0; rc == 0 && i < r->n_checks && i < first->n_checks; i++)
        if (is_value_check(r->checks[i].kind) && first->checks[i].verdict == VERDICT_PASS)
            rc = judge_one(first, &first->checks[i], &second->checks[i], &cross->checks[i],
                           rerun_summary, &absent, &untested, &replayed, err);
    if (rc == 0 && in->replayed)
        rc = gate_the_rest(r, first, replayed.data, err);
    else if (rc == 0 && in->not_followed && 2 * in->not_followed > in->compared - in->untestable)
        rc = review_unconfirmed(r, first, absent, err);
    if (rc == 0)
        rc = summarise(first, untested.data, err);
    gb_buf_free(&replayed);
    gb_buf_free(&untested);
    return rc;
}

int score_rerun_not_made(struct grade_result *result, const char *why, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;

    if (gb_buf_printf(&b, err, "one run: no rerun with changed seeds was made (%s)", why)) {
        gb_buf_free(&b);
        return -1;
    }
    free(result->integrity.summary);
    memset(&result->integrity, 0, sizeof result->integrity);
    result->integrity.runs = 1;
    result->integrity.summary = gb_buf_steal(&b);
    return 0;
}
