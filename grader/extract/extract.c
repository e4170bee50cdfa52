/* extract.c — the parsed transcript: lines, atoms, headings and titles.
 *
 * extract_parse() reads the output once: it splits lines (LF, CRLF, and a
 * lone CR as a progress-bar redraw), scans each line's numbers, cuts the
 * line into word and number atoms, classifies headings, titles and rules,
 * numbers the blank-line blocks, then lets extract_table_detect.c find the tables.
 * Blank lines are counted but not stored, so a flood of newlines costs no
 * memory; limits bound everything else.
 */
#define _GNU_SOURCE   /* memmem */
#include "extract/extract_int.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "extract/pyoutput.h"


void extract_limits_default(struct extract_limits *limits)
{
    limits->max_bytes = 16u << 20;
    limits->max_lines = 1000000;
    limits->max_line_numbers = 4096;
}

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static int is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r'; }

struct emit_ctx {
    struct extract_transcript *t;
    int failed;
    struct gb_err *err;
};

static void emit_atom(void *vctx, const struct xatom *a)
{
    struct emit_ctx *ctx = vctx;
    struct extract_transcript *t = ctx->t;
    if (ctx->failed)
        return;
    if (extract_grow((void **)&t->atoms, &t->cap_atoms, t->n_atoms + 1, sizeof *t->atoms,
                     ctx->err) < 0) {
        ctx->failed = 1;
        return;
    }
    t->atoms[t->n_atoms++] = *a;
}

/* CSV when fields are joined by bare commas: "5,RNN,0.9,1.000".  Python's
 * own lists and dicts always put a space after the comma. */
static int looks_like_csv(const char *s, size_t len)
{
    size_t bare = 0;
    for (size_t i = 0; i + 1 < len; i++) {
        if (s[i] != ',')
            continue;
        if (s[i + 1] == ' ')
            return 0;
        bare++;
    }
    return bare >= 2;
}

/* Cells split by ';' or tabs with every comma between two digits
 * ("rude;0,096;0,711", a European spreadsheet's CSV): decimal commas. */
static int decimal_comma_cells(const char *s, size_t len)
{
    size_t semis = 0, tabs = 0, commas = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == ';')
            semis++;
        else if (s[i] == '\t')
            tabs++;
        else if (s[i] == ',') {
            if (i == 0 || i + 1 >= len || !is_digit((unsigned char)s[i - 1]) ||
                !is_digit((unsigned char)s[i + 1]))
                return 0;
            commas++;
        }
    }
    return commas > 0 && (semis >= 2 || tabs >= 1);
}

/* Does the line join labels with '/' ("very/not", "train/test acc")? Then
 * its slashes between numbers separate list items ("297/303"), not a count
 * from its total. */
static int joins_labels_by_slash(const char *s, size_t len)
{
    for (size_t i = 1; i + 1 < len; i++)
        if (s[i] == '/' && ((s[i - 1] | 0x20) >= 'a' && (s[i - 1] | 0x20) <= 'z') &&
            ((s[i + 1] | 0x20) >= 'a' && (s[i + 1] | 0x20) <= 'z'))
            return 1;
    return 0;
}

/* Numbers written with a decimal comma, apart by spaces: "0,740   1,000
 * 0,485", "norme : 20,5769".  Every comma sits inside a number token of
 * one comma, no number has a decimal point, and one token at least cannot
 * be a thousands group ("0,485", "20,5769"; "1,217" can) — unless the
 * output writes decimal commas elsewhere (ambiguous_ok): then "1,000
 * 1,000" are ones too.  1 when the line reads so. */
int extract_decimal_comma_line(const char *s, size_t len, int ambiguous_ok)
{
    size_t commas = 0, clear = 0;

    for (size_t i = 0; i < len;) {
        if (!is_digit((unsigned char)s[i]) && s[i] != ',' && s[i] != '.') {
            i++;
            continue;
        }
        size_t b = i, comma = 0, n_commas = 0;
        while (i < len && (is_digit((unsigned char)s[i]) || s[i] == ',' || s[i] == '.')) {
            if (s[i] == '.' && i > b && i + 1 < len && is_digit((unsigned char)s[i + 1]))
                return 0;   /* "0.574": a decimal point, so commas separate */
            if (s[i] == ',')
                comma = i, n_commas++;
            i++;
        }
        if (n_commas == 0)
            continue;
        if (n_commas > 1 || comma == b || comma + 1 >= i || !is_digit((unsigned char)s[comma + 1]))
            return 0;   /* "5,20,50" (CSV), "a, b", "3," */
        commas++;
        size_t after = 0;
        while (comma + 1 + after < i && is_digit((unsigned char)s[comma + 1 + after]))
            after++;
        clear += (comma - b == 1 && s[b] == '0') || after != 3 || comma - b > 3;
    }
    return commas > 0 && (clear > 0 || ambiguous_ok);
}

/* Does the output write decimal commas on two lines or more? */
static int writes_decimal_commas(const char *text, size_t len)
{
    size_t lines = 0;
    for (size_t b = 0; b < len && lines < 2;) {
        const char *nl = memchr(text + b, '\n', len - b);
        size_t e = nl ? (size_t)(nl - text) : len;
        lines += extract_decimal_comma_line(text + b, e - b, 0);
        b = e + 1;
    }
    return lines >= 2;
}

static int scan_line_numbers(struct extract_transcript *t, const char *s, size_t len,
                             struct xline *ln, struct gb_err *err)
{
    ln->decimal_comma = extract_decimal_comma_line(s, len, t->decimal_commas);
    unsigned opts = decimal_comma_cells(s, len) || ln->decimal_comma ? NUMPARSE_OPT_DECIMAL_COMMA
                    : looks_like_csv(s, len) ? NUMPARSE_OPT_NO_COMMA_GROUPS : 0;
    size_t room = t->cap_nums - t->n_nums, count;

    if (joins_labels_by_slash(s, len))
        opts |= NUMPARSE_OPT_SLASH_LISTS;
    count = numparse_scan(s, len, opts, t->nums + t->n_nums, room);

    if (count > t->limits.max_line_numbers) {
        count = t->limits.max_line_numbers;
        if (!t->notes)
            t->notes = "a very long line was only partly read (too many numbers on it)";
    }
    if (count > room) {
        if (extract_grow((void **)&t->nums, &t->cap_nums, t->n_nums + count,
                         sizeof *t->nums, err) < 0)
            return -1;
        numparse_scan(s, len, opts, t->nums + t->n_nums, count);
    }
    ln->num0 = t->n_nums;
    ln->n_nums = count;
    t->n_nums += count;
    return 0;
}

static int add_line(struct extract_transcript *t, size_t off, size_t len, size_t no,
                    long block, struct gb_err *err)
{
    struct xline *ln;
    struct emit_ctx ctx = { t, 0, err };

    if (extract_grow((void **)&t->lines, &t->cap_lines, t->n_lines + 1, sizeof *t->lines,
                     err) < 0)
        return -1;
    ln = &t->lines[t->n_lines];
    memset(ln, 0, sizeof *ln);
    ln->no = no;
    ln->off = off;
    ln->len = len;
    ln->heading = ln->title = ln->table = ln->path = ln->name0 = ln->axis = ln->inherit = -1;
    ln->outer = -1;
    ln->block = block;
    if (scan_line_numbers(t, t->text + off, len, ln, err) < 0)
        return -1;
    ln->atom0 = t->n_atoms;
    extract_tokenize(t->text + off, len, t->nums + ln->num0, ln->n_nums, ln->num0,
                     emit_atom, &ctx);
    if (ctx.failed)
        return -1;
    ln->n_atoms = t->n_atoms - ln->atom0;
    t->n_lines++;
    return 0;
}

static int is_blank(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!is_space((unsigned char)s[i]) && s[i] != '\0')
            return 0;
    return 1;
}

/* ---- side-by-side panes -------------------------------------------------
 *
 * A run of lines that all hold the same number of " || " (extract_panes.c
 * has given each right pane's bare rows their left keys) is stored pane by
 * pane, each pane its own block, every piece under its own line number: a
 * reader reads each pane down as its own table. */

#define PANE_RUN_MAX 512

/* The physical lines from start that hold the same number of separators as
 * the first (one or more), with no redraw or joined structure among them:
 * their starts into line, how many; 0 when start opens no such run. */
static size_t pane_run(const struct extract_transcript *t, size_t start, size_t soft,
                       size_t *line, size_t *bars)
{
    size_t n = 0, at[EXTRACT_PANES_MAX];

    while (start < t->len && n < PANE_RUN_MAX) {
        const char *s = t->text + start;
        const char *nl = memchr(s, '\n', t->len - start);
        size_t end = nl ? (size_t)(nl - t->text) : t->len, len = end - start, b;
        if (memchr(s, '\r', len) && !(len && s[len - 1] == '\r' && !memchr(s, '\r', len - 1)))
            break;                       /* a redraw: its segments are read as they are */
        if (is_blank(s, len) || !(b = extract_pane_bars(s, len, at)) || (n && b != *bars))
            break;
        if (soft < t->n_soft && t->soft_breaks[soft] < end)
            break;
        *bars = b;
        line[n++] = start;
        start = end + 1;
    }
    return n;
}

/* Stores the run's panes: pane k of each line, pane after pane, each its own
 * block; returns the next block number, or -1. */
static long add_panes(struct extract_transcript *t, const size_t *line, size_t n, size_t bars,
                      size_t no, long block, struct gb_err *err)
{
    for (size_t k = 0; k <= bars; k++) {
        block++;
        for (size_t j = 0; j < n; j++) {
            const char *s = t->text + line[j];
            const char *nl = memchr(s, '\n', t->len - line[j]);
            size_t len = nl ? (size_t)(nl - s) : t->len - line[j], at[EXTRACT_PANES_MAX];
            size_t from, to;

            if (len && s[len - 1] == '\r')
                len--;
            extract_pane_bars(s, len, at);
            from = k ? at[k - 1] + 2 : 0;
            to = k < bars ? at[k] : len;
            if (is_blank(s + from, to - from))
                continue;
            if (add_line(t, line[j] + from, to - from, no + j, block, err) < 0)
                return -1;
            t->lines[t->n_lines - 1].pane = (int)k + 1;
        }
    }
    t->panes = 1;
    return block;
}

/* Splits the text into stored lines.  A lone '\r' ends a segment (a redraw);
 * each segment is stored as its own line under the same line number. */
static int split_lines(struct extract_transcript *t, struct gb_err *err)
{
    size_t i = 0, start = 0, no = 1, soft = 0, run[PANE_RUN_MAX], bars = 0, n_run;
    long block = 0;
    int prev_blank = 1, panes = t->len && memmem(t->text, t->len, "||", 2) != NULL;

    while (start <= t->len) {
        if (panes && start < t->len && (n_run = pane_run(t, start, soft, run, &bars)) > 0) {
            if ((block = add_panes(t, run, n_run, bars, no, block, err)) < 0)
                return -1;
            const char *nl = memchr(t->text + run[n_run - 1], '\n', t->len - run[n_run - 1]);
            no += n_run;
            prev_blank = 1;              /* what follows the panes is read on its own */
            if (!nl)
                break;
            start = (size_t)(nl - t->text) + 1;
            continue;
        }
        size_t end = start;
        while (end < t->len && t->text[end] != '\n' && t->text[end] != '\r')
            end++;
        int crlf = end + 1 < t->len && t->text[end] == '\r' && t->text[end + 1] == '\n';
        int blank = is_blank(t->text + start, end - start);
        /* a line pyoutput took out: counted, otherwise not there */
        int dropped = end - start == 1 && t->text[start] == PYOUTPUT_DROPPED;
        if (!blank && !dropped) {
            if (prev_blank)
                block++;
            if (t->n_lines >= t->limits.max_lines) {
                t->notes = "only the first lines of the output were read (line limit)";
                break;
            }
            if (add_line(t, start, end - start, no, block, err) < 0)
                return -1;
        }
        /* a structure joined onto this line keeps the numbering of the lines after it */
        while (soft < t->n_soft && t->soft_breaks[soft] < end) {
            soft++;
            no++;
        }
        /* A redraw ("\r" without "\n") does not separate blocks. */
        if (end >= t->len)
            break;
        if (t->text[end] == '\n' || crlf) {
            no++;
            prev_blank = dropped ? prev_blank : blank;
            start = end + (crlf ? 2 : 1);
        } else {
            prev_blank = blank ? prev_blank : 0;
            start = end + 1;
        }
        i++;
    }
    t->n_output_lines = no;
    if (t->len > 0 && t->text[t->len - 1] == '\n')
        t->n_output_lines = no - 1;
    if (t->len == 0)
        t->n_output_lines = 0;
    (void)i;
    return 0;
}

static size_t trim_left(const char *s, size_t len)
{
    size_t i = 0;
    while (i < len && is_space((unsigned char)s[i]))
        i++;
    return i;
}

static size_t trim_right(const char *s, size_t len)
{
    while (len > 0 && is_space((unsigned char)s[len - 1]))
        len--;
    return len;
}

static int is_rule_char(unsigned char c)
{
    return c == '-' || c == '=' || c == '_' || c == '*' || c == '~' || c == '|' ||
           c == '+' || c == ':' || c == ' ' || c == '\t' || c == '#';
}

/* A number standing alone, not part of a name like "64-unit" or "b_f=3". */
static int has_value_number(const struct extract_transcript *t, const struct xline *ln)
{
    for (size_t k = 0; k < ln->n_nums; k++)
        if (!(t->nums[ln->num0 + k].flags & (NUMPARSE_GLUED | NUMPARSE_GLUED_RIGHT)))
            return 1;
    return 0;
}

/* Whether atom a is a part's number: digits, or a number word ("Part four"). */
static int part_number_atom(const struct extract_transcript *t, const struct xatom *a)
{
    static const char *const words[] = { "one", "two", "three", "four", "five", "six", "seven",
                                         "eight", "nine", "ten", "eleven", "twelve", NULL };
    if (a->num >= 0)
        return (t->nums[a->num].flags & NUMPARSE_INTEGER) != 0;
    for (const char *const *w = words; *w; w++)
        if (extract_atom_is(a, *w))
            return 1;
    return 0;
}

/* Word atoms of a[from..n). */
static size_t words_after(const struct xatom *a, size_t n, size_t from)
{
    size_t w = 0;
    for (size_t i = from; i < n; i++)
        w += a[i].num < 0;
    return w;
}

/* "Part", "Parts", "Step": a structure word, singular or plural. */
static int structure_word_or_plural(const struct xatom *a)
{
    struct xatom sing = *a;
    if (extract_structure_word(a))
        return 1;
    if (a->num >= 0 || a->len < 2 || (a->p[a->len - 1] | 0x20) != 's')
        return 0;
    sing.len--;
    return extract_structure_word(&sing);
}

/* "Part 2: training", "Step 3 - gradients", "Exercise 4", "Q1) ...": a
 * short line opening with a structure word and its number, with no other
 * number on it.  Or one whose part numbers ("Part four", "Parts one and
 * three") end in a colon or a dash ("--", "-", en or em dash) followed by
 * three or more words: the separator closes the heading's name, so numbers
 * after it are its description ("Part four: clip_grad_norm_(max_norm=1.0)
 * on the gain 1.5 run" is the part after "Part two: gain 1.0 ...", whose
 * scope it ends). */
/* A title drawn in a box, one cell from border to border ("│ 🔁 Parts 2+3 —
 * 40 epochs, Adam 0.01 │", its strokes read as '|'): a heading, whatever
 * numbers it mentions, and never a table's header or row. */
static int boxed_title(const struct extract_transcript *t, const struct xline *ln, const char *s,
                       size_t n)
{
    size_t words = 0;

    if (n < 4 || s[0] != '|' || s[n - 1] != '|' || memchr(s + 1, '|', n - 2) || ln->n_atoms < 3)
        return 0;
    if (t->atoms[ln->atom0].num >= 0)
        return 0;   /* "| 0.5 |": a one-column table's row */
    for (size_t i = 0; i < ln->n_atoms; i++)
        words += t->atoms[ln->atom0 + i].num < 0;
    return words >= 3;
}

static int is_part_heading(const struct extract_transcript *t, const struct xline *ln)
{
    const struct xatom *a = t->atoms + ln->atom0;

    const char *s = t->text + ln->off;
    size_t b = trim_left(s, ln->len), e = trim_right(s, ln->len), k = 1;

    if (ln->n_atoms < 2 || a[0].num >= 0)
        return 0;
    if (e > b + 2 && s[b] == '|' && s[e - 1] == '|' && !memchr(s + b + 1, '|', e - b - 2)) {
        /* a title drawn in a box, "│ 🔍 Part 4 — through PyTorch      │": its one cell */
        b++;
        e--;
        while (b < e && s[b] == ' ')
            b++;
        while (e > b && s[e - 1] == ' ')
            e--;
    }
    for (size_t i = b; i + 1 < e; i++)
        if ((s[i] == ' ' && s[i + 1] == ' ') || s[i] == '\t')
            return 0;   /* "step 1  per step": column names over a table's cells */
    if (ln->n_atoms <= 10 && ln->n_nums == 1 && a[1].num >= 0)
        return extract_structure_word(&a[0]);
    /* "step" is this course's time step too: "step 50: 1.0" is a reading */
    if (ln->n_atoms > 24 || !structure_word_or_plural(&a[0]) || extract_atom_is(&a[0], "step") ||
        extract_atom_is(&a[0], "steps"))
        return 0;
    /* the part numbers, joined by "and" or commas, then the colon */
    while (k < ln->n_atoms && k <= 5 && part_number_atom(t, &a[k])) {
        const char *after = a[k].p + a[k].len, *end = s + e;
        while (after < end && *after == ' ')
            after++;
        if (after < end && (*after == ':' || (*after == '-' && after + 1 < end &&
                                             (after[1] == '-' || after[1] == ' ')) ||
                            (end - after >= 3 && (unsigned char)after[0] == 0xE2 &&
                             (unsigned char)after[1] == 0x80 &&
                             ((unsigned char)after[2] == 0x93 || (unsigned char)after[2] == 0x94))))
            return words_after(a, ln->n_atoms, k + 1) >= 3;   /* a description, not "label: value" */
        if (after < end && *after == ',')
            k++;
        else if (k + 1 < ln->n_atoms && extract_atom_is(&a[k + 1], "and"))
            k += 2;
        else
            return 0;
    }
    return 0;
}

/* LaTeX table scaffolding: "\\toprule", "\\midrule", "\\hline",
 * "\\begin{tabular}{lrr}", "\\end{tabular}" — a rule line, not text. */
static int latex_rule(const char *s, size_t len)
{
    static const char *const cmds[] = { "\\toprule", "\\midrule", "\\bottomrule", "\\hline",
                                        "\\cline", "\\begin{tabular}", "\\end{tabular}",
                                        "\\begin{table}", "\\end{table}", NULL };
    for (const char *const *c = cmds; *c; c++)
        if (len >= strlen(*c) && memcmp(s, *c, strlen(*c)) == 0)
            return 1;
    return 0;
}

/* Whether a '#' line holds a table bar or an arrow ("# format: q=token ->
 * w(...) | row sum"): a title may say "query = key", never lay out cells. */
static int describes_data(const char *s, size_t n)
{
    for (size_t i = 1; i < n; i++)
        if (s[i] == '|' || (s[i] == '>' && s[i - 1] == '-'))
            return 1;
    return 0;
}

static enum xline_kind classify(const struct extract_transcript *t, const struct xline *ln)
{
    const char *s = t->text + ln->off;
    size_t b = trim_left(s, ln->len), e = trim_right(s, ln->len), marks = 0;

    if (ln->n_atoms == 0) {
        for (size_t i = b; i < e; i++) {
            size_t n = (unsigned char)s[i] >= 0xF0 ? 4 : (unsigned char)s[i] >= 0xE0 ? 3
                     : (unsigned char)s[i] >= 0xC0 ? 2 : 1;
            if (n > 1 && i + n <= e && extract_decoration(s + i, n)) {
                marks++;   /* "·········" or "┈┈┈" drawn between a table's rows */
                i += n - 1;
                continue;
            }
            if (!is_rule_char((unsigned char)s[i]))
                return XLINE_TEXT;
            marks += s[i] != ' ' && s[i] != '\t';
        }
        return marks >= 3 ? XLINE_RULE : XLINE_TEXT;
    }
    if (latex_rule(s + b, e - b))
        return XLINE_RULE;
    /* Markdown "# Title" and banners "--- B. title ---", "== title ==".  A
     * '#' line that lays out cells or maps ("# format: q=token ->
     * w(support/was/not/rude) = weights | row sum") is a comment on the
     * lines below, the way a script's comment is: no title. */
    if (s[b] == '#' && b + 1 < e && (s[b + 1] == ' ' || s[b + 1] == '#'))
        return describes_data(s + b, e - b) ? XLINE_TEXT : XLINE_HEADING;
    if (b + 1 < e && s[b] == s[b + 1] && strchr("=-*~#_", s[b]) && s[b] != '\0')
        return XLINE_HEADING;
    if (b + 2 < e && s[b] == '[' && s[e - 1] == ']' &&
        (ln->n_nums == 0 || extract_section_header(s + b, e - b)))
        return XLINE_HEADING;
    if (e > b && s[e - 1] == ':')
        return XLINE_TITLE;
    /* '"logistic": {' opens a nested dict printed over several lines */
    if (e > b + 1 && (s[e - 1] == '{' || s[e - 1] == '[') && !has_value_number(t, ln))
        return XLINE_TITLE;
    if (is_part_heading(t, ln) || boxed_title(t, ln, s + b, e - b))
        return XLINE_HEADING;
    return XLINE_TEXT;
}

#define HEADING_LEVELS 24      /* more than any output nests */
#define UNDERLINE_LEVEL0 8      /* underlined levels come after Markdown's six */
#define BANNER_LEVEL0 16        /* then banners, "=== Part 3 ===" over "--- B. ... ---" */

/* The level of a mark, in the order the output first uses its kind
 * (marks[0 .. *n) so far, at most max): base + its place. */
static int mark_level(char c, char *marks, int *n, int max, int base)
{
    for (int m = 0; m < *n; m++)
        if (marks[m] == c)
            return base + m;
    if (*n >= max || !c)
        return 0;
    marks[(*n)++] = c;
    return base + *n - 1;
}

/* A heading's level, where its mark says one: Markdown's '#'s (1 for "#",
 * 2 for "##", ...), an underline's character, or a banner's fence ("===
 * Part 3 ===", "--- B. ... ---"), levels given in the order the output
 * first uses them (reStructuredText: "Part two" over '=' then a title over
 * '-').  0 for a heading that says no level ("Part 2:"). */
static int heading_level(const struct extract_transcript *t, size_t i, char *marks, int *n_marks,
                         char *fences, int *n_fences)
{
    const struct xline *ln = &t->lines[i];
    const char *s = t->text + ln->off;
    size_t b = trim_left(s, ln->len), k = b;

    if (b < ln->len && s[b] == '#') {
        while (k < ln->len && s[k] == '#')
            k++;
        return k < ln->len && s[k] == ' ' ? (int)(k - b) : 0;
    }
    if (b + 3 < ln->len && strchr("=-*~+", s[b]) && s[b + 1] == s[b] && s[b + 2] == s[b]) {
        while (k < ln->len && s[k] == s[b])
            k++;
        if (k < ln->len && s[k] == ' ')
            return mark_level(s[b], fences, n_fences, HEADING_LEVELS - BANNER_LEVEL0,
                              BANNER_LEVEL0);
    }
    if (i + 1 < t->n_lines && t->lines[i + 1].kind == XLINE_RULE &&
        t->lines[i + 1].no == ln->no + 1) {
        const struct xline *u = &t->lines[i + 1];
        const char *us = t->text + u->off;
        char c = us[trim_left(us, u->len)];
        return mark_level(c, marks, n_marks, BANNER_LEVEL0 - UNDERLINE_LEVEL0, UNDERLINE_LEVEL0);
    }
    return 0;
}

/* Each heading's outer heading: the nearest heading before it of a lower
 * level, while no heading of that level or lower came between. */
static void assign_outer(struct extract_transcript *t)
{
    long last[HEADING_LEVELS];
    char marks[BANNER_LEVEL0 - UNDERLINE_LEVEL0], fences[HEADING_LEVELS - BANNER_LEVEL0];
    int n_marks = 0, n_fences = 0;

    for (int l = 0; l < HEADING_LEVELS; l++)
        last[l] = -1;
    for (size_t i = 0; i < t->n_lines; i++) {
        int level;
        if (t->lines[i].kind != XLINE_HEADING)
            continue;
        level = heading_level(t, i, marks, &n_marks, fences, &n_fences);
        if (level <= 0 || level >= HEADING_LEVELS)
            continue;
        for (int l = level - 1; l > 0 && t->lines[i].outer < 0; l--)
            t->lines[i].outer = last[l];
        last[level] = (long)i;
        for (int l = level + 1; l < HEADING_LEVELS; l++)
            last[l] = -1;
    }
}

static void assign_scopes(struct extract_transcript *t)
{
    long heading = -1, title = -1;

    for (size_t i = 0; i < t->n_lines; i++) {
        struct xline *ln = &t->lines[i];
        ln->heading = heading;
        ln->title = title;
        if (ln->kind == XLINE_HEADING) {
            heading = (long)i;
            title = -1;
        } else if (ln->kind == XLINE_TITLE) {
            title = (long)i;
        }
    }
}

/* A line of words above a table's caption names the section:
 *
 *     >>> self-attention, Q = K = V = E        <- heading
 *     weights:                                 <- the table's title
 *               support   was   not   rude
 *
 * and so does a short line of words alone in its paragraph right before a
 * caption or a table ("self-attention", blank line, "weights:").  Without
 * this only the caption would scope the table, and the section is lost. */
static int caption_heading(const struct extract_transcript *t, size_t i)
{
    const struct xline *ln = &t->lines[i], *next;
    const char *s = t->text + ln->off;
    size_t e = trim_right(s, ln->len);

    if (ln->kind != XLINE_TEXT || ln->role != XROW_NONE || i + 1 >= t->n_lines ||
        has_value_number(t, ln) || ln->n_atoms == 0)
        return 0;
    next = &t->lines[i + 1];
    if (next->block == ln->block)
        return next->kind == XLINE_TITLE && next->role == XROW_NONE;
    if (i > 0 && t->lines[i - 1].block == ln->block)
        return 0;   /* not alone in its paragraph */
    return ln->n_atoms <= 8 && e > 0 && s[e - 1] != '.' &&
           (next->kind == XLINE_TITLE || next->role == XROW_HEADER);
}

static void mark_caption_headings(struct extract_transcript *t)
{
    for (size_t i = 0; i < t->n_lines; i++)
        if (caption_heading(t, i))
            t->lines[i].kind = XLINE_HEADING;
}

/* "Part 1" over "======": the underlined line is a heading unless the
 * underline sits between a table header and its rows. */
static void mark_underlined(struct extract_transcript *t)
{
    for (size_t i = 0; i + 1 < t->n_lines; i++) {
        struct xline *ln = &t->lines[i], *next = &t->lines[i + 1];
        const char *ns = t->text + next->off;
        if (ln->kind == XLINE_TEXT && ln->role == XROW_NONE && next->kind == XLINE_RULE &&
            next->no == ln->no + 1 && next->block == ln->block &&
            !latex_rule(ns + trim_left(ns, next->len), next->len - trim_left(ns, next->len)))
            ln->kind = XLINE_HEADING;
    }
}

/* Box-drawing characters (U+2500..U+257F, E2 94 80 .. E2 95 BF) drawn by
 * rich and tabulate's fancy grids: vertical strokes become '|', the rest
 * '-', so a boxed table reads as a pipe table with rule lines. */
static int box_drawing(const char *s, size_t len, size_t i, char *ascii)
{
    unsigned char b1, b2;
    unsigned cp;
    if (i + 2 >= len || (unsigned char)s[i] != 0xE2)
        return 0;
    b1 = (unsigned char)s[i + 1];
    b2 = (unsigned char)s[i + 2];
    if ((b1 != 0x94 && b1 != 0x95) || (b2 & 0xC0) != 0x80)
        return 0;
    cp = 0x2000u | ((b1 & 0x3Fu) << 6) | (b2 & 0x3Fu);
    /* │ ┃ ┆ ┇ ┊ ┋ ║ ╎ ╏ */
    *ascii = (cp == 0x2502 || cp == 0x2503 || (cp >= 0x2506 && cp <= 0x250B && cp % 2 == 0) ||
              cp == 0x2507 || cp == 0x2551 || cp == 0x254E || cp == 0x254F) ? '|' : '-';
    return 1;
}

/* Whether the line starting at s[i] has a box-drawn vertical stroke: then
 * its cells are divided by those, and an ASCII '|' is part of a cell. */
static int boxed_row(const char *s, size_t len, size_t i)
{
    char ascii;

    for (; i < len && s[i] != '\n'; i++)
        if (box_drawing(s, len, i, &ascii) && ascii == '|')
            return 1;
    return 0;
}

/* A tree drawing's branch at the start of a line (the `tree` command, rich's
 * Tree, `tree --charset=ascii`): rails ("│   ", "|   ") then a fork ("├── ",
 * "└─ ", "|-- ", "`-- ") then the item.  It is an outline, not a table: the
 * rails become spaces and the fork a Markdown list marker, so "│   ├── step
 * 50: 7.577e-02" reads as "    -   step 50: 7.577e-02", nested under the
 * branch above it as a list item is (extract_nest.c).  Returns the bytes of
 * src the prefix takes (0: no branch here) and writes its replacement. */
static size_t tree_branch(const char *s, size_t len, size_t i, char *dst, size_t *wrote)
{
    size_t j = i, o = 0;
    char ascii;

    for (;;) {
        if (j < len && s[j] == ' ') {
            dst[o++] = ' ', j++;
        } else if (box_drawing(s, len, j, &ascii) && ascii == '|') {
            dst[o++] = ' ', j += 3;
        } else if (j + 3 < len && s[j] == '|' && s[j + 1] == ' ' && s[j + 2] == ' ' &&
                   s[j + 3] == ' ') {
            dst[o++] = ' ', j++;
        } else {
            break;
        }
        if (o > 200)
            return 0;
    }
    unsigned char b2 = j + 2 < len ? (unsigned char)s[j + 2] : 0;
    if (j + 2 < len && (unsigned char)s[j] == 0xE2 && (unsigned char)s[j + 1] == 0x94 &&
        (b2 == 0x9C || b2 == 0x94 || b2 == 0xA3 || b2 == 0x97 || b2 == 0x9D || b2 == 0x95)) {
        j += 3;                                    /* ├ └ ┣ ┗ ┝ ┕ */
    } else if (j + 2 < len && (unsigned char)s[j] == 0xE2 && (unsigned char)s[j + 1] == 0x95 &&
               b2 == 0xB0) {
        j += 3;                                    /* ╰ */
    } else if (j + 3 < len && (s[j] == '|' || s[j] == '`' || s[j] == '+') && s[j + 1] == '-' &&
               s[j + 2] == '-' && s[j + 3] == ' ') {
        j += 3;                                    /* |-- `-- +-- */
        dst[o++] = ' ', dst[o++] = ' ';
        goto item;
    } else {
        return 0;
    }
    while (j + 2 < len && (unsigned char)s[j] == 0xE2 && (unsigned char)s[j + 1] == 0x94 &&
           ((unsigned char)s[j + 2] == 0x80 || (unsigned char)s[j + 2] == 0x81))
        dst[o++] = ' ', j += 3;                   /* ─ ━ */
item:
    /* "  - item": the marker right before the item, one space after it, as
     * a list is written (a wider gap would read as a table's columns) */
    if (j >= len || s[j] != ' ' || j + 1 >= len || s[j + 1] == ' ' || s[j + 1] == '\n')
        return 0;                                  /* "├───┼───┤": a table's rule */
    dst[o++] = '-';
    *wrote = o;
    return j - i;
}

/* Length of the valid UTF-8 sequence at s[i], 0 if there is none. */
static size_t utf8_len(const char *s, size_t len, size_t i)
{
    unsigned char c = (unsigned char)s[i];
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > len || (n == 2 && c < 0xC2) || (n == 4 && c > 0xF4))
        return 0;
    for (size_t k = 1; k < n; k++)
        if (((unsigned char)s[i + k] & 0xC0) != 0x80)
            return 0;
    return n;
}

/* Spaces that are not ' ': U+00A0 no-break, U+2007 figure, U+2009 thin,
 * U+202F narrow no-break (padding some students' f-strings or terminals
 * produce between columns), and a lone Latin-1 0xA0.  Returns the bytes
 * taken, 0 when s[i] is no such space. */
static size_t odd_space(const char *s, size_t len, size_t i)
{
    size_t n = utf8_len(s, len, i);
    const unsigned char *u = (const unsigned char *)s + i;

    if (n == 0)
        return u[0] == 0xA0 ? 1 : 0;
    if (n == 2 && u[0] == 0xC2 && u[1] == 0xA0)
        return 2;
    if (n == 3 && u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0x87 || u[2] == 0x89 || u[2] == 0xAF))
        return 3;
    return 0;
}

/* Copies text without terminal colour codes (ESC [ ... letter), which
 * rich/termcolor output glues to words: "\x1b[32mgain" must read "gain";
 * box-drawing characters become ASCII (see box_drawing) and odd spaces a
 * plain space, so columns padded with them still line up. */
static size_t copy_without_ansi(char *dst, const char *src, size_t len)
{
    size_t o = 0;
    int boxed = 0;      /* the line is a row of a box-drawn table */
    for (size_t i = 0; i < len; i++) {
        char ascii;
        size_t sp;
        if (i == 0 || src[i - 1] == '\n') {
            size_t took, wrote;
            if ((took = tree_branch(src, len, i, dst + o, &wrote)) > 0) {
                o += wrote;                 /* an outline's branch: not a table row */
                i += took - 1;
                boxed = 0;
                continue;
            }
            boxed = boxed_row(src, len, i);
        }
        if (boxed && src[i] == '|') {
            dst[o++] = ' ';     /* "max |gap|" in a cell: content, not a stroke */
            continue;
        }
        if (box_drawing(src, len, i, &ascii)) {
            dst[o++] = ascii;
            i += 2;
            continue;
        }
        if ((unsigned char)src[i] >= 0x80) {
            if ((sp = odd_space(src, len, i)) > 0) {
                dst[o++] = ' ';
                i += sp - 1;
                continue;
            }
            /* a whole character: "à" ends in the byte a Latin-1 no-break space is */
            for (size_t n = utf8_len(src, len, i); n > 1; n--)
                dst[o++] = src[i++];
        }
        if (src[i] == '\x1b' && i + 1 < len && src[i + 1] == '[') {
            size_t j = i + 2;
            while (j < len && j < i + 32 && (unsigned char)src[j] >= 0x20 &&
                   (unsigned char)src[j] <= 0x3F)
                j++;
            if (j < len && (unsigned char)src[j] >= 0x40 && (unsigned char)src[j] <= 0x7E) {
                i = j;
                continue;
            }
        }
        dst[o++] = src[i];
    }
    return o;
}

/* R prints a vector with the index of its first element before each line
 * ("[1] 20.5769", "[13] 0.52 0.48"), and a matrix with one before each row
 * ("[2,] 0.10 0.71"): a position, not a value.  Each such prefix at the
 * start of a line that goes on with more text becomes spaces, so columns
 * keep their places.  A list printed alone ("[1]") is left as it is. */
static void blank_vector_indices(char *s, size_t len)
{
    for (size_t b = 0; b < len;) {
        size_t i = b, d;
        while (i < len && (s[i] == ' ' || s[i] == '\t'))
            i++;
        if (i < len && s[i] == '[') {
            for (d = i + 1; d < len && s[d] >= '0' && s[d] <= '9'; d++)
                ;
            size_t close = d < len && s[d] == ',' ? d + 1 : d;
            if (d > i + 1 && d - i <= 7 && close + 1 < len && s[close] == ']' &&
                s[close + 1] == ' ') {
                size_t k = close + 1;
                while (k < len && s[k] == ' ')
                    k++;
                if (k < len && s[k] != '\n' && s[k] != '\r')
                    memset(s + i, ' ', close + 1 - i);
            }
        }
        while (b < len && s[b] != '\n')
            b++;
        b++;
    }
}

/* Is s[i..) a test runner's verdict after a test's name: " ... ok",
 * " ... FAIL", " PASSED", " FAILED" (unittest's and pytest's)? */
static int test_verdict(const char *s, size_t i, size_t len)
{
    static const char *const verdicts[] = { " ... ", " PASSED", " FAILED", " ERROR", NULL };

    for (const char *const *v = verdicts; *v; v++)
        if (len - i >= strlen(*v) && !strncmp(s + i, *v, strlen(*v)))
            return 1;
    return 0;
}

/* A self-check printed as a test runner prints it names each check by a
 * function whose name starts with "test_" ("test_len50_lstm_train_acc ...
 * ok (got 0.839)", "tests/test_lab.py::test_gap PASSED"): the prefix says
 * it is a test, not that the number is a test accuracy.  A human reads
 * "len50 lstm train acc"; the prefix becomes spaces, so columns keep their
 * places.  Only a name of at least two more parts, followed by a runner's
 * verdict, is such a test's. */
static void blank_test_prefixes(char *s, size_t len)
{
    for (size_t b = 0; b < len;) {
        size_t start = b, i, e, parts = 0;
        while (start < len && (s[start] == ' ' || s[start] == '\t'))
            start++;
        i = start;
        for (size_t k = i; k + 1 < len && k < start + 200 && s[k] != '\n' && s[k] != ' '; k++)
            if (s[k] == ':' && s[k + 1] == ':')
                i = k + 2;   /* pytest's "tests/test_lab.py::test_name": the file, too */
        if (len - i > 5 && !strncmp(s + i, "test_", 5)) {
            for (e = i + 5; e < len && (isalnum((unsigned char)s[e]) || s[e] == '_' ||
                                         s[e] == '.'); e++)
                parts += s[e] == '_';
            if (parts >= 1 && test_verdict(s, e, len))
                memset(s + start, ' ', i + 5 - start);
        }
        while (b < len && s[b] != '\n')
            b++;
        b++;
    }
}

/* Stored panes break line-number order: by_no restores it (stable, a
 * counting sort over the numbers) for lookups by number
 * (extract_line_text). */
static int index_by_number(struct extract_transcript *t, struct gb_err *err)
{
    size_t *start;

    if (!t->panes || !t->n_lines)
        return 0;
    start = calloc(t->n_output_lines + 2, sizeof *start);
    t->by_no = malloc(t->n_lines * sizeof *t->by_no);
    if (!start || !t->by_no) {
        free(start);
        return gb_fail(err, "out of memory parsing the output");
    }
    for (size_t i = 0; i < t->n_lines; i++)
        start[t->lines[i].no <= t->n_output_lines ? t->lines[i].no + 1 : t->n_output_lines + 1]++;
    for (size_t no = 1; no <= t->n_output_lines + 1; no++)
        start[no] += start[no - 1];
    for (size_t i = 0; i < t->n_lines; i++) {
        size_t no = t->lines[i].no <= t->n_output_lines ? t->lines[i].no : t->n_output_lines;
        t->by_no[start[no]++] = i;
    }
    free(start);
    return 0;
}

int extract_parse(const char *text, size_t len, const struct extract_limits *limits,
                  struct extract_transcript **out, struct gb_err *err)
{
    struct extract_transcript *t = calloc(1, sizeof *t);

    *out = NULL;
    if (!t)
        return gb_fail(err, "out of memory parsing the output");
    if (limits)
        t->limits = *limits;
    else
        extract_limits_default(&t->limits);
    if (t->limits.max_line_numbers == 0)
        t->limits.max_line_numbers = 1;
    if (!text)
        len = 0;
    if (len > t->limits.max_bytes) {
        len = t->limits.max_bytes;
        t->notes = "only the beginning of the output was read (size limit)";
    }
    t->text = malloc(len + 1);
    if (!t->text) {
        extract_free(t);
        return gb_fail(err, "out of memory parsing the output");
    }
    t->len = copy_without_ansi(t->text, text, len);
    t->text[t->len] = '\0';
    blank_vector_indices(t->text, t->len);
    blank_test_prefixes(t->text, t->len);
    t->decimal_commas = writes_decimal_commas(t->text, t->len);
    if (extract_nest_join(t, err) < 0 || extract_reshape(t, err) < 0)
        goto fail;
    extract_nest_unfold(t);
    if (split_lines(t, err) < 0 || index_by_number(t, err) < 0)
        goto fail;
    for (size_t i = 0; i < t->n_lines; i++)
        t->lines[i].kind = classify(t, &t->lines[i]);
    t->num_col = malloc((t->n_nums ? t->n_nums : 1) * sizeof *t->num_col);
    if (!t->num_col) {
        gb_fail(err, "out of memory parsing the output");
        goto fail;
    }
    for (size_t i = 0; i < t->n_nums; i++)
        t->num_col[i] = -1;
    if (extract_table_detect(t, err) < 0)
        goto fail;
    mark_underlined(t);
    mark_caption_headings(t);
    assign_scopes(t);
    assign_outer(t);
    if (extract_nest_paths(t, err) < 0)
        goto fail;
    extract_nest_axes(t);
    *out = t;
    return 0;
fail:
    gb_err_prefix(err, "reading the program's output");
    extract_free(t);
    return -1;
}

void extract_free(struct extract_transcript *t)
{
    if (!t)
        return;
    free(t->text);
    free(t->lines);
    free(t->nums);
    free(t->num_col);
    free(t->atoms);
    free(t->tables);
    free(t->cols);
    free(t->hatoms);
    free(t->paths);
    free(t->patoms);
    free(t->soft_breaks);
    free(t->by_no);
    free(t);
}

size_t extract_line_count(const struct extract_transcript *t)
{
    return t ? t->n_output_lines : 0;
}

/* A stored line a reader does not read: a redraw's earlier segment. */
static int superseded(const struct extract_transcript *t, size_t i)
{
    return i + 1 < t->n_lines && t->lines[i + 1].no == t->lines[i].no && !t->lines[i].pane &&
           !t->lines[i + 1].pane;
}

size_t extract_reading_count(const struct extract_transcript *t)
{
    return t ? t->n_lines : 0;
}

const char *extract_reading_line(const struct extract_transcript *t, size_t i, size_t *len,
                                 size_t *line_no)
{
    if (!t || i >= t->n_lines || superseded(t, i)) {
        *len = 0;
        *line_no = t && i < t->n_lines ? t->lines[i].no : 0;
        return NULL;
    }
    *len = t->lines[i].len;
    *line_no = t->lines[i].no;
    return t->text + t->lines[i].off;
}

const char *extract_line_text(const struct extract_transcript *t, size_t line_no,
                              size_t *len)
{
    size_t lo = 0, hi;
#define STORED(i) (&t->lines[t->by_no ? t->by_no[i] : (i)])

    if (!t || line_no == 0 || line_no > t->n_output_lines)
        return NULL;
    hi = t->n_lines;
    /* The last stored segment with this number: what the screen showed. */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (STORED(mid)->no <= line_no)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo > 0 && STORED(lo - 1)->no == line_no) {
        const struct xline *ln = STORED(lo - 1);
        size_t b = ln->off, e = ln->off + ln->len;
        /* panes side by side: the whole line they were printed on */
        for (size_t i = lo - 1; ln->pane && i-- > 0 && STORED(i)->no == line_no && STORED(i)->pane;) {
            b = STORED(i)->off < b ? STORED(i)->off : b;
            e = STORED(i)->off + STORED(i)->len > e ? STORED(i)->off + STORED(i)->len : e;
        }
        if (len)
            *len = e - b;
        return t->text + b;
    }
#undef STORED
    if (len)
        *len = 0;
    return "";
}

const char *extract_notes(const struct extract_transcript *t)
{
    return t ? t->notes : NULL;
}
