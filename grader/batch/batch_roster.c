/* batch_roster.c — a roster CSV applied to a cohort (see batch_roster.h). */
#define _GNU_SOURCE
#include "batch/batch_roster.h"

#include <csv.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "report/report.h"

#define ROSTER_MAX (16u << 20)
#define MAX_COLUMNS 256

struct roster {
    char *row[MAX_COLUMNS];       /* the fields of the row being read */
    size_t n_fields;
    int id, name, email;          /* column indexes, -1 when absent */
    size_t rows;                  /* rows read, header included */
    struct batch_cohort *c;
    struct gb_err *err;
    int failed;
};

static int column_of(char *const *row, size_t n, const char *const *names)
{
    for (const char *const *want = names; *want; want++)
        for (size_t i = 0; i < n; i++)
            if (row[i] && !strcasecmp(row[i], *want))
                return (int)i;
    return -1;
}

static void read_header(struct roster *r)
{
    static const char *const ids[] = { "id", "student id", "sid", "identifier", "user id",
                                       "username", "login id", "sis login id", NULL };
    static const char *const names[] = { "name", "full name", "student name", "student", NULL };
    static const char *const emails[] = { "email", "email address", "e-mail", NULL };

    r->id = column_of(r->row, r->n_fields, ids);
    r->name = column_of(r->row, r->n_fields, names);
    r->email = column_of(r->row, r->n_fields, emails);
}

static const char *field_at(const struct roster *r, int i)
{
    return i >= 0 && (size_t)i < r->n_fields && r->row[i] ? r->row[i] : "";
}

static int replace(char **field, const char *value, struct gb_err *err)
{
    char *copy;

    if (!*value)
        return 0;
    if (!(copy = report_clean_dup(value, err)))
        return -1;
    free(*field);
    *field = copy;
    return 0;
}

static int read_student(struct roster *r)
{
    const char *id = field_at(r, r->id);
    struct batch_student *s;

    if (!strncasecmp(id, "Participant ", 12))
        id += 12;
    if (!*id)
        return 0;
    s = batch_cohort_student_for(r->c, id, BATCH_LMS_FOLDER, r->err);
    if (!s)
        return -1;
    s->in_roster = 1;
    return replace(&s->name, field_at(r, r->name), r->err) ||
           replace(&s->email, field_at(r, r->email), r->err) ? -1 : 0;
}

static void on_field(void *data, size_t len, void *ctx)
{
    struct roster *r = ctx;

    if (r->n_fields < MAX_COLUMNS && !(r->row[r->n_fields++] = strndup(data ? data : "", len)))
        r->failed = 1;
}

static void on_row(int term, void *ctx)
{
    struct roster *r = ctx;

    (void)term;
    if (!r->failed && r->rows++ == 0)
        read_header(r);
    else if (!r->failed && r->id >= 0 && read_student(r))
        r->failed = 1;
    for (size_t i = 0; i < r->n_fields; i++)
        free(r->row[i]);
    r->n_fields = 0;
}

static int check_membership(struct batch_cohort *c, struct gb_err *err)
{
    size_t n = c->n_students;

    for (size_t i = 0; i < n; i++) {
        const struct batch_student *s = &c->students[i];
        int has_upload = 0;

        for (size_t u = 0; u < c->n_uploads && !has_upload; u++)
            has_upload = !strcmp(c->uploads[u].student, s->id);
        if (!s->in_roster &&
            batch_cohort_notice(c, s->id, err, "not on the roster (graded all the same)"))
            return -1;
        if (s->in_roster && !has_upload && batch_cohort_problem(c, s->id, err, "no upload"))
            return -1;
    }
    return 0;
}

int batch_roster_apply(const char *path, struct batch_cohort *c, struct gb_err *err)
{
    struct roster r = { .id = -1, .name = -1, .email = -1, .c = c, .err = err };
    struct gb_buf text = GB_BUF_INIT;
    struct csv_parser p;
    int rc;

    gb_err_clear(err);
    if (gb_read_file(path, ROSTER_MAX, &text, err))
        return gb_err_prefix(err, "roster");
    if (csv_init(&p, CSV_APPEND_NULL) != 0) {
        gb_buf_free(&text);
        return gb_fail(err, "out of memory");
    }
    if (csv_parse(&p, text.data ? text.data : "", text.len, on_field, on_row, &r) != text.len)
        rc = gb_fail(err, "roster %s: %s", path, csv_strerror(csv_error(&p)));
    else
        rc = csv_fini(&p, on_field, on_row, &r) ? gb_fail(err, "roster %s: %s", path,
                                                          csv_strerror(csv_error(&p))) : 0;
    csv_free(&p);
    gb_buf_free(&text);
    for (size_t i = 0; i < r.n_fields; i++)
        free(r.row[i]);
    if (rc == 0 && r.failed)
        rc = err && err->msg[0] ? -1 : gb_fail(err, "out of memory");
    if (rc == 0 && r.id < 0)
        rc = gb_fail(err, "roster %s: no id column (one headed id, student id, sid, identifier, "
                          "user id or username)", path);
    return rc ? rc : check_membership(c, err);
}
