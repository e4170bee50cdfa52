/* batch_ingest.c — the cohort's uploads from directories and archives (see batch_ingest.h).
 *
 * Both kinds of input feed take_entry() one file at a time (a relative path
 * and a way to read it), so the naming, matching, bounds and conflicts are
 * decided in one place.  Archives are read twice with libarchive: a first
 * pass over the headers finds a folder every entry shares and reads
 * Gradescope's metadata, the second reads the files. */
#define _GNU_SOURCE
#include "batch/batch_ingest.h"

#include <archive.h>
#include <archive_entry.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <openssl/evp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch/batch_gsmeta.h"
#include "check/exname.h"
#include "check/notebook.h"
#include "report/report.h"

#define GSMETA_NAME "submission_metadata.yml"
#define GSMETA_MAX (16u << 20)
#define DIR_DEPTH_MAX 16
#define READ_CHUNK 65536

/* One input being read. */
struct source {
    const char *input;            /* as given on the command line */
    char strip[256];              /* a folder every archive entry shares, or "" */
    struct batch_gsmeta meta;
    size_t entries;
    size_t bytes;
    int stopped;                  /* a bound was reached: read no more */
};

struct ingest {
    struct batch_cohort *c;
    const struct batch_exercises *ex;
    const struct batch_ingest_limits *lim;
    struct stat exclude;              /* st_ino 0: nothing excluded */
};

/* Reads up to n bytes of the current file: >0 read, 0 at its end, -1 error. */
typedef long (*read_fn)(void *ctx, void *buf, size_t n);

void batch_ingest_limits_default(struct batch_ingest_limits *lim)
{
    lim->max_entries = 100000;
    lim->max_bytes = (size_t)512 << 20;
    lim->max_files_listed = 20;
    lim->exclude = NULL;
    lim->grade_as = NULL;
    lim->n_grade_as = 0;
}

/* ---- the cohort's lists ------------------------------------------------- */

static int add_problem(struct batch_cohort *c, const char *student, int refused,
                       struct gb_err *err, const char *fmt, va_list ap)
{
    struct batch_problem *grown = realloc(c->problems, (c->n_problems + 1) * sizeof *grown);
    char *raw = NULL;
    int n;

    if (!grown)
        return gb_fail(err, "out of memory");
    c->problems = grown;
    n = vasprintf(&raw, fmt, ap);
    grown = &c->problems[c->n_problems];
    grown->refused = refused;
    grown->what = n < 0 ? NULL : report_clean_dup(raw, err);
    grown->student = student ? strdup(student) : NULL;
    free(raw);
    if (!grown->what || (student && !grown->student)) {
        free(grown->what);
        free(grown->student);
        return gb_fail(err, "out of memory");
    }
    c->n_problems++;
    return 0;
}

int batch_cohort_problem(struct batch_cohort *c, const char *student, struct gb_err *err,
                         const char *fmt, ...)
{
    va_list ap;
    int rc;

    va_start(ap, fmt);
    rc = add_problem(c, student, 1, err, fmt, ap);
    va_end(ap);
    return rc;
}

int batch_cohort_notice(struct batch_cohort *c, const char *student, struct gb_err *err,
                        const char *fmt, ...)
{
    va_list ap;
    int rc;

    va_start(ap, fmt);
    rc = add_problem(c, student, 0, err, fmt, ap);
    va_end(ap);
    return rc;
}

struct batch_student *batch_cohort_student(struct batch_cohort *c, const char *id)
{
    for (size_t i = 0; i < c->n_students; i++)
        if (!strcmp(c->students[i].id, id))
            return &c->students[i];
    return NULL;
}

struct batch_student *batch_cohort_student_for(struct batch_cohort *c, const char *raw,
                                               enum batch_lms lms, struct gb_err *err)
{
    char safe[BATCH_ID_MAX], id[BATCH_ID_MAX + 16];
    struct batch_student *s, *grown;
    int k = 1;

    for (size_t i = 0; i < c->n_students; i++)
        if (!strcmp(c->students[i].raw_id, raw))
            return &c->students[i];
    batch_name_safe_id(raw, safe, sizeof safe);
    snprintf(id, sizeof id, "%s", safe);
    while (batch_cohort_student(c, id) || batch_name_reserved(id))
        snprintf(id, sizeof id, "%s~%d", safe, ++k);
    grown = realloc(c->students, (c->n_students + 1) * sizeof *grown);
    if (!grown) {
        gb_fail(err, "out of memory");
        return NULL;
    }
    c->students = grown;
    s = &c->students[c->n_students];
    memset(s, 0, sizeof *s);
    s->lms = lms;
    s->id = strdup(id);
    s->raw_id = strdup(raw);
    if (!s->id || !s->raw_id) {
        free(s->id);
        free(s->raw_id);
        gb_fail(err, "out of memory");
        return NULL;
    }
    c->n_students++;
    return s;
}

static int set_text(char **field, const char *value, struct gb_err *err)
{
    if (*field || !value || !*value)
        return 0;
    *field = report_clean_dup(value, err);
    return *field ? 0 : -1;
}

static void upload_free(struct batch_upload *u)
{
    free(u->student);
    free(u->origin);
    gb_buf_free(&u->data);
}

void batch_cohort_free(struct batch_cohort *c)
{
    for (size_t i = 0; i < c->n_students; i++) {
        free(c->students[i].id);
        free(c->students[i].raw_id);
        free(c->students[i].name);
        free(c->students[i].email);
    }
    for (size_t i = 0; i < c->n_uploads; i++)
        upload_free(&c->uploads[i]);
    for (size_t i = 0; i < c->n_problems; i++) {
        free(c->problems[i].student);
        free(c->problems[i].what);
    }
    free(c->students);
    free(c->uploads);
    free(c->problems);
    memset(c, 0, sizeof *c);
}

/* ---- one file ----------------------------------------------------------- */

static int sha256_hex(const void *data, size_t len, char hex[65])
{
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int n = 0;

    if (!EVP_Digest(data, len, md, &n, EVP_sha256(), NULL) || n != 32)
        return -1;
    for (unsigned i = 0; i < n; i++)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
    return 0;
}

/* Reads the file into out, at most BATCH_UPLOAD_MAX + 1 bytes (one more
 * tells "too large"), counting against the input's byte bound. */
static int read_bounded(struct ingest *in, struct source *src, read_fn rd, void *ctx,
                        struct gb_buf *out, struct gb_err *err)
{
    char chunk[READ_CHUNK];
    long n;

    while (out->len <= BATCH_UPLOAD_MAX) {
        size_t want = BATCH_UPLOAD_MAX + 1 - out->len;

        n = rd(ctx, chunk, want < sizeof chunk ? want : sizeof chunk);
        if (n < 0)
            return gb_fail(err, "cannot be read");
        if (n == 0)
            break;
        src->bytes += (size_t)n;
        if (src->bytes > in->lim->max_bytes) {
            src->stopped = 1;
            return gb_fail(err, "more than %zu MB read from this input", in->lim->max_bytes >> 20);
        }
        if (gb_buf_append(out, chunk, (size_t)n, err))
            return -1;
    }
    return 0;
}

static const char *extension(const char *name)
{
    const char *dot = strrchr(name, '.');

    return dot ? dot : "";
}

/* Two of Canvas's resubmissions: the zip's times, else the -N suffix, else
 * the attachment id says which is newer (the exact name says nothing there:
 * the first hand-in holds it, the fixed one is NAME-1). */
static int newer_resubmission(const struct batch_upload *old, const struct batch_upload *new)
{
    if (new->mtime != old->mtime)
        return new->mtime > old->mtime;
    if (new->revision != old->revision)
        return new->revision > old->revision;
    return new->attachment > old->attachment;
}

/* 1: the new upload is graded instead of the old one. */
static int prefer_new(const struct batch_upload *old, const struct batch_upload *new)
{
    if (old->versioned && new->versioned)
        return newer_resubmission(old, new);
    if (new->exact_name != old->exact_name)
        return new->exact_name;
    return new->mtime > old->mtime;
}

static const char *why_preferred(const struct batch_upload *old, const struct batch_upload *new)
{
    if (old->versioned && new->versioned)
        return "the newest resubmission";
    return old->exact_name != new->exact_name ? "named exactly as the exercise"
           : old->mtime != new->mtime ? "the newer one" : "the first found";
}

static int add_upload(struct ingest *in, struct batch_upload *u, struct gb_err *err)
{
    struct batch_cohort *c = in->c;
    struct batch_upload *grown;

    for (size_t i = 0; i < c->n_uploads; i++) {
        struct batch_upload *old = &c->uploads[i];
        int take;

        if (strcmp(old->student, u->student) || old->exercise != u->exercise)
            continue;
        take = prefer_new(old, u);
        if (batch_cohort_notice(c, u->student, err, "two files for %s: %s and %s%s; graded %s (%s)",
                                 u->exercise->name, old->origin, u->origin,
                                 strcmp(old->sha256, u->sha256) ? "" : " (identical)",
                                 take ? u->origin : old->origin, why_preferred(old, u)))
            return -1;
        if (take) {
            upload_free(old);
            *old = *u;
        } else {
            upload_free(u);
        }
        return 0;
    }
    grown = realloc(c->uploads, (c->n_uploads + 1) * sizeof *grown);
    if (!grown)
        return gb_fail(err, "out of memory");
    c->uploads = grown;
    c->uploads[c->n_uploads++] = *u;
    return 0;
}

/* An upload that cannot be graded: listed, and its bytes dropped. */
static int refuse(struct ingest *in, struct batch_upload *u, const char *why, struct gb_err *err)
{
    int rc = batch_cohort_problem(in->c, u->student, err, "%s: %s: not graded", u->origin, why);

    upload_free(u);
    return rc;
}

static int read_upload(struct ingest *in, struct source *src, struct batch_upload *u,
                       read_fn rd, void *ctx, struct gb_err *err)
{
    struct gb_err why;

    if (read_bounded(in, src, rd, ctx, &u->data, &why) && !src->stopped)
        return refuse(in, u, why.msg, err);
    if (src->stopped) {
        upload_free(u);
        return batch_cohort_problem(in->c, NULL, err, "%s: more than %zu MB extracted (a zip "
                                    "bomb?); the rest was not read", src->input,
                                    in->lim->max_bytes >> 20);
    }
    if (u->data.len > BATCH_UPLOAD_MAX)
        return refuse(in, u, u->notebook ? "larger than 1 MiB (a notebook: clear its "
                      "outputs in Jupyter and save it)" : "larger than 1 MiB", err);
    if (u->data.len == 0)
        return refuse(in, u, "an empty upload", err);
    if (memchr(u->data.data, '\0', u->data.len))
        return refuse(in, u, "a binary upload, not text", err);
    if (sha256_hex(u->data.data, u->data.len, u->sha256))
        return gb_fail(err, "cannot compute SHA-256");
    return add_upload(in, u, err);
}

/* The student a parsed name belongs to (Gradescope: through its metadata). */
static struct batch_student *owner(struct ingest *in, struct source *src,
                                   const struct batch_name *nm, struct gb_err *err)
{
    const struct batch_gs_submission *gs = NULL;
    struct batch_student *s;
    char raw[BATCH_ID_MAX + 16];

    snprintf(raw, sizeof raw, "%s", nm->student);
    if (nm->lms == BATCH_LMS_GRADESCOPE) {
        gs = batch_gsmeta_find(&src->meta, nm->student);
        snprintf(raw, sizeof raw, "%s%s", gs && gs->sid ? "" : "gs", gs && gs->sid ? gs->sid
                                                                   : nm->student);
    }
    if (!(s = batch_cohort_student_for(in->c, raw, nm->lms, err)))
        return NULL;
    s->late |= nm->late;
    if (set_text(&s->name, gs ? gs->name : nm->shown, err) ||
        set_text(&s->email, gs ? gs->email : NULL, err))
        return NULL;
    return s;
}

static int unmatched(struct ingest *in, struct batch_student *s, const char *origin,
                     const char *why, struct gb_err *err)
{
    if (s->n_files - s->n_unlisted > in->lim->max_files_listed) {
        s->n_unlisted++;
        return 0;
    }
    return batch_cohort_notice(in->c, s->id, err, "%s: %s", origin, why);
}

/* The exercise the instructor said to grade the student's file as, or NULL. */
static const struct batch_exercise *graded_as(const struct ingest *in, const char *student,
                                              const char *file)
{
    for (size_t i = 0; i < in->lim->n_grade_as; i++) {
        const struct batch_grade_as *g = &in->lim->grade_as[i];

        if (!strcmp(g->student, student) && !strcmp(g->file, file))
            return batch_exercises_find(in->ex, g->exercise);
    }
    return NULL;
}

/* A file taken as an exercise on the instructor's word: as if it were named
 * exactly so (it wins over another file for the exercise but a newer one
 * named exactly), said in a notice. */
static int take_as(struct ingest *in, struct source *src, struct batch_student *s,
                   const struct batch_name *nm, const struct batch_exercise *ex,
                   const char *origin, long long mtime, read_fn rd, void *ctx,
                   struct gb_err *err)
{
    struct batch_upload u = { .mtime = mtime, .exercise = ex, .exact_name = 1 };

    if (batch_cohort_notice(in->c, s->id, err, "%s: graded as %s (grader review --grade-as)",
                            origin, ex->name))
        return -1;
    u.notebook = ex->is_run && notebook_is_name(nm->file);
    u.attachment = nm->attachment;
    u.student = strdup(s->id);
    u.origin = report_clean_dup(origin, err);
    if (!u.student || !u.origin) {
        upload_free(&u);
        return gb_fail(err, "out of memory");
    }
    return read_upload(in, src, &u, rd, ctx, err);
}

static int take_entry(struct ingest *in, struct source *src, const char *path, long long mtime,
                      read_fn rd, void *ctx, struct gb_err *err)
{
    struct batch_upload u = { .mtime = mtime };
    const struct batch_exercise *ex;
    struct batch_student *s;
    struct batch_name nm;
    struct gb_err why;
    char origin[PATH_MAX + 300];
    int ambiguous;

    snprintf(origin, sizeof origin, "%s: %s", src->input, path);
    if (batch_name_parse(path, src->strip[0] ? src->strip : NULL, &nm, &why))
        return batch_cohort_problem(in->c, NULL, err, "%s: %s", origin, why.msg);
    if (nm.junk)
        return 0;
    if (!(s = owner(in, src, &nm, err)))
        return -1;
    s->n_files++;
    if ((ex = graded_as(in, s->id, nm.file)))
        return take_as(in, src, s, &nm, ex, origin, mtime, rd, ctx, err);
    ex = batch_exercises_match(in->ex, nm.file, &ambiguous);
    if (!ex && !ambiguous && (ex = batch_exercises_near(in->ex, nm.file))) {
        char near[300];

        snprintf(near, sizeof near, "not the file of any exercise (did you mean %s?)",
                 ex->submission);
        return unmatched(in, s, origin, near, err);
    }
    if (!ex)
        return unmatched(in, s, origin, ambiguous ? "names several exercises; rename it"
                                                  : "not the file of any exercise", err);
    /* a script exercise takes its notebook too; check/notebook.h reads it */
    u.notebook = ex->is_run && notebook_is_name(nm.file);
    if (!u.notebook && strcasecmp(extension(nm.file), extension(ex->submission)))
        return unmatched(in, s, origin, "has an exercise's name but not its extension", err);
    u.exercise = ex;
    u.exact_name = exname_match(nm.file, ex->submission) == 2;
    u.versioned = nm.versioned;
    u.revision = nm.revision;
    u.attachment = nm.attachment;
    u.student = strdup(s->id);
    u.origin = report_clean_dup(origin, err);
    if (!u.student || !u.origin) {
        upload_free(&u);
        return gb_fail(err, "out of memory");
    }
    return read_upload(in, src, &u, rd, ctx, err);
}

/* ---- directories -------------------------------------------------------- */

static long read_fd(void *ctx, void *buf, size_t n)
{
    ssize_t got;

    do
        got = read(*(int *)ctx, buf, n);
    while (got < 0 && errno == EINTR);
    return got;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in a directory, sorted (so conflicts resolve the same way on
 * every machine); *n = 0 and NULL when it cannot be listed. */
static char **list_dir(int fd, size_t *n)
{
    DIR *d = fdopendir(dup(fd));
    struct dirent *de;
    char **v = NULL, **grown;

    *n = 0;
    if (!d)
        return NULL;
    while ((de = readdir(d))) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
            continue;
        if (!(grown = realloc(v, (*n + 1) * sizeof *v)) || !(grown[*n] = strdup(de->d_name))) {
            v = grown ? grown : v;
            break;
        }
        v = grown;
        (*n)++;
    }
    closedir(d);
    if (*n)
        qsort(v, *n, sizeof *v, by_name);
    return v;
}

static int walk(struct ingest *in, struct source *src, int dirfd, const char *rel, int depth,
                struct gb_err *err);

static int walk_one(struct ingest *in, struct source *src, int dirfd, const char *name,
                    const char *rel, int depth, struct gb_err *err)
{
    char path[PATH_MAX];
    struct stat st;
    int fd, rc;

    snprintf(path, sizeof path, "%s%s%s", rel, *rel ? "/" : "", name);
    if (++src->entries > in->lim->max_entries) {
        src->stopped = 1;
        return batch_cohort_problem(in->c, NULL, err, "%s: more than %zu files; the rest was "
                                    "not read", src->input, in->lim->max_entries);
    }
    if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
        return batch_cohort_problem(in->c, NULL, err, "%s: %s: %s", src->input, path,
                                    strerror(errno));
    if (S_ISDIR(st.st_mode)) {
        if (st.st_ino == in->exclude.st_ino && st.st_dev == in->exclude.st_dev)
            return 0;                 /* the output directory itself */
        if (depth >= DIR_DEPTH_MAX)
            return batch_cohort_problem(in->c, NULL, err, "%s: %s: folders nested too deep; "
                                        "not read", src->input, path);
        fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        rc = fd < 0 ? 0 : walk(in, src, fd, path, depth + 1, err);
        if (fd >= 0)
            close(fd);
        return rc;
    }
    if (!S_ISREG(st.st_mode))
        return batch_cohort_problem(in->c, NULL, err, "%s: %s: not a regular file (a link?); "
                                    "not used", src->input, path);
    fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return batch_cohort_problem(in->c, NULL, err, "%s: %s: %s", src->input, path,
                                    strerror(errno));
    rc = take_entry(in, src, path, (long long)st.st_mtime, read_fd, &fd, err);
    close(fd);
    return rc;
}

static int walk(struct ingest *in, struct source *src, int dirfd, const char *rel, int depth,
                struct gb_err *err)
{
    size_t n;
    char **names = list_dir(dirfd, &n);
    int rc = 0;

    for (size_t i = 0; i < n; i++) {
        if (rc == 0 && !src->stopped && !(depth == 0 && !strcmp(names[i], GSMETA_NAME)))
            rc = walk_one(in, src, dirfd, names[i], rel, depth, err);
        free(names[i]);
    }
    free(names);
    return rc;
}

static int read_meta(struct ingest *in, struct source *src, const char *yaml, size_t len,
                     struct gb_err *err)
{
    struct gb_err why;

    batch_gsmeta_free(&src->meta);
    if (batch_gsmeta_parse(yaml, len, &src->meta, &why) == 0)
        return 0;
    return batch_cohort_problem(in->c, NULL, err, "%s: %s (students are named by their "
                                "submission ids)", src->input, why.msg);
}

static int ingest_dir(struct ingest *in, struct source *src, struct gb_err *err)
{
    char meta[PATH_MAX + 64];
    struct gb_buf yaml = GB_BUF_INIT;
    struct gb_err ignored;
    int fd = open(src->input, O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc = 0;

    if (fd < 0)
        return batch_cohort_problem(in->c, NULL, err, "%s: cannot be read: %s", src->input,
                                    strerror(errno));
    snprintf(meta, sizeof meta, "%s/%s", src->input, GSMETA_NAME);
    if (access(meta, F_OK) == 0 && gb_read_file(meta, GSMETA_MAX, &yaml, &ignored) == 0)
        rc = read_meta(in, src, yaml.data ? yaml.data : "", yaml.len, err);
    gb_buf_free(&yaml);
    if (rc == 0)
        rc = walk(in, src, fd, "", 0, err);
    close(fd);
    return rc;
}

/* ---- archives ----------------------------------------------------------- */

static struct archive *open_archive(const char *path)
{
    struct archive *a = archive_read_new();

    if (!a)
        return NULL;
    archive_read_support_filter_all(a);
    archive_read_support_format_zip(a);
    archive_read_support_format_tar(a);
    archive_read_support_format_gnutar(a);
    if (archive_read_open_filename(a, path, READ_CHUNK) != ARCHIVE_OK)
        return a;       /* the caller reads the error from it */
    return a;
}

/* The entry's name as UTF-8 (archives are read under utf8_locale(), so the
 * locale's form is UTF-8 too); a name the archive does not mark as UTF-8 and
 * that is not valid UTF-8 comes as its raw bytes, which the naming code
 * treats as data and the report makes valid UTF-8. */
static const char *entry_name(struct archive_entry *e)
{
    const char *utf8 = archive_entry_pathname_utf8(e);

    return utf8 ? utf8 : archive_entry_pathname(e);
}

/* libarchive converts entry names to the charset of the thread's locale.  In
 * the C locale (cron, Slurm, a service) a UTF-8 name such as Moodle's
 * "Chloé Dubois_10003_..." has no such form, the entry comes without a name
 * and the student would be lost; so archives are read with this thread in
 * C.UTF-8.  Returns the locale to restore, or 0 when C.UTF-8 is missing (then
 * names that need it are listed as problems, as before). */
static locale_t utf8_locale(locale_t *mine)
{
    *mine = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    return *mine ? uselocale(*mine) : (locale_t)0;
}

static void utf8_locale_end(locale_t old, locale_t mine)
{
    if (old)
        uselocale(old);
    if (mine)
        freelocale(mine);
}

static long read_archive(void *ctx, void *buf, size_t n)
{
    la_ssize_t got = archive_read_data((struct archive *)ctx, buf, n);

    return got < 0 ? -1 : (long)got;
}

/* The first path component of an entry, into out. */
static void first_part(const char *path, char *out, size_t size)
{
    size_t n;

    while (*path == '/' || *path == '\\')
        path++;
    n = strcspn(path, "/\\");
    snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), path);
}

static int depth_of(const char *path)
{
    int d = 1;

    for (const char *s = path; *s; s++)
        d += (*s == '/' || *s == '\\') && s[1];
    return d;
}

static int is_meta_entry(const char *path)
{
    const char *slash = strrchr(path, '/');

    return !strcmp(slash ? slash + 1 : path, GSMETA_NAME);
}

/* Pass 1: the shared top folder and Gradescope's metadata. */
static int survey_archive(struct ingest *in, struct source *src, struct gb_err *err)
{
    struct archive *a = open_archive(src->input);
    struct archive_entry *e;
    char top[256];
    size_t n = 0;
    int shared = 1, rc = 0, r;

    if (!a)
        return gb_fail(err, "out of memory");
    while (n < in->lim->max_entries &&
           ((r = archive_read_next_header(a, &e)) == ARCHIVE_OK || r == ARCHIVE_WARN)) {
        const char *path = entry_name(e);
        char part[256];

        if (!path || archive_entry_filetype(e) != AE_IFREG)
            continue;
        first_part(path, part, sizeof part);
        if (n++ == 0)
            snprintf(top, sizeof top, "%s", part);
        if (strcmp(part, top) || depth_of(path) < 3)
            shared = 0;
        if (rc == 0 && is_meta_entry(path)) {
            struct gb_buf yaml = GB_BUF_INIT;
            struct gb_err why;

            if (read_bounded(in, src, read_archive, a, &yaml, &why) == 0)
                rc = read_meta(in, src, yaml.data ? yaml.data : "", yaml.len, err);
            gb_buf_free(&yaml);
        }
    }
    archive_read_free(a);
    src->bytes = 0;
    src->stopped = 0;
    if (shared && n > 0) {
        struct batch_name nm;
        char probe[300];

        snprintf(probe, sizeof probe, "%s/x", top);
        if (batch_name_parse(probe, NULL, &nm, NULL) == 0 && nm.lms == BATCH_LMS_FOLDER)
            snprintf(src->strip, sizeof src->strip, "%s", top);
    }
    return rc;
}

static int archive_entry_take(struct ingest *in, struct source *src, struct archive *a,
                              struct archive_entry *e, struct gb_err *err)
{
    const char *path = entry_name(e);
    int type = archive_entry_filetype(e);

    if (!path)
        return batch_cohort_problem(in->c, NULL, err, "%s: an entry without a usable name; "
                                    "not used", src->input);
    if (type == AE_IFDIR || is_meta_entry(path))
        return 0;
    if (type != AE_IFREG || archive_entry_hardlink(e))
        return batch_cohort_problem(in->c, NULL, err, "%s: %s: not a regular file (a link?); "
                                    "not used", src->input, path);
    return take_entry(in, src, path, (long long)archive_entry_mtime(e), read_archive, a, err);
}

static int ingest_archive(struct ingest *in, struct source *src, struct gb_err *err)
{
    struct archive *a;
    struct archive_entry *e;
    int r = ARCHIVE_OK, rc = survey_archive(in, src, err);

    if (rc || !(a = open_archive(src->input)))
        return rc ? rc : gb_fail(err, "out of memory");
    while (rc == 0 && !src->stopped) {
        r = archive_read_next_header(a, &e);
        if (r != ARCHIVE_OK && r != ARCHIVE_WARN)
            break;
        if (++src->entries > in->lim->max_entries) {
            rc = batch_cohort_problem(in->c, NULL, err, "%s: more than %zu entries; the rest "
                                      "was not read", src->input, in->lim->max_entries);
            break;
        }
        rc = archive_entry_take(in, src, a, e, err);
    }
    if (rc == 0 && !src->stopped && r != ARCHIVE_EOF && r != ARCHIVE_OK && r != ARCHIVE_WARN)
        rc = batch_cohort_problem(in->c, NULL, err, "%s: %s after %zu entries: %s", src->input,
                                  src->entries ? "corrupt or truncated archive"
                                               : "not a readable zip or tar archive",
                                  src->entries, archive_error_string(a) ? archive_error_string(a)
                                                                        : "unreadable");
    archive_read_free(a);
    return rc;
}

int batch_ingest(const char *const *inputs, size_t n_inputs, const struct batch_exercises *ex,
                 const struct batch_ingest_limits *lim, struct batch_cohort *c,
                 struct gb_err *err)
{
    struct ingest in = { c, ex, lim, { 0 } };
    int rc = 0;

    if (lim->exclude && stat(lim->exclude, &in.exclude) < 0)
        memset(&in.exclude, 0, sizeof in.exclude);

    for (size_t i = 0; rc == 0 && i < n_inputs; i++) {
        struct source src;
        struct stat st;

        memset(&src, 0, sizeof src);
        src.input = inputs[i];
        if (stat(inputs[i], &st) < 0)
            rc = batch_cohort_problem(c, NULL, err, "%s: %s", inputs[i], strerror(errno));
        else if (S_ISDIR(st.st_mode))
            rc = ingest_dir(&in, &src, err);
        else {
            locale_t mine, old = utf8_locale(&mine);

            rc = ingest_archive(&in, &src, err);
            utf8_locale_end(old, mine);
        }
        batch_gsmeta_free(&src.meta);
    }
    for (size_t i = 0; rc == 0 && i < c->n_students; i++)
        if (c->students[i].n_unlisted)
            rc = batch_cohort_notice(c, c->students[i].id, err, "%zu more files matched no "
                                      "exercise (not listed one by one)",
                                      c->students[i].n_unlisted);
    return rc;
}
