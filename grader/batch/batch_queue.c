/* batch_queue.c — forked workers admitted by cores and memory (see batch_queue.h).
 *
 * One thread: signals (SIGCHLD, SIGINT, SIGTERM, SIGHUP) arrive through a
 * signalfd, so the loop sleeps in poll() until a worker ends or, on a
 * terminal, the progress line is due — no polling delay per submission. */
#define _GNU_SOURCE
#include "batch/batch_queue.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "batch/batch_progress.h"
#include "clock.h"

#define WORKER_OVERHEAD ((size_t)128 << 20)   /* the grader process beside its sandbox */
#define READ_ONLY_NEED ((size_t)64 << 20)      /* an answers document: nothing runs */

struct slot {
    pid_t pid;
    size_t task;
    double started;
};

struct mean {                     /* measured seconds per exercise, this run */
    const char *exercise;
    double sum;
    size_t n;
};

struct queue {
    struct batch_store *st;
    const struct batch_grading *g;
    const struct batch_task *tasks;
    size_t n, next_scan;
    const struct batch_queue_options *o;
    struct batch_queue_stats *stats;
    struct batch_progress progress;
    unsigned char *started;
    struct slot *slots;
    struct mean *means;
    size_t n_means;
    size_t running, memory_used;
    int stopping;
};

int batch_queue_cores(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);

    return n > 0 ? (int)n : 1;
}

size_t batch_queue_memory_default(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    unsigned long long kb = 0;

    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
            break;
    if (f)
        fclose(f);
    return kb ? (size_t)(kb * 1024 / 10 * 8) : (size_t)4 << 30;
}

static size_t need_of(const struct batch_task *t)
{
    return (t->memory_bytes ? t->memory_bytes : READ_ONLY_NEED) + WORKER_OVERHEAD;
}

static const char *known_status(const char *s)
{
    static const char *const names[] = { "passed", "needs_review", "failed", "error" };

    for (size_t i = 0; s && i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(s, names[i]))
            return names[i];
    return "error";
}

int batch_queue_import(struct batch_store *st, const char *out_dir, const struct batch_task *t,
                       int *found, const char **status, double *score, double *max_score,
                       struct gb_err *err)
{
    char *json = NULL, *error = NULL;
    cJSON *doc;
    int rc = batch_worker_read(out_dir, t, &json, &error, err);

    *found = rc == 0;
    if (rc)
        return rc < 0 ? -1 : 0;
    rc = batch_store_put_result(st, t, json, error, err);
    doc = json ? cJSON_Parse(json) : NULL;
    if (status)
        *status = known_status(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc,
                                                                                   "status")));
    if (score)
        *score = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(doc, "score"));
    if (max_score)
        *max_score = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(doc, "max_score"));
    cJSON_Delete(doc);
    if (rc == 0)
        batch_worker_forget(out_dir, t);
    free(json);
    free(error);
    return rc;
}

/* ---- measured durations and the ETA ------------------------------------- */

static struct mean *mean_of(struct queue *q, const char *exercise)
{
    for (size_t i = 0; i < q->n_means; i++)
        if (!strcmp(q->means[i].exercise, exercise))
            return &q->means[i];
    return NULL;
}

static double estimate(struct queue *q, const struct batch_task *t)
{
    struct mean *m = mean_of(q, t->exercise);

    return m && m->n ? m->sum / (double)m->n : t->estimate;
}

static void update_eta(struct queue *q)
{
    double left = 0, now = gb_now_seconds();
    int jobs = q->o->jobs > 0 ? q->o->jobs : 1;

    for (size_t i = 0; i < q->n; i++)
        if (!q->started[i])
            left += estimate(q, &q->tasks[i]);
    for (int s = 0; s < q->o->jobs; s++) {
        if (q->slots[s].pid <= 0)
            continue;
        double rest = estimate(q, &q->tasks[q->slots[s].task]) - (now - q->slots[s].started);

        left += rest > 0 ? rest : 0;
    }
    q->progress.eta_seconds = left / jobs;
    q->progress.running = q->running;
}

/* ---- workers ------------------------------------------------------------ */

static void worker_main(struct queue *q, const struct batch_task *t, const sigset_t *old,
                        pid_t parent)
{
    struct gb_err err;
    int rc;

    sigprocmask(SIG_SETMASK, old, NULL);
    prctl(PR_SET_PDEATHSIG, SIGKILL);       /* a killed batch leaves no worker behind */
    if (getppid() != parent)
        _exit(1);
    rc = batch_worker_run(q->g, t, &err);
    if (rc)
        fprintf(stderr, "grader batch: %s %s: %s\n", t->student, t->exercise, err.msg);
    _exit(rc ? 3 : 0);
}

static int start(struct queue *q, size_t i, const sigset_t *old, struct gb_err *err)
{
    pid_t parent = getpid(), pid;
    int s = 0;

    while (q->slots[s].pid > 0)
        s++;
    fflush(NULL);
    pid = fork();
    if (pid < 0)
        return gb_fail_errno(err, "cannot start a worker");
    if (pid == 0)
        worker_main(q, &q->tasks[i], old, parent);
    q->slots[s] = (struct slot){ pid, i, gb_now_seconds() };
    q->started[i] = 1;
    q->running++;
    q->memory_used += need_of(&q->tasks[i]);
    return 0;
}

/* Starts what cores and memory allow, longest-expected first; a task that
 * does not fit yet lets smaller ones behind it start. */
static int admit(struct queue *q, const sigset_t *old, struct gb_err *err)
{
    while (q->next_scan < q->n && q->started[q->next_scan])
        q->next_scan++;
    for (size_t i = q->next_scan; i < q->n && (int)q->running < q->o->jobs; i++) {
        if (q->started[i])
            continue;
        if (q->running && q->memory_used + need_of(&q->tasks[i]) > q->o->memory_budget)
            continue;
        if (start(q, i, old, err))
            return -1;
    }
    return 0;
}

static int record_failure(struct queue *q, const struct batch_task *t, int status,
                          struct gb_err *err)
{
    char why[200];

    if (WIFSIGNALED(status))
        snprintf(why, sizeof why, "the grader's worker was killed by signal %d",
                 WTERMSIG(status));
    else
        snprintf(why, sizeof why, "the grader's worker could not write its result (exit %d)",
                 WEXITSTATUS(status));
    q->stats->errors++;
    batch_progress_done(&q->progress, t->student, t->exercise, "error", 0, 0, 0, why);
    return batch_store_put_result(q->st, t, NULL, why, err);
}

static int finished(struct queue *q, struct slot *s, int status, struct gb_err *err)
{
    const struct batch_task *t = &q->tasks[s->task];
    double took = gb_now_seconds() - s->started, score = 0, max = 0;
    const char *st = "error";
    struct mean *m;
    int found = 0, rc = 0;

    q->running--;
    q->progress.running = q->running;
    q->memory_used -= need_of(t);
    s->pid = 0;
    if (q->stopping && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
        q->stats->left++;                /* interrupted: graded next time */
        return 0;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        rc = batch_queue_import(q->st, q->g->out_dir, t, &found, &st, &score, &max, err);
    if (rc || !found)
        return rc ? rc : record_failure(q, t, status, err);
    if ((m = mean_of(q, t->exercise))) {
        m->sum += took;
        m->n++;
    }
    q->stats->graded++;
    q->stats->errors += !strcmp(st, "error");
    batch_progress_done(&q->progress, t->student, t->exercise, st, score, max, took, NULL);
    return 0;
}

static int reap(struct queue *q, struct gb_err *err)
{
    int status, rc = 0;
    pid_t pid;

    while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
        for (int s = 0; s < q->o->jobs; s++)
            if (q->slots[s].pid == pid && finished(q, &q->slots[s], status, err))
                rc = -1;
    return rc;
}

static void stop_all(struct queue *q)
{
    q->stopping = 1;
    q->stats->interrupted = 1;
    for (int s = 0; s < q->o->jobs; s++)
        if (q->slots[s].pid > 0)
            kill(q->slots[s].pid, SIGTERM);
}

/* Waits for a signal (or the next progress redraw); handles it. */
static int wait_event(struct queue *q, int sfd, struct gb_err *err)
{
    struct pollfd pfd = { .fd = sfd, .events = POLLIN };
    struct signalfd_siginfo si;
    int live = q->progress.mode == BATCH_PROGRESS_LIVE;

    if (poll(&pfd, 1, live ? 1000 : -1) < 0 && errno != EINTR)
        return gb_fail_errno(err, "poll");
    while (read(sfd, &si, sizeof si) == (ssize_t)sizeof si)
        if (si.ssi_signo != SIGCHLD && !q->stopping)
            stop_all(q);
    return reap(q, err);
}

static int loop(struct queue *q, int sfd, const sigset_t *old, struct gb_err *err)
{
    int rc = 0;

    for (;;) {
        if (!q->stopping && rc == 0 && admit(q, old, err))
            rc = -1;
        if (rc && !q->stopping)
            stop_all(q);             /* an error: finish what runs, start nothing */
        if (q->running == 0)
            break;
        update_eta(q);
        batch_progress_tick(&q->progress);
        if (wait_event(q, sfd, rc ? NULL : err))
            rc = -1;
    }
    return rc;
}

static int setup(struct queue *q, struct gb_err *err)
{
    q->started = calloc(q->n ? q->n : 1, 1);
    q->slots = calloc((size_t)q->o->jobs, sizeof *q->slots);
    q->means = calloc(q->n ? q->n : 1, sizeof *q->means);
    if (!q->started || !q->slots || !q->means)
        return gb_fail(err, "out of memory");
    for (size_t i = 0; i < q->n; i++)
        if (!mean_of(q, q->tasks[i].exercise))
            q->means[q->n_means++].exercise = q->tasks[i].exercise;
    return 0;
}

int batch_queue_run(struct batch_store *st, const struct batch_grading *g,
                    const struct batch_task *tasks, size_t n, const struct batch_queue_options *o,
                    struct batch_queue_stats *stats, struct gb_err *err)
{
    struct queue q = { .st = st, .g = g, .tasks = tasks, .n = n, .o = o, .stats = stats };
    sigset_t mask, old;
    int sfd, rc;

    memset(stats, 0, sizeof *stats);
    if (o->jobs < 1)
        return gb_fail(err, "--jobs must be at least 1");
    batch_progress_init(&q.progress, stderr, o->quiet, n);
    sigemptyset(&mask);
    sigaddset(&mask, SIGCHLD);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGHUP);
    sigprocmask(SIG_BLOCK, &mask, &old);
    sfd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
    rc = sfd < 0 ? gb_fail_errno(err, "signalfd") : setup(&q, err);
    if (rc == 0)
        rc = loop(&q, sfd, &old, err);
    batch_progress_end(&q.progress);
    if (sfd >= 0)
        close(sfd);
    sigprocmask(SIG_SETMASK, &old, NULL);
    for (size_t i = 0; i < n && q.started; i++)
        stats->left += !q.started[i];
    free(q.started);
    free(q.slots);
    free(q.means);
    return rc;
}
