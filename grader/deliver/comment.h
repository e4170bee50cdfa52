/* comment.h — the feedback an LMS shows beside a score: a per-check summary
 * of a result, bounded, for the LTI AGS score's "comment".
 *
 *   attention_by_hand (needs_review)
 *   score: 4.5/13 points
 *   overridden: 9/13 points by ta1: <the note>      (grader review --override)
 *   late: handed in 2 days after the deadline: 20% off, 3.6/13 points
 *   not passed (3 of 14 checks):
 *   - qk_rude_self (0/0.5, fail): <why, or what was expected and found>
 *   …
 *   passed: 11 checks
 *
 * The same content as the Moodle worksheet's "Feedback comments" (every
 * check that did not pass with its points and why), so every LMS shows one
 * story.  Each check's line is cut at COMMENT_LINE_MAX bytes and the whole
 * at `max` bytes, on a character and line boundary, with a closing line
 * saying how many were left out.
 */
#ifndef GB_COMMENT_H
#define GB_COMMENT_H

#include <stddef.h>

#include "buf.h"
#include "deliver/result_doc.h"
#include "error.h"

#define COMMENT_LINE_MAX 300

int comment_summary(const struct result_doc *d, size_t max, struct gb_buf *out,
                    struct gb_err *err);

#endif
