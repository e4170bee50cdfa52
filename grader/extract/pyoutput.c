/* pyoutput.c — Python's own lines (tracebacks, warnings) told apart from the
 * student's (see pyoutput.h).  A line-by-line state machine over the forms
 * CPython's traceback and warnings modules print, plus the progress bars
 * (tqdm's) that loops draw on stderr with carriage returns. */
#define _GNU_SOURCE        /* memmem */
#include "extract/pyoutput.h"

#include <ctype.h>
#include <string.h>

#define TRACEBACK_HEAD "Traceback (most recent call last):"

/* The sentences that link the tracebacks of a chained exception. */
static const char *const chain_links[] = {
    "During handling of the above exception, another exception occurred:",
    "The above exception was the direct cause of the following exception:",
};

struct line {
    const char *p;
    size_t n;        /* without the newline */
    size_t next;     /* offset of the following line */
};

static int next_line(const char *text, size_t len, size_t at, struct line *l)
{
    const char *nl;

    if (at >= len)
        return 0;
    l->p = text + at;
    nl = memchr(l->p, '\n', len - at);
    l->n = nl ? (size_t)(nl - l->p) : len - at;
    l->next = at + l->n + (nl != NULL);
    if (l->n && l->p[l->n - 1] == '\r')
        l->n--;
    return 1;
}

static int line_is(const struct line *l, const char *s)
{
    size_t n = strlen(s);

    return l->n >= n && !memcmp(l->p, s, n);
}

static int indented(const struct line *l)
{
    return l->n && (l->p[0] == ' ' || l->p[0] == '\t');
}

static int blank(const struct line *l)
{
    for (size_t i = 0; i < l->n; i++)
        if (!isspace((unsigned char)l->p[i]))
            return 0;
    return 1;
}

/* "path:LINE: SomethingWarning: message" — the warnings module's format. */
static int warning_line(const struct line *l)
{
    for (size_t i = 0; i + 1 < l->n; i++) {
        size_t j = i + 1, k;

        if (l->p[i] != ':' || !isdigit((unsigned char)l->p[j]))
            continue;
        while (j < l->n && isdigit((unsigned char)l->p[j]))
            j++;
        if (j + 2 >= l->n || l->p[j] != ':' || l->p[j + 1] != ' ')
            continue;
        for (k = j + 2; k < l->n && (isalnum((unsigned char)l->p[k]) || l->p[k] == '_'); k++)
            ;
        if (k - (j + 2) >= 7 && k < l->n && l->p[k] == ':'
            && !memcmp(l->p + k - 7, "Warning", 7))
            return 1;
    }
    return 0;
}

#define MAX_LOGGERS 16

/* Logger names seen in the output (logging's default format writes
 * "LEVEL:name:message"). */
struct loggers {
    char name[MAX_LOGGERS][64];
    size_t n;
};

/* The level prefix's length ("INFO:"), else 0. */
static size_t level_prefix(const struct line *l)
{
    static const char *const levels[] = { "DEBUG:", "INFO:", "WARNING:", "ERROR:", "CRITICAL:" };

    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
        if (line_is(l, levels[i]))
            return strlen(levels[i]);
    return 0;
}

/* After the level: the length of a word that could be a logger's name and
 * is followed by ':', else 0. */
static size_t name_after(const struct line *l, size_t start)
{
    size_t n = start;

    while (n < l->n && (isalnum((unsigned char)l->p[n]) || l->p[n] == '_' || l->p[n] == '.'
                        || l->p[n] == '-'))
        n++;
    return n > start && n < l->n && l->p[n] == ':' && n - start < 64 ? n - start : 0;
}

static int known_logger(const struct loggers *lg, const char *p, size_t n)
{
    for (size_t i = 0; i < lg->n; i++)
        if (strlen(lg->name[i]) == n && !memcmp(lg->name[i], p, n))
            return 1;
    return 0;
}

/* A word after the level is a logger's name when it is "root" or "__main__",
 * or when on some line the message goes straight on after its colon
 * ("INFO:lab:gain 0.5"); "INFO:gain: 0.5" alone keeps its label. */
static void find_loggers(const char *text, size_t len, struct loggers *lg)
{
    struct line l;

    lg->n = 0;
    for (size_t at = 0; next_line(text, len, at, &l) && lg->n < MAX_LOGGERS; at = l.next) {
        size_t start = level_prefix(&l), n = start ? name_after(&l, start) : 0;
        const char *name = l.p + start;
        int named = (n == 4 && !memcmp(name, "root", 4)) || (n == 8 && !memcmp(name, "__main__", 8))
                    || (n && start + n + 1 < l.n && !isspace((unsigned char)name[n + 1]));

        if (named && !known_logger(lg, name, n)) {
            memcpy(lg->name[lg->n], name, n);
            lg->name[lg->n++][n] = '\0';
        }
    }
}

/* Length of a logging prefix at the start of l, else 0: the level ("INFO:",
 * as "%(levelname)s:%(message)s" writes it) and a known logger's name after
 * it ("INFO:root:").  The prefix shifts a logged table row right of its
 * printed header, so it is taken off. */
static size_t logging_prefix(const struct line *l, const struct loggers *lg)
{
    size_t start = level_prefix(l), n;

    if (!start)
        return 0;
    n = name_after(l, start);
    return n && known_logger(lg, l->p + start, n) ? start + n + 1 : start;
}

/* Length in bytes of the traceback starting at `at` (a TRACEBACK_HEAD line):
 * its indented frame lines, the exception line, and any chained tracebacks. */
static size_t traceback_span(const char *text, size_t len, size_t at)
{
    struct line l;
    size_t end = at, pos;

    next_line(text, len, at, &l);
    pos = l.next;
    for (;;) {
        while (next_line(text, len, pos, &l) && indented(&l))
            pos = l.next;
        if (next_line(text, len, pos, &l))          /* the exception line */
            pos = l.next;
        end = pos;
        /* A chain: blank, link sentence, blank, another traceback. */
        while (next_line(text, len, pos, &l) && blank(&l))
            pos = l.next;
        if (!next_line(text, len, pos, &l))
            break;
        if (line_is(&l, chain_links[0]) || line_is(&l, chain_links[1])) {
            pos = l.next;
            while (next_line(text, len, pos, &l) && blank(&l))
                pos = l.next;
        }
        if (!next_line(text, len, pos, &l) || !line_is(&l, TRACEBACK_HEAD))
            break;
        pos = l.next;
    }
    return end - at;
}

/* "ValueError: ...", "KeyboardInterrupt", "torch.cuda.OutOfMemoryError: ...":
 * the line that ends a traceback. */
static int exception_line(const struct line *l)
{
    static const char *const endings[] = { "Error", "Exception", "Warning", "Exit", "Interrupt" };
    size_t n = 0;

    while (n < l->n && (isalnum((unsigned char)l->p[n]) || l->p[n] == '_' || l->p[n] == '.'))
        n++;
    if (!n || (n < l->n && l->p[n] != ':'))
        return 0;
    for (size_t i = 0; i < sizeof endings / sizeof endings[0]; i++) {
        size_t e = strlen(endings[i]);

        if (n >= e && !memcmp(l->p + n - e, endings[i], e))
            return 1;
    }
    return 0;
}

/* A SyntaxError in the script itself has no "Traceback" line: Python prints
 * '  File "x.py", line 30', the source line, a caret line and the error. */
static size_t syntax_error_span(const char *text, size_t len, size_t at)
{
    struct line l;
    size_t pos;

    next_line(text, len, at, &l);
    if (!line_is(&l, "  File \""))
        return 0;
    pos = l.next;
    while (next_line(text, len, pos, &l) && indented(&l))
        pos = l.next;
    if (!next_line(text, len, pos, &l) || !exception_line(&l))
        return 0;
    return l.next - at;
}

/* ---- progress bars ---- */

/* What a terminal shows of a line: the text after its last carriage return
 * (tqdm and hand-written bars redraw a line with '\r'; only the last
 * drawing is on screen). */
static struct line visible_part(const struct line *l)
{
    struct line v = *l;
    const char *cr = NULL;

    for (size_t i = 0; i < l->n; i++)
        if (l->p[i] == '\r')
            cr = l->p + i;
    if (cr) {
        v.p = cr + 1;
        v.n = l->n - (size_t)(v.p - l->p);
    }
    return v;
}

/* Does s[0..n) hold "d+/d+" (a step counter such as "60/60")? */
static int has_counter(const char *s, size_t n)
{
    for (size_t i = 1; i + 1 < n; i++)
        if (s[i] == '/' && isdigit((unsigned char)s[i - 1]) && isdigit((unsigned char)s[i + 1]))
            return 1;
    return 0;
}

/* Is s[0..n) drawn bar: spaces, '#', tqdm's ASCII digits or its block
 * characters (UTF-8, bytes >= 0x80)?  A table cell ("60/60", "1.000") is not. */
static int bar_cells(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c != ' ' && c != '#' && !isdigit(c) && c < 0x80)
            return 0;
    }
    return 1;
}

/* A progress bar's drawing: tqdm's "label:  45%|####     | 27/60 [00:01<00:01,
 * 25.3it/s]" — a percentage opening a '|' bar, with a step counter or a rate
 * after it.  Bars are the tool's, never a result: the percentage is how far
 * a loop got, and the line sits between a table's header and its rows. */
static int progress_bar(const struct line *l)
{
    for (size_t i = 1; i + 2 < l->n; i++) {
        if (l->p[i] != '%' || l->p[i + 1] != '|' || !isdigit((unsigned char)l->p[i - 1]))
            continue;
        const char *bar = l->p + i + 2, *end = memchr(bar, '|', l->n - i - 2);
        if (!end || !bar_cells(bar, (size_t)(end - bar)))
            return 0;
        size_t rest = l->n - (size_t)(end - l->p);
        return has_counter(end, rest) || memmem(end, rest, "it/s", 4) ||
               memmem(end, rest, "s/it", 4);
    }
    return 0;
}

static int progress_bar_line(const struct line *l)
{
    struct line v = visible_part(l);
    return progress_bar(&v);
}

/* Bytes of Python's own block starting at `at` (a traceback, or a bare
 * SyntaxError report), else 0. */
static size_t python_block(const char *text, size_t len, size_t at)
{
    struct line l;

    if (!next_line(text, len, at, &l))
        return 0;
    if (line_is(&l, TRACEBACK_HEAD))
        return traceback_span(text, len, at);
    return syntax_error_span(text, len, at);
}

/* Appends a student's line as the terminal shows it, without its logging
 * prefix: a redrawn line is its last drawing, then its newline. */
static int keep_line(const char *text, const struct line *l, const struct loggers *lg,
                     struct gb_buf *out, struct gb_err *err)
{
    size_t at = (size_t)(l->p - text);
    struct line v = visible_part(l);
    size_t skip = logging_prefix(&v, lg);

    if (v.p != l->p)
        return gb_buf_append(out, v.p + skip, v.n - skip, err) ||
               (l->next > at + l->n && gb_buf_append(out, "\n", 1, err)) ? -1 : 0;
    return gb_buf_append(out, l->p + skip, l->next - at - skip, err);
}

/* Leaves one PYOUTPUT_DROPPED line for each line of text[from, to) taken
 * out, so the lines after it keep the numbers the terminal showed. */
static int mark_dropped(const char *text, size_t from, size_t to, struct gb_buf *out,
                        struct gb_err *err)
{
    static const char marker[2] = { PYOUTPUT_DROPPED, '\n' };

    for (size_t i = from; i < to; i++)
        if (text[i] == '\n' && gb_buf_append(out, marker, sizeof marker, err))
            return -1;
    return 0;
}

int pyoutput_strip(const char *text, size_t len, struct gb_buf *out, struct gb_err *err)
{
    size_t at = 0, from;
    struct loggers lg;
    struct line l;

    find_loggers(text, len, &lg);
    while (next_line(text, len, at, &l)) {
        size_t block = python_block(text, len, at);

        from = at;
        if (block) {
            at += block;
        } else if (warning_line(&l)) {
            at = l.next;
            if (next_line(text, len, at, &l) && indented(&l))
                at = l.next;
        } else if (progress_bar_line(&l)) {
            at = l.next;
        } else {
            if (keep_line(text, &l, &lg, out, err))
                return -1;
            at = l.next;
            continue;
        }
        if (mark_dropped(text, from, at, out, err))
            return -1;
    }
    /* An empty text still yields a NUL-terminated buffer. */
    return gb_buf_append(out, "", 0, err);
}

int pyoutput_last_traceback(const char *text, size_t len, size_t *start, size_t *n)
{
    size_t at = 0;
    int found = 0;
    struct line l;

    while (next_line(text, len, at, &l)) {
        size_t span = python_block(text, len, at);

        if (span) {
            *start = at;
            *n = span;
            found = 1;
            at += span;
            continue;
        }
        at = l.next;
    }
    return found;
}
