/* bench_course.c — the checker service at course scale: the real queue, the
 * real HTTP side, thousands of simulated students before a deadline.
 *
 *   1. queue   Throughput and claim latency of the queue against worker
 *              count (1 … 64): a queue filled through queue_submit (the
 *              intake's call) is drained by W threads, each on its own
 *              connection, through queue_claim and queue_finish (the
 *              worker's calls), with no grading in between: the queue's own
 *              ceiling.  SQLite always; PostgreSQL when $BENCH_PG_URL names
 *              one (tests/bench/bench_course.sh starts one as root), and
 *              then the deadline run (2) is on PostgreSQL.
 *   2. deadline  `grader serve --workers 0` (the real binary) takes the
 *              uploads of BENCH_COURSE_STUDENTS students (default 200) over
 *              HTTP as a deadline curve brings them; bench-harness worker
 *              threads claim and finish them through the queue API, each
 *              holding its job for a grading time sampled per exercise.
 *              Time is scaled: one wall second is BENCH_COURSE_SCALE
 *              simulated seconds (default 90), so the last three hours
 *              before the deadline pass in two minutes; grading times,
 *              upload times and the workers' idle polls (250 ms) are all
 *              divided by it.  Reports time-to-result percentiles for
 *              uploads in the last hour and fairness, and compares them
 *              with the model (3) run on the same uploads.
 *   3. model   The same workload as a discrete-event simulation (same
 *              arrivals, grading times and claim order as the queue):
 *              the workers a course of 200, 2,000 and 20,000 students
 *              needs at the deadline, and the machines.
 *
 * BENCH_COURSE_MODEL_ONLY=1 prints the sizing table (3) alone, in seconds.
 *
 * The workload (all simulated, seeded): each student uploads each of the four
 * script exercises 1-4 times (mean 1.9), the first at a time drawn from a
 * deadline curve (density ∝ exp(t/1 h) over the last 3 h: 63 % in the last
 * hour), the next ones 5-40 minutes apart; one student in twenty also sends
 * a burst of 12 uploads of one exercise within a minute (the fairness case).
 * Grading times are log-normal (σ 0.35) around attention_by_hand 12 s,
 * order_matters 30 s and gradient_decay 25 s (both with the rerun),
 * memory_lab 180 s.
 *
 * Fairness: an upload U "waits behind another student's tenth" when, while U
 * is queued, a grader is given to a job of another student who has nine or
 * more earlier uploads still unfinished (queued ones cannot be: a student's
 * uploads are claimed in order, so those nine are being graded).  Exit
 * status 1 when an upload is lost or refused, a result is not recorded, or
 * an upload of the real run waited behind another student's tenth.
 */
#define _GNU_SOURCE
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <curl/curl.h>

#include "deliver/deliver.h"
#include "serve/queue.h"

#define N_EXERCISES 4
#define HOUR 3600.0
#define WINDOW_H 3.0                  /* simulated hours before the deadline */
#define TAU_H 1.0                     /* the deadline curve's time constant */
#define BURST 12
#define FAIR_RANK 10                  /* "another student's tenth" */
#define POLL_SIM_MS 250.0             /* a worker's idle poll (worker.h) */
#define LEASE_MS 60000LL              /* simulated; renewed every third of it */
#define HARNESS_LEASE_MS 10000LL      /* wall: a loaded machine must not expire one */
#define MAX_INFLIGHT 64
#define HOST_CORES 8                  /* a grading machine: 8 cores, 1 grading each */
#define TARGET_P95_MIN 10.0           /* time to result at the deadline */
#define SAMPLE "exercises/samples/attention_by_hand.py"

static const char *const exercise_name[N_EXERCISES] = {
    "attention_by_hand", "order_matters", "gradient_decay", "memory_lab" };
static const double median_s[N_EXERCISES] = { 12, 30, 25, 180 };

struct job {
    int student;
    int exercise;
    double t;                         /* simulated seconds; 0 = the deadline, negative before */
    double grade_s;                   /* sampled grading time */
    double start, finish;             /* filled by the model or the run */
    double turn;                      /* the model's claim key */
    int tenth;                        /* claimed with 9+ of its student's earlier ones unfinished */
    char id[QUEUE_ID_LEN + 1];
};

/* ---- the workload ------------------------------------------------------------- */

static double urand(unsigned *seed)
{
    return (rand_r(seed) + 1.0) / ((double)RAND_MAX + 2.0);
}

static double deadline_time(unsigned *seed)
{
    double floor_ = exp(-WINDOW_H / TAU_H);

    return TAU_H * HOUR * log(urand(seed) * (1 - floor_) + floor_);
}

static double grading_time(int ex, unsigned *seed)
{
    double z = sqrt(-2 * log(urand(seed))) * cos(2 * M_PI * urand(seed));

    return median_s[ex] * exp(0.35 * z);
}

static int cmp_job_t(const void *a, const void *b)
{
    const struct job *x = a, *y = b;

    return (x->t > y->t) - (x->t < y->t);
}

static struct job *workload(int students, size_t *n, unsigned seed)
{
    size_t cap = (size_t)students * (N_EXERCISES * 4 + BURST), k = 0;
    struct job *v = calloc(cap, sizeof *v);

    if (!v)
        return NULL;
    for (int s = 0; s < students; s++) {
        for (int e = 0; e < N_EXERCISES; e++) {
            double t = deadline_time(&seed);
            int tries = 1 + (urand(&seed) < .5) + (urand(&seed) < .3) + (urand(&seed) < .1);

            for (int i = 0; i < tries && t < 0; i++) {
                v[k++] = (struct job){ .student = s, .exercise = e, .t = t,
                                       .grade_s = grading_time(e, &seed) };
                t += 300 + urand(&seed) * 2100;
            }
        }
        if (s % 20 == 0) {
            double t = deadline_time(&seed) - 60;
            int e = (int)(urand(&seed) * N_EXERCISES) % N_EXERCISES;

            for (int i = 0; i < BURST; i++)
                v[k++] = (struct job){ .student = s, .exercise = e, .t = t + i * 5.0,
                                       .grade_s = grading_time(e, &seed) };
        }
    }
    qsort(v, k, sizeof *v, cmp_job_t);
    *n = k;
    return v;
}

/* ---- statistics ----------------------------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

static double pct(double *v, size_t n, double p)
{
    if (!n)
        return 0;
    qsort(v, n, sizeof *v, cmp_double);
    return v[(size_t)(p * (double)(n - 1) + 0.5)];
}

static double wall(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Marks the jobs claimed while FAIR_RANK - 1 or more of their own
 * student's earlier uploads were unfinished: a grader given to a student's
 * tenth upload in the service.  Jobs sorted by arrival. */
static int mark_tenths(struct job *v, size_t n, int students)
{
    size_t *off = calloc((size_t)students + 1, sizeof *off), *idx = malloc((n ? n : 1) * sizeof *idx);
    size_t *fill = calloc((size_t)students, sizeof *fill);

    if (!off || !idx || !fill) {
        free(off), free(idx), free(fill);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        off[v[i].student + 1]++;
    for (int s = 0; s < students; s++)
        off[s + 1] += off[s];
    for (size_t i = 0; i < n; i++)                      /* each student's, in arrival order */
        idx[off[v[i].student] + fill[v[i].student]++] = i;
    for (int s = 0; s < students; s++)
        for (size_t a = off[s]; a < off[s + 1]; a++) {
            struct job *j = &v[idx[a]];
            int unfinished = 0;

            for (size_t b = off[s]; b < a; b++)
                unfinished += v[idx[b]].finish > j->start;
            j->tenth = unfinished >= FAIR_RANK - 1;
        }
    free(off), free(idx), free(fill);
    return 0;
}

/* Uploads that waited behind another student's tenth: a job marked tenth
 * of another student was claimed while the upload was queued. */
static size_t unfair(const struct job *v, size_t n)
{
    size_t *hi = malloc((n ? n : 1) * sizeof *hi), m = 0, bad = 0;

    if (!hi)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (v[i].tenth)
            hi[m++] = i;                        /* few */
    for (size_t i = 0; i < n; i++) {
        int found = 0;

        for (size_t k = 0; k < m && !found; k++) {
            const struct job *j = &v[hi[k]];

            found = j->student != v[i].student && j->start > v[i].t && j->start < v[i].start;
        }
        bad += found;
    }
    free(hi);
    return bad;
}

/* ---- the model --------------------------------------------------------------------- */

/* A binary min-heap of (key, tie) pairs: the waiting jobs (claim order) and
 * the workers (when each is free). */
struct hitem {
    double key;
    size_t tie;
};

struct heap {
    struct hitem *v;
    size_t n;
};

static int hless(const struct hitem *a, const struct hitem *b)
{
    return a->key < b->key || (a->key == b->key && a->tie < b->tie);
}

static void hpush(struct heap *h, double key, size_t tie)
{
    size_t i = h->n++;

    h->v[i] = (struct hitem){ key, tie };
    while (i > 0 && hless(&h->v[i], &h->v[(i - 1) / 2])) {
        struct hitem t = h->v[i];

        h->v[i] = h->v[(i - 1) / 2];
        h->v[(i - 1) / 2] = t;
        i = (i - 1) / 2;
    }
}

static struct hitem hpop(struct heap *h)
{
    struct hitem top = h->v[0];
    size_t i = 0;

    h->v[0] = h->v[--h->n];
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;

        if (l < h->n && hless(&h->v[l], &h->v[m]))
            m = l;
        if (r < h->n && hless(&h->v[r], &h->v[m]))
            m = r;
        if (m == i)
            break;
        struct hitem t = h->v[i];
        h->v[i] = h->v[m];
        h->v[m] = t;
        i = m;
    }
    return top;
}

/* The claim order the queue uses (queue.h): fair = by turn (the highest
 * turn claimed so far, or one past the student's own last turn if that is
 * later), then arrival; otherwise arrival alone. */
struct order {
    int fair;
    double *last_turn;                /* per student */
    double claimed;                   /* the highest turn claimed */
};

static double order_key(struct order *o, int student, size_t seq)
{
    double k;

    if (!o->fair)
        return (double)seq;
    k = o->last_turn[student] + 1 > o->claimed ? o->last_turn[student] + 1 : o->claimed;
    o->last_turn[student] = k;
    return k;
}

static void start_job(struct order *o, struct job *j, struct heap *workers, double at)
{
    j->start = at;
    j->finish = at + j->grade_s;
    if (o->fair && j->turn > o->claimed)
        o->claimed = j->turn;
    hpush(workers, j->finish, 0);
}

/* Runs the jobs (sorted by arrival) through `workers` graders. */
static int model(struct job *v, size_t n, int students, int workers, int fair)
{
    struct heap wait = { malloc((n + 1) * sizeof(struct hitem)), 0 };
    struct heap free_at = { malloc(((size_t)workers + 1) * sizeof(struct hitem)), 0 };
    struct order o = { fair, calloc((size_t)students, sizeof(double)), 0 };

    if (!wait.v || !free_at.v || !o.last_turn) {
        free(wait.v), free(free_at.v), free(o.last_turn);
        return -1;
    }
    for (int w = 0; w < workers; w++)
        hpush(&free_at, -1e18, 0);
    for (size_t i = 0; i <= n; i++) {
        double t = i < n ? v[i].t : 1e18;

        while (wait.n && free_at.v[0].key <= t) {
            double f = hpop(&free_at).key;

            start_job(&o, &v[hpop(&wait).tie], &free_at, f);
        }
        if (i == n)
            break;
        v[i].turn = order_key(&o, v[i].student, i);
        if (!wait.n && free_at.v[0].key <= t) {
            hpop(&free_at);
            start_job(&o, &v[i], &free_at, t);
        } else
            hpush(&wait, v[i].turn, i);
    }
    free(wait.v), free(free_at.v), free(o.last_turn);
    return mark_tenths(v, n, students);
}

struct outcome {
    double p50, p95, p99;             /* minutes, uploads in the last hour */
    size_t unfair;
    double busiest_jobs_s;            /* the most uploads in one simulated minute, per second */
};

static void summarise(struct job *v, size_t n, int fairness, struct outcome *out)
{
    double *ttr = malloc((n ? n : 1) * sizeof *ttr);
    size_t m = 0, lo = 0, most = 0;

    memset(out, 0, sizeof *out);
    if (!ttr)
        return;
    for (size_t i = 0; i < n; i++) {
        if (v[i].t >= -HOUR)
            ttr[m++] = (v[i].finish - v[i].t) / 60;
        while (v[lo].t < v[i].t - 60)
            lo++;
        if (i - lo + 1 > most)
            most = i - lo + 1;
    }
    out->p50 = pct(ttr, m, .5);
    out->p95 = pct(ttr, m, .95);
    out->p99 = pct(ttr, m, .99);
    out->unfair = fairness ? unfair(v, n) : 0;
    out->busiest_jobs_s = (double)most / 60;
    free(ttr);
}

/* The fewest workers whose p95 time to result at the deadline meets the target. */
static int workers_needed(struct job *v, size_t n, int students, struct outcome *out)
{
    int lo = 1, hi = 1;

    for (;; hi *= 2) {
        if (model(v, n, students, hi, 1))
            return -1;
        summarise(v, n, 0, out);
        if (out->p95 <= TARGET_P95_MIN)
            break;
        lo = hi + 1;
    }
    while (lo < hi) {
        int mid = (lo + hi) / 2;

        if (model(v, n, students, mid, 1))
            return -1;
        summarise(v, n, 0, out);
        if (out->p95 <= TARGET_P95_MIN)
            hi = mid;
        else
            lo = mid + 1;
    }
    if (model(v, n, students, hi, 1))
        return -1;
    summarise(v, n, 1, out);
    return hi;
}

/* ---- 1. the queue alone ------------------------------------------------------------ */

static char result_json[8192], report_text[2048], sample_body[8192];
static size_t sample_len;

struct drain {
    const char *url;
    pthread_mutex_t lock;
    double *lat;                      /* claim latencies, ms */
    size_t n;
    int failed;
};

static void drain_fail(struct drain *d, const char *what, const struct gb_err *err)
{
    pthread_mutex_lock(&d->lock);
    if (!d->failed++)
        fprintf(stderr, "bench_course: %s: %s\n", what, err->msg);
    pthread_mutex_unlock(&d->lock);
}

static const struct queue_outcome passed = { .verdict = "passed", .score = 13, .max_score = 13,
                                             .grading_seconds = 12, .result_json = result_json,
                                             .report_text = report_text };

static void *drainer(void *arg)
{
    struct drain *d = arg;
    struct queue *q;
    struct queue_job job;
    struct gb_err err;
    char owner[64];
    int got = 1, recorded;

    snprintf(owner, sizeof owner, "bench-drain:%lx:1", (unsigned long)pthread_self());
    if (queue_open(&q, d->url, &err)) {
        drain_fail(d, "open", &err);
        return NULL;
    }
    while (got) {
        double t0 = wall(), t1;

        if (queue_claim(q, owner, deliver_now_ms(), LEASE_MS, 3, &job, &got, &err)) {
            drain_fail(d, "claim", &err);
            break;
        }
        t1 = wall();
        if (!got)
            break;
        pthread_mutex_lock(&d->lock);
        d->lat[d->n++] = (t1 - t0) * 1000;
        pthread_mutex_unlock(&d->lock);
        if (queue_finish(q, job.id, owner, &passed, deliver_now_ms(), &recorded, &err) ||
            !recorded)
            drain_fail(d, "finish", &err);
        queue_job_free(&job);
    }
    queue_close(q);
    return NULL;
}

static int fill(const char *url, size_t jobs, int level)
{
    struct queue_new items[50];
    struct limits none = { 0 };
    char names[50][32];
    struct queue *q;
    struct gb_err err;

    if (queue_open(&q, url, &err))
        return fprintf(stderr, "bench_course: %s\n", err.msg), -1;
    for (size_t done = 0; done < jobs; done += 50) {
        size_t n = jobs - done < 50 ? jobs - done : 50;

        for (size_t i = 0; i < n; i++) {
            snprintf(names[i], sizeof names[i], "q%d-%zu", level, done + i);
            items[i] = (struct queue_new){ .student = names[i], .course = "benchq",
                                           .exercise = exercise_name[i % N_EXERCISES],
                                           .filename = "attention_by_hand.py",
                                           .body = sample_body, .body_len = sample_len };
        }
        if (queue_submit(q, items, n, &none, deliver_now_ms(), &err)) {
            fprintf(stderr, "bench_course: %s\n", err.msg);
            queue_close(q);
            return -1;
        }
    }
    queue_close(q);
    return 0;
}

/* jobs/s and claim latency at each worker count; returns the best jobs/s. */
static double queue_phase(const char *label, const char *url_fmt, int *failed)
{
    static const int levels[] = { 1, 2, 4, 8, 16, 32, 64 };
    double best = 0;

    printf("1. the queue alone (%s): a filled queue drained by W threads through queue_claim +\n"
           "   queue_finish (8 KB result), no grading in between\n"
           "   %8s %9s %14s %14s\n", label, "workers", "jobs/s", "claim p50 ms", "claim p99 ms");
    for (size_t l = 0; l < sizeof levels / sizeof levels[0]; l++) {
        int w = levels[l];
        size_t jobs = 200 + 10 * (size_t)w;
        char url[512];
        pthread_t th[64];
        struct drain d = { .url = url, .lat = malloc(jobs * 2 * sizeof(double)) };
        double t0, secs;

        snprintf(url, sizeof url, url_fmt, w);
        if (!d.lat || fill(url, jobs, w)) {
            free(d.lat);
            return *failed = 1, 0;
        }
        pthread_mutex_init(&d.lock, NULL);
        t0 = wall();
        for (int i = 0; i < w; i++)
            pthread_create(&th[i], NULL, drainer, &d);
        for (int i = 0; i < w; i++)
            pthread_join(th[i], NULL);
        secs = wall() - t0;
        if (d.failed || d.n != jobs) {
            printf("   %8d: %zu of %zu jobs drained, %d failure(s)\n", w, d.n, jobs, d.failed);
            *failed = 1;
        }
        printf("   %8d %9.0f %14.2f %14.2f\n", w, (double)d.n / secs, pct(d.lat, d.n, .5),
               pct(d.lat, d.n, .99));
        if ((double)d.n / secs > best)
            best = (double)d.n / secs;
        pthread_mutex_destroy(&d.lock);
        free(d.lat);
    }
    return best;
}

/* ---- 2. the deadline, for real ------------------------------------------------------- */

static double scale = 90;
static long long real0_ms;            /* the wall clock when simulated time t_first began */
static double t_first;

static double sim_of_ms(long long ms)
{
    return t_first + (double)(ms - real0_ms) / 1000 * scale;
}

static void sleep_wall(double s)
{
    struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };

    if (s > 0)
        nanosleep(&ts, NULL);
}

struct crew {
    const char *url;
    volatile int stop;
    int failed;
    pthread_mutex_t lock;
    unsigned seed;
};

/* Holds a claimed job for its sampled grading time, renewing the lease
 * every lease/3 (simulated) as grader worker does; then records a result. */
static void grade(struct crew *c, struct queue *q, const char *owner, struct queue_job *job,
                  unsigned *seed)
{
    int ex = 0, held = 1, recorded;
    double every = LEASE_MS / 1000.0 / 3 / scale, end, next;
    struct gb_err err;

    while (ex < N_EXERCISES - 1 && strcmp(exercise_name[ex], job->exercise))
        ex++;
    /* against the wall clock, so the renewals' own time is not added to the grading */
    end = wall() + grading_time(ex, seed) / scale;
    for (next = wall() + every; held && next < end; next += every) {
        sleep_wall(next - wall());
        if (queue_renew(q, job->id, owner, deliver_now_ms() + HARNESS_LEASE_MS, &held, &err))
            held = 0;
    }
    sleep_wall(end - wall());
    if (queue_finish(q, job->id, owner, &passed, deliver_now_ms(), &recorded, &err) || !recorded) {
        pthread_mutex_lock(&c->lock);
        if (!c->failed++)
            fprintf(stderr, "bench_course: a result was not recorded for %s\n", job->id);
        pthread_mutex_unlock(&c->lock);
    }
}

static void *grader_thread(void *arg)
{
    struct crew *c = arg;
    struct queue *q;
    struct queue_job job;
    struct gb_err err;
    char owner[64];
    unsigned seed;
    int got;

    pthread_mutex_lock(&c->lock);
    seed = c->seed++;
    pthread_mutex_unlock(&c->lock);
    snprintf(owner, sizeof owner, "bench-grader:%u:1", seed);
    if (queue_open(&q, c->url, &err)) {
        fprintf(stderr, "bench_course: %s\n", err.msg);
        c->failed++;
        return NULL;
    }
    while (!c->stop) {
        if (queue_claim(q, owner, deliver_now_ms(), HARNESS_LEASE_MS, 3, &job, &got, &err)) {
            fprintf(stderr, "bench_course: %s\n", err.msg);
            sleep_wall(POLL_SIM_MS / 1000 / scale);
            continue;
        }
        if (!got) {
            sleep_wall(POLL_SIM_MS / 1000 / scale);
            continue;
        }
        grade(c, q, owner, &job, &seed);
        queue_job_free(&job);
    }
    queue_close(q);
    return NULL;
}

struct upload {
    struct job *job;
    char resp[512];
    size_t len;
    char body[sizeof sample_body + 64];
    struct curl_slist *hdr;
};

static size_t keep(char *data, size_t size, size_t n, void *cls)
{
    struct upload *u = cls;
    size_t take = size * n;

    if (take > sizeof u->resp - 1 - u->len)
        take = sizeof u->resp - 1 - u->len;
    memcpy(u->resp + u->len, data, take);
    u->len += take;
    u->resp[u->len] = '\0';
    return size * n;
}

static CURL *upload_start(struct upload *u, const char *base, char (*tokens)[1100], size_t seq)
{
    CURL *e = curl_easy_init();
    char url[256], auth[1200];
    int n;

    if (!e)
        return NULL;
    n = snprintf(u->body, sizeof u->body, "%.*s# upload %zu\n", (int)sample_len, sample_body, seq);
    snprintf(url, sizeof url, "%s/api/v1/submissions?exercise=%s&filename=%s.py", base,
             exercise_name[u->job->exercise], exercise_name[u->job->exercise]);
    snprintf(auth, sizeof auth, "Authorization: Bearer %s", tokens[u->job->student]);
    u->hdr = curl_slist_append(NULL, auth);
    u->hdr = curl_slist_append(u->hdr, "Content-Type: text/x-python");
    u->hdr = curl_slist_append(u->hdr, "Expect:");
    curl_easy_setopt(e, CURLOPT_URL, url);
    curl_easy_setopt(e, CURLOPT_POSTFIELDS, u->body);
    curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE, (long)n);
    curl_easy_setopt(e, CURLOPT_HTTPHEADER, u->hdr);
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, keep);
    curl_easy_setopt(e, CURLOPT_WRITEDATA, u);
    curl_easy_setopt(e, CURLOPT_PRIVATE, u);
    curl_easy_setopt(e, CURLOPT_TIMEOUT, 60L);
    return e;
}

/* Sends every upload at its (scaled) time; returns how many got no 202. */
static size_t send_all(struct job *v, size_t n, const char *base, char (*tokens)[1100],
                       double *late_s)
{
    struct upload *ups = calloc(n, sizeof *ups);
    CURLM *multi = curl_multi_init();
    size_t next = 0, refused = 0;
    int running = 0;
    double w0 = wall();

    *late_s = 0;
    if (!ups || !multi)
        return n;
    while (next < n || running) {
        CURLMsg *m;
        int left;

        while (next < n && running < MAX_INFLIGHT && wall() - w0 >= (v[next].t - t_first) / scale) {
            CURL *e;

            ups[next].job = &v[next];
            if ((e = upload_start(&ups[next], base, tokens, next))) {
                double late = wall() - w0 - (v[next].t - t_first) / scale;

                if (late > *late_s)
                    *late_s = late;
                curl_multi_add_handle(multi, e);
                running++;
            } else
                refused++;
            next++;
        }
        curl_multi_perform(multi, &running);
        while ((m = curl_multi_info_read(multi, &left))) {
            struct upload *u;
            long code = 0;
            const char *id;

            if (m->msg != CURLMSG_DONE)
                continue;
            curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, (char **)&u);
            curl_easy_getinfo(m->easy_handle, CURLINFO_RESPONSE_CODE, &code);
            id = strstr(u->resp, "\"id\"");
            id = id ? strchr(id + 4, 's') : NULL;
            if (code == 202 && id && strlen(id) > QUEUE_ID_LEN)
                memcpy(u->job->id, id, QUEUE_ID_LEN);
            else if (refused++ == 0)
                fprintf(stderr, "bench_course: an upload got %ld: %s\n", code, u->resp);
            curl_multi_remove_handle(multi, m->easy_handle);
            curl_easy_cleanup(m->easy_handle);
            curl_slist_free_all(u->hdr);
        }
        curl_multi_poll(multi, NULL, 0, 2, NULL);
    }
    curl_multi_cleanup(multi);
    free(ups);
    return refused;
}

static const char *grader_path(void)
{
    const char *g = getenv("GRADER");

    return g && *g ? g : "bin/grader";
}

/* `grader serve --workers 0` on db; its pid, and its URL in base. */
static pid_t start_server(const char *dir, const char *db, char *base, size_t size)
{
    char port_file[300], key[300], port[16] = "";
    pid_t pid;

    snprintf(port_file, sizeof port_file, "%s/port", dir);
    snprintf(key, sizeof key, "%s/key", dir);
    unlink(port_file);
    if ((pid = fork()) < 0)
        return -1;
    if (pid == 0) {
        char log[300];

        snprintf(log, sizeof log, "%s/serve.log", dir);
        if (!freopen(log, "a", stderr))
            _exit(127);
        execl(grader_path(), "grader", "serve", "--listen", "127.0.0.1:0", "--port-file",
              port_file, "--db", db, "--token-key", key, "--workers", "0", "--per-hour", "0",
              "--max-pending", "0", "--max-queue", "0", "--max-per-ip", "0", (char *)NULL);
        _exit(127);
    }
    for (int i = 0; i < 400 && !port[0]; i++) {
        FILE *f = fopen(port_file, "r");

        if (f) {
            if (!fgets(port, sizeof port, f))
                port[0] = '\0';
            fclose(f);
        }
        if (!port[0])
            usleep(50000);
    }
    if (!port[0]) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        return -1;
    }
    port[strcspn(port, "\n")] = '\0';
    snprintf(base, size, "http://127.0.0.1:%s", port);
    return pid;
}

static char (*issue_tokens(const char *dir, int students))[1100]
{
    char (*tokens)[1100] = calloc((size_t)students, sizeof *tokens);
    char cmd[600], line[1200];
    FILE *p;
    int n = 0;

    snprintf(cmd, sizeof cmd, "'%s' token keygen %s/key >/dev/null && '%s' token issue "
             "$(seq -f 'c%%05g' 0 %d) --course course --key %s/key", grader_path(), dir,
             grader_path(), students - 1, dir);
    if (!tokens || !(p = popen(cmd, "r"))) {
        free(tokens);
        return NULL;
    }
    while (n < students && fgets(line, sizeof line, p)) {
        char *sp = strchr(line, ' ');

        if (!sp)
            break;
        sp[1 + strcspn(sp + 1, "\n")] = '\0';
        snprintf(tokens[n++], sizeof tokens[0], "%s", sp + 1);
    }
    if (pclose(p) != 0 || n != students) {
        free(tokens);
        return NULL;
    }
    return tokens;
}

/* Claim and finish times from the queue, in simulated time; the jobs
 * without a result count as lost. */
static size_t read_back(const char *url, struct job *v, size_t n)
{
    struct queue *q;
    struct queue_view *views;
    size_t nv, lost = 0;
    struct gb_err err;

    if (queue_open(&q, url, &err) || queue_list(q, "course", NULL, n + 1, &views, &nv, &err)) {
        fprintf(stderr, "bench_course: %s\n", err.msg);
        return n;
    }
    for (size_t i = 0; i < n; i++) {
        size_t k = 0;

        while (k < nv && strcmp(views[k].id, v[i].id))
            k++;
        if (k == nv || views[k].state != QUEUE_DONE) {
            lost++;
            v[i].start = v[i].finish = 1e18;
            continue;
        }
        v[i].start = sim_of_ms(views[k].started_ms);
        v[i].finish = sim_of_ms(views[k].finished_ms);
    }
    queue_views_free(views, nv);
    queue_close(q);
    return lost;
}

static int deadline_phase(const char *dir, const char *db, int students, int workers,
                          struct outcome *out)
{
    size_t n, lost, refused;
    struct job *v = workload(students, &n, 7);
    char (*tokens)[1100] = issue_tokens(dir, students);
    char base[64];
    struct crew c = { .url = db, .seed = 1 };
    pthread_t *th = calloc((size_t)workers, sizeof *th);
    double late;
    pid_t server;

    if (!v || !tokens || !th || (server = start_server(dir, db, base, sizeof base)) < 0) {
        fprintf(stderr, "bench_course: cannot start the deadline run\n");
        free(v), free(tokens), free(th);
        return -1;
    }
    pthread_mutex_init(&c.lock, NULL);
    for (int i = 0; i < workers; i++)
        pthread_create(&th[i], NULL, grader_thread, &c);
    t_first = v[0].t;
    real0_ms = deliver_now_ms();
    refused = send_all(v, n, base, tokens, &late);
    for (;;) {                                  /* until every accepted upload is graded */
        struct queue *q;
        struct queue_stats st;
        struct gb_err err;
        int idle = 0;

        if (queue_open(&q, db, &err) == 0 && queue_stats(q, &st, &err) == 0)
            idle = st.queued == 0 && st.running == 0;
        queue_close(q);
        if (idle)
            break;
        sleep_wall(.2);
    }
    c.stop = 1;
    for (int i = 0; i < workers; i++)
        pthread_join(th[i], NULL);
    kill(server, SIGTERM);
    waitpid(server, NULL, 0);
    lost = read_back(db, v, n);
    mark_tenths(v, n, students);
    summarise(v, n, 1, out);
    printf("   %d students, %zu uploads over HTTP, %d grading threads: %zu refused, %zu lost, "
           "%zu results refused;\n   uploads sent up to %.2f s (wall) late\n",
           students, n, workers, refused, lost, (size_t)c.failed, late);
    pthread_mutex_destroy(&c.lock);
    free(v), free(tokens), free(th);
    return refused || lost || c.failed ? 1 : 0;
}

/* ---- 3. sizing, and main ----------------------------------------------------------- */

static void sizing(double ceiling_sqlite, double ceiling_pg, int run_students, int *run_workers,
                   struct outcome *run_model)
{
    static const int courses[] = { 200, 2000, 20000 };

    printf("3. sizing (the model, fair claim order): the fewest gradings at once for p95 time to\n"
           "   result <= %.0f min for uploads in the last hour; machines of %d cores\n"
           "   %8s %8s %10s %8s %9s %6s %6s %6s %10s %9s\n", TARGET_P95_MIN, HOST_CORES,
           "students", "uploads", "peak up/s", "workers", "machines", "p50", "p95", "p99",
           "FIFO p95", "unfair");
    for (size_t c = 0; c < sizeof courses / sizeof courses[0]; c++) {
        int students = courses[c], w;
        size_t n, unfair_fifo;
        struct job *v = workload(students, &n, 7);
        struct outcome fair, fifo;

        if (!v || (w = workers_needed(v, n, students, &fair)) < 0) {
            free(v);
            return;
        }
        model(v, n, students, w, 0);
        summarise(v, n, 1, &fifo);
        unfair_fifo = fifo.unfair;
        printf("   %8d %8zu %10.1f %8d %9d %6.1f %6.1f %6.1f %10.1f %4zu/%-4zu\n", students, n,
               fair.busiest_jobs_s, w, (w + HOST_CORES - 1) / HOST_CORES, fair.p50, fair.p95,
               fair.p99, fifo.p95, fair.unfair, unfair_fifo);
        if (students == run_students) {
            *run_workers = w;
            *run_model = fair;
        }
        free(v);
    }
    if (run_students != 200 && run_students != 2000 && run_students != 20000) {
        size_t n;
        struct job *v = workload(run_students, &n, 7);

        if (v && (*run_workers = workers_needed(v, n, run_students, run_model)) > 0)
            printf("   %8d students: %d workers\n", run_students, *run_workers);
        free(v);
    }
    printf("   (p50/p95/p99: minutes from upload to result, last hour; unfair: uploads that waited\n"
           "   behind another student's %dth upload in the service, fair order / FIFO; the queue's\n"
           "   measured ceiling: SQLite %.0f jobs/s%s%.0f)\n", FAIR_RANK, ceiling_sqlite,
           ceiling_pg > 0 ? ", PostgreSQL " : "", ceiling_pg > 0 ? ceiling_pg : 0);
}

static void load_sample(void)
{
    FILE *f = fopen(SAMPLE, "r");
    size_t k = 0;

    sample_len = f ? fread(sample_body, 1, sizeof sample_body - 1, f) : 0;
    if (f)
        fclose(f);
    k = (size_t)snprintf(result_json, sizeof result_json, "{\"schema\": \"gradebox.result/1\", "
                         "\"checks\": [");
    while (k + 80 < sizeof result_json)
        k += (size_t)snprintf(result_json + k, sizeof result_json - k,
                              "{\"id\": \"c%zu\", \"verdict\": \"pass\", \"points\": 1},", k);
    snprintf(result_json + k - 1, sizeof result_json - k + 1, "]}");
    memset(report_text, 'r', sizeof report_text - 1);
}

static int env_int(const char *name, int dflt)
{
    const char *s = getenv(name);

    return s && atoi(s) > 0 ? atoi(s) : dflt;
}

int main(void)
{
    char dir[] = "/tmp/gbbenchcourseXXXXXX", fmt[300], db[300], cmd[340];
    const char *pg = getenv("BENCH_PG_URL");
    int students = env_int("BENCH_COURSE_STUDENTS", 200), failed = 0, workers = 0;
    double ceil_sq, ceil_pg = 0, t0 = wall();
    struct outcome modelled, real;

    scale = env_int("BENCH_COURSE_SCALE", 90);
    setvbuf(stdout, NULL, _IOLBF, 0);                   /* progress as it comes, under make */
    load_sample();
    if (!sample_len)
        return fprintf(stderr, "bench_course: cannot read %s\n", SAMPLE), 2;
    if (getenv("BENCH_COURSE_MODEL_ONLY")) {          /* the sizing table alone: seconds */
        sizing(0, 0, students, &workers, &modelled);
        return 0;
    }
    if (!mkdtemp(dir))
        return perror("mkdtemp"), 2;
    curl_global_init(CURL_GLOBAL_DEFAULT);
    snprintf(fmt, sizeof fmt, "%s/qa-%%d.sqlite", dir);
    ceil_sq = queue_phase("SQLite", fmt, &failed);
    if (pg && *pg)
        ceil_pg = queue_phase("PostgreSQL", pg, &failed);
    else
        printf("   (PostgreSQL: not measured; BENCH_PG_URL names one — bench_course.sh starts one "
               "as root)\n");
    sizing(ceil_sq, ceil_pg, students, &workers, &modelled);
    /* PostgreSQL when there is one: a course needing more than one machine uses it */
    if (pg && *pg)
        snprintf(db, sizeof db, "%s", pg);
    else
        snprintf(db, sizeof db, "%s/course.sqlite", dir);
    printf("2. the deadline for real (%s): 1 wall second = %.0f simulated seconds, the last "
           "%.0f hours\n", pg && *pg ? "PostgreSQL" : "SQLite", scale, WINDOW_H);
    if (workers <= 0 || deadline_phase(dir, db, students, workers, &real) != 0)
        failed = 1;
    printf("   time to result, last hour (min):  p50 %5.1f  p95 %5.1f  p99 %5.1f   "
           "(model: %.1f / %.1f / %.1f)\n", real.p50, real.p95, real.p99, modelled.p50,
           modelled.p95, modelled.p99);
    printf("   uploads that waited behind another student's %dth: %zu (model: %zu)\n", FAIR_RANK,
           real.unfair, modelled.unfair);
    failed |= real.unfair > 0;
    printf("bench_course: %.0f s wall%s\n", wall() - t0, failed ? "; FAILED" : "");
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "bench_course: could not remove %s\n", dir);
    curl_global_cleanup();
    return failed;
}
