/* metrics.c — the Prometheus exposition of `grader serve` (see metrics.h). */
#include "serve/metrics.h"

#include <stdatomic.h>
#include <stdio.h>

#define CODE_MIN 100
#define CODE_MAX 599
#define N_REFUSALS 5
#define N_ACCEPT_BUCKETS 9

static const double accept_bounds[N_ACCEPT_BUCKETS] = {
    0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1
};

static _Atomic unsigned long responses[CODE_MAX - CODE_MIN + 1];
static _Atomic unsigned long refusals[N_REFUSALS];
static _Atomic unsigned long accept_buckets[N_ACCEPT_BUCKETS];
static _Atomic unsigned long accept_count;
static _Atomic unsigned long long accept_sum_us;

void metrics_count_response(int status)
{
    if (status >= CODE_MIN && status <= CODE_MAX)
        atomic_fetch_add(&responses[status - CODE_MIN], 1);
}

void metrics_count_refusal(enum limits_refusal reason)
{
    if ((int)reason >= 0 && (int)reason < N_REFUSALS)
        atomic_fetch_add(&refusals[reason], 1);
}

void metrics_observe_accept(double seconds)
{
    for (int i = 0; i < N_ACCEPT_BUCKETS; i++)
        if (seconds <= accept_bounds[i])
            atomic_fetch_add(&accept_buckets[i], 1);   /* buckets are cumulative */
    atomic_fetch_add(&accept_count, 1);
    atomic_fetch_add(&accept_sum_us, (unsigned long long)(seconds * 1e6));
}

static int render_queue(const struct queue_stats *st, struct gb_buf *o, struct gb_err *err)
{
    static const char *const status[4] = { "passed", "review", "failed", "error" };
    int rc = gb_buf_printf(o, err,
        "# HELP gradebox_queue_depth Submissions waiting to be graded, or being graded.\n"
        "# TYPE gradebox_queue_depth gauge\n"
        "gradebox_queue_depth{state=\"queued\"} %ld\n"
        "gradebox_queue_depth{state=\"running\"} %ld\n"
        "# HELP gradebox_submissions_graded_total Gradings with a result, by the result's status.\n"
        "# TYPE gradebox_submissions_graded_total counter\n", st->queued, st->running);

    for (int i = 0; rc == 0 && i < 4; i++)
        rc = gb_buf_printf(o, err, "gradebox_submissions_graded_total{status=\"%s\"} %ld\n",
                           status[i], st->by_verdict[i]);
    if (rc == 0)
        rc = gb_buf_printf(o, err,
            "# HELP gradebox_submissions_ungradable_total Submissions that could not be graded.\n"
            "# TYPE gradebox_submissions_ungradable_total counter\n"
            "gradebox_submissions_ungradable_total %ld\n"
            "# HELP gradebox_grading_retries_total Claims of a job whose earlier grading never finished.\n"
            "# TYPE gradebox_grading_retries_total counter\n"
            "gradebox_grading_retries_total %ld\n"
            "# HELP gradebox_grading_seconds Time from a worker claiming a submission to its result.\n"
            "# TYPE gradebox_grading_seconds histogram\n", st->errors, st->attempts_beyond_first);
    for (int i = 0; rc == 0 && i < QUEUE_HIST_BUCKETS; i++)
        rc = gb_buf_printf(o, err, "gradebox_grading_seconds_bucket{le=\"%g\"} %ld\n",
                           queue_hist_bounds[i], st->hist[i]);
    if (rc == 0)
        rc = gb_buf_printf(o, err, "gradebox_grading_seconds_bucket{le=\"+Inf\"} %ld\n"
                           "gradebox_grading_seconds_sum %.6f\n"
                           "gradebox_grading_seconds_count %ld\n",
                           st->hist_count, st->hist_sum, st->hist_count);
    return rc;
}

static int render_process(unsigned long deadline_closes, struct gb_buf *o, struct gb_err *err)
{
    int rc = gb_buf_puts(o,
        "# HELP gradebox_http_responses_total HTTP responses sent by this process, by status code.\n"
        "# TYPE gradebox_http_responses_total counter\n", err);

    for (int c = CODE_MIN; rc == 0 && c <= CODE_MAX; c++) {
        unsigned long n = atomic_load(&responses[c - CODE_MIN]);

        if (n)
            rc = gb_buf_printf(o, err, "gradebox_http_responses_total{code=\"%d\"} %lu\n", c, n);
    }
    if (rc == 0)
        rc = gb_buf_puts(o, "# HELP gradebox_refusals_total Uploads refused by a limit, by limit.\n"
                            "# TYPE gradebox_refusals_total counter\n", err);
    for (int i = 1; rc == 0 && i < N_REFUSALS; i++)
        rc = gb_buf_printf(o, err, "gradebox_refusals_total{reason=\"%s\"} %lu\n",
                           limits_refusal_name((enum limits_refusal)i),
                           atomic_load(&refusals[i]));
    if (rc == 0)
        rc = gb_buf_puts(o, "# HELP gradebox_accept_seconds Time from a complete upload to its 202.\n"
                            "# TYPE gradebox_accept_seconds histogram\n", err);
    for (int i = 0; rc == 0 && i < N_ACCEPT_BUCKETS; i++)
        rc = gb_buf_printf(o, err, "gradebox_accept_seconds_bucket{le=\"%g\"} %lu\n",
                           accept_bounds[i], atomic_load(&accept_buckets[i]));
    if (rc == 0)
        rc = gb_buf_printf(o, err,
            "gradebox_accept_seconds_bucket{le=\"+Inf\"} %lu\n"
            "gradebox_accept_seconds_sum %.6f\n"
            "gradebox_accept_seconds_count %lu\n"
            "# HELP gradebox_http_deadline_closes_total Connections closed for a head or body too slow to arrive.\n"
            "# TYPE gradebox_http_deadline_closes_total counter\n"
            "gradebox_http_deadline_closes_total %lu\n",
            atomic_load(&accept_count), (double)atomic_load(&accept_sum_us) / 1e6,
            atomic_load(&accept_count), deadline_closes);
    return rc;
}

int metrics_render(struct queue *q, unsigned long deadline_closes, struct gb_buf *out,
                   struct gb_err *err)
{
    struct queue_stats st;

    if (queue_stats(q, &st, err))
        return -1;
    return render_queue(&st, out, err) || render_process(deadline_closes, out, err) ? -1 : 0;
}
