/* score_answers.c — the "answers" family of check kinds.  Interim: lands the
 * interface; the implementation follows on branch scoring. */
#include "score_answers.h"

int score_answers_check(const struct score_ctx *ctx, const struct rubric_check *ck,
                       struct score_outcome *o, struct gb_err *err)
{
    (void)ctx;
    (void)o;
    return gb_fail(err, "check kind '%s' is not implemented in this build yet",
                   check_kind_name(ck->kind));
}
