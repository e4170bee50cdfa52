/* report_output.c — which lines of the program's output a report shows, and
 * how a line is shown safely (see report_output.h). */
#include "report/report_output.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

/* Appends each number of a list "3", "3 and 4", "3, 5 and 9" at p to lines. */
static size_t cite_list(const char *p, size_t *lines, size_t n, size_t max)
{
    for (;;) {
        char *end;
        unsigned long v;
        size_t i;

        if (!isdigit((unsigned char)*p))
            return n;
        v = strtoul(p, &end, 10);
        for (i = 0; i < n && lines[i] != v; i++)
            ;
        if (i == n && n < max && v > 0)
            lines[n++] = v;
        p = end;
        if (!strncmp(p, ", and ", 6))
            p += 6;
        else if (!strncmp(p, " and ", 5))
            p += 5;
        else if (!strncmp(p, ", ", 2))
            p += 2;
        else
            return n;
    }
}

static size_t cites_in(const char *s, size_t *lines, size_t n, size_t max)
{
    for (const char *p = s; p && (p = strstr(p, "output line")) != NULL;) {
        p += strlen("output line");
        if (*p == 's')
            p++;
        if (*p == ' ')
            n = cite_list(p + 1, lines, n, max);
    }
    return n;
}

size_t report_output_cites(const struct check_result *c, size_t *lines, size_t max)
{
    return cites_in(c->message, lines, cites_in(c->where, lines, 0, max), max);
}

/* Marks (in want, one byte per line from 1) every line cited by a check, at
 * most REPORT_OUTPUT_CITES, with its neighbours; counts them in v. */
static void want_cited(const struct grade_result *r, unsigned char *want, size_t total,
                       struct report_output *v)
{
    size_t cites[REPORT_OUTPUT_CITES];

    for (size_t i = 0; i < r->n_checks && v->n_cited < REPORT_OUTPUT_CITES; i++) {
        size_t n = report_output_cites(&r->checks[i], cites, REPORT_OUTPUT_CITES);

        for (size_t k = 0; k < n && v->n_cited < REPORT_OUTPUT_CITES; k++) {
            size_t at = cites[k];

            if (at > total || (want[at] & 2))
                continue;
            want[at] |= 2;
            v->n_cited++;
            for (size_t j = at > REPORT_OUTPUT_AROUND ? at - REPORT_OUTPUT_AROUND : 1;
                 j <= at + REPORT_OUTPUT_AROUND && j <= total; j++)
                want[j] |= 1;
        }
    }
}

static size_t count_lines(const char *s, size_t len)
{
    size_t n = 0;

    for (size_t i = 0; i < len; i++)
        n += s[i] == '\n';
    return n + (len > 0 && s[len - 1] != '\n');
}

/* How many bytes of a line of len bytes are shown: all, or the longest
 * prefix within REPORT_OUTPUT_COLS that does not split a character. */
static size_t shown_len(const char *s, size_t len)
{
    size_t n = len;

    if (n <= REPORT_OUTPUT_COLS)
        return n;
    n = REPORT_OUTPUT_COLS;
    while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
        n--;
    return n;
}

static int collect(const char *s, size_t len, const unsigned char *want,
                   struct report_output *v, struct gb_err *err)
{
    size_t n = 0, shown = 0, line = 1;

    for (size_t i = 1; i <= v->total_lines; i++)
        n += want[i] != 0;
    if (!(v->lines = calloc(n ? n : 1, sizeof *v->lines)))
        return gb_fail(err, "out of memory showing the program's output");
    for (const char *p = s; p < s + len && shown < n; line++) {
        const char *nl = memchr(p, '\n', (size_t)(s + len - p));
        size_t l = nl ? (size_t)(nl - p) : (size_t)(s + len - p);

        if (want[line]) {
            struct report_output_line *o = &v->lines[shown++];

            o->n = line;
            o->text = p;
            o->len = shown_len(p, l);
            o->cut = o->len < l;
            o->cited = (want[line] & 2) != 0;
        }
        p += l + 1;
    }
    v->n_lines = shown;
    return 0;
}

int report_output_view(const struct grade_result *r, struct report_output *v,
                       struct gb_err *err)
{
    const char *s = r->run.out.data;
    size_t len = s ? r->run.out.len : 0;     /* a NUL printed is shown escaped */
    unsigned char *want;
    int rc;

    memset(v, 0, sizeof *v);
    if (!s)
        return 1;
    v->kept_bytes = len;
    v->total_bytes = r->run.out.total > len ? r->run.out.total : len;
    v->sandbox_cut = r->run.out.truncated;
    v->total_lines = count_lines(s, len);
    if (!(want = calloc(v->total_lines + 2, 1)))
        return gb_fail(err, "out of memory showing the program's output");
    want_cited(r, want, v->total_lines, v);
    for (size_t i = 1; i <= v->total_lines; i++)
        if (v->total_lines <= REPORT_OUTPUT_WHOLE || i <= REPORT_OUTPUT_HEAD
            || i + REPORT_OUTPUT_TAIL > v->total_lines)
            want[i] |= 1;
    rc = collect(s, len, want, v, err);
    free(want);
    if (rc)
        report_output_free(v);
    return rc;
}

void report_output_free(struct report_output *v)
{
    free(v->lines);
    memset(v, 0, sizeof *v);
}

int report_output_note(const struct report_output *v, struct gb_buf *out, struct gb_err *err)
{
    size_t cut = 0;
    int rc;

    for (size_t i = 0; i < v->n_lines; i++)
        cut += v->lines[i].cut;
    if (v->total_lines == 0)
        return gb_buf_puts(out, "none: the program printed nothing", err);
    rc = gb_buf_printf(out, err, "%zu line%s, %zu bytes", v->total_lines,
                       v->total_lines == 1 ? "" : "s", v->kept_bytes);
    if (rc == 0 && v->n_lines == v->total_lines)
        rc = gb_buf_puts(out, ", shown whole", err);
    else if (rc == 0)
        rc = gb_buf_printf(out, err, "; shown: the first %d, the last %d and each cited line "
                           "with %d either side (%zu lines)", REPORT_OUTPUT_HEAD,
                           REPORT_OUTPUT_TAIL, REPORT_OUTPUT_AROUND, v->n_lines);
    if (rc == 0 && v->n_cited)
        rc = gb_buf_printf(out, err, "; %zu line%s cited by checks marked '>'", v->n_cited,
                           v->n_cited == 1 ? "" : "s");
    if (rc == 0 && cut)
        rc = gb_buf_printf(out, err, "; %zu long line%s cut at %d bytes (…)", cut,
                           cut == 1 ? "" : "s", REPORT_OUTPUT_COLS);
    if (rc == 0 && v->sandbox_cut)
        rc = gb_buf_printf(out, err, "; the program wrote %zu bytes, of which the sandbox kept "
                           "the first and last part", v->total_bytes);
    return rc;
}

int report_output_line_text(const struct report_output_line *l, struct gb_buf *out,
                            struct gb_err *err)
{
    char one[5] = { 0 };

    for (size_t i = 0; i < l->len;) {
        const unsigned char *p = (const unsigned char *)l->text + i;
        size_t n, k;
        int rc;

        for (k = 0; k < 4 && i + k < l->len; k++)
            one[k] = (char)p[k];
        one[k] = '\0';                   /* a character cannot run past the line */
        n = report_utf8_sequence((const unsigned char *)one);
        if (n == 0 && p[0] == 0xc2 && i + 1 < l->len && p[1] >= 0x80 && p[1] <= 0x9f)
            rc = gb_buf_printf(out, err, "\\u%04x", p[1]), n = 2;     /* a C1 control */
        else if (n == 0 || (n == 1 && ((p[0] < 0x20 && p[0] != '\t') || p[0] == 0x7f)))
            rc = gb_buf_printf(out, err, "\\x%02x", p[0]), n = 1;
        else
            rc = gb_buf_append(out, p, n, err);
        if (rc)
            return -1;
        i += n;
    }
    return l->cut ? gb_buf_puts(out, "…", err) : 0;
}

/* "    ... lines 16-25 not shown" for the lines from..to-1, if any. */
static int gap(struct gb_buf *out, size_t from, size_t to, struct gb_err *err)
{
    if (to <= from)
        return 0;
    return to == from + 1 ? gb_buf_printf(out, err, "    ... line %zu not shown\n", from)
                          : gb_buf_printf(out, err, "    ... lines %zu-%zu not shown\n", from,
                                          to - 1);
}

int report_output_block(const struct report_output *v, struct gb_buf *out, struct gb_err *err)
{
    size_t next = 1;

    for (size_t i = 0; i < v->n_lines; i++) {
        const struct report_output_line *l = &v->lines[i];

        if (gap(out, next, l->n, err)
            || gb_buf_printf(out, err, "%c%6zu | ", l->cited ? '>' : ' ', l->n)
            || report_output_line_text(l, out, err) || gb_buf_puts(out, "\n", err))
            return -1;
        next = l->n + 1;
    }
    return gap(out, next, v->total_lines + 1, err);
}
