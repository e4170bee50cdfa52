/* prose_scope.h — does a sentence affirm a keyword it mentions, or deny it?
 *
 * A keyword list cannot tell "clipping fixes exploding gradients" from "the
 * forget bias is not worth touching"; here a mention's stance is read from
 * the words of its clause (clauses end at , ; : ( ) dashes, sentence ends and
 * at "but", "because", "so", "which", "rather", "instead", "if" ...):
 *
 *   - a negator before it (not, no, never, without, cannot, nothing, neither,
 *     nor, none, hardly, fails to, any n't word, "rather than", "instead of")
 *     denies it: "not caused by the gain", "without measuring accuracy";
 *   - so does one just after it, past auxiliaries: "the forget bias is not
 *     worth touching", "the forget gate never lets memory through";
 *   - two negations cancel ("not blind to", "never fails to", "would not
 *     switch without measuring"), and "not only", "not just", "anything but",
 *     "other than" deny nothing;
 *   - a negator close by (at most 3 words between) or opening the clause
 *     ("No row attends most to itself") denies; one further away is UNSURE;
 *     "not necessarily" is UNSURE;
 *   - a number after a comparative ("more than 1", "above 0.5") is a bound,
 *     not that value.
 *   - words a caller marks as names (a rubric's subject, the token "not")
 *     negate nothing, and "without" or "no" before a name governs only its
 *     own phrase: "Without new evidence the mood unit weakens" is said.
 *
 * An idea may itself be a negation ("cannot learn from the first tokens"):
 * then the rubric keyword is the negator, and prose_scope_negation says
 * whether that negation stands ("not blind" cancels it, "not only" is none,
 * a bare contrast tag ", not the beginning" is UNSURE).
 */
#ifndef GB_PROSE_SCOPE_H
#define GB_PROSE_SCOPE_H

#include <stddef.h>

#include "error.h"

/* Ordered: a lower stance is a stronger statement of the idea. */
enum prose_stance {
    PROSE_SAID = 0,      /* affirmed (or the negation the idea asks for stands) */
    PROSE_UNSURE,        /* a negation may scope over it: a human decides */
    PROSE_DENIED,        /* negated in its clause, or a bound rather than a value */
    PROSE_ABSENT         /* not mentioned at all */
};

struct prose_scope_hit {
    enum prose_stance stance;
    size_t from, to;     /* bytes quoted for the student: the negator through the mention */
    int contrast;        /* denied by a bare contrast tag: "the accuracy column, not step 1" */
};

/* The stance of the mention t[at, at + n) of an ordinary keyword, in *out.
 * Every reading below returns 0, or -1 with err set when memory runs out
 * (never a guess: a stance read without memory would change a grade). */
int prose_scope_mention(const char *t, size_t len, size_t at, size_t n,
                        struct prose_scope_hit *out, struct gb_err *err);

/* A span of t that names a thing rather than saying something of it: a
 * rubric's subject ("the LSTM with no forget bias"), the course's token
 * ("the step where \"not\" arrives").  Its words are never negators. */
struct prose_scope_span {
    size_t from, to;
};

/* Which negators may deny a mention: any in its clause, or only those
 * before it — a subject is denied by "not h1" but not by "h1 doesn't reset",
 * where the negation belongs to the verb. */
enum prose_scope_reach { PROSE_SCOPE_CLAUSE, PROSE_SCOPE_BEFORE };

/* prose_scope_mention, with the words of spans named[0, n_named) read as
 * names, and negators within reach. */
int prose_scope_mention_named(const char *t, size_t len, size_t at, size_t n,
                              const struct prose_scope_span *named, size_t n_named,
                              enum prose_scope_reach reach, struct prose_scope_hit *out,
                              struct gb_err *err);

/* The stance of a mention that is itself a negator (the idea asks for one). */
int prose_scope_negation(const char *t, size_t len, size_t at, size_t n,
                         struct prose_scope_hit *out, struct gb_err *err);

/* Is the whole word starting at t[at] a negator ("not", "isn't", "never")? */
int prose_scope_negator_at(const char *t, size_t len, size_t at);

/* Is the negator at t[at] a contrast tag that sets aside the writer's own
 * choice, not a fact about the thing discussed?  "I'd show them the accuracy
 * column, not step 1" says nothing of what the model cannot learn, where
 * "it learns the end, not the beginning" may.  The answer in *own. */
int prose_scope_own_choice_tag(const char *t, size_t len, size_t at, int *own,
                               struct gb_err *err);

/* Is the number at t[at] a bound: "more than 1", "above 0.5", "at most 1"?
 * *bound says; *from is then where the comparison starts. */
int prose_scope_bound_at(const char *t, size_t len, size_t at, int *bound, size_t *from,
                         struct gb_err *err);

/* Does a rubric keyword itself carry a negation ("cannot", "not$", "didn't
 * change") or a comparison ("more than", "above", "at most")? */
int prose_scope_keyword_negates(const char *kw);
int prose_scope_keyword_compares(const char *kw);

#endif
