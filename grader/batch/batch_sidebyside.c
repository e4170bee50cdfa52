/* batch_sidebyside.c — side-by-side pages of similar pairs (see batch_sidebyside.h). */
#include "batch/batch_sidebyside.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "batch/batch_status.h"
#include "buf.h"

#define SOURCE_MAX (1u << 20)

static const char style[] =
    "body{font:14px system-ui,sans-serif;margin:1.5em}h1{font-size:1.3em}"
    ".cols{display:flex;gap:1em}.col{flex:1;min-width:0;overflow-x:auto}"
    "table{border-collapse:collapse;width:100%}td{padding:0 .4em;vertical-align:top;"
    "font:12px ui-monospace,monospace;white-space:pre}td.ln{color:#888;text-align:right;"
    "user-select:none}tr.shared td{background:#fde68a}.note{color:#555}";

void batch_sidebyside_name(const struct batch_pair *p, char *out, size_t size)
{
    snprintf(out, size, BATCH_SIDEBYSIDE_DIR "/%s--%s--%s.html", p->exercise, p->a, p->b);
}

static int esc(struct gb_buf *o, const char *s, size_t n, struct gb_err *err)
{
    int rc = 0;

    for (size_t i = 0; rc == 0 && i < n; i++) {
        const char *e = s[i] == '<' ? "&lt;" : s[i] == '>' ? "&gt;" : s[i] == '&' ? "&amp;"
                      : s[i] == '"' ? "&quot;" : NULL;

        rc = e ? gb_buf_puts(o, e, err) : gb_buf_append(o, &s[i], 1, err);
    }
    return rc;
}

static const char *source_of(const struct batch_book *b, const char *student, const char *ex)
{
    for (size_t i = 0; i < b->n_rows; i++)
        if (!strcmp(b->rows[i].student, student) && !strcmp(b->rows[i].exercise, ex))
            return b->rows[i].path;
    return NULL;
}

/* One column: the student's name, then a row per line, shared ones marked. */
static int column(const struct batch_book *b, const char *student, const struct gb_buf *src,
                  const unsigned char *shared, size_t lines, struct gb_buf *o, struct gb_err *err)
{
    char who[400];
    const char *p = src->data ? src->data : "";
    size_t ln = 1;
    int rc;

    batch_status_who(b, student, who, sizeof who);
    rc = gb_buf_puts(o, "<div class=\"col\"><h2>", err) || esc(o, who, strlen(who), err) ||
         gb_buf_puts(o, "</h2><table>", err) ? -1 : 0;
    while (rc == 0 && (*p || ln == 1)) {
        size_t n = strcspn(p, "\n");

        rc = gb_buf_printf(o, err, "<tr%s><td class=\"ln\">%zu</td><td>",
                           ln <= lines && shared[ln - 1] ? " class=\"shared\"" : "", ln) ||
             esc(o, p, n, err) || gb_buf_puts(o, "</td></tr>\n", err) ? -1 : 0;
        p += n + (p[n] == '\n');
        ln++;
        if (!*p)
            break;
    }
    return rc || gb_buf_puts(o, "</table></div>", err) ? -1 : 0;
}

static int page(const struct batch_book *b, const struct batch_pair *pr, const char *out_dir,
                struct gb_err *err)
{
    const char *pa = source_of(b, pr->a, pr->exercise), *pb = source_of(b, pr->b, pr->exercise);
    struct gb_buf a = GB_BUF_INIT, c = GB_BUF_INIT, o = GB_BUF_INIT;
    unsigned char *la = NULL, *lb = NULL;
    size_t na = 0, nb = 0;
    char name[PATH_MAX], path[PATH_MAX * 2];
    struct gb_err why;
    int rc;

    if (!pa || !pb || gb_read_file(pa, SOURCE_MAX, &a, &why) ||
        gb_read_file(pb, SOURCE_MAX, &c, &why)) {
        gb_buf_free(&a);
        gb_buf_free(&c);
        return 0;                 /* not kept: the table still lists the pair */
    }
    rc = batch_similar_shared_lines(a.data ? a.data : "", a.len, c.data ? c.data : "", c.len,
                                    &la, &na, &lb, &nb, err);
    if (rc == 0)
        rc = gb_buf_printf(&o, err, "<!doctype html><html lang=\"en\"><meta charset=\"utf-8\">"
                           "<title>%s: %.0f%% alike</title><style>%s</style><h1>", pr->exercise,
                           pr->score * 100, style) ||
             esc(&o, pr->exercise, strlen(pr->exercise), err) ||
             gb_buf_printf(&o, err, ": %.0f%% alike, %zu shared fingerprints</h1><p class=\"note"
                           "\">Highlighted: lines in a run of %d tokens both submissions have "
                           "once names, strings, numbers, comments and layout are set aside. A "
                           "prompt to look, never a verdict.</p><div class=\"cols\">",
                           pr->score * 100, pr->shared, BATCH_SIMILAR_K) ||
             column(b, pr->a, &a, la, na, &o, err) || column(b, pr->b, &c, lb, nb, &o, err) ||
             gb_buf_puts(&o, "</div></html>\n", err) ? -1 : 0;
    batch_sidebyside_name(pr, name, sizeof name);
    snprintf(path, sizeof path, "%s/%s", out_dir, name);
    if (rc == 0)
        rc = gb_write_file_atomic(path, o.data, o.len, err);
    free(la);
    free(lb);
    gb_buf_free(&a);
    gb_buf_free(&c);
    gb_buf_free(&o);
    return rc;
}

int batch_sidebyside_write(const struct batch_book *b, const struct batch_similarity *sim,
                           const char *out_dir, struct gb_err *err)
{
    char dir[PATH_MAX];

    if (!sim || sim->n == 0)
        return 0;
    snprintf(dir, sizeof dir, "%s/" BATCH_SIDEBYSIDE_DIR, out_dir);
    if (mkdir(dir, 0755) < 0 && errno != EEXIST)
        return gb_fail_errno(err, "cannot make %s", dir);
    for (size_t i = 0; i < sim->n; i++)
        if (page(b, &sim->v[i], out_dir, err))
            return -1;
    return 0;
}
