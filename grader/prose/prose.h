/* prose.h — sentences and keywords in what students write in words: source
 * comments and the self-check answers.
 *
 * A sentence ends at '.', '!' or '?' followed by space or the end ("0.500"
 * does not end one; nor does the point of "e.g.", "i.e.", "vs.", "approx.",
 * "cf.", "No. 3" or "etc. and"), at a blank line, and before a Markdown list
 * item.  A
 * keyword matches case-insensitively at the start of a word, so "memoris"
 * matches "memorised" and "memorisation"; a trailing '$' asks for a whole
 * word ("not$" does not match "note"); a leading '#' asks for a number of
 * that value in any notation ("#0.5" matches 0.5, 0.500 and 50%).
 */
#ifndef GB_PROSE_H
#define GB_PROSE_H

#include <stddef.h>

#include "error.h"
#include "prose/prose_scope.h"
#include "score/rubric.h"

struct prose_sentence {
    size_t start, end;       /* byte span in the text */
    size_t line;             /* 1-based line of its first byte */
};

struct prose {
    const char *text;        /* not owned */
    size_t len;
    struct prose_sentence *s;
    size_t n;
};

int prose_split(const char *text, size_t len, struct prose *out, struct gb_err *err);
void prose_free(struct prose *p);

/* Words in text[0..len): runs of letters or digits. */
size_t prose_word_count(const char *text, size_t len);

/* Is text English enough for the rubric's English keywords to read it?  At
 * least one common English word (prose_lexicon_english_common) in every
 * prose_lexicon_readable_words words; a text of fewer than
 * prose_lexicon_readable_min words counts as readable.
 * A text written in another language ("la blame se multiplica por 0.49 en
 * cada paso") is not: a check that misses its idea there asks a reviewer. */
int prose_readable(const char *text, size_t len);
int prose_keyword_in(const char *text, size_t len, const char *keyword);
/* The first match of a word keyword (not a '#' number) at or after `from`:
 * returns 1 and sets *at and *n (the matched bytes), or 0. */
int prose_keyword_at(const char *text, size_t len, const char *keyword, size_t from,
                     size_t *at, size_t *n);
/* Does any keyword of the group occur?  Returns the index of the first match or -1. */
int prose_group_in(const char *text, size_t len, const struct rubric_strings *group);

/* Do sentences [i, i + w) carry every keyword group? */
int prose_window_has_ideas(const struct prose *p, const struct rubric_strings *groups,
                           size_t n_groups, size_t i, size_t w);

/* Finds the smallest window of at most `window` consecutive sentences
 * carrying every keyword group; returns its first sentence index (and its
 * size in *used) or -1.  *missing is set to the group missing from the
 * nearest miss when no window carries them all. */
long prose_find_ideas(const struct prose *p, const struct rubric_strings *groups,
                      size_t n_groups, size_t window, size_t *used, size_t *missing);

/* The same search, reading each mention's stance (prose_scope.h): a window
 * says the idea when every group has a mention that is SAID.  A mention that
 * is itself a negator (the idea asks for one: "cannot learn from the first
 * tokens") must share its sentence with a mention of another group; when
 * the idea asks for a negation, its other mentions are not read for one.
 * A number after a comparative counts only when the idea compares too.
 * A sentence correcting a group away ("the accuracy column, not step 1")
 * while the window says it elsewhere is reported in aside: a human decides.
 * Returns 0, or -1 with err set when memory runs out. */
struct prose_ideas {
    long first;                  /* the tightest window saying every group, else -1 */
    size_t used;
    long near;                   /* else the first window naming every group, some */
    size_t near_used;            /* only UNSURE or DENIED (UNSURE preferred); else -1 */
    enum prose_stance stance;    /* that window's weakest stance */
    size_t group;                /* its weakest group */
    size_t from, to;             /* that group's strongest mention in p->text */
    size_t missing;              /* the group missing from the nearest miss */
    long aside;                  /* when first >= 0: a sentence outside the window that */
    size_t aside_from, aside_to; /* sets a group aside ("..., not step 1") and says none */
};                               /* of it, with the tag's bytes; else -1 */

int prose_find_ideas_scoped(const struct prose *p, const struct rubric_strings *groups,
                            size_t n_groups, size_t window, struct prose_ideas *out,
                            struct gb_err *err);

#endif
