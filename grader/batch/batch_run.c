/* batch_run.c — read, store, grade, write, post: `grader batch` (see batch_run.h). */
#define _GNU_SOURCE
#include "batch/batch_run.h"

#include <errno.h>
#include <limits.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch/batch_csv.h"
#include "batch/batch_exercises.h"
#include "batch/batch_fbzip.h"
#include "batch/batch_html.h"
#include "batch/batch_late.h"
#include "batch/batch_queue.h"
#include "batch/batch_review.h"
#include "batch/batch_roster.h"
#include "batch/batch_sidebyside.h"
#include "batch/batch_similar.h"
#include "batch/batch_status.h"
#include "batch/batch_store.h"
#include "batch/batch_worker.h"
#include "check/pipeline.h"
#include "buf.h"
#include "deliver/deliver.h"
#include "score/result_id.h"

#define STAGED_SUBDIR ".gradebox/submissions"
#define TRANSCRIPT_MAX (16u << 20)

struct summary {
    size_t students, uploads, graded, errors, waiting, review, problems;
    size_t ungraded;                  /* students of whom nothing was graded */
    size_t refused;                   /* entries, uploads or inputs not graded */
};

/* ---- the cohort's files in DIR ----------------------------------------------------- */

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

/* DIR/.gradebox/submissions/STUDENT/<the exercise's file>, rewritten only
 * when its bytes changed (a rerun of an unchanged cohort writes nothing).
 * A notebook keeps .ipynb, which the pipeline reads it by. */
static int stage_upload(const char *out, const struct batch_upload *u, char **path,
                        struct gb_err *err)
{
    const char *file = u->exercise->submission, *dot = strrchr(file, '.');
    int stem = dot ? (int)(dot - file) : (int)strlen(file);
    char dir[PATH_MAX];
    struct gb_buf old = GB_BUF_INIT;
    struct gb_err ignored;
    int same;

    snprintf(dir, sizeof dir, "%s/" STAGED_SUBDIR "/%s", out, u->student);
    if (asprintf(path, "%s/%.*s%s", dir, u->notebook ? stem : (int)strlen(file), file,
                 u->notebook ? ".ipynb" : "") < 0) {
        *path = NULL;
        return gb_fail(err, "out of memory");
    }
    same = gb_read_file(*path, BATCH_UPLOAD_MAX, &old, &ignored) == 0 && old.len == u->data.len &&
           !memcmp(old.data, u->data.data, old.len);
    gb_buf_free(&old);
    if (same)
        return 0;
    return batch_mkdir_p(dir, err) || gb_write_file_atomic(*path, u->data.data, u->data.len, err)
           ? -1 : 0;
}

/* An instructor's recording of this upload's run: TRANSCRIPTS/STUDENT/STEM.stdout
 * (with STEM.status beside it), never a file the student uploaded. */
static int find_transcript(const struct batch_settings *s, const struct batch_upload *u,
                           char **path, char sha[65], struct gb_err *err)
{
    char want[PATH_MAX], status[PATH_MAX], full[PATH_MAX];
    const char *dot = strrchr(u->exercise->submission, '.');
    int stem = dot ? (int)(dot - u->exercise->submission) : (int)strlen(u->exercise->submission);
    struct gb_buf b = GB_BUF_INIT;

    *path = NULL;
    sha[0] = '\0';
    if (!s->transcripts || !u->exercise->is_run)
        return 0;
    snprintf(want, sizeof want, "%s/%s/%.*s.stdout", s->transcripts, u->student, stem,
             u->exercise->submission);
    if (access(want, F_OK) < 0)
        return 0;
    snprintf(status, sizeof status, "%s/%s/%.*s.status", s->transcripts, u->student, stem,
             u->exercise->submission);
    if (!realpath(want, full) || gb_read_file(full, TRANSCRIPT_MAX, &b, err) ||
        (access(status, F_OK) == 0 && gb_read_file(status, TRANSCRIPT_MAX, &b, err))) {
        gb_buf_free(&b);
        return gb_err_prefix(err, "transcript %s", want);
    }
    if (sha256_hex(b.data ? b.data : "", b.len, sha) || !(*path = strdup(full)))
        return gb_buf_free(&b), gb_fail(err, "out of memory");
    gb_buf_free(&b);
    return 0;
}

static char *key_of(const struct batch_upload *u, const char *transcript_sha)
{
    char *key;

    return asprintf(&key, "%s|%s|%s", u->sha256, u->exercise->digest, transcript_sha) < 0
           ? NULL : key;
}

static void free_strings(char **v, size_t n)
{
    for (size_t i = 0; v && i < n; i++)
        free(v[i]);
    free(v);
}

/* Stores the uploads' copies and the cohort in the gradebook. */
static int store_cohort(const struct batch_settings *s, struct batch_store *st,
                        const struct batch_cohort *c, struct gb_err *err)
{
    size_t n = c->n_uploads;
    char **paths = calloc(n + 1, sizeof *paths), **trs = calloc(n + 1, sizeof *trs);
    char **keys = calloc(n + 1, sizeof *keys), sha[65];
    int rc = paths && trs && keys ? 0 : gb_fail(err, "out of memory");

    for (size_t i = 0; rc == 0 && i < n; i++) {
        rc = stage_upload(s->out, &c->uploads[i], &paths[i], err) ||
             find_transcript(s, &c->uploads[i], &trs[i], sha, err) ? -1 : 0;
        if (rc == 0 && !(keys[i] = key_of(&c->uploads[i], sha)))
            rc = gb_fail(err, "out of memory");
    }
    if (rc == 0)
        rc = batch_store_set_cohort(st, c, paths, trs, keys, err);
    free_strings(paths, n);
    free_strings(trs, n);
    free_strings(keys, n);
    return rc;
}

/* The files the instructor said to grade as an exercise (`grader review
 * --grade-as`, kept as decisions; batch_review.h), pointing into d. */
static int grade_as_words(const struct batch_decision *d, size_t nd,
                          struct batch_grade_as **g, size_t *ng, struct gb_err *err)
{
    *ng = 0;
    *g = calloc(nd + 1, sizeof **g);
    if (!*g)
        return gb_fail(err, "out of memory");
    for (size_t i = 0; i < nd; i++)
        if (!strcmp(d[i].check, BATCH_REVIEW_GRADE_AS) && d[i].evidence)
            (*g)[(*ng)++] = (struct batch_grade_as){ d[i].student, d[i].evidence, d[i].exercise };
    return 0;
}

static int read_cohort(const struct batch_settings *s, const struct batch_exercises *ex,
                       struct batch_store *st, struct batch_cohort *c, struct gb_err *err)
{
    struct batch_ingest_limits lim = s->limits;
    struct batch_decision *d = NULL;
    struct batch_grade_as *g = NULL;
    size_t nd = 0;
    int rc;

    memset(c, 0, sizeof *c);
    lim.exclude = s->out;             /* DIR may lie inside an input folder */
    rc = batch_store_decisions(st, &d, &nd, err) ||
         grade_as_words(d, nd, &g, &lim.n_grade_as, err) ? -1 : 0;
    lim.grade_as = g;
    if (rc == 0)
        rc = batch_ingest(s->inputs, s->n_inputs, ex, &lim, c, err);
    free(g);
    batch_decisions_free(d, nd);
    if (rc)
        return -1;
    return s->roster ? batch_roster_apply(s->roster, c, err) : 0;
}

/* ---- outputs ----------------------------------------------------------------------- */

/* One line on stderr per problem and per ungraded student, each naming the
 * student it is about ("10003 (Chloé Dubois): ..."), so a log says who. */
static void print_problems(const struct batch_book *b, struct summary *sum)
{
    char who[400], why[1024];

    for (size_t i = 0; i < b->cohort.n_problems; i++) {
        const struct batch_problem *p = &b->cohort.problems[i];

        if (p->student)
            batch_status_who(b, p->student, who, sizeof who);
        fprintf(stderr, "grader batch: %s: %s%s%s\n", p->refused ? "problem" : "note",
                p->student ? who : "", p->student ? ": " : "", p->what);
        sum->refused += p->refused;
    }
    for (size_t i = 0; i < b->cohort.n_students; i++) {
        const char *id = b->cohort.students[i].id;

        if (!batch_status_ungraded(b, id, why, sizeof why))
            continue;
        batch_status_who(b, id, who, sizeof who);
        fprintf(stderr, "grader batch: not graded: %s: %s\n", who, why);
        sum->ungraded++;
    }
}

static void tally(const struct batch_book *b, struct summary *sum)
{
    memset(sum, 0, sizeof *sum);
    sum->students = b->cohort.n_students;
    sum->uploads = b->n_rows;
    sum->problems = b->cohort.n_problems;
    for (size_t i = 0; i < b->n_rows; i++) {
        const char *st = b->rows[i].status;

        sum->waiting += st == NULL;
        sum->errors += st && !strcmp(st, "error");
        sum->graded += st && strcmp(st, "error");
        sum->review += st && !strcmp(st, "needs_review");
    }
}

/* The book with the human decisions in force (batch_review.h): every output
 * shows the decided grade. */
static int decided_book(struct batch_store *st, struct batch_book *book, struct gb_err *err)
{
    if (batch_store_book(st, book, err))
        return -1;
    if (batch_review_apply_stored(st, book->rows, book->n_rows, err)) {
        batch_book_free(book);
        return -1;
    }
    return 0;
}

static int write_outputs(struct batch_store *st, const char *course_dir, const char *out,
                         struct summary *sum, int say, struct gb_err *err)
{
    struct batch_book book;
    struct batch_similarity sim = { 0 };
    struct gb_err why;
    char *samples = NULL;
    int rc;

    if (decided_book(st, &book, err))
        return -1;
    tally(&book, sum);
    if (say)
        print_problems(&book, sum);
    /* Before grades.csv, whose matches_sample column it fills. */
    if (batch_store_get_meta(st, "samples_dir", &samples, &why) ||
        batch_similar_find(&book, course_dir, samples, &sim, &why))
        fprintf(stderr, "grader batch: similarity not computed: %s\n", why.msg);
    free(samples);
    rc = batch_csv_write(&book, &sim, out, err) || batch_fbzip_write(&book, out, err) ? -1 : 0;
    if (rc == 0)
        rc = batch_sidebyside_write(&book, &sim, out, err) ||
             batch_html_write(&book, &sim, out, err) ? -1 : 0;
    batch_similarity_free(&sim);
    batch_book_free(&book);
    return rc;
}

static void print_summary(const char *out, const struct summary *sum, size_t fresh)
{
    printf("grader batch: %zu students, %zu uploads: %zu graded (%zu this run)", sum->students,
           sum->uploads, sum->graded, fresh);
    if (sum->errors)
        printf(", %zu could not be graded", sum->errors);
    if (sum->waiting)
        printf(", %zu not graded yet", sum->waiting);
    printf("; %zu wait for review; %zu input problems", sum->review, sum->problems);
    if (sum->ungraded)
        printf("; %zu students not graded (grades.csv says why)", sum->ungraded);
    printf("\n");
    printf("  %s/grades.csv\n  %s/report.html\n", out, out);
    fflush(stdout);
}

/* ---- --post ------------------------------------------------------------------------ */

static int enqueue_all(struct batch_store *st, struct outbox *ob, struct deliver_config *cfg,
                       const struct result_signer *signer, char (**ids)[PAYLOAD_ID_MAX + 1],
                       size_t *n, struct gb_err *err)
{
    struct batch_row *rows;
    size_t n_rows;
    struct batch_book book;
    char *policy_at = NULL;
    int rc = batch_store_unposted(st, &rows, &n_rows, err);

    *n = 0;
    if (rc == 0 && (batch_review_apply_stored(st, rows, n_rows, err) ||
                    batch_store_book(st, &book, err))) {
        batch_rows_free(rows, n_rows);
        rc = -1;
    }
    if (rc == 0) {                /* the LMS gets the score grades.csv shows */
        rc = batch_store_get_meta(st, "late_policy_at", &policy_at, err);
        for (size_t i = 0; rc == 0 && i < n_rows; i++)
            rc = batch_late_stamp(&book, policy_at, &rows[i], err);
        free(policy_at);
        batch_book_free(&book);
        if (rc)
            batch_rows_free(rows, n_rows);
    }
    if (rc)
        rows = NULL, n_rows = 0;
    *ids = rc ? NULL : calloc(n_rows + 1, sizeof **ids);
    if (rc == 0 && !*ids)
        rc = gb_fail(err, "out of memory");
    for (size_t i = 0; rc == 0 && i < n_rows; i++) {
        char *signed_json = NULL;

        /* Review decisions, overrides and late penalties changed what the
         * workers signed: the gradebook's owner signs what it now holds. */
        rc = result_sign_text(signer, rows[i].json, &signed_json, err);
        if (rc == 0)
            rc = deliver_enqueue(ob, cfg, signed_json, strlen(signed_json), (*ids)[*n], NULL,
                                 err);
        cJSON_free(signed_json);
        if (rc == 0)
            rc = batch_store_mark_posted(st, rows[i].student, rows[i].exercise, err);
        *n += rc == 0;
    }
    batch_rows_free(rows, n_rows);
    return rc;
}

/* Queues every result not queued before, then sends what is due once. */
static int post_results(struct batch_settings *s, struct batch_store *st, int *left)
{
    char (*ids)[PAYLOAD_ID_MAX + 1] = NULL;
    struct deliver_stats ds = { 0 };
    struct result_signer signer = { 0 };
    size_t n = 0, pending = 0, failed = 0;
    struct outbox *ob = NULL;
    struct gb_err err;
    int rc;

    /* The key first: checking the destination loads it to verify with. */
    rc = batch_signer_load(&signer, &err) || deliver_check_destination(&s->deliver, &err) ||
         deliver_open_outbox(&s->deliver, &ob, &err) ||
         enqueue_all(st, ob, &s->deliver, &signer, &ids, &n, &err) ||
         deliver_flush(ob, &s->deliver, NULL, 0, &ds, s->quiet ? NULL : stderr, &err) ||
         deliver_count_left(ob, deliver_config_destination(&s->deliver), ids, n, &pending,
                            &failed, &err) ? -1 : 0;
    result_signer_free(&signer);
    if (rc)
        fprintf(stderr, "grader batch: results not posted: %s\n", err.msg);
    else
        fprintf(stderr, "grader batch: %zu results queued, %zu delivered; %zu still pending, "
                "%zu failed%s\n", n, n - pending - failed, pending, failed,
                pending ? " (`grader outbox flush` sends them)" : "");
    *left = rc || pending || failed;
    free(ids);
    outbox_close(ob);
    return rc;
}

/* Outputs, --post and the summary: the end every command shares. */
static int finish(struct batch_settings *s, struct batch_store *st, const char *course_dir,
                  size_t fresh, int interrupted)
{
    struct summary sum;
    struct gb_err err;
    int left = 0;

    if (write_outputs(st, course_dir, s->out, &sum, 1, &err)) {
        fprintf(stderr, "grader batch: %s\n", err.msg);
        return BATCH_EXIT_USAGE;
    }
    if (s->post && !interrupted && post_results(s, st, &left))
        return BATCH_EXIT_USAGE;
    print_summary(s->out, &sum, fresh);
    if (interrupted) {
        fprintf(stderr, "grader batch: interrupted; run the same command again to grade the "
                "%zu uploads left\n", sum.waiting);
        return BATCH_EXIT_INTERRUPTED;
    }
    return sum.errors || sum.waiting || sum.ungraded || sum.refused || left
           ? BATCH_EXIT_INCOMPLETE : BATCH_EXIT_OK;
}

/* ---- the commands ------------------------------------------------------------------ */

static int open_out(const char *out, struct batch_store **st, struct gb_err *err)
{
    struct stat sb;

    if (batch_mkdir_p(out, err))
        return -1;
    if (stat(out, &sb) < 0 || !S_ISDIR(sb.st_mode))
        return gb_fail(err, "--out %s is not a directory", out);
    return batch_store_open(out, st, err);
}

static int forget(const struct batch_settings *s, struct batch_store *st, struct gb_err *err)
{
    size_t n;

    if (!s->regrade)
        return 0;
    if (batch_store_forget(st, s->regrade_which, &n, err))
        return -1;
    if (!s->quiet)
        fprintf(stderr, "grader batch: --regrade%s%s: %zu results will be graded again\n",
                s->regrade_which ? " " : "", s->regrade_which ? s->regrade_which : "", n);
    return 0;
}

static int grade_here(struct batch_settings *s, struct batch_store *st,
                      const struct batch_task *tasks, size_t n, struct batch_queue_stats *qs,
                      struct gb_err *err)
{
    struct batch_grading g = { s->out, s->rubrics, s->python, s->assignment, NULL, NULL,
                               s->integrity_all };
    struct pipeline_warm warm = { 0 };
    struct batch_queue_options qo = { s->jobs > 0 ? s->jobs : batch_queue_cores(),
                                      s->memory ? s->memory : batch_queue_memory_default(),
                                      s->quiet };
    struct result_signer signer;
    int rc;

    if (batch_signer_load(&signer, err))
        return -1;
    g.signer = &signer;
    if (!s->quiet)
        fprintf(stderr, "grader batch: %zu uploads to grade, %d at a time\n", n, qo.jobs);
    /* Started here, once: every forked worker's runs start from it. */
    pipeline_warm_start(&warm, s->python, s->rubrics);
    g.warm = &warm;
    rc = batch_queue_run(st, &g, tasks, n, &qo, qs, err);
    pipeline_warm_stop(&warm);
    result_signer_free(&signer);
    return rc;
}

static int submit(struct batch_settings *s, struct batch_store *st, const struct batch_task *t,
                  size_t n, struct gb_err *err)
{
    struct batch_grading g = { s->out, s->rubrics, s->python, s->assignment, NULL, NULL,
                               s->integrity_all };
    struct result_signer signer;
    char job[128];

    /* Made here, once: tasks on nodes sharing this home load it, never race
     * to make it. */
    if (batch_signer_load(&signer, err))
        return -1;
    result_signer_free(&signer);
    if (batch_slurm_submit(&g, t, n, &s->slurm_opts, job, sizeof job, err) ||
        batch_store_set_meta(st, "slurm_job", job, err))
        return -1;
    printf("grader batch: submitted Slurm job %s: %zu uploads in an array of %zu tasks; the last "
           "task runs `grader batch collect %s`\n", job, n,
           n > BATCH_SLURM_MAX_ARRAY ? (size_t)BATCH_SLURM_MAX_ARRAY : n, s->out);
    return 0;
}

/* --deadline and --late-penalty into the gradebook (none given: none kept),
 * checked before anything is graded. */
static int set_late_policy(const struct batch_settings *s, struct batch_store *st,
                           struct gb_err *err)
{
    struct batch_late_policy p;
    char text[128], at[RESULT_TIME_MAX];
    char *was = NULL;
    int same;

    text[0] = '\0';
    if ((s->deadline || s->late_penalty) &&
        batch_late_parse(s->deadline, s->late_penalty, &p, err))
        return -1;
    if (s->deadline || s->late_penalty)
        batch_late_format(&p, text, sizeof text);
    if (batch_store_get_meta(st, "late_policy", &was, err))
        return -1;
    same = !strcmp(was ? was : "", text);
    free(was);
    if (same)
        return 0;
    /* A changed policy changes what the LMS should hold: every result is a
     * new revision for --post, stamped with the time of the change. */
    return batch_store_set_meta(st, "late_policy", text[0] ? text : NULL, err) ||
           result_time_now(at, err) || batch_store_set_meta(st, "late_policy_at", at, err) ||
           batch_store_mark_all_unposted(st, err) ? -1 : 0;
}

/* --samples DIR, kept in the gradebook so that later rewrites of the
 * outputs (a review decision, collect) compare with the same samples. */
static int set_samples(const struct batch_settings *s, struct batch_store *st,
                       struct gb_err *err)
{
    char *abs;
    int rc;

    if (!s->samples)
        return 0;
    if (!(abs = realpath(s->samples, NULL)))
        return gb_fail_errno(err, "--samples %s", s->samples);
    rc = batch_store_set_meta(st, "samples_dir", abs, err);
    free(abs);
    return rc;
}

int batch_run(struct batch_settings *s)
{
    struct batch_exercises ex = { 0 };
    struct batch_cohort c = { 0 };
    struct batch_store *st = NULL;
    struct batch_task *tasks = NULL;
    struct batch_queue_stats qs = { 0 };
    size_t n = 0;
    struct gb_err err;
    int rc = batch_exercises_load(s->rubrics, &ex, &err) || open_out(s->out, &st, &err) ||
             read_cohort(s, &ex, st, &c, &err) || store_cohort(s, st, &c, &err) ||
             batch_store_set_meta(st, "assignment", s->assignment, &err) ||
             batch_store_set_meta(st, "missing_as_zero", s->missing_as_zero ? "1" : "0", &err) ||
             set_samples(s, st, &err) ||
             set_late_policy(s, st, &err) ||
             forget(s, st, &err) ||
             batch_store_pending(st, &ex, &tasks, &n, &err) ? -1 : 0;

    batch_cohort_free(&c);
    if (rc == 0 && s->slurm && n > 0) {
        rc = submit(s, st, tasks, n, &err) ? -1 : 1;
    } else if (rc == 0 && n > 0 && grade_here(s, st, tasks, n, &qs, &err)) {
        rc = -1;
    }
    if (rc < 0)
        fprintf(stderr, "grader batch: %s\n", err.msg);
    else if (rc == 0)
        rc = finish(s, st, ex.exercises_dir, qs.graded, qs.interrupted);
    else
        rc = BATCH_EXIT_OK;
    batch_tasks_free(tasks, n);
    batch_store_close(st);
    batch_exercises_free(&ex);
    return rc < 0 ? BATCH_EXIT_USAGE : rc;
}

int batch_rewrite_outputs(const char *out_dir, const char *rubrics, struct gb_err *err)
{
    struct batch_exercises ex = { 0 };
    struct batch_store *st = NULL;
    struct summary sum;
    int rc = batch_exercises_load(rubrics, &ex, err) || batch_store_open(out_dir, &st, err) ||
             write_outputs(st, ex.exercises_dir, out_dir, &sum, 0, err) ? -1 : 0;

    batch_store_close(st);
    batch_exercises_free(&ex);
    return rc;
}

int batch_collect(const char *out_dir, struct batch_settings *s)
{
    struct batch_slurm_plan plan = { 0 };
    struct batch_exercises ex = { 0 };
    struct batch_store *st = NULL;
    struct gb_err err;
    size_t imported = 0;
    int rc = batch_slurm_plan_load(out_dir, &plan, &err) ||
             batch_exercises_load(plan.rubrics, &ex, &err) ||
             batch_store_open(out_dir, &st, &err) ? -1 : 0;

    s->out = out_dir;
    for (size_t i = 0; rc == 0 && i < plan.n; i++) {
        int found = 0;

        rc = batch_queue_import(st, out_dir, &plan.tasks[i], &found, NULL, NULL, NULL, &err);
        imported += found;
    }
    if (rc)
        fprintf(stderr, "grader batch collect: %s\n", err.msg);
    else if (!s->quiet)
        fprintf(stderr, "grader batch collect: %zu results imported\n", imported);
    if (rc == 0)
        rc = finish(s, st, ex.exercises_dir, imported, 0);
    batch_store_close(st);
    batch_exercises_free(&ex);
    batch_slurm_plan_free(&plan);
    return rc < 0 ? BATCH_EXIT_USAGE : rc;
}

int batch_task(const char *out_dir, int index, struct batch_settings *s)
{
    struct gb_err err;
    int last = 0;

    if (batch_slurm_task(out_dir, index, &last, &err)) {
        fprintf(stderr, "grader batch task: %s\n", err.msg);
        return BATCH_EXIT_USAGE;
    }
    return last ? batch_collect(out_dir, s) : BATCH_EXIT_OK;
}
