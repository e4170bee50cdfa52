/* extract_table_columns.c — the columns of a space-aligned table, by its gutters.
 *
 * Space-aligned tables are split by gutters: the character positions that
 * are blank in every data row, which is what the eye uses too; header words
 * are then placed over the column they overlap (or, in a gutter, the column
 * on the side the numbers are aligned to).  Every layout records its
 * columns in a struct colbuild (extract_int.h).
 */
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>

/* ---- columns ---------------------------------------------------------------- */

void extract_add_header_atom(struct colbuild *cb, int col, long atom)
{
    if (col >= 0 && col < INTERVALS_MAX && cb->n_hdr[col] < 32)
        cb->hdr_atoms[col][cb->n_hdr[col]++] = atom;
}

/* Records that row `row` has a value (or a word) in column col. */
void extract_note_kind(struct colbuild *cb, int col, long row, int value)
{
    if (col < 0 || col >= INTERVALS_MAX)
        return;
    if (col >= cb->n)
        cb->n = col + 1;
    if (cb->last_row[col] != row + 1) {
        cb->last_row[col] = row + 1;
        cb->last_words[col] = 0;
        cb->value_rows[col]++;
    }
    if (!value && !cb->last_words[col]) {
        cb->last_words[col] = 1;
        cb->value_rows[col]--;
        cb->word_rows[col]++;
    }
}

/* A column holds values when most rows print only numbers in it ("n/a" in
 * one row does not make it a label).  Numbers left of the first label
 * column name the row too ("length 5 | RNN | 0.9"); a text column after
 * the values ("| 0.448 | fresh |") leaves them values. */
void extract_settle_kinds(struct colbuild *cb)
{
    int first_label = -1;
    for (int k = 0; k < cb->n; k++) {
        if (cb->value_rows[k] == 0 && cb->word_rows[k] == 0)
            cb->kind[k] = 0;
        else
            cb->kind[k] = cb->value_rows[k] >= cb->word_rows[k] && cb->value_rows[k] > 0 ? 1 : 2;
        if (cb->kind[k] == 2 && first_label < 0)
            first_label = k;
    }
    for (int k = 0; k < first_label; k++)
        if (cb->kind[k] == 1)
            cb->kind[k] = 2;
}

/* Display column of each byte: UTF-8 continuation bytes take no width, tabs
 * go to the next multiple of 8. */
size_t extract_display_cols(const char *s, size_t len, int *cols, size_t max)
{
    size_t c = 0;
    for (size_t i = 0; i < len && i < max; i++) {
        cols[i] = (int)c;
        if (s[i] == '\t')
            c = (c / 8 + 1) * 8;
        else if (((unsigned char)s[i] & 0xC0) != 0x80)
            c++;
    }
    if (len < max)
        cols[len] = (int)c;
    return c;
}

struct interval {
    int c0, c1;   /* display columns [c0, c1) */
};

struct space_layout {
    struct interval iv[INTERVALS_MAX];
    int n;
    int right_aligned;
};

static int interval_at(const struct space_layout *L, int col)
{
    for (int k = 0; k < L->n; k++)
        if (col >= L->iv[k].c0 && col < L->iv[k].c1)
            return k;
    return -1;
}

/* Gutters: display positions blank in every data row.  Lists and numbers
 * with units are marked whole so "[0.716 0. 0.462]" stays one column. */
static int find_intervals(const struct extract_transcript *t, const struct xtable *tb,
                          struct space_layout *L, int *scratch)
{
    unsigned char *occ = calloc(WIDTH_MAX, 1);
    int width = 0;

    if (!occ)
        return -1;
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        const char *s = extract_xline_text(t, ln);
        if (ln->role != XROW_DATA)
            continue;
        if (ln->len >= WIDTH_MAX ||
            extract_display_cols(s, ln->len, scratch, WIDTH_MAX) >= WIDTH_MAX) {
            free(occ);
            return 1;
        }
        for (size_t i = 0; i < ln->len; i++)   /* a character's first byte holds its column */
            if (s[i] != ' ' && s[i] != '\t' && ((unsigned char)s[i] & 0xC0) != 0x80)
                occ[scratch[i]] = 1;
        for (size_t k = 0; k < ln->n_nums; k++) {
            const struct numparse_num *n = &t->nums[ln->num0 + k];
            size_t end = n->end;
            if (n->flags & NUMPARSE_UNIT) {
                while (end < ln->len && s[end] == ' ')
                    end++;
                end += strlen(n->unit);
            }
            if (n->list >= 0) {
                for (size_t j = k + 1; j < ln->n_nums; j++)
                    if (t->nums[ln->num0 + j].list == n->list)
                        end = t->nums[ln->num0 + j].end;
                size_t e = end;   /* numpy pads before the bracket: "0.7  ]" */
                while (e < ln->len && s[e] == ' ')
                    e++;
                if (e < ln->len && (s[e] == ']' || s[e] == ')'))
                    end = e + 1;
            }
            for (int c = scratch[n->start]; end <= ln->len && c < scratch[end]; c++)
                occ[c] = 1;
        }
        if (scratch[ln->len] > width)
            width = scratch[ln->len];
    }
    L->n = 0;
    for (int c = 0; c < width; c++) {
        if (!occ[c])
            continue;
        if (L->n == INTERVALS_MAX)
            break;
        L->iv[L->n].c0 = c;
        while (c < width && occ[c])
            c++;
        L->iv[L->n++].c1 = c;
    }
    free(occ);
    return 0;
}

/* Right-aligned when most value columns have their numbers end together. */
static void detect_alignment(const struct extract_transcript *t, const struct xtable *tb,
                             struct space_layout *L, const struct colbuild *cb, int *scratch)
{
    int right = 0, left = 0;
    for (int k = 0; k < L->n; k++) {
        int ends = -1, starts = -1, same_end = 1, same_start = 1;
        if (cb->kind[k] != 1)
            continue;
        for (size_t li = tb->first; li <= tb->last; li++) {
            const struct xline *ln = &t->lines[li];
            if (ln->role != XROW_DATA)
                continue;
            extract_display_cols(extract_xline_text(t, ln), ln->len, scratch, WIDTH_MAX);
            for (size_t j = 0; j < ln->n_nums; j++) {
                const struct numparse_num *n = &t->nums[ln->num0 + j];
                if (t->num_col[ln->num0 + j] != k || n->list >= 0)
                    continue;
                if (ends < 0)
                    ends = scratch[n->end], starts = scratch[n->start];
                same_end &= scratch[n->end] == ends;
                same_start &= scratch[n->start] == starts;
            }
        }
        right += same_end && !same_start;
        left += same_start && !same_end;
    }
    L->right_aligned = right >= left;
}

/* Which column a header field [c0, c1) names: the one it overlaps most,
 * else the neighbour on the side the table is aligned to. */
static int column_for(const struct space_layout *L, const struct colbuild *cb, int c0, int c1,
                      int *overlaps)
{
    int best = -1, best_ov = 0;
    *overlaps = 0;
    for (int k = 0; k < L->n; k++) {
        if (cb->kind[k] == 0)
            continue;   /* a stray bracket, no cells */
        int lo = c0 > L->iv[k].c0 ? c0 : L->iv[k].c0;
        int hi = c1 < L->iv[k].c1 ? c1 : L->iv[k].c1;
        if (hi > lo) {
            (*overlaps)++;
            if (hi - lo > best_ov)
                best_ov = hi - lo, best = k;
        }
    }
    if (best >= 0)
        return best;
    if (L->right_aligned) {
        for (int k = 0; k < L->n; k++)
            if (cb->kind[k] && L->iv[k].c1 >= c1)
                return k;
        return L->n - 1;
    }
    for (int k = L->n - 1; k >= 0; k--)
        if (cb->kind[k] && L->iv[k].c0 <= c0)
            return k;
    return 0;
}

/* A header printed with single spaces over aligned columns ("T model s tr
 * te" over "   5 LSTM b3      7.2 1.000 1.000"), one word per column: the
 * student wrote the names in order and never lined them up, so its words
 * name the columns in order, wherever they sit.  A word column filled in
 * only some rows continues the label before it ("LSTM b3" under "model")
 * and takes its name.  1 when it applies. */
static int label_continues(const struct colbuild *cb, int c, int prev, long rows)
{
    return cb->kind[c] == 2 && prev == 2 && cb->value_rows[c] + cb->word_rows[c] < rows;
}

static int assign_header_in_order(const struct extract_transcript *t, const struct xline *h,
                                  const struct space_layout *L, struct colbuild *cb, long rows)
{
    const char *s = extract_xline_text(t, h);
    const struct xatom *a = t->atoms + h->atom0;
    size_t groups = 0, k = 0;

    for (size_t i = (size_t)(a[0].p - s); i < h->len; i++)
        if (s[i] == '\t' || (s[i] == ' ' && i + 1 < h->len && s[i + 1] == ' '))
            return 0;   /* fields of its own: placed by position */
    for (int c = 0, prev = 0; c < L->n; c++) {
        groups += cb->kind[c] != 0 && !label_continues(cb, c, prev, rows);
        prev = cb->kind[c] ? cb->kind[c] : prev;
    }
    if (groups < 2 || groups != h->n_atoms)
        return 0;
    for (int c = 0, prev = 0; c < L->n; c++) {
        if (!cb->kind[c])
            continue;
        if (prev && !label_continues(cb, c, prev, rows))
            k++;
        extract_add_header_atom(cb, c, (long)(h->atom0 + k));
        prev = cb->kind[c];
    }
    return 1;
}

/* Header fields are separated by two or more spaces or a tab. */
static void assign_header_space(const struct extract_transcript *t, const struct xline *h,
                                const struct space_layout *L, struct colbuild *cb, long rows,
                                int *scratch)
{
    const char *s = extract_xline_text(t, h);
    const struct xatom *a = t->atoms + h->atom0;
    size_t i = 0;

    if (h->n_atoms && assign_header_in_order(t, h, L, cb, rows))
        return;
    extract_display_cols(s, h->len, scratch, WIDTH_MAX);
    while (i < h->n_atoms) {
        size_t j = i + 1, b, e;
        int ov, col;
        while (j < h->n_atoms) {
            size_t from = (size_t)(a[j - 1].p + a[j - 1].len - s), to = (size_t)(a[j].p - s);
            int sep = 0;
            for (size_t k = from; k + 1 < to; k++)
                sep |= (s[k] == ' ' && s[k + 1] == ' ') || s[k] == '\t';
            sep |= from < to && s[to - 1] == '\t';
            if (sep)
                break;
            j++;
        }
        b = (size_t)(a[i].p - s);
        e = (size_t)(a[j - 1].p + a[j - 1].len - s);
        col = column_for(L, cb, scratch[b], scratch[e], &ov);
        if (ov <= 1) {
            for (size_t k = i; k < j; k++)
                extract_add_header_atom(cb, col, (long)(h->atom0 + k));
        } else {
            for (size_t k = i; k < j; k++) {
                size_t ab = (size_t)(a[k].p - s), ae = ab + a[k].len;
                extract_add_header_atom(cb, column_for(L, cb, scratch[ab], scratch[ae], &ov),
                                        (long)(h->atom0 + k));
            }
        }
        i = j;
    }
}

int extract_layout_space(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb)
{
    struct space_layout *L = malloc(sizeof *L);
    int *scratch = malloc(WIDTH_MAX * sizeof *scratch);
    int rc = -1;
    long rows = 0;

    if (!L || !scratch)
        goto out;
    rc = find_intervals(t, tb, L, scratch);
    if (rc != 0)
        goto out;
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        const char *s = extract_xline_text(t, ln);
        if (ln->role != XROW_DATA)
            continue;
        rows++;
        extract_display_cols(s, ln->len, scratch, WIDTH_MAX);
        for (size_t i = 0; i < ln->n_atoms; i++) {
            const struct xatom *a = &t->atoms[ln->atom0 + i];
            int col = interval_at(L, scratch[a->p - s]);
            if (extract_is_filler(t, ln, a))
                continue;
            extract_note_kind(cb, col, (long)li, extract_is_value_num(t, ln, a));
            if (a->num >= 0)
                t->num_col[a->num] = col;
        }
    }
    cb->n = L->n;
    extract_settle_kinds(cb);
    detect_alignment(t, tb, L, cb, scratch);
    assign_header_space(t, &t->lines[tb->header], L, cb, rows, scratch);
    if (tb->index_line >= 0)
        assign_header_space(t, &t->lines[tb->index_line], L, cb, rows, scratch);
    /* Numbers under no header, left of the first named value column, are
     * part of the label: "RNN gain 0.5" printed with aligned spaces. */
    for (int k = 0; k < cb->n; k++) {
        if (cb->kind[k] == 1 && cb->n_hdr[k] > 0)
            break;
        if (cb->kind[k] == 1)
            cb->kind[k] = 2;
    }
    rc = 0;
out:
    free(L);
    free(scratch);
    return rc;
}
