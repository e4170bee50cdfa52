/* answers_doc.c — the sections of the self-check answers document (see
 * answers_doc.h).  Nothing here allocates: each lookup walks the document's
 * lines, which is cheap for a document of a few kilobytes.  UTF-16 is
 * converted with glibc's iconv(3). */
#include "prose/answers_doc.h"

#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_TOKENS 48
#define TOKEN_MAX 24
#define MAX_NAMES 64

/* The words of a heading or a name: lower-case ASCII letter/digit runs. */
struct tokens {
    char w[MAX_TOKENS][TOKEN_MAX];
    size_t end[MAX_TOKENS];   /* offset just after the word in the scanned text */
    size_t n;
};

static int all_digits(const char *w)
{
    if (!*w)
        return 0;
    for (; *w; w++)
        if (!isdigit((unsigned char)*w))
            return 0;
    return 1;
}

static int is_question_word(const char *w)
{
    return !strcmp(w, "q") || !strcmp(w, "qu") || !strcmp(w, "ques") ||
           !strcmp(w, "question");
}

/* dst = "q" + digits; the caller checked that it fits in TOKEN_MAX. */
static void question_word(char *dst, const char *digits)
{
    size_t n = strlen(digits);

    memmove(dst + 1, digits, n + 1);
    dst[0] = 'q';
}

/* "Question 3" and "Q 3" are the word q3; in a heading a leading number
 * ("## 3. Output prediction") is too, unless it is a figure (1,000 or 3.5). */
static void join_question_numbers(const char *s, size_t n, struct tokens *t, int heading)
{
    size_t out = 0;

    for (size_t i = 0; i < t->n; i++) {
        int joined = i + 1 < t->n && is_question_word(t->w[i]) && all_digits(t->w[i + 1]) &&
                     strlen(t->w[i + 1]) + 2 <= TOKEN_MAX;
        if (joined) {
            question_word(t->w[out], t->w[i + 1]);
            t->end[out++] = t->end[++i];
            continue;
        }
        if (heading && i == 0 && all_digits(t->w[0]) && strlen(t->w[0]) + 2 <= TOKEN_MAX) {
            size_t e = t->end[0];
            int figure = e < n && (s[e] == ',' || (s[e] == '.' && e + 1 < n &&
                                                   isdigit((unsigned char)s[e + 1])));
            if (!figure)
                question_word(t->w[0], t->w[0]);
        }
        if (out != i) {
            memcpy(t->w[out], t->w[i], TOKEN_MAX);
            t->end[out] = t->end[i];
        }
        out++;
    }
    t->n = out;
}

static void tokenize(const char *s, size_t n, struct tokens *t, int heading)
{
    t->n = 0;
    for (size_t i = 0; i < n && t->n < MAX_TOKENS;) {
        size_t k = 0;
        if (!isalnum((unsigned char)s[i])) {
            i++;
            continue;
        }
        for (; i < n && isalnum((unsigned char)s[i]); i++)
            if (k + 1 < TOKEN_MAX)
                t->w[t->n][k++] = (char)tolower((unsigned char)s[i]);
        t->w[t->n][k] = '\0';
        t->end[t->n++] = i;
    }
    join_question_numbers(s, n, t, heading);
}

/* Does name (its words nt) start at heading word p, its other words following
 * in order?  Returns how many words it spans, 0 when it does not match. */
static size_t match_at(const struct tokens *h, size_t p, const struct tokens *nt, int gaps)
{
    size_t j = p;

    if (!nt->n || p >= h->n || strcmp(h->w[p], nt->w[0]))
        return 0;
    for (size_t k = 1; k < nt->n; k++) {
        size_t from = ++j;
        while (gaps && j < h->n && strcmp(h->w[j], nt->w[k]))
            j++;
        if (j >= h->n || strcmp(h->w[j], nt->w[k]) || (!gaps && j != from))
            return 0;
    }
    return j - p + 1;
}

/* Does a longer name of the rubric also start at word p?  Then p is its. */
static int longer_name_at(const struct tokens *h, size_t p, const struct tokens *nt,
                          const char *const *names, size_t n_names, int gaps)
{
    struct tokens other;

    for (size_t k = 0; k < n_names; k++) {
        tokenize(names[k], strlen(names[k]), &other, 0);
        if (other.n > nt->n && match_at(h, p, &other, gaps))
            return 1;
    }
    return 0;
}

/* The first word of heading h where section `name` starts, or -1. */
static long name_rank(const struct tokens *h, const char *const *names, size_t n_names,
                      const char *name)
{
    struct tokens nt;

    tokenize(name, strlen(name), &nt, 0);
    for (size_t p = 0; p < h->n; p++)
        if (match_at(h, p, &nt, 1) && !longer_name_at(h, p, &nt, names, n_names, 1))
            return (long)p;
    return -1;
}

/* ---- lines ---- */

struct line {
    size_t a, b;              /* bytes of the line, without its line end */
    size_t next;              /* where the next line starts */
    size_t number;            /* 1-based */
    int in_fence;             /* inside (or opening/closing) a ``` or ~~~ block */
    int level;                /* heading level (count of '#'), 0 when not a heading */
    size_t text;              /* where the heading's words start */
};

struct cursor {
    const char *doc;
    size_t len, pos, number;
    int fence;
};

static void cursor_init(struct cursor *c, const char *doc, size_t len)
{
    c->doc = doc;
    c->len = len;
    /* Windows Notepad's "UTF-8 with BOM" puts EF BB BF before the first '#'. */
    c->pos = len >= 3 && !memcmp(doc, "\xEF\xBB\xBF", 3) ? 3 : 0;
    c->number = 0;
    c->fence = 0;
}

static size_t indent_of(const char *d, size_t a, size_t b)
{
    size_t i = a;

    while (i < b && i - a < 4 && d[i] == ' ')
        i++;
    return i;
}

/* Length of the underline at d[a, b) — a line of only '-' (or only '=')
 * after up to three spaces, at least two of them, trailing spaces allowed —
 * and its character; 0 when the line is no underline. */
static char underline_of(const char *d, size_t a, size_t b)
{
    size_t i = indent_of(d, a, b), n = 0;
    char ch;

    if (i - a >= 4 || i >= b || (d[i] != '-' && d[i] != '='))
        return 0;
    ch = d[i];
    while (i < b && d[i] == ch)
        i++, n++;
    while (i < b && (d[i] == ' ' || d[i] == '\t'))
        i++;
    return i == b && n >= 2 ? ch : 0;
}

/* CommonMark's other heading form, which pandoc and editors' Markdown export
 * write: a text line underlined by '='s (level 1) or '-'s (level 2).  The
 * underline is consumed with its heading, so the section's body starts after
 * it.  A list item or quote over dashes stays text. */
static void setext_heading(struct cursor *c, struct line *l, size_t text)
{
    const char *d = c->doc;
    size_t a = c->pos, b, e;
    char ch;

    if (text >= l->b || strchr("-*+>=|", d[text]) || a >= c->len)
        return;
    for (e = a; e < c->len && d[e] != '\n'; e++)
        ;
    b = e > a && d[e - 1] == '\r' ? e - 1 : e;
    if (!(ch = underline_of(d, a, b)))
        return;
    l->level = ch == '=' ? 1 : 2;
    l->text = text;
    l->next = e < c->len ? e + 1 : e;
    c->pos = l->next;
    c->number++;
}

/* An answers file written as LaTeX heads its sections with sectioning
 * commands: "\\subsection*{Question 1 (interpretation)}" is a level-2
 * heading whose words start after the brace. */
static void latex_heading(const char *d, struct line *l, size_t i)
{
    static const char *const commands[] = { "\\chapter", "\\section", "\\subsection",
                                            "\\subsubsection", "\\paragraph", NULL };

    for (int k = 0; commands[k]; k++) {
        size_t n = strlen(commands[k]), j = i + n;
        if (j >= l->b || strncmp(d + i, commands[k], n))
            continue;
        if (d[j] == '*')
            j++;
        if (j < l->b && d[j] == '{') {
            l->level = k ? k : 1;
            l->text = j + 1;
        }
        return;
    }
}

static int next_line(struct cursor *c, struct line *l)
{
    const char *d = c->doc;
    size_t i;

    if (c->pos >= c->len)
        return 0;
    l->a = c->pos;
    for (i = c->pos; i < c->len && d[i] != '\n'; i++)
        ;
    l->next = i < c->len ? i + 1 : i;
    l->b = i > l->a && d[i - 1] == '\r' ? i - 1 : i;
    l->number = ++c->number;
    c->pos = l->next;
    i = indent_of(d, l->a, l->b);
    if (i - l->a < 4 && i + 3 <= l->b && (!strncmp(d + i, "```", 3) || !strncmp(d + i, "~~~", 3)))
        c->fence = !c->fence, l->in_fence = 1;
    else
        l->in_fence = c->fence;
    l->level = 0;
    if (l->in_fence || i - l->a >= 4)
        return 1;
    for (l->text = i; l->text < l->b && d[l->text] == '#'; l->text++)
        l->level++;
    if (!l->level)
        latex_heading(d, l, i);
    if (!l->level)
        setext_heading(c, l, i);
    return 1;
}

/* ---- section names on lines ---- */

/* Where a line that opens with section `name` ("**Q1.** ...", "Friend: ...")
 * starts its answer, or 0 when the line does not open that way. */
static size_t pseudo_heading_body(const char *d, const struct line *l, const char *const *names,
                                  size_t n_names, const char *name)
{
    struct tokens h, nt;
    size_t i = indent_of(d, l->a, l->b), span, e;
    int bold = 0;

    while (i < l->b && (d[i] == '*' || d[i] == '_' || d[i] == '['))
        i++;
    if (i >= l->b || !isalpha((unsigned char)d[i]))
        return 0;
    tokenize(d + i, l->b - i, &h, 0);
    tokenize(name, strlen(name), &nt, 0);
    if (!(span = match_at(&h, 0, &nt, 0)) || longer_name_at(&h, 0, &nt, names, n_names, 0))
        return 0;
    e = i + h.end[span - 1];
    for (; e < l->b && d[e] && strchr("*_] \t", d[e]); e++)
        bold |= d[e] == '*' || d[e] == '_';
    if (e < l->b && d[e] && strchr(":.)", d[e]))
        e++;
    else if (e + 2 < l->b && !memcmp(d + e, "\xE2\x80", 2) &&
             (d[e + 2] == '\x93' || d[e + 2] == '\x94'))
        e += 3;
    else if (e < l->b && !bold)
        return 0;
    while (e < l->b && (d[e] == '*' || d[e] == '_'))   /* "**Q1.**" closes after the point */
        e++;
    return e;
}

static size_t collect_names(const char *const *names, size_t n_names, const char *name,
                            const char **out)
{
    size_t n = 0;

    for (size_t k = 0; k < n_names && n + 1 < MAX_NAMES; k++)
        out[n++] = names[k];
    out[n++] = name;
    return n;
}

static long heading_rank(const char *d, const struct line *l, const char *const *names,
                         size_t n_names, const char *name)
{
    struct tokens h;

    tokenize(d + l->text, l->b - l->text, &h, 1);
    return name_rank(&h, names, n_names, name);
}

/* Does any heading name section `name`? */
static int has_heading(const char *doc, size_t len, const char *const *names, size_t n_names,
                       const char *name)
{
    struct cursor c;
    struct line l;

    cursor_init(&c, doc, len);
    while (next_line(&c, &l))
        if (l.level && heading_rank(doc, &l, names, n_names, name) >= 0)
            return 1;
    return 0;
}

/* Does line l start another section than `name` (a heading that opens with
 * its name, or a pseudo-heading of a section that has no heading)? */
static int opens_other(const char *doc, const struct line *l,
                       const char *const *names, size_t n_names, const char *name,
                       const int *pseudo_ok)
{
    for (size_t k = 0; k < n_names; k++) {
        if (!strcmp(names[k], name))
            continue;
        if (l->level && heading_rank(doc, l, names, n_names, names[k]) == 0)
            return 1;
        if (!l->level && pseudo_ok[k] && pseudo_heading_body(doc, l, names, n_names, names[k]))
            return 1;
    }
    return 0;
}

static int find_opening(const char *doc, size_t len, const char *const *names, size_t n_names,
                        const char *name, struct line *best, size_t *body)
{
    struct cursor c;
    struct line l;
    long best_rank = -1;

    cursor_init(&c, doc, len);
    while (next_line(&c, &l)) {
        long r = l.level ? heading_rank(doc, &l, names, n_names, name) : -1;
        if (r >= 0 && (best_rank < 0 || r < best_rank)) {
            best_rank = r;
            *best = l;
            *body = l.next;
        }
    }
    if (best_rank >= 0)
        return 0;
    cursor_init(&c, doc, len);
    while (next_line(&c, &l))
        if (!l.level && !l.in_fence &&
            (*body = pseudo_heading_body(doc, &l, names, n_names, name))) {
            *best = l;
            return 0;
        }
    return -1;
}

int answers_doc_find(const char *doc, size_t len, const char *const *names, size_t n_names,
                     const char *name, struct answers_section *out)
{
    const char *all[MAX_NAMES];
    int pseudo_ok[MAX_NAMES];
    struct cursor c;
    struct line open, l;
    size_t body = 0, end;

    memset(out, 0, sizeof *out);
    n_names = collect_names(names, n_names, name, all);
    if (find_opening(doc, len, all, n_names, name, &open, &body))
        return -1;
    for (size_t k = 0; k < n_names; k++)
        pseudo_ok[k] = !has_heading(doc, len, all, n_names, all[k]);
    cursor_init(&c, doc, len);
    c.pos = open.next;
    c.number = open.number;
    c.fence = open.in_fence;
    end = len;
    while (next_line(&c, &l)) {
        int ends = l.level && (!open.level || l.level <= open.level);
        if (ends || (!l.in_fence && opens_other(doc, &l, all, n_names, name, pseudo_ok))) {
            end = l.a;
            break;
        }
    }
    out->text = doc + body;
    out->len = end > body ? end - body : 0;
    out->line = open.number;
    out->heading = doc + open.a;
    out->heading_len = (size_t)(doc + open.b - out->heading);
    return 0;
}

int answers_doc_list_headings(const char *doc, size_t len, size_t max, struct gb_buf *b,
                              struct gb_err *err)
{
    struct cursor c;
    struct line l;
    size_t n = 0;

    cursor_init(&c, doc, len);
    while (next_line(&c, &l)) {
        if (!l.level)
            continue;
        if (n++ == max)
            return gb_buf_puts(b, ", ...", err);
        size_t shown = l.b - l.a > 60 ? 60 : l.b - l.a;
        if (gb_buf_printf(b, err, "%s'%.*s' (line %zu)", n > 1 ? ", " : "", (int)shown,
                          doc + l.a, l.number))
            return -1;
    }
    return n ? 0 : gb_buf_puts(b, "no headings", err);
}

/* ---- what a section holds ---- */

static int quote_line(const char *t, size_t a, size_t b)
{
    size_t i = indent_of(t, a, b);

    return i < b && t[i] == '>';
}

/* A line set in emphasis as a whole ("*Explain to a friend who ...*",
 * "_Why does ..._"): students paste the question in italics under its
 * heading as others quote it.  A list bullet ("* item") is no emphasis. */
static int emphasis_line(const char *t, size_t a, size_t b)
{
    size_t i = indent_of(t, a, b);

    while (b > i && isspace((unsigned char)t[b - 1]))
        b--;
    return b - i > 2 && (t[i] == '*' || t[i] == '_') && !isspace((unsigned char)t[i + 1]) &&
           t[b - 1] == t[i];
}

/* Does the quoted text [a, b) read like the question (at least half of its
 * words of four letters or more are the question's)?  Students paste the
 * question as a quote, and some set their own answer as one. */
static int like_question(const char *t, size_t a, size_t b, const char *question)
{
    size_t words = 0, shared = 0;

    for (size_t i = a; i < b;) {
        size_t k = i;
        if (!isalpha((unsigned char)t[i])) {
            i++;
            continue;
        }
        while (k < b && isalpha((unsigned char)t[k]))
            k++;
        if (k - i >= 4) {
            words++;
            for (const char *q = question; *q; q++)
                if (!strncasecmp(q, t + i, k - i) && !isalpha((unsigned char)q[k - i]) &&
                    (q == question || !isalpha((unsigned char)q[-1]))) {
                    shared++;
                    break;
                }
        }
        i = k;
    }
    return words && 2 * shared >= words;
}

/* The quote block starting at line [a, ...): where it ends (the start of
 * the first line that is not a quote). */
static size_t quote_block_end(const struct answers_section *s, size_t a)
{
    size_t b;

    for (; a < s->len; a = b + 1) {
        for (b = a; b < s->len && s->text[b] != '\n'; b++)
            ;
        if (!quote_line(s->text, a, b))
            return a;
    }
    return s->len;
}

/* Appends the quote lines [a, e) without their '>' markers. */
static int unquote(const struct answers_section *s, size_t a, size_t e, struct gb_buf *out,
                   struct gb_err *err)
{
    for (size_t b; a < e; a = b + 1) {
        size_t i;
        for (b = a; b < e && s->text[b] != '\n'; b++)
            ;
        for (i = indent_of(s->text, a, b); i < b && (s->text[i] == '>' || s->text[i] == ' '); i++)
            ;
        if (gb_buf_append(out, s->text + i, b - i, err) ||
            (b < s->len && gb_buf_append(out, "\n", 1, err)))
            return -1;
    }
    return 0;
}

int answers_doc_drop_quotes(const struct answers_section *s, const char *question,
                            struct gb_buf *out, struct gb_err *err)
{
    size_t dropped = 0, kept = 0, other = 0;

    out->len = 0;
    for (size_t a = 0, b; a < s->len; a = b + 1) {
        for (b = a; b < s->len && s->text[b] != '\n'; b++)
            ;
        if (question && emphasis_line(s->text, a, b) && like_question(s->text, a, b, question)) {
            dropped++;          /* the question pasted in italics */
            if (b < s->len && gb_buf_append(out, "\n", 1, err))
                return -1;
            continue;
        }
        if (quote_line(s->text, a, b)) {
            size_t e = quote_block_end(s, a);
            if (!question || like_question(s->text, a, e, question)) {
                dropped++;      /* the question pasted: blank lines keep line numbers */
                for (size_t i = a; i < e; i++)
                    if (s->text[i] == '\n' && gb_buf_append(out, "\n", 1, err))
                        return -1;
            } else {
                kept++;         /* the student's own text set as a quote */
                if (unquote(s, a, e, out, err))
                    return -1;
            }
            b = e ? e - 1 : 0;
            if (e >= s->len)
                break;
            continue;
        }
        for (size_t i = a; i < b; i++)
            other += !isspace((unsigned char)s->text[i]);
        if (gb_buf_append(out, s->text + a, b - a, err) ||
            (b < s->len && gb_buf_append(out, "\n", 1, err)))
            return -1;
    }
    if (!dropped && !kept)
        return 0;
    return dropped && !kept && !other ? 2 : 1;
}

int answers_doc_placeholder(const char *text, size_t len)
{
    static const char *const filler[] = { "todo", "tbd", "tba", "fixme", "xxx", "answer",
                                          "here", "to", "do", "write", "my", "your", "fill",
                                          "in", "later", "pending", "wip", "coming", "soon",
                                          "n", "a", "na", NULL };
    struct tokens t;
    size_t words = 0;

    /* 96 bytes hold at most MAX_TOKENS words, so none is dropped */
    for (size_t i = 0; i < len; i += 96) {
        tokenize(text + i, len - i < 96 ? len - i : 96, &t, 0);
        for (size_t k = 0; k < t.n; k++) {
            size_t f = 0;
            while (filler[f] && strcmp(filler[f], t.w[k]))
                f++;
            if (!filler[f])
                return 0;
            words++;
        }
    }
    return words > 0;
}

/* ---- documents that are not UTF-8 text ---- */

/* "UTF-16LE"/"UTF-16BE" by the byte-order mark, or by NULs in every other
 * byte of the first line's worth of ASCII; NULL when it is not UTF-16. */
static const char *utf16_kind(const char *doc, size_t len, size_t *skip)
{
    size_t n = len < 256 ? len & ~(size_t)1 : 256, nul_odd = 0, nul_even = 0;

    *skip = 2;
    if (len >= 2 && !memcmp(doc, "\xFF\xFE", 2))
        return "UTF-16LE";
    if (len >= 2 && !memcmp(doc, "\xFE\xFF", 2))
        return "UTF-16BE";
    *skip = 0;
    for (size_t i = 0; i < n; i += 2) {
        nul_even += !doc[i];
        nul_odd += !doc[i + 1];
    }
    if (n >= 8 && nul_odd * 10 >= n / 2 * 9 && !nul_even)
        return "UTF-16LE";
    if (n >= 8 && nul_even * 10 >= n / 2 * 9 && !nul_odd)
        return "UTF-16BE";
    return NULL;
}

int answers_doc_from_utf16(const char *doc, size_t len, struct gb_buf *out, struct gb_err *err)
{
    size_t skip, in_left, out_left, cap = len * 2 + 16;
    const char *kind = utf16_kind(doc, len, &skip);
    char *text, *in, *o;
    iconv_t cd;
    int rc;

    if (!kind)
        return 0;
    if (!(text = malloc(cap)))
        return gb_fail(err, "out of memory converting a UTF-16 document");
    if ((cd = iconv_open("UTF-8", kind)) == (iconv_t)-1) {
        free(text);
        return gb_fail_errno(err, "cannot convert %s text", kind);
    }
    in = (char *)doc + skip;
    in_left = len - skip;
    o = text;
    out_left = cap;
    while (in_left >= 2 && iconv(cd, &in, &in_left, &o, &out_left) == (size_t)-1) {
        if (errno != EILSEQ || out_left < 1)
            break;
        in += 2, in_left -= 2;          /* an unpaired surrogate: mark it and go on */
        *o++ = '?', out_left--;
    }
    iconv_close(cd);
    out->len = 0;
    rc = gb_buf_append(out, text, (size_t)(o - text), err);
    free(text);
    return rc ? -1 : 1;
}

const char *answers_doc_not_text(const char *doc, size_t len)
{
    if (len >= 4 && !memcmp(doc, "PK\x03\x04", 4))
        return "a Word (.docx), OpenDocument or zip file";
    if (len >= 5 && !memcmp(doc, "%PDF-", 5))
        return "a PDF";
    if (len >= 5 && !memcmp(doc, "{\\rtf", 5))
        return "a rich-text (.rtf) file";
    if (len >= 8 && !memcmp(doc, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", 8))
        return "an old Word (.doc) file";
    if (memchr(doc, '\0', len))
        return "binary data, not text";
    return NULL;
}
