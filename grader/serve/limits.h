/* limits.h — how much a student may ask of `grader serve`, and what to say
 * when they ask for more.
 *
 * Policy only: the queue counts (in the same transaction that would accept
 * the submission, so two uploads racing cannot both slip under a limit) and
 * this module decides.  Each refusal carries an HTTP status, a Retry-After in
 * seconds and one sentence:
 *   upload larger than max_upload_bytes      413 (no Retry-After: resending
 *                                                 the same file cannot help)
 *   more than per_hour in a rolling hour     429, until the oldest leaves the hour
 *   max_pending already queued or grading    429, about one grading's time
 *   the whole queue holds max_queue          503, about one grading's time
 */
#ifndef GB_LIMITS_H
#define GB_LIMITS_H

#include <stddef.h>

#define LIMITS_DEFAULT_UPLOAD  (1u << 20)
#define LIMITS_DEFAULT_PER_HOUR 30
#define LIMITS_DEFAULT_PENDING  2
#define LIMITS_DEFAULT_QUEUE    5000

struct limits {
    size_t max_upload_bytes;
    int per_hour;                 /* 0: no hourly limit */
    int max_pending;              /* 0: no limit */
    int max_queue;                /* 0: no limit */
};

/* What the database says about one student at one moment. */
struct limits_load {
    int last_hour;                /* their submissions in the past hour */
    long long oldest_in_hour_ms;  /* the earliest of those */
    int pending;                  /* theirs queued or being graded */
    int queued_total;             /* everyone's queued */
    double mean_grading_s;        /* recent mean grading time; 0 when unknown */
};

enum limits_refusal { LIMITS_OK = 0, LIMITS_TOO_LARGE, LIMITS_RATE, LIMITS_PENDING, LIMITS_FULL };

struct limits_verdict {
    enum limits_refusal refusal;
    int http_status;              /* 202 when accepted */
    long retry_after_s;           /* 0: send no Retry-After */
    char why[240];
};

void limits_default(struct limits *lim);

/* Judges one more submission by a student whose load is ld. */
void limits_judge(const struct limits *lim, const struct limits_load *ld, long long now_ms,
                  struct limits_verdict *v);

/* The verdict for an upload of len bytes (checked before anything is read
 * when the client announces the length). */
void limits_judge_size(const struct limits *lim, unsigned long long len,
                       struct limits_verdict *v);

const char *limits_refusal_name(enum limits_refusal r);   /* "rate", ... for metrics */

#endif
