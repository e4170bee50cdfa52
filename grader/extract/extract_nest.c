/* extract_nest.c — nested output: Python/JSON structures printed over several lines.
 *
 * json.dumps(obj, indent=2), pprint and numpy/torch wrapping spread one
 * structure over many lines.  Two things make such output readable like
 * any other:
 *
 *   joining   an innermost bracket span wrapped over lines becomes one
 *             line: a list ([...], or a (...) of numbers) is one vector, and
 *             a record (a dict inside a list) reads as json.dumps without
 *             indent would print it; a label line ending in ':' over
 *             deeper-indented lines that each hold only values ("Test rows
 *             carrying 'very':" then "    297") is one line too: the values
 *             are the label's, as if printed after it;
 *   paths     every line gets the keys of the structures enclosing it
 *             ('"rnn": {' then '"gain 0.5": {', or YAML-style "weights:"
 *             over deeper-indented lines), which extract_candidates.c uses like
 *             a title above the line.
 *
 *   unfolding a nested dict printed whole on one line ("print(results)")
 *             is read as pprint would lay it out: each entry of a dict on
 *             a line of its own, so that the paths above apply.
 *
 * All are single linear passes; spans, nesting depth and path lengths are
 * bounded, so hostile output (unclosed brackets, megabyte lines) costs no
 * more than its size.
 */
#include "extract/extract_int.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define JOIN_LINES_MAX 512      /* a wrapped structure longer than this stays as printed */
#define JOIN_BYTES_MAX (256u << 10)
#define NEST_DEPTH_MAX 64
#define PATH_ATOMS_MAX 32       /* atoms kept per path (the innermost keys) */
#define KEY_ATOMS_MAX 12        /* atoms kept per key */
#define AXIS_WIDTH_MAX 256      /* an axis line names at most this many elements */
#define PATHS_PER_LINE 16       /* keyed structures opened on one line that get a path */
#define STACK_VALUES_MAX 64     /* value lines under one label that are joined onto it */
#define VALUE_LINE_MAX 160      /* a longer line is no lone value */

static int is_word_byte(unsigned char c)
{
    return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_';
}

static int is_hspace(char c)
{
    return c == ' ' || c == '\t';
}

static char closing_bracket(char c)
{
    return c == '{' ? '}' : c == '[' ? ']' : c == '(' ? ')' : 0;
}

/* ---- joining ------------------------------------------------------------ */

struct span {
    size_t open, close;     /* byte offsets of the brackets */
};

struct spans {
    struct span *v;
    size_t n, cap;
};

/* A continuation line of a printed structure starts with a quoted key or
 * string, a number, or a closing bracket: JSON, pprint, numpy and torch all
 * wrap that way.  Anything else (a word, a log line) means the bracket was
 * prose, not a structure. */
static int continues_structure(const char *s, size_t len, size_t i)
{
    while (i < len && is_hspace(s[i]))
        i++;
    if (i >= len)
        return 0;
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\'' || c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9') ||
        c == '}' || c == ']' || c == ')')
        return 1;
    /* nan, inf, None, null, True, False in a list of values */
    static const char *const literals[] = { "nan", "inf", "None", "null", "True", "False",
                                            "true", "false", "-inf", NULL };
    for (const char *const *w = literals; *w; w++) {
        size_t n = strlen(*w);
        if (i + n <= len && memcmp(s + i, *w, n) == 0 && (i + n == len || !is_word_byte((unsigned char)s[i + n])))
            return 1;
    }
    return 0;
}

/* A dict that is an element of a list ("[\n  {\n    "length": 5, ...") is a
 * record: joined, its entries name each other, like a table row.  A dict
 * under a key ('"logistic": {') or at the top keeps one entry per line;
 * its key reaches the entries as their path. */
static int record_opens(const char *s, size_t i)
{
    size_t k = i, budget = 256;
    while (k > 0 && budget-- > 0) {
        char c = s[--k];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
            continue;
        return c == '[' || c == ',';
    }
    return 0;
}

/* Only numbers (and separators) between s[a] and s[b]: a tuple or tensor
 * call wrapped over lines, not a parenthesised remark. */
static int numeric_only(const char *s, size_t a, size_t b)
{
    for (size_t i = a; i < b; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c >= '0' && c <= '9') || c == '.' || c == ',' || c == '-' || c == '+' ||
            is_hspace((char)c) || c == '\n' || c == '\r')
            continue;
        if ((c == 'e' || c == 'E') && i > a && ((s[i - 1] >= '0' && s[i - 1] <= '9') || s[i - 1] == '.'))
            continue;
        return 0;
    }
    return 1;
}

static int add_span(struct spans *sp, size_t open, size_t close, struct gb_err *err)
{
    if (extract_grow((void **)&sp->v, &sp->cap, sp->n + 1, sizeof *sp->v, err) < 0)
        return -1;
    sp->v[sp->n++] = (struct span){ open, close };
    return 0;
}

/* Innermost bracket spans that cross a newline and look like a printed
 * structure.  Brackets inside quotes on the same line do not count
 * ("acc(test)"); an apostrophe inside a word ("model's") is no quote. */
static int find_spans(const char *s, size_t len, struct spans *sp, struct gb_err *err)
{
    size_t open = 0, lines = 0;
    int have = 0, blank = 0;
    char want = 0, quote = 0;

    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '\n' || c == '\r') {
            quote = 0;
            if (c == '\r' && !(i + 1 < len && s[i + 1] == '\n')) {
                have = 0;   /* a progress bar's redraw */
                continue;
            }
            if (c == '\r')
                i++;
            if (have && (blank || ++lines > JOIN_LINES_MAX || !continues_structure(s, len, i + 1)))
                have = 0;
            blank = 1;
            continue;
        }
        if (!is_hspace(c))
            blank = 0;
        if (quote) {
            if (c == quote)
                quote = 0;
            continue;
        }
        if (c == '"' || (c == '\'' && (i == 0 || !is_word_byte((unsigned char)s[i - 1])))) {
            quote = c;
            continue;
        }
        if (closing_bracket(c)) {
            have = c != '{' || record_opens(s, i);
            open = i;
            want = closing_bracket(c);
            lines = 0;
            continue;
        }
        if (c == '}' || c == ']' || c == ')') {
            if (have && c == want && lines > 0 && (c != ')' || numeric_only(s, open + 1, i)) &&
                add_span(sp, open, i, err) < 0)
                return -1;
            have = 0;
            continue;
        }
        if (have && i - open > JOIN_BYTES_MAX)
            have = 0;
    }
    return 0;
}

/* ---- values under their label ------------------------------------------- */

/* One number as a student prints it alone: "297", "-0.119", "5.032e-17",
 * "x0.490", "+1.2", "99.0%", "nan". */
static int lone_number(const char *s, size_t n)
{
    size_t i = 0, digits = 0;

    if (n == 3 && (!memcmp(s, "nan", 3) || !memcmp(s, "inf", 3)))
        return 1;
    if (i < n && (s[i] == '-' || s[i] == '+'))
        i++;
    if (i < n && s[i] == 'x')
        i++;
    for (; i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '.'); i++)
        digits += s[i] != '.';
    if (digits && i + 1 < n && (s[i] == 'e' || s[i] == 'E')) {
        size_t k = i + 1;
        if (s[k] == '-' || s[k] == '+')
            k++;
        if (k < n && s[k] >= '0' && s[k] <= '9') {
            for (i = k; i < n && s[i] >= '0' && s[i] <= '9'; i++)
                ;
        }
    }
    if (i < n && s[i] == '%')
        i++;
    return digits > 0 && i == n;
}

/* A line that holds only values: numbers, or one bracketed tuple or list of
 * numbers ("(4000, 5)"), after an optional list marker ("- 0.881").  Words,
 * keys and tables of several columns are no lone values: a matrix printed
 * one row per line stays a matrix. */
static int value_line(const char *s, size_t n)
{
    size_t i = 0, tokens = 0, depth = 0, groups = 0;

    if (n > VALUE_LINE_MAX)
        return 0;
    if (n > 2 && (s[0] == '-' || s[0] == '*') && s[1] == ' ')
        i = 2;
    while (i < n) {
        size_t b;
        while (i < n && (is_hspace(s[i]) || s[i] == ','))
            i++;
        while (i < n && (s[i] == '(' || s[i] == '[')) {
            depth++;
            groups++;
            i++;
        }
        if (i >= n)
            break;
        b = i;
        while (i < n && !is_hspace(s[i]) && s[i] != ',' && s[i] != ')' && s[i] != ']')
            i++;
        if (i > b && !lone_number(s + b, i - b))
            return 0;
        tokens += i > b;
        while (i < n && (s[i] == ')' || s[i] == ']')) {
            if (depth-- == 0)
                return 0;
            i++;
        }
    }
    /* one number, or one group of them: two bare numbers are a table row */
    return depth == 0 && tokens > 0 && (groups ? groups == 1 : tokens == 1);
}

/* The line [b, e) with its indentation and trailing space cut: sets *ind
 * (the indentation) and returns the end of its text. */
static size_t trim_line(const char *s, size_t b, size_t e, size_t *ind)
{
    size_t i = b;
    while (i < e && is_hspace(s[i]))
        i++;
    while (e > i && (is_hspace(s[e - 1]) || s[e - 1] == '\r'))
        e--;
    *ind = i - b;
    return e;
}

static size_t line_end(const char *s, size_t len, size_t b)
{
    const char *nl = memchr(s + b, '\n', len - b);
    return nl ? (size_t)(nl - s) : len;
}

/* A line of numbers only ("   50   40   30   20"): the row vector an
 * assignment display prints under its name. */
static int numbers_line(const char *s, size_t n)
{
    size_t i = 0, tokens = 0;

    if (n > VALUE_LINE_MAX)
        return 0;
    while (i < n) {
        size_t b;
        while (i < n && is_hspace(s[i]))
            i++;
        for (b = i; i < n && !is_hspace(s[i]); i++)
            ;
        if (i > b && !lone_number(s + b, i - b))
            return 0;
        tokens += i > b;
    }
    return tokens > 0;
}

/* "factor_g05 =": a name and '=' with nothing after it, as MATLAB, Octave
 * and a student imitating them display a variable — the value follows on
 * the next lines, indented, after a blank line. */
static int assign_label(const char *s, size_t n)
{
    size_t i = 0;

    if (n < 3 || s[n - 1] != '=' || !(((s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'z') || s[0] == '_'))
        return 0;
    while (i < n - 1 && (is_word_byte((unsigned char)s[i]) || s[i] == '.'))
        i++;
    while (i < n - 1 && is_hspace(s[i]))
        i++;
    return i == n - 1 && s[n - 2] != '=' && s[n - 2] != '!' && s[n - 2] != '<' && s[n - 2] != '>';
}

/* Where a label's first value line starts: the next line, or for an
 * assignment display past up to ASSIGN_BLANKS blank lines. */
#define ASSIGN_BLANKS 2
static size_t first_value_line(const char *s, size_t len, size_t b2, int assign)
{
    for (int blanks = 0; assign && blanks < ASSIGN_BLANKS && b2 < len; blanks++) {
        size_t e2 = line_end(s, len, b2), ind2;
        if (trim_line(s, b2, e2, &ind2) != b2 + ind2)
            break;
        b2 = e2 + 1;
    }
    return b2;
}

/* A line of words that prints no value: every digit glued to a letter
 * ("step1"), none standing alone ("after clip_grad_norm_(max_norm = 1.0)"
 * prints a number, and is no caption of the value below it). */
static int caption_words(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] >= '0' && s[i] <= '9' &&
            !(i > 0 && (((s[i - 1] | 0x20) >= 'a' && (s[i - 1] | 0x20) <= 'z') ||
                        s[i - 1] == '_' || (s[i - 1] >= '0' && s[i - 1] <= '9'))))
            return 0;
    return 1;
}

/* A label ending in ':' with a letter in it, over value lines indented
 * deeper; the block ends at a blank line, a line no deeper than the label
 * or the end: anything else below (a key, a word) makes it a structure the
 * paths read (extract_nest_paths), not values of the label.  An assignment
 * display ("name =", blank, "    0.4901") is such a label too, and its
 * value may be one row of numbers (a row vector); several such rows are a
 * matrix and stay as printed.  So is a caption of words with no ':' over
 * one lone value indented CAPTION_INDENT deeper ("before clipping" over
 * R's "[1] 20.5769", its position blanked): a value set off under words
 * is theirs. */
#define CAPTION_INDENT 4
static int find_stacks(const char *s, size_t len, struct spans *sp, struct gb_err *err)
{
    for (size_t b = 0; b < len;) {
        size_t e = line_end(s, len, b), ind, te = trim_line(s, b, e, &ind), n = 0, last = e;
        size_t next = e + 1, b2 = next;
        int letter = 0, assign = assign_label(s + b + ind, te - b - ind);

        for (size_t i = b + ind; i < te; i++)
            letter |= ((s[i] | 0x20) >= 'a' && (s[i] | 0x20) <= 'z') || (unsigned char)s[i] >= 0x80;
        int caption = !assign && letter && te > b + ind && s[te - 1] != ':' &&
                      caption_words(s + b + ind, te - b - ind);
        if ((te > b + ind && s[te - 1] == ':' && letter) || assign || caption) {
            b2 = first_value_line(s, len, b2, assign);
            while (b2 < len && n < (caption ? 1 : STACK_VALUES_MAX)) {
                size_t e2 = line_end(s, len, b2), ind2, te2 = trim_line(s, b2, e2, &ind2);
                /* YAML writes a key's list at the key's own indentation: "weights:"
                 * over "- 0.440" */
                int item = !assign && te2 > b2 + ind2 + 1 && s[b2 + ind2] == '-' &&
                           s[b2 + ind2 + 1] == ' ';
                int row = assign && n == 0 && numbers_line(s + b2 + ind2, te2 - b2 - ind2);
                if (te2 == b2 + ind2 || ind2 < ind || (ind2 == ind && !item) ||
                    (caption && ind2 < ind + CAPTION_INDENT) ||
                    !(value_line(s + b2 + ind2, te2 - b2 - ind2) || row))
                    break;
                n++;
                last = e2;
                b2 = e2 + 1;
            }
            size_t ind3, e3 = b2 < len ? line_end(s, len, b2) : len;
            int clean = b2 >= len || trim_line(s, b2, e3, &ind3) == b2 + ind3 || ind3 <= ind;
            if (n > 0 && clean) {
                if (add_span(sp, te - 1, last, err) < 0)
                    return -1;
                next = last + 1;
            }
        }
        b = next;
    }
    return 0;
}

/* ---- a config section's fields ------------------------------------------ */

/* "[memory_lab.lstm.len_50]": a TOML section header, a dotted path of
 * names in brackets, the first starting with a letter; or an INI one as
 * configparser writes it, "[bag model 64-unit]", "[memory_lab T=50 lstm]":
 * words and settings.  No commas or quotes, so no printed list ("[0.5,
 * 0.2]", "['rnn' 'gru']"); "[5.032e-17]" starts with no letter. */
int extract_section_header(const char *s, size_t n)
{
    int letter = 0;

    if (n < 3 || s[0] != '[' || s[n - 1] != ']' ||
        !(((s[1] | 0x20) >= 'a' && (s[1] | 0x20) <= 'z') || s[1] == '_'))
        return 0;
    for (size_t i = 1; i + 1 < n; i++) {
        char c = s[i];
        if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')
            letter = 1;
        else if (!((c >= '0' && c <= '9') || strchr("_-.=:/() ", c) ||
                   (unsigned char)c >= 0x80))
            return 0;
    }
    return letter;
}

/* "train_acc = 1.000", "model = \"RNN\"", "weights = [0.7, 0.1]": one
 * field of a section, a name, '=' and one value (a quoted string, a
 * bracketed list or one bare token), nothing after it: 2 for a list, 1 for
 * any other value, 0 for no field.  An inline table ("step_3 = { token =
 * \"clean\", h = [...] }") is a row of its own: a section of them is a
 * table, not one record. */
static int field_line(const char *s, size_t n)
{
    size_t i = 0;

    while (i < n && (is_word_byte((unsigned char)s[i]) || s[i] == '-' || s[i] == '.'))
        i++;
    if (i == 0 || !(((s[0] | 0x20) >= 'a' && (s[0] | 0x20) <= 'z') || s[0] == '_'))
        return 0;
    while (i < n && is_hspace(s[i]))
        i++;
    if (i >= n || s[i] != '=')
        return 0;
    for (i++; i < n && is_hspace(s[i]); i++)
        ;
    if (i >= n)
        return 0;
    if (s[i] == '"' || s[i] == '\'') {
        char q = s[i];
        for (i++; i < n && s[i] != q; i++)
            ;
        return i == n - 1;
    }
    if (s[i] == '{')
        return 0;
    if (s[i] == '[' || s[i] == '(') {
        char open = s[i], close = closing_bracket(open);
        int depth = 0;
        for (; i < n; i++) {
            depth += s[i] == open;
            if (s[i] == close && --depth == 0)
                return i == n - 1 ? 2 : 0;
        }
        return 0;
    }
    while (i < n && !is_hspace(s[i]) && s[i] != '#')
        i++;
    return i == n;
}

/* A section header over two or more field lines, up to a blank line or
 * any other line: the section is one record, as a human reads it
 * ("length = 5" and "model = \"RNN\"" name the "test_acc" below them).
 * Its field lines are joined into one line; the header stays a heading.
 * A section of lists alone ("support = [1.4, -0.2, ...]" per token) is a
 * matrix printed by rows, each named by its key: it stays lines. */
static int find_sections(const char *s, size_t len, struct spans *sp, struct gb_err *err)
{
    for (size_t b = 0; b < len;) {
        size_t e = line_end(s, len, b), ind, te = trim_line(s, b, e, &ind), n = 0, first = e + 1;
        size_t last = e, b2 = e + 1, scalars = 0;

        if (extract_section_header(s + b + ind, te - b - ind)) {
            while (b2 < len) {
                size_t e2 = line_end(s, len, b2), ind2, te2 = trim_line(s, b2, e2, &ind2);
                int kind = te2 == b2 + ind2 ? 0 : field_line(s + b2 + ind2, te2 - b2 - ind2);
                if (!kind)
                    break;
                scalars += kind == 1;
                n++;
                last = e2;
                b2 = e2 + 1;
            }
            if (n < 2 || !scalars)
                n = 0;
            else if (add_span(sp, first, last, err) < 0)
                return -1;
        }
        b = n ? last + 1 : e + 1;
    }
    return 0;
}

/* Two ordered lists of spans that never overlap, as one ordered list. */
static int merge_ordered(struct spans *a, const struct spans *b, struct gb_err *err)
{
    struct spans out = { NULL, 0, 0 };
    size_t i = 0, k = 0;

    while (i < a->n || k < b->n) {
        const struct span *x = k >= b->n || (i < a->n && a->v[i].open < b->v[k].open)
                                   ? &a->v[i++] : &b->v[k++];
        if (add_span(&out, x->open, x->close, err) < 0) {
            free(out.v);
            return -1;
        }
    }
    free(a->v);
    *a = out;
    return 0;
}

/* The bracket spans and the label stacks in one ordered list: a stack that
 * overlaps a bracket span is left to the brackets. */
static int merge_spans(struct spans *sp, const struct spans *st, struct gb_err *err)
{
    struct spans out = { NULL, 0, 0 };
    size_t i = 0, k = 0;

    while (i < sp->n || k < st->n) {
        int take_stack = k < st->n && (i >= sp->n || st->v[k].open < sp->v[i].open);
        if (take_stack) {
            const struct span *x = &st->v[k++];
            if ((i < sp->n && sp->v[i].open <= x->close) ||
                (out.n && out.v[out.n - 1].close >= x->open))
                continue;
            if (add_span(&out, x->open, x->close, err) < 0)
                goto fail;
        } else {
            const struct span *x = &sp->v[i++];
            if (out.n && out.v[out.n - 1].close >= x->open)
                out.n--;   /* a stack it overlaps gives way */
            if (add_span(&out, x->open, x->close, err) < 0)
                goto fail;
        }
    }
    free(sp->v);
    *sp = out;
    return 0;
fail:
    free(out.v);
    return -1;
}

static int add_soft_break(struct extract_transcript *t, size_t at, struct gb_err *err)
{
    if (extract_grow((void **)&t->soft_breaks, &t->cap_soft, t->n_soft + 1,
                     sizeof *t->soft_breaks, err) < 0)
        return -1;
    t->soft_breaks[t->n_soft++] = at;
    return 0;
}

int extract_nest_join(struct extract_transcript *t, struct gb_err *err)
{
    struct spans sp = { NULL, 0, 0 }, st = { NULL, 0, 0 }, sec = { NULL, 0, 0 };
    char *s = t->text;
    size_t o = 0, k = 0;

    if (find_spans(s, t->len, &sp, err) < 0 || find_stacks(s, t->len, &st, err) < 0 ||
        find_sections(s, t->len, &sec, err) < 0 || merge_ordered(&st, &sec, err) < 0 ||
        merge_spans(&sp, &st, err) < 0) {
        free(sp.v);
        free(st.v);
        free(sec.v);
        return -1;
    }
    free(st.v);
    free(sec.v);
    if (sp.n == 0)
        return 0;
    for (size_t i = 0; i < t->len; i++) {
        int inside = k < sp.n && i > sp.v[k].open && i < sp.v[k].close;
        if (k < sp.n && i == sp.v[k].close)
            k++;
        if (inside && (s[i] == '\n' || s[i] == '\r')) {
            /* newline and the indentation around it become one space */
            while (o > 0 && is_hspace(s[o - 1]))
                o--;
            if (s[i] == '\r')
                i++;
            while (i + 1 < t->len && is_hspace(s[i + 1]))
                i++;
            if (add_soft_break(t, o, err) < 0) {
                free(sp.v);
                return -1;
            }
            s[o++] = ' ';
            continue;
        }
        s[o++] = s[i];
    }
    t->len = o;
    s[o] = '\0';
    free(sp.v);
    return 0;
}

/* First soft break at or after text offset at. */
static size_t soft_lower_bound(const struct extract_transcript *t, size_t at)
{
    size_t lo = 0, hi = t->n_soft;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (t->soft_breaks[mid] < at)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

size_t extract_line_at(const struct extract_transcript *t, size_t li, size_t off)
{
    const struct xline *ln = &t->lines[li];
    if (t->n_soft == 0 || off > ln->len)
        return ln->no;
    return ln->no + soft_lower_bound(t, ln->off + off) - soft_lower_bound(t, ln->off);
}

int extract_joined(const struct extract_transcript *t, const struct xline *ln)
{
    return t->n_soft > 0 &&
           soft_lower_bound(t, ln->off + ln->len) > soft_lower_bound(t, ln->off);
}

/* ---- paths ----------------------------------------------------------------- */

/* A new path: the parent's atoms (the innermost PATH_ATOMS_MAX of them)
 * then the key's. */
static long add_path(struct extract_transcript *t, long parent, const struct xatom *key,
                     size_t n_key, struct gb_err *err)
{
    size_t n_parent = parent >= 0 ? t->paths[parent].n_atoms : 0, skip = 0, total;
    struct xpath *p;

    if (n_key > KEY_ATOMS_MAX)
        n_key = KEY_ATOMS_MAX;
    total = n_parent + n_key;
    if (total > PATH_ATOMS_MAX) {
        skip = total - PATH_ATOMS_MAX;
        total = PATH_ATOMS_MAX;
    }
    if (extract_grow((void **)&t->paths, &t->cap_paths, t->n_paths + 1, sizeof *t->paths, err) < 0 ||
        extract_grow((void **)&t->patoms, &t->cap_patoms, t->n_patoms + total, sizeof *t->patoms,
                     err) < 0)
        return -2;
    p = &t->paths[t->n_paths];
    p->atom0 = t->n_patoms;
    for (size_t i = skip; i < n_parent; i++)
        t->patoms[t->n_patoms++] = t->patoms[t->paths[parent].atom0 + i];
    for (size_t i = skip > n_parent ? skip - n_parent : 0; i < n_key; i++)
        t->patoms[t->n_patoms++] = key[i];
    p->n_atoms = t->n_patoms - p->atom0;
    p->n_key = n_key < p->n_atoms ? n_key : p->n_atoms;
    return (long)t->n_paths++;
}

/* The key a structure opened at s[at] is the value of: the atoms between the
 * previous ',', '{', '[' (or the line start) and a ':' or '=' right before
 * the bracket.  Returns how many, setting *first. */
static size_t key_atoms(const struct extract_transcript *t, const struct xline *ln, size_t at,
                        size_t *first)
{
    const char *s = t->text + ln->off;
    const struct xatom *a = t->atoms + ln->atom0;
    size_t colon = at, from;

    while (colon > 0 && is_hspace(s[colon - 1]))
        colon--;
    if (colon == 0 || (s[colon - 1] != ':' && s[colon - 1] != '='))
        return 0;
    colon--;
    from = colon;
    while (from > 0 && s[from - 1] != ',' && s[from - 1] != '{' && s[from - 1] != '[')
        from--;
    size_t i = 0, n = 0;
    while (i < ln->n_atoms && (size_t)(a[i].p - s) < from)
        i++;
    *first = ln->atom0 + i;
    while (i + n < ln->n_atoms && (size_t)(a[i + n].p - s) < colon)
        n++;
    return n;
}

struct nest {
    long stack[NEST_DEPTH_MAX];   /* the innermost named path at each open bracket */
    int depth, overflow;
};

static int scan_brackets(struct extract_transcript *t, struct xline *ln, struct nest *ns,
                         struct gb_err *err)
{
    const char *s = t->text + ln->off;
    char quote = 0;
    int named = 0;

    for (size_t i = 0; i < ln->len; i++) {
        char c = s[i];
        if (quote) {
            quote = c == quote ? 0 : quote;
            continue;
        }
        if (c == '"' || (c == '\'' && (i == 0 || !is_word_byte((unsigned char)s[i - 1])))) {
            quote = c;
            continue;
        }
        if (c == '{' || c == '[') {
            long parent = ns->depth > 0 ? ns->stack[ns->depth - 1] : -1, path = parent;
            size_t first = 0, n = key_atoms(t, ln, i, &first);
            if (ns->depth == NEST_DEPTH_MAX) {
                ns->overflow++;
                continue;
            }
            /* bounded: a line of "a: [] a: [] ..." names at most PATHS_PER_LINE
             * structures, and all paths together hold at most about two words
             * per word of output */
            if (n > 0 && named < PATHS_PER_LINE && t->n_patoms < 2 * t->n_atoms + PATH_ATOMS_MAX) {
                named++;
                if ((path = add_path(t, parent, t->atoms + first, n, err)) == -2)
                    return -1;
            }
            ns->stack[ns->depth++] = path;
        } else if (c == '}' || c == ']') {
            if (ns->overflow)
                ns->overflow--;
            else if (ns->depth > 0)
                ns->depth--;
        }
    }
    return 0;
}

/* A line ending in '{' or '[': it opens a structure printed below it. */
static int opens_structure(const struct extract_transcript *t, const struct xline *ln)
{
    const char *s = t->text + ln->off;
    size_t e = ln->len;
    while (e > 0 && is_hspace(s[e - 1]))
        e--;
    return e > 0 && (s[e - 1] == '{' || s[e - 1] == '[');
}

/* YAML-style nesting: "weights:" alone on a line heads the lines indented
 * deeper below it ("  rude:" then "    support: 0.0963"). */
struct indents {
    size_t col[NEST_DEPTH_MAX];
    long path[NEST_DEPTH_MAX];
    int depth;
};

static size_t indent_of(const struct extract_transcript *t, const struct xline *ln)
{
    const char *s = t->text + ln->off;
    size_t i = 0;
    while (i < ln->len && is_hspace(s[i]))
        i++;
    return i;
}

/* "weights:", "self_attention_query_equals_key:": words ending in ':'. */
static int key_line(const struct extract_transcript *t, const struct xline *ln)
{
    const char *s = t->text + ln->off;
    size_t e = ln->len;
    while (e > 0 && is_hspace(s[e - 1]))
        e--;
    if (ln->kind != XLINE_TITLE || e == 0 || s[e - 1] != ':' || ln->n_atoms == 0)
        return 0;
    for (size_t i = 0; i < ln->n_atoms; i++)
        if (t->atoms[ln->atom0 + i].num >= 0 &&
            !(t->nums[t->atoms[ln->atom0 + i].num].flags & (NUMPARSE_GLUED | NUMPARSE_GLUED_RIGHT)))
            return 0;
    return 1;
}

/* A list item with lines indented deeper right below it: Markdown's
 * nesting ("- length 5" over "  - RNN: train 1.000, test 1.000") and a YAML
 * list of mappings ("- model: RNN gain 0.5" over "  per_step_factor:
 * 0.490"), read as a human reads an outline — the item's first line names
 * what the lines under it measure, number and all ("length 5", "gain 0.5"),
 * as a YAML key heads its entries. */
static int parent_item(const struct extract_transcript *t, size_t li)
{
    const struct xline *ln = &t->lines[li], *next = li + 1 < t->n_lines ? ln + 1 : NULL;
    return extract_list_marker(t, ln, NULL) && next && next->block == ln->block &&
           indent_of(t, next) > indent_of(t, ln) && ln->n_atoms > 0;
}

static int indent_path(struct extract_transcript *t, size_t li, struct indents *in,
                       struct gb_err *err)
{
    struct xline *ln = &t->lines[li];
    size_t col = indent_of(t, ln);

    while (in->depth > 0 && in->col[in->depth - 1] >= col)
        in->depth--;
    if (ln->path < 0 && in->depth > 0)
        ln->path = in->path[in->depth - 1];
    if (!(key_line(t, ln) || parent_item(t, li)) || in->depth == NEST_DEPTH_MAX ||
        t->n_patoms >= 2 * t->n_atoms + PATH_ATOMS_MAX)
        return 0;
    long path = add_path(t, in->depth > 0 ? in->path[in->depth - 1] : -1, t->atoms + ln->atom0,
                         ln->n_atoms, err);
    if (path == -2)
        return -1;
    in->col[in->depth] = col;
    in->path[in->depth++] = path;
    return 0;
}

/* ---- XML elements ------------------------------------------------------------- */

/* XML printed as results ('<model kind="RNN" gain="0.5">' over
 * '<grad step="1">5.032e-17</grad>' and '</model>'): every line inside an
 * element has the element's opening line, its name and attributes, as its
 * path, the way a YAML key heads the entries under it.  Nesting follows the
 * tags, not the indentation; a line opens an element only when a line
 * closing that name ("</model>") comes later, so "<class 'torch.Tensor'>"
 * scopes nothing.  The document's element, opened on the first line and
 * closed on the last ('<results exercise="attention_by_hand">' around
 * everything), labels no result: it gets no path. */
struct elements {
    const char *name[NEST_DEPTH_MAX];
    size_t len[NEST_DEPTH_MAX];
    long path[NEST_DEPTH_MAX];
    int depth;
};

/* The last line closing each element name, hashed by name: one pass over
 * the output, so an opening line asks in constant time (a hostile output
 * of many opening lines costs no more than its size). */
struct closer {
    const char *name;       /* NULL: empty slot */
    size_t len, line;
};

struct closers {
    struct closer *v;
    size_t cap;             /* a power of two, at least twice the closing lines */
    size_t first, last;     /* the output's first and last lines with text */
};

/* 1 when the line opens an element and holds nothing else, -1 when it
 * only closes one ("</model>"), 0 otherwise; the tag's name in *name, *n. */
static int element_line(const struct extract_transcript *t, const struct xline *ln,
                        const char **name, size_t *n)
{
    const char *s = t->text + ln->off;
    size_t b = 0, e = ln->len, i;
    int closing;

    while (b < e && is_hspace(s[b]))
        b++;
    while (e > b && is_hspace(s[e - 1]))
        e--;
    if (e - b < 3 || s[b] != '<' || s[e - 1] != '>')
        return 0;
    closing = s[b + 1] == '/';
    i = b + 1 + (size_t)closing;
    /* "<!-- ... -->", "<?xml ...?>", "<0.5>" name no element */
    if (i >= e || !(*n = extract_markup_name(s + i, e - i)))
        return 0;
    *name = s + i;
    if (memchr(s + b + 1, '<', e - b - 1) || s[e - 2] == '/')
        return 0;   /* "<a>1</a>", "<a/>": opens and closes */
    return closing ? -1 : 1;
}

static struct closer *closer_slot(const struct closers *c, const char *name, size_t n)
{
    uint32_t h = 2166136261u;   /* FNV-1a */
    size_t k;

    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)name[i]) * 16777619u;
    for (k = h & (c->cap - 1); c->v[k].name; k = (k + 1) & (c->cap - 1))
        if (c->v[k].len == n && !memcmp(c->v[k].name, name, n))
            break;
    return &c->v[k];
}

static int find_closers(const struct extract_transcript *t, struct closers *c, struct gb_err *err)
{
    const char *name;
    size_t n, count = 0;

    memset(c, 0, sizeof *c);
    for (size_t li = 0; li < t->n_lines; li++)
        count += element_line(t, &t->lines[li], &name, &n) < 0;
    if (count == 0)
        return 0;
    for (c->cap = 4; c->cap < 2 * count; c->cap *= 2)
        ;
    if (!(c->v = calloc(c->cap, sizeof *c->v)))
        return gb_fail(err, "out of memory reading XML elements");
    for (size_t li = 0; li < t->n_lines; li++)
        if (element_line(t, &t->lines[li], &name, &n) < 0)
            *closer_slot(c, name, n) = (struct closer){ name, n, li };
    c->first = 0;
    while (c->first < t->n_lines && t->lines[c->first].len == 0)
        c->first++;
    for (c->last = t->n_lines; c->last > 0 && t->lines[c->last - 1].len == 0;)
        c->last--;
    return 0;
}

static int element_path(struct extract_transcript *t, size_t li, struct elements *el,
                        const struct closers *c, struct gb_err *err)
{
    struct xline *ln = &t->lines[li];
    const struct closer *cl;
    const char *name = NULL;
    size_t n = 0;
    int kind = element_line(t, ln, &name, &n);
    long path = -1;

    for (int d = kind < 0 ? el->depth : 0; d-- > 0;)
        if (el->len[d] == n && !memcmp(el->name[d], name, n)) {
            el->depth = d;   /* closes it and anything left open inside it */
            break;
        }
    if (ln->path < 0 && el->depth > 0)
        ln->path = el->path[el->depth - 1];
    if (kind <= 0 || !c->v || el->depth == NEST_DEPTH_MAX ||
        t->n_patoms >= 2 * t->n_atoms + PATH_ATOMS_MAX ||
        !(cl = closer_slot(c, name, n))->name || cl->line <= li)
        return 0;
    if (!(li == c->first && cl->line + 1 == c->last) &&
        (path = add_path(t, el->depth > 0 ? el->path[el->depth - 1] : -1, t->atoms + ln->atom0,
                         ln->n_atoms, err)) == -2)
        return -1;
    el->name[el->depth] = name;
    el->len[el->depth] = n;
    el->path[el->depth++] = path;
    return 0;
}

/* ---- unfolding -------------------------------------------------------------- */

#define UNFOLD_MIN_BYTES 100    /* a short dict reads well on one line */

/* Does the line [b, e) print a dict holding a dict, outside strings? */
static int nested_dict_line(const char *s, size_t b, size_t e)
{
    int depth = 0;
    char quote = 0;

    while (b < e && is_hspace(s[b]))
        b++;
    if (b >= e || s[b] != '{' || e - b < UNFOLD_MIN_BYTES)
        return 0;
    for (size_t i = b; i < e; i++) {
        if (quote) {
            if (s[i] == '\\')
                i++;
            else if (s[i] == quote)
                quote = 0;
        } else if (s[i] == '\'' || s[i] == '"') {
            quote = s[i];
        } else if (s[i] == '{') {
            if (depth++ > 0)
                return 1;
        } else if (s[i] == '}' && depth > 0) {
            depth--;
        }
    }
    return 0;
}

/* Ends a line after each ", " between a dict's entries: the space becomes
 * a '\r', which split_lines takes as a new stored line of the same output
 * line (a redraw), so citations keep the line the student saw. */
static void unfold_line(char *s, size_t b, size_t e)
{
    char stack[NEST_DEPTH_MAX], quote = 0;
    int depth = 0;

    for (size_t i = b; i < e; i++) {
        char c = s[i];
        if (quote) {
            if (c == '\\')
                i++;
            else if (c == quote)
                quote = 0;
        } else if (c == '\'' || c == '"') {
            quote = c;
        } else if (c == '{' || c == '[' || c == '(') {
            if (depth == NEST_DEPTH_MAX)
                return;
            stack[depth++] = c;
        } else if ((c == '}' || c == ']' || c == ')') && depth > 0) {
            depth--;
        } else if (c == ',' && depth > 0 && stack[depth - 1] == '{' && i + 1 < e &&
                   s[i + 1] == ' ') {
            s[i + 1] = '\r';
        }
    }
}

void extract_nest_unfold(struct extract_transcript *t)
{
    size_t soft = 0;

    for (size_t b = 0; b < t->len;) {
        const char *nl = memchr(t->text + b, '\n', t->len - b);
        size_t e = nl ? (size_t)(nl - t->text) : t->len;
        int joined = 0;
        while (soft < t->n_soft && t->soft_breaks[soft] < e)
            joined |= t->soft_breaks[soft++] >= b;
        /* a structure joined from several lines was laid out by its printer */
        if (!joined && nested_dict_line(t->text, b, e))
            unfold_line(t->text, b, e);
        b = e + 1;
    }
}

int extract_nest_paths(struct extract_transcript *t, struct gb_err *err)
{
    struct nest ns = { .depth = 0, .overflow = 0 };
    struct indents in = { .depth = 0 };
    struct elements el = { .depth = 0 };
    struct closers closers;
    long block = -1;
    int rc = 0;

    if (find_closers(t, &closers, err) < 0)
        return -1;
    for (size_t li = 0; li < t->n_lines && rc == 0; li++) {
        struct xline *ln = &t->lines[li];
        if (ln->block != block) {
            /* printed structures have no blank lines: an unclosed bracket
             * in one paragraph never scopes the next */
            ns.depth = ns.overflow = 0;
            in.depth = 0;
            block = ln->block;
        }
        ln->path = ns.depth > 0 ? ns.stack[ns.depth - 1] : -1;
        /* elements span blank lines: their stack is the whole output's */
        if (ns.depth == 0 && (indent_path(t, li, &in, err) < 0 ||
                              element_path(t, li, &el, &closers, err) < 0)) {
            rc = -1;
            break;
        }
        if (ln->title >= 0 && opens_structure(t, &t->lines[ln->title]))
            ln->title = -1;   /* '"fresh": {' reaches its entries as their path, and no further */
        rc = scan_brackets(t, ln, &ns, err) < 0 ? -1 : 0;
    }
    free(closers.v);
    return rc;
}

/* ---- axes ------------------------------------------------------------------ */

size_t extract_first_list(const struct extract_transcript *t, const struct xline *ln,
                          size_t *first)
{
    const struct xatom *a = t->atoms + ln->atom0;
    size_t i = 0, n = 0;

    while (i < ln->n_atoms && !(a[i].num >= 0 && t->nums[a[i].num].list >= 0))
        i++;
    if (i == ln->n_atoms)
        return 0;
    *first = i;
    int list = t->nums[a[i].num].list;
    while (i + n < ln->n_atoms && a[i + n].num >= 0 && t->nums[a[i + n].num].list == list)
        n++;
    return n;
}

/* "steps: [50 40 30 20 10  1]": words, a ':' or '=', then a list of at
 * least two distinct numbers and nothing after it.  Its width, or 0. */
static size_t axis_width(const struct extract_transcript *t, const struct xline *ln)
{
    const char *s = t->text + ln->off;
    size_t first, n = extract_first_list(t, ln, &first);

    if (n < 2 || n > AXIS_WIDTH_MAX || first == 0 || first + n != ln->n_atoms ||
        ln->kind == XLINE_HEADING)
        return 0;
    for (size_t i = 0; i < first; i++)
        if (t->atoms[ln->atom0 + i].num >= 0)
            return 0;
    const struct xatom *w = &t->atoms[ln->atom0 + first - 1];
    size_t k = (size_t)(w->p - s) + w->len;
    while (k < ln->len && (is_hspace(s[k]) || s[k] == '"' || s[k] == '\''))
        k++;
    if (k >= ln->len || (s[k] != ':' && s[k] != '='))
        return 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (t->nums[t->atoms[ln->atom0 + first + i].num].value ==
                t->nums[t->atoms[ln->atom0 + first + j].num].value)
                return 0;   /* repeated values name no columns */
    return n;
}

/* A line naming its list ("RNN gain 0.5: [7.577e-02 ...] per step x0.490"):
 * words before the list's first number. */
static int labelled_list(const struct extract_transcript *t, const struct xline *ln,
                         size_t width)
{
    size_t first;
    if (extract_first_list(t, ln, &first) != width || first == 0)
        return 0;
    for (size_t i = 0; i < first; i++)
        if (t->atoms[ln->atom0 + i].num < 0)
            return 1;
    return 0;
}

/* An axis printed once over the lists below it, as numpy users print a
 * grid: "steps: [50 40 30 20 10 1]" then "RNN gain 0.5: [...]" per row.
 * Every labelled list of the same width below it in its block takes its
 * elements' names from it, until the next axis line. */
void extract_nest_axes(struct extract_transcript *t)
{
    long axis = -1, block = -1;
    size_t width = 0;

    for (size_t li = 0; li < t->n_lines; li++) {
        struct xline *ln = &t->lines[li];
        size_t w;
        if (ln->block != block) {
            axis = -1;
            block = ln->block;
        }
        if ((w = axis_width(t, ln)) > 0) {
            axis = (long)li;
            width = w;
            continue;
        }
        if (axis >= 0 && labelled_list(t, ln, width))
            ln->axis = axis;
    }
}
