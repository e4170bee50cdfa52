/* prose_claim.h — is a claim said of the right subject?
 *
 * Keyword groups (prose.h) tell that a sentence talks about an idea; they
 * cannot tell "h2 is the one-step memory" from "h1 is the one-step memory",
 * nor "they separate where the opinion word arrives" from "they separate
 * where not arrives".  Here every claim keyword is tied to one subject — a
 * rubric's right, wrong or other subject, or a number after one of its
 * number words ("step 3") — by how English binds them:
 *
 *   1. the nearest subject in the claim's clause (clauses end at , ; : ( )
 *      dashes and at "but", "while", "because", "rather than" ...);
 *   2. else the nearest earlier subject in its sentence, else a later one
 *      (not for a '#N' number claim: a number is said of a token named in
 *      its own clause, never of the last token of a positional list);
 *   3. else, when the clause says "it" or "this unit", the nearest subject
 *      of the sentences before it in the window.
 *
 * A claim negated in its clause ("h2 does not fade", "rather than fading",
 * "is no fluke", "hardly memorising"), or tied to a subject negated before it
 * in another clause ("..., not at the step where not arrives"), says
 * nothing.  Negation is read by prose_scope.h, the one reading every idea
 * uses; a claim it finds only perhaps negated earns no credit either.
 * Subjects and the word "not" quoted, or used as the token it names ("at
 * not", "not arrives", "saw-not"), are names: "the LSTM with no forget bias"
 * negates nothing.
 * With no subjects at all, a claim only has to be affirmed: RIGHT when one
 * occurs un-negated, WRONG when every one is negated ("it is not luck").
 * The rules are deliberately few, so an instructor can predict from the
 * rubric alone what a sentence is taken to say.
 */
#ifndef GB_PROSE_CLAIM_H
#define GB_PROSE_CLAIM_H

#include <stddef.h>

#include "prose/prose.h"
#include "score/rubric.h"

enum prose_claim_verdict {
    PROSE_CLAIM_NONE = 0,        /* no claim keyword tied to a right or wrong subject */
    PROSE_CLAIM_RIGHT,           /* a claim said of a right subject (or the right number) */
    PROSE_CLAIM_WRONG            /* a claim said of a wrong subject (or another number) */
};

struct prose_claim_spec {
    const struct rubric_strings *claim;   /* the claim's keywords */
    const struct rubric_about *about;     /* the subjects */
    double number;                        /* the right number, when about->has_number */
};

struct prose_claim_tie {
    enum prose_claim_verdict verdict;
    size_t claim_start, claim_end;        /* byte spans in the prose's text */
    size_t subject_start, subject_end;
};

/* Ties every claim keyword of sentences [first, first + n) of p to its
 * subject.  tie->verdict is PROSE_CLAIM_WRONG when any claim is said of a
 * wrong subject, else PROSE_CLAIM_RIGHT when one is said of a right subject,
 * else PROSE_CLAIM_NONE; the spans describe that tie.  Only the first
 * PROSE_CLAIM_MAX_BYTES of a window are read.  Returns -1 only when memory
 * runs out. */
#define PROSE_CLAIM_MAX_BYTES 8192
int prose_claim_judge(const struct prose *p, size_t first, size_t n,
                      const struct prose_claim_spec *spec, struct prose_claim_tie *tie,
                      struct gb_err *err);

#endif
