/* batch_worker.c — one upload graded into its reports and its record (see batch_worker.h). */
#define _GNU_SOURCE
#include "batch/batch_worker.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "check/pipeline.h"
#include "report/report.h"

#define RECORD_MAX (64u << 20)

int batch_mkdir_p(const char *path, struct gb_err *err)
{
    char buf[PATH_MAX];

    if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf)
        return gb_fail(err, "path too long: %s", path);
    for (char *p = buf + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(buf, 0755) < 0 && errno != EEXIST)
            return gb_fail_errno(err, "cannot create %s", buf);
        *p = '/';
    }
    if (mkdir(buf, 0755) < 0 && errno != EEXIST)
        return gb_fail_errno(err, "cannot create %s", buf);
    return 0;
}

static int record_path(const char *out_dir, const struct batch_task *t, char *buf, size_t size)
{
    return snprintf(buf, size, "%s/" BATCH_RESULTS_SUBDIR "/%s/%s.result", out_dir, t->student,
                    t->exercise) < (int)size ? 0 : -1;
}

/* Write to a temporary name, then rename: a reader never sees half a file.
 * No fsync: a result lost to a power cut is only graded again (the
 * gradebook's commit is what counts), and three fsyncs a submission would
 * cost more than the rest of the bookkeeping on a busy disk. */
static int write_in(const char *dir, const char *name, const struct gb_buf *b,
                    struct gb_err *err)
{
    char path[PATH_MAX], tmp[PATH_MAX + 32];
    int fd, rc = 0;

    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
        return gb_fail(err, "path too long in %s", dir);
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    if (batch_mkdir_p(dir, err))
        return -1;
    fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
    if (fd < 0)
        return gb_fail_errno(err, "cannot create %s", tmp);
    if (gb_write_all(fd, b->data ? b->data : "", b->len) < 0)
        rc = gb_fail_errno(err, "cannot write %s", tmp);
    if (close(fd) < 0 && rc == 0)
        rc = gb_fail_errno(err, "cannot write %s", tmp);
    if (rc == 0 && rename(tmp, path) < 0)
        rc = gb_fail_errno(err, "cannot rename %s to %s", tmp, path);
    if (rc)
        unlink(tmp);
    return rc;
}

/* The student's own reports: DIR/STUDENT/EXERCISE.{txt,json}. */
static int write_reports(const struct batch_grading *g, const struct batch_task *t,
                         const struct grade_result *r, const struct gb_buf *json,
                         struct gb_err *err)
{
    struct report_options ro = { .utf8 = 1 };
    struct gb_buf text = GB_BUF_INIT;
    char dir[PATH_MAX], name[300];
    int rc = report_text(r, &ro, &text, err);

    snprintf(dir, sizeof dir, "%s/%s", g->out_dir, t->student);
    snprintf(name, sizeof name, "%s.txt", t->exercise);
    if (rc == 0)
        rc = write_in(dir, name, &text, err);
    snprintf(name, sizeof name, "%s.json", t->exercise);
    if (rc == 0)
        rc = write_in(dir, name, json, err);
    gb_buf_free(&text);
    return rc;
}

static int write_record(const struct batch_grading *g, const struct batch_task *t,
                        const char *body, size_t len, struct gb_err *err)
{
    struct gb_buf rec = GB_BUF_INIT;
    char dir[PATH_MAX], name[300];
    int rc;

    snprintf(dir, sizeof dir, "%s/" BATCH_RESULTS_SUBDIR "/%s", g->out_dir, t->student);
    snprintf(name, sizeof name, "%s.result", t->exercise);
    rc = gb_buf_printf(&rec, err, "%s\n", t->key) || gb_buf_append(&rec, body, len, err)
             ? -1 : write_in(dir, name, &rec, err);
    gb_buf_free(&rec);
    return rc;
}

int batch_signer_load(struct result_signer *s, struct gb_err *err)
{
    char path[PATH_MAX];
    int made = 0;

    if (result_signer_load_default(s, 1, &made, err))
        return -1;
    if (made && result_signer_default_path(path, sizeof path, err) == 0)
        fprintf(stderr, "grader batch: made a result signing key %s; results are signed "
                "with it (docs/lms.md#signed-results)\n", path);
    return 0;
}

int batch_worker_run(const struct batch_grading *g, const struct batch_task *t,
                     struct gb_err *err)
{
    struct pipeline_options o = {
        .file = t->path, .exercise = t->exercise, .rubrics_dir = g->rubrics_dir,
        .python = g->python ? g->python : PIPELINE_DEFAULT_PYTHON,
        .transcript = t->transcript, .student = t->student, .assignment = g->assignment,
        /* a cohort's grades: the rerun where rubrics ask, and with --integrity
         * also where they offer it (memory_lab's, which doubles minutes) */
        .integrity = g->integrity_all ? RERUN_ALL : RERUN_DEFAULT,
        .warm = g->warm,
    };
    struct grade_result r;
    struct gb_buf json = GB_BUF_INIT;
    struct gb_err why;
    int rc = pipeline_grade(&o, &r, &why);

    if (rc == 0)
        rc = report_json_signed(&r, g->signer, &json, &why);
    if (rc == 0)
        rc = write_reports(g, t, &r, &json, &why);
    result_free(&r);
    if (rc == 0) {
        rc = write_record(g, t, json.data, json.len, err);
    } else {
        struct gb_buf msg = GB_BUF_INIT;

        rc = gb_buf_printf(&msg, err, "error: %s", why.msg) ? -1
             : write_record(g, t, msg.data, msg.len, err);
        gb_buf_free(&msg);
    }
    gb_buf_free(&json);
    return rc;
}

int batch_worker_read(const char *out_dir, const struct batch_task *t, char **json,
                      char **error, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    char path[PATH_MAX];
    size_t klen = strlen(t->key);
    const char *body;

    *json = *error = NULL;
    if (record_path(out_dir, t, path, sizeof path) || access(path, F_OK) < 0)
        return 1;
    if (gb_read_file(path, RECORD_MAX, &b, err))
        return -1;
    if (b.len <= klen || memcmp(b.data, t->key, klen) || b.data[klen] != '\n') {
        gb_buf_free(&b);
        return 1;
    }
    body = b.data + klen + 1;
    if (!strncmp(body, "error: ", 7))
        *error = strdup(body + 7);
    else
        *json = strdup(body);
    gb_buf_free(&b);
    return *json || *error ? 0 : gb_fail(err, "out of memory");
}

void batch_worker_forget(const char *out_dir, const struct batch_task *t)
{
    char path[PATH_MAX];

    if (record_path(out_dir, t, path, sizeof path) == 0)
        unlink(path);
}
