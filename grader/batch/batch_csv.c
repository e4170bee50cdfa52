/* batch_csv.c — grades.csv, Moodle's worksheet and Canvas's import (see batch_csv.h). */
#define _GNU_SOURCE
#include "batch/batch_csv.h"

#include <csv.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "batch/batch_feedback.h"
#include "batch/batch_late.h"
#include "batch/batch_status.h"
#include "buf.h"

struct sheet {
    char *data;
    size_t len;
    FILE *f;
    int first;                 /* no field yet on this line */
};

static int sheet_open(struct sheet *s, struct gb_err *err)
{
    memset(s, 0, sizeof *s);
    s->first = 1;
    s->f = open_memstream(&s->data, &s->len);
    return s->f ? 0 : gb_fail(err, "out of memory");
}

static void field(struct sheet *s, const char *text)
{
    const char *t = text ? text : "";

    if (!s->first)
        fputc(',', s->f);
    s->first = 0;
    /* A spreadsheet runs a cell starting with = + - @ as a formula, and Excel
     * and LibreOffice skip a leading TAB or CR before deciding (OWASP's CSV
     * injection list), so those are guarded too. */
    if (t[0] && strchr("=+-@\t\r", t[0])) {
        char *safe;

        if (asprintf(&safe, "'%s", t) >= 0) {
            csv_fwrite(s->f, safe, strlen(safe));
            free(safe);
        }
        return;
    }
    csv_fwrite(s->f, t, strlen(t));
}

static void number(struct sheet *s, double v)
{
    char buf[64];

    snprintf(buf, sizeof buf, "%.10g", v);
    field(s, buf);
}

static void end_line(struct sheet *s)
{
    fputs("\r\n", s->f);     /* RFC 4180, and what both LMSs write */
    s->first = 1;
}

static int sheet_save(struct sheet *s, const char *out_dir, const char *name, struct gb_err *err)
{
    char path[PATH_MAX];
    int rc = 0;

    if (fclose(s->f) != 0)
        rc = gb_fail(err, "out of memory");
    s->f = NULL;
    snprintf(path, sizeof path, "%s/%s", out_dir, name);
    if (rc == 0)
        rc = gb_write_file_atomic(path, s->data ? s->data : "", s->len, err);
    free(s->data);
    return rc;
}

static const struct batch_row *row_of(const struct batch_book *b, const char *student,
                                      const char *exercise)
{
    for (size_t i = 0; i < b->n_rows; i++)
        if (!strcmp(b->rows[i].student, student) && !strcmp(b->rows[i].exercise, exercise))
            return &b->rows[i];
    return NULL;
}

void batch_csv_totals(const struct batch_book *b, const char *student, double *total,
                      double *max_total, int *review, int *errors)
{
    *total = *max_total = 0;
    *review = *errors = 0;
    for (size_t i = 0; i < b->n_rows; i++) {
        const struct batch_row *r = &b->rows[i];

        if (strcmp(r->student, student) || !r->status)
            continue;
        if (!strcmp(r->status, "error")) {
            (*errors)++;
            continue;
        }
        *total += r->score;
        *max_total += r->max_score;
        *review += !strcmp(r->status, "needs_review");
    }
}

/* The largest maximum any student's graded exercises add up to. */
static double top_max(const struct batch_book *b)
{
    double top = 0;

    for (size_t i = 0; i < b->cohort.n_students; i++) {
        double total, max;
        int review, errors;

        batch_csv_totals(b, b->cohort.students[i].id, &total, &max, &review, &errors);
        top = max > top ? max : top;
    }
    return top;
}

static void grades_header(struct sheet *s, const struct batch_book *b)
{
    static const char *const head[] = { "student", "name", "email", "late" };

    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        field(s, head[i]);
    for (size_t e = 0; e < b->n_exercises; e++)
        field(s, b->exercises[e]);
    field(s, "total");
    field(s, "max_total");
    field(s, "needs_review");
    field(s, "not_graded");
    field(s, "note");
    field(s, "days_late");
    field(s, "late_penalty");
    field(s, "total_before_penalty");
    field(s, "matches_sample");
    end_line(s);
}

/* The total after the late policy's penalty (batch_late.h); *late filled,
 * 0 when there is no policy or no known hand-in time (total unchanged). */
static double after_penalty(const struct batch_book *b, const char *student, double total,
                            struct batch_late *late, int *known)
{
    *known = batch_late_of(b, student, late);
    return *known ? total * (1 - late->percent / 100) : total;
}

/* days_late, late_penalty (percent), total_before_penalty; blank without a policy. */
static void late_fields(struct sheet *s, const struct batch_late *late, double total)
{
    if (!late) {
        field(s, "");
        field(s, "");
        field(s, "");
        return;
    }
    number(s, late->days);
    number(s, late->percent);
    number(s, total);
}

/* The exercises whose published sample the student handed in, with how
 * alike ("attention_by_hand 98%"); blank when none. */
static int sample_field(struct sheet *s, const struct batch_book *b,
                        const struct batch_similarity *sim, const char *student,
                        struct gb_buf *text, struct gb_err *err)
{
    text->len = 0;
    for (size_t e = 0; e < b->n_exercises; e++) {
        const struct batch_sample_match *m =
            batch_similar_sample_match(sim, student, b->exercises[e]);

        if (m && gb_buf_printf(text, err, "%s%s %.0f%%", text->len ? "; " : "", m->exercise,
                               m->score * 100))
            return -1;
    }
    field(s, text->len ? text->data : "");
    return 0;
}

static int write_grades(const struct batch_book *b, const struct batch_similarity *sim,
                        const char *out_dir, struct gb_err *err)
{
    struct gb_buf note = GB_BUF_INIT;
    struct batch_late late;
    struct sheet s;
    char why[1024];
    int ungraded, known = 0;

    if (sheet_open(&s, err))
        return -1;
    grades_header(&s, b);
    for (size_t i = 0; i < b->cohort.n_students; i++) {
        const struct batch_student *st = &b->cohort.students[i];
        double total, max;
        int review, errors;

        field(&s, st->id);
        field(&s, st->name);
        field(&s, st->email);
        field(&s, st->late ? "yes" : "");
        for (size_t e = 0; e < b->n_exercises; e++) {
            const struct batch_row *r = row_of(b, st->id, b->exercises[e]);

            if (r && r->status && strcmp(r->status, "error"))
                number(&s, r->score);
            else
                field(&s, "");
        }
        batch_csv_totals(b, st->id, &total, &max, &review, &errors);
        ungraded = batch_status_ungraded(b, st->id, why, sizeof why);
        if (ungraded) {
            field(&s, "");           /* not 0/0: nothing was graded, and the note says why */
            field(&s, "");
        } else {
            number(&s, after_penalty(b, st->id, total, &late, &known));
            number(&s, max);
        }
        number(&s, review);
        number(&s, errors);
        note.len = 0;
        if (gb_buf_puts(&note, why, err) || batch_feedback_overrides(b, st->id, &note, err)) {
            gb_buf_free(&note);
            fclose(s.f);
            free(s.data);
            return -1;
        }
        field(&s, note.data);
        late_fields(&s, !ungraded && known ? &late : NULL, total);
        if (sample_field(&s, b, sim, st->id, &note, err)) {
            gb_buf_free(&note);
            fclose(s.f);
            free(s.data);
            return -1;
        }
        end_line(&s);
    }
    gb_buf_free(&note);
    return sheet_save(&s, out_dir, "grades.csv", err);
}

/* The newest grading of the student's results as RFC 3339 (PHP's strtotime,
 * which Moodle's importer applies, reads it), or now when there is none.
 * Moodle keeps a grade changed in Moodle after this time (unless the import
 * is told to overwrite), so a hand correction there is not undone. */
static void last_modified(const struct batch_book *b, const char *student, char *out,
                          size_t size)
{
    const char *newest = NULL;
    time_t now = time(NULL);
    struct tm tm;

    for (size_t i = 0; i < b->n_rows; i++) {
        const struct batch_row *r = &b->rows[i];

        if (!strcmp(r->student, student) && r->graded_at &&
            (!newest || strcmp(r->graded_at, newest) > 0))
            newest = r->graded_at;
    }
    if (newest && strlen(newest) >= 19) {
        snprintf(out, size, "%.19s+00:00", newest);
        return;
    }
    strftime(out, size, "%Y-%m-%dT%H:%M:%S+00:00", gmtime_r(&now, &tm));
}

/* The grade an LMS file gets: the total, or for a student of whom nothing
 * was graded blank (both importers skip a blank grade), 0 only when asked. */
static void lms_grade(struct sheet *s, const struct batch_book *b, const char *student,
                      double total)
{
    struct batch_late late;
    char why[8];
    int known;

    if (!batch_status_ungraded(b, student, why, sizeof why))
        number(s, after_penalty(b, student, total, &late, &known));
    else
        field(s, b->missing_as_zero ? "0" : "");
}

/* Moodle's offline grading worksheet, as its importer reads it
 * (mod/assign/feedback/offline/importgradeslib.php, init() and next()): the
 * columns are found by their exact names "Identifier", "Grade" and "Last
 * modified (grade)", all three required, the file refused otherwise; the
 * identifier is "Participant " then the participant id; "Feedback comments"
 * (the comments plugin's name) is imported as the feedback text when it is
 * not the first column.  Every row has the header's number of fields. */
static int write_moodle(const struct batch_book *b, const char *out_dir, struct gb_err *err)
{
    static const char *const head[] = { "Identifier", "Full name", "Email address", "Grade",
                                        "Maximum Grade", "Last modified (grade)",
                                        "Feedback comments" };
    struct gb_buf note = GB_BUF_INIT;
    struct sheet s;
    char id[300], when[64];
    size_t n = 0;
    int rc = 0;

    if (sheet_open(&s, err))
        return -1;
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        field(&s, head[i]);
    end_line(&s);
    for (size_t i = 0; rc == 0 && i < b->cohort.n_students; i++) {
        const struct batch_student *st = &b->cohort.students[i];
        double total, max;
        int review, errors;

        if (st->lms != BATCH_LMS_MOODLE)
            continue;
        n++;
        batch_csv_totals(b, st->id, &total, &max, &review, &errors);
        snprintf(id, sizeof id, "Participant %s", st->raw_id);
        last_modified(b, st->id, when, sizeof when);
        note.len = 0;
        rc = gb_buf_puts(&note, "", err) || batch_feedback_text(b, st->id, &note, err) ? -1 : 0;
        field(&s, id);
        field(&s, st->name);
        field(&s, st->email);
        lms_grade(&s, b, st->id, total);
        number(&s, max > 0 ? max : top_max(b));
        field(&s, when);
        field(&s, note.data);
        end_line(&s);
    }
    gb_buf_free(&note);
    if (rc || n == 0) {
        fclose(s.f);
        free(s.data);
        return rc;
    }
    return sheet_save(&s, out_dir, "moodle_grades.csv", err);
}

static int write_canvas(const struct batch_book *b, const char *out_dir, struct gb_err *err)
{
    static const char *const head[] = { "Student", "ID", "SIS User ID", "SIS Login ID",
                                        "Section" };
    struct sheet s;
    double top = 0;
    size_t n = 0;

    if (sheet_open(&s, err))
        return -1;
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        field(&s, head[i]);
    field(&s, b->assignment ? b->assignment : "gradebox");
    end_line(&s);
    top = top_max(b);
    field(&s, "Points Possible");
    for (int i = 0; i < 4; i++)
        field(&s, "");
    number(&s, top);
    end_line(&s);
    for (size_t i = 0; i < b->cohort.n_students; i++) {
        const struct batch_student *st = &b->cohort.students[i];
        double total, max;
        int review, errors;

        if (st->lms != BATCH_LMS_CANVAS)
            continue;
        n++;
        batch_csv_totals(b, st->id, &total, &max, &review, &errors);
        field(&s, st->name);
        field(&s, st->raw_id);
        field(&s, "");
        field(&s, "");
        field(&s, "");
        lms_grade(&s, b, st->id, total);
        end_line(&s);
    }
    if (n == 0) {
        fclose(s.f);
        free(s.data);
        return 0;
    }
    return sheet_save(&s, out_dir, "canvas_grades.csv", err);
}

int batch_csv_write(const struct batch_book *book, const struct batch_similarity *sim,
                    const char *out_dir, struct gb_err *err)
{
    return write_grades(book, sim, out_dir, err) || write_moodle(book, out_dir, err) ||
           write_canvas(book, out_dir, err) ? -1 : 0;
}
