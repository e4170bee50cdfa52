/* extract_structured.c — NumPy structured arrays, as repr() prints them.
 *
 * A structured array (or np.rec.array) prints its rows as tuples and its
 * column names only after them, in the dtype:
 *
 *     array([(  5, 'RNN',   8.697, 1.   , 1.   ),
 *            ( 50, 'LSTM', 427.164, 0.851, 0.521)],
 *           dtype=[('T', '<i8'), ('model', '<U12'), ('secs', '<f8'), ...])
 *
 * A human reads the dtype's names as the header of the tuples above it:
 * field j of every tuple is the j-th name.  Such a block is rewritten as
 * the pipe table it is, in place: the first line becomes the header (after
 * the words before "array(", as its caption) and its rows, every other
 * line holding rows keeps them, and the dtype's line is taken out
 * (PYOUTPUT_DROPPED: counted, never read), so each row cites the line it
 * was printed on.  A block is read only when it is whole: every tuple has
 * as many plain fields (numbers, quoted strings, words) as the dtype has
 * names, at least two, with a number among them; a field that is itself a
 * tuple or an array (a sub-array dtype) leaves the block as printed.
 */
#define _GNU_SOURCE   /* memmem */
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "extract/pyoutput.h"

#define STRUCT_FIELDS_MAX 32
#define STRUCT_ROWS_MAX 512

struct span {
    size_t b, e;
};

struct block {
    size_t k, n_rows, caption_end, end;   /* end: just past the closing ')' */
    struct span name[STRUCT_FIELDS_MAX];
    struct span *cell;                     /* STRUCT_ROWS_MAX * STRUCT_FIELDS_MAX */
    size_t row_at[STRUCT_ROWS_MAX];        /* where each row's '(' is */
};

static size_t skip_ws(const char *s, size_t i, size_t len)
{
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
        i++;
    return i;
}

/* The quoted string at s[i] (' or "), its inside into *sp; the index past
 * its closing quote, or 0 when it does not close on its line. */
static size_t quoted(const char *s, size_t i, size_t len, struct span *sp)
{
    char q = s[i];
    size_t j = i + 1;

    while (j < len && s[j] != q && s[j] != '\n')
        j++;
    if (j >= len || s[j] != q)
        return 0;
    *sp = (struct span){ i + 1, j };
    return j + 1;
}

/* One tuple's fields from s[i] == '(' into cells; the index past its ')',
 * 0 when it is no tuple of plain fields.  *n its field count. */
static size_t tuple(const char *s, size_t i, size_t len, struct span *cells, size_t *n,
                    int *number)
{
    *n = 0;
    for (i++;;) {
        size_t b = i = skip_ws(s, i, len), e;
        if (i >= len || *n >= STRUCT_FIELDS_MAX)
            return 0;
        if (s[i] == '\'' || s[i] == '"' || (s[i] == 'b' && i + 1 < len && s[i + 1] == '\'')) {
            if (s[i] == 'b')
                i++;
            if (!(i = quoted(s, i, len, &cells[*n])))
                return 0;
        } else {
            while (i < len && s[i] != ',' && s[i] != ')' && s[i] != '\n') {
                if (s[i] == '(' || s[i] == '[' || s[i] == '\'' || s[i] == '"')
                    return 0;             /* a sub-array or a tuple field */
                i++;
            }
            for (e = i; e > b && (s[e - 1] == ' ' || s[e - 1] == '\t'); e--)
                ;
            if (e == b)
                return 0;
            cells[*n] = (struct span){ b, e };
            *number |= (s[b] >= '0' && s[b] <= '9') || s[b] == '-' || s[b] == '.';
        }
        (*n)++;
        i = skip_ws(s, i, len);
        if (i < len && s[i] == ')')
            return i + 1;
        if (i >= len || s[i] != ',')
            return 0;
        i++;
        if (skip_ws(s, i, len) < len && s[skip_ws(s, i, len)] == ')')
            return 0;                     /* "(x,)": a one-field tuple */
    }
}

/* The dtype's field names from s[i] (just past "dtype="); the index past
 * the array's closing ')', 0 when they cannot be read. */
static size_t dtype_names(const char *s, size_t i, size_t len, struct block *bl)
{
    size_t n = 0;
    int rec = i + 13 < len && !strncmp(s + i, "(numpy.record,", 14);

    if (rec)
        i = skip_ws(s, i + 14, len);      /* np.rec.array's "(numpy.record, [...])" */
    if (i >= len || s[i++] != '[')
        return 0;
    for (;;) {
        struct span fmt;
        i = skip_ws(s, i, len);
        if (i >= len || s[i] != '(' || n >= STRUCT_FIELDS_MAX)
            return 0;
        i = skip_ws(s, i + 1, len);
        if (i >= len || (s[i] != '\'' && s[i] != '"') || !(i = quoted(s, i, len, &bl->name[n])))
            return 0;
        i = skip_ws(s, i, len);
        if (i >= len || s[i++] != ',')
            return 0;
        i = skip_ws(s, i, len);
        if (i >= len || (s[i] != '\'' && s[i] != '"'))
            return 0;
        if (!(i = quoted(s, i, len, &fmt)) || (i = skip_ws(s, i, len)) >= len || s[i] != ')')
            return 0;                     /* ", (2,)": a sub-array field */
        n++;
        i = skip_ws(s, i + 1, len);
        if (i < len && s[i] == ',') {
            i++;
            continue;
        }
        if (i >= len || s[i] != ']')
            return 0;
        break;
    }
    for (int closing = rec ? 2 : 1; closing; closing--) {
        i = skip_ws(s, i + 1, len);
        if (i >= len || s[i] != ')')
            return 0;
    }
    bl->k = n;
    return i + 1;
}

/* The block whose "array([" is at s[a] (line starting at line_b): 1 when
 * it is a whole structured array (file comment), else 0. */
static int read_block(const char *s, size_t len, size_t line_b, size_t a, struct block *bl)
{
    size_t i = a + 7, k = 0;
    int number = 0;

    bl->n_rows = 0;
    bl->caption_end = a >= line_b + 4 && !strncmp(s + a - 4, "rec.", 4) ? a - 4 : a;
    if (bl->caption_end >= line_b + 3 && !strncmp(s + bl->caption_end - 3, "np.", 3))
        bl->caption_end -= 3;
    for (;;) {
        size_t n;
        i = skip_ws(s, i, len);
        if (i >= len || s[i] != '(' || bl->n_rows >= STRUCT_ROWS_MAX)
            return 0;
        bl->row_at[bl->n_rows] = i;
        i = tuple(s, i, len, bl->cell + bl->n_rows * STRUCT_FIELDS_MAX, &n, &number);
        if (!i || (k && n != k) || n < 2)
            return 0;
        k = n;
        bl->n_rows++;
        i = skip_ws(s, i, len);
        if (i < len && s[i] == ',') {
            i++;
            continue;
        }
        break;
    }
    if (i >= len || s[i] != ']')
        return 0;
    i = skip_ws(s, i + 1, len);
    if (i >= len || s[i] != ',')
        return 0;
    i = skip_ws(s, i + 1, len);
    if (i + 6 > len || strncmp(s + i, "dtype=", 6))
        return 0;
    if (!(bl->end = dtype_names(s, i + 6, len, bl)) || bl->k != k || !number)
        return 0;
    return 1;
}

static int put_row(struct gb_buf *out, const char *s, const struct span *cells, size_t k,
                   struct gb_err *err)
{
    for (size_t j = 0; j < k; j++)
        if (gb_buf_puts(out, "| ", err) ||
            gb_buf_append(out, s + cells[j].b, cells[j].e - cells[j].b, err) ||
            gb_buf_puts(out, " ", err))
            return -1;
    return gb_buf_puts(out, "|", err);
}

/* The caption (if any), the dtype's names as the header, and the rule. */
static int put_header(struct gb_buf *out, const char *s, size_t line_b, const struct block *bl,
                      struct gb_err *err)
{
    size_t cb = line_b, ce = bl->caption_end;

    while (cb < ce && (s[cb] == ' ' || s[cb] == '\t'))
        cb++;
    while (ce > cb && (s[ce - 1] == ' ' || s[ce - 1] == '=' || s[ce - 1] == ':'))
        ce--;
    if (ce > cb && (gb_buf_append(out, s + cb, ce - cb, err) || gb_buf_puts(out, ":\r", err)))
        return -1;
    if (put_row(out, s, bl->name, bl->k, err) || gb_buf_puts(out, "\r", err))
        return -1;
    for (size_t j = 0; j < bl->k; j++)
        if (gb_buf_puts(out, "|---", err))
            return -1;
    return gb_buf_puts(out, "|", err);
}

/* Line [b, e) of a block: the header on its first line, then the rows whose
 * tuples begin on it ('\r'-separated), or PYOUTPUT_DROPPED when none does. */
static int put_block_line(struct gb_buf *out, const char *s, size_t b, size_t e, int first,
                          const struct block *bl, struct gb_err *err)
{
    int any = 0;

    if (first && put_header(out, s, b, bl, err))
        return -1;
    for (size_t r = 0; r < bl->n_rows; r++) {
        if (bl->row_at[r] < b || bl->row_at[r] >= e)
            continue;
        if (((first || any) && gb_buf_puts(out, "\r", err)) ||
            put_row(out, s, bl->cell + r * STRUCT_FIELDS_MAX, bl->k, err))
            return -1;
        any = 1;
    }
    return first || any ? 0 : gb_buf_append(out, (char[]){ PYOUTPUT_DROPPED }, 1, err);
}

/* Where "array([" opens on line [b, e), or e. */
static size_t array_open(const char *s, size_t b, size_t e)
{
    for (size_t i = b; i + 7 <= e; i++)
        if (!strncmp(s + i, "array([", 7) && (i == b || s[i - 1] == ' ' || s[i - 1] == '.' ||
                                              s[i - 1] == '=' || s[i - 1] == ':'))
            return i;
    return e;
}

int extract_reshape_structured(struct extract_transcript *t, struct gb_err *err)
{
    struct gb_buf out = GB_BUF_INIT;
    struct block bl;
    size_t soft = 0, b = 0, block_end = 0;
    int changed = 0, rc = -1;

    if (!t->len || !memmem(t->text, t->len, "dtype=", 6))
        return 0;
    if (!(bl.cell = malloc(STRUCT_ROWS_MAX * STRUCT_FIELDS_MAX * sizeof *bl.cell)))
        return gb_fail(err, "out of memory reading a NumPy structured array");
    while (b <= t->len) {
        const char *nl = memchr(t->text + b, '\n', t->len - b);
        size_t e = nl ? (size_t)(nl - t->text) : t->len, at = out.len, a;
        int x = b < block_end, first = 0;
        if (!x && (a = array_open(t->text, b, e)) < e &&
            read_block(t->text, t->len, b, a, &bl)) {
            block_end = bl.end;
            x = first = changed = 1;
        }
        if (x ? put_block_line(&out, t->text, b, e, first, &bl, err)
              : gb_buf_append(&out, t->text + b, e - b, err))
            goto out;
        extract_move_breaks(t, &soft, b, e + 1, at, out.len, x);
        if (!nl)
            break;
        if (gb_buf_puts(&out, "\n", err))
            goto out;
        b = e + 1;
    }
    rc = changed ? extract_take_text(t, &out, "a NumPy structured array", err) : 0;
out:
    free(bl.cell);
    gb_buf_free(&out);
    return rc;
}
