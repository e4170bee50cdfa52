/* extract_repl.c — an interactive session's transcript: ">>> expr" over its value.
 *
 * A student who shows results the way Python's prompt does prints the
 * expression typed and, on the next line, the value it echoes:
 *
 *     >>> shrink['RNN gain 0.5'], step1_over_step50['RNN gain 0.5']
 *     (0.49, 6.64e-16)
 *     >>> results[(5, 'RNN')]
 *     {'seconds': 3.1, 'train_acc': 1.0, 'test_acc': 1.0}
 *
 * A human reads the expression as the value's label, and a tuple of
 * expressions over a tuple of as many values element by element.  Each
 * echo line is rewritten in place as "expression = value" (for a tuple,
 * "e1 = v1; e2 = v2"), with the expression's trailing comment kept as part
 * of the label ("# share of label 1, T=5"), and the prompt line is taken
 * out (PYOUTPUT_DROPPED: counted, never read), so the words and numbers
 * inside the expression label the value and are no readings of their own.
 * A string in the echo is text and stays as printed, and so does an echo
 * that is a dict or a list (plain_echo).  Only a prompt followed by
 * exactly one echo line (the next line another prompt, a blank
 * line or the end) is read so: a ">>> title" over a table is a banner,
 * left as printed.
 */
#define _GNU_SOURCE   /* memmem */
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "extract/pyoutput.h"

#define REPL_PARTS_MAX 16

struct span {
    size_t b, e;
};

static size_t skip_blank(const char *s, size_t i, size_t e)
{
    while (i < e && (s[i] == ' ' || s[i] == '\t'))
        i++;
    return i;
}

static size_t trim_end(const char *s, size_t b, size_t e)
{
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r'))
        e--;
    return e;
}

/* Line [b, e) is a prompt: ">>> " and something typed after it. */
static int is_prompt(const char *s, size_t b, size_t e)
{
    b = skip_blank(s, b, e);
    return e - b > 4 && !memcmp(s + b, ">>> ", 4);
}

/* Splits [b, e) at its top-level commas (outside brackets and quotes) into
 * parts; the count, 0 when a bracket or quote does not close or there are
 * too many.  *comment is where a '#' comment starts at top level (or e). */
static size_t split_top(const char *s, size_t b, size_t e, struct span *part, size_t *comment)
{
    size_t n = 0, start = b;
    int depth = 0;
    char quote = 0;

    *comment = e;
    for (size_t i = b; i < e; i++) {
        char c = s[i];
        if (quote) {
            if (c == '\\')
                i++;
            else if (c == quote)
                quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '(' || c == '[' || c == '{') {
            depth++;
        } else if (c == ')' || c == ']' || c == '}') {
            if (--depth < 0)
                return 0;
        } else if (c == '#' && depth == 0) {
            *comment = i;
            break;
        } else if (c == ',' && depth == 0) {
            if (n == REPL_PARTS_MAX)
                return 0;
            part[n++] = (struct span){ start, i };
            start = i + 1;
        }
    }
    if (quote || depth || n == REPL_PARTS_MAX)
        return 0;
    part[n++] = (struct span){ start, trim_end(s, start, *comment) };
    return n;
}

/* The echo [b, e) as a tuple "(v1, v2, ...)" of as many values as the
 * expression has parts: its elements into val, else 0. */
static size_t echo_tuple(const char *s, size_t b, size_t e, struct span *val)
{
    size_t c;

    b = skip_blank(s, b, e);
    e = trim_end(s, b, e);
    if (e - b < 2 || s[b] != '(' || s[e - 1] != ')')
        return 0;
    return split_top(s, b + 1, e - 1, val, &c);
}

/* Is the echo [b, e) a value or a tuple of values (no dict, list or nested
 * tuple)?  A container's elements have names of their own — its keys, or
 * a comprehension's loop variable ("{t: norm[t - 1] for t in STEPS}" over
 * "{50: 0.0758, ...}") — that the expression does not give element by
 * element: it is left as printed. */
static int plain_echo(const char *s, size_t b, size_t e)
{
    struct span val[REPL_PARTS_MAX];
    size_t n, c;

    b = skip_blank(s, b, e);
    e = trim_end(s, b, e);
    if (b >= e || s[b] == '{' || s[b] == '[')
        return 0;
    if (s[b] != '(')
        return 1;
    if (s[e - 1] != ')' || !(n = split_top(s, b + 1, e - 1, val, &c)))
        return 0;
    for (size_t k = 0; k < n; k++) {
        size_t vb = skip_blank(s, val[k].b, val[k].e);
        if (vb < val[k].e && strchr("([{", s[vb]))
            return 0;
    }
    return 1;
}

static int put_span(struct gb_buf *out, const char *s, struct span sp, struct gb_err *err)
{
    sp.b = skip_blank(s, sp.b, sp.e);
    return gb_buf_append(out, s + sp.b, trim_end(s, sp.b, sp.e) - sp.b, err);
}

/* The echo line [b, e) under prompt [pb, pe), as "expression: value". */
static int put_echo(struct gb_buf *out, const char *s, size_t pb, size_t pe, size_t b, size_t e,
                    struct gb_err *err)
{
    struct span part[REPL_PARTS_MAX], val[REPL_PARTS_MAX], note;
    size_t comment, n, nv;

    pb = skip_blank(s, pb, pe) + 4;
    pe = trim_end(s, pb, pe);
    n = split_top(s, pb, pe, part, &comment);
    note = (struct span){ comment < pe ? comment + 1 : pe, pe };
    nv = n > 1 ? echo_tuple(s, b, e, val) : 0;
    if (n < 2 || nv != n) {
        n = 1;
        part[0] = (struct span){ pb, comment };
        val[0] = (struct span){ b, e };
    }
    for (size_t k = 0; k < n; k++) {
        size_t vb = skip_blank(s, val[k].b, val[k].e);
        /* a string echoes text ("'delivery was good ...'"): as printed */
        int text = vb < val[k].e && (s[vb] == '\'' || s[vb] == '"');
        if ((k && gb_buf_puts(out, "; ", err)) ||
            (!text && (put_span(out, s, part[k], err) ||
                       (note.e > note.b &&
                        (gb_buf_puts(out, " ", err) || put_span(out, s, note, err))) ||
                       gb_buf_puts(out, " = ", err))) ||
            put_span(out, s, val[k], err))
            return -1;
    }
    return 0;
}

/* The end of the line starting at b (its '\n', or len). */
static size_t line_end(const char *s, size_t len, size_t b)
{
    const char *nl = b < len ? memchr(s + b, '\n', len - b) : NULL;

    return nl ? (size_t)(nl - s) : len;
}

/* Is the line starting at b the one echo of the prompt above it: a plain
 * value (plain_echo), and the line after it another prompt, a blank line
 * or the end? */
static int single_echo(const char *s, size_t len, size_t b)
{
    size_t e = line_end(s, len, b), after = e + 1, ae = line_end(s, len, after);

    if (b >= len || skip_blank(s, b, e) >= trim_end(s, b, e) || is_prompt(s, b, e) ||
        !plain_echo(s, b, e))
        return 0;
    return after >= len || is_prompt(s, after, ae) ||
           skip_blank(s, after, ae) >= trim_end(s, after, ae);
}

int extract_reshape_repl(struct extract_transcript *t, struct gb_err *err)
{
    struct gb_buf out = GB_BUF_INIT;
    const char *s = t->text;
    size_t soft = 0, b = 0, pb = 0, pe = 0;
    int changed = 0, rc = -1, echo_of_prompt = 0;

    if (!t->len || !memmem(s, t->len, ">>> ", 4))
        return 0;
    while (b <= t->len) {
        const char *nl = memchr(s + b, '\n', t->len - b);
        size_t e = nl ? (size_t)(nl - s) : t->len, at = out.len;
        int x = 0;
        if (nl && is_prompt(s, b, e) && single_echo(s, t->len, e + 1)) {
            pb = b, pe = e;
            echo_of_prompt = 1;
            x = changed = 1;
            if (gb_buf_append(&out, (char[]){ PYOUTPUT_DROPPED }, 1, err))
                goto out;
        } else if (echo_of_prompt) {
            echo_of_prompt = 0;
            x = 1;
            if (put_echo(&out, s, pb, pe, b, e, err))
                goto out;
        }
        if (!x && gb_buf_append(&out, s + b, e - b, err))
            goto out;
        extract_move_breaks(t, &soft, b, e + 1, at, out.len, x);
        if (!nl)
            break;
        if (gb_buf_puts(&out, "\n", err))
            goto out;
        b = e + 1;
    }
    rc = changed ? extract_take_text(t, &out, "an interactive session's transcript", err) : 0;
out:
    gb_buf_free(&out);
    return rc;
}
