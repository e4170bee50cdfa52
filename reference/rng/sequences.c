/* sequences.c — Step 1's review world: make_reviews with NumPy's exact draws,
 * encoding, bag counts, and the grammar-based labeller (rule in sequences.h).
 */
#include "rng/sequences.h"

#include <stdio.h>
#include <string.h>

#include "rng/numpy_rng.h"

const char *const sequences_vocab[SEQ_VOCAB_SIZE] = {
    "delivery", "service", "packing", "app", "support",
    "good", "quick", "clean", "helpful",
    "bad", "slow", "dirty", "rude",
    "was", "and", "very", "not",
};

#define NSUBJECTS 5
#define NPOOL 4
static const int pos_pool[NPOOL] = { SEQ_GOOD, SEQ_QUICK, SEQ_CLEAN, SEQ_HELPFUL };
static const int neg_pool[NPOOL] = { SEQ_BAD, SEQ_SLOW, SEQ_DIRTY, SEQ_RUDE };

const char *sequences_kind_name(enum seq_kind kind)
{
    return kind == SEQ_KIND_VERY ? "very" : "not";
}

/* One row of make_reviews, drawing in the order the Python evaluates. */
static void make_review(struct numpy_gen *g, struct seq_review *r)
{
    size_t subj[2];
    const int *plain, *modp;
    int pol, very, mod;

    numpy_gen_choice_noreplace(g, NSUBJECTS, 2, subj);   /* k <= pop: cannot fail */
    pol = numpy_gen_random(g) < 0.5;
    very = numpy_gen_random(g) < 0.5;
    mod = very ? SEQ_VERY : SEQ_NOT;
    plain = pol ? pos_pool : neg_pool;
    modp = very ? plain : (pol ? neg_pool : pos_pool);
    if (numpy_gen_random(g) < 0.5) {          /* modifier on clause one */
        int m = modp[numpy_gen_integers(g, NPOOL)];
        int p = plain[numpy_gen_integers(g, NPOOL)];
        int toks[] = { (int)subj[0], SEQ_WAS, mod, m, SEQ_AND, (int)subj[1], SEQ_WAS, p };

        memcpy(r->ids, toks, sizeof toks);
    } else {                                  /* modifier on clause two */
        int p = plain[numpy_gen_integers(g, NPOOL)];
        int m = modp[numpy_gen_integers(g, NPOOL)];
        int toks[] = { (int)subj[0], SEQ_WAS, p, SEQ_AND, (int)subj[1], SEQ_WAS, mod, m };

        memcpy(r->ids, toks, sizeof toks);
    }
    r->label = pol;
    r->kind = very ? SEQ_KIND_VERY : SEQ_KIND_NOT;
}

void sequences_make_reviews(size_t n, uint64_t seed, struct seq_review *out)
{
    struct numpy_gen g;

    numpy_gen_seed(&g, seed);
    for (size_t i = 0; i < n; i++)
        make_review(&g, &out[i]);
}

int sequences_stoi(const char *word)
{
    for (int i = 0; i < SEQ_VOCAB_SIZE; i++)
        if (!strcmp(word, sequences_vocab[i]))
            return i;
    return -1;
}

static int unknown_word(struct gb_err *err, const char *word, size_t pos)
{
    char shown[40];

    /* Student text can be anything: show a bounded, printable prefix. */
    snprintf(shown, sizeof shown, "%s", word);
    for (char *c = shown; *c; c++)
        if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
            *c = '?';
    return gb_fail(err, "token %zu '%s%s' is not in the course vocabulary (delivery service "
                   "packing app support good quick clean helpful bad slow dirty rude was and "
                   "very not; lower case)", pos + 1, shown, strlen(word) >= sizeof shown ? "..." : "");
}

int sequences_encode(const char *const *tokens, size_t n, int *ids, struct gb_err *err)
{
    for (size_t i = 0; i < n; i++) {
        ids[i] = tokens[i] ? sequences_stoi(tokens[i]) : -1;
        if (ids[i] < 0)
            return unknown_word(err, tokens[i] ? tokens[i] : "(null)", i);
    }
    return 0;
}

void sequences_bag(const int *ids, size_t n, float *counts)
{
    memset(counts, 0, SEQ_VOCAB_SIZE * sizeof *counts);
    for (size_t i = 0; i < n; i++)
        if (ids[i] >= 0 && ids[i] < SEQ_VOCAB_SIZE)
            counts[ids[i]] += 1.0f;
}

/* ---- the labeller ---- */

static int is_subject(int id) { return id >= SEQ_DELIVERY && id <= SEQ_SUPPORT; }
static int is_positive(int id) { return id >= SEQ_GOOD && id <= SEQ_HELPFUL; }
static int is_negative(int id) { return id >= SEQ_BAD && id <= SEQ_RUDE; }

struct clause {
    int subject, modifier, opinion;   /* modifier: SEQ_VERY, SEQ_NOT or -1 */
    int sentiment;                    /* 1 positive, 0 negative */
};

static int expected(struct gb_err *err, const char *what, size_t pos, size_t n, const int *ids)
{
    if (pos >= n)
        return gb_fail(err, "the review ends after %zu tokens where %s should follow; a review "
                       "reads 'SUBJECT was [very|not] OPINION and SUBJECT was [very|not] OPINION'",
                       n, what);
    return gb_fail(err, "token %zu is '%s' where %s should be; a review reads 'SUBJECT was "
                   "[very|not] OPINION and SUBJECT was [very|not] OPINION'", pos + 1,
                   sequences_vocab[ids[pos]], what);
}

/* Parses one clause at ids[*pos]; advances *pos past it. */
static int parse_clause(const int *ids, size_t n, size_t *pos, struct clause *c,
                        struct gb_err *err)
{
    size_t p = *pos;

    if (p >= n || !is_subject(ids[p]))
        return expected(err, "a subject (delivery, service, packing, app or support)", p, n, ids);
    c->subject = ids[p++];
    if (p >= n || ids[p] != SEQ_WAS)
        return expected(err, "'was'", p, n, ids);
    p++;
    c->modifier = -1;
    if (p < n && (ids[p] == SEQ_VERY || ids[p] == SEQ_NOT))
        c->modifier = ids[p++];
    if (p >= n || !(is_positive(ids[p]) || is_negative(ids[p])))
        return expected(err, "an opinion word (good quick clean helpful bad slow dirty rude)",
                        p, n, ids);
    c->opinion = ids[p++];
    c->sentiment = is_positive(c->opinion);
    if (c->modifier == SEQ_NOT)
        c->sentiment = !c->sentiment;
    *pos = p;
    return 0;
}

static void clause_text(const struct clause *c, char *out, size_t cap)
{
    snprintf(out, cap, "%s was %s%s%s", sequences_vocab[c->subject],
             c->modifier >= 0 ? sequences_vocab[c->modifier] : "", c->modifier >= 0 ? " " : "",
             sequences_vocab[c->opinion]);
}

static int parse_ids(const int *ids, size_t n, struct seq_parsed *out, struct gb_err *err)
{
    struct clause c[2];
    size_t pos = 0;
    char t0[48], t1[48];

    if (parse_clause(ids, n, &pos, &c[0], err))
        return -1;
    if (pos >= n || ids[pos] != SEQ_AND)
        return expected(err, "'and' joining the two clauses", pos, n, ids);
    pos++;
    if (parse_clause(ids, n, &pos, &c[1], err))
        return -1;
    if (pos < n)
        return gb_fail(err, "token %zu '%s' follows the second clause; a review is exactly two "
                       "clauses", pos + 1, sequences_vocab[ids[pos]]);
    if (c[0].sentiment != c[1].sentiment) {
        clause_text(&c[0], t0, sizeof t0);
        clause_text(&c[1], t1, sizeof t1);
        return gb_fail(err, "the clauses disagree: '%s' is %s but '%s' is %s, so the review has "
                       "no single label", t0, c[0].sentiment ? "positive" : "negative", t1,
                       c[1].sentiment ? "positive" : "negative");
    }
    out->label = c[0].sentiment;
    out->modifiers = (c[0].modifier >= 0) + (c[1].modifier >= 0);
    out->has_not = c[0].modifier == SEQ_NOT || c[1].modifier == SEQ_NOT;
    out->generable = n == SEQ_REVIEW_LEN && out->modifiers == 1 && c[0].subject != c[1].subject;
    out->kind = out->has_not ? SEQ_KIND_NOT : SEQ_KIND_VERY;
    return 0;
}

int sequences_parse(const char *const *tokens, size_t n, struct seq_parsed *out,
                    struct gb_err *err)
{
    int ids[SEQ_MAX_TOKENS];

    if (n == 0)
        return gb_fail(err, "the review is empty");
    if (sequences_encode(tokens, n < SEQ_MAX_TOKENS ? n : SEQ_MAX_TOKENS, ids, err))
        return -1;
    if (n > SEQ_MAX_TOKENS)
        return gb_fail(err, "the review has %zu tokens; one in the course grammar has 7 to 9 "
                       "('SUBJECT was [very|not] OPINION and SUBJECT was [very|not] OPINION')", n);
    return parse_ids(ids, n, out, err);
}

int sequences_label(const char *const *tokens, size_t n, int *label, struct gb_err *err)
{
    struct seq_parsed p;

    if (sequences_parse(tokens, n, &p, err))
        return -1;
    *label = p.label;
    return 0;
}

/* Names the first word whose count differs between the two bags. */
static int bags_differ(const float *ba, const float *bb, struct gb_err *err)
{
    for (int i = 0; i < SEQ_VOCAB_SIZE; i++)
        if (ba[i] != bb[i])
            return gb_fail(err, "not twins: the bags of words differ ('%s' appears %d time%s in "
                           "A and %d in B)", sequences_vocab[i], (int)ba[i], ba[i] == 1 ? "" : "s",
                           (int)bb[i]);
    return 0;
}

int sequences_check_twins(const char *const *a, size_t na, const char *const *b, size_t nb,
                          struct gb_err *err)
{
    struct seq_parsed pa, pb;
    int ia[SEQ_MAX_TOKENS], ib[SEQ_MAX_TOKENS];
    float ba[SEQ_VOCAB_SIZE], bb[SEQ_VOCAB_SIZE];

    if (sequences_parse(a, na, &pa, err))
        return gb_err_prefix(err, "review A");
    if (sequences_parse(b, nb, &pb, err))
        return gb_err_prefix(err, "review B");
    /* Both parsed, so both are 7..9 known words. */
    sequences_encode(a, na, ia, NULL);
    sequences_encode(b, nb, ib, NULL);
    sequences_bag(ia, na, ba);
    sequences_bag(ib, nb, bb);
    if (bags_differ(ba, bb, err))
        return -1;
    if (pa.label == pb.label)
        return gb_fail(err, "not twins: both reviews are %s; twins share a bag of words but "
                       "have opposite labels", pa.label ? "positive" : "negative");
    return 0;
}
