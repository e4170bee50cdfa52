/* answers_outline.h — which part of an answers document answers which
 * question, however the student laid it out.
 *
 * answers_doc_find() finds a section under a heading that names it ("## Q3",
 * "## Question 3", "**Q3.** ...").  Students who never read the grader's
 * conventions write their answers.md every other way too:
 *   - headings named after the question's type ("# interpretation",
 *     "## Explain to a friend") or its follow-up ("### Follow-up — so why
 *     did everyone move to attention?");
 *   - no headings at all: numbered paragraphs ("1. the model can only
 *     learn ...", "7. so why did everyone move ..."), "**Q1 (interpretation).**"
 *     labels, or "Q: ... / A: ..." pairs;
 *   - the module's "explain to a friend" task and its follow-up answered as
 *     one section, the follow-up opened by a bold line, a quoted question or
 *     a sentence ("If my friend then asks why everyone moved to attention,
 *     ...").
 * A human grader reads all of these by what each part says it answers: its
 * number in the document's own numbering, the question's type, the words
 * of the question.  The rubric declares those per section (rubrics/README.md,
 * "sections"), and answers_outline_find() tries, in order: the section's
 * name, then its aliases, as headings or line labels (answers_doc_find);
 * then the document's own numbering; and a section that is often written
 * inside another ("inside") is cut out of that one where one of its aliases
 * opens a line.  The host section then ends where its guest begins, so the
 * friend's four sentences are counted without the follow-up's.
 */
#ifndef GB_ANSWERS_OUTLINE_H
#define GB_ANSWERS_OUTLINE_H

#include <stddef.h>

#include "prose/answers_doc.h"

struct answers_spec {
    const char *name;               /* "q1", "friend", "friend-attention" */
    const char *const *aliases;     /* "interpretation", "follow-up", ... */
    size_t n_aliases;
    int number;                     /* its place in the document's own numbering; 0 none */
    const char *inside;             /* the section it is often written inside, or NULL */
};

/* Finds section `name` (one of specs[0..n)) in doc[0..len).  Returns 0 and
 * fills *out, or -1 when the document does not answer it anywhere. */
int answers_outline_find(const char *doc, size_t len, const struct answers_spec *specs,
                         size_t n, const char *name, struct answers_section *out);

#endif
