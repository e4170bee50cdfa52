/* extract_keys.c — key columns recognised by their values.
 *
 * A human reading a table whose first column holds exactly 5, 20, 50 and 100
 * knows it is the sequence length, whether its header says "length", "T",
 * "lambai" or "longitud".  The rubric names the values a key takes
 * ("keys": {"length": [5, 20, 50, 100]}); this file finds the printed
 * columns that hold only such values — whole numbers, at least three
 * different ones (all of them when the key has fewer) — and reports their
 * headers, which score/ then reads as that key's word.  Values settle the
 * structure here (which column is the key), never which reading counts.
 * The same holds for a word the key's values follow wherever it stands:
 * "RNN wzmocn. 0.5", "wzmocn. 0.9", "wzmocn. 1.5" (Polish, gain) or a header
 * "krok 50  krok 40 ... krok 1" (step) name that key in a language the
 * label lexicon does not hold (extract_key_words).
 */
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>

/* Does column c of table tb hold only values[], at least `need` of them? */
static int holds_key(const struct extract_transcript *t, const struct xtable *tb, size_t c,
                     const double *values, size_t n, size_t need)
{
    unsigned char seen[EXTRACT_KEY_VALUES_MAX] = { 0 };
    size_t distinct = 0;

    for (size_t li = tb->first; li <= tb->last && li < t->n_lines; li++) {
        const struct xline *ln = &t->lines[li];
        for (size_t j = 0; j < ln->n_nums; j++) {
            const struct numparse_num *x = &t->nums[ln->num0 + j];
            size_t k;
            if (t->num_col[ln->num0 + j] != (int32_t)c)
                continue;
            if (!(x->flags & NUMPARSE_INTEGER))
                return 0;
            for (k = 0; k < n && values[k] != x->value; k++)
                ;
            if (k == n)
                return 0;
            distinct += !seen[k];
            seen[k] = 1;
        }
    }
    return distinct >= need;
}

/* The column's header words, joined by one space, into buf; 0 when it has none. */
static size_t header_words(const struct extract_transcript *t, const struct xcolumn *col,
                           char *buf, size_t size)
{
    size_t len = 0;

    for (size_t i = 0; i < col->n_hatoms; i++) {
        const struct xatom *a = &t->hatoms[col->hatom0 + i];
        if (a->num >= 0 || len + a->len + 2 > size)
            continue;
        if (len)
            buf[len++] = ' ';
        memcpy(buf + len, a->p, a->len);
        len += a->len;
    }
    buf[len] = '\0';
    return len;
}

int extract_key_headers(const struct extract_transcript *t, const double *values, size_t n,
                        int (*found)(const char *header, void *arg), void *arg)
{
    char header[128];
    size_t need = n < 3 ? n : 3;

    if (!t || n < 2 || n > EXTRACT_KEY_VALUES_MAX)
        return 0;
    for (size_t ti = 0; ti < t->n_tables; ti++) {
        const struct xtable *tb = &t->tables[ti];
        if (tb->header < 0)
            continue;
        for (size_t c = 0; c < tb->n_cols; c++) {
            const struct xcolumn *col = &t->cols[tb->col0 + c];
            if (!header_words(t, col, header, sizeof header) ||
                !holds_key(t, tb, c, values, n, need))
                continue;
            if (found(header, arg))
                return -1;
        }
    }
    return 0;
}

/* ---- words the key's values follow ------------------------------------- */

#define KEY_WORDS_MAX 256
#define KEY_WORD_BYTES 32

struct key_word_seen {
    char w[KEY_WORD_BYTES];     /* folded */
    uint64_t values;            /* which of the key's values followed it */
    unsigned outside;           /* numbers outside them that followed it */
};

/* Is the gap between a word and the number after it a name's ("krok 50",
 * "wzmocn. 0.5", "len=5", "T_5")? */
static int name_gap(const char *from, const char *to)
{
    if (to - from > 3)
        return 0;
    for (const char *p = from; p < to; p++)
        if (*p != ' ' && *p != '.' && *p != '=' && *p != ':' && *p != '_')
            return 0;
    return 1;
}

static struct key_word_seen *seen_word(struct key_word_seen *v, size_t *n, const char *w,
                                       size_t len)
{
    for (size_t k = 0; k < *n; k++)
        if (strlen(v[k].w) == len && !memcmp(v[k].w, w, len))
            return &v[k];
    if (*n == KEY_WORDS_MAX)
        return NULL;
    memcpy(v[*n].w, w, len);
    v[*n].w[len] = '\0';
    v[*n].values = 0;
    v[*n].outside = 0;
    return &v[(*n)++];
}

/* Tallies, in atoms[0..n_atoms), every word a number follows as its name's. */
static void tally_words(const struct extract_transcript *t, const struct xatom *atoms,
                        size_t n_atoms, const double *values, size_t n,
                        struct key_word_seen *v, size_t *nv)
{
    for (size_t i = 0; i + 1 < n_atoms; i++) {
        const struct xatom *a = &atoms[i], *b = &atoms[i + 1];
        char w[KEY_WORD_BYTES];
        size_t len, k;
        struct key_word_seen *sw;
        if (a->num >= 0 || b->num < 0 || a->len < 3 || b->p < a->p + a->len ||
            !name_gap(a->p + a->len, b->p) || extract_lexicon_english(a->p, a->len))
            continue;
        len = extract_fold_word(a->p, a->len, w, sizeof w - 1);
        if (!(sw = seen_word(v, nv, w, len)))
            continue;
        for (k = 0; k < n && values[k] != t->nums[b->num].value; k++)
            ;
        if (k < n)
            sw->values |= 1ull << k;
        else
            sw->outside++;
    }
}

int extract_key_words(const struct extract_transcript *t, const double *values, size_t n,
                      int (*found)(const char *word, void *arg), void *arg)
{
    struct key_word_seen *v;
    size_t nv = 0, need = n < 3 ? n : 3;
    int rc = 0;

    if (!t || n < 2 || n > EXTRACT_KEY_VALUES_MAX || !(v = calloc(KEY_WORDS_MAX, sizeof *v)))
        return 0;   /* out of memory: no word is learned, nothing is lost */
    /* the lines, and the tables' headers (their atoms are kept apart) */
    tally_words(t, t->atoms, t->n_atoms, values, n, v, &nv);
    tally_words(t, t->hatoms, t->n_hatoms, values, n, v, &nv);
    for (size_t k = 0; k < nv && rc == 0; k++)
        if (!v[k].outside && (size_t)__builtin_popcountll(v[k].values) >= need &&
            found(v[k].w, arg))
            rc = -1;
    free(v);
    return rc;
}
