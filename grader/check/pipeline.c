/* pipeline.c — the `grader check` pipeline (see pipeline.h): recognise, run, score.
 * (Not check.c: <check.h> is the Check test framework's header.) */
#define _GNU_SOURCE
#include "check/pipeline.h"
#include "check/provenance.h"
#include "score/score_returned.h"
#include "score/score_typed.h"

#include <dirent.h>
#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <langinfo.h>
#include <locale.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "deliver/deliver.h"
#include "score/expected.h"
#include "check/attend_test.h"
#include "check/exname.h"
#include "check/home.h"
#include "check/imports.h"
#include "check/notebook.h"
#include "extract/pyoutput.h"
#include "score/rubric.h"
#include "check/runtime.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandbox_zygote.h"
#include "score/result_id.h"
#include "score/score.h"
#include "score/score_attend.h"
#include "score/score_rerun.h"
#include "check/transcript.h"
#include "sandbox/workdir.h"
#include "report/result_sign.h"

#define SOURCE_MAX_BYTES     (1u << 20)     /* a 1 MiB .py is not a course exercise */
#define TRANSCRIPT_MAX_BYTES (16u << 20)
#define COURSE_FILE_MAX_BYTES (1u << 20)
#define CRASH_TAIL_LINES     12
#define PIPELINE_SHIM_SUBDIR    ".gradebox-shims"   /* in the work dir; on PYTHONPATH */

/* Everything one grading needs, released in one place. */
struct job {
    struct gb_home home;
    struct rubric *rubric;
    struct expected *expected;
    struct gb_buf source;          /* the submission as the student wrote it */
    struct gb_buf transcript;      /* --transcript: the recorded output */
    struct gb_buf output;          /* what the scorer reads: the student's lines */
    struct gb_buf provenance;      /* the shim's records of a live run (provenance.h) */
    struct gb_buf labelled;        /* output with those lines labelled */
    struct runtime runtime;
    int is_notebook;               /* source is a notebook: nb is what runs */
    struct notebook nb;
    struct source_map map;         /* nb's lines cited by cell (score/source_cite.h) */
    struct gb_buf attend_in;       /* the hidden-input test's inputs, staged when set */
    struct gb_buf attend_out;      /* ... and the shim's report of that run */
    struct gb_buf typed_notes;     /* the first live run's notes of constant texts ... */
    size_t typed_body;             /* ... where they start after its token line */
    int typed_read;                /* a live run was made: the notes were looked for */
    struct gb_buf returned;        /* the first live run's record of what the functions
                                    * "returned" checks name returned (score_returned.h) */
    size_t returned_body;          /* ... where it starts after its token line */
    int returned_asked;            /* the first live run was asked for that record */
    char returns_of[160];          /* "GRADEBOX_RETURNS_OF=attend", or "" */
    char token[33];                /* the last run's token: the shim's lines carry it */
};

static void job_free(struct job *job)
{
    rubric_free(job->rubric);
    expected_free(job->expected);
    gb_buf_free(&job->source);
    gb_buf_free(&job->transcript);
    gb_buf_free(&job->output);
    gb_buf_free(&job->provenance);
    gb_buf_free(&job->labelled);
    gb_buf_free(&job->attend_in);
    gb_buf_free(&job->attend_out);
    gb_buf_free(&job->typed_notes);
    gb_buf_free(&job->returned);
    runtime_free(&job->runtime);
    notebook_free(&job->nb);
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');

    return slash ? slash + 1 : path;
}

static int load_named_rubric(const struct gb_home *home, const char *exercise,
                             struct rubric **out, struct gb_err *err)
{
    char path[PATH_MAX + 300];

    if (!*exercise || strchr(exercise, '/') || exercise[0] == '.')
        return gb_fail(err, "'%s' is not an exercise name", exercise);
    snprintf(path, sizeof path, "%s/%s.json", home->rubrics, exercise);
    if (access(path, F_OK) < 0)
        return gb_fail(err, "no exercise '%s': there is no rubric %s", exercise, path);
    return rubric_load(path, out, err);
}

/* Keeps *best as the exact match, else the single partial match. */
static void consider(struct rubric *r, const char *name, struct rubric **exact,
                     struct rubric **partial, int *n_partial)
{
    int match = exname_match(name, r->submission);

    if (!*exact && match == 2) {
        *exact = r;
        return;
    }
    if (match) {
        (*n_partial)++;
        if (!*partial) {
            *partial = r;
            return;
        }
    }
    rubric_free(r);
}

/* The exercise file a name that matches none was probably meant to be
 * ("attenton_by_hand.py" -> "attention_by_hand.py"; a notebook keeps its
 * .ipynb); the first close one wins, none when none is close. */
static void note_near(const char *name, const char *submission, char *near, size_t size)
{
    const char *dot = strrchr(submission, '.');
    int stem = dot ? (int)(dot - submission) : (int)strlen(submission);

    if (near[0] || !exname_close(name, submission))
        return;
    if (notebook_is_name(name) && dot && !strcmp(dot, ".py"))
        snprintf(near, size, "%.*s.ipynb", stem, submission);
    else
        snprintf(near, size, "%s", submission);
}

/* Finds the rubric whose submission file name matches the file's. */
static int recognise(const struct gb_home *home, const char *file, struct rubric **out,
                     struct gb_err *err)
{
    struct rubric *exact = NULL, *partial = NULL;
    const char *name = base_name(file);
    struct gb_err load_err = { "" };
    char near[300] = "";
    int n_partial = 0;
    struct dirent *de;
    DIR *dir = opendir(home->rubrics);

    if (!dir)
        return gb_fail_errno(err, "cannot read the rubrics directory %s", home->rubrics);
    while ((de = readdir(dir))) {
        char path[PATH_MAX + 300];
        size_t len = strlen(de->d_name);
        struct rubric *r;

        if (len < 6 || strcmp(de->d_name + len - 5, ".json") || de->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", home->rubrics, de->d_name);
        if (rubric_load(path, &r, load_err.msg[0] ? NULL : &load_err) == 0) {
            note_near(name, r->submission, near, sizeof near);
            consider(r, name, &exact, &partial, &n_partial);
        }
    }
    closedir(dir);
    if (exact) {
        rubric_free(partial);
        *out = exact;
        return 0;
    }
    if (partial && n_partial == 1) {
        *out = partial;
        return 0;
    }
    rubric_free(partial);
    if (n_partial > 1)
        return gb_fail(err, "%s matches several exercises; name one with --exercise", name);
    return gb_fail(err, "%s is not the file of any exercise in %s; %s%s%sename it or pass "
                        "--exercise NAME%s%s%s", name, home->rubrics,
                   near[0] ? "did you mean " : "", near, near[0] ? "? R" : "r",
                   load_err.msg[0] ? " (a rubric failed to load: " : "",
                   load_err.msg[0] ? load_err.msg : "", load_err.msg[0] ? ")" : "");
}

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

static int dup_into(char **dst, const char *s, struct gb_err *err)
{
    if (!s)
        return 0;
    *dst = strdup(s);
    return *dst ? 0 : gb_fail(err, "out of memory");
}

/* Who, what and when; the key and revision id follow once the checks are
 * scored (score/result_id.h), since a regrade with a different outcome must
 * be a different revision. */
static int fill_identity(const struct pipeline_options *opts, const struct job *job,
                         struct grade_result *r, struct gb_err *err)
{
    char sha[65], when[RESULT_TIME_MAX];

    if (sha256_hex(job->source.data ? job->source.data : "", job->source.len, sha))
        return gb_fail(err, "cannot compute SHA-256");
    if (result_time_now(when, err))
        return -1;
    if (dup_into(&r->student, opts->student, err)
        || dup_into(&r->assignment, opts->assignment, err)
        || dup_into(&r->exercise, job->rubric->exercise, err)
        || dup_into(&r->submission_sha256, sha, err) || dup_into(&r->graded_at, when, err))
        return -1;
    return 0;
}

/* The runtime as reports name it (a live probe, or a transcript's status). */
static int fill_runtime(const char *python, const char *torch, const char *numpy,
                        struct grade_result *r, struct gb_err *err)
{
    return dup_into(&r->runtime.python, python, err) || dup_into(&r->runtime.torch, torch, err)
           || dup_into(&r->runtime.numpy, numpy, err) ? -1 : 0;
}

/* A line of the shims-used file: "TOKEN NAME", with this run's token. */
static int used_line(const char *text, const char *token, const char *name)
{
    size_t tn = strlen(token), nn = strlen(name);

    for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
        if (!strncmp(p, token, tn) && p[tn] == ' ' && !strncmp(p + tn + 1, name, nn) &&
            (p[tn + 1 + nn] == '\n' || !p[tn + 1 + nn]))
            return 1;
    return 0;
}

/* Lists each shim the submission actually called: the shim records its name
 * with the run's token (the submission's own lines lack it), and only a
 * shim the grader offered is believed; a shim merely offered is not news. */
static int note_shims_used(struct grade_result *r, const char *token, struct gb_err *err)
{
    static const char *const known[] = { RUNTIME_SHIM_SDPA };
    struct gb_buf used = GB_BUF_INIT;
    struct gb_err ignored;
    int rc = 0;

    if (!token[0])
        return 0;   /* no shim was offered */

    if (workdir_read_file_at(r->run.work_fd, RUNTIME_SHIM_USED_FILE, 64 * 1024, &used,
                             &ignored))
        return 0;   /* absent (or replaced by something odd): no shim was called */
    for (size_t i = 0; rc == 0 && used.data && i < sizeof known / sizeof known[0]; i++) {
        char **grown;

        if (!used_line(used.data, token, known[i]))
            continue;
        grown = realloc(r->runtime.shims, (r->runtime.n_shims + 1) * sizeof *grown);
        if (!grown) {
            rc = gb_fail(err, "out of memory");
            break;
        }
        r->runtime.shims = grown;
        rc = dup_into(&r->runtime.shims[r->runtime.n_shims], known[i], err);
        r->runtime.n_shims += rc == 0;
    }
    gb_buf_free(&used);
    return rc;
}

/* The last CRASH_TAIL_LINES lines of text (without trailing newlines). */
static int crash_tail_of(const char *text, size_t len, struct grade_result *r,
                         struct gb_err *err)
{
    const char *start = text + len;
    char *copy;
    int lines = 0;
    size_t n;

    while (start > text && start[-1] == '\n')
        start--;
    len = (size_t)(start - text);
    while (start > text && lines < CRASH_TAIL_LINES)
        if (*--start == '\n')
            lines++;
    if (*start == '\n')
        start++;
    n = len - (size_t)(start - text);
    if (!(copy = malloc(n + 1)))
        return gb_fail(err, "out of memory");
    memcpy(copy, start, n);
    copy[n] = '\0';
    for (size_t i = 0; i < n; i++)   /* a NUL byte would end the tail there */
        if (!copy[i])
            copy[i] = '?';
    r->crash_tail = report_clean_dup(copy, err);
    free(copy);
    return r->crash_tail ? 0 : gb_fail(err, "out of memory");
}

/* When the run did not end cleanly: the end of its last traceback, or else
 * the last lines it wrote (a run stopped by a limit has no traceback). */
static int fill_crash_tail(const char *text, size_t len, struct grade_result *r,
                           struct gb_err *err)
{
    const struct sandbox_result *run = &r->run;
    size_t tb_start, tb_len;

    if ((run->exited && run->exit_code == 0 && run->limit == SANDBOX_LIMIT_NONE)
        || !text || len == 0)
        return 0;
    if (pyoutput_last_traceback(text, len, &tb_start, &tb_len))
        return crash_tail_of(text + tb_start, tb_len, r, err);
    return crash_tail_of(text, len, r, err);
}

/* Added to the sandbox's own allow-listed environment (PATH, HOME, LANG,
 * PYTHONUNBUFFERED, ...): nothing is inherited from the grader's. */
/* The shim directory is always on the path: it supplies missing functions
 * (only when they are missing) and records print provenance. */
static void student_env(const char **env, const char *extra, int typed, const char *returns_of)
{
    size_t n = 0;

    env[n++] = "PYTHONIOENCODING=utf-8";
    env[n++] = "PYTHONNOUSERSITE=1";
    env[n++] = "PYTHONHASHSEED=0";
    env[n++] = "MPLBACKEND=Agg";
    env[n++] = "PYTHONPATH=" PIPELINE_SHIM_SUBDIR;      /* relative: resolved in the work dir */
    env[n++] = "GRADEBOX_SHIMS_USED=" SANDBOX_WORKDIR "/" RUNTIME_SHIM_USED_FILE;
    env[n++] = "GRADEBOX_PROVENANCE=" SANDBOX_WORKDIR "/" PROVENANCE_FILE;
    if (typed)    /* the first live run only: the later ones run the same source */
        env[n++] = "GRADEBOX_TYPED=" SANDBOX_WORKDIR "/" SCORE_TYPED_NOTES_FILE;
    if (typed && returns_of && *returns_of) {     /* the graded run only */
        env[n++] = "GRADEBOX_RETURNS=" SANDBOX_WORKDIR "/" SCORE_RETURNED_FILE;
        env[n++] = returns_of;
    }
    if (extra)    /* "GRADEBOX_SEED_MAP=KEY": the rerun (rerun.h); "GRADEBOX_ATTEND=FILE":
                   * the hidden-input test of attend (attend_test.h) */
        env[n++] = extra;
    env[n] = NULL;
}

/* Modules every exercise's runs import: the warm interpreter imports them once. */
static const char *const warm_preload[] = { "torch", "numpy", NULL };

void pipeline_warm_stop(struct pipeline_warm *warm)
{
    if (!warm)
        return;
    sandbox_zygote_stop(warm->zygote);
    warm->zygote = NULL;
}

/* The warm interpreter for a run like spec, started at the first one.  One
 * that cannot start is said once; the runs then start python themselves,
 * which changes nothing but the time they take. */
static struct sandbox_zygote *warm_zygote(struct pipeline_warm *warm,
                                          const struct sandbox_spec *spec,
                                          const struct gb_home *home)
{
    char script[PATH_MAX];
    struct gb_err err;

    if (!warm || warm->unavailable)
        return NULL;
    if (warm->zygote)
        return warm->zygote;
    if (snprintf(script, sizeof script, "%s/gradebox_zygote.py", home->shims) >=
        (int)sizeof script) {
        warm->unavailable = 1;
        return NULL;
    }
    if (sandbox_zygote_start(&warm->zygote, spec, script, warm_preload, &err)) {
        warm->unavailable = 1;
        fprintf(stderr, "grader: warning: %s; each run starts its own interpreter\n", err.msg);
    }
    return warm->zygote;
}

void pipeline_warm_start(struct pipeline_warm *warm, const char *python,
                         const char *rubrics_dir)
{
    const char *argv[] = { python ? python : PIPELINE_DEFAULT_PYTHON, "submission.py", NULL };
    const char *env[14];
    struct sandbox_spec like = { .argv = argv, .env = env, .workdir = "/" };
    struct gb_home home;
    struct gb_err err;

    if (warm->zygote || warm->unavailable)
        return;
    if (home_find(rubrics_dir, &home, &err)) {
        warm->unavailable = 1;
        return;   /* the gradings say why */
    }
    student_env(env, NULL, 0, NULL);
    warm_zygote(warm, &like, &home);
}

/* A course file: a regular *.py file directly in exercises/ (sequences.py).
 * The module tells students every exercise may import them, so every run
 * gets all of them, whatever its rubric lists. */
static int is_course_file(const struct dirent *de)
{
    size_t n = strlen(de->d_name);

    return de->d_name[0] != '.' && n > 3 && strcmp(de->d_name + n - 3, ".py") == 0 &&
           (de->d_type == DT_REG || de->d_type == DT_UNKNOWN);
}

static int stage_course_files(const struct job *job, struct workdir *wd, struct gb_err *err)
{
    struct dirent **names = NULL;
    char src[PATH_MAX + 300];
    int n = scandir(job->home.exercises, &names, is_course_file, alphasort), rc = 0;

    if (n < 0)
        return gb_fail(err, "cannot list the course files in %s: %s", job->home.exercises,
                       strerror(errno));
    for (int i = 0; i < n; i++) {
        if (!rc && strcmp(names[i]->d_name, job->rubric->submission) != 0) {
            snprintf(src, sizeof src, "%s/%s", job->home.exercises, names[i]->d_name);
            if (workdir_add_file(wd, names[i]->d_name, src, COURSE_FILE_MAX_BYTES, err))
                rc = gb_err_prefix(err, "cannot provide the course file %s", names[i]->d_name);
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

/* Module files the student's own imports never replace: the submission's
 * staged name, the course files (the course's own), and the names Python
 * loads by itself at start-up. */
static int not_student_module(const char *file, void *arg)
{
    const struct job *job = arg;
    char path[PATH_MAX + 300];

    if (strcmp(file, job->rubric->submission) == 0 || strcmp(file, "sitecustomize.py") == 0 ||
        strcmp(file, "usercustomize.py") == 0)
        return 1;
    snprintf(path, sizeof path, "%s/%s", job->home.exercises, file);
    return access(path, F_OK) == 0;
}

/* The modules of the student's own that the submission imports from beside
 * it (tables.py for "from tables import frame"): the run gets them as the
 * student's own run did (imports.h). */
static int stage_student_modules(const struct pipeline_options *opts, const struct job *job,
                                 struct workdir *wd, struct gb_err *err)
{
    struct imports im;
    int rc = 0;

    if (imports_local(opts->file, job->is_notebook ? job->nb.script.data : NULL,
                      job->is_notebook ? job->nb.script.len : 0, not_student_module, (void *)job,
                      &im, err))
        return gb_err_prefix(err, "cannot stage the modules the submission imports");
    for (size_t i = 0; i < im.n && rc == 0; i++)
        if (workdir_add_file(wd, im.file[i], im.path[i], IMPORTS_FILE_MAX_BYTES, err))
            rc = gb_err_prefix(err, "cannot stage the student's module %s", im.file[i]);
    imports_free(&im);
    return rc;
}

/* A fresh random token for the shim's notes (see note_shims_used). */
static int shim_token(char token[33], struct gb_err *err)
{
    unsigned char raw[16];

    if (getrandom(raw, sizeof raw, 0) != (ssize_t)sizeof raw)
        return gb_fail_errno(err, "cannot draw a random token for the runtime shim");
    for (size_t i = 0; i < sizeof raw; i++)
        snprintf(token + 2 * i, 3, "%02x", raw[i]);
    return 0;
}

/* Submission under the rubric's file name, the course files, and the shims
 * with their token for the notes they leave (note_shims_used).
 * (A rubric's "provides" names course files only: rubric.c checks it.) */
static int stage_files(const struct pipeline_options *opts, const struct job *job,
                       struct workdir *wd, char token[33], struct gb_err *err)
{
    static const char *const shims[] = { "sitecustomize.py", "gradebox_provenance.py",
                                         "gradebox_typed.py", "gradebox_returns.py" };
    const struct rubric *rb = job->rubric;
    char src[PATH_MAX + 300], dst[128];

    for (size_t i = 0; i < rb->provides.n; i++) {
        snprintf(src, sizeof src, "%s/%s", job->home.exercises, rb->provides.v[i]);
        if (access(src, R_OK) != 0)
            return gb_fail(err, "rubric %s provides %s, which is not a course file in %s",
                           rb->path, rb->provides.v[i], job->home.exercises);
    }
    if (job->is_notebook
        ? workdir_add_data(wd, rb->submission, job->nb.script.data, job->nb.script.len, err)
        : workdir_add_file(wd, rb->submission, opts->file, SOURCE_MAX_BYTES, err))
        return gb_err_prefix(err, "cannot stage the submission");
    if (stage_course_files(job, wd, err) || stage_student_modules(opts, job, wd, err))
        return -1;
    for (size_t i = 0; i < sizeof shims / sizeof shims[0]; i++) {
        snprintf(src, sizeof src, "%s/%s", job->home.shims, shims[i]);
        snprintf(dst, sizeof dst, PIPELINE_SHIM_SUBDIR "/%s", shims[i]);
        if (workdir_add_file(wd, dst, src, COURSE_FILE_MAX_BYTES, err))
            return gb_err_prefix(err, "cannot stage the runtime shim %s", shims[i]);
    }
    if (shim_token(token, err) ||
        workdir_add_data(wd, RUNTIME_SHIM_USED_FILE ".token", token, strlen(token), err))
        return gb_err_prefix(err, "cannot stage the runtime shim");
    return 0;
}

/* Runs the staged submission in the sandbox under the rubric's limits;
 * records the run and the shims it called in r. */
/* What the shim recorded about the run's print() calls (provenance.h);
 * absent or unreadable is no provenance, not an error. */
static void read_provenance(int work_fd, struct job *job)
{
    struct gb_err ignored;

    if (work_fd < 0 ||
        workdir_read_file_at(work_fd, PROVENANCE_FILE, PROVENANCE_MAX_BYTES, &job->provenance,
                             &ignored))
        gb_buf_free(&job->provenance);
}

/* The shim's notes of what the script prints from constants (score_typed.h),
 * from the first live run only (the later runs run the same script): kept
 * when they start with that run's token, else dropped, and the scorer is
 * told that a live run left none it can believe. */
static void read_typed_notes(int work_fd, const char *token, struct job *job)
{
    struct gb_err ignored;
    size_t n = strlen(token);

    if (job->typed_read)
        return;
    job->typed_read = 1;
    if (work_fd < 0 ||
        workdir_read_file_at(work_fd, SCORE_TYPED_NOTES_FILE, SCORE_TYPED_NOTES_MAX,
                             &job->typed_notes, &ignored) ||
        !n || job->typed_notes.len <= n || memcmp(job->typed_notes.data, token, n) ||
        job->typed_notes.data[n] != '\n')
        gb_buf_free(&job->typed_notes);
    job->typed_body = n + 1;
}

/* The shim's record of what the functions "returned" checks name returned
 * (score_returned.h), from the first live run only, kept when it starts with
 * that run's token; otherwise the scorer is told the run left none. */
static void read_returned(int work_fd, const char *token, struct job *job)
{
    struct gb_err ignored;
    size_t n = strlen(token);

    if (job->typed_read || !job->returned_asked)
        return;
    if (work_fd < 0 ||
        workdir_read_file_at(work_fd, SCORE_RETURNED_FILE, SCORE_RETURNED_MAX, &job->returned,
                             &ignored) ||
        !n || job->returned.len <= n || memcmp(job->returned.data, token, n) ||
        job->returned.data[n] != '\n')
        gb_buf_free(&job->returned);
    job->returned_body = n + 1;
}

/* "GRADEBOX_RETURNS_OF=NAMES" for the rubric's "returned" checks, or "". */
static int returns_env(struct job *job, struct gb_err *err)
{
    struct gb_buf names = GB_BUF_INIT;
    int rc = score_returned_names(job->rubric, &names, err);

    job->returns_of[0] = '\0';
    if (rc == 0 && names.len &&
        (size_t)snprintf(job->returns_of, sizeof job->returns_of, "GRADEBOX_RETURNS_OF=%s",
                         names.data) >= sizeof job->returns_of)
        rc = gb_fail(err, "rubric %s: the functions its checks name are too many to pass on",
                     job->rubric->path);
    gb_buf_free(&names);
    return rc;
}

/* The shim's report of the hidden-input test (attend_test.h); absent or
 * unreadable is no report, which the judgement says (attend never called). */
static void read_attend_report(int work_fd, struct job *job)
{
    struct gb_err ignored;

    if (work_fd < 0 ||
        workdir_read_file_at(work_fd, ATTEND_TEST_OUT_FILE, ATTEND_TEST_OUT_MAX, &job->attend_out,
                             &ignored))
        gb_buf_free(&job->attend_out);
}

static int run_submission(const struct pipeline_options *opts, struct job *job,
                          const char *extra_env, struct grade_result *r, struct gb_err *err)
{
    const char *argv[] = { opts->python, job->rubric->submission, NULL };
    /* The grader's data is never the submission's to read, even where the
     * runtime lives in a directory that holds it (sandbox.h). */
    const char *hidden[] = { job->home.root, job->home.rubrics, job->home.exercises,
                             job->home.shims, NULL };
    const char *env[12];
    struct sandbox_spec spec = { .argv = argv, .env = env, .hidden_paths = hidden,
                                 .ro_paths = (const char *const *)job->runtime.paths };
    struct workdir wd = WORKDIR_INIT;
    struct gb_err cleanup_err;
    char token[33] = "";
    int rc;

    if (workdir_create(&wd, NULL, err))
        return -1;
    rc = stage_files(opts, job, &wd, token, err);
    if (rc == 0 && job->attend_in.len)
        rc = workdir_add_data(&wd, ATTEND_TEST_IN_FILE, job->attend_in.data, job->attend_in.len,
                              err);
    if (rc == 0 && !job->typed_read && (rc = returns_env(job, err)) == 0)
        job->returned_asked = job->returns_of[0] != '\0';
    if (rc == 0) {
        student_env(env, extra_env, !job->typed_read, job->returns_of);
        spec.workdir = wd.path;
        spec.stderr_to_stdout = 1;      /* logging writes to stderr: grade it, in order */
        sandbox_limits_default(&spec.limits);
        rubric_apply_limits(job->rubric, &spec.limits);
        spec.zygote = warm_zygote(opts->warm, &spec, &job->home);
        rc = sandbox_run(&spec, &r->run, err);
    }
    if (rc == 0)
        rc = note_shims_used(r, token, err);
    if (rc == 0) {
        read_provenance(r->run.work_fd, job);
        read_returned(r->run.work_fd, token, job);
        read_typed_notes(r->run.work_fd, token, job);
    }
    if (rc == 0 && job->attend_in.len)
        read_attend_report(r->run.work_fd, job);
    memcpy(job->token, token, sizeof job->token);
    if (r->run.work_fd > 2) {
        close(r->run.work_fd);   /* the sandbox's /work (its tmpfs) goes with it */
        r->run.work_fd = -1;
    }
    if (workdir_remove(&wd, &cleanup_err) && rc == 0)
        fprintf(stderr, "grader check: warning: %s\n", cleanup_err.msg);
    return rc;
}

/* A notebook (.ipynb, or a notebook's JSON under a .py name — never run
 * as Python) becomes the script that runs and the source checks read. */
static int read_notebook(const struct pipeline_options *opts, struct job *job,
                         struct gb_err *err)
{
    const char *name = base_name(opts->file);
    int by_name = notebook_is_name(name);
    const char *text = job->source.data ? job->source.data : "";

    if (job->rubric->mode == RUBRIC_MODE_READ)
        return by_name ? gb_fail(err, "%s is a notebook, and %s is read as a text document: "
                                 "hand in %s", name, job->rubric->exercise,
                                 job->rubric->submission) : 0;
    if (!by_name && !notebook_looks_like(text, job->source.len))
        return 0;
    if (notebook_read(text, job->source.len, name, &job->nb, err))
        return -1;
    job->is_notebook = 1;
    job->map = notebook_map(&job->nb, name);
    return 0;
}

static int load_job(const struct pipeline_options *opts, struct job *job, struct gb_err *err)
{
    if (home_find(opts->rubrics_dir, &job->home, err))
        return -1;
    if (opts->exercise ? load_named_rubric(&job->home, opts->exercise, &job->rubric, err)
                       : recognise(&job->home, opts->file, &job->rubric, err))
        return -1;
    if (opts->transcript_status && !opts->transcript)
        return gb_fail(err, "--transcript-status goes with --transcript");
    if (opts->transcript && job->rubric->mode == RUBRIC_MODE_READ)
        return gb_fail(err, "--transcript only applies to exercises that are run, and %s "
                            "is read", job->rubric->submission);
    if (expected_load_rubric(job->rubric, &job->expected, err))
        return gb_err_prefix(err, "exercise %s", job->rubric->exercise);
    if (gb_read_file(opts->file, notebook_is_name(base_name(opts->file)) ? NOTEBOOK_MAX_BYTES
                                                                          : SOURCE_MAX_BYTES,
                     &job->source, err)
        || read_notebook(opts, job, err))
        return -1;
    if (opts->transcript
        && gb_read_file(opts->transcript, TRANSCRIPT_MAX_BYTES, &job->transcript, err))
        return gb_err_prefix(err, "transcript");
    return 0;
}

/* A SyntaxError on a Python older than 3.12 is often 3.12 syntax written at
 * home: the run summary says so, since the traceback alone cannot. */
static int hint_new_syntax(struct grade_result *r, struct gb_err *err)
{
    const char *py = r->runtime.python, *tail = r->crash_tail;
    char *grown;
    int major = 0, minor = 0;

    if (!tail || !py || sscanf(py, "%d.%d", &major, &minor) != 2 || major != 3 || minor >= 12
        || !(strncmp(tail, "SyntaxError:", 12) == 0 || strstr(tail, "\nSyntaxError:")))
        return 0;
    if (asprintf(&grown, "%s; a SyntaxError on Python %s: syntax new in Python 3.12 (an "
                 "f-string that reuses its own quotes, `type X = ...`, `def f[T]`) does not "
                 "parse here", r->run_summary ? r->run_summary : "it did not start", py) < 0)
        return gb_fail(err, "out of memory");
    free(r->run_summary);
    r->run_summary = grown;
    return 0;
}

/* A recorded run: its status file (--transcript-status, or the one beside
 * the transcript) stands in for the sandbox's verdict and the runtime probe. */
static int use_transcript(const struct pipeline_options *opts, struct job *job,
                          struct grade_result *r, struct gb_err *err)
{
    struct transcript_status st;
    char path[PATH_MAX], summary[256], how[200];
    const char *status = opts->transcript_status;

    if (!status && transcript_status_path(opts->transcript, path, sizeof path) == 0
        && access(path, F_OK) == 0)
        status = path;
    if (!status) {
        snprintf(summary, sizeof summary, "not run: graded from the recorded output %s "
                 "(no status file says how that run ended)", base_name(opts->transcript));
        return dup_into(&r->run_summary, summary, err);
    }
    if (transcript_status_load(status, &st, err))
        return -1;
    r->ran = 1;
    r->run.exited = st.exited;
    r->run.exit_code = st.exit_code;
    r->run.signal = st.signal;
    r->run.wall_seconds = st.wall_seconds;
    sandbox_describe(&r->run, how, sizeof how);
    snprintf(summary, sizeof summary, "%s, as recorded in %s", how, base_name(opts->transcript));
    if (fill_runtime(st.python, st.torch, st.numpy, r, err) || dup_into(&r->run_summary, summary, err)
        || fill_crash_tail(job->transcript.data, job->transcript.len, r, err)
        || hint_new_syntax(r, err)) {
        transcript_status_free(&st);
        return -1;
    }
    transcript_status_free(&st);
    return 0;
}

/* The recorded output stands for what the run printed, so that reports show
 * the lines checks cite (report/report_output.h). */
static int keep_transcript(const struct job *job, struct grade_result *r, struct gb_err *err)
{
    size_t len = job->transcript.len;

    free(r->run.out.data);
    if (!(r->run.out.data = malloc(len + 1)))
        return gb_fail(err, "out of memory keeping the recorded output");
    memcpy(r->run.out.data, job->transcript.data ? job->transcript.data : "", len);
    r->run.out.data[len] = '\0';
    r->run.out.len = r->run.out.total = len;
    return 0;
}

/* A live run: probe the runtime, run the submission, say how it ended. */
static int use_live_run(const struct pipeline_options *opts, struct job *job,
                        const char *extra_env, struct grade_result *r, struct gb_err *err)
{
    char summary[256];

    if (runtime_probe(opts->python, NULL, &job->runtime, err)
        || fill_runtime(job->runtime.python, job->runtime.torch, job->runtime.numpy, r, err))
        return -1;
    if (run_submission(opts, job, extra_env, r, err))
        return gb_err_prefix(err, "cannot run %s", job->rubric->submission);
    r->ran = 1;
    sandbox_describe(&r->run, summary, sizeof summary);
    return dup_into(&r->run_summary, summary, err)
           || fill_crash_tail(r->run.out.data, r->run.out.len, r, err)
           || hint_new_syntax(r, err) ? -1 : 0;
}

/* A notebook's run: the summary says how its cells were run and what was
 * dropped, and the traceback cites cells, not the generated script. */
static int explain_notebook(struct job *job, struct grade_result *r, struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    int rc = gb_buf_printf(&b, err, "%s; notebook: its %zu code cell%s run as one script, "
                           "markdown cells read as comments", r->run_summary ? r->run_summary
                           : "not run", job->nb.n_code, job->nb.n_code == 1 ? "" : "s");

    if (rc == 0 && job->nb.n_notes)
        rc = gb_buf_printf(&b, err, "; dropped (Jupyter-only, not Python): %s%s",
                           job->nb.notes.data,
                           job->nb.n_notes > NOTEBOOK_NOTES_LISTED ? "; and more" : "");
    if (rc == 0) {
        free(r->run_summary);
        r->run_summary = gb_buf_steal(&b);
    }
    if (rc == 0 && r->crash_tail) {
        rc = notebook_map_traceback(&job->nb, job->rubric->submission, job->map.name,
                                    r->crash_tail, strlen(r->crash_tail), &b, err);
        if (rc == 0) {
            free(r->crash_tail);
            r->crash_tail = gb_buf_steal(&b);
        }
    }
    gb_buf_free(&b);
    return rc;
}

/* The scorer's input from what a run printed: Python's own lines taken out,
 * lines labelled by the provenance the shim recorded. */
static int read_output(struct job *job, const char *printed, size_t len,
                       const struct grade_result *r, struct score_input *in, struct gb_err *err)
{
    if (pyoutput_strip(printed ? printed : "", printed ? len : 0, &job->output, err))
        return -1;
    in->output = job->output.data;
    in->output_len = job->output.len;
    if (job->provenance.len && job->output.len) {
        size_t n;
        if (provenance_label(job->output.data, job->output.len, job->provenance.data,
                             job->provenance.len, &job->labelled, &n, err))
            return -1;
        if (n) {
            in->output = job->labelled.data;
            in->output_len = job->labelled.len;
        }
    }
    in->run = r->ran ? &r->run : NULL;
    in->typed_notes = job->typed_notes.len ? job->typed_notes.data + job->typed_body : NULL;
    in->typed_notes_len = job->typed_notes.len ? job->typed_notes.len - job->typed_body : 0;
    in->typed_notes_lost = job->typed_read && !job->typed_notes.len;
    in->returned = job->returned.len ? job->returned.data + job->returned_body : NULL;
    in->returned_len = job->returned.len ? job->returned.len - job->returned_body : 0;
    /* only a run that ended by itself must have left its record: one stopped
     * by a limit may have been stopped before the shim wrote a line */
    in->returned_lost = job->returned_asked && !job->returned.len && r->ran &&
                        r->run.exited && r->run.limit == SANDBOX_LIMIT_NONE;
    return 0;
}

/* Runs (or, for a transcript or an answers document, does not run) the
 * submission, recording what happened in r; fills the scorer's input: all
 * it printed, with Python's own lines (tracebacks, warnings) taken out. */
static int gather_evidence(const struct pipeline_options *opts, struct job *job,
                           struct grade_result *r, struct score_input *in,
                           struct gb_err *err)
{
    const char *printed;
    size_t len;

    if (job->rubric->mode == RUBRIC_MODE_READ) {
        in->answers = job->source.data ? job->source.data : "";
        in->answers_len = job->source.len;
        return dup_into(&r->run_summary, "not run: an answers document is read, not executed",
                        err);
    }
    if (opts->transcript) {
        if (use_transcript(opts, job, r, err) || keep_transcript(job, r, err))
            return -1;
        printed = job->transcript.data;
        len = job->transcript.len;
    } else {
        if (use_live_run(opts, job, NULL, r, err))
            return -1;
        printed = r->run.out.data;
        len = r->run.out.len;
    }
    if (read_output(job, printed, len, r, in, err))
        return -1;
    return job->is_notebook ? explain_notebook(job, r, err) : 0;
}

/* The rerun with changed seeds: run the submission again under key's map and
 * score what it printed against the values those seeds give (into second).
 * The first run's output buffers are replaced: score anything that reads
 * them before. */
static int rerun_second(const struct pipeline_options *opts, struct job *job,
                        const struct seed_map_key *key, struct score_input *in,
                        struct grade_result *second, struct gb_err *err)
{
    char hex[SEED_MAP_KEY_HEX + 1], env[sizeof "GRADEBOX_SEED_MAP=" + SEED_MAP_KEY_HEX];

    seed_map_format(key, hex);
    snprintf(env, sizeof env, "GRADEBOX_SEED_MAP=%s", hex);
    gb_buf_free(&job->output);
    gb_buf_free(&job->provenance);
    gb_buf_free(&job->labelled);
    runtime_free(&job->runtime);
    if (use_live_run(opts, job, env, second, err))
        return gb_err_prefix(err, "the rerun with changed seeds");
    return read_output(job, second->run.out.data, second->run.out.len, second, in, err)
           || score_submission(in, second, err) ? -1 : 0;
}

/* The integrity rerun (rerun.h): the first run's output against the remapped
 * values (cross), then the second run against them, then the judgement. */
static int integrity_rerun(const struct pipeline_options *opts, struct job *job,
                           const struct score_input *first_in, struct grade_result *r,
                           struct gb_err *err)
{
    struct seed_map_key key;
    struct expected *remapped = NULL;
    struct grade_result cross, second;
    struct score_input in = *first_in;
    int rc;

    memset(&cross, 0, sizeof cross);
    memset(&second, 0, sizeof second);
    if (rerun_key_new(&key, err) || rerun_expected(job->rubric, &key, &remapped, err))
        return -1;
    in.expected = remapped;
    rc = score_submission(&in, &cross, err) || rerun_second(opts, job, &key, &in, &second, err)
         || score_rerun_judge(job->rubric, r, &second, &cross, second.run_summary, err)
         ? -1 : 0;
    result_free(&cross);
    result_free(&second);
    expected_free(remapped);
    return rc;
}

/* Whether and how the integrity rerun is made for this job (rerun.h). */
static int check_integrity(const struct pipeline_options *opts, struct job *job,
                           const struct score_input *in, struct grade_result *r,
                           struct gb_err *err)
{
    if (!rerun_wanted(job->rubric, opts->integrity)) {
        if (opts->integrity != RERUN_ALL || job->rubric->mode != RUBRIC_MODE_RUN)
            return 0;
        return score_rerun_not_made(r, "the reference does not recompute this exercise's values "
                              "for other seeds, so no rerun was made", err);
    }
    if (opts->transcript)
        return score_rerun_not_made(r, "graded from a recorded output, so nothing could be run "
                              "again", err);
    if (!score_rerun_comparable(job->rubric, r))
        return score_rerun_not_made(r, "no value check passed, so there was nothing to compare",
                              err);
    return integrity_rerun(opts, job, in, r, err);
}

/* The hidden-input test of attend (attend_test.h): a second run whose shim
 * calls the script's attend on the inputs drawn here, judged against the
 * reference's attention (score_attend.h).  Its output is not graded. */
static int attend_run(const struct pipeline_options *opts, struct job *job,
                      struct grade_result *r, struct gb_err *err)
{
    struct attend_trial *trial = malloc(sizeof *trial);   /* some 40 KB: off the stack */
    struct grade_result second;
    int rc;

    if (!trial)
        return gb_fail(err, "out of memory for the hidden-input test of attend");
    memset(&second, 0, sizeof second);
    gb_buf_free(&job->attend_in);
    gb_buf_free(&job->attend_out);
    if (attend_test_draw(trial, err) || attend_test_input(trial, &job->attend_in, err)) {
        free(trial);
        return -1;
    }
    runtime_free(&job->runtime);
    rc = use_live_run(opts, job, "GRADEBOX_ATTEND=" SANDBOX_WORKDIR "/" ATTEND_TEST_IN_FILE,
                      &second, err);
    if (rc)
        rc = gb_err_prefix(err, "the hidden-input test of attend");
    else
        rc = attend_test_read(trial, job->attend_out.data, job->attend_out.len, job->token,
                              err) ||
             score_attend_judge(job->rubric, r, trial, second.run_summary, err) ? -1 : 0;
    gb_buf_free(&job->attend_in);
    result_free(&second);
    free(trial);
    return rc;
}

/* Whether the hidden-input test is made for this job; a rubric check of its
 * kind that is not made is taken out of the result (score_attend.h). */
static int check_attend(const struct pipeline_options *opts, struct job *job,
                        struct grade_result *r, struct gb_err *err)
{
    if (!score_attend_in_rubric(job->rubric))
        return 0;
    if (!attend_test_wanted(job->rubric, opts->integrity))
        return score_attend_not_made(job->rubric, r, NULL, err);
    if (opts->transcript)
        return score_attend_not_made(job->rubric, r, "graded from a recorded output, so attend "
                                     "could not be called", err);
    return attend_run(opts, job, r, err);
}

/* A run that stopped at an import is triaged by what the runtime has: the
 * missing module, not the numbers it never printed, is what to fix first. */
static int triage_import(struct grade_result *r, struct gb_err *err)
{
    char *advice;

    if (runtime_import_advice(r->runtime.python, r->runtime.numpy, r->runtime.torch,
                              r->crash_tail, &advice, err))
        return -1;
    if (advice) {
        free(r->triage);
        r->triage = advice;
    }
    return 0;
}

int pipeline_grade(const struct pipeline_options *opts, struct grade_result *r, struct gb_err *err)
{
    struct job job;
    struct score_input in;
    int rc;

    memset(&job, 0, sizeof job);
    memset(r, 0, sizeof *r);
    rc = load_job(opts, &job, err);
    if (rc == 0) {
        memset(&in, 0, sizeof in);
        in.rubric = job.rubric;
        in.expected = job.expected;
        in.source = job.source.data ? job.source.data : "";
        in.source_len = job.source.len;
        if (job.is_notebook) {
            in.source = job.nb.script.data;
            in.source_len = job.nb.script.len;
            in.source_map = &job.map;
        }
        rc = fill_identity(opts, &job, r, err) || gather_evidence(opts, &job, r, &in, err)
             || score_submission(&in, r, err) || check_integrity(opts, &job, &in, r, err)
             || check_attend(opts, &job, r, err)
             || triage_import(r, err)
             || result_identify(r, err) ? -1 : 0;
    }
    job_free(&job);
    return rc;
}

/* ---- the command line ---------------------------------------------------- */

const char pipeline_check_usage[] =
    "usage: grader check [--format text|json|gradescope] [--python PATH]\n"
    "                    [--exercise NAME] [--rubrics DIR]\n"
    "                    [--transcript FILE [--transcript-status FILE]]\n"
    "                    [--student ID] [--assignment ID] [--post URL]\n"
    "                    [--sign-key FILE] [--integrity] FILE...\n";

/* Options that take a value; each fills one string field of pipeline_options. */
static const struct {
    const char *name;
    size_t offset;
} pipeline_flags[] = {
    { "--format", (size_t)-1 },     /* parsed into .format */
    { "--python", offsetof(struct pipeline_options, python) },
    { "--exercise", offsetof(struct pipeline_options, exercise) },
    { "--rubrics", offsetof(struct pipeline_options, rubrics_dir) },
    { "--transcript", offsetof(struct pipeline_options, transcript) },
    { "--transcript-status", offsetof(struct pipeline_options, transcript_status) },
    { "--student", offsetof(struct pipeline_options, student) },
    { "--assignment", offsetof(struct pipeline_options, assignment) },
    { "--post", offsetof(struct pipeline_options, post) },
    { "--sign-key", offsetof(struct pipeline_options, sign_key) },
};

static int set_flag(struct pipeline_options *o, const char *name, const char *value,
                    struct gb_err *err)
{
    for (size_t i = 0; i < sizeof pipeline_flags / sizeof pipeline_flags[0]; i++) {
        if (strcmp(name, pipeline_flags[i].name))
            continue;
        if (pipeline_flags[i].offset != (size_t)-1)
            *(const char **)((char *)o + pipeline_flags[i].offset) = value;
        else if (report_format_parse(value, &o->format))
            return gb_fail(err, "unknown format '%s' (text, json or gradescope)", value);
        return 0;
    }
    return gb_fail(err, "unknown option '%s'", name);
}

/* Options that name one submission's run or destination: one FILE then. */
static int one_file_only(const struct pipeline_options *o, int nfiles, struct gb_err *err)
{
    if (nfiles < 2)
        return 0;
    if (o->transcript || o->transcript_status)
        return gb_fail(err, "--transcript grades one FILE at a time");
    if (o->post)
        return gb_fail(err, "--post delivers one FILE at a time");
    if (o->format == REPORT_GRADESCOPE)
        return gb_fail(err, "--format gradescope writes one FILE's result at a time");
    return 0;
}

/* Fills o from argv ("--flag value", "--flag=value") and files[] with the
 * FILEs (argc entries fit); 1 for --help. */
static int parse_args(int argc, char **argv, struct pipeline_options *o, const char **files,
                      int *nfiles, struct gb_err *err)
{
    memset(o, 0, sizeof *o);
    o->python = PIPELINE_DEFAULT_PYTHON;
    o->student = getenv("GRADEBOX_STUDENT");
    o->assignment = getenv("GRADEBOX_ASSIGNMENT");
    for (int i = 1; i < argc; i++) {
        char *arg = argv[i], *eq = strchr(arg, '=');

        if (!strcmp(arg, "-h") || !strcmp(arg, "--help"))
            return 1;
        if (!strcmp(arg, "--integrity")) {       /* the rerun with changed seeds (rerun.h) */
            o->integrity = RERUN_ALL;
            continue;
        }
        if (arg[0] != '-' || !strcmp(arg, "-")) {
            files[(*nfiles)++] = arg;
            continue;
        }
        if (eq)
            *eq = '\0';
        if (!eq && i + 1 >= argc)
            return gb_fail(err, "option '%s' needs a value", arg);
        if (set_flag(o, arg, eq ? eq + 1 : argv[++i], err))
            return -1;
    }
    if (!*nfiles)
        return gb_fail(err, "which file should be checked?");
    if (one_file_only(o, *nfiles, err))
        return -1;
    o->file = files[0];
    if (o->student && !*o->student)
        o->student = NULL;
    if (o->assignment && !*o->assignment)
        o->assignment = NULL;
    return 0;
}

static int exit_status(const struct grade_result *r)
{
    switch (report_status(r)) {
    case REPORT_PASSED:
    case REPORT_REVIEW:
        return PIPELINE_EXIT_PASSED;
    case REPORT_FAILED:
        return PIPELINE_EXIT_FAILED;
    case REPORT_ERROR:
        break;
    }
    return PIPELINE_EXIT_USAGE;
}

static int print_report(const struct pipeline_options *o, const struct grade_result *r,
                        const struct result_signer *signer, struct gb_err *err)
{
    struct report_options ro = { .utf8 = 0, .signer = signer };
    struct gb_buf out = GB_BUF_INIT;
    int rc;

    if (setlocale(LC_CTYPE, ""))
        ro.utf8 = !strcmp(nl_langinfo(CODESET), "UTF-8");
    rc = report_render(o->format, r, &ro, &out, err);
    if (rc == 0 && (fwrite(out.data, 1, out.len, stdout) != out.len || fflush(stdout)))
        rc = gb_fail_errno(err, "cannot write the report");
    gb_buf_free(&out);
    return rc;
}

/* --post: queue the result in the outbox and try to deliver it now.  A down
 * LMS is not an error (the outbox retries); no secret or a bad URL is. */
static int post_result(const struct pipeline_options *o, const struct grade_result *r,
                       const struct result_signer *signer)
{
    struct gb_buf json = GB_BUF_INIT;
    struct gb_err err;
    int delivered = 0, rc = report_json_signed(r, signer, &json, &err);

    if (rc == 0)
        rc = deliver_post(o->post, json.data, json.len, &delivered, &err);
    gb_buf_free(&json);
    if (rc)
        fprintf(stderr, "grader check: result not posted: %s\n", err.msg);
    else if (!delivered)
        fprintf(stderr, "grader check: result kept in the outbox; "
                "`grader outbox flush` delivers it\n");
    return rc;
}

/* The key that signs the JSON written: --sign-key, else this machine's own
 * (made on first use); none for a text or Gradescope report, which is no
 * result document. */
static int load_signer(const struct pipeline_options *o, struct result_signer *s,
                       struct gb_err *err)
{
    char path[PATH_MAX];
    int made = 0;

    memset(s, 0, sizeof *s);
    if (o->sign_key) {
        if (result_signer_load(s, o->sign_key, err))
            return -1;
        return s->can_sign ? 0 : gb_fail(err, "%s is a public key: --sign-key needs the "
                                         "private key", o->sign_key);
    }
    if (o->format != REPORT_JSON && !o->post)
        return 0;
    if (result_signer_load_default(s, 1, &made, err))
        return -1;
    if (made && result_signer_default_path(path, sizeof path, err) == 0)
        fprintf(stderr, "grader check: made a result signing key %s; results are signed "
                "with it (docs/lms.md#signed-results)\n", path);
    return 0;
}

/* Grades o->file and prints its report; its exit status (with why in *err
 * when it could not be graded). */
static int check_one(const struct pipeline_options *o, const struct result_signer *sign,
                     struct gb_err *err)
{
    struct grade_result result;
    int rc;

    if (pipeline_grade(o, &result, err) || print_report(o, &result, sign, err)) {
        fprintf(stderr, "grader check: %s: %s\n", o->file, err->msg);
        result_free(&result);
        return PIPELINE_EXIT_USAGE;
    }
    rc = exit_status(&result);
    if (o->post && post_result(o, &result, sign))
        rc = PIPELINE_EXIT_USAGE;
    result_free(&result);
    return rc;
}

/* Several JSON results are one array; a file that could not be graded is
 * an element that says why, so the results stay in the order given. */
static void json_separator(const struct pipeline_options *o, int i, int n)
{
    if (o->format != REPORT_JSON || n < 2)
        return;
    fputs(i == 0 ? "[\n" : i == n ? "]\n" : ",\n", stdout);
}

static void json_error_element(const struct pipeline_options *o, int n, const char *why)
{
    cJSON *e;
    char *text;

    if (o->format != REPORT_JSON || n < 2 || !(e = cJSON_CreateObject()))
        return;
    cJSON_AddStringToObject(e, "schema", "gradebox.error/1");
    cJSON_AddStringToObject(e, "file", o->file);
    cJSON_AddStringToObject(e, "error", why);
    if ((text = cJSON_Print(e))) {
        fputs(text, stdout);
        fputc('\n', stdout);
    }
    free(text);
    cJSON_Delete(e);
}

int pipeline_check_main(int argc, char **argv)
{
    struct pipeline_options opts;
    struct pipeline_warm warm = { 0 };
    struct result_signer signer = { 0 }, *sign = NULL;
    struct gb_err err;
    const char **files = calloc(argc > 0 ? (size_t)argc : 1, sizeof *files);
    int nfiles = 0, rc, worst = PIPELINE_EXIT_PASSED;

    if (!files) {
        fprintf(stderr, "grader check: out of memory\n");
        return PIPELINE_EXIT_USAGE;
    }
    rc = parse_args(argc, argv, &opts, files, &nfiles, &err);
    if (rc) {
        if (rc > 0)
            fputs(pipeline_check_usage, stdout);
        else
            fprintf(stderr, "grader check: %s\n%s", err.msg, pipeline_check_usage);
        free(files);
        return rc > 0 ? 0 : PIPELINE_EXIT_USAGE;
    }
    /* A bad key is found before minutes of grading, not after. */
    if (load_signer(&opts, &signer, &err)) {
        fprintf(stderr, "grader check: %s\n", err.msg);
        result_signer_free(&signer);
        free(files);
        return PIPELINE_EXIT_USAGE;
    }
    sign = signer.pkey ? &signer : NULL;
    if (nfiles > 1)
        opts.warm = &warm;
    for (int i = 0; i < nfiles; i++) {
        json_separator(&opts, i, nfiles);
        if (opts.format == REPORT_TEXT && i > 0)
            fputc('\n', stdout);
        opts.file = files[i];
        err.msg[0] = '\0';
        rc = check_one(&opts, sign, &err);
        if (rc == PIPELINE_EXIT_USAGE)
            json_error_element(&opts, nfiles, err.msg[0] ? err.msg : "not graded");
        if (rc > worst)
            worst = rc;
        fflush(stdout);
    }
    json_separator(&opts, nfiles, nfiles);
    pipeline_warm_stop(&warm);
    result_signer_free(&signer);
    free(files);
    return worst;
}
