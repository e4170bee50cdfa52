/* batch_similar.h — pairs of submissions whose code is suspiciously alike.
 *
 * The MOSS method (Schleimer, Wilkerson, Aiken, "Winnowing: local algorithms
 * for document fingerprinting", SIGMOD 2003):
 *   1. tokenise the Python source and normalise it: comments and layout go,
 *      every name the student chose becomes V, every string S, every number
 *      N; keywords, operators and attribute names (.sum, .T) stay — so
 *      renaming variables, rewording comments or moving them hides nothing;
 *   2. hash every run of K tokens (a k-gram);
 *   3. winnow: in every window of W consecutive k-gram hashes keep the
 *      smallest, which guarantees any shared run of W+K-1 tokens is seen;
 *   4. compare fingerprint sets: a pair's score is the share of the smaller
 *      submission's fingerprints found in the other.
 * Fingerprints of the course's own files (the .py files in exercises/, and the sample
 * submission) and those shared by more than BATCH_SIMILAR_COMMON submissions
 * are common code and ignored, as MOSS does with base files and its -m limit.
 * The published sample solution (exercises/samples/EXERCISE.py) is also
 * compared with every submission on its own, before any fingerprint is common:
 * a submission scoring BATCH_SIMILAR_MIN_SCORE against it "matches the
 * published sample", however many students handed it in.
 * A score is a prompt for a human to look, never a verdict.
 */
#ifndef GB_BATCH_SIMILAR_H
#define GB_BATCH_SIMILAR_H

#include <stddef.h>
#include <stdint.h>

#include "batch/batch_store.h"
#include "error.h"

#define BATCH_SIMILAR_K 12           /* tokens per k-gram */
#define BATCH_SIMILAR_W 8            /* k-grams per winnowing window */
#define BATCH_SIMILAR_COMMON 10      /* shared by more submissions: common code */
#define BATCH_SIMILAR_MIN_SCORE 0.5
#define BATCH_SIMILAR_MIN_SHARED 8   /* fingerprints, so two tiny files are no match */

struct batch_fingerprints {
    uint64_t *v;                     /* sorted, unique */
    size_t n;
};

struct batch_pair {
    char *exercise;
    char *a, *b;                     /* student ids */
    double score;                    /* 0..1 */
    size_t shared;
};

/* A submission alike to the published sample of its exercise. */
struct batch_sample_match {
    char *exercise;
    char *student;
    double score;                    /* 0..1, as a pair's */
    size_t shared;
};

struct batch_similarity {
    struct batch_pair *v;            /* per exercise, highest score first */
    size_t n;
    struct batch_sample_match *samples;   /* per exercise, in the book's order */
    size_t n_samples;
};

/* The sample match of student's exercise, or NULL. */
const struct batch_sample_match *batch_similar_sample_match(const struct batch_similarity *s,
                                                            const char *student,
                                                            const char *exercise);

/* Normalised tokens, as text ("def V ( V ) : return V . sum ( )"), for tests
 * and for a human checking what was compared. */
int batch_similar_tokens(const char *src, size_t len, char **out, struct gb_err *err);
int batch_similar_fingerprint(const char *src, size_t len, struct batch_fingerprints *fp,
                              struct gb_err *err);
size_t batch_similar_shared(const struct batch_fingerprints *a, const struct batch_fingerprints *b);
void batch_fingerprints_free(struct batch_fingerprints *fp);

/* Which source lines of a and b lie in a run of BATCH_SIMILAR_K normalised
 * tokens that the other source has too (every shared run, not only the
 * winnowed fingerprints): what a side-by-side view highlights.  *la holds
 * one byte per line of a (index 0 is line 1), *na lines; the same for b. */
int batch_similar_shared_lines(const char *a, size_t alen, const char *b, size_t blen,
                               unsigned char **la, size_t *na, unsigned char **lb, size_t *nb,
                               struct gb_err *err);

/* Every Python exercise of the book; course_dir holds the course's files
 * (exercises/), samples_dir the published samples (NULL: course_dir/samples;
 * none there, no sample matches).  Unreadable sources are skipped. */
int batch_similar_find(const struct batch_book *book, const char *course_dir,
                       const char *samples_dir, struct batch_similarity *out,
                       struct gb_err *err);
void batch_similarity_free(struct batch_similarity *s);

#endif
