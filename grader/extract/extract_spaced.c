/* extract_spaced.c — tables printed with one space between fields.
 *
 * Python's print(T, name, secs, acc) and NumPy's np.savetxt(sys.stdout, ...)
 * print a row as its fields joined by single spaces, under a header printed
 * the same way (np.savetxt's "# T model secs train_acc test_acc"):
 *
 *     # T model secs train_acc test_acc
 *     5 RNN 8.7 1.000 1.000
 *     50 LSTM_b_f=3 490.5 1.000 1.000
 *
 * No gutters line up, so the table readers cannot tell a label from a
 * field.  A human counts: the header names k fields and every row under it
 * has k, so field j of a row is the header's j-th name.  Such a run is
 * rewritten as the pipe-delimited table it is ("T | model | secs | ..."),
 * each line in place, so every row keeps its output line.  A run is read
 * only when a human would be sure of it: a header of at least three names
 * (no numbers), at least two rows right under it with exactly as many
 * single-space-separated fields, each column numbers in every row or words
 * in every row, and at least two columns of numbers.  (Padded rows under a
 * "# " header are left to the aligned-table readers, which take the "#"
 * line for a heading: read as a header, it would stop closing the section
 * above it.)  The soft-break
 * bookkeeping every rewrite shares lives here too (extract_move_breaks), and
 * taking a rewrite's text (extract_take_text).
 */
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"

#define SPACED_FIELDS_MAX 24

struct field {
    size_t b, e;   /* bytes of the text */
};

/* The fields of line [b, e): runs of non-space bytes.  A leading "#" alone
 * (np.savetxt's comment mark) is no field.  Returns how many (at most
 * SPACED_FIELDS_MAX + 1), in *single whether every gap between two fields
 * is one space, and in *hash (when not NULL) whether the line began with
 * that "# ": a row's does, which ends the rows under a header. */
static size_t split_fields(const char *s, size_t b, size_t e, struct field *f, int *single,
                           int *hash)
{
    size_t n = 0, i = b;

    *single = 1;
    if (hash)
        *hash = 0;
    while (i < e && s[i] == ' ')
        i++;
    if (i + 1 < e && s[i] == '#' && s[i + 1] == ' ') {
        i += 2;
        if (hash)
            *hash = 1;
    }
    while (i < e && n <= SPACED_FIELDS_MAX) {
        size_t j = i;
        while (j < e && s[j] != ' ')
            j++;
        f[n++] = (struct field){ i, j };
        i = j;
        if (i + 1 < e && s[i + 1] == ' ')
            *single = 0;
        while (i < e && s[i] == ' ')
            i++;
    }
    return n;
}

/* Is the field a number as a whole ("1.000", "-3", "5.03e-17")? */
static int number_field(const char *s, const struct field *f)
{
    char buf[48], *end;

    if (f->e - f->b >= sizeof buf)
        return 0;
    memcpy(buf, s + f->b, f->e - f->b);
    buf[f->e - f->b] = '\0';
    if (!((buf[0] >= '0' && buf[0] <= '9') || buf[0] == '-' || buf[0] == '.'))
        return 0;
    (void)strtod(buf, &end);
    return end > buf && *end == '\0';
}

/* A line that cannot be a row or header of such a table: other delimiters
 * or a tab (their readers have it), or nothing but spaces. */
static int other_layout(const char *s, size_t b, size_t e)
{
    for (size_t i = b; i < e; i++)
        if (s[i] == '|' || s[i] == '\t' || s[i] == ',' || s[i] == ';' || s[i] == '\r')
            return 1;
    return 0;
}

struct line_span {
    size_t b, e;
};

/* How many rows from line i + 1 on make a table under header line i (of
 * names only); 0 when fewer than two.  types[j]: 1 numbers, 2 words. */
static size_t rows_under(const char *s, const struct line_span *ls, size_t n_lines, size_t i)
{
    struct field h[SPACED_FIELDS_MAX + 1], r[SPACED_FIELDS_MAX + 1];
    int types[SPACED_FIELDS_MAX] = { 0 }, single, row_hash, numeric = 0;
    size_t k, rows = 0;

    if (other_layout(s, ls[i].b, ls[i].e))
        return 0;
    k = split_fields(s, ls[i].b, ls[i].e, h, &single, NULL);
    if (k < 3 || k > SPACED_FIELDS_MAX)
        return 0;
    for (size_t j = 0; j < k; j++)
        if (number_field(s, &h[j]))
            return 0;
    for (size_t li = i + 1; li < n_lines; li++, rows++) {
        if (other_layout(s, ls[li].b, ls[li].e) ||
            split_fields(s, ls[li].b, ls[li].e, r, &single, &row_hash) != k || row_hash ||
            !single)
            break;
        int ok = 1;
        for (size_t j = 0; j < k && ok; j++) {
            int t = number_field(s, &r[j]) ? 1 : 2;
            ok = !types[j] || types[j] == t;
            if (!rows)
                types[j] = t;
        }
        if (!ok)
            break;
    }
    for (size_t j = 0; j < k; j++)
        numeric += types[j] == 1;
    return rows >= 2 && numeric >= 2 ? rows : 0;
}

/* Line [b, e) with its fields joined by " | ". */
static int put_piped(struct gb_buf *out, const char *s, size_t b, size_t e, struct gb_err *err)
{
    struct field f[SPACED_FIELDS_MAX + 1];
    int single;
    size_t n = split_fields(s, b, e, f, &single, NULL);

    for (size_t j = 0; j < n; j++)
        if ((j && gb_buf_puts(out, " | ", err)) ||
            gb_buf_append(out, s + f[j].b, f[j].e - f[j].b, err))
            return -1;
    return 0;
}

/* The output's lines, into *ls (malloc'd); their count. */
static int line_spans(const struct extract_transcript *t, struct line_span **ls, size_t *n,
                      struct gb_err *err)
{
    size_t cap = 0;

    *ls = NULL;
    *n = 0;
    for (size_t b = 0; b <= t->len;) {
        const char *nl = memchr(t->text + b, '\n', t->len - b);
        size_t e = nl ? (size_t)(nl - t->text) : t->len;
        if (extract_grow((void **)ls, &cap, *n + 1, sizeof **ls, err))
            return -1;
        (*ls)[(*n)++] = (struct line_span){ b, e };
        b = e + 1;
    }
    return 0;
}

/* The soft breaks (extract_nest_join) of old line [b, e), now at [new_b,
 * new_e): those of a rewritten line move to its last byte (the rows it
 * became cite its first output line, and the lines after it keep their
 * numbers); those of a line kept as it was move with it.  Every rewrite
 * of extract_reshape.c and this file keeps them so. */
void extract_move_breaks(struct extract_transcript *t, size_t *soft, size_t b, size_t e,
                         size_t new_b, size_t new_e, int rewritten)
{
    for (; *soft < t->n_soft && t->soft_breaks[*soft] < e; (*soft)++)
        t->soft_breaks[*soft] = rewritten && new_e > new_b ? new_e - 1
                                : t->soft_breaks[*soft] - b + new_b;
}

int extract_take_text(struct extract_transcript *t, struct gb_buf *out, const char *what,
                      struct gb_err *err)
{
    size_t len = out->len;
    char *text = gb_buf_steal(out);

    if (!text)
        return gb_fail(err, "out of memory reading %s", what);
    free(t->text);
    t->text = text;
    t->len = len;
    return 0;
}

int extract_rewrite_spans(struct extract_transcript *t, const char *what, extract_span_fn span,
                          void *arg, struct gb_err *err)
{
    struct gb_buf out = GB_BUF_INIT;
    size_t soft = 0, b = 0;
    int changed = 0, rc = -1;

    while (b <= t->len) {
        size_t at = out.len, e = b;
        int x = span(arg, t->text, t->len, b, &out, &e, err);
        if (x < 0)
            goto out;
        if (!x) {
            const char *nl = memchr(t->text + b, '\n', t->len - b);
            e = nl ? (size_t)(nl - t->text) : t->len;
            if (gb_buf_append(&out, t->text + b, e - b, err))
                goto out;
        }
        changed |= x;
        extract_move_breaks(t, &soft, b, e + 1, at, out.len, x);
        if (e >= t->len)
            break;
        if (gb_buf_puts(&out, "\n", err))
            goto out;
        b = e + 1;
    }
    rc = changed ? extract_take_text(t, &out, what, err) : 0;
out:
    gb_buf_free(&out);
    return rc;
}

int extract_reshape_spaced(struct extract_transcript *t, struct gb_err *err)
{
    struct gb_buf out = GB_BUF_INIT;
    struct line_span *ls = NULL;
    size_t n = 0, soft = 0, run_end = 0;
    int changed = 0, rc = -1;

    if (line_spans(t, &ls, &n, err))
        goto out;
    for (size_t i = 0; i < n; i++) {
        size_t at = out.len, rows;
        int x = i < run_end;
        if (!x && (rows = rows_under(t->text, ls, n, i))) {
            run_end = i + 1 + rows;
            x = 1;
        }
        if ((x ? put_piped(&out, t->text, ls[i].b, ls[i].e, err)
               : gb_buf_append(&out, t->text + ls[i].b, ls[i].e - ls[i].b, err)) ||
            (i + 1 < n && gb_buf_puts(&out, "\n", err)))
            goto out;
        changed |= x;
        extract_move_breaks(t, &soft, ls[i].b, ls[i].e + 1, at, out.len, x);
    }
    rc = changed ? extract_take_text(t, &out, "a table printed with single spaces", err) : 0;
out:
    free(ls);
    gb_buf_free(&out);
    return rc;
}
