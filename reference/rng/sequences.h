/* sequences.h — the course's world from Step 1 (sequences.py): the 17-word
 * vocabulary, make_reviews(n, seed) bit for bit with NumPy, encoding to token
 * ids, bag-of-words counts, and the label of any review in the course grammar.
 *
 * The grammar: a review is two clauses joined by "and",
 *     SUBJECT was [very|not] OPINION and SUBJECT was [very|not] OPINION
 * A clause's sentiment is its opinion word's (POS positive, NEG negative),
 * flipped by "not" and kept by "very".  This is make_reviews' generative rule
 * read backwards: it writes the plain clause from the review's polarity and the
 * modified clause from the same pool ("very") or the opposite one ("not"), so
 * both clauses of every generated review carry the review's label.  A review
 * whose clauses disagree has no label.  make_reviews itself only writes
 * 8-token reviews with exactly one modifier and two different subjects; the
 * parser accepts the whole grammar and says whether a review is one of those.
 */
#ifndef GB_SEQUENCES_H
#define GB_SEQUENCES_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"

#define SEQ_VOCAB_SIZE 17
#define SEQ_REVIEW_LEN 8          /* every make_reviews row */
#define SEQ_MAX_TOKENS 9          /* the longest review in the grammar */

/* VOCAB = SUBJECTS + POS + NEG + ["was", "and", "very", "not"]; ids are STOI. */
enum seq_word {
    SEQ_DELIVERY, SEQ_SERVICE, SEQ_PACKING, SEQ_APP, SEQ_SUPPORT,
    SEQ_GOOD, SEQ_QUICK, SEQ_CLEAN, SEQ_HELPFUL,
    SEQ_BAD, SEQ_SLOW, SEQ_DIRTY, SEQ_RUDE,
    SEQ_WAS, SEQ_AND, SEQ_VERY, SEQ_NOT
};

extern const char *const sequences_vocab[SEQ_VOCAB_SIZE];

enum seq_kind { SEQ_KIND_VERY, SEQ_KIND_NOT };

struct seq_review {
    int ids[SEQ_REVIEW_LEN];      /* token ids (STOI) */
    int label;                    /* 1 = positive */
    enum seq_kind kind;           /* the modifier: "very" or "not" */
};

/* make_reviews(n, seed) into out[n] (caller-allocated). */
void sequences_make_reviews(size_t n, uint64_t seed, struct seq_review *out);

const char *sequences_kind_name(enum seq_kind kind);
/* STOI[word], or -1 for a word outside the vocabulary. */
int sequences_stoi(const char *word);
/* Token ids of n words; fails naming the first unknown word. */
int sequences_encode(const char *const *tokens, size_t n, int *ids, struct gb_err *err);
/* bag(): counts[SEQ_VOCAB_SIZE] of how often each word occurs in ids[n]. */
void sequences_bag(const int *ids, size_t n, float *counts);

struct seq_parsed {
    int label;                    /* 1 positive, 0 negative */
    int modifiers;                /* how many "very"/"not" (0..2) */
    int has_not;
    int generable;                /* make_reviews could write it: 8 tokens, one modifier,
                                     two different subjects */
    enum seq_kind kind;           /* the one modifier, when generable */
};

/* Parses a review in the course grammar and labels it, or fails with a sentence
 * a student can act on: unknown word, wrong shape, or clauses that disagree. */
int sequences_parse(const char *const *tokens, size_t n, struct seq_parsed *out,
                    struct gb_err *err);
/* The label alone: 1 positive, 0 negative. */
int sequences_label(const char *const *tokens, size_t n, int *label, struct gb_err *err);
/* A "twin pair" of Step 1: two valid reviews with identical bags of words and
 * opposite labels.  Fails saying which of those it is not. */
int sequences_check_twins(const char *const *a, size_t na, const char *const *b, size_t nb,
                          struct gb_err *err);

#endif
