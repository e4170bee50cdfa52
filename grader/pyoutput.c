/* pyoutput.c — Python's own lines (tracebacks, warnings) told apart from the
 * student's (see pyoutput.h).  A line-by-line state machine over the forms
 * CPython's traceback and warnings modules print. */
#include "pyoutput.h"

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

/* Length of the logging module's default prefix "LEVEL:logger:" at the
 * start of l (logger names have no spaces or colons), else 0.  It shifts a
 * logged table row right of its printed header, so it is taken off. */
static size_t logging_prefix(const struct line *l)
{
    static const char *const levels[] = { "DEBUG:", "INFO:", "WARNING:", "ERROR:", "CRITICAL:" };

    for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++) {
        size_t n = strlen(levels[i]);

        if (!line_is(l, levels[i]))
            continue;
        while (n < l->n && l->p[n] != ':' && !isspace((unsigned char)l->p[n]))
            n++;
        return n > strlen(levels[i]) && n < l->n && l->p[n] == ':' ? n + 1 : 0;
    }
    return 0;
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

int pyoutput_strip(const char *text, size_t len, struct gb_buf *out, struct gb_err *err)
{
    size_t at = 0, skip;
    struct line l;

    while (next_line(text, len, at, &l)) {
        if (line_is(&l, TRACEBACK_HEAD)) {
            at += traceback_span(text, len, at);
            continue;
        }
        if (warning_line(&l)) {
            at = l.next;
            if (next_line(text, len, at, &l) && indented(&l))
                at = l.next;
            continue;
        }
        skip = logging_prefix(&l);
        if (gb_buf_append(out, l.p + skip, l.next - at - skip, err))
            return -1;
        at = l.next;
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
        if (line_is(&l, TRACEBACK_HEAD)) {
            size_t span = traceback_span(text, len, at);

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
