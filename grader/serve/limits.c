/* limits.c — the submission limits of `grader serve` (see limits.h). */
#include "serve/limits.h"

#include <stdio.h>
#include <string.h>

#define HOUR_MS 3600000LL
#define GUESS_GRADING_S 15        /* before any grading has been timed */

void limits_default(struct limits *lim)
{
    lim->max_upload_bytes = LIMITS_DEFAULT_UPLOAD;
    lim->per_hour = LIMITS_DEFAULT_PER_HOUR;
    lim->max_pending = LIMITS_DEFAULT_PENDING;
    lim->max_queue = LIMITS_DEFAULT_QUEUE;
}

static void accept_it(struct limits_verdict *v)
{
    v->refusal = LIMITS_OK;
    v->http_status = 202;
    v->retry_after_s = 0;
    v->why[0] = '\0';
}

/* About one grading: when a slot of the student's (or the queue's) frees up. */
static long one_grading_s(const struct limits_load *ld)
{
    double s = ld->mean_grading_s > 0 ? ld->mean_grading_s : GUESS_GRADING_S;

    return s < 1 ? 1 : (long)(s + 0.999);
}

void limits_judge(const struct limits *lim, const struct limits_load *ld, long long now_ms,
                  struct limits_verdict *v)
{
    accept_it(v);
    if (lim->max_queue > 0 && ld->queued_total >= lim->max_queue) {
        v->refusal = LIMITS_FULL;
        v->http_status = 503;
        v->retry_after_s = one_grading_s(ld);
        snprintf(v->why, sizeof v->why, "the grading queue is full (%d submissions wait); "
                 "try again in %ld s", ld->queued_total, v->retry_after_s);
    } else if (lim->per_hour > 0 && ld->last_hour >= lim->per_hour) {
        long long wait_ms = ld->oldest_in_hour_ms + HOUR_MS - now_ms;

        v->refusal = LIMITS_RATE;
        v->http_status = 429;
        v->retry_after_s = wait_ms <= 1000 ? 1 : (long)((wait_ms + 999) / 1000);
        snprintf(v->why, sizeof v->why, "you have sent %d submissions in the past hour, the "
                 "most this service takes; the next is accepted in %ld s",
                 ld->last_hour, v->retry_after_s);
    } else if (lim->max_pending > 0 && ld->pending >= lim->max_pending) {
        v->refusal = LIMITS_PENDING;
        v->http_status = 429;
        v->retry_after_s = one_grading_s(ld);
        snprintf(v->why, sizeof v->why, "%d of your submissions are still waiting or being "
                 "graded (at most %d at a time); send the next when one is done, in about "
                 "%ld s", ld->pending, lim->max_pending, v->retry_after_s);
    }
}

void limits_judge_size(const struct limits *lim, unsigned long long len,
                       struct limits_verdict *v)
{
    accept_it(v);
    if (len <= lim->max_upload_bytes)
        return;
    v->refusal = LIMITS_TOO_LARGE;
    v->http_status = 413;
    snprintf(v->why, sizeof v->why, "the upload is %llu bytes; this service takes files of "
             "at most %zu bytes (a course exercise is far smaller: is it the right file?)",
             len, lim->max_upload_bytes);
}

const char *limits_refusal_name(enum limits_refusal r)
{
    switch (r) {
    case LIMITS_OK: return "none";
    case LIMITS_TOO_LARGE: return "too_large";
    case LIMITS_RATE: return "per_hour";
    case LIMITS_PENDING: return "pending";
    case LIMITS_FULL: return "queue_full";
    }
    return "?";
}
