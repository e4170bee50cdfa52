/* batch_fbzip.c — Moodle's feedback-files zip (see batch_fbzip.h). */
#define _GNU_SOURCE
#include "batch/batch_fbzip.h"

#include <archive.h>
#include <archive_entry.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch/batch_feedback.h"
#include "buf.h"

#define REPORT_MAX (4u << 20)

/* The folder Moodle's importer reads a participant from:
 * "Chloé Dubois_10003_assignfeedback_file_". */
static void folder_of(const struct batch_student *st, char *out, size_t size)
{
    int n = snprintf(out, size, "%s", st->name && st->name[0] ? st->name : "student");

    for (char *p = out; *p; p++)
        if (*p == '_' || *p == '/' || *p == '\\')
            *p = ' ';
    if (n >= 0 && (size_t)n < size)
        snprintf(out + n, size - (size_t)n, "_%s_assignfeedback_file_", st->raw_id);
}

/* The feedback, then each of the student's text reports as written in DIR. */
static int body_of(const struct batch_book *b, const char *out_dir, const char *student,
                   struct gb_buf *out, struct gb_err *err)
{
    if (batch_feedback_text(b, student, out, err))
        return -1;
    for (size_t i = 0; i < b->n_rows; i++) {
        const struct batch_row *r = &b->rows[i];
        struct gb_buf rep = GB_BUF_INIT;
        struct gb_err ignored;
        char path[PATH_MAX];

        if (strcmp(r->student, student) || !r->json)
            continue;
        snprintf(path, sizeof path, "%s/%s/%s.txt", out_dir, student, r->exercise);
        if (access(path, F_OK) != 0 || gb_read_file(path, REPORT_MAX, &rep, &ignored))
            continue;     /* the report is a courtesy; the feedback above is the grade's */
        if (gb_buf_printf(out, err, "\n==== %s ====\n%s", r->exercise, rep.data ? rep.data : "")) {
            gb_buf_free(&rep);
            return -1;
        }
        gb_buf_free(&rep);
    }
    return 0;
}

static int add_entry(struct archive *a, const char *name, const struct gb_buf *body,
                     struct gb_err *err)
{
    struct archive_entry *e = archive_entry_new();
    int rc = 0;

    if (!e)
        return gb_fail(err, "out of memory");
    archive_entry_set_pathname_utf8(e, name);
    archive_entry_set_filetype(e, AE_IFREG);
    archive_entry_set_perm(e, 0644);
    archive_entry_set_size(e, (la_int64_t)body->len);
    archive_entry_set_mtime(e, time(NULL), 0);
    if (archive_write_header(a, e) != ARCHIVE_OK ||
        archive_write_data(a, body->data ? body->data : "", body->len) != (la_ssize_t)body->len)
        rc = gb_fail(err, "%s: %s", BATCH_FBZIP_FILE, archive_error_string(a));
    archive_entry_free(e);
    return rc;
}

static int write_entries(const struct batch_book *b, const char *out_dir, struct archive *a,
                         size_t *n, struct gb_err *err)
{
    for (size_t i = 0; i < b->cohort.n_students; i++) {
        const struct batch_student *st = &b->cohort.students[i];
        struct gb_buf body = GB_BUF_INIT;
        char folder[600], name[700];
        int rc;

        if (st->lms != BATCH_LMS_MOODLE)
            continue;
        if (body_of(b, out_dir, st->id, &body, err))
            return gb_buf_free(&body), -1;
        if (body.len == 0) {               /* nothing graded: no feedback to upload */
            gb_buf_free(&body);
            continue;
        }
        folder_of(st, folder, sizeof folder);
        snprintf(name, sizeof name, "%s/feedback.txt", folder);
        rc = add_entry(a, name, &body, err);
        gb_buf_free(&body);
        if (rc)
            return -1;
        (*n)++;
    }
    return 0;
}

/* Written to a temporary name and renamed, so an upload never takes half a zip.
 * The thread is in C.UTF-8 meanwhile: libarchive writes a name through the
 * locale's charset and has none for "Chloé" in the C locale. */
int batch_fbzip_write(const struct batch_book *b, const char *out_dir, struct gb_err *err)
{
    char path[PATH_MAX], tmp[PATH_MAX + 8];
    locale_t mine = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0), old = 0;
    struct archive *a = archive_write_new();
    size_t n = 0;
    int rc = a ? 0 : gb_fail(err, "out of memory");

    snprintf(path, sizeof path, "%s/%s", out_dir, BATCH_FBZIP_FILE);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (mine)
        old = uselocale(mine);
    if (rc == 0 && (archive_write_set_format_zip(a) != ARCHIVE_OK ||
                    archive_write_set_options(a, "zip:hdrcharset=UTF-8") != ARCHIVE_OK ||
                    archive_write_open_filename(a, tmp) != ARCHIVE_OK))
        rc = gb_fail(err, "%s: %s", tmp, archive_error_string(a));
    if (rc == 0)
        rc = write_entries(b, out_dir, a, &n, err);
    if (rc == 0 && archive_write_close(a) != ARCHIVE_OK)
        rc = gb_fail(err, "%s: %s", tmp, archive_error_string(a));
    if (a)
        archive_write_free(a);
    if (old)
        uselocale(old);
    if (mine)
        freelocale(mine);
    if (rc == 0 && n > 0 && rename(tmp, path) != 0)
        rc = gb_fail_errno(err, "cannot write %s", path);
    if (rc || n == 0)
        unlink(tmp);
    return rc;
}
