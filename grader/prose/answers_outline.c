/* answers_outline.c — sections found by name, alias, the document's own
 * numbering, and guests cut out of their hosts (see answers_outline.h). */
#include "prose/answers_outline.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#define NAMES_MAX 96
#define LABEL_WORDS 8          /* a label names its section in its first words */
#define LABEL_WORD_MAX 24
#define LABEL_BYTES 80
#define UNITS_MAX 64
/* "1. 2." is a list inside an answer; three answers in sequence are the
 * document's numbering (sections it misses are found by name) */
#define NUMBERING_MIN 3
/* A guest section opens in the first words of its paragraph ("If my friend
 * then asks why everyone moved to attention, ..."), not deep in a sentence. */
#define OPENING_BYTES 120

static const struct answers_spec *spec_of(const struct answers_spec *specs, size_t n,
                                          const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(specs[i].name, name))
            return &specs[i];
    return NULL;
}

/* Every name and alias: a section ends where another one's heading opens. */
static size_t all_names(const struct answers_spec *specs, size_t n, const char **out)
{
    size_t k = 0;

    for (size_t i = 0; i < n && k < NAMES_MAX; i++) {
        out[k++] = specs[i].name;
        for (size_t a = 0; a < specs[i].n_aliases && k < NAMES_MAX; a++)
            out[k++] = specs[i].aliases[a];
    }
    return k;
}

static int by_name(const char *doc, size_t len, const struct answers_spec *specs, size_t n,
                   const struct answers_spec *sp, struct answers_section *out)
{
    const char *names[NAMES_MAX];
    size_t n_names = all_names(specs, n, names);

    if (!answers_doc_find(doc, len, names, n_names, sp->name, out))
        return 0;
    for (size_t a = 0; a < sp->n_aliases; a++)
        if (!answers_doc_find(doc, len, names, n_names, sp->aliases[a], out))
            return 0;
    return -1;
}

/* ---- the document's own numbering ---------------------------------------- */

struct unit {
    size_t a;          /* the opening line */
    size_t body;       /* where the answer starts */
    size_t end;
    size_t line;       /* 1-based line of the opening */
    int number;
};

static size_t skip_marks(const char *d, size_t i, size_t b)
{
    while (i < b && (d[i] == '*' || d[i] == '_'))
        i++;
    return i;
}

static size_t digits_at(const char *d, size_t i, size_t b, int *value)
{
    size_t k = i;

    *value = 0;
    while (k < b && k - i < 3 && isdigit((unsigned char)d[k]))
        *value = *value * 10 + (d[k++] - '0');
    return k - i;
}

/* Does line [a, b) open a numbered answer ("1. ...", "7) ...", "(3) ...",
 * "Q2: ...", "**Q1 (interpretation).**", "Question 4 -", "Q: ...")?
 * Returns its number (0: an unnumbered "Q:" line, -1: no opener) and
 * where the answer's text starts on the line. */
static int opener(const char *d, size_t a, size_t b, size_t *text)
{
    size_t i = skip_marks(d, a, b), nd;
    int v, q = 0;

    if (i < b && d[i] == '(' && (nd = digits_at(d, i + 1, b, &v)) && i + 1 + nd < b &&
        d[i + 1 + nd] == ')') {
        *text = i + 2 + nd;
        return v;
    }
    if (i < b && (d[i] == 'Q' || d[i] == 'q')) {
        i++;
        if (b - i >= 7 && !strncasecmp(d + i, "uestion", 7))
            i += 7;
        q = 1;
        while (i < b && d[i] == ' ')
            i++;
        if (i < b && (d[i] == ':' || d[i] == '.') && !isdigit((unsigned char)d[i - 1])) {
            *text = i + 1;
            return 0;
        }
    }
    if (!(nd = digits_at(d, i, b, &v)))
        return -1;
    i += nd;
    if (i < b && (d[i] == '.' || d[i] == ')') && (i + 1 >= b || d[i + 1] == ' ' ||
                                                   d[i + 1] == '*'))
        i++;
    else if (!q || (i < b && isalnum((unsigned char)d[i])))
        return -1;
    *text = skip_marks(d, i, b);
    return v;
}

/* "A: ..." continues a "Q: ..." unit: the answer starts after the marker. */
static int answer_marker(const char *d, size_t a, size_t b, size_t *text)
{
    size_t i = skip_marks(d, a, b);

    if (i + 1 < b && (d[i] == 'A' || d[i] == 'a') && d[i + 1] == ':') {
        *text = i + 2;
        return 1;
    }
    return 0;
}

/* The top-level numbered units, numbers 1, 2, 3... in sequence (a list
 * inside an answer restarts at 1 and is not taken for the next answer). */
static size_t outline_units(const char *d, size_t len, struct unit *u)
{
    size_t n = 0, line = 0, a = 0;
    int expect = 1;

    while (a < len) {
        size_t b = a, text;
        int v;
        while (b < len && d[b] != '\n')
            b++;
        line++;
        v = opener(d, a, b > a && d[b - 1] == '\r' ? b - 1 : b, &text);
        if ((v == expect || (v == 0 && (!n || u[n - 1].number == expect - 1))) && n < UNITS_MAX) {
            if (n)
                u[n - 1].end = a;
            u[n++] = (struct unit){ a, text, len, line, expect++ };
        } else if (n && answer_marker(d, a, b, &text) && u[n - 1].body < a) {
            u[n - 1].body = text;
        }
        a = b < len ? b + 1 : b;
    }
    return n;
}

/* The document is numbered by its answers only when its numbering runs
 * through (nearly) every numbered section: "1. ... 2. ..." inside one answer
 * is that answer's list. */
static int by_number(const char *doc, size_t len, const struct answers_spec *specs, size_t n_specs,
                     const struct answers_spec *sp, struct answers_section *out)
{
    struct unit u[UNITS_MAX];
    size_t n = sp->number > 0 ? outline_units(doc, len, u) : 0, numbered = 0;

    for (size_t i = 0; i < n_specs; i++)
        numbered += specs[i].number > 0;
    if (n < NUMBERING_MIN && n + 1 < numbered)
        return -1;

    for (size_t i = 0; i < n; i++) {
        if (u[i].number != sp->number)
            continue;
        size_t h = u[i].a;
        while (h < len && doc[h] != '\n' && doc[h] != '\r')
            h++;
        out->text = doc + u[i].body;
        out->len = u[i].end - u[i].body;
        out->line = u[i].line;
        out->heading = doc + u[i].a;
        out->heading_len = h - u[i].a;
        return 0;
    }
    return -1;
}

/* ---- labelled paragraphs ------------------------------------------------- */

/* The words of a line's opening (lower-case letter/digit runs). */
static size_t opening_words(const char *s, size_t n, char w[][LABEL_WORD_MAX], size_t max)
{
    size_t k = 0;

    for (size_t i = 0; i < n && k < max;) {
        size_t j = 0;
        if (!isalnum((unsigned char)s[i])) {
            i++;
            continue;
        }
        for (; i < n && isalnum((unsigned char)s[i]); i++)
            if (j + 1 < LABEL_WORD_MAX)
                w[k][j++] = (char)tolower((unsigned char)s[i]);
        w[k++][j] = '\0';
    }
    return k;
}

/* Does the phrase's words occur in order, adjacent, among w[0..n)? */
static int phrase_in(char w[][LABEL_WORD_MAX], size_t n, const char *phrase)
{
    char p[LABEL_WORDS][LABEL_WORD_MAX];
    size_t np = opening_words(phrase, strlen(phrase), p, LABEL_WORDS);

    for (size_t i = 0; np && i + np <= n; i++) {
        size_t k = 0;
        while (k < np && !strcmp(w[i + k], p[k]))
            k++;
        if (k == np)
            return 1;
    }
    return 0;
}

/* Which section a paragraph's label line names: a quoted question ("> **type=
 * interpretation** — ..."), a bold label ("**Q1 (interpretation).** ...") or
 * a "Q: (debug) ..." line, naming a section or an alias in its first few
 * words.  -1: none. */
static long label_names(const char *d, size_t a, size_t b, const struct answers_spec *specs,
                        size_t n)
{
    char w[LABEL_WORDS][LABEL_WORD_MAX];
    size_t i = a, nw;
    long best = -1;
    size_t best_len = 0;

    while (i < b && (d[i] == ' ' || d[i] == '>'))
        i++;
    if (i >= b || (i == a && d[i] != '*' && d[i] != '_' &&
                   !((d[i] == 'Q' || d[i] == 'q') && i + 1 < b && d[i + 1] == ':')))
        return -1;
    nw = opening_words(d + i, b - i < LABEL_BYTES ? b - i : LABEL_BYTES, w, LABEL_WORDS);
    for (size_t k = 0; k < n; k++) {
        const char *cands[1 + 16];
        size_t nc = 0;
        cands[nc++] = specs[k].name;
        for (size_t m = 0; m < specs[k].n_aliases && nc < 17; m++)
            cands[nc++] = specs[k].aliases[m];
        for (size_t c = 0; c < nc; c++)
            if (strlen(cands[c]) > best_len && phrase_in(w, nw, cands[c])) {
                best = (long)k;     /* the longest name wins: friend-attention over friend */
                best_len = strlen(cands[c]);
            }
    }
    return best;
}

/* Where the answer under a label line starts: after a bold or italic
 * label's closing marks on the same line ("**Q2 (debug).** At length 50 ...",
 * '*"So why did everyone move to attention?"* Attention lets ...') when
 * words follow them there, else on the next line (a quoted question is the
 * question, not the answer). */
static size_t label_end(const char *d, size_t a, size_t b, size_t len)
{
    size_t i = a, close, w = 1;

    while (i < b && d[i] == ' ')
        i++;
    if (i < b && (d[i] == '*' || d[i] == '_')) {
        char m = d[i];
        w = i + 1 < b && d[i + 1] == m ? 2 : 1;
        for (close = i + w; close + w <= b; close++)
            if (d[close] == m && (w == 1 || d[close + 1] == m) &&
                (w == 2 || (d[close - 1] != m && (close + 1 >= b || d[close + 1] != m)))) {
                size_t after = close + w;
                while (after < b && (d[after] == ' ' || d[after] == '\r'))
                    after++;
                if (w == 2 || after < b)
                    return close + w;
                break;
            }
    }
    return b < len ? b + 1 : b;
}

static int by_label(const char *doc, size_t len, const struct answers_spec *specs, size_t n,
                    const struct answers_spec *sp, struct answers_section *out)
{
    size_t a = 0, line = 0, start = 0, start_line = 0, head_a = 0, head_b = 0;
    int in = 0, prev_blank = 1;

    while (a < len) {
        size_t b = a;
        long who = -1;
        while (b < len && doc[b] != '\n')
            b++;
        line++;
        if (prev_blank || (b > a + 1 && (doc[a] == 'Q' || doc[a] == 'q') && doc[a + 1] == ':'))
            who = label_names(doc, a, b, specs, n);   /* "Q:" lines follow each other */
        if (in && who >= 0) {
            out->len = a - start;
            return 0;
        }
        if (!in && who >= 0 && &specs[who] == sp) {
            in = 1;
            start = label_end(doc, a, b, len);
            start_line = line;
            head_a = a;
            head_b = b;
            out->text = doc + start;
            out->line = start_line;
            out->heading = doc + head_a;
            out->heading_len = head_b - head_a;
        }
        /* a paragraph starts after a blank line or a heading */
        prev_blank = b == a || (b == a + 1 && doc[a] == '\r') || doc[a] == '#';
        a = b < len ? b + 1 : b;
    }
    if (in)
        out->len = len - start;
    return in ? 0 : -1;
}

/* ---- guests inside hosts ------------------------------------------------- */

static int word_char(char c)
{
    return isalnum((unsigned char)c) || c == '-';
}

/* Does alias occur in s[0..n) as words (case ignored)? */
static int mentions(const char *s, size_t n, const char *alias)
{
    size_t m = strlen(alias);

    for (size_t i = 0; m && i + m <= n; i++)
        if (!strncasecmp(s + i, alias, m) && (i == 0 || !word_char(s[i - 1])) &&
            (i + m == n || !word_char(s[i + m])))
            return 1;
    return 0;
}

/* Where guest opens inside host's text: the first line after the host's
 * first one that starts a paragraph (or is a heading, bold or quoted line)
 * and names one of the guest's aliases in its opening words.  Returns the
 * offset in s->text, or 0 when the guest is not there. */
static size_t guest_offset(const struct answers_section *s, const struct answers_spec *guest)
{
    const char *t = s->text;
    size_t a = 0, prev_blank = 0;

    while (a < s->len) {
        size_t b = a, lead = a;
        while (b < s->len && t[b] != '\n')
            b++;
        while (lead < b && (t[lead] == ' ' || t[lead] == '\t'))
            lead++;
        if (a > 0 && lead < b && (prev_blank || strchr("*_>#", t[lead]))) {
            size_t open = b - lead < OPENING_BYTES ? b - lead : OPENING_BYTES;
            for (size_t k = 0; k < guest->n_aliases; k++)
                if (mentions(t + lead, open, guest->aliases[k]))
                    return a;
        }
        prev_blank = lead >= b || (lead + 1 == b && t[lead] == '\r');
        a = b < s->len ? b + 1 : b;
    }
    return 0;
}

static const struct answers_spec *guest_of(const struct answers_spec *specs, size_t n,
                                           const char *host)
{
    for (size_t i = 0; i < n; i++)
        if (specs[i].inside && !strcmp(specs[i].inside, host))
            return &specs[i];
    return NULL;
}

static int find_plain(const char *doc, size_t len, const struct answers_spec *specs, size_t n,
                      const struct answers_spec *sp, struct answers_section *out)
{
    return by_name(doc, len, specs, n, sp, out) && by_label(doc, len, specs, n, sp, out) &&
           by_number(doc, len, specs, n, sp, out) ? -1 : 0;
}

int answers_outline_find(const char *doc, size_t len, const struct answers_spec *specs,
                         size_t n, const char *name, struct answers_section *out)
{
    const struct answers_spec *sp = spec_of(specs, n, name), *host, *guest;
    struct answers_section h;
    size_t at;

    memset(out, 0, sizeof *out);
    if (!sp)
        return answers_doc_find(doc, len, &name, 1, name, out);
    if (!find_plain(doc, len, specs, n, sp, out)) {
        guest = guest_of(specs, n, name);
        if (guest && (at = guest_offset(out, guest)))
            out->len = at;      /* the host ends where its guest begins */
        return 0;
    }
    host = sp->inside ? spec_of(specs, n, sp->inside) : NULL;
    if (!host || find_plain(doc, len, specs, n, host, &h) || !(at = guest_offset(&h, sp)))
        return -1;
    out->text = h.text + at;
    out->len = h.len - at;
    out->heading = out->text;
    for (out->heading_len = 0; out->heading_len < out->len &&
         out->text[out->heading_len] != '\n'; out->heading_len++)
        ;
    out->line = 1;
    for (const char *p = doc; p < out->text; p++)
        out->line += *p == '\n';
    return 0;
}
