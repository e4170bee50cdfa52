/* batch_csv.c — grades.csv, Moodle's worksheet and Canvas's import (see batch_csv.h). */
#define _GNU_SOURCE
#include "batch/batch_csv.h"

#include <csv.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    if (t[0] && strchr("=+-@", t[0])) {     /* a spreadsheet would run it as a formula */
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
    end_line(s);
}

static int write_grades(const struct batch_book *b, const char *out_dir, struct gb_err *err)
{
    struct sheet s;

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
        number(&s, total);
        number(&s, max);
        number(&s, review);
        number(&s, errors);
        end_line(&s);
    }
    return sheet_save(&s, out_dir, "grades.csv", err);
}

/* "attention_by_hand 13/13; order_matters 7/10 (needs review)" */
static void feedback(const struct batch_book *b, const char *student, char *out, size_t size)
{
    size_t n = 0;

    out[0] = '\0';
    for (size_t i = 0; i < b->n_rows && n < size; i++) {
        const struct batch_row *r = &b->rows[i];

        if (strcmp(r->student, student) || !r->status)
            continue;
        if (!strcmp(r->status, "error"))
            n += (size_t)snprintf(out + n, size - n, "%s%s not graded", n ? "; " : "",
                                  r->exercise);
        else
            n += (size_t)snprintf(out + n, size - n, "%s%s %g/%g%s", n ? "; " : "", r->exercise,
                                  r->score, r->max_score,
                                  !strcmp(r->status, "needs_review") ? " (needs review)" : "");
    }
}

static int write_moodle(const struct batch_book *b, const char *out_dir, struct gb_err *err)
{
    static const char *const head[] = { "Identifier", "Full name", "Email address", "Grade",
                                        "Maximum Grade", "Feedback comments" };
    struct sheet s;
    char id[300], note[2048];
    size_t n = 0;

    if (sheet_open(&s, err))
        return -1;
    for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
        field(&s, head[i]);
    end_line(&s);
    for (size_t i = 0; i < b->cohort.n_students; i++) {
        const struct batch_student *st = &b->cohort.students[i];
        double total, max;
        int review, errors;

        if (st->lms != BATCH_LMS_MOODLE)
            continue;
        n++;
        batch_csv_totals(b, st->id, &total, &max, &review, &errors);
        snprintf(id, sizeof id, "Participant %s", st->raw_id);
        feedback(b, st->id, note, sizeof note);
        field(&s, id);
        field(&s, st->name);
        field(&s, st->email);
        number(&s, total);
        number(&s, max);
        field(&s, note);
        end_line(&s);
    }
    if (n == 0) {
        fclose(s.f);
        free(s.data);
        return 0;
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
    for (size_t i = 0; i < b->cohort.n_students; i++) {
        double total, max;
        int review, errors;

        batch_csv_totals(b, b->cohort.students[i].id, &total, &max, &review, &errors);
        top = max > top ? max : top;
    }
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
        number(&s, total);
        end_line(&s);
    }
    if (n == 0) {
        fclose(s.f);
        free(s.data);
        return 0;
    }
    return sheet_save(&s, out_dir, "canvas_grades.csv", err);
}

int batch_csv_write(const struct batch_book *book, const char *out_dir, struct gb_err *err)
{
    return write_grades(book, out_dir, err) || write_moodle(book, out_dir, err) ||
           write_canvas(book, out_dir, err) ? -1 : 0;
}
