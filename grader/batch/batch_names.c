/* batch_names.c — student, late mark and file name from an LMS's paths (see batch_names.h). */
#include "batch/batch_names.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_COMPONENTS 64

struct parts {
    const char *v[MAX_COMPONENTS];
    size_t len[MAX_COMPONENTS];
    size_t n;
};

/* Splits on '/' and '\' (zips made on Windows), dropping empty and "." parts. */
static int split(const char *path, struct parts *p)
{
    const char *s = path;

    p->n = 0;
    while (*s) {
        size_t n = strcspn(s, "/\\");

        if (n && !(n == 1 && s[0] == '.')) {
            if (p->n == MAX_COMPONENTS)
                return -1;
            p->v[p->n] = s;
            p->len[p->n++] = n;
        }
        s += n;
        if (*s)
            s++;
    }
    return 0;
}

static int part_is(const struct parts *p, size_t i, const char *word)
{
    return p->len[i] == strlen(word) && !memcmp(p->v[i], word, p->len[i]);
}

static void copy_part(char *out, size_t size, const char *s, size_t n)
{
    if (n >= size)
        n = size - 1;
    memcpy(out, s, n);
    out[n] = '\0';
}

static int is_junk(const struct parts *p)
{
    const char *base = p->v[p->n - 1];

    for (size_t i = 0; i < p->n; i++)
        if (part_is(p, i, "__MACOSX"))
            return 1;
    return part_is(p, p->n - 1, ".DS_Store") || part_is(p, p->n - 1, "Thumbs.db") ||
           part_is(p, p->n - 1, "desktop.ini") || !strncmp(base, "._", 2);
}

static size_t digits_at(const char *s, size_t n)
{
    size_t i = 0;

    while (i < n && isdigit((unsigned char)s[i]))
        i++;
    return i;
}

/* "submission_987654" */
static int gradescope_part(const char *s, size_t n, struct batch_name *out)
{
    static const char pre[] = "submission_";
    size_t k = sizeof pre - 1;

    if (n <= k || memcmp(s, pre, k) || digits_at(s + k, n - k) != n - k)
        return 0;
    out->lms = BATCH_LMS_GRADESCOPE;
    copy_part(out->student, sizeof out->student, s + k, n - k);
    return 1;
}

/* "Full Name_12345_assignsubmission_file_" */
static int moodle_part(const char *s, size_t n, struct batch_name *out)
{
    static const char tag[] = "_assignsubmission_";
    const char *t = NULL, *id;

    for (size_t i = 0; i + sizeof tag - 1 <= n; i++)
        if (!memcmp(s + i, tag, sizeof tag - 1))
            t = s + i;
    if (!t)
        return 0;
    id = t;
    while (id > s && isdigit((unsigned char)id[-1]))
        id--;
    if (id == t || id - s < 2 || id[-1] != '_')
        return 0;
    out->lms = BATCH_LMS_MOODLE;
    copy_part(out->student, sizeof out->student, id, (size_t)(t - id));
    copy_part(out->shown, sizeof out->shown, s, (size_t)(id - 1 - s));
    return 1;
}

/* Canvas renames a file handed in again under a name it already holds:
 * "attention_by_hand.py", then "attention_by_hand-1.py", "-2", ...  The N of
 * a final "-N" before the extension, else 0. */
static long canvas_revision(const char *file)
{
    const char *dot = strrchr(file, '.'), *end = dot ? dot : file + strlen(file), *p = end;

    while (p > file && isdigit((unsigned char)p[-1]))
        p--;
    if (p == end || p - file < 2 || p[-1] != '-' || end - p > 6)
        return 0;
    return strtol(p, NULL, 10);
}

/* "doejane_12345_67890_file.py" or "doejane_LATE_12345_67890_file.py" */
static int canvas_base(const char *s, size_t n, struct batch_name *out)
{
    size_t login = strcspn(s, "_"), i, d1, d2;
    int late = 0;

    if (login == 0 || login >= n)
        return 0;
    for (i = 0; i < login; i++)
        if (!(islower((unsigned char)s[i]) || isdigit((unsigned char)s[i]) || s[i] == '-'))
            return 0;
    i = login + 1;
    if (n - i > 5 && (!memcmp(s + i, "LATE_", 5) || !memcmp(s + i, "late_", 5))) {
        late = 1;
        i += 5;
    }
    d1 = digits_at(s + i, n - i);
    if (!d1 || i + d1 >= n || s[i + d1] != '_')
        return 0;
    d2 = digits_at(s + i + d1 + 1, n - i - d1 - 1);
    if (!d2 || i + d1 + 1 + d2 >= n - 1 || s[i + d1 + 1 + d2] != '_')
        return 0;
    out->lms = BATCH_LMS_CANVAS;
    out->late = late;
    out->versioned = 1;
    out->attachment = strtoll(s + i + d1 + 1, NULL, 10);
    copy_part(out->shown, sizeof out->shown, s, login);
    copy_part(out->student, sizeof out->student, s + i, d1);
    copy_part(out->file, sizeof out->file, s + i + d1 + 1 + d2 + 1,
              n - (i + d1 + 1 + d2 + 1));
    out->revision = canvas_revision(out->file);
    return 1;
}

static int recognise_lms(const struct parts *p, size_t first, struct batch_name *out)
{
    for (size_t i = first; i + 1 < p->n; i++)
        if (gradescope_part(p->v[i], p->len[i], out) || moodle_part(p->v[i], p->len[i], out))
            return 1;
    return p->n - first == 1 && canvas_base(p->v[first], p->len[first], out);
}

int batch_name_parse(const char *path, const char *strip, struct batch_name *out,
                     struct gb_err *err)
{
    struct parts p;
    size_t first = 0;

    memset(out, 0, sizeof *out);
    if (!path[0] || path[0] == '/' || path[0] == '\\')
        return gb_fail(err, "unsafe path (absolute): not used");
    if (split(path, &p) || p.n == 0)
        return gb_fail(err, "unsafe path (too deep or empty): not used");
    for (size_t i = 0; i < p.n; i++)
        if (part_is(&p, i, ".."))
            return gb_fail(err, "unsafe path (leads outside its folder with '..'): not used");
    if (is_junk(&p)) {
        out->junk = 1;
        return 0;
    }
    if (strip && p.n > 1 && part_is(&p, 0, strip))
        first = 1;
    copy_part(out->file, sizeof out->file, p.v[p.n - 1], p.len[p.n - 1]);
    if (recognise_lms(&p, first, out))
        return 0;
    if (p.n - first < 2)
        return gb_fail(err, "a file outside any student's folder: not used");
    out->lms = BATCH_LMS_FOLDER;
    copy_part(out->student, sizeof out->student, p.v[first], p.len[first]);
    return 0;
}

void batch_name_safe_id(const char *raw, char *out, size_t size)
{
    size_t n = 0;

    for (const unsigned char *s = (const unsigned char *)raw; *s && n + 1 < size; s++) {
        int ok = isalnum(*s) || strchr("._@+-", *s);

        out[n++] = (char)((ok && *s < 0x80) ? *s : '_');
    }
    out[n] = '\0';
    if (n == 0 && size > 1)
        snprintf(out, size, "_");
    if (out[0] == '.')
        out[0] = '_';
}

int batch_name_reserved(const char *id)
{
    static const char *const names[] = { "grades.csv", "moodle_grades.csv", "canvas_grades.csv",
                                         "moodle_feedback.zip", "report.html", "gradebook.sqlite",
                                         "gradebook.sqlite-wal", "gradebook.sqlite-shm" };

    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(id, names[i]))
            return 1;
    return 0;
}

const char *batch_lms_name(enum batch_lms lms)
{
    switch (lms) {
    case BATCH_LMS_MOODLE: return "moodle";
    case BATCH_LMS_CANVAS: return "canvas";
    case BATCH_LMS_GRADESCOPE: return "gradescope";
    case BATCH_LMS_FOLDER: break;
    }
    return "folder";
}
