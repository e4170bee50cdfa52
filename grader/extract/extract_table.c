/* extract_table.c — finds tables in the transcript and gives every number a column.
 *
 * A table is a header line followed by data rows (lines that end in values)
 * in one blank-line block.  Delimited tables (markdown pipes, TSV, CSV) are
 * split by their delimiter.  Space-aligned tables are split by gutters: the
 * character positions that are blank in every data row, which is what the
 * eye uses too; header words are then placed over the column they overlap
 * (or, in a gutter, the column on the side the numbers are aligned to).
 * When no gutters line up (a table printed with single spaces), columns are
 * assigned by order from the right: the last header name gets the last value.
 */
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define WIDTH_MAX 2048       /* wider space tables fall back to ordinal columns */
#define INTERVALS_MAX 256
#define FIELDS_MAX 256


static const char *line_text(const struct extract_transcript *t, const struct xline *ln)
{
    return t->text + ln->off;
}

/* A number that is a value, not part of a name like "b_f=3" or "step1". */
static int is_value_num(const struct extract_transcript *t, const struct xline *ln,
                        const struct xatom *a)
{
    const struct numparse_num *n;
    if (a->num < 0)
        return 0;
    n = &t->nums[a->num];
    /* "b_f=3", "step1", "64-unit": part of a name.  (A key=value log line
     * is read inline, where "loss=0.5" is a value.) */
    (void)ln;
    return !(n->flags & (NUMPARSE_GLUED | NUMPARSE_GLUED_RIGHT));
}

static int is_noise(const struct xatom *a)
{
    return a->num < 0 && ((a->len == 6 && strncasecmp(a->p, "tensor", 6) == 0) ||
                          (a->len == 5 && strncasecmp(a->p, "array", 5) == 0) ||
                          (a->len == 5 && strncasecmp(a->p, "dtype", 5) == 0));
}

/* A cell that says "no value here" — "—", "n/a", "N/A", "null", "None",
 * "?" — standing alone between spaces or delimiters.  It is an empty cell,
 * not a word: a word in a value column would make the row look like the
 * header of a new table and cut the table there. */
static int is_placeholder(const struct extract_transcript *t, const struct xline *ln,
                          const struct xatom *a)
{
    static const char *const fillers[] = {
        "\xe2\x80\x94", "\xe2\x80\x93", "\xe2\x80\x95", "\xe2\x80\xa6", "n/a", "N/A",
        "NA", "null", "None", "?", "--", "---"
    };
    const char *s = line_text(t, ln);
    size_t b = (size_t)(a->p - s), e = b + a->len;

    if (a->num >= 0)
        return 0;
    while (b > 0 && !strchr(" \t|,;&", s[b - 1]))
        b--;
    while (e < ln->len && !strchr(" \t|,;&", s[e]))
        e++;
    for (size_t i = 0; i < sizeof fillers / sizeof *fillers; i++)
        if (strlen(fillers[i]) == e - b && memcmp(s + b, fillers[i], e - b) == 0)
            return 1;
    return 0;
}

/* Atoms a table reads past: type names and empty-cell placeholders. */
static int is_filler(const struct extract_transcript *t, const struct xline *ln,
                     const struct xatom *a)
{
    return is_noise(a) || is_placeholder(t, ln, a);
}

/* ---- delimiters and fields ----------------------------------------------- */

/* A LaTeX table row ends in "\\\\" (perhaps "\\\\ \\hline"). */
static int latex_row_end(const char *s, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++)
        if (s[i] == '\\' && s[i + 1] == '\\')
            return 1;
    return 0;
}

static enum xdelim line_delim(const char *s, size_t len)
{
    size_t pipes = 0, tabs = 0, bare_commas = 0, spaced_commas = 0, semis = 0, amps = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '|')
            pipes++;
        else if (s[i] == '&')
            amps++;
        else if (s[i] == ';')
            semis++;
        else if (s[i] == '\t')
            tabs++;
        else if (s[i] == ',')
            (i + 1 < len && s[i + 1] == ' ') ? spaced_commas++ : bare_commas++;
    }
    if (pipes >= 2)
        return XDELIM_PIPE;
    if (amps >= 1 && latex_row_end(s, len))
        return XDELIM_AMPERSAND;   /* LaTeX: "RNN gain 0.5 & 7.577 & 0.490 \\" */
    if (tabs >= 1) {
        size_t b = 0;
        while (b < len && (s[b] == ' ' || s[b] == '\t'))
            b++;
        for (size_t i = b; i < len; i++)
            if (s[i] == '\t')
                return XDELIM_TAB;
    }
    if (semis >= 2 && spaced_commas == 0)
        return XDELIM_SEMICOLON;   /* "rude;0,096;0,711": Excel's CSV in most of Europe */
    if (bare_commas >= 2 && spaced_commas == 0)
        return XDELIM_COMMA;
    return XDELIM_SPACE;
}

/* Field index of byte off in a delimited line (quotes respected for CSV). */
static int field_of(const char *s, size_t off, enum xdelim d)
{
    char sep = d == XDELIM_PIPE ? '|' : d == XDELIM_TAB ? '\t' : d == XDELIM_SEMICOLON ? ';'
             : d == XDELIM_AMPERSAND ? '&' : ',';
    int field = 0, quoted = 0;
    for (size_t i = 0; i < off; i++) {
        if ((d == XDELIM_COMMA || d == XDELIM_SEMICOLON) && s[i] == '"')
            quoted = !quoted;
        else if (s[i] == sep && !quoted)
            field++;
    }
    return field < FIELDS_MAX ? field : FIELDS_MAX - 1;
}

/* Delimited rows may end in a text column ("note"): the first field after
 * the first that holds only values starts the values; n_atoms if none. */
static size_t first_value_field(const struct extract_transcript *t, const struct xline *ln,
                                enum xdelim d)
{
    const struct xatom *a = t->atoms + ln->atom0;
    const char *s = line_text(t, ln);
    size_t i = 0;

    while (i < ln->n_atoms) {
        int f = field_of(s, (size_t)(a[i].p - s), d), numeric = 1;
        size_t j = i;
        while (j < ln->n_atoms && field_of(s, (size_t)(a[j].p - s), d) == f) {
            numeric &= a[j].num >= 0 &&
                       !(t->nums[a[j].num].flags & (NUMPARSE_GLUED | NUMPARSE_GLUED_RIGHT));
            j++;
        }
        if (numeric && i > 0)
            return i;
        i = j;
    }
    return ln->n_atoms;
}

/* ---- rows ------------------------------------------------------------------ */

size_t extract_labelled_tail(const struct extract_transcript *t, const struct xline *ln)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t i = ln->n_atoms;

    for (;;) {
        size_t k = i;
        if (k < 2 || a[k - 1].num < 0 || t->nums[a[k - 1].num].list >= 0)
            break;
        k--;
        while (k > 0 && a[k - 1].num < 0 && !is_noise(&a[k - 1]))
            k--;
        if (k == i - 1)
            break;   /* a number with no word of its own */
        i = k;
    }
    if (i == ln->n_atoms || i == 0 || a[i - 1].num < 0 || t->nums[a[i - 1].num].list < 0)
        return ln->n_atoms;
    return i;
}

/* Atoms at the end of a row that are values: the value region's start, or
 * n_atoms when the row has none.  A row of numbers only keeps its first
 * as the label ("50  7.577e-02 ...").  Delimited rows count whole fields. */
static size_t value_start(const struct extract_transcript *t, const struct xline *ln,
                          enum xdelim d)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t i = ln->n_atoms;
    int values = 0;

    if (d != XDELIM_SPACE) {
        const char *s = line_text(t, ln);
        int bad_field = -1;
        while (i > 0) {
            int f = field_of(s, (size_t)(a[i - 1].p - s), d);
            if (f == bad_field)
                break;
            if (!is_value_num(t, ln, &a[i - 1]) && !is_filler(t, ln, &a[i - 1])) {
                /* a word in this field: the field is a label; stop before it */
                size_t k = i;
                while (k > 0 && field_of(s, (size_t)(a[k - 1].p - s), d) == f)
                    k--;
                i = k;
                break;
            }
            values += a[i - 1].num >= 0;
            i--;
        }
    } else {
        i = extract_labelled_tail(t, ln);
        while (i > 0 && (is_value_num(t, ln, &a[i - 1]) || is_filler(t, ln, &a[i - 1]))) {
            values += a[i - 1].num >= 0;
            i--;
        }
    }
    if (!values && d != XDELIM_SPACE)
        return first_value_field(t, ln, d);   /* "| min | 0.448 | fresh |" */
    if (!values)
        return ln->n_atoms;
    if (i == 0 && ln->n_atoms >= 2) {
        /* all values: the first is the row's label */
        size_t k = 1;
        if (d != XDELIM_SPACE) {
            const char *s = line_text(t, ln);
            int f0 = field_of(s, (size_t)(a[0].p - s), d);
            while (k < ln->n_atoms && field_of(s, (size_t)(a[k].p - s), d) == f0)
                k++;
        }
        return k;
    }
    return i;
}

static int is_data(const struct xline *ln)
{
    return ln->kind == XLINE_TEXT && ln->value_atom < ln->n_atoms;
}

static size_t count_values(const struct extract_transcript *t, const struct xline *ln)
{
    size_t n = 0;
    for (size_t i = ln->value_atom; i < ln->n_atoms; i++)
        n += t->atoms[ln->atom0 + i].num >= 0;
    return n;
}

static size_t count_words(const struct extract_transcript *t, const struct xline *ln)
{
    size_t n = 0;
    for (size_t i = 0; i < ln->n_atoms; i++)
        n += t->atoms[ln->atom0 + i].num < 0 && !is_placeholder(t, ln, &t->atoms[ln->atom0 + i]);
    return n;
}

static size_t list_width(const struct extract_transcript *t, const struct xline *ln, size_t *first);

/* Are a row's values a bracketed list ("output [1.422, -0.193, ...]")? */
static int values_in_list(const struct extract_transcript *t, const struct xline *ln)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t i = ln->value_atom;

    while (i < ln->n_atoms && a[i].num < 0)
        i++;   /* "tensor(" */
    if (i + 1 >= ln->n_atoms || a[i + 1].num < 0)
        return 0;
    return t->nums[a[i].num].list >= 0 && t->nums[a[i + 1].num].list == t->nums[a[i].num].list;
}

/* A header with numbers in it ("gain 0.5  gain 1.0  gain 1.5") looks like a
 * data row; it is a header when it is mostly words and the row below has
 * more values than it does, in cells of their own: a line of plain cells
 * ("rude  ███  9.6%") names no elements of a list printed under it
 * ("(sum 100.0%)  output [1.422, -0.193, ...]"). */
static int header_like(const struct extract_transcript *t, const struct xline *ln,
                       const struct xline *next)
{
    size_t first;
    if (list_width(t, ln, &first) >= 2)
        return 0;   /* "64-unit acc [all, very, not]: [0.785 1. 0.574]" holds values */
    if (values_in_list(t, next))
        return 0;
    return count_words(t, ln) >= ln->n_nums && count_values(t, next) > count_values(t, ln);
}

/* ---- columns ---------------------------------------------------------------- */

struct colbuild {
    long hdr_atoms[INTERVALS_MAX][32];   /* header atom indices per column */
    int n_hdr[INTERVALS_MAX];
    int kind[INTERVALS_MAX];             /* 0 unseen, 1 value, 2 label */
    int key[INTERVALS_MAX];              /* 1: a value column made a key (settle_keys) */
    int value_rows[INTERVALS_MAX];       /* rows whose cell here holds only values */
    int word_rows[INTERVALS_MAX];        /* rows whose cell here holds words */
    long last_row[INTERVALS_MAX];
    int last_words[INTERVALS_MAX];
    int n;
};

static void add_header_atom(struct colbuild *cb, int col, long atom)
{
    if (col >= 0 && col < INTERVALS_MAX && cb->n_hdr[col] < 32)
        cb->hdr_atoms[col][cb->n_hdr[col]++] = atom;
}

/* Records that row `row` has a value (or a word) in column col. */
static void note_kind(struct colbuild *cb, int col, long row, int value)
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
static void settle_kinds(struct colbuild *cb)
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
static size_t display_cols(const char *s, size_t len, int *cols, size_t max)
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
        const char *s = line_text(t, ln);
        if (ln->role != XROW_DATA)
            continue;
        if (ln->len >= WIDTH_MAX || display_cols(s, ln->len, scratch, WIDTH_MAX) >= WIDTH_MAX) {
            free(occ);
            return 1;
        }
        for (size_t i = 0; i < ln->len; i++)
            if (s[i] != ' ' && s[i] != '\t')
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
            display_cols(line_text(t, ln), ln->len, scratch, WIDTH_MAX);
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

/* Header fields are separated by two or more spaces or a tab. */
static void assign_header_space(const struct extract_transcript *t, const struct xline *h,
                                const struct space_layout *L, struct colbuild *cb, int *scratch)
{
    const char *s = line_text(t, h);
    const struct xatom *a = t->atoms + h->atom0;
    size_t i = 0;

    display_cols(s, h->len, scratch, WIDTH_MAX);
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
                add_header_atom(cb, col, (long)(h->atom0 + k));
        } else {
            for (size_t k = i; k < j; k++) {
                size_t ab = (size_t)(a[k].p - s), ae = ab + a[k].len;
                add_header_atom(cb, column_for(L, cb, scratch[ab], scratch[ae], &ov),
                                (long)(h->atom0 + k));
            }
        }
        i = j;
    }
}

static int layout_space(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb)
{
    struct space_layout *L = malloc(sizeof *L);
    int *scratch = malloc(WIDTH_MAX * sizeof *scratch);
    int rc = -1;

    if (!L || !scratch)
        goto out;
    rc = find_intervals(t, tb, L, scratch);
    if (rc != 0)
        goto out;
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        const char *s = line_text(t, ln);
        if (ln->role != XROW_DATA)
            continue;
        display_cols(s, ln->len, scratch, WIDTH_MAX);
        for (size_t i = 0; i < ln->n_atoms; i++) {
            const struct xatom *a = &t->atoms[ln->atom0 + i];
            int col = interval_at(L, scratch[a->p - s]);
            if (is_filler(t, ln, a))
                continue;
            note_kind(cb, col, (long)li, is_value_num(t, ln, a));
            if (a->num >= 0)
                t->num_col[a->num] = col;
        }
    }
    cb->n = L->n;
    settle_kinds(cb);
    detect_alignment(t, tb, L, cb, scratch);
    assign_header_space(t, &t->lines[tb->header], L, cb, scratch);
    if (tb->index_line >= 0)
        assign_header_space(t, &t->lines[tb->index_line], L, cb, scratch);
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

/* ---- ragged rows ------------------------------------------------------------ */

/* A header field: atoms [a0, a1) of the header, separated from the next by
 * two or more spaces or a tab, and its display span. */
struct hfield {
    size_t a0, a1;
    int c0, c1;
};

/* Splits a space-aligned header into its fields; returns how many. */
static int header_fields(const struct extract_transcript *t, const struct xline *h,
                         struct hfield *f, int max, int *scratch)
{
    const char *s = line_text(t, h);
    const struct xatom *a = t->atoms + h->atom0;
    int n = 0;

    display_cols(s, h->len, scratch, WIDTH_MAX);
    for (size_t i = 0; i < h->n_atoms && n < max;) {
        size_t j = i + 1;
        while (j < h->n_atoms) {
            size_t from = (size_t)(a[j - 1].p + a[j - 1].len - s), to = (size_t)(a[j].p - s);
            int sep = 0;
            for (size_t k = from; k < to; k++)
                sep |= (k + 1 < to && s[k] == ' ' && s[k + 1] == ' ') || s[k] == '\t';
            if (sep)
                break;
            j++;
        }
        f[n].a0 = i;
        f[n].a1 = j;
        f[n].c0 = scratch[a[i].p - s];
        f[n].c1 = scratch[a[j - 1].p + a[j - 1].len - s];
        n++;
        i = j;
    }
    return n;
}

/* Value cells of a data row (a row holding a bracketed list is no plain
 * row: -1). */
static int row_cells(const struct extract_transcript *t, const struct xline *ln)
{
    int n = 0;
    for (size_t i = ln->value_atom; i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        if (a->num < 0)
            continue;
        if (t->nums[a->num].list >= 0)
            return -1;
        n++;
    }
    return n;
}

/* How many value cells most data rows of the table have (the larger count
 * on a tie), or 0 when a row holds a list.  A row with more has numbers in
 * its label ("LSTM, forget-gate bias 3.0"); one with fewer misses a cell. */
static int table_cells(const struct extract_transcript *t, const struct xtable *tb)
{
    int count[INTERVALS_MAX] = { 0 }, best = 0;
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        if (ln->role != XROW_DATA)
            continue;
        int c = row_cells(t, ln);
        if (c < 0)
            return 0;
        if (c < INTERVALS_MAX)
            count[c]++;
    }
    for (int c = 1; c < INTERVALS_MAX; c++)
        if (count[c] && count[c] >= count[best])
            best = c;
    return best;
}

/* The atom (relative) of a row's k-th value from the end of its values. */
static size_t nth_value_from_end(const struct extract_transcript *t, const struct xline *ln,
                                 int k)
{
    size_t i = ln->n_atoms;
    while (i-- > ln->value_atom)
        if (t->atoms[ln->atom0 + i].num >= 0 && k-- == 0)
            return i;
    return ln->value_atom;
}

/* Did the gutters fail a full row?  A label longer than its field pushes
 * its row's numbers right, into the gutters of the rows above, so the
 * gutters merge: a row with one value per value column then has two
 * values in one column, or a value in a label or headerless column. */
static int gutters_fail_full_rows(const struct extract_transcript *t, const struct xtable *tb,
                                  const struct colbuild *cb, int cells)
{
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        int prev = -1;
        if (ln->role != XROW_DATA || row_cells(t, ln) < cells)
            continue;
        for (size_t i = nth_value_from_end(t, ln, cells - 1); i < ln->n_atoms; i++) {
            const struct xatom *a = &t->atoms[ln->atom0 + i];
            int col;
            if (a->num < 0)
                continue;
            col = t->num_col[a->num];
            if (col <= prev || col < 0 || col >= cb->n || cb->kind[col] != 1 || cb->n_hdr[col] == 0)
                return 1;
            prev = col;
        }
    }
    return 0;
}

/* A row with a missing cell: each value goes to the value field nearest
 * to it on screen, left to right (offsets only decide which cell is
 * missing). */
static void place_short_row(struct extract_transcript *t, const struct xline *ln,
                            const struct hfield *f, int first_value, int nf, int *scratch)
{
    const char *s = line_text(t, ln);
    int next = first_value;

    display_cols(s, ln->len, scratch, WIDTH_MAX);
    for (size_t i = ln->value_atom; i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        if (a->num < 0)
            continue;
        int c0 = scratch[a->p - s], c1 = scratch[a->p + a->len - s], best = -1, best_d = 0;
        for (int k = next; k < nf; k++) {
            int d = c1 <= f[k].c0 ? f[k].c0 - c1 : f[k].c1 <= c0 ? c0 - f[k].c1 : 0;
            if (best < 0 || d < best_d)
                best = k, best_d = d;
        }
        if (best < 0)
            return;
        t->num_col[a->num] = best;
        next = best + 1;
    }
}

/* Ragged rows: the header's fields are the columns and a row with one
 * value per value field is read by order (the k-th value from the right
 * under the k-th field from the right), whatever its offsets.  Returns 1
 * when the layout applies, 0 when it does not, -1 when out of memory. */
static int layout_fields(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb,
                         int cells)
{
    const struct xline *h = &t->lines[tb->header];
    struct hfield *f = malloc(INTERVALS_MAX * sizeof *f);
    int *scratch = malloc(WIDTH_MAX * sizeof *scratch);
    int nf, first_value, rc = -1;

    if (!f || !scratch)
        goto out;
    rc = 0;
    if (h->len >= WIDTH_MAX)
        goto out;
    nf = header_fields(t, h, f, INTERVALS_MAX, scratch);
    first_value = nf - cells;
    if (cells < 2 || first_value < 1)
        goto out;   /* the row labels need a field of their own */
    memset(cb, 0, sizeof *cb);
    cb->n = nf;
    for (int k = 0; k < nf; k++) {
        cb->kind[k] = k < first_value ? 2 : 1;
        for (size_t i = f[k].a0; i < f[k].a1; i++)
            add_header_atom(cb, k, (long)(h->atom0 + i));
    }
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        int col = first_value;
        if (ln->role != XROW_DATA)
            continue;
        for (size_t k = 0; k < ln->n_nums; k++)
            t->num_col[ln->num0 + k] = -1;
        if (row_cells(t, ln) < cells) {
            place_short_row(t, ln, f, first_value, nf, scratch);
            continue;
        }
        /* numbers before the last `cells` ones belong to the label ("bias 3.0") */
        size_t from = nth_value_from_end(t, ln, cells - 1);
        for (size_t i = ln->value_atom; i < ln->n_atoms; i++) {
            const struct xatom *a = &t->atoms[ln->atom0 + i];
            if (a->num >= 0)
                t->num_col[a->num] = i < from ? first_value - 1 : col++;
        }
    }
    rc = 1;
out:
    free(f);
    free(scratch);
    return rc;
}

static void layout_delimited(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb)
{
    const struct xline *h = &t->lines[tb->header];
    const char *hs = line_text(t, h);

    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        const char *s = line_text(t, ln);
        if (ln->role != XROW_DATA)
            continue;
        for (size_t i = 0; i < ln->n_atoms; i++) {
            const struct xatom *a = &t->atoms[ln->atom0 + i];
            int col = field_of(s, (size_t)(a->p - s), tb->delim);
            if (is_filler(t, ln, a))
                continue;
            note_kind(cb, col, (long)li, is_value_num(t, ln, a));
            if (a->num >= 0)
                t->num_col[a->num] = col;
        }
    }
    settle_kinds(cb);
    for (size_t i = 0; i < h->n_atoms; i++) {
        const struct xatom *a = &t->atoms[h->atom0 + i];
        int col = field_of(hs, (size_t)(a->p - hs), tb->delim);
        add_header_atom(cb, col, (long)(h->atom0 + i));
        if (col >= cb->n && col < INTERVALS_MAX)
            cb->n = col + 1;
    }
}

/* Single-spaced tables: the k-th value from the right sits under the k-th
 * header name from the right. */
static void layout_ordinal(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb)
{
    const struct xline *h = &t->lines[tb->header];
    const char *hs = line_text(t, h);
    long starts[INTERVALS_MAX];
    int nf = 0;

    /* header names: whitespace-separated tokens */
    for (size_t i = 0; i < h->n_atoms && nf < INTERVALS_MAX; i++) {
        const struct xatom *a = &t->atoms[h->atom0 + i];
        size_t off = (size_t)(a->p - hs);
        if (i == 0 || off == 0 || hs[off - 1] == ' ' || hs[off - 1] == '\t')
            starts[nf++] = (long)i;
        add_header_atom(cb, nf - 1, (long)(h->atom0 + i));
    }
    cb->n = nf;
    for (int k = 0; k < nf; k++)
        cb->kind[k] = 2;
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        int col = nf - 1, last_list = -2;
        if (ln->role != XROW_DATA)
            continue;
        for (size_t i = ln->n_atoms; i-- > ln->value_atom && col >= 0;) {
            const struct xatom *a = &t->atoms[ln->atom0 + i];
            const struct numparse_num *n;
            if (a->num < 0)
                continue;
            n = &t->nums[a->num];
            if (last_list != -2 && (n->list < 0 || n->list != last_list))
                col--;
            if (col < 0)
                break;
            t->num_col[a->num] = col;
            cb->kind[col] = 1;
            last_list = n->list < 0 ? -3 : n->list;
        }
    }
    (void)starts;
}

/* How many of the label column's header words name the numbered columns.
 * pandas prints a pivot's columns' name on the header line ("length" over
 * the row labels) and its index's name on the line below ("model"): only
 * the first names them, so a cell reads "length 50", not "length model 50". */
static int columns_name_atoms(const struct extract_transcript *t, const struct xtable *tb,
                              const struct colbuild *cb, int label_col)
{
    const struct xline *h = &t->lines[tb->header];
    long end = (long)(h->atom0 + h->n_atoms);
    int n = 0;

    while (n < cb->n_hdr[label_col] && cb->hdr_atoms[label_col][n] < end)
        n++;
    return tb->index_line >= 0 && n > 0 ? n : cb->n_hdr[label_col];
}

/* "train acc %", "test acc (%)", "acc [%]", "accuracy percent": the
 * column's numbers are percentages even when printed bare. */
static int percent_header(const struct extract_transcript *t, const struct colbuild *cb, int k)
{
    for (int h = 0; h < cb->n_hdr[k]; h++) {
        const struct xatom *a = &t->atoms[cb->hdr_atoms[k][h]];
        const char *p = a->p + a->len, *end = t->text + t->len;
        if (a->num < 0 && ((a->len == 7 && strncasecmp(a->p, "percent", 7) == 0) ||
                           (a->len == 3 && strncasecmp(a->p, "pct", 3) == 0)))
            return 1;
        while (p < end && (*p == ' ' || *p == '(' || *p == '[' || *p == '_' || *p == '-' ||
                           *p == '/' || *p == 'i' || *p == 'n'))
            p++;   /* "acc (%)", "acc in %", "acc/%" */
        if (p < end && *p == '%')
            return 1;
    }
    return 0;
}

/* "attention weights in % (rows = queries):", "accuracy (percent)": a
 * caption that gives the unit of every cell below it.  A '%' glued to a
 * number ("adds to 100%") is a value, not a unit. */
static int percent_caption(const struct extract_transcript *t, const struct xline *ln)
{
    const char *s = line_text(t, ln);
    const struct xatom *a = t->atoms + ln->atom0;

    for (size_t i = 0; i < ln->n_atoms; i++)
        if (a[i].num < 0 && ((a[i].len == 7 && strncasecmp(a[i].p, "percent", 7) == 0) ||
                             (a[i].len == 3 && strncasecmp(a[i].p, "pct", 3) == 0)))
            return 1;
    for (size_t i = 0; i < ln->len; i++) {
        if (s[i] != '%')
            continue;
        size_t k = i;
        while (k > 0 && s[k - 1] == ' ')
            k--;
        if (k == 0 || !(s[k - 1] >= '0' && s[k - 1] <= '9'))
            return 1;
    }
    return 0;
}

/* Marks the bare numbers of a percent column as percentages. */
static void mark_percent(struct extract_transcript *t, const struct xtable *tb, int col)
{
    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        if (ln->role != XROW_DATA)
            continue;
        for (size_t k = 0; k < ln->n_nums; k++) {
            struct numparse_num *n = &t->nums[ln->num0 + k];
            if (t->num_col[ln->num0 + k] == col &&
                !(n->flags & (NUMPARSE_PERCENT | NUMPARSE_UNIT | NUMPARSE_FACTOR | NUMPARSE_NAN |
                              NUMPARSE_INF)))
                n->flags |= NUMPARSE_PERCENT;
        }
    }
}

static int store_columns(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb,
                         struct gb_err *err)
{
    int label_col = -1, has_label = 0;

    for (int k = 0; k < cb->n; k++)
        has_label |= cb->kind[k] == 2;
    if (!has_label && cb->n >= 2) {
        int k = 0;
        while (k < cb->n && cb->kind[k] == 0)
            k++;   /* "| step |": the empty field before the first pipe */
        if (k < cb->n - 1)
            cb->kind[k] = 2;   /* the leftmost column names the rows */
    }
    for (int k = 0; k < cb->n && label_col < 0; k++) {
        int words = cb->n_hdr[k] > 0;
        for (int h = 0; h < cb->n_hdr[k]; h++)
            words &= t->atoms[cb->hdr_atoms[k][h]].num < 0;
        if (cb->kind[k] == 2 && words)
            label_col = k;
    }
    tb->col0 = t->n_cols;
    tb->n_cols = (size_t)cb->n;
    if (extract_grow((void **)&t->cols, &t->cap_cols, t->n_cols + (size_t)cb->n,
                     sizeof *t->cols, err) < 0)
        return -1;
    /* the caption right above the header may give the unit of every cell */
    int caption_pct = tb->header > 0 && t->lines[tb->header - 1].block == t->lines[tb->header].block &&
                      t->lines[tb->header - 1].role == XROW_NONE &&
                      percent_caption(t, &t->lines[tb->header - 1]);
    for (int k = 0; k < cb->n; k++) {
        struct xcolumn *c = &t->cols[t->n_cols++];
        int numeric = cb->n_hdr[k] > 0;
        for (int h = 0; h < cb->n_hdr[k]; h++)
            numeric &= t->atoms[cb->hdr_atoms[k][h]].num >= 0;
        c->is_value = cb->kind[k] == 1;
        c->is_key = cb->key[k];
        if (c->is_value && (caption_pct || percent_header(t, cb, k)))
            mark_percent(t, tb, k);
        c->hatom0 = t->n_hatoms;
        /* A header that is only a number ("0.5") is named by the label
         * column's header ("gain"): the cell reads "gain 0.5". */
        int prefix = numeric && label_col >= 0 && label_col != k
                         ? columns_name_atoms(t, tb, cb, label_col) : 0;
        if (extract_grow((void **)&t->hatoms, &t->cap_hatoms,
                         t->n_hatoms + (size_t)(prefix + cb->n_hdr[k]), sizeof *t->hatoms, err) < 0)
            return -1;
        for (int h = 0; h < prefix; h++)
            t->hatoms[t->n_hatoms++] = t->atoms[cb->hdr_atoms[label_col][h]];
        for (int h = 0; h < cb->n_hdr[k]; h++)
            t->hatoms[t->n_hatoms++] = t->atoms[cb->hdr_atoms[k][h]];
        c->n_hatoms = t->n_hatoms - c->hatom0;
    }
    return 0;
}

/* ---- tables of lists ---------------------------------------------------------- */

/* A row whose values are one bracketed list ("rude  tensor([0.0963, ...])",
 * " [0.0963 0.0963 0.0963 0.7112]]"): the list's length, 0 otherwise.
 * *first is the list's first atom (relative). */
static size_t list_width(const struct extract_transcript *t, const struct xline *ln, size_t *first)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t i = 0, n = 0, end = extract_labelled_tail(t, ln);
    int list;

    while (i < end && !(a[i].num >= 0 && t->nums[a[i].num].list >= 0))
        i++;
    if (i == end)
        return 0;
    *first = i;
    list = t->nums[a[i].num].list;
    for (; i < end; i++) {
        if (a[i].num < 0) {
            if (!is_noise(&a[i]))
                return 0;
            continue;
        }
        if (t->nums[a[i].num].list != list)
            return 0;
        n++;
    }
    return n;
}

/* Names on a header line, from the right: a name is a run of atoms with no
 * space, comma or quote between them ("h1", "b_f=3"); a standalone value
 * number ends the names.  Fills starts[] (relative atom indices, right to
 * left) and returns how many, at most max. */
static size_t header_names(const struct extract_transcript *t, const struct xline *h,
                           size_t *starts, size_t max)
{
    const struct xatom *a = t->atoms + h->atom0;
    size_t n = 0, i = h->n_atoms;

    while (i > 0 && n < max) {
        size_t b = i - 1;
        while (b > 0) {
            const char *from = a[b - 1].p + a[b - 1].len, *to = a[b].p;
            int joined = 1;
            for (const char *c = from; c < to && joined; c++)
                joined = !strchr(" \t,'\"[](){}|:", *c);
            if (!joined)
                break;
            b--;
        }
        int words = 0;
        for (size_t k = b; k < i; k++)
            words += a[k].num < 0;
        if (!words || is_noise(&a[b]))
            break;
        starts[n++] = b;
        i = b;
    }
    return n;
}

static int names_line(const struct extract_transcript *t, const struct xline *ln, size_t width);

/* Every data row is one list of the same length N >= 2 and the header is a
 * line of exactly N names (after a "label:" perhaps): the N columns.
 * Returns N, or 0. */
static size_t list_table_width(const struct extract_transcript *t, const struct xtable *tb,
                               size_t *starts)
{
    size_t width = 0, first;

    for (size_t li = tb->first; li <= tb->last; li++) {
        const struct xline *ln = &t->lines[li];
        if (ln->role != XROW_DATA)
            continue;
        size_t w = list_width(t, ln, &first);
        if (w < 2 || (width && w != width))
            return 0;
        width = w;
    }
    if (!width || width > INTERVALS_MAX - 1 || tb->index_line >= 0 ||
        !names_line(t, &t->lines[tb->header], width))
        return 0;
    header_names(t, &t->lines[tb->header], starts, width);
    return width;
}

/* Words before the row's list other than "tensor(" or "array(". */
static int row_labelled(const struct extract_transcript *t, const struct xline *ln, size_t first)
{
    for (size_t i = 0; i < first; i++)
        if (!is_noise(&t->atoms[ln->atom0 + i]))
            return 1;
    return 0;
}

#define NAMES_LOOKBACK 8

/* A line that only names things: "support was not rude", "tokens:
 * ['support', 'was', 'not', 'rude']", "rows/cols: a b c d" — exactly width
 * names, after nothing or after a label ending in ':' or '='. */
static int names_line(const struct extract_transcript *t, const struct xline *ln, size_t width)
{
    size_t starts[INTERVALS_MAX + 1];
    const struct xatom *a = t->atoms + ln->atom0;

    if (ln->kind != XLINE_TEXT || width > INTERVALS_MAX ||
        header_names(t, ln, starts, width + 1) < width)
        return 0;
    size_t b = starts[width - 1];
    if (b == 0)
        return 1;
    for (const char *c = a[b - 1].p + a[b - 1].len; c < a[b].p; c++)
        if (*c == ':' || *c == '=')
            return 1;
    return 0;
}

/* The names over a headerless run of bare list rows: a names line a few lines
 * up ("tokens: [...]" above "weights:" above the matrix), or the one the
 * list table just above used (the same tokens name every matrix printed
 * after them).  Rows that name nothing on their own (another bare matrix,
 * "row sums: [1. 1. 1. 1.]") are looked past: a script that prints its
 * tokens once and then matrix after matrix means those tokens for every
 * one of them; only lines of words count towards the look-back.  Returns
 * its line index, or -1. */
static long names_header(const struct extract_transcript *t, size_t first, size_t last)
{
    size_t width = 0, lf;

    for (size_t li = first; li <= last; li++) {
        const struct xline *ln = &t->lines[li];
        if (ln->role != XROW_DATA)
            continue;
        size_t w = list_width(t, ln, &lf);
        if (w < 2 || (width && w != width) || row_labelled(t, ln, lf))
            return -1;   /* rows with labels name themselves */
        width = w;
    }
    size_t words = 0;
    for (size_t k = first; k-- > 0 && words < NAMES_LOOKBACK;) {
        const struct xline *ln = &t->lines[k];
        if (ln->role == XROW_DATA) {
            const struct xtable *tb = ln->table >= 0 ? &t->tables[ln->table] : NULL;
            if (tb && tb->header >= 0 && list_width(t, ln, &lf) == width &&
                names_line(t, &t->lines[tb->header], width))
                return tb->header;
            if (!tb || tb->header >= 0 || list_width(t, ln, &lf) < 2)
                return -1;   /* a table of its own, or a value line: the names end here */
            continue;
        }
        if (ln->role == XROW_NONE && names_line(t, ln, width))
            return (long)k;
        words += ln->kind != XLINE_BLANK;
    }
    return -1;
}

/* " [0.0963 0.0963 0.0963 0.7112]]": a row of a matrix printed bare. */
static int unlabelled_list_row(const struct extract_transcript *t, const struct xline *ln)
{
    size_t first;
    return list_width(t, ln, &first) >= 2 && !row_labelled(t, ln, first);
}

/* Column 0 holds the row labels (headed by the header's words before the
 * names); column k+1 is element k of every row's list.  A square matrix
 * printed without row labels names its rows by the same names, in order
 * (rows with labels of their own, like "output rude: [...]", keep them). */
static void layout_list(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb,
                        size_t width, const size_t *starts)
{
    const struct xline *h = &t->lines[tb->header];
    size_t rows = 0, unlabelled = 0;

    cb->n = (int)width + 1;
    cb->kind[0] = 2;
    for (size_t i = 0; i < starts[width - 1]; i++)
        add_header_atom(cb, 0, (long)(h->atom0 + i));
    for (size_t k = 0; k < width; k++) {
        size_t b = starts[width - 1 - k], e = k + 1 < width ? starts[width - 2 - k] : h->n_atoms;
        cb->kind[k + 1] = 1;
        for (size_t i = b; i < e; i++)
            add_header_atom(cb, (int)k + 1, (long)(h->atom0 + i));
    }
    for (size_t li = tb->first; li <= tb->last; li++) {
        struct xline *ln = &t->lines[li];
        size_t first, col = 1;
        if (ln->role != XROW_DATA)
            continue;
        list_width(t, ln, &first);
        ln->value_atom = first;
        unlabelled += !row_labelled(t, ln, first);
        for (size_t i = first; i < ln->n_atoms && col <= width; i++)
            if (t->atoms[ln->atom0 + i].num >= 0)   /* a labelled tail is read inline */
                t->num_col[t->atoms[ln->atom0 + i].num] = (int32_t)col++;
    }
    if (unlabelled != width)
        return;
    rows = 0;
    for (size_t li = tb->first; li <= tb->last; li++) {
        struct xline *ln = &t->lines[li];
        if (ln->role != XROW_DATA || row_labelled(t, ln, ln->value_atom))
            continue;
        size_t b = starts[width - 1 - rows], e = rows + 1 < width ? starts[width - 2 - rows] : h->n_atoms;
        ln->name0 = (long)(h->atom0 + b);
        ln->n_name = e - b;
        rows++;
    }
}

static int pandas_header(const struct extract_transcript *t, const struct xline *ln);

/* A Series under the expression that made it:
 *
 *     weights_df.sum(axis=1)       <- names the values
 *     query                        <- the index's name
 *     support    1.0
 *
 * the caption's words all head the one value column, the index name heads
 * the labels. */
static void series_caption(struct extract_transcript *t, const struct xtable *tb,
                           struct colbuild *cb)
{
    int value = -1, label = -1;

    if (tb->index_line < 0 || pandas_header(t, &t->lines[tb->header]))
        return;
    for (int k = 0; k < cb->n; k++) {
        if (cb->kind[k] == 1) {
            if (value >= 0)
                return;   /* a frame of several columns is no Series */
            value = k;
        } else if (cb->kind[k] == 2 && label < 0) {
            label = k;
        }
    }
    if (value < 0)
        return;
    for (int k = 0; k < cb->n; k++)
        cb->n_hdr[k] = 0;
    const struct xline *h = &t->lines[tb->header], *ix = &t->lines[tb->index_line];
    for (size_t i = 0; i < h->n_atoms; i++)
        add_header_atom(cb, value, (long)(h->atom0 + i));
    for (size_t i = 0; label >= 0 && i < ix->n_atoms; i++)
        add_header_atom(cb, label, (long)(ix->atom0 + i));
}

/* A space-aligned table: by its gutters; by its header's fields in order
 * when ragged rows defeat the gutters; by order from the right when there
 * are no usable gutters at all.  0, or -1 when out of memory. */
static int layout_space_table(struct extract_transcript *t, struct xtable *tb, struct colbuild *cb)
{
    int cells = table_cells(t, tb), values = 0;
    int rc = layout_space(t, tb, cb);

    if (rc == 0 && tb->index_line < 0 && cells >= 2 && gutters_fail_full_rows(t, tb, cb, cells)) {
        int fields = layout_fields(t, tb, cb, cells);
        if (fields != 0)
            return fields < 0 ? -1 : 0;
        /* a header with no field for the labels: positions as before */
    }
    if (rc < 0)
        return -1;
    for (int k = 0; rc == 0 && k < cb->n; k++)
        values += cb->kind[k] == 1 && cb->n_hdr[k] > 0;
    if (rc == 1 || values == 0) {
        /* no usable gutters: fall back to order from the right */
        for (size_t li = tb->first; li <= tb->last; li++)
            for (size_t k = 0; k < t->lines[li].n_nums; k++)
                t->num_col[t->lines[li].num0 + k] = -1;
        memset(cb, 0, sizeof *cb);
        layout_ordinal(t, tb, cb);
    }
    return 0;
}

/* ---- long ("tidy") format ---------------------------------------------- */

static uint64_t mix_bytes(uint64_t h, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 1099511628211ull;   /* FNV-1a */
    return (h ^ 0x1f) * 1099511628211ull;                   /* cell separator */
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
        for (size_t i = 0; i < ln->n_atoms; i++) {
            const struct xatom *a = &t->atoms[ln->atom0 + i];
            int take = col < 0 ? a->num < 0 && !is_noise(a)
                               : a->num >= 0 && t->num_col[a->num] == col;
            if (take)
                hash[r] = mix_bytes(hash[r], a->p, a->len);
        }
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

/* Long format ("model,param,value,step,grad_norm" with rows
 * "rnn,gain,0.5,1,5.03e-17"): when the text cells do not tell the rows
 * apart, the numeric columns from the left are keys too, up to the first
 * set that does; the columns after it are the measures.  That is how a
 * reader takes a tidy table (pandas melt, seaborn input): "gain 0.5 at
 * step 1" is the row whose key cells say so.  A table whose rows repeat
 * whole stays as it was.  Label numbers of numeric columns were already
 * read as "header value" pairs ("step 1"). */
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

static int build_columns(struct extract_transcript *t, struct xtable *tb, struct gb_err *err)
{
    struct colbuild *cb = calloc(1, sizeof *cb);
    int rc = 0;

    if (!cb)
        return gb_fail(err, "out of memory reading a table");
    size_t starts[INTERVALS_MAX], width = 0;
    if (tb->delim == XDELIM_SPACE)
        width = list_table_width(t, tb, starts);
    if (width)
        layout_list(t, tb, cb, width, starts);
    else if (tb->delim != XDELIM_SPACE)
        layout_delimited(t, tb, cb);
    else
        rc = layout_space_table(t, tb, cb);
    if (rc == 0 && width == 0)
        rc = settle_keys(t, tb, cb, err) < 0 ? -2 : 0;
    if (rc == 0) {
        series_caption(t, tb, cb);
        rc = store_columns(t, tb, cb, err);
    } else if (rc != -2) {
        rc = gb_fail(err, "out of memory reading a table");
    } else {
        rc = -1;
    }
    free(cb);
    return rc;
}

/* ---- runs ------------------------------------------------------------------ */

/* Not in a table, or alone in a headerless one ("... sits at step 50"). */
static int is_lone_row(const struct extract_transcript *t, const struct xline *ln)
{
    const struct xtable *tb;
    if (ln->table < 0)
        return 1;
    tb = &t->tables[ln->table];
    return tb->header < 0 && tb->first == tb->last;
}

/* ---- axes ------------------------------------------------------------------ */

static int word_is(const struct xatom *a, const char *w)
{
    size_t n = strlen(w);
    return a->num < 0 && a->len == n && strncasecmp(a->p, w, n) == 0;
}

static void set_axis(struct xaxis *ax, const struct xatom *a, size_t n)
{
    if (n == 0 || n > AXIS_ATOMS_MAX)
        return;
    for (size_t i = 0; i < n; i++)
        ax->a[i] = a[i];
    ax->n = n;
}

/* The corner over the row labels names both axes, rows first: "key \ query",
 * "keys / queries", "keys vs queries", "k\q". */
static void corner_axes(const struct extract_transcript *t, struct xtable *tb)
{
    for (size_t k = 0; k < tb->n_cols; k++) {
        const struct xcolumn *c = &t->cols[tb->col0 + k];
        const struct xatom *h = t->hatoms + c->hatom0;
        if (c->is_value)
            return;   /* the corner is left of the values */
        for (size_t i = 0; i + 1 < c->n_hatoms; i++) {
            int slash = 0, vs = word_is(&h[i + 1], "vs") || word_is(&h[i + 1], "versus");
            for (const char *p = h[i].p + h[i].len; p < h[i + 1].p && !vs; p++)
                slash |= *p == '\\' || *p == '/';
            if (!slash && !vs)
                continue;
            size_t rest = i + 1 + (size_t)vs;
            if (rest >= c->n_hatoms)
                return;
            set_axis(&tb->rows_are, h, i + 1);
            set_axis(&tb->cols_are, h + rest, c->n_hatoms - rest);
            return;
        }
    }
}

/* One axis word after "rows", "columns" or "cols" in a caption: "rows =
 * keys", "rows: keys", "rows are keys", "one row per key".  Not a list of
 * row names ("rows: rude, was, not"): the word must end the phrase. */
static void caption_axes(const struct extract_transcript *t, struct xline *ln,
                         struct xtable *tb)
{
    const struct xatom *a = t->atoms + ln->atom0;
    const char *end = t->text + ln->off + ln->len;

    for (size_t i = 0; i + 1 < ln->n_atoms; i++) {
        int rows = word_is(&a[i], "row") || word_is(&a[i], "rows");
        int cols = word_is(&a[i], "column") || word_is(&a[i], "columns") || word_is(&a[i], "cols");
        size_t j = i + 1;
        int mark = 0;
        if (!rows && !cols)
            continue;
        for (const char *p = a[i].p + a[i].len; p < a[j].p; p++)
            mark |= *p == '=' || *p == ':';
        if (!mark && (word_is(&a[j], "are") || word_is(&a[j], "per")))
            mark = 1, j++;
        if (!mark || j >= ln->n_atoms || a[j].num >= 0)
            continue;
        const char *after = a[j].p + a[j].len, *stop = j + 1 < ln->n_atoms ? a[j + 1].p : end;
        int ends = j + 1 == ln->n_atoms || word_is(&a[j + 1], "and");
        for (const char *p = after; p < stop && !ends; p++)
            ends = *p == ')' || *p == '(' || *p == ';' || (*p == ',' && j + 1 < ln->n_atoms &&
                                               (word_is(&a[j + 1], "column") ||
                                                word_is(&a[j + 1], "columns") ||
                                                word_is(&a[j + 1], "cols") ||
                                                word_is(&a[j + 1], "row") ||
                                                word_is(&a[j + 1], "rows")));
        if (!ends)
            continue;
        set_axis(rows ? &tb->rows_are : &tb->cols_are, &a[j], 1);
        if (!ln->axes_at)
            ln->axes_at = i + 1;
    }
}

/* What the rows and columns of a table are, when its corner or the
 * caption right above it says (the corner first: it sits on the table). */
static void find_axes(struct extract_transcript *t, struct xtable *tb)
{
    corner_axes(t, tb);
    if (tb->header <= 0)
        return;
    struct xline *above = &t->lines[tb->header - 1];
    struct xaxis rows = tb->rows_are, cols = tb->cols_are;
    if (above->block == t->lines[tb->header].block && above->role == XROW_NONE &&
        (above->kind == XLINE_TITLE || above->kind == XLINE_TEXT))
        caption_axes(t, above, tb);
    if (rows.n || cols.n) {
        tb->rows_are = rows;
        tb->cols_are = cols;
    }
}

static int index_name_line(const struct extract_transcript *t, long h);

static int add_table(struct extract_transcript *t, long header, size_t first, size_t last,
                     enum xdelim d, struct gb_err *err)
{
    struct xtable *tb;
    long idx = (long)t->n_tables;

    if (extract_grow((void **)&t->tables, &t->cap_tables, t->n_tables + 1, sizeof *t->tables,
                     err) < 0)
        return -1;
    tb = &t->tables[t->n_tables++];
    memset(tb, 0, sizeof *tb);
    tb->header = header;
    tb->index_line = header >= 0 && (size_t)header + 2 == first &&
                     t->lines[header + 1].kind == XLINE_TEXT && index_name_line(t, header + 1)
                         ? header + 1 : -1;
    tb->first = first;
    tb->last = last;
    tb->delim = d;
    for (size_t li = first; li <= last; li++) {
        if (t->lines[li].role == XROW_DATA)
            t->lines[li].table = idx;
    }
    if (header >= 0) {
        t->lines[header].role = XROW_HEADER;   /* even if it once looked like a lone row */
        t->lines[header].table = idx;
        if (tb->index_line >= 0) {
            t->lines[tb->index_line].role = XROW_HEADER;
            t->lines[tb->index_line].table = idx;
        }
        if (build_columns(t, tb, err) < 0)
            return -1;
        /* The sentence right above a table is its title. */
        if (header > 0 && (size_t)header + 3 > first) {
            struct xline *above = &t->lines[header - 1];
            if (above->block == t->lines[header].block && above->kind == XLINE_TEXT &&
                above->role != XROW_HEADER && is_lone_row(t, above)) {
                above->kind = XLINE_TITLE;
                above->role = XROW_NONE;
                above->table = -1;
            }
        }
        find_axes(t, &t->tables[idx]);
    }
    return 0;
}

static int has_wide_gap(const struct xline *ln, const char *s)
{
    size_t b = 0, e = ln->len;
    while (b < e && (s[b] == ' ' || s[b] == '\t'))
        b++;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'))
        e--;
    for (size_t i = b; i + 1 < e; i++)
        if ((s[i] == ' ' && s[i + 1] == ' ') || s[i] == '\t')
            return 1;
    return 0;
}

static int is_lone_row(const struct extract_transcript *t, const struct xline *ln);

/* pandas prints a named index on its own line: "model" or "step", words only. */
static int index_name_line(const struct extract_transcript *t, long h)
{
    const struct xline *ln = &t->lines[h];
    if (ln->n_atoms == 0 || ln->n_atoms > 3 || ln->n_nums > 0)
        return 0;
    return !has_wide_gap(ln, line_text(t, ln));
}

/* pandas indents its header past the index ("            all  very_rows");
 * a caption at the left margin ("test_df['kind'].value_counts()") is the
 * name of a Series printed below it (series_caption). */
static int pandas_header(const struct extract_transcript *t, const struct xline *ln)
{
    const char *s = line_text(t, ln);
    return (ln->len > 0 && (s[0] == ' ' || s[0] == '\t')) || has_wide_gap(ln, s);
}

/* Numbers glued to a key by '=' or ':' ("t50=3.4e-02", "loss:0.31"): each
 * cell carries its own name.  A spaced "x = 3" is a setting, not counted. */
static size_t keyed_numbers(const struct extract_transcript *t, const struct xline *ln)
{
    const char *s = line_text(t, ln);
    size_t n = 0;
    for (size_t i = 0; i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        const char *q = a->p;
        if (a->num < 0 || q - s < 2)
            continue;
        n += (q[-1] == '=' || q[-1] == ':') && q[-2] != ' ' && q[-2] != '\t';
    }
    return n;
}

/* The header of a run starting at line `first`: the line above it (a rule
 * line in between is allowed), in the same block and not itself a value row. */
static long find_header(const struct extract_transcript *t, size_t first, enum xdelim d,
                        const enum xdelim *delims)
{
    long h = (long)first - 1;
    if (h >= 0 && t->lines[h].kind == XLINE_RULE && t->lines[h].block == t->lines[first].block)
        h--;
    if (h < 0 || t->lines[h].block != t->lines[first].block)
        return -1;
    if (t->lines[h].kind != XLINE_TEXT || t->lines[h].role != XROW_NONE || t->lines[h].n_atoms == 0)
        return -1;
    if (keyed_numbers(t, &t->lines[h]) > 2 * count_values(t, &t->lines[first]))
        return -1;   /* "bf=3  t50=3.4e-02  t1=4.7e-09" over "took 0.12 s": a log line that
                      * names its own cells; "T=5  T=20  T=50" over as many values heads them */
    if (index_name_line(t, h) && h > 0 && t->lines[h - 1].block == t->lines[h].block &&
        t->lines[h - 1].kind == XLINE_TEXT &&
        (pandas_header(t, &t->lines[h - 1]) || count_values(t, &t->lines[first]) == 1) &&
        (!is_data(&t->lines[h - 1]) ||
         (is_lone_row(t, &t->lines[h - 1]) && header_like(t, &t->lines[h - 1], &t->lines[first]))))
        return h - 1;   /* pandas: header, then the index's name alone on a line */
    if (d != XDELIM_SPACE && delims[h] != d)
        return -1;
    if (is_data(&t->lines[h]) && !header_like(t, &t->lines[h], &t->lines[first]))
        return -1;
    return h;
}

/* "device: cpu", "optimizer = adam": a setting printed as key and value,
 * not a row of column names. */
static int setting_line(const struct extract_transcript *t, const struct xline *ln)
{
    const struct xatom *a = t->atoms + ln->atom0;
    const char *s = line_text(t, ln);
    int marks = 0, depth = 0;

    if (ln->n_atoms < 2 || a[0].num >= 0 || has_wide_gap(ln, s))
        return 0;   /* "T=5    T=20    T=50" is a header of parameters */
    for (size_t i = 0; i < ln->len; i++) {
        if (s[i] == '(' || s[i] == '[' || s[i] == '{')
            depth++;
        else if ((s[i] == ')' || s[i] == ']' || s[i] == '}') && depth > 0)
            depth--;
        else if ((s[i] == ':' || s[i] == '=') && depth == 0 && (size_t)(a[0].p - s) < i)
            marks++;   /* not "weights_df.sum(axis=1)" */
    }
    return marks == 1;
}

/* "logistic → all 0.745 · very 1.000 · not 0.495": every number labelled by
 * the word right before it.  Such lines carry their own column names; a
 * line of words above them is no header. */
static int labels_each_value(const struct extract_transcript *t, const struct xline *ln)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t pairs = 0, values = 0;

    for (size_t i = 0; i < ln->n_atoms; i++) {
        if (!is_value_num(t, ln, &a[i]))
            continue;
        values++;
        pairs += i > 0 && a[i - 1].num < 0 && !is_filler(t, ln, &a[i - 1]);
    }
    return values >= 2 && pairs == values;
}

static int value_spans(const struct extract_transcript *t, const struct xline *ln,
                       int (*spans)[3], int max);

/* A row holding one cell: one value, or one bracketed list. */
static int one_cell_row(const struct extract_transcript *t, const struct xline *ln)
{
    int spans[2][3];
    return value_spans(t, ln, spans, 2) == 1;
}

/* A space-aligned header has wide gaps between its names; a single-spaced
 * one ("model train_acc test_acc") must be names only, no values.  A
 * setting line ("device: cpu") heads nothing, except the names of the
 * lists below it ("columns: support was not rude" over tensor rows). */
static int space_header_ok(const struct extract_transcript *t, long h, size_t first)
{
    const struct xline *ln = &t->lines[h];
    size_t list_first;
    if (setting_line(t, ln) && list_width(t, &t->lines[first], &list_first) < 2)
        return 0;
    if (has_wide_gap(ln, line_text(t, ln)))
        return 1;
    for (size_t i = 0; i < ln->n_atoms; i++)
        if (is_value_num(t, ln, &t->atoms[ln->atom0 + i]))
            return 0;
    /* a Series: "kind" over "not  303" (or over one printed list a row);
     * one word over rows of several cells ("outputs" over a matrix) names
     * the matrix, it heads no column */
    return ln->n_atoms >= 2 || (index_name_line(t, h) && one_cell_row(t, &t->lines[first]));
}

/* Display column of byte p of a line. */
static int display_col(const struct extract_transcript *t, const struct xline *ln, const char *p)
{
    const char *s = line_text(t, ln);
    int c = 0;
    for (const char *q = s; q < p; q++) {
        if (*q == '\t')
            c = (c / 8 + 1) * 8;
        else if (((unsigned char)*q & 0xC0) != 0x80)
            c++;
    }
    return c;
}

/* Display spans of a row's values; a bracketed list of two or more numbers
 * is one span, flagged in spans[k][2]. */
static int value_spans(const struct extract_transcript *t, const struct xline *ln,
                       int (*spans)[3], int max)
{
    int n = 0, list = -2;
    for (size_t i = ln->value_atom; i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        int l;
        if (a->num < 0)
            continue;
        l = t->nums[a->num].list;
        if (l >= 0 && l == list && n > 0) {
            spans[n - 1][1] = display_col(t, ln, a->p + a->len);
            spans[n - 1][2] = 1;
            continue;
        }
        if (n == max)
            break;
        spans[n][0] = display_col(t, ln, a->p);
        spans[n][1] = display_col(t, ln, a->p + a->len);
        spans[n][2] = 0;
        n++;
        list = l;
    }
    return n;
}

/* A row with a label longer than the first row's: as many plain values,
 * each pushed right by the same amount (the label's extra length), so far
 * that they may sit in the gutters. */
static int ragged_row(int (*a)[3], int na, int (*b)[3], int nb)
{
    if (na != nb || na < 2 || a[0][0] <= b[0][0])
        return 0;
    for (int i = 0; i < na; i++)
        if (a[i][2] || b[i][2] || a[i][1] - b[i][1] != a[0][1] - b[0][1])
            return 0;
    return 1;
}

/* Does a value span [c0, c1] sit under a header word that starts right of
 * display column `edge`?  A first row with an empty last cell ("—") has no
 * value there for the rows below to line up with; the header still does. */
static int under_header_right_of(const struct extract_transcript *t, const struct xline *header,
                                 int edge, int c0, int c1)
{
    for (size_t i = 0; i < header->n_atoms; i++) {
        const struct xatom *a = &t->atoms[header->atom0 + i];
        int h0 = display_col(t, header, a->p), h1 = display_col(t, header, a->p + a->len);
        if (h0 > edge && c0 <= h1 && h0 <= c1)
            return 1;
    }
    return 0;
}

/* Does row `ln` belong under the table that starts with row `first`?
 * Aligned tables: each of its values overlaps a value column of the first
 * row, and a bracketed list overlaps only one ("output of rude: [0.881,
 * -0.119, ...]" printed under a table of plain numbers is a line of its
 * own, not a row whose list straddles the table's columns).  Single-spaced
 * tables: it has as many values as the first row. */
static int row_fits(const struct extract_transcript *t, const struct xline *header,
                    const struct xline *first, const struct xline *ln)
{
    int a[64][3], b[64][3], na, nb, first_lists = 0;

    if (!has_wide_gap(header, line_text(t, header)))
        return count_values(t, ln) == count_values(t, first);
    if (ln->len > WIDTH_MAX || first->len > WIDTH_MAX)
        return 1;
    na = value_spans(t, ln, a, 64);
    nb = value_spans(t, first, b, 64);
    for (int j = 0; j < nb; j++)
        first_lists |= b[j][2];
    if (ragged_row(a, na, b, nb))
        return 1;
    for (int i = 0; i < na; i++) {
        int fits = 0;
        if (nb > 0 && a[i][1] < b[0][0] && !a[i][2])
            continue;   /* left of every value column: part of the label ("forget bias 3.0") */
        for (int j = 0; j < nb; j++)
            fits += a[i][0] <= b[j][1] && b[j][0] <= a[i][1];
        if (!fits && nb > 0 && !a[i][2] && a[i][0] > b[nb - 1][1])
            fits = under_header_right_of(t, header, b[nb - 1][1], a[i][0], a[i][1]);
        if (!fits || (fits > 1 && a[i][2] && !first_lists))
            return 0;
    }
    return 1;
}

/* Line i looks like a header; is the line above it a worse one?  A
 * sentence above a wide-gapped header is its title, not its header. */
static int weak_header_above(const struct extract_transcript *t, size_t i, const enum xdelim *delims)
{
    long h = find_header(t, i, delims[i], delims);
    if (h < 0)
        return 1;
    return delims[i] == XDELIM_SPACE && has_wide_gap(&t->lines[i], line_text(t, &t->lines[i])) &&
           !has_wide_gap(&t->lines[h], line_text(t, &t->lines[h]));
}

/* The last row of the run that starts at data row `first` under `header`. */
static size_t extend_run(struct extract_transcript *t, size_t first, long header,
                         const enum xdelim *delims)
{
    size_t last = first;
    for (size_t k = first + 1; k < t->n_lines; k++) {
        const struct xline *ln = &t->lines[k];
        if (ln->block != t->lines[first].block)
            break;
        if (ln->kind == XLINE_RULE)
            continue;
        if (!is_data(ln) || delims[k] != delims[first])
            break;
        if (k + 1 < t->n_lines && is_data(&t->lines[k + 1]) &&
            t->lines[k + 1].block == ln->block && header_like(t, ln, &t->lines[k + 1]) &&
            !(header >= 0 && delims[first] == XDELIM_SPACE &&
              row_fits(t, &t->lines[header], &t->lines[first], ln)))
            break;   /* the header of the next table (a row lined up under this one's is a row) */
        if (header >= 0 && delims[first] == XDELIM_SPACE &&
            !row_fits(t, &t->lines[header], &t->lines[first], ln))
            break;   /* a log line after the table, not one of its rows */
        if (unlabelled_list_row(t, &t->lines[first]) && !unlabelled_list_row(t, ln))
            break;   /* "output rude: [...]" printed after a numpy matrix */
        t->lines[k].role = XROW_DATA;
        last = k;
    }
    return last;
}

/* Header numbers that label columns: whole, distinct and ascending ("5 20 50 100"). */
static int whole_ascending(const struct extract_transcript *t, const struct xline *ln)
{
    const struct numparse_num *prev = NULL;
    for (size_t i = ln->value_atom; i < ln->n_atoms; i++) {
        const struct xatom *a = &t->atoms[ln->atom0 + i];
        const struct numparse_num *n = a->num >= 0 ? &t->nums[a->num] : NULL;
        if (!n)
            continue;
        if (!(n->flags & NUMPARSE_INTEGER) || (prev && n->value <= prev->value))
            return 0;
        prev = n;
    }
    return prev != NULL;
}

/* Every row of the run from line r has k values, one of them a fraction. */
static int rows_have_fractions(const struct extract_transcript *t, size_t r, size_t k,
                               const enum xdelim *delims)
{
    size_t rows = 0;
    for (size_t li = r; li < t->n_lines && t->lines[li].block == t->lines[r].block &&
                        is_data(&t->lines[li]) && delims[li] == delims[r]; li++) {
        const struct xline *ln = &t->lines[li];
        int fraction = 0;
        if (count_values(t, ln) != k)
            break;
        for (size_t j = ln->value_atom; j < ln->n_atoms; j++) {
            const struct xatom *a = &t->atoms[ln->atom0 + j];
            fraction |= a->num >= 0 && !(t->nums[a->num].flags & NUMPARSE_INTEGER);
        }
        if (!fraction)
            return 0;
        rows++;
    }
    return rows > 0;
}

/* A pivot table's header numbers its columns: pandas prints
 * df.pivot(index="model", columns="length", values=...) as
 *
 *     length      5     20     50
 *     model
 *     RNN     1.000  1.000  0.561
 *
 * the columns' name and labels, then the index's name alone on a line.
 * Words then k numbers over rows of k values: with the index-name line
 * that shape is enough; without it ("length  5  20  50" straight over the
 * rows) the numbers must be whole and ascending and every row must print
 * a fraction, so the first row of a table of counts is never a header. */
static int pivot_header(const struct extract_transcript *t, size_t i, const enum xdelim *delims)
{
    const struct xline *ln = &t->lines[i];
    size_t k = count_values(t, ln), r = i + 1;
    int indexed;

    if (delims[i] != XDELIM_SPACE || k < 2 || !is_data(ln) || ln->value_atom == 0 ||
        !has_wide_gap(ln, line_text(t, ln)))
        return 0;
    for (size_t j = 0; j < ln->value_atom; j++)
        if (t->atoms[ln->atom0 + j].num >= 0)
            return 0;
    indexed = r < t->n_lines && t->lines[r].block == ln->block && t->lines[r].kind == XLINE_TEXT &&
              index_name_line(t, (long)r);
    r += indexed;
    if (r >= t->n_lines || t->lines[r].block != ln->block || !is_data(&t->lines[r]) ||
        delims[r] != delims[i] || count_values(t, &t->lines[r]) != k)
        return 0;
    return indexed || (whole_ascending(t, ln) && rows_have_fractions(t, r, k, delims));
}

/* A value row that is really the header of the rows below it. */
static int header_row(const struct extract_transcript *t, size_t i, const enum xdelim *delims)
{
    if (pivot_header(t, i, delims))
        return 1;
    return i + 1 < t->n_lines && is_data(&t->lines[i + 1]) &&
           t->lines[i + 1].block == t->lines[i].block && delims[i + 1] == delims[i] &&
           header_like(t, &t->lines[i], &t->lines[i + 1]) && weak_header_above(t, i, delims);
}

int extract_table_detect(struct extract_transcript *t, struct gb_err *err)
{
    enum xdelim *delims = malloc((t->n_lines ? t->n_lines : 1) * sizeof *delims);
    size_t i = 0;

    if (!delims)
        return gb_fail(err, "out of memory finding tables");
    for (size_t k = 0; k < t->n_lines; k++) {
        struct xline *ln = &t->lines[k];
        delims[k] = line_delim(line_text(t, ln), ln->len);
        ln->value_atom = ln->kind == XLINE_TEXT ? value_start(t, ln, delims[k]) : ln->n_atoms;
    }
    while (i < t->n_lines) {
        size_t first = i, last;
        long header;
        if (!is_data(&t->lines[i]) || header_row(t, i, delims)) {
            if (is_data(&t->lines[i]))
                t->lines[i].value_atom = t->lines[i].n_atoms;
            i++;
            continue;
        }
        t->lines[i].role = XROW_DATA;
        header = find_header(t, first, delims[first], delims);
        if (header >= 0 && delims[first] == XDELIM_SPACE && !space_header_ok(t, header, first))
            header = -1;
        last = extend_run(t, first, header, delims);
        if (header >= 0 && first == last && delims[first] == XDELIM_SPACE &&
            !has_wide_gap(&t->lines[header], line_text(t, &t->lines[header])))
            header = -1;   /* one row under a sentence is not a table */
        if (header >= 0 && delims[first] == XDELIM_SPACE && labels_each_value(t, &t->lines[first]))
            header = -1;
        if (header < 0 && delims[first] == XDELIM_SPACE)
            header = names_header(t, first, last);
        if (add_table(t, header, first, last, delims[first], err) < 0) {
            free(delims);
            return -1;
        }
        i = last + 1;
    }
    free(delims);
    return 0;
}
