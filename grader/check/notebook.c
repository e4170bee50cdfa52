/* notebook.c — a Jupyter notebook as the one script the grader runs (see notebook.h). */
#define _GNU_SOURCE
#include "check/notebook.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define NOTE_QUOTE_MAX 40     /* bytes of a dropped line quoted in its note */

/* ---- which lines are IPython's, not Python's ----------------------------- */

/* Where a line starts in Python's own terms: inside a triple-quoted string,
 * inside brackets, or after a backslash continuation it is part of a
 * statement begun above, and never a magic. */
struct pylex {
    char triple;    /* the quote of an open triple-quoted string, or 0 */
    int depth;      /* open brackets */
    int cont;       /* the line before ended with a backslash */
};

/* Skips a one-line string literal starting at s[i] (its quote); returns
 * the index after it (n when the line ends first). */
static size_t skip_string(const char *s, size_t n, size_t i)
{
    char q = s[i++];

    while (i < n && s[i] != q)
        i += s[i] == '\\' ? 2 : 1;
    return i < n ? i + 1 : n;
}

/* Advances st over one line; *code_end is where its code ends (a comment's
 * '#', or the end), trailing blanks trimmed. */
static void lex_line(struct pylex *st, const char *s, size_t n, size_t *code_end)
{
    size_t i = 0, end = n;

    st->cont = 0;
    while (i < n) {
        char c = s[i];
        int triple = i + 2 < n && s[i + 1] == c && s[i + 2] == c;

        if (st->triple) {
            if (c == '\\')
                i += 2;
            else if (c == st->triple && triple)
                st->triple = 0, i += 3;
            else
                i++;
            continue;
        }
        if (c == '#') {
            end = i;
            break;
        }
        if ((c == '"' || c == '\'') && triple) {
            st->triple = c;
            i += 3;
            continue;
        }
        if (c == '"' || c == '\'') {
            i = skip_string(s, n, i);
            continue;
        }
        if (c == '(' || c == '[' || c == '{')
            st->depth++;
        else if ((c == ')' || c == ']' || c == '}') && st->depth > 0)
            st->depth--;
        else if (c == '\\' && (i + 1 == n || (i + 2 == n && s[i + 1] == '\r')))
            st->cont = 1;
        i++;
    }
    while (end > 0 && (s[end - 1] == ' ' || s[end - 1] == '\t' || s[end - 1] == '\r'))
        end--;
    *code_end = end;
}

enum drop {
    DROP_NONE,
    DROP_CELL_MAGIC,     /* "%%time" opening a cell: the whole cell is IPython's */
    DROP_LINE_MAGIC,     /* "%matplotlib inline", "%timeit f()" */
    DROP_SHELL,          /* "!pip install torch" */
    DROP_HELP,           /* "np.dot?", "??np.dot" */
    DROP_ASSIGNED,       /* "files = !ls", "t = %timeit -o f()" */
};

/* What each dropped kind is, as its note says (one unit-test case each). */
static const char *const drop_what[] = {
    [DROP_NONE] = "",
    [DROP_CELL_MAGIC] = "an IPython cell magic: the whole cell is dropped",
    [DROP_LINE_MAGIC] = "an IPython magic",
    [DROP_SHELL] = "a shell command",
    [DROP_HELP] = "an IPython help request",
    [DROP_ASSIGNED] = "a shell command or magic whose result is assigned",
};

/* "a, b = " before a '!' or '%': the left side of an IPython assignment. */
static int assigns_escape(const char *s, size_t n)
{
    size_t i = 0;

    for (;;) {
        if (i >= n || !(isalpha((unsigned char)s[i]) || s[i] == '_'))
            return 0;
        while (i < n && (isalnum((unsigned char)s[i]) || s[i] == '_'))
            i++;
        while (i < n && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i < n && s[i] == ',') {
            i++;
            while (i < n && (s[i] == ' ' || s[i] == '\t'))
                i++;
            continue;
        }
        break;
    }
    if (i >= n || s[i] != '=' || (i + 1 < n && s[i + 1] == '='))
        return 0;
    for (i++; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
        ;
    return i < n && (s[i] == '!' || s[i] == '%');
}

/* Classifies a line that starts a statement: s is the line after its
 * indentation, n its code's length (comment and trailing blanks cut).  A
 * cell magic is found before (add_code): it only counts on a cell's first line. */
static enum drop classify(const char *s, size_t n)
{
    if (n == 0)
        return DROP_NONE;
    if (s[0] == '%')
        return DROP_LINE_MAGIC;
    if (s[0] == '!')
        return DROP_SHELL;
    if (s[0] == '?' || s[n - 1] == '?')
        return DROP_HELP;
    return assigns_escape(s, n) ? DROP_ASSIGNED : DROP_NONE;
}

/* ---- building the script ----------------------------------------------------- */

static int add_line(struct notebook *nb, size_t cell, size_t line, const char *s, size_t n,
                    struct gb_err *err)
{
    if (nb->script.len + n + 1 > NOTEBOOK_MAX_SCRIPT)
        return gb_fail(err, "its cells come to more than %u KiB of code and text",
                       NOTEBOOK_MAX_SCRIPT >> 10);
    if (nb->n_lines == nb->cap_lines) {
        size_t cap = nb->cap_lines ? 2 * nb->cap_lines : 256;
        struct source_origin *grown = realloc(nb->origin, cap * sizeof *grown);

        if (!grown)
            return gb_fail(err, "out of memory reading the notebook");
        nb->origin = grown;
        nb->cap_lines = cap;
    }
    nb->origin[nb->n_lines++] = (struct source_origin){ cell, line };
    return gb_buf_append(&nb->script, s, n, err) || gb_buf_append(&nb->script, "\n", 1, err)
           ? -1 : 0;
}

/* One note per dropped line or cell; the first few are listed. */
static int add_note(struct notebook *nb, size_t cell, size_t line, enum drop kind,
                    const char *s, size_t n, struct gb_err *err)
{
    size_t q = n;

    if (nb->n_notes++ >= NOTEBOOK_NOTES_LISTED)
        return 0;
    if (q > NOTE_QUOTE_MAX) {
        q = NOTE_QUOTE_MAX;
        while (q > 0 && ((unsigned char)s[q] & 0xC0) == 0x80)
            q--;                /* never cut a UTF-8 character in two */
    }
    if (nb->notes.len && gb_buf_puts(&nb->notes, "; ", err))
        return -1;
    if (kind == DROP_CELL_MAGIC)
        return gb_buf_printf(&nb->notes, err, "cell %zu (`%.*s%s`, %s)", cell, (int)q, s,
                             q < n ? "..." : "", drop_what[kind]);
    return gb_buf_printf(&nb->notes, err, "cell %zu, line %zu (`%.*s%s`, %s)", cell, line,
                         (int)q, s, q < n ? "..." : "", drop_what[kind]);
}

/* The next line of text[*at..len): its start and length (no '\n'). */
static int next_line(const char *text, size_t len, size_t *at, const char **s, size_t *n)
{
    const char *nl;

    if (*at >= len)
        return 0;
    *s = text + *at;
    nl = memchr(*s, '\n', len - *at);
    *n = nl ? (size_t)(nl - *s) : len - *at;
    *at += *n + (nl != NULL);
    return 1;
}

static int add_markdown(struct notebook *nb, size_t cell, const char *text, size_t len,
                        struct gb_err *err)
{
    struct gb_buf line = GB_BUF_INIT;
    const char *s;
    size_t n, at = 0, k = 0;
    int rc = 0;

    while (rc == 0 && next_line(text, len, &at, &s, &n)) {
        while (n > 0 && (s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
            n--;
        line.len = 0;
        rc = gb_buf_puts(&line, n ? "# " : "#", err) || gb_buf_append(&line, s, n, err)
             || add_line(nb, cell, ++k, line.data, line.len, err) ? -1 : 0;
    }
    gb_buf_free(&line);
    return rc;
}

/* `pass` at the dropped line's indentation: the block around it still parses. */
static int add_pass(struct notebook *nb, size_t cell, size_t line, const char *s, size_t indent,
                    struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    int rc = gb_buf_append(&b, s, indent, err) || gb_buf_puts(&b, "pass", err)
             || add_line(nb, cell, line, b.data, b.len, err) ? -1 : 0;

    gb_buf_free(&b);
    return rc;
}

/* A `from __future__ import` line, for the top of the script (see notebook.h). */
static int hoist_future(struct notebook *nb, const char *s, size_t n, struct gb_err *err)
{
    nb->n_future++;
    return gb_buf_append(&nb->future, s, n, err) || gb_buf_append(&nb->future, "\n", 1, err)
           ? -1 : 0;
}

/* Puts the hoisted lines before the script, as lines the grader wrote. */
static int prepend_future(struct notebook *nb, struct gb_err *err)
{
    struct gb_buf script = GB_BUF_INIT;
    struct source_origin *origin;

    if (!nb->n_future)
        return 0;
    origin = malloc((nb->n_lines + nb->n_future) * sizeof *origin);
    if (!origin)
        return gb_fail(err, "out of memory reading the notebook");
    if (gb_buf_append(&script, nb->future.data, nb->future.len, err)
        || gb_buf_append(&script, nb->script.data, nb->script.len, err)) {
        free(origin);
        gb_buf_free(&script);
        return -1;
    }
    memset(origin, 0, nb->n_future * sizeof *origin);
    memcpy(origin + nb->n_future, nb->origin, nb->n_lines * sizeof *origin);
    free(nb->origin);
    nb->origin = origin;
    nb->n_lines += nb->n_future;
    nb->cap_lines = nb->n_lines;
    gb_buf_free(&nb->script);
    nb->script = script;
    return 0;
}

static int first_code_line(const char *text, size_t len, const char **s, size_t *n)
{
    size_t at = 0, i;

    while (next_line(text, len, &at, s, n)) {
        for (i = 0; i < *n && isspace((unsigned char)(*s)[i]); i++)
            ;
        if (i < *n) {
            *s += i;
            *n -= i;
            return 1;
        }
    }
    return 0;
}

static int add_code(struct notebook *nb, size_t cell, const char *text, size_t len,
                    struct gb_err *err)
{
    struct pylex st = { 0, 0, 0 };
    const char *s;
    size_t n, at = 0, k = 0, code_end;

    if (first_code_line(text, len, &s, &n) && n >= 2 && s[0] == '%' && s[1] == '%') {
        while (n > 0 && (s[n - 1] == '\r' || s[n - 1] == ' '))
            n--;
        return add_note(nb, cell, 1, DROP_CELL_MAGIC, s, n, err);
    }
    nb->n_code++;
    while (next_line(text, len, &at, &s, &n)) {
        size_t indent = 0;
        int starts = !st.triple && !st.depth && !st.cont;
        enum drop kind = DROP_NONE;
        struct pylex probe = st;

        k++;
        while (indent < n && (s[indent] == ' ' || s[indent] == '\t'))
            indent++;
        lex_line(&probe, s + indent, n - indent, &code_end);
        if (starts)
            kind = classify(s + indent, code_end);
        if (kind == DROP_NONE) {
            int future = starts && !indent && !probe.depth && !probe.cont
                         && !strncmp(s, "from __future__ import ", 23);

            st = probe;
            if (future && hoist_future(nb, s, code_end, err))
                return -1;
            if (add_line(nb, cell, k, s, future ? 0 : n, err))
                return -1;
            continue;
        }
        if (add_note(nb, cell, k, kind, s + indent, code_end, err)
            || add_pass(nb, cell, k, s, indent, err))
            return -1;
    }
    return 0;
}

/* ---- reading the JSON ------------------------------------------------------------ */

/* A cell's source: a string, or a list of strings joined with nothing
 * between them (nbformat's multi-line string). */
static int cell_source(const cJSON *cell, size_t index, struct gb_buf *out, struct gb_err *err)
{
    const cJSON *src = cJSON_GetObjectItemCaseSensitive(cell, "source"), *part;

    out->len = 0;
    if (!src)
        return 0;            /* an empty cell */
    if (cJSON_IsString(src))
        return gb_buf_puts(out, src->valuestring, err);
    if (!cJSON_IsArray(src))
        return gb_fail(err, "cell %zu's \"source\" is neither text nor a list of lines", index);
    cJSON_ArrayForEach(part, src) {
        if (!cJSON_IsString(part))
            return gb_fail(err, "cell %zu's \"source\" holds something other than lines of "
                           "text", index);
        if (gb_buf_puts(out, part->valuestring, err))
            return -1;
    }
    return 0;
}

static int add_cell(struct notebook *nb, const cJSON *cell, size_t index, struct gb_buf *src,
                    struct gb_err *err)
{
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(cell, "cell_type");
    int code, markdown;

    if (!cJSON_IsObject(cell) || !cJSON_IsString(type))
        return gb_fail(err, "cell %zu is not a notebook cell (no \"cell_type\")", index);
    code = !strcmp(type->valuestring, "code");
    markdown = !strcmp(type->valuestring, "markdown");
    if (!code && !markdown)
        return 0;            /* raw cells are not run, and nbformat 4 has no other kind */
    if (cell_source(cell, index, src, err))
        return -1;
    if (nb->n_lines && add_line(nb, 0, 0, "", 0, err))
        return -1;           /* a blank line between cells ends a comment block */
    if (markdown) {
        nb->n_markdown++;
        return add_markdown(nb, index, src->data ? src->data : "", src->len, err);
    }
    return add_code(nb, index, src->data ? src->data : "", src->len, err);
}

/* "line 3, column 14" of the byte at `at` in text. */
static void position(const char *text, size_t at, size_t *line, size_t *col)
{
    *line = 1;
    *col = 1;
    for (size_t i = 0; i < at; i++) {
        if (text[i] == '\n')
            (*line)++, *col = 1;
        else
            (*col)++;
    }
}

static int parse(const char *text, size_t len, cJSON **root, struct gb_err *err)
{
    const char *end = NULL;
    size_t skip = len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3) ? 3 : 0;   /* a UTF-8 BOM */
    size_t line, col;

    *root = cJSON_ParseWithLengthOpts(text + skip, len - skip, &end, 0);
    if (*root)
        return 0;
    while (skip < len && isspace((unsigned char)text[skip]))
        skip++;
    if (skip < len && text[skip] != '{' && text[skip] != '[')
        return gb_fail(err, "is not a notebook: a notebook is a JSON document, and this is "
                       "plain text (a Python script is handed in as a .py file)");
    if (!end || end < text + skip || end > text + len)
        return gb_fail(err, "is not valid JSON, which a notebook is");
    position(text, (size_t)(end - text), &line, &col);
    return gb_fail(err, "is not valid JSON, which a notebook is: it stops making sense at "
                   "line %zu, column %zu (cut short, or edited outside Jupyter?)", line, col);
}

static int check_format(const cJSON *root, const cJSON **cells, struct gb_err *err)
{
    const cJSON *format = cJSON_GetObjectItemCaseSensitive(root, "nbformat");

    if (!cJSON_IsObject(root))
        return gb_fail(err, "is JSON but not a notebook (a notebook is one JSON object)");
    if (!format)
        return gb_fail(err, "is JSON but not a Jupyter notebook: it has no \"nbformat\"");
    if (!cJSON_IsNumber(format) || format->valuedouble != 4)
        return cJSON_IsNumber(format) && format->valuedouble >= 1 && format->valuedouble < 100
               ? gb_fail(err, "is a notebook of format %d, and the grader reads format 4: "
                         "open it in Jupyter and save it again, which writes format 4",
                         (int)format->valuedouble)
               : gb_fail(err, "has an \"nbformat\" that is not a format number");
    *cells = cJSON_GetObjectItemCaseSensitive(root, "cells");
    if (!cJSON_IsArray(*cells))
        return gb_fail(err, "is a format 4 notebook without a list of \"cells\"");
    if (cJSON_GetArraySize(*cells) > NOTEBOOK_MAX_CELLS)
        return gb_fail(err, "has more than %d cells", NOTEBOOK_MAX_CELLS);
    return 0;
}

int notebook_read(const char *text, size_t len, const char *name, struct notebook *nb,
                  struct gb_err *err)
{
    struct gb_buf src = GB_BUF_INIT;
    const cJSON *cells = NULL, *cell;
    cJSON *root = NULL;
    int rc;

    memset(nb, 0, sizeof *nb);
    if (len > NOTEBOOK_MAX_BYTES)
        return gb_fail(err, "%s is larger than %u MiB, more than a notebook for one exercise",
                       name, NOTEBOOK_MAX_BYTES >> 20);
    rc = parse(text, len, &root, err) || check_format(root, &cells, err) ? -1 : 0;
    if (rc == 0) {
        cJSON_ArrayForEach(cell, cells) {
            if ((rc = add_cell(nb, cell, ++nb->n_cells, &src, err)))
                break;
        }
    }
    if (rc == 0 && nb->n_code == 0)
        rc = gb_fail(err, "has no code cells to run%s", nb->n_notes ? " (its code cells are "
                     "all IPython cell magics)" : "");
    if (rc == 0)
        rc = prepend_future(nb, err);
    gb_buf_free(&src);
    cJSON_Delete(root);
    if (rc == 0 && !nb->script.data)
        rc = gb_buf_puts(&nb->script, "", err);
    if (rc && err) {
        char why[GB_ERR_MAX];

        snprintf(why, sizeof why, "%s", err->msg);
        gb_fail(err, "%s %s", name, why);     /* "x.ipynb is not valid JSON ..." */
    }
    return rc;
}

void notebook_free(struct notebook *nb)
{
    gb_buf_free(&nb->script);
    gb_buf_free(&nb->notes);
    gb_buf_free(&nb->future);
    free(nb->origin);
    memset(nb, 0, sizeof *nb);
}

struct source_map notebook_map(const struct notebook *nb, const char *name)
{
    return (struct source_map){ name, nb->origin, nb->n_lines };
}

int notebook_is_name(const char *name)
{
    size_t n = strlen(name);

    return n > 6 && !strcasecmp(name + n - 6, ".ipynb");
}

int notebook_looks_like(const char *text, size_t len)
{
    size_t i = len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3) ? 3 : 0;
    cJSON *root;
    int is;

    while (i < len && isspace((unsigned char)text[i]))
        i++;
    if (i >= len || text[i] != '{' || len > NOTEBOOK_MAX_BYTES)
        return 0;            /* a script's first statement is rarely a dict */
    root = cJSON_ParseWithLength(text + i, len - i);
    is = cJSON_IsObject(root) && (cJSON_GetObjectItemCaseSensitive(root, "cells")
                                  || cJSON_GetObjectItemCaseSensitive(root, "nbformat"));
    cJSON_Delete(root);
    return is;
}

/* ---- tracebacks ------------------------------------------------------------------- */

/* At p: `File "PATH", line N` with PATH the script (or a path ending in
 * "/script")?  *n is the line, *len the bytes that cite it. */
static int script_frame(const char *p, const char *end, const char *script, size_t *n,
                        size_t *len)
{
    static const char file[] = "File \"", line[] = "\", line ";
    size_t sl = strlen(script);
    const char *path = p + sizeof file - 1, *q, *digits;

    if ((size_t)(end - p) < sizeof file - 1 || memcmp(p, file, sizeof file - 1))
        return 0;
    q = memchr(path, '"', (size_t)(end - path));
    if (!q || (size_t)(q - path) < sl || memcmp(q - sl, script, sl)
        || (q - sl != path && (q - sl)[-1] != '/'))
        return 0;
    if ((size_t)(end - q) < sizeof line - 1 || memcmp(q, line, sizeof line - 1))
        return 0;
    digits = q + sizeof line - 1;
    *n = 0;
    for (q = digits; q < end && isdigit((unsigned char)*q) && *n < 100000000; q++)
        *n = *n * 10 + (size_t)(*q - '0');
    *len = (size_t)(q - p);
    return q > digits;
}

int notebook_map_traceback(const struct notebook *nb, const char *script, const char *name,
                           const char *text, size_t len, struct gb_buf *out,
                           struct gb_err *err)
{
    const char *p = text, *end = text + len;

    out->len = 0;
    while (p < end) {
        const char *hit = memmem(p, (size_t)(end - p), "File \"", 6);
        size_t n, flen;
        const struct source_origin *o;

        if (!hit)
            return gb_buf_append(out, p, (size_t)(end - p), err);
        if (gb_buf_append(out, p, (size_t)(hit - p), err))
            return -1;
        if (!script_frame(hit, end, script, &n, &flen) || n == 0 || n > nb->n_lines
            || !(o = &nb->origin[n - 1])->cell) {
            if (gb_buf_append(out, hit, 6, err))
                return -1;
            p = hit + 6;
            continue;
        }
        if (gb_buf_printf(out, err, "File \"%s\", cell %zu, line %zu", name, o->cell, o->line))
            return -1;
        p = hit + flen;
    }
    return out->data ? 0 : gb_buf_puts(out, "", err);
}
