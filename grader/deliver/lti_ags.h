/* lti_ags.h — LTI Assignment and Grade Services: a course's line items (one
 * gradebook column per assignment x exercise) and the URL a line item's
 * scores are POSTed to.
 *
 * A line item is looked up in the course's line items container by
 * resource_id (GET, application/vnd.ims.lis.v2.lineitemcontainer+json,
 * following rel="next" pages within the same origin); among the matches,
 * one tagged "gradebox" is preferred.  None found: it is created (POST,
 * application/vnd.ims.lis.v2.lineitem+json) with the resourceId, tag, label
 * and scoreMaximum of the pending score.  Its URL (the "id" the platform
 * gives it) is what gets cached.
 */
#ifndef GB_LTI_AGS_H
#define GB_LTI_AGS_H

#include <cjson/cJSON.h>

#include "deliver/lti_token.h"
#include "error.h"

#define LTI_TYPE_LINEITEM "application/vnd.ims.lis.v2.lineitem+json"
#define LTI_TYPE_LINEITEMS "application/vnd.ims.lis.v2.lineitemcontainer+json"

/* spec: {"resourceId", "tag", "label", "scoreMaximum"}.  *url is malloc'ed;
 * *created tells whether it was made just now. */
int lti_ags_lineitem(struct lti_client *c, const char *container, const cJSON *spec,
                     char **url, int *created, enum lti_fail *fail, struct gb_err *err);

/* A line item's scores endpoint: "/scores" appended to its path, its query
 * kept (".../lineitems/7/lineitem?type_id=2" -> ".../lineitem/scores?type_id=2"). */
int lti_ags_scores_url(const char *lineitem, char **scores, struct gb_err *err);

#endif
