/* intake.h — accepting submissions: many uploads, one durable commit.
 *
 * An fsync takes milliseconds; a hundred uploads each waiting for their own
 * would queue up behind each other.  So HTTP threads hand their uploads to
 * one committer thread, which takes everything waiting, judges and queues it
 * in one transaction (queue_submit: one fsync for the lot), then calls each
 * item's done() — the HTTP side answers 202 only then, so an id a client
 * was given is on disk.  While one batch commits, the next one gathers.
 * The commits leave folding SQLite's log back into the database to a second
 * thread (queue_defer_checkpoints), so no 202 waits for a checkpoint.
 */
#ifndef GB_INTAKE_H
#define GB_INTAKE_H

#include "error.h"
#include "serve/limits.h"
#include "serve/queue.h"

#define INTAKE_BATCH_MAX 256

struct intake;

struct intake_item {
    struct queue_new sub;         /* in: the upload; out: id and verdict */
    int failed;                   /* out: the database failed; nothing was queued */
    char error[GB_ERR_MAX];       /* out: why, when failed */
    void (*done)(struct intake_item *it);   /* called once, from the committer thread */
    void *cls;
    struct intake_item *next;     /* intake.c's */
};

/* Opens its own queue connection to db_url. */
int intake_start(struct intake **out, const char *db_url, const struct limits *lim,
                 struct gb_err *err);
/* Queues it for the next commit; it must stay valid until done() runs. */
void intake_submit(struct intake *in, struct intake_item *it);
/* Commits what is waiting, then stops; items arriving later fail at once. */
void intake_stop(struct intake *in);

#endif
