/* queue_records.c — the queue's records (declared in queue.h and
 * queue_int.h): new ids, copies, state names, freeing jobs and views, the
 * histogram's bucket bounds.  Both back ends build
 * these and free them on error, so this sits below them and below queue.c,
 * which opens the back ends. */
#include "serve/queue_int.h"

#include <stdlib.h>
#include <string.h>

#include <openssl/rand.h>

const double queue_hist_bounds[QUEUE_HIST_BUCKETS] = { 1, 2, 5, 10, 20, 30, 60, 120, 300, 900 };

void queue_job_free(struct queue_job *job)
{
    free(job->student);
    free(job->course);
    free(job->exercise);
    free(job->filename);
    free(job->body);
    memset(job, 0, sizeof *job);
}

void queue_view_free(struct queue_view *v)
{
    free(v->student);
    free(v->course);
    free(v->exercise);
    free(v->filename);
    free(v->verdict);
    free(v->result_json);
    free(v->report_text);
    free(v->error);
    memset(v, 0, sizeof *v);
}

void queue_views_free(struct queue_view *v, size_t n)
{
    for (size_t i = 0; v && i < n; i++)
        queue_view_free(&v[i]);
    free(v);
}

int queue_dup(char **dst, const char *src, struct gb_err *err)
{
    *dst = NULL;
    if (!src)
        return 0;
    *dst = strdup(src);
    return *dst ? 0 : gb_fail(err, "out of memory");
}

/* Base32 (RFC 4648 alphabet, lower case): readable, case-insensitive, no
 * characters that need escaping in a URL. */
int queue_new_id(char id[QUEUE_ID_LEN + 1], struct gb_err *err)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";
    unsigned char rnd[QUEUE_ID_LEN - 1];

    if (RAND_bytes(rnd, sizeof rnd) != 1)
        return gb_fail(err, "no random bytes for a submission id");
    id[0] = 's';
    for (size_t i = 0; i < sizeof rnd; i++)
        id[i + 1] = alphabet[rnd[i] & 31];
    id[QUEUE_ID_LEN] = '\0';
    return 0;
}

const char *queue_state_name(enum queue_state s)
{
    switch (s) {
    case QUEUE_QUEUED: return "queued";
    case QUEUE_RUNNING: return "running";
    case QUEUE_DONE: return "done";
    case QUEUE_ERROR: return "error";
    }
    return "?";
}
