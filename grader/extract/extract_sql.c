/* extract_sql.c — results printed as SQL, read as the tables they fill.
 *
 * A student who pastes results into a database prints them as statements:
 *
 *     CREATE TABLE recall_runs (length INTEGER, model TEXT, train_acc REAL);
 *     INSERT INTO recall_runs (length, model, train_acc) VALUES (5, 'RNN', 1.000);
 *     INSERT INTO recall_runs VALUES (50, 'LSTM b_f=0', 0.839), (50, 'GRU', 1.000);
 *
 * A human reads each INSERT as a row of the table it names: the i-th value
 * under the i-th column, the columns named in the statement or, where it
 * names none, by the table's CREATE TABLE.  A run of consecutive INSERTs
 * into one table with the same columns is rewritten as the pipe table it
 * fills, in place: the first statement's line becomes the table's name (a
 * caption), its header and its rows, every later line its own rows
 * ('\r'-separated segments of the line it was printed on), so each row
 * cites the statement that printed it.  A CREATE TABLE line is taken out
 * (PYOUTPUT_DROPPED: counted, never read): its column types are no result.
 * Values are numbers, quoted strings (a quote doubled inside) and NULL
 * (printed "-", as a row with no value there).  A statement that cannot be
 * read whole — another column count, a nested expression — is left as
 * printed, as is every other line.
 */
#include "extract/extract_int.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "extract/pyoutput.h"

#define SQL_COLS_MAX 32
#define SQL_TABLES_MAX 64
#define SQL_NAME_MAX 64
#define SQL_ROWS_PER_LINE 64

struct span {
    size_t b, e;
};

struct sql_table {                 /* a CREATE TABLE's name and columns */
    char name[SQL_NAME_MAX];
    char cols[SQL_COLS_MAX][SQL_NAME_MAX];
    size_t k;
};

struct insert {                    /* one INSERT statement's line */
    struct span table;
    char cols[SQL_COLS_MAX][SQL_NAME_MAX];
    size_t k;
    struct span cell[SQL_ROWS_PER_LINE][SQL_COLS_MAX];
    size_t rows;
};

static size_t skip_ws(const char *s, size_t i, size_t e)
{
    while (i < e && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
        i++;
    return i;
}

/* The keyword kw (any case) at s[i], followed by a blank or '(': the index
 * past it and the blanks after, else 0. */
static size_t keyword(const char *s, size_t i, size_t e, const char *kw)
{
    size_t n = strlen(kw);

    if (i + n > e || strncasecmp(s + i, kw, n) ||
        (i + n < e && s[i + n] != ' ' && s[i + n] != '\t' && s[i + n] != '('))
        return 0;
    return skip_ws(s, i + n, e);
}

/* A name (letters, digits, '_', '.', or "quoted"/`quoted`) at s[i]. */
static size_t name_at(const char *s, size_t i, size_t e, struct span *sp)
{
    size_t b = i;

    if (i < e && (s[i] == '"' || s[i] == '`')) {
        char q = s[i];
        const char *c = memchr(s + i + 1, q, e - i - 1);
        if (!c)
            return 0;
        *sp = (struct span){ i + 1, (size_t)(c - s) };
        return (size_t)(c - s) + 1;
    }
    while (i < e && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.'))
        i++;
    *sp = (struct span){ b, i };
    return i > b ? i : 0;
}

static void copy_name(char *dst, const char *s, struct span sp)
{
    size_t n = sp.e - sp.b < SQL_NAME_MAX - 1 ? sp.e - sp.b : SQL_NAME_MAX - 1;

    memcpy(dst, s + sp.b, n);
    dst[n] = '\0';
}

/* "(a, b, c)" of names from s[i] == '('; for a CREATE TABLE (typed) each
 * item's first word, its type and constraints skipped up to the ',' or ')'
 * outside parentheses (DECIMAL(10, 3)).  The index past ')', 0 when
 * unreadable. */
static size_t name_list(const char *s, size_t i, size_t e, char cols[][SQL_NAME_MAX],
                        size_t *k, int typed)
{
    struct span sp;

    *k = 0;
    for (i = skip_ws(s, i + 1, e);;) {
        if (*k == SQL_COLS_MAX || !(i = name_at(s, i, e, &sp)))
            return 0;
        copy_name(cols[(*k)++], s, sp);
        for (int depth = 0; typed && i < e && (depth > 0 || (s[i] != ',' && s[i] != ')')); i++)
            depth += (s[i] == '(') - (s[i] == ')');
        i = skip_ws(s, i, e);
        if (i < e && s[i] == ')')
            return i + 1;
        if (i >= e || s[i] != ',')
            return 0;
        i = skip_ws(s, i + 1, e);
    }
}

/* One value at s[i]: a number or a word up to ',' or ')', or a quoted
 * string; its text into *sp (a string's inside).  The index past it. */
static size_t value_at(const char *s, size_t i, size_t e, struct span *sp)
{
    size_t b = i;

    if (i < e && (s[i] == '\'' || s[i] == '"')) {
        char q = s[i];
        for (i++; i < e; i++)
            if (s[i] == q && !(i + 1 < e && s[i + 1] == q))
                break;
            else if (s[i] == q)
                i++;                      /* '' inside a string */
        if (i >= e)
            return 0;
        *sp = (struct span){ b + 1, i };
        return i + 1;
    }
    while (i < e && s[i] != ',' && s[i] != ')') {
        if (s[i] == '(' || s[i] == '\'' || s[i] == '"')
            return 0;                     /* an expression: not read */
        i++;
    }
    size_t end = i;
    while (end > b && (s[end - 1] == ' ' || s[end - 1] == '\t'))
        end--;
    *sp = (struct span){ b, end };
    return end > b ? i : 0;
}

/* "(v1, ..., vk)" from s[i] == '(' into row; the index past ')', else 0. */
static size_t value_tuple(const char *s, size_t i, size_t e, struct span *row, size_t k)
{
    size_t n = 0;

    for (i = skip_ws(s, i + 1, e);;) {
        if (n == k || !(i = value_at(s, i, e, &row[n])))
            return 0;
        n++;
        i = skip_ws(s, i, e);
        if (i < e && s[i] == ')')
            return n == k ? i + 1 : 0;
        if (i >= e || s[i] != ',')
            return 0;
        i = skip_ws(s, i + 1, e);
    }
}

static const struct sql_table *table_named(const struct sql_table *tb, size_t n, const char *s,
                                           struct span sp)
{
    for (size_t i = 0; i < n; i++)
        if (strlen(tb[i].name) == sp.e - sp.b && !strncasecmp(tb[i].name, s + sp.b, sp.e - sp.b))
            return &tb[i];
    return NULL;
}

/* Line [b, e) as "CREATE TABLE [IF NOT EXISTS] name (...)": into tb. */
static int read_create(const char *s, size_t b, size_t e, struct sql_table *tb)
{
    struct span sp;
    size_t i = keyword(s, skip_ws(s, b, e), e, "create"), j;

    if (!i || !(i = keyword(s, i, e, "table")))
        return 0;
    if ((j = keyword(s, i, e, "if")) && (j = keyword(s, j, e, "not")) &&
        (j = keyword(s, j, e, "exists")))
        i = j;
    if (!(i = name_at(s, i, e, &sp)))
        return 0;
    copy_name(tb->name, s, sp);
    i = skip_ws(s, i, e);
    return i < e && s[i] == '(' && name_list(s, i, e, tb->cols, &tb->k, 1) && tb->k >= 2;
}

/* Line [b, e) as "INSERT INTO name [(cols)] VALUES (...)[, (...)];", its
 * columns from the statement or tables[]. */
static int read_insert(const char *s, size_t b, size_t e, const struct sql_table *tables,
                       size_t n_tables, struct insert *in)
{
    size_t i = keyword(s, skip_ws(s, b, e), e, "insert");
    const struct sql_table *tb;

    if (!i || !(i = keyword(s, i, e, "into")) || !(i = name_at(s, i, e, &in->table)))
        return 0;
    i = skip_ws(s, i, e);
    if (i < e && s[i] == '(') {
        if (!(i = name_list(s, i, e, in->cols, &in->k, 0)))
            return 0;
        i = skip_ws(s, i, e);
    } else if ((tb = table_named(tables, n_tables, s, in->table))) {
        memcpy(in->cols, tb->cols, sizeof tb->cols);
        in->k = tb->k;
    } else {
        return 0;
    }
    if (in->k < 2 || !(i = keyword(s, i, e, "values")))
        return 0;
    for (in->rows = 0; in->rows < SQL_ROWS_PER_LINE;) {
        if (i >= e || s[i] != '(' || !(i = value_tuple(s, i, e, in->cell[in->rows], in->k)))
            return 0;
        in->rows++;
        i = skip_ws(s, i, e);
        if (i >= e || s[i] == ';')
            return 1;
        if (s[i] != ',')
            return 0;
        i = skip_ws(s, i + 1, e);
    }
    return 0;
}

static int same_table(const char *s, const struct insert *a, const struct insert *b)
{
    if (a->k != b->k || a->table.e - a->table.b != b->table.e - b->table.b ||
        strncasecmp(s + a->table.b, s + b->table.b, a->table.e - a->table.b))
        return 0;
    for (size_t j = 0; j < a->k; j++)
        if (strcasecmp(a->cols[j], b->cols[j]))
            return 0;
    return 1;
}

static int put_rows(struct gb_buf *out, const char *s, const struct insert *in, int lead,
                    struct gb_err *err)
{
    for (size_t r = 0; r < in->rows; r++) {
        if ((lead || r) && gb_buf_puts(out, "\r", err))
            return -1;
        for (size_t j = 0; j < in->k; j++) {
            const struct span *c = &in->cell[r][j];
            int null = c->e - c->b == 4 && !strncasecmp(s + c->b, "null", 4);
            if (gb_buf_puts(out, "| ", err) ||
                (null ? gb_buf_puts(out, "-", err)
                      : gb_buf_append(out, s + c->b, c->e - c->b, err)) ||
                gb_buf_puts(out, " ", err))
                return -1;
        }
        if (gb_buf_puts(out, "|", err))
            return -1;
    }
    return 0;
}

/* The first statement of a run: the table's name, its header, its rule. */
static int put_header(struct gb_buf *out, const char *s, const struct insert *in,
                      struct gb_err *err)
{
    if (gb_buf_append(out, s + in->table.b, in->table.e - in->table.b, err) ||
        gb_buf_puts(out, ":\r", err))
        return -1;
    for (size_t j = 0; j < in->k; j++)
        if (gb_buf_printf(out, err, "| %s ", in->cols[j]))
            return -1;
    if (gb_buf_puts(out, "|\r", err))
        return -1;
    for (size_t j = 0; j < in->k; j++)
        if (gb_buf_puts(out, "|---", err))
            return -1;
    return gb_buf_puts(out, "|", err);
}

static int prints_sql(const char *s, size_t len)
{
    for (size_t i = 0; i + 11 <= len; i++)
        if ((i == 0 || s[i - 1] == '\n') && !strncasecmp(s + i, "INSERT INTO", 11))
            return 1;
    return 0;
}

struct sql_state {
    struct sql_table tables[SQL_TABLES_MAX];
    size_t n_tables;
    struct insert in[2];          /* the statement read now, and the one before it */
    int cur, in_run;
};

/* One line as the table rows it holds (extract_rewrite_spans). */
static int sql_line(void *arg, const char *s, size_t len, size_t b, struct gb_buf *out,
                    size_t *end, struct gb_err *err)
{
    struct sql_state *st = arg;
    const char *nl = memchr(s + b, '\n', len - b);
    size_t e = nl ? (size_t)(nl - s) : len;
    struct insert *cur = &st->in[st->cur], *prev = &st->in[!st->cur];

    *end = e;
    if (st->n_tables < SQL_TABLES_MAX && read_create(s, b, e, &st->tables[st->n_tables])) {
        st->n_tables++;
        st->in_run = 0;
        return gb_buf_append(out, (char[]){ PYOUTPUT_DROPPED }, 1, err) ? -1 : 1;
    }
    if (!read_insert(s, b, e, st->tables, st->n_tables, cur)) {
        st->in_run = 0;
        return 0;
    }
    int cont = st->in_run && same_table(s, prev, cur);
    if ((!cont && put_header(out, s, cur, err)) || put_rows(out, s, cur, !cont, err))
        return -1;
    st->cur = !st->cur;
    st->in_run = 1;
    return 1;
}

int extract_reshape_sql(struct extract_transcript *t, struct gb_err *err)
{
    struct sql_state *st;
    int rc;

    if (!t->len || !prints_sql(t->text, t->len))
        return 0;
    if (!(st = calloc(1, sizeof *st)))
        return gb_fail(err, "out of memory reading SQL statements");
    rc = extract_rewrite_spans(t, "SQL statements", sql_line, st, err);
    free(st);
    return rc;
}
