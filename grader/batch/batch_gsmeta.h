/* batch_gsmeta.h — who a Gradescope submission belongs to.
 *
 * A Gradescope "Export Submissions" archive holds a folder per submission
 * (submission_987654/) and submission_metadata.yml, a YAML mapping from
 * those folder names to the submitters (":name:", ":sid:", ":email:").
 * Parsed with libyaml; unknown keys are ignored, since Gradescope adds
 * fields (scores, timestamps) over time.  A group submission's first
 * submitter keys it; the others are named in `others`.
 */
#ifndef GB_BATCH_GSMETA_H
#define GB_BATCH_GSMETA_H

#include <stddef.h>

#include "error.h"

struct batch_gs_submission {
    char *id;              /* "987654" (the digits of submission_987654) */
    char *sid;             /* student id, or NULL */
    char *name;
    char *email;
    char *others;          /* further submitters' names, comma-separated, or NULL */
};

struct batch_gsmeta {
    struct batch_gs_submission *v;
    size_t n;
};

int batch_gsmeta_parse(const char *yaml, size_t len, struct batch_gsmeta *m,
                       struct gb_err *err);
const struct batch_gs_submission *batch_gsmeta_find(const struct batch_gsmeta *m,
                                                    const char *id);
void batch_gsmeta_free(struct batch_gsmeta *m);

#endif
