/* extract_table_tidy.c — long ("tidy") format, and building a table's columns.
 *
 * When the text cells of a table do not tell its rows apart, its numeric
 * columns from the left are keys too, up to the first set that does
 * ("model,param,value,step,grad_norm").  extract_build_columns() lays a
 * table out (lists, delimited, space-aligned), settles its keys and stores
 * its columns.
 */
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- long ("tidy") format ---------------------------------------------- */

static uint64_t mix_bytes(uint64_t h, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 1099511628211ull;   /* FNV-1a */
    return (h ^ 0x1f) * 1099511628211ull;                   /* cell separator */
}

/* Mixes into h the cells among the first `end` atoms of row ln that lie in
 * the columns selected (see hash_cells), the keys it inherits first. */
static uint64_t hash_row(const struct extract_transcript *t, const struct xline *ln, size_t end,
                         long col, uint64_t h, int depth)
{
    if (ln->inherit >= 0 && depth < 4)
        h = hash_row(t, &t->lines[ln->inherit], ln->n_inherit, col, h, depth + 1);
    for (size_t i = 0; i < end && i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        int take = col < 0 ? a->num < 0 && !extract_is_noise(a)
                           : a->num >= 0 && t->num_col[a->num] == col;
        if (take)
            h = mix_bytes(h, a->p, a->len);
    }
    return h;
}

/* Mixes into hash[r] the cells of data row r that lie in the columns
 * selected: every word when col < 0 (words are label text), else the
 * numbers of column col. */
static void hash_cells(const struct extract_transcript *t, const struct xtable *tb, long col,
                       uint64_t *hash)
{
    size_t r = 0;
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        if (ln->role != XROW_DATA)
            continue;
        hash[r] = hash_row(t, ln, ln->n_atoms, col, hash[r], 0);
        r++;
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Do the rows' keys (hash[0..n)) tell every row apart? */
static int keys_unique(const uint64_t *hash, uint64_t *scratch, size_t n)
{
    memcpy(scratch, hash, n * sizeof *scratch);
    qsort(scratch, n, sizeof *scratch, cmp_u64);
    for (size_t i = 1; i < n; i++)
        if (scratch[i] == scratch[i - 1])
            return 0;
    return 1;
}

/* The last column, a number column whose header is the word "value" (in
 * the student's language): a long table that names its measure, as
 * pandas' melt does ("exercise,model,setting,step,metric,value"); -1 none.
 * A "value" with number columns after it is a setting's own value
 * ("model,param,value,step,grad_norm": the gain), no measure. */
static int named_value_column(const struct extract_transcript *t, const struct colbuild *cb)
{
    int found = -1;

    for (int k = 0; k < cb->n; k++) {
        const struct xatom *a;
        const char *en;
        if (cb->kind[k] != 1)
            continue;
        if (found >= 0)
            return -1;   /* a number column after it: no measure column */
        if (cb->n_hdr[k] != 1)
            continue;
        a = &t->atoms[cb->hdr_atoms[k][0]];
        en = a->num < 0 ? extract_lexicon_english(a->p, a->len) : NULL;
        if (a->num < 0 && (extract_atom_is(a, "value") || (en && !strcmp(en, "value"))))
            found = k;
    }
    return found;
}

/* Long format ("model,param,value,step,grad_norm" with rows
 * "rnn,gain,0.5,1,5.03e-17"): when the text cells do not tell the rows
 * apart, the numeric columns from the left are keys too, up to the first
 * set that does; the columns after it are the measures.  That is how a
 * reader takes a tidy table (pandas melt, seaborn input): "gain 0.5 at
 * step 1" is the row whose key cells say so.  A table whose rows repeat
 * whole stays as it was.  Label numbers of numeric columns were already
 * read as "header value" pairs ("step 1").  A header naming its value
 * column says it outright (named_value_column). */
static int settle_keys(const struct extract_transcript *t, struct xtable *tb,
                       struct colbuild *cb, struct gb_err *err)
{
    size_t rows = 0;
    int promote[INTERVALS_MAX], n_promote = 0, values = 0;

    for (size_t li = tb->first; li <= tb->last; li++)
        rows += t->lines[li].role == XROW_DATA;
    for (int k = 0; k < cb->n; k++)
        values += cb->kind[k] == 1;
    if (rows < 3 || values < 2)
        return 0;
    int named = named_value_column(t, cb);
    if (named >= 0) {
        /* the header says where the values are: every other number column
         * is a key ("query=was,2,weight_row_sum,1.000": 2 is a position) */
        for (int k = 0; k < cb->n; k++)
            if (k != named && cb->kind[k] == 1)
                cb->kind[k] = 2, cb->key[k] = 1;
        tb->keyed = 2;
        return 0;
    }
    uint64_t *hash = malloc(rows * sizeof *hash), *scratch = malloc(rows * sizeof *scratch);
    if (!hash || !scratch) {
        free(hash);
        free(scratch);
        return gb_fail(err, "out of memory reading a table");
    }
    for (size_t r = 0; r < rows; r++)
        hash[r] = 14695981039346656037ull;
    hash_cells(t, tb, -1, hash);
    for (int k = 0; k < cb->n; k++)
        if (cb->kind[k] == 2)
            hash_cells(t, tb, k, hash);
    int unique = keys_unique(hash, scratch, rows);
    for (int k = 0; k < cb->n && !unique && values > 1; k++) {
        if (cb->kind[k] != 1)
            continue;
        hash_cells(t, tb, k, hash);
        promote[n_promote++] = k;
        values--;
        unique = keys_unique(hash, scratch, rows);
    }
    if (unique && n_promote > 0) {
        for (int i = 0; i < n_promote; i++)
            cb->kind[promote[i]] = 2, cb->key[promote[i]] = 1;
        tb->keyed = 1;
    }
    free(hash);
    free(scratch);
    return 0;
}

int extract_build_columns(struct extract_transcript *t, struct xtable *tb, struct gb_err *err)
{
    struct colbuild *cb = calloc(1, sizeof *cb);
    int rc = 0;

    if (!cb)
        return gb_fail(err, "out of memory reading a table");
    size_t starts[INTERVALS_MAX], width = 0;
    if (tb->delim == XDELIM_SPACE)
        width = extract_list_table_width(t, tb, starts);
    if (width)
        extract_layout_list(t, tb, cb, width, starts);
    else if (tb->delim != XDELIM_SPACE)
        extract_layout_delimited(t, tb, cb);
    else
        rc = extract_layout_space_table(t, tb, cb);
    if (rc == 0 && width == 0)
        rc = settle_keys(t, tb, cb, err) < 0 ? -2 : 0;
    if (rc == 0) {
        extract_series_caption(t, tb, cb);
        rc = extract_store_columns(t, tb, cb, err);
    } else if (rc != -2) {
        rc = gb_fail(err, "out of memory reading a table");
    } else {
        rc = -1;
    }
    free(cb);
    return rc;
}
