/* batch_slurm.c — the job array: plan, script, sbatch, tasks (see batch_slurm.h). */
#define _GNU_SOURCE
#include "batch/batch_slurm.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "buf.h"
#include "check/pipeline.h"

#define PLAN_FILE "tasks.tsv"
#define PLAN_MAX (256u << 20)
#define PLAN_MAGIC "gradebox-batch-tasks\t1"

extern char **environ;

static int slurm_path(const char *out_dir, const char *name, char *buf, size_t size)
{
    return snprintf(buf, size, "%s/" BATCH_SLURM_SUBDIR "%s%s", out_dir, *name ? "/" : "",
                    name) < (int)size ? 0 : -1;
}

static int has_tab_or_newline(const char *s)
{
    return s && strpbrk(s, "\t\n\r") != NULL;
}

/* ---- the plan ------------------------------------------------------------------- */

static int write_plan(const struct batch_grading *g, const struct batch_task *t, size_t n,
                      int array, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    char path[PATH_MAX];
    int rc = gb_buf_printf(&b, err, PLAN_MAGIC "\narray\t%d\npython\t%s\nrubrics\t%s\n"
                           "assignment\t%s\nintegrity\t%s\n", array, g->python ? g->python : "",
                           g->rubrics_dir ? g->rubrics_dir : "",
                           g->assignment ? g->assignment : "",
                           g->integrity_all ? "all" : "default");

    for (size_t i = 0; rc == 0 && i < n; i++) {
        if (has_tab_or_newline(t[i].path) || has_tab_or_newline(t[i].transcript))
            rc = gb_fail(err, "%s: a tab or newline in the path; Slurm tasks cannot be planned",
                         t[i].path);
        else
            rc = gb_buf_printf(&b, err, "task\t%s\t%s\t%s\t%s\t%s\t%zu\n", t[i].student,
                               t[i].exercise, t[i].path, t[i].transcript ? t[i].transcript : "",
                               t[i].key, t[i].memory_bytes);
    }
    if (rc == 0 && slurm_path(g->out_dir, PLAN_FILE, path, sizeof path))
        rc = gb_fail(err, "path too long");
    if (rc == 0)
        rc = gb_write_file_atomic(path, b.data, b.len, err);
    gb_buf_free(&b);
    return rc;
}

static char *field_dup(const char *s)
{
    return s && *s ? strdup(s) : NULL;
}

static int plan_task(struct batch_slurm_plan *p, char **f, struct gb_err *err)
{
    struct batch_task *grown = realloc(p->tasks, (p->n + 1) * sizeof *grown), *t;

    if (!grown)
        return gb_fail(err, "out of memory");
    p->tasks = grown;
    t = &p->tasks[p->n++];
    memset(t, 0, sizeof *t);
    t->student = strdup(f[1]);
    t->exercise = strdup(f[2]);
    t->path = strdup(f[3]);
    t->transcript = field_dup(f[4]);
    t->key = strdup(f[5]);
    t->memory_bytes = (size_t)strtoull(f[6], NULL, 10);
    return t->student && t->exercise && t->path && t->key ? 0 : gb_fail(err, "out of memory");
}

static int plan_line(struct batch_slurm_plan *p, char *line, struct gb_err *err)
{
    char *f[8] = { 0 };
    size_t n = 0;

    while (n < 8 && line)
        f[n++] = strsep(&line, "\t");
    if (n == 7 && !strcmp(f[0], "task"))
        return plan_task(p, f, err);
    if (n != 2)
        return gb_fail(err, "a malformed line");
    if (!strcmp(f[0], "array"))
        p->array = atoi(f[1]);
    else if (!strcmp(f[0], "python") && !(p->python = field_dup(f[1])) && *f[1])
        return gb_fail(err, "out of memory");
    else if (!strcmp(f[0], "rubrics") && !(p->rubrics = field_dup(f[1])) && *f[1])
        return gb_fail(err, "out of memory");
    else if (!strcmp(f[0], "assignment") && !(p->assignment = field_dup(f[1])) && *f[1])
        return gb_fail(err, "out of memory");
    else if (!strcmp(f[0], "integrity"))
        p->integrity_all = !strcmp(f[1], "all");
    return 0;
}

int batch_slurm_plan_load(const char *out_dir, struct batch_slurm_plan *p, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    char path[PATH_MAX], *text, *line;
    int rc = 0;

    memset(p, 0, sizeof *p);
    if (slurm_path(out_dir, PLAN_FILE, path, sizeof path))
        return gb_fail(err, "path too long");
    if (gb_read_file(path, PLAN_MAX, &b, err))
        return gb_err_prefix(err, "no Slurm submission in %s", out_dir);
    text = b.data ? b.data : "";
    line = strsep(&text, "\n");
    if (strcmp(line, PLAN_MAGIC))
        rc = gb_fail(err, "%s is not a task list of this grader", path);
    while (rc == 0 && text && *text)
        if ((line = strsep(&text, "\n"))[0] && plan_line(p, line, err))
            rc = gb_err_prefix(err, "%s", path);
    gb_buf_free(&b);
    if (rc == 0 && p->array < 1)
        rc = gb_fail(err, "%s names no array size", path);
    if (rc)
        batch_slurm_plan_free(p);
    return rc;
}

void batch_slurm_plan_free(struct batch_slurm_plan *p)
{
    batch_tasks_free(p->tasks, p->n);
    free(p->python);
    free(p->rubrics);
    free(p->assignment);
    memset(p, 0, sizeof *p);
}

/* ---- the script and sbatch --------------------------------------------------------- */

/* 'it''s' quoting for sh: every ' becomes '\'' */
static int sh_quote(struct gb_buf *b, const char *s, struct gb_err *err)
{
    if (gb_buf_puts(b, "'", err))
        return -1;
    for (; *s; s++)
        if (*s == '\'' ? gb_buf_puts(b, "'\\''", err) : gb_buf_append(b, s, 1, err))
            return -1;
    return gb_buf_puts(b, "'", err);
}

static int write_script(const char *out_dir, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    char exe[PATH_MAX], path[PATH_MAX], log[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    int rc;

    if (n <= 0)
        return gb_fail_errno(err, "cannot find this grader's own path");
    exe[n] = '\0';
    slurm_path(out_dir, "task-%A_%a.log", log, sizeof log);
    rc = gb_buf_puts(&b, "#!/bin/sh\n# Written by grader batch --slurm: one array task grades "
                         "its share of the cohort.\n#SBATCH --job-name=gradebox-batch\n"
                         "#SBATCH --output=", err) || gb_buf_puts(&b, log, err) ||
         gb_buf_puts(&b, "\nexec ", err) || sh_quote(&b, exe, err) ||
         gb_buf_puts(&b, " batch task ", err) || sh_quote(&b, out_dir, err) ||
         gb_buf_puts(&b, "\n", err) ? -1 : 0;
    if (rc == 0 && slurm_path(out_dir, "job.sh", path, sizeof path))
        rc = gb_fail(err, "path too long");
    if (rc == 0)
        rc = gb_write_file_atomic(path, b.data, b.len, err);
    if (rc == 0 && chmod(path, 0755) < 0)
        rc = gb_fail_errno(err, "cannot make %s executable", path);
    gb_buf_free(&b);
    return rc;
}

/* Runs argv, its stdout into out; 0 only when it exits 0. */
static int run_capture(char *const *argv, struct gb_buf *out, struct gb_err *err)
{
    posix_spawn_file_actions_t fa;
    int fds[2], status = 0, rc;
    char chunk[4096];
    ssize_t got;
    pid_t pid;

    if (pipe2(fds, O_CLOEXEC) < 0)
        return gb_fail_errno(err, "pipe");
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[1], STDOUT_FILENO);
    rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    if (rc != 0) {
        close(fds[0]);
        errno = rc;
        return gb_fail_errno(err, "cannot run %s (is Slurm installed here?)", argv[0]);
    }
    while ((got = read(fds[0], chunk, sizeof chunk)) > 0 || (got < 0 && errno == EINTR))
        if (got > 0 && gb_buf_append(out, chunk, (size_t)got, err))
            break;
    close(fds[0]);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return gb_fail(err, "%s failed (exit %d); its message is above", argv[0],
                       WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
    return 0;
}

static int clear_marks(const char *out_dir, struct gb_err *err)
{
    char path[PATH_MAX + 300], dir[PATH_MAX];
    struct dirent *de;
    DIR *d;

    slurm_path(out_dir, "done", dir, sizeof dir);
    if (mkdir(dir, 0755) < 0 && errno != EEXIST)
        return gb_fail_errno(err, "cannot create %s", dir);
    if (!(d = opendir(dir)))
        return gb_fail_errno(err, "cannot read %s", dir);
    while ((de = readdir(d)))
        if (de->d_name[0] != '.') {
            snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
            unlink(path);
        }
    closedir(d);
    slurm_path(out_dir, "collect.lock", path, sizeof path);
    unlink(path);
    return 0;
}

static int sbatch(const char *out_dir, int array, size_t mem_mb, const struct batch_slurm_options *o,
                  char *job_id, size_t size, struct gb_err *err)
{
    char arr[64], mem[64], part[256], tim[128], script[PATH_MAX];
    char *argv[12];
    struct gb_buf out = GB_BUF_INIT;
    int n = 0, rc;

    snprintf(arr, sizeof arr, "--array=0-%d", array - 1);
    snprintf(mem, sizeof mem, "--mem=%zuM", mem_mb);
    slurm_path(out_dir, "job.sh", script, sizeof script);
    argv[n++] = "sbatch";
    argv[n++] = "--parsable";
    argv[n++] = arr;
    argv[n++] = "--cpus-per-task=1";
    argv[n++] = mem;
    if (o->partition && snprintf(part, sizeof part, "--partition=%s", o->partition) > 0)
        argv[n++] = part;
    if (o->time && snprintf(tim, sizeof tim, "--time=%s", o->time) > 0)
        argv[n++] = tim;
    argv[n++] = script;
    argv[n] = NULL;
    rc = run_capture(argv, &out, err);
    if (rc == 0) {
        const char *s = out.data ? out.data : "";

        snprintf(job_id, size, "%.*s", (int)strcspn(s, ";\n"), s);
        if (!job_id[0])
            rc = gb_fail(err, "sbatch printed no job id");
    }
    gb_buf_free(&out);
    return rc;
}

int batch_slurm_submit(const struct batch_grading *g, const struct batch_task *tasks, size_t n,
                       const struct batch_slurm_options *o, char *job_id, size_t size,
                       struct gb_err *err)
{
    char dir[PATH_MAX];
    size_t mem = 0;
    int array = n > BATCH_SLURM_MAX_ARRAY ? BATCH_SLURM_MAX_ARRAY : (int)n;

    for (size_t i = 0; i < n; i++)
        mem = tasks[i].memory_bytes > mem ? tasks[i].memory_bytes : mem;
    slurm_path(g->out_dir, "", dir, sizeof dir);
    if (has_tab_or_newline(g->out_dir) || has_tab_or_newline(g->python) ||
        has_tab_or_newline(g->rubrics_dir) || has_tab_or_newline(g->assignment))
        return gb_fail(err, "a tab or newline in a path or the assignment; Slurm tasks cannot "
                            "be planned");
    if (mkdir(dir, 0755) < 0 && errno != EEXIST)
        return gb_fail_errno(err, "cannot create %s", dir);
    /* Memory per task: the sandbox's limit plus the grader beside it. */
    return clear_marks(g->out_dir, err) || write_plan(g, tasks, n, array, err) ||
           write_script(g->out_dir, err) ||
           sbatch(g->out_dir, array, (mem >> 20) + 256, o, job_id, size, err) ? -1 : 0;
}

/* ---- one task --------------------------------------------------------------------- */

static size_t count_marks(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    size_t n = 0;

    while (d && (de = readdir(d)))
        n += de->d_name[0] != '.';
    if (d)
        closedir(d);
    return n;
}

/* Marks this task done; *last when every task's mark is there and this one
 * won the right to collect. */
static int mark_done(const char *out_dir, int index, int array, int *last, struct gb_err *err)
{
    char dir[PATH_MAX], path[PATH_MAX + 32];
    int fd;

    *last = 0;
    slurm_path(out_dir, "done", dir, sizeof dir);
    snprintf(path, sizeof path, "%s/%d", dir, index);
    fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return gb_fail_errno(err, "cannot mark task %d done in %s", index, dir);
    if (fsync(fd) < 0 || close(fd) < 0)
        return gb_fail_errno(err, "cannot mark task %d done in %s", index, dir);
    if (count_marks(dir) < (size_t)array)
        return 0;
    slurm_path(out_dir, "collect.lock", path, sizeof path);
    fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd >= 0) {
        close(fd);
        *last = 1;
    }
    return 0;
}

int batch_slurm_task(const char *out_dir, int index, int *last, struct gb_err *err)
{
    struct batch_slurm_plan p;
    struct batch_grading g;
    struct pipeline_warm warm = { 0 };   /* started at this task's first live run */
    struct result_signer signer;
    int rc = batch_slurm_plan_load(out_dir, &p, err);

    *last = 0;
    if (rc)
        return -1;
    if (batch_signer_load(&signer, err)) {
        batch_slurm_plan_free(&p);
        return -1;
    }
    g = (struct batch_grading){ out_dir, p.rubrics, p.python, p.assignment, &signer, &warm,
                                p.integrity_all };
    if (index < 0 || index >= p.array)
        rc = gb_fail(err, "task %d is not in the array 0-%d", index, p.array - 1);
    for (size_t j = (size_t)index; rc == 0 && j < p.n; j += (size_t)p.array) {
        struct gb_err why;

        if (batch_worker_run(&g, &p.tasks[j], &why))
            fprintf(stderr, "grader batch task: %s %s: %s\n", p.tasks[j].student,
                    p.tasks[j].exercise, why.msg);
        else
            fprintf(stderr, "grader batch task: %s %s graded\n", p.tasks[j].student,
                    p.tasks[j].exercise);
    }
    pipeline_warm_stop(&warm);
    if (rc == 0)
        rc = mark_done(out_dir, index, p.array, last, err);
    batch_slurm_plan_free(&p);
    result_signer_free(&signer);
    return rc;
}
