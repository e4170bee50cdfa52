/* extract_reshape.c — output printed in a shape that hides its table,
 * rewritten as the table a human reads in it.
 *
 * Three shapes are read here, before the text is split into lines:
 *  - a page printed as HTML: its tags and entities are read as a browser
 *    shows them, a <tr> of <td> cells becoming a pipe row, an <h2> a
 *    heading, 10<sup>-17</sup> "10^-17" (every other '<' is text);
 *  - a dict of equal-length lists on one line, the way pandas'
 *    to_dict('list') looks:
 *        part2 = {'length': [5, 5, 20], 'model': ['RNN', 'GRU', 'RNN'], 'test_acc': [...]}
 *    each key a column, the i-th element of every list one row;
 *  - record blocks, one field per line, as psql's expanded display prints
 *    them:
 *        -[ RECORD 3 ]----
 *        length    | 50
 *        model     | LSTM
 *        train_acc | 0.839
 *    consecutive blocks with the same fields are rows of one table, the
 *    fields its columns;
 *  - through extract_repl.c, an interactive session's ">>> expr" over the
 *    value Python echoes, the expression read as the value's label;
 *  - through extract_structured.c, NumPy structured arrays as repr()
 *    prints them, the column names in the dtype after the rows;
 *  - through extract_textproto.c, nested "name { field: value }" blocks as
 *    the flat records they hold;
 *  - through extract_sql.c, SQL INSERT statements, each a row of the table
 *    it names;
 *  - through extract_panes.c, tables printed side by side, a right pane's
 *    bare rows given the left rows' keys;
 *  - and, through extract_spaced.c, rows printed with single spaces under a
 *    header of as many names (print(*row), np.savetxt).
 * Either becomes a caption and pipe-delimited rows, so the table readers
 * find every value by its row and its column as in any other table (which
 * column holds the keys is theirs to tell).  The rows are '\r'-separated
 * segments of the line the student printed (split_lines stores each as a
 * line of that number).  A run of records keeps its lines: each block's
 * first line holds its row (the first also the header), and its other lines
 * are taken out as pyoutput takes Python's own lines out, counted but not
 * read, so nothing is read twice and every row cites its block.  Every
 * other line passes unchanged.
 */
#include "extract/extract_int.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "extract/pyoutput.h"

#define COLUMNAR_KEYS_MAX 32
#define COLUMNAR_ROWS_MAX 256

/* A cell: bytes [p, p+n) of the text, quotes taken off. */
struct cell {
    const char *p;
    size_t n;
};

struct columnar {
    size_t n_keys, n_rows;
    struct cell key[COLUMNAR_KEYS_MAX];
    struct cell *cells;             /* n_keys * COLUMNAR_ROWS_MAX, by key then row */
    int has_number;
};

static int hspace(char c)
{
    return c == ' ' || c == '\t';
}

static size_t skip_space(const char *s, size_t i, size_t e)
{
    while (i < e && hspace(s[i]))
        i++;
    return i;
}

/* A quoted string at s[i] ('...' or "..."): its contents, and the index
 * after the closing quote; 0 when there is none. */
static size_t quoted(const char *s, size_t i, size_t e, struct cell *c)
{
    char q = s[i];
    size_t j;

    if (i >= e || (q != '\'' && q != '"'))
        return 0;
    for (j = i + 1; j < e && s[j] != q; j++)
        if (s[j] == '\\')
            j++;
    if (j >= e)
        return 0;
    c->p = s + i + 1;
    c->n = j - i - 1;
    return j + 1;
}

/* One list element ending at a ',' or ']' of depth 0: a string, a number, a
 * word (True, None) or a bracketed value kept whole.  Returns the index of
 * that ',' or ']', or 0. */
static size_t element(const char *s, size_t i, size_t e, struct cell *c, int *number)
{
    size_t j = i, end;
    int depth = 0;

    if ((end = quoted(s, i, e, c)))
        return (end = skip_space(s, end, e)) < e && (s[end] == ',' || s[end] == ']') ? end : 0;
    for (; j < e; j++) {
        char ch = s[j];
        if (ch == '\'' || ch == '"')
            return 0;
        if (ch == '[' || ch == '(' || ch == '{')
            depth++;
        else if ((ch == ']' || ch == ')' || ch == '}') && depth > 0)
            depth--;
        else if (depth == 0 && (ch == ',' || ch == ']'))
            break;
    }
    if (j >= e)
        return 0;
    end = j;
    while (end > i && hspace(s[end - 1]))
        end--;
    if (end == i || memchr(s + i, '|', end - i))
        return 0;
    c->p = s + i;
    c->n = end - i;
    *number |= (s[i] >= '0' && s[i] <= '9') || s[i] == '-' || s[i] == '.';
    return j;
}

/* The list at s[i] == '[' into column k; returns the index after ']', or 0. */
static size_t list(const char *s, size_t i, size_t e, struct columnar *cd, size_t k)
{
    size_t n = 0;

    i = skip_space(s, i + 1, e);
    if (i < e && s[i] == ']')
        return 0;
    while (i < e) {
        if (n == COLUMNAR_ROWS_MAX)
            return 0;
        if (!(i = element(s, i, e, &cd->cells[k * COLUMNAR_ROWS_MAX + n++], &cd->has_number)))
            return 0;
        if (s[i] == ']')
            break;
        i = skip_space(s, i + 1, e);
    }
    if (i >= e || (k > 0 && n != cd->n_rows))
        return 0;
    cd->n_rows = n;
    return i + 1;
}

/* The dict at s[i] == '{' running to the end of the line [i, e). */
static int parse_dict(const char *s, size_t i, size_t e, struct columnar *cd)
{
    i++;
    for (;;) {
        struct cell *key = &cd->key[cd->n_keys];
        i = skip_space(s, i, e);
        if (cd->n_keys == COLUMNAR_KEYS_MAX || !(i = quoted(s, i, e, key)) ||
            memchr(key->p, '|', key->n))
            return 0;
        i = skip_space(s, i, e);
        if (i >= e || s[i] != ':')
            return 0;
        i = skip_space(s, i + 1, e);
        if (i >= e || s[i] != '[' || !(i = list(s, i, e, cd, cd->n_keys)))
            return 0;
        cd->n_keys++;
        i = skip_space(s, i, e);
        if (i < e && s[i] == ',')
            i++;
        else
            break;
    }
    if (i >= e || s[i] != '}')
        return 0;
    return skip_space(s, i + 1, e) == e && cd->n_keys >= 2 && cd->has_number;
}

static int put_cell(struct gb_buf *b, const struct cell *c, struct gb_err *err)
{
    return gb_buf_puts(b, "| ", err) || gb_buf_append(b, c->p, c->n, err) ||
           gb_buf_puts(b, " ", err);
}

/* The header of cd's table: its keys, then the markdown rule. */
static int write_header(struct gb_buf *b, const struct columnar *cd, struct gb_err *err)
{
    for (size_t k = 0; k < cd->n_keys; k++)
        if (put_cell(b, &cd->key[k], err))
            return -1;
    if (gb_buf_puts(b, "|\r", err))
        return -1;
    for (size_t k = 0; k < cd->n_keys; k++)
        if (gb_buf_puts(b, "|---", err))
            return -1;
    return gb_buf_puts(b, "|", err);
}

static int write_row(struct gb_buf *b, const struct columnar *cd, size_t r, struct gb_err *err)
{
    for (size_t k = 0; k < cd->n_keys; k++)
        if (put_cell(b, &cd->cells[k * COLUMNAR_ROWS_MAX + r], err))
            return -1;
    return gb_buf_puts(b, "|", err);
}

/* The table for cd, with the caption cap (the words before the dict). */
static int write_table(struct gb_buf *b, const char *cap, size_t n_cap,
                       const struct columnar *cd, struct gb_err *err)
{
    if (n_cap && (gb_buf_append(b, cap, n_cap, err) || gb_buf_puts(b, ":\r", err)))
        return -1;
    if (write_header(b, cd, err))
        return -1;
    for (size_t r = 0; r < cd->n_rows; r++)
        if (gb_buf_puts(b, "\r", err) || write_row(b, cd, r, err))
            return -1;
    return 0;
}

/* Line [b, e) as a table into out when it is a columnar dict: 1, 0 when it
 * is not (nothing written), -1 out of memory. */
static int expand_line(const char *s, size_t b, size_t e, struct columnar *cd,
                       struct gb_buf *out, struct gb_err *err)
{
    size_t open = b, cap_end;

    while (open < e && s[open] != '{' && s[open] != '[' && s[open] != '\'' && s[open] != '"')
        open++;
    if (open >= e || s[open] != '{')
        return 0;
    cd->n_keys = cd->n_rows = 0;
    cd->has_number = 0;
    while (e > open && (hspace(s[e - 1]) || s[e - 1] == '\r'))
        e--;
    if (!parse_dict(s, open, e, cd))
        return 0;
    b = skip_space(s, b, open);
    for (cap_end = open; cap_end > b && (hspace(s[cap_end - 1]) || s[cap_end - 1] == '=' ||
                                         s[cap_end - 1] == ':'); cap_end--)
        ;
    return write_table(out, s + b, cap_end - b, cd, err) ? -1 : 1;
}

static int expand_dicts(struct extract_transcript *t, struct columnar *cd, struct gb_err *err)
{
    struct gb_buf out = GB_BUF_INIT;
    size_t soft = 0, b = 0;
    int changed = 0, rc = -1;

    if (!memchr(t->text, '{', t->len))
        return 0;
    while (b <= t->len) {
        const char *nl = memchr(t->text + b, '\n', t->len - b);
        size_t e = nl ? (size_t)(nl - t->text) : t->len, at = out.len;
        int x = expand_line(t->text, b, e, cd, &out, err);
        if (x < 0)
            goto out;
        if (!x && gb_buf_append(&out, t->text + b, e - b, err))
            goto out;
        changed |= x;
        extract_move_breaks(t, &soft, b, e + 1, at, out.len, x);
        if (!nl)
            break;
        if (gb_buf_puts(&out, "\n", err))
            goto out;
        b = e + 1;
    }
    rc = 0;
    if (changed) {
        free(t->text);
        t->len = out.len;
        t->text = gb_buf_steal(&out);
    }
out:
    gb_buf_free(&out);
    return rc;
}

/* ---- record blocks ---------------------------------------------------------- */

struct span {
    size_t b, e;        /* a line's bytes, its '\n' excluded */
    int kind;           /* LINE_OTHER, LINE_SEP or LINE_FIELD */
    struct cell key, value;
};

enum { LINE_OTHER, LINE_SEP, LINE_FIELD };

static struct cell trimmed(const char *s, size_t b, size_t e)
{
    while (b < e && (hspace(s[b]) || s[b] == '\r'))
        b++;
    while (e > b && (hspace(s[e - 1]) || s[e - 1] == '\r'))
        e--;
    return (struct cell){ s + b, e - b };
}

/* A line between records: blank, a rule, or psql's "-[ RECORD 3 ]-----". */
static int separator_line(const struct cell *c)
{
    if (c->n == 0)
        return 1;
    if (c->p[0] != '-' && c->p[0] != '=')
        return 0;
    for (size_t i = 0; i < c->n; i++)
        if (!strchr("-=+[] ", c->p[i]) && !(c->p[i] >= '0' && c->p[i] <= '9') &&
            !(c->p[i] >= 'A' && c->p[i] <= 'Z'))
            return 0;
    return 1;
}

/* "train_acc | 0.839": one '|', a worded field before it, a value after. */
static void classify_span(const char *s, struct span *sp)
{
    struct cell all = trimmed(s, sp->b, sp->e);
    const char *bar = all.n ? memchr(all.p, '|', all.n) : NULL;
    int letter = 0;

    sp->kind = separator_line(&all) ? LINE_SEP : LINE_OTHER;
    if (sp->kind == LINE_SEP || !bar || bar == all.p ||
        memchr(bar + 1, '|', all.n - (size_t)(bar + 1 - all.p)))
        return;
    sp->key = trimmed(s, (size_t)(all.p - s), (size_t)(bar - s));
    sp->value = trimmed(s, (size_t)(bar + 1 - s), (size_t)(all.p + all.n - s));
    for (size_t i = 0; i < sp->key.n; i++)
        letter |= (sp->key.p[i] | 32) >= 'a' && (sp->key.p[i] | 32) <= 'z';
    if (letter && sp->value.n)
        sp->kind = LINE_FIELD;
}

/* The fields of the block starting at line i: how many (0 when fewer than two). */
static size_t block_fields(const struct span *sp, size_t n, size_t i)
{
    size_t k = 0;
    while (i + k < n && sp[i + k].kind == LINE_FIELD)
        k++;
    return k >= 2 ? k : 0;
}

static int same_fields(const struct span *a, const struct span *b, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (a[i].key.n != b[i].key.n || memcmp(a[i].key.p, b[i].key.p, a[i].key.n))
            return 0;
    return 1;
}

/* The run of blocks from line i (a block's first field line): each block
 * k fields, one separator line between blocks.  Returns the blocks. */
static size_t run_of_blocks(const struct span *sp, size_t n, size_t i, size_t k)
{
    size_t blocks = 1;
    while (blocks < COLUMNAR_ROWS_MAX && i + k + 1 < n && sp[i + k].kind == LINE_SEP &&
           block_fields(sp, n, i + k + 1) == k && same_fields(sp + i, sp + i + k + 1, k)) {
        i += k + 1;
        blocks++;
    }
    return blocks;
}

/* The table of a run: its fields as columns, a row per block. */
static void fill_run(const struct span *sp, size_t first, size_t k, size_t blocks,
                     struct columnar *cd)
{
    cd->n_keys = k;
    cd->n_rows = blocks;
    for (size_t f = 0; f < k; f++) {
        cd->key[f] = sp[first + f].key;
        for (size_t r = 0; r < blocks; r++)
            cd->cells[f * COLUMNAR_ROWS_MAX + r] = sp[first + r * (k + 1) + f].value;
    }
}

/* Lines of the text, with soft-broken (joined) lines never a field. */
static struct span *line_spans(const struct extract_transcript *t, size_t *n_out,
                               struct gb_err *err)
{
    size_t n = 1, cap, soft = 0, li = 0;
    struct span *sp;

    for (size_t i = 0; i < t->len; i++)
        n += t->text[i] == '\n';
    if (!(sp = calloc(n, sizeof *sp))) {
        gb_fail(err, "out of memory reading record blocks");
        return NULL;
    }
    cap = n;
    for (size_t b = 0; li < cap; li++) {
        const char *nl = memchr(t->text + b, '\n', t->len - b);
        size_t e = nl ? (size_t)(nl - t->text) : t->len;
        int joined = 0;
        sp[li].b = b;
        sp[li].e = e;
        while (soft < t->n_soft && t->soft_breaks[soft] < e)
            joined |= t->soft_breaks[soft++] >= b;
        if (!joined)
            classify_span(t->text, &sp[li]);
        if (!nl) {
            li++;
            break;
        }
        b = e + 1;
    }
    *n_out = li;
    return sp;
}

/* What line li of a run starting at `first` (k fields a block) becomes: the
 * header and the first row, a block's row on its first field line, and
 * PYOUTPUT_DROPPED on every other line — counted, never read, and no
 * paragraph break, so the rows stay one table and each cites its block. */
static int write_run_line(const struct columnar *cd, size_t first, size_t k, size_t li,
                          struct gb_buf *out, struct gb_err *err)
{
    size_t at = li - first;

    if (at % (k + 1))
        return gb_buf_append(out, (char[]){ PYOUTPUT_DROPPED }, 1, err);
    if (!at && (write_header(out, cd, err) || gb_buf_puts(out, "\r", err)))
        return -1;
    return write_row(out, cd, at / (k + 1), err);
}

/* Runs of two record blocks or more become tables (file comment). */
static int expand_records(struct extract_transcript *t, struct columnar *cd,
                          struct gb_err *err)
{
    struct gb_buf out = GB_BUF_INIT;
    struct span *sp;
    size_t n, soft = 0, first = 0, k = 0, end = 0;
    int changed = 0, rc = -1;

    if (!memchr(t->text, '|', t->len))
        return 0;
    if (!(sp = line_spans(t, &n, err)))
        return -1;
    for (size_t li = 0; li < n; li++) {
        size_t at = out.len, blocks, kk;
        int x = li < end;
        if (!x && sp[li].kind == LINE_FIELD && (li == 0 || sp[li - 1].kind != LINE_FIELD) &&
            (kk = block_fields(sp, n, li)) && (blocks = run_of_blocks(sp, n, li, kk)) >= 2) {
            first = li;
            k = kk;
            end = li + blocks * (k + 1) - 1;
            fill_run(sp, first, k, blocks, cd);
            x = changed = 1;
        }
        if (x ? write_run_line(cd, first, k, li, &out, err)
              : gb_buf_append(&out, t->text + sp[li].b, sp[li].e - sp[li].b, err))
            goto out;
        extract_move_breaks(t, &soft, sp[li].b, sp[li].e + 1, at, out.len, x);
        if (sp[li].e < t->len && gb_buf_puts(&out, "\n", err))
            goto out;
    }
    rc = 0;
    if (changed) {
        free(t->text);
        t->len = out.len;
        t->text = gb_buf_steal(&out);
    }
out:
    free(sp);
    gb_buf_free(&out);
    return rc;
}

/* ---- HTML ----------------------------------------------------------------- */

/* What a tag of a page printed as HTML becomes: its name (lower case), the
 * text for the opening and for the closing tag.  A cell opens with "| " and
 * a row closes with " |": the rows become pipe rows.  Any other '<' is text
 * ("<start>", "< 1e-12"). */
static const struct html_tag {
    const char *name, *open, *close;
} html_tags[] = {
    { "tr", "", " |" }, { "td", "| ", " " }, { "th", "| ", " " },
    { "h1", "# ", "" }, { "h2", "## ", "" }, { "h3", "### ", "" }, { "h4", "#### ", "" },
    { "h5", "##### ", "" }, { "h6", "###### ", "" },
    { "sup", "^", "" }, { "sub", "_", "" }, { "br", " ", " " }, { "li", "- ", "" },
    { "table", "", "" }, { "thead", "", "" }, { "tbody", "", "" }, { "p", "", "" },
    { "b", "", "" }, { "i", "", "" }, { "em", "", "" }, { "strong", "", "" },
    { "code", "", "" }, { "span", "", "" }, { "div", "", "" }, { "pre", "", "" },
    { "ul", "", "" }, { "ol", "", "" }, { "small", "", "" }, { "hr", "", "" },
    { "caption", "", "" },
};

static const struct html_entity {
    const char *name, *text;
} html_entities[] = {
    { "times", "\xc3\x97" }, { "minus", "-" }, { "lt", "<" }, { "gt", ">" }, { "amp", "&" },
    { "nbsp", " " }, { "rarr", "\xe2\x86\x92" }, { "asymp", "\xe2\x89\x88" },
    { "le", "\xe2\x89\xa4" }, { "ge", "\xe2\x89\xa5" }, { "plusmn", "\xc2\xb1" },
    { "quot", "\"" }, { "apos", "'" }, { "middot", "\xc2\xb7" }, { "alpha", "\xce\xb1" },
};

/* The tag at s[i] == '<' ("<td>", "</tr>", "<td class=x>"): its entry, and
 * in *end the index after '>'; NULL when it is none of html_tags. */
static const struct html_tag *html_tag_at(const char *s, size_t i, size_t e, int *closing,
                                          size_t *end)
{
    size_t n = 0, j = i + 1;

    *closing = j < e && s[j] == '/';
    j += (size_t)*closing;
    while (j + n < e && (((s[j + n] | 32) >= 'a' && (s[j + n] | 32) <= 'z') ||
                         (n && s[j + n] >= '1' && s[j + n] <= '6')))
        n++;
    if (!n || j + n >= e || (s[j + n] != '>' && s[j + n] != ' ' && s[j + n] != '/'))
        return NULL;
    for (size_t k = 0; k < sizeof html_tags / sizeof *html_tags; k++) {
        if (strlen(html_tags[k].name) != n || strncasecmp(html_tags[k].name, s + j, n))
            continue;
        const char *gt = memchr(s + j + n, '>', e - j - n);
        if (!gt)
            return NULL;
        *end = (size_t)(gt - s) + 1;
        return &html_tags[k];
    }
    return NULL;
}

/* The entity at s[i] == '&' ("&times;"): its text, *end after ';'. */
static const char *html_entity_at(const char *s, size_t i, size_t e, size_t *end)
{
    for (size_t k = 0; k < sizeof html_entities / sizeof *html_entities; k++) {
        size_t n = strlen(html_entities[k].name);
        if (i + n + 1 < e && !strncmp(s + i + 1, html_entities[k].name, n) && s[i + n + 1] == ';') {
            *end = i + n + 2;
            return html_entities[k].text;
        }
    }
    return NULL;
}

/* Line [b, e) with its tags and entities read: 1 when it had any. */
static int html_line(const char *s, size_t b, size_t e, struct gb_buf *out, struct gb_err *err)
{
    size_t i = b, from = b, end;
    int any = 0;

    for (; i < e; i++) {
        const char *text = NULL;
        int closing = 0;
        const struct html_tag *tag;
        if (s[i] == '<' && (tag = html_tag_at(s, i, e, &closing, &end)))
            text = closing ? tag->close : tag->open;
        else if (s[i] == '&')
            text = html_entity_at(s, i, e, &end);
        if (!text)
            continue;
        if (gb_buf_append(out, s + from, i - from, err) || gb_buf_puts(out, text, err))
            return -1;
        any = 1;
        from = end;
        i = end - 1;
    }
    return gb_buf_append(out, s + from, e - from, err) ? -1 : any;
}

/* Does the output print HTML: two lines opening with a tag of a page? */
static int prints_html(const char *s, size_t len)
{
    int lines = 0;
    for (size_t b = 0; b < len && lines < 2;) {
        const char *nl = memchr(s + b, '\n', len - b);
        size_t e = nl ? (size_t)(nl - s) : len, i = skip_space(s, b, e), end;
        int closing;
        lines += i < e && s[i] == '<' && html_tag_at(s, i, e, &closing, &end) != NULL;
        b = e + 1;
    }
    return lines >= 2;
}

/* Every line of an output printed as HTML, its markup read (file comment). */
static int expand_html(struct extract_transcript *t, struct gb_err *err)
{
    struct gb_buf out = GB_BUF_INIT;
    size_t soft = 0, b = 0;
    int rc = -1;

    if (!memchr(t->text, '<', t->len) || !prints_html(t->text, t->len))
        return 0;
    while (b <= t->len) {
        const char *nl = memchr(t->text + b, '\n', t->len - b);
        size_t e = nl ? (size_t)(nl - t->text) : t->len, at = out.len;
        int x = html_line(t->text, b, e, &out, err);
        if (x < 0)
            goto out;
        extract_move_breaks(t, &soft, b, e + 1, at, out.len, 0);
        if (!nl)
            break;
        if (gb_buf_puts(&out, "\n", err))
            goto out;
        b = e + 1;
    }
    rc = 0;
    free(t->text);
    t->len = out.len;
    t->text = gb_buf_steal(&out);
    if (!t->text) {
        t->text = calloc(1, 1);
        rc = t->text ? 0 : gb_fail(err, "out of memory reading HTML");
    }
out:
    gb_buf_free(&out);
    return rc;
}

int extract_reshape(struct extract_transcript *t, struct gb_err *err)
{
    struct columnar cd = { 0 };
    int rc;

    if (!(cd.cells = malloc(COLUMNAR_KEYS_MAX * COLUMNAR_ROWS_MAX * sizeof *cd.cells)))
        return gb_fail(err, "out of memory reading a table printed as a dict or records");
    rc = expand_html(t, err) < 0 || extract_reshape_repl(t, err) < 0 ||
         expand_dicts(t, &cd, err) < 0 ||
         expand_records(t, &cd, err) < 0 || extract_reshape_textproto(t, err) < 0 ||
         extract_reshape_structured(t, err) < 0 ||
         extract_reshape_sql(t, err) < 0 || extract_reshape_panes(t, err) < 0 ||
         extract_reshape_spaced(t, err) < 0 ? -1 : 0;
    free(cd.cells);
    return rc;
}
