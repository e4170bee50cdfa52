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
#include "rubric.h"

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

#endif
