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
