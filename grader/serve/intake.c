/* intake.c — group commit of accepted uploads (see intake.h), and the
 * checkpoints its commits defer (a thread of its own, on its own
 * connection: a checkpoint copies pages and fsyncs the database file, which
 * would otherwise be done inside one commit in every few, before its 202s). */
#include "serve/intake.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deliver/deliver.h"

/* The log's size (pages) past which the checkpointer folds it back: SQLite's
 * own default for a commit to checkpoint. */
#define CHECKPOINT_PAGES 1000

struct intake {
    struct queue *q;
    struct queue *ckpt_q;         /* the checkpointer's connection */
    struct limits lim;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_cond_t ckpt_wake;
    struct intake_item *head, *tail;   /* waiting, oldest first */
    int stopping;
    int ckpt_due;
    pthread_t thread, ckpt_thread;
};

static void fail_item(struct intake_item *it, const char *why)
{
    it->failed = 1;
    snprintf(it->error, sizeof it->error, "%s", why);
    it->done(it);
}

/* Commits one batch (a list of at most INTAKE_BATCH_MAX) and reports back. */
static void commit_batch(struct intake *in, struct intake_item *batch, size_t n)
{
    struct queue_new subs[INTAKE_BATCH_MAX];
    struct intake_item *it, *next;
    struct gb_err err;
    size_t i = 0;
    int rc;

    for (it = batch; it; it = it->next)
        subs[i++] = it->sub;
    rc = queue_submit(in->q, subs, n, &in->lim, deliver_now_ms(), &err);
    if (rc)
        fprintf(stderr, "grader serve: cannot queue %zu submission(s): %s\n", n, err.msg);
    i = 0;
    for (it = batch; it; it = next) {
        next = it->next;                /* done() may free it */
        if (rc) {
            fail_item(it, err.msg);
            continue;
        }
        memcpy(it->sub.id, subs[i].id, sizeof it->sub.id);
        it->sub.verdict = subs[i].verdict;
        i++;
        it->failed = 0;
        it->done(it);
    }
}

static void *checkpointer_main(void *arg)
{
    struct intake *in = arg;
    struct gb_err err;

    pthread_mutex_lock(&in->lock);
    for (;;) {
        while (!in->ckpt_due && !in->stopping)
            pthread_cond_wait(&in->ckpt_wake, &in->lock);
        if (!in->ckpt_due)
            break;
        in->ckpt_due = 0;
        pthread_mutex_unlock(&in->lock);
        if (queue_checkpoint(in->ckpt_q, &err))
            fprintf(stderr, "grader serve: %s\n", err.msg);   /* the next commit asks again */
        pthread_mutex_lock(&in->lock);
    }
    pthread_mutex_unlock(&in->lock);
    return NULL;
}

static void *committer_main(void *arg)
{
    struct intake *in = arg;

    pthread_mutex_lock(&in->lock);
    for (;;) {
        struct intake_item *batch, *last;
        size_t n = 1;

        while (!in->head && !in->stopping)
            pthread_cond_wait(&in->wake, &in->lock);
        if (!in->head)
            break;                      /* stopping, and nothing left */
        batch = last = in->head;
        while (last->next && n < INTAKE_BATCH_MAX) {
            last = last->next;
            n++;
        }
        in->head = last->next;
        if (!in->head)
            in->tail = NULL;
        last->next = NULL;
        pthread_mutex_unlock(&in->lock);
        commit_batch(in, batch, n);
        pthread_mutex_lock(&in->lock);
        if (queue_log_pages(in->q) >= CHECKPOINT_PAGES) {
            in->ckpt_due = 1;
            pthread_cond_signal(&in->ckpt_wake);
        }
    }
    pthread_mutex_unlock(&in->lock);
    return NULL;
}

static void close_all(struct intake *in)
{
    queue_close(in->q);
    queue_close(in->ckpt_q);
    pthread_cond_destroy(&in->ckpt_wake);
    pthread_cond_destroy(&in->wake);
    pthread_mutex_destroy(&in->lock);
    free(in);
}

static void stop_checkpointer(struct intake *in)
{
    pthread_mutex_lock(&in->lock);
    in->stopping = 1;
    in->ckpt_due = 0;
    pthread_cond_signal(&in->ckpt_wake);
    pthread_mutex_unlock(&in->lock);
    pthread_join(in->ckpt_thread, NULL);
}

int intake_start(struct intake **out, const char *db_url, const struct limits *lim,
                 struct gb_err *err)
{
    struct intake *in = calloc(1, sizeof *in);

    *out = NULL;
    if (!in)
        return gb_fail(err, "out of memory");
    in->lim = *lim;
    if (queue_open(&in->q, db_url, err) || queue_defer_checkpoints(in->q, err) ||
        queue_open(&in->ckpt_q, db_url, err)) {
        queue_close(in->q);
        free(in);
        return -1;
    }
    pthread_mutex_init(&in->lock, NULL);
    pthread_cond_init(&in->wake, NULL);
    pthread_cond_init(&in->ckpt_wake, NULL);
    if (pthread_create(&in->ckpt_thread, NULL, checkpointer_main, in)) {
        close_all(in);
        return gb_fail(err, "cannot start the checkpoint thread");
    }
    if (pthread_create(&in->thread, NULL, committer_main, in)) {
        stop_checkpointer(in);
        close_all(in);
        return gb_fail(err, "cannot start the intake thread");
    }
    *out = in;
    return 0;
}

void intake_submit(struct intake *in, struct intake_item *it)
{
    it->next = NULL;
    pthread_mutex_lock(&in->lock);
    if (in->stopping) {
        pthread_mutex_unlock(&in->lock);
        fail_item(it, "the service is shutting down; nothing was queued");
        return;
    }
    if (in->tail)
        in->tail->next = it;
    else
        in->head = it;
    in->tail = it;
    pthread_cond_signal(&in->wake);
    pthread_mutex_unlock(&in->lock);
}

void intake_stop(struct intake *in)
{
    if (!in)
        return;
    pthread_mutex_lock(&in->lock);
    in->stopping = 1;
    pthread_cond_signal(&in->wake);
    pthread_mutex_unlock(&in->lock);
    pthread_join(in->thread, NULL);
    stop_checkpointer(in);
    close_all(in);
}
