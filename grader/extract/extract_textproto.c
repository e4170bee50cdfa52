/* extract_textproto.c — nested blocks of "name: value" fields, as protocol
 * buffers' text format (and a student's own printer of it) prints them:
 *
 *     grad_row {
 *       model: RNN
 *       gain: 0.5
 *       blame {
 *         step: 1
 *         grad_norm: 5.032e-17
 *       }
 *       shrink_per_step: 0.490
 *     }
 *
 * A reader reads each block as a record that inherits what the blocks
 * around it say: the grad_norm 5.032e-17 is the RNN's, at gain 0.5, at step
 * 1.  Such a block, whole, is rewritten as the flat records a human reads
 * in it, one JSON object per block that holds fields (extract_records.c
 * reads those): the names of the blocks it sits in ("in": "grad_row
 * blame"), the short fields printed before it in those blocks, then its own
 * fields, a field printed several times in a row as a list ("value": [2.0,
 * 0.0, 0.0, 0.0]).  Each record replaces the line of its block's last
 * field, so it cites its block (the last of the lines its numbers were
 * printed on, not each number's own); the block's other lines are taken
 * out (PYOUTPUT_DROPPED: counted, never read).  A block
 * with any other line in it (prose, a table) is left as printed.
 */
#include "extract/extract_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "extract/pyoutput.h"

#define TP_DEPTH_MAX 16
#define TP_FIELDS_MAX 64
#define TP_LINES_MAX 20000
#define TP_SHORT_TEXT 24          /* an inherited text field longer is prose, not a key */

enum tp_kind { TP_OTHER, TP_OPEN, TP_CLOSE, TP_FIELD };

struct tp_line {
    size_t b, e;                  /* the line in the text */
    enum tp_kind kind;
    size_t nb, ne;                /* OPEN, FIELD: the name */
    size_t vb, ve;                /* FIELD: the value as printed */
    int quoted;                   /* FIELD: a quoted string ("rude") */
};

struct tp_field {
    size_t line;                  /* index in the block's lines */
};

struct tp_frame {
    size_t open;                  /* the opener's line index, or SIZE_MAX for none */
    struct tp_field f[TP_FIELDS_MAX];
    size_t n;
    size_t inherited;             /* the parent's fields printed before this block */
};

static int ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '-';
}

/* One line's kind, name and value. */
static void classify_line(const char *s, size_t b, size_t e, struct tp_line *l)
{
    size_t i = b, j;

    *l = (struct tp_line){ b, e, TP_OTHER, 0, 0, 0, 0, 0 };
    while (i < e && (s[i] == ' ' || s[i] == '\t'))
        i++;
    while (e > i && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r'))
        e--;
    if (e - i == 1 && s[i] == '}') {
        l->kind = TP_CLOSE;
        return;
    }
    for (j = i; j < e && ident_char(s[j]); j++)
        ;
    if (j == i || !isalpha((unsigned char)s[i]))
        return;
    l->nb = i;
    l->ne = j;
    while (j < e && (s[j] == ' ' || s[j] == '\t'))
        j++;
    if (j + 1 == e && s[j] == '{') {
        l->kind = TP_OPEN;
        return;
    }
    if (j >= e || s[j] != ':')
        return;
    for (j++; j < e && (s[j] == ' ' || s[j] == '\t'); j++)
        ;
    if (j + 1 == e && s[j] == '{') {
        l->kind = TP_OPEN;                /* "name: {" */
        return;
    }
    if (j >= e)
        return;
    if (s[j] == '"' || s[j] == '\'') {
        if (e - j < 2 || s[e - 1] != s[j] || memchr(s + j + 1, s[j], e - j - 2))
            return;
        l->vb = j + 1;
        l->ve = e - 1;
        l->quoted = 1;
    } else {
        for (size_t k = j; k < e; k++)
            if (s[k] == ' ' || s[k] == '{' || s[k] == '}' || s[k] == '"' || s[k] == ',')
                return;                   /* "a: b c" is prose, not a field */
        l->vb = j;
        l->ve = e;
    }
    l->kind = TP_FIELD;
}

/* The lines of the block opened at lines[0], up to its matching close:
 * how many, or 0 when it does not close or holds another kind of line. */
static size_t whole_block(const struct tp_line *lines, size_t n)
{
    int depth = 0;

    for (size_t i = 0; i < n; i++) {
        if (lines[i].kind == TP_OTHER)
            return 0;
        depth += lines[i].kind == TP_OPEN;
        depth -= lines[i].kind == TP_CLOSE;
        if (depth == 0)
            return i + 1;
        if (depth > TP_DEPTH_MAX)
            return 0;
    }
    return 0;
}

static int put_value(struct gb_buf *out, const char *s, const struct tp_line *l,
                     struct gb_err *err)
{
    if (!l->quoted && !isalpha((unsigned char)s[l->vb]))
        return gb_buf_append(out, s + l->vb, l->ve - l->vb, err);
    if (gb_buf_puts(out, "\"", err))
        return -1;
    for (size_t i = l->vb; i < l->ve; i++)
        if (gb_buf_append(out, s[i] == '"' ? "'" : s + i, 1, err))
            return -1;
    return gb_buf_puts(out, "\"", err);
}

static int same_name(const char *s, const struct tp_line *a, const struct tp_line *b)
{
    return a->ne - a->nb == b->ne - b->nb && !strncmp(s + a->nb, s + b->nb, a->ne - a->nb);
}

/* The fields f[from, to) of a frame as JSON members, runs of one name as
 * lists; skip_long leaves out long text (inherited prose). */
static int put_fields(struct gb_buf *out, const char *s, const struct tp_line *lines,
                      const struct tp_field *f, size_t from, size_t to, int skip_long,
                      struct gb_err *err)
{
    for (size_t i = from; i < to;) {
        const struct tp_line *l = &lines[f[i].line];
        size_t j = i + 1;
        while (j < to && same_name(s, l, &lines[f[j].line]))
            j++;
        if (skip_long && (j - i > 1 || (l->quoted && l->ve - l->vb > TP_SHORT_TEXT))) {
            i = j;
            continue;                     /* a list or prose names no record below it */
        }
        if (gb_buf_printf(out, err, ", \"%.*s\": %s", (int)(l->ne - l->nb), s + l->nb,
                          j - i > 1 ? "[" : ""))
            return -1;
        for (size_t k = i; k < j; k++)
            if ((k > i && gb_buf_puts(out, ", ", err)) || put_value(out, s, &lines[f[k].line], err))
                return -1;
        if (j - i > 1 && gb_buf_puts(out, "]", err))
            return -1;
        i = j;
    }
    return 0;
}

/* The record of frame d (the innermost open block) into rec. */
static int put_record(struct gb_buf *rec, const char *s, const struct tp_line *lines,
                      const struct tp_frame *stack, size_t d, struct gb_err *err)
{
    if (gb_buf_puts(rec, "{\"in\": \"", err))
        return -1;
    for (size_t k = 0; k <= d; k++) {
        const struct tp_line *o = &lines[stack[k].open];
        if (gb_buf_printf(rec, err, "%s%.*s", k ? " " : "", (int)(o->ne - o->nb), s + o->nb))
            return -1;
    }
    if (gb_buf_puts(rec, "\"", err))
        return -1;
    for (size_t k = 0; k < d; k++)
        if (put_fields(rec, s, lines, stack[k].f, 0, stack[k + 1].inherited, 1, err))
            return -1;
    if (put_fields(rec, s, lines, stack[d].f, 0, stack[d].n, 0, err))
        return -1;
    return gb_buf_puts(rec, "}", err);
}

/* Writes block lines[0, n) as its records (see above). */
static int put_block(struct gb_buf *out, const char *s, const struct tp_line *lines, size_t n,
                     char **record, struct gb_err *err)
{
    struct tp_frame stack[TP_DEPTH_MAX + 1];
    size_t d = 0;
    struct gb_buf rec = GB_BUF_INIT;

    for (size_t i = 0; i < n; i++)
        record[i] = NULL;
    for (size_t i = 0; i < n; i++) {
        const struct tp_line *l = &lines[i];
        if (l->kind == TP_OPEN) {
            size_t at = i == 0 ? 0 : d + 1;
            stack[at] = (struct tp_frame){ i, { { 0 } }, 0, i == 0 ? 0 : stack[d].n };
            d = at;
        } else if (l->kind == TP_FIELD && stack[d].n < TP_FIELDS_MAX) {
            stack[d].f[stack[d].n++].line = i;
        } else if (l->kind == TP_CLOSE) {
            if (stack[d].n) {
                size_t last = stack[d].f[stack[d].n - 1].line;
                if (put_record(&rec, s, lines, stack, d, err))
                    goto fail;
                if (!(record[last] = gb_buf_steal(&rec))) {
                    gb_fail(err, "out of memory reading nested blocks");
                    goto fail;
                }
            }
            if (d == 0)
                break;
            d--;
        }
    }
    for (size_t i = 0; i < n; i++)
        if ((i && gb_buf_puts(out, "\n", err)) ||
            (record[i] ? gb_buf_puts(out, record[i], err)
                       : gb_buf_append(out, (char[]){ PYOUTPUT_DROPPED }, 1, err)))
            goto fail;
    for (size_t i = 0; i < n; i++)
        free(record[i]);
    return 0;
fail:
    for (size_t i = 0; i < n; i++)
        free(record[i]);
    gb_buf_free(&rec);
    return -1;
}

static int prints_blocks(const char *s, size_t len)
{
    for (size_t i = 1; i < len; i++)
        if (s[i] == '\n' && s[i - 1] == '{')
            return 1;
    return 0;
}

int extract_reshape_textproto(struct extract_transcript *t, struct gb_err *err)
{
    struct gb_buf out = GB_BUF_INIT;
    struct tp_line *lines = NULL;
    char **record = NULL;
    size_t n = 0, soft = 0;
    int changed = 0, rc = -1;

    if (!t->len || !prints_blocks(t->text, t->len))
        return 0;
    for (size_t i = 0; i < t->len && n <= TP_LINES_MAX; i++)
        n += t->text[i] == '\n';
    if (n > TP_LINES_MAX)
        return 0;                         /* a long log is read line by line */
    if (!(lines = malloc((n + 1) * sizeof *lines))) {   /* n newlines: n + 1 lines */
        rc = gb_fail(err, "out of memory reading nested blocks");
        goto out;
    }
    n = 0;
    for (size_t b = 0; b <= t->len; n++) {
        const char *nl = memchr(t->text + b, '\n', t->len - b);
        size_t e = nl ? (size_t)(nl - t->text) : t->len;
        classify_line(t->text, b, e, &lines[n]);
        if (!nl) {
            n++;
            break;
        }
        b = e + 1;
    }
    if (!(record = calloc(n ? n : 1, sizeof *record))) {
        rc = gb_fail(err, "out of memory reading nested blocks");
        goto out;
    }
    for (size_t i = 0; i < n;) {
        size_t at = out.len, k = lines[i].kind == TP_OPEN ? whole_block(lines + i, n - i) : 0;
        int indented = lines[i].nb > lines[i].b;
        if (k >= 3 && !indented) {
            if (put_block(&out, t->text, lines + i, k, record, err))
                goto out;
            changed = 1;
        } else {
            k = 1;
            if (gb_buf_append(&out, t->text + lines[i].b, lines[i].e - lines[i].b, err))
                goto out;
        }
        extract_move_breaks(t, &soft, lines[i].b, lines[i + k - 1].e + 1, at, out.len, k > 1);
        i += k;
        if (i < n && gb_buf_puts(&out, "\n", err))
            goto out;
    }
    rc = changed ? extract_take_text(t, &out, "nested blocks of fields", err) : 0;
out:
    free(record);
    free(lines);
    gb_buf_free(&out);
    return rc;
}
