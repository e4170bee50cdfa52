/* batch_status.c — graded or why not, for each student (see batch_status.h). */
#include "batch/batch_status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Appends "; " and a formatted clause to out, cutting at size. */
static void clause(char *out, size_t size, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void clause(char *out, size_t size, size_t *n, const char *fmt, ...)
{
    va_list ap;
    int k;

    if (*n + 1 >= size)
        return;
    if (*n) {
        k = snprintf(out + *n, size - *n, "; ");
        *n += (size_t)k < size - *n ? (size_t)k : size - *n - 1;
    }
    va_start(ap, fmt);
    k = vsnprintf(out + *n, size - *n, fmt, ap);
    va_end(ap);
    if (k > 0)
        *n += (size_t)k < size - *n ? (size_t)k : size - *n - 1;
}

int batch_status_ungraded(const struct batch_book *b, const char *student, char *why,
                          size_t size)
{
    size_t n = 0, counted = 0;

    why[0] = '\0';
    for (size_t i = 0; i < b->n_rows; i++) {
        const struct batch_row *r = &b->rows[i];

        if (strcmp(r->student, student))
            continue;
        if (r->status && strcmp(r->status, "error"))
            counted++;
        else if (r->status)
            clause(why, size, &n, "%s could not be graded: %s", r->exercise,
                   r->error ? r->error : "the rubric or the reference is at fault");
        else
            clause(why, size, &n, "%s not graded yet", r->exercise);
    }
    if (counted)
        return 0;
    for (size_t i = 0; i < b->cohort.n_problems; i++) {
        const struct batch_problem *p = &b->cohort.problems[i];

        if (p->student && !strcmp(p->student, student))
            clause(why, size, &n, "%s", p->what);
    }
    if (n == 0)
        clause(why, size, &n, "nothing handed in");
    return 1;
}

void batch_status_who(const struct batch_book *b, const char *student, char *out, size_t size)
{
    const struct batch_student *s = NULL;

    for (size_t i = 0; i < b->cohort.n_students && !s; i++)
        if (!strcmp(b->cohort.students[i].id, student))
            s = &b->cohort.students[i];
    if (s && s->name && s->name[0])
        snprintf(out, size, "%s (%s)", student, s->name);
    else
        snprintf(out, size, "%s", student);
}
