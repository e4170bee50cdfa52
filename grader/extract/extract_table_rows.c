/* extract_table_rows.c — a table's rows: delimiters, fields and where values start.
 *
 * Every line gets its delimiter (markdown pipes, TSV, CSV, semicolons,
 * LaTeX's '&', else spaces) and the atom where its values start: a data row
 * is a line that ends in values, and the first value of a row of numbers
 * only is its label.  Also the cell tests every table file uses (a value
 * number, a placeholder, a type name) and whether a line heads the row
 * below it (extract_header_like).
 */
#include "extract/extract_int.h"

#include <ctype.h>

#include <string.h>
#include <strings.h>

#define FIELDS_MAX 256

const char *extract_xline_text(const struct extract_transcript *t, const struct xline *ln)
{
    return t->text + ln->off;
}

size_t extract_list_marker(const struct extract_transcript *t, const struct xline *ln,
                           size_t *indent)
{
    const char *s = t->text + ln->off;
    size_t i = 0;

    while (i < ln->len && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (indent)
        *indent = i;
    return i + 1 < ln->len && (s[i] == '-' || s[i] == '*' || s[i] == '+') && s[i + 1] == ' '
               ? i + 2 : 0;
}

/* A number that is a value, not part of a name like "b_f=3" or "step1". */
int extract_is_value_num(const struct extract_transcript *t, const struct xline *ln,
                         const struct xatom *a)
{
    const struct numparse_num *n;
    if (a->num < 0)
        return 0;
    n = &t->nums[a->num];
    /* "b_f=3", "step1", "64-unit", "torch 1.13": part of a name.  (A
     * key=value log line is read inline, where "loss=0.5" is a value.) */
    return !(n->flags & (NUMPARSE_GLUED | NUMPARSE_GLUED_RIGHT)) &&
           !extract_version_number(t, ln, n);
}

int extract_is_noise(const struct xatom *a)
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
    const char *s = extract_xline_text(t, ln);
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
int extract_is_filler(const struct extract_transcript *t, const struct xline *ln,
                      const struct xatom *a)
{
    return extract_is_noise(a) || is_placeholder(t, ln, a);
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

/* A Python record printed by repr(): "(5, 'RNN', 5.71, 1.0, 1.0)" or
 * "[20, 'LSTM b_f=3', 59.7, 1.0, 1.0]" — bracketed, with a quoted string
 * among its items.  Its ", " separates fields as a CSV comma does. */
static int repr_record(const char *s, size_t len)
{
    size_t b = 0, e = len;
    int quoted = 0;

    while (b < e && (s[b] == ' ' || s[b] == '\t'))
        b++;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r'))
        e--;
    if (e - b < 5 || !((s[b] == '(' && s[e - 1] == ')') || (s[b] == '[' && s[e - 1] == ']')))
        return 0;
    for (size_t i = b + 1; i + 1 < e; i++) {
        if (s[i] == '(' || s[i] == '[' || s[i] == ')' || s[i] == ']')
            return 0;   /* nested: a list of lists, not one record */
        quoted |= s[i] == '\'' || s[i] == '"';
    }
    return quoted;
}

/* A header naming a record's fields: "length, model, seconds, train acc,
 * test acc" — short names of letters, separated by ", ", no numbers but
 * inside a name, and no sentence punctuation. */
static int name_list(const char *s, size_t len)
{
    size_t words = 0, fields = 1;

    for (size_t i = 0; i < len; i++) {
        if (s[i] == ',')
            fields++, words = 0;
        else if (s[i] == '.' || s[i] == '!' || s[i] == '?' || s[i] == ':' || s[i] == '(')
            return 0;
        else if (isdigit((unsigned char)s[i]) && (i == 0 || !isalpha((unsigned char)s[i - 1])))
            return 0;
        else if (isalpha((unsigned char)s[i]) && (i == 0 || !isalnum((unsigned char)s[i - 1])) &&
                 ++words > 3)
            return 0;   /* a clause, not a name */
    }
    return fields >= 3;
}

/* "|output gap|", "|corr|", "‖g‖" written "|g|": bars around a term, set
 * off by a space or bracket outside and touching it inside.  The closing
 * bar's offset, or i when the bar at i opens no such pair. */
static size_t absolute_value_bars(const char *s, size_t len, size_t i)
{
    if (i + 2 >= len || s[i + 1] == ' ' || s[i + 1] == '|' || s[i + 1] == '-' ||
        (i > 0 && s[i - 1] != ' ' && s[i - 1] != '(' && s[i - 1] != '['))
        return i;
    for (size_t j = i + 2; j < len && j < i + 40; j++) {
        if (s[j] != '|')
            continue;
        if (s[j - 1] == ' ' || (j + 1 < len && s[j + 1] != ' ' && s[j + 1] != ')' &&
                                s[j + 1] != ':' && s[j + 1] != ','))
            return i;
        return j;
    }
    return i;
}

/* A line written with decimal commas ("0,740   1,000") has no comma fields. */
enum xdelim extract_line_delim(const char *s, size_t len, int decimal_comma)
{
    size_t pipes = 0, tabs = 0, bare_commas = 0, spaced_commas = 0, semis = 0, amps = 0;
    for (size_t i = 0; i < len; i++) {
        size_t close;
        if (s[i] == '|' && (close = absolute_value_bars(s, len, i)) > i)
            i = close;   /* "largest |output gap|": a norm, no cell border */
        else if (s[i] == '|')
            pipes++;
        else if (s[i] == '&')
            amps++;
        else if (s[i] == ';')
            semis++;
        else if (s[i] == '\t')
            tabs++;
        else if (s[i] == ',' && !decimal_comma)
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
    if (spaced_commas >= 2 && bare_commas == 0 && (repr_record(s, len) || name_list(s, len)))
        return XDELIM_COMMA;
    return XDELIM_SPACE;
}

/* Field index of byte off in a delimited line (quotes respected for CSV). */
int extract_field_of(const char *s, size_t off, enum xdelim d)
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
    const char *s = extract_xline_text(t, ln);
    size_t i = 0;

    while (i < ln->n_atoms) {
        int f = extract_field_of(s, (size_t)(a[i].p - s), d), numeric = 1;
        size_t j = i;
        while (j < ln->n_atoms && extract_field_of(s, (size_t)(a[j].p - s), d) == f) {
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
        while (k > 0 && a[k - 1].num < 0 && !extract_is_noise(&a[k - 1]))
            k--;
        if (k == i - 1)
            break;   /* a number with no word of its own */
        i = k;
    }
    if (i == ln->n_atoms || i == 0 || a[i - 1].num < 0 || t->nums[a[i - 1].num].list < 0)
        return ln->n_atoms;
    return i;
}

/* A space-aligned row may end in a short text cell after its values
 * ("... 49   yes", "... 0.494   chance"), as a delimited row may end in a
 * note field: the atoms before that cell, or n_atoms when the row does not
 * end so.  The cell is at most NOTE_WORDS_MAX words, set off by two
 * spaces or a tab from a value; the values before it are the row's, one of
 * them at least a fraction (a header of step numbers ends in a word too). */
#define NOTE_WORDS_MAX 3
static size_t before_note_cell(const struct extract_transcript *t, const struct xline *ln)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t i = ln->n_atoms, words = 0;

    while (i > 0 && a[i - 1].num < 0 && words <= NOTE_WORDS_MAX) {
        if (i >= 2 && a[i - 2].num < 0 && a[i - 1].p - (a[i - 2].p + a[i - 2].len) >= 2)
            return ln->n_atoms;   /* two text cells: not a row of values */
        i--;
        words++;
    }
    if (words == 0 || words > NOTE_WORDS_MAX || i == 0 || !extract_is_value_num(t, ln, &a[i - 1]))
        return ln->n_atoms;
    const char *gap = a[i - 1].p + a[i - 1].len;
    if (a[i].p - gap < 2 && !memchr(gap, '\t', (size_t)(a[i].p - gap)))
        return ln->n_atoms;
    for (const char *p = gap; p < a[i].p;) {
        size_t run = 0;
        while (p + run < a[i].p && (unsigned char)p[run] >= 0x80)
            run++;
        if (run && extract_decoration(p, run)) {
            p += run;   /* "1.000   → support": an arrow drawn before the cell */
            continue;
        }
        if (*p != ' ' && *p != '\t')
            return ln->n_atoms;   /* "0.494 (chance)", "1.0 -> yes": a phrase, not a cell */
        p++;
    }
    for (size_t k = 0; k < i; k++)
        if (a[k].num >= 0 && !(t->nums[a[k].num].flags & NUMPARSE_INTEGER))
            return i;
    return ln->n_atoms;   /* "   50   40  ...  1  shrink": whole numbers naming columns */
}

/* Atoms at the end of a row that are values: the value region's start, or
 * n_atoms when the row has none.  A row of numbers only keeps its first
 * as the label ("50  7.577e-02 ...").  Delimited rows count whole fields. */
size_t extract_value_start(const struct extract_transcript *t, const struct xline *ln,
                           enum xdelim d)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t i = ln->n_atoms;
    int values = 0;

    if (d != XDELIM_SPACE) {
        const char *s = extract_xline_text(t, ln);
        int bad_field = -1;
        while (i > 0) {
            int f = extract_field_of(s, (size_t)(a[i - 1].p - s), d);
            if (f == bad_field)
                break;
            if (!extract_is_value_num(t, ln, &a[i - 1]) && !extract_is_filler(t, ln, &a[i - 1])) {
                /* a word in this field: the field is a label; stop before it */
                size_t k = i;
                while (k > 0 && extract_field_of(s, (size_t)(a[k - 1].p - s), d) == f)
                    k--;
                i = k;
                break;
            }
            values += a[i - 1].num >= 0;
            i--;
        }
    } else {
        i = extract_labelled_tail(t, ln);
        if (i == ln->n_atoms)
            i = before_note_cell(t, ln);
        while (i > 0 && (extract_is_value_num(t, ln, &a[i - 1]) ||
                         extract_is_filler(t, ln, &a[i - 1]))) {
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
            const char *s = extract_xline_text(t, ln);
            int f0 = extract_field_of(s, (size_t)(a[0].p - s), d);
            while (k < ln->n_atoms && extract_field_of(s, (size_t)(a[k].p - s), d) == f0)
                k++;
        }
        return k;
    }
    return i;
}

int extract_is_data(const struct xline *ln)
{
    return ln->kind == XLINE_TEXT && ln->value_atom < ln->n_atoms;
}

/* The values of a row's value region: numbers glued into a name
 * ("step1_over_stepT", "b_f=3") name a cell, they are not one. */
size_t extract_count_values(const struct extract_transcript *t, const struct xline *ln)
{
    size_t n = 0;
    for (size_t i = ln->value_atom; i < ln->n_atoms; i++)
        n += extract_is_value_num(t, ln, &t->atoms[ln->atom0 + i]);
    return n;
}

static size_t count_words(const struct extract_transcript *t, const struct xline *ln)
{
    size_t n = 0;
    for (size_t i = 0; i < ln->n_atoms; i++)
        n += t->atoms[ln->atom0 + i].num < 0 && !is_placeholder(t, ln, &t->atoms[ln->atom0 + i]);
    return n;
}

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
int extract_header_like(const struct extract_transcript *t, const struct xline *ln,
                        const struct xline *next)
{
    size_t first, width = extract_list_width(t, ln, &first);
    /* "64-unit acc [all, very, not]: [0.785 1. 0.574]" holds values; a line
     * of many names ending in a note "(0 → 1)" names columns */
    if (width >= 2 && count_words(t, ln) < 2 * width)
        return 0;
    if (values_in_list(t, next))
        return 0;
    return count_words(t, ln) >= ln->n_nums &&
           extract_count_values(t, next) > extract_count_values(t, ln);
}

/* A row whose values are one bracketed list ("rude  tensor([0.0963, ...])",
 * " [0.0963 0.0963 0.0963 0.7112]]"): the list's length, 0 otherwise.
 * *first is the list's first atom (relative). */
size_t extract_list_width(const struct extract_transcript *t, const struct xline *ln, size_t *first)
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
            if (!extract_is_noise(&a[i]))
                return 0;
            continue;
        }
        if (t->nums[a[i].num].list != list)
            return 0;
        n++;
    }
    return n;
}

/* Two spaces or a tab inside the line's text (its margins aside): the
 * gutter of a space-aligned table, never the space between two words. */
int extract_wide_gap(const struct xline *ln, const char *s)
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

/* pandas indents its header past the index ("            all  very_rows");
 * a caption at the left margin ("test_df['kind'].value_counts()") is the
 * name of a Series printed below it (extract_series_caption). */
int extract_pandas_header(const struct extract_transcript *t, const struct xline *ln)
{
    const char *s = extract_xline_text(t, ln);
    return (ln->len > 0 && (s[0] == ' ' || s[0] == '\t')) || extract_wide_gap(ln, s);
}
