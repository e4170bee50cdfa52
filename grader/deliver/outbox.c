/* outbox.c — the SQLite delivery outbox (see outbox.h).
 *
 * WAL journal.  Queuing a message commits with synchronous=FULL (the WAL is
 * fsynced): a queued result survives a power cut, not only a crash.  Leases
 * and outcomes commit with synchronous=NORMAL: still atomic and safe against
 * a crash of the process, and only a power cut can lose the last few — which
 * costs a re-send with the same webhook-id, never a result.  That keeps an
 * fsync off every round of finished transfers.  Every change is one BEGIN
 * IMMEDIATE transaction, so concurrent graders serialise on the write lock
 * (waiting up to BUSY_TIMEOUT_MS) instead of failing with SQLITE_BUSY.
 */
#include "deliver/outbox.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

#define BUSY_TIMEOUT_MS 15000
#define RESPONSE_KEEP 2048

struct outbox {
    sqlite3 *db;
    char *path;
};

static const char SCHEMA_TABLES[] =
    "CREATE TABLE IF NOT EXISTS message ("
    "  id TEXT NOT NULL, url TEXT NOT NULL, content_type TEXT NOT NULL,"
    "  body BLOB NOT NULL, state INTEGER NOT NULL DEFAULT 0,"
    "  attempts INTEGER NOT NULL DEFAULT 0, created_ms INTEGER NOT NULL,"
    "  next_attempt_ms INTEGER NOT NULL, last_status INTEGER NOT NULL DEFAULT 0,"
    "  last_error TEXT, last_response TEXT, lease_owner INTEGER, lease_until INTEGER,"
    "  kind INTEGER NOT NULL DEFAULT 0, key TEXT, revision_ms INTEGER,"
    "  PRIMARY KEY (id, url));"
    "CREATE TABLE IF NOT EXISTS endpoint ("
    "  url TEXT PRIMARY KEY, disabled_ms INTEGER NOT NULL, reason TEXT NOT NULL);"
    "CREATE TABLE IF NOT EXISTS kv ("
    "  name TEXT PRIMARY KEY, value TEXT NOT NULL, updated_ms INTEGER NOT NULL);";

/* An outbox written before kinds and revisions gains their columns; its
 * messages are webhooks without a key (nothing supersedes them). */
static const char MIGRATE_1[] =
    "ALTER TABLE message ADD COLUMN kind INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE message ADD COLUMN key TEXT;"
    "ALTER TABLE message ADD COLUMN revision_ms INTEGER;";

static const char SCHEMA_INDEXES[] =
    "CREATE INDEX IF NOT EXISTS message_due ON message(state, next_attempt_ms);"
    "CREATE INDEX IF NOT EXISTS message_key ON message(key, url);";

/* A lease is held while its owner lives: kill(pid, 0) fails with ESRCH only
 * for a process that no longer exists. */
static void sql_owner_alive(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    sqlite3_int64 pid;

    (void)argc;
    if (sqlite3_value_type(argv[0]) == SQLITE_NULL) {
        sqlite3_result_int(ctx, 0);
        return;
    }
    pid = sqlite3_value_int64(argv[0]);
    if (pid <= 0 || pid > INT_MAX) {
        sqlite3_result_int(ctx, 0);
        return;
    }
    sqlite3_result_int(ctx, kill((pid_t)pid, 0) == 0 || errno != ESRCH);
}

static int db_fail(struct outbox *ob, struct gb_err *err, const char *what)
{
    return gb_fail(err, "outbox %s: %s: %s", ob->path, what, sqlite3_errmsg(ob->db));
}

static int db_exec(struct outbox *ob, const char *sql, struct gb_err *err)
{
    char *msg = NULL;

    if (sqlite3_exec(ob->db, sql, NULL, NULL, &msg) == SQLITE_OK)
        return 0;
    gb_fail(err, "outbox %s: %s", ob->path, msg ? msg : sqlite3_errmsg(ob->db));
    sqlite3_free(msg);
    return -1;
}

static int db_prepare(struct outbox *ob, const char *sql, sqlite3_stmt **st,
                      struct gb_err *err)
{
    if (sqlite3_prepare_v2(ob->db, sql, -1, st, NULL) != SQLITE_OK)
        return db_fail(ob, err, "cannot prepare a query");
    return 0;
}

static int db_begin(struct outbox *ob, struct gb_err *err)
{
    return db_exec(ob, "BEGIN IMMEDIATE", err);
}

/* Ends a transaction: COMMIT when rc == 0, else ROLLBACK; returns rc (or -1). */
static int db_end(struct outbox *ob, int rc, struct gb_err *err)
{
    if (rc == 0)
        return db_exec(ob, "COMMIT", err);
    sqlite3_exec(ob->db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

/* mkdir -p of path's directory, private to the user: the outbox holds grades. */
static int make_parent_dirs(const char *path, struct gb_err *err)
{
    char dir[PATH_MAX];
    size_t len = strlen(path);

    if (len >= sizeof dir)
        return gb_fail(err, "outbox path too long: %s", path);
    memcpy(dir, path, len + 1);
    for (char *p = dir + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        if (mkdir(dir, 0700) < 0 && errno != EEXIST)
            return gb_fail_errno(err, "cannot create directory %s for the outbox", dir);
        *p = '/';
    }
    return 0;
}

/* The outbox holds results and the URLs they go to (credentials included):
 * a file that already exists readable by others is made private again, and
 * the operator is told, since it may have been read already.  Its -wal and
 * -shm companions get the same. */
static int make_private(const char *path, int must_exist, struct gb_err *err)
{
    int fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | (must_exist ? O_CREAT : 0),
                  0600);
    struct stat st;

    if (fd < 0 && !must_exist && errno == ENOENT)
        return 0;
    if (fd < 0)
        return gb_fail_errno(err, "cannot open outbox %s", path);
    if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        close(fd);
        return gb_fail(err, "outbox %s is not a regular file", path);
    }
    if (st.st_mode & 077) {
        if (fchmod(fd, 0600)) {
            gb_fail_errno(err, "outbox %s is readable by others (mode %03o) and cannot be made "
                          "private", path, (unsigned)(st.st_mode & 0777));
            close(fd);
            return -1;
        }
        fprintf(stderr, "grader: warning: outbox %s was readable by others (mode %03o); it is "
                "0600 now\n", path, (unsigned)(st.st_mode & 0777));
    }
    close(fd);
    return 0;
}

static int create_private_file(const char *path, struct gb_err *err)
{
    char side[PATH_MAX];

    if (make_private(path, 1, err))
        return -1;
    for (int i = 0; i < 2; i++) {
        if (snprintf(side, sizeof side, "%s%s", path, i ? "-shm" : "-wal") >= (int)sizeof side)
            return gb_fail(err, "outbox path %s is too long", path);
        if (make_private(side, 0, err))
            return -1;
    }
    return 0;
}

static int has_kind_column(struct outbox *ob, int *yes, struct gb_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(ob, "SELECT COUNT(*) FROM pragma_table_info('message')"
                            " WHERE name = 'kind'", &st, err);

    if (rc == 0 && sqlite3_step(st) != SQLITE_ROW)
        rc = db_fail(ob, err, "cannot read the schema");
    if (rc == 0)
        *yes = sqlite3_column_int(st, 0) > 0;
    sqlite3_finalize(st);
    return rc;
}

/* Inside the opening transaction: tables, then any migration, then indexes. */
static int create_schema(struct outbox *ob, struct gb_err *err)
{
    int has_kind = 0;

    if (db_exec(ob, SCHEMA_TABLES, err) || has_kind_column(ob, &has_kind, err))
        return -1;
    if (!has_kind && db_exec(ob, MIGRATE_1, err))
        return -1;
    return db_exec(ob, SCHEMA_INDEXES, err);
}

int outbox_open(struct outbox **out, const char *path, struct gb_err *err)
{
    struct outbox *ob;

    *out = NULL;
    if (make_parent_dirs(path, err) || create_private_file(path, err))
        return -1;
    ob = calloc(1, sizeof *ob);
    if (!ob || !(ob->path = strdup(path))) {
        free(ob);
        return gb_fail(err, "out of memory opening outbox %s", path);
    }
    if (sqlite3_open_v2(path, &ob->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX,
                        NULL) != SQLITE_OK) {
        db_fail(ob, err, "cannot open");
        outbox_close(ob);
        return -1;
    }
    sqlite3_busy_timeout(ob->db, BUSY_TIMEOUT_MS);
    if (sqlite3_create_function(ob->db, "gb_owner_alive", 1,
                                SQLITE_UTF8 | SQLITE_DIRECTONLY, NULL,
                                sql_owner_alive, NULL, NULL) != SQLITE_OK) {
        db_fail(ob, err, "cannot register a function");
        outbox_close(ob);
        return -1;
    }
    if (db_exec(ob, "PRAGMA journal_mode=WAL", err) ||
        db_exec(ob, "PRAGMA synchronous=NORMAL", err) || db_begin(ob, err) ||
        db_end(ob, create_schema(ob, err), err)) {
        outbox_close(ob);
        return -1;
    }
    *out = ob;
    return 0;
}

void outbox_close(struct outbox *ob)
{
    if (!ob)
        return;
    sqlite3_close(ob->db);
    free(ob->path);
    free(ob);
}

/* Of the other revisions of it->key queued for it->url: *newer is set when
 * one is newer than it (then nothing changes); else they are deleted. */
static int supersede(struct outbox *ob, const struct outbox_item *it, int *newer,
                     size_t *dropped, struct gb_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(ob, "SELECT COUNT(*) FROM message WHERE key = ?1 AND url = ?2"
                            " AND id <> ?3 AND revision_ms > ?4", &st, err);

    if (rc == 0) {
        sqlite3_bind_text(st, 1, it->key, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, it->url, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, it->id, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 4, it->revision_ms);
        if (sqlite3_step(st) != SQLITE_ROW)
            rc = db_fail(ob, err, "cannot look for newer revisions");
        else
            *newer = sqlite3_column_int(st, 0) > 0;
    }
    sqlite3_finalize(st);
    st = NULL;
    if (rc || *newer)
        return rc;
    rc = db_prepare(ob, "DELETE FROM message WHERE key = ?1 AND url = ?2 AND id <> ?3", &st,
                    err);
    if (rc == 0) {
        sqlite3_bind_text(st, 1, it->key, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, it->url, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, it->id, -1, SQLITE_STATIC);
        if (sqlite3_step(st) != SQLITE_DONE)
            rc = db_fail(ob, err, "cannot drop older revisions");
        else
            *dropped = (size_t)sqlite3_changes(ob->db);
    }
    sqlite3_finalize(st);
    return rc;
}

static int insert_item(struct outbox *ob, const struct outbox_item *it, long long now_ms,
                       struct gb_err *err)
{
    static const char sql[] =
        "INSERT INTO message (id, url, content_type, body, created_ms, next_attempt_ms,"
        "  kind, key, revision_ms)"
        " VALUES (?1, ?2, ?3, ?4, ?5, ?5, ?6, ?7, ?8)"
        " ON CONFLICT (id, url) DO UPDATE SET content_type = excluded.content_type,"
        "  body = excluded.body, state = 0, next_attempt_ms = excluded.next_attempt_ms,"
        "  kind = excluded.kind, key = excluded.key, revision_ms = excluded.revision_ms";
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(ob, sql, &st, err);

    if (rc == 0) {
        sqlite3_bind_text(st, 1, it->id, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, it->url, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 3, it->content_type, -1, SQLITE_STATIC);
        sqlite3_bind_blob64(st, 4, it->body, it->body_len, SQLITE_STATIC);
        sqlite3_bind_int64(st, 5, now_ms);
        sqlite3_bind_int(st, 6, (int)it->kind);
        if (it->key)
            sqlite3_bind_text(st, 7, it->key, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 8, it->revision_ms);
        if (sqlite3_step(st) != SQLITE_DONE)
            rc = db_fail(ob, err, "cannot queue a message");
    }
    sqlite3_finalize(st);
    return rc;
}

int outbox_put_item(struct outbox *ob, const struct outbox_item *it, long long now_ms,
                    struct outbox_put_info *info, struct gb_err *err)
{
    struct outbox_put_info ignored;
    int rc;

    info = info ? info : &ignored;
    memset(info, 0, sizeof *info);
    if (db_exec(ob, "PRAGMA synchronous=FULL", err) || db_begin(ob, err))
        return -1;
    rc = it->key ? supersede(ob, it, &info->stale, &info->superseded, err) : 0;
    if (rc == 0 && !info->stale)
        rc = insert_item(ob, it, now_ms, err);
    rc = db_end(ob, rc, err);
    if (db_exec(ob, "PRAGMA synchronous=NORMAL", rc ? NULL : err))
        rc = -1;
    return rc;
}

int outbox_put(struct outbox *ob, const char *id, const char *url, const char *content_type,
               const char *body, size_t body_len, long long now_ms, struct gb_err *err)
{
    struct outbox_item it = { id, url, content_type, body, body_len, OUTBOX_WEBHOOK, NULL, 0 };

    return outbox_put_item(ob, &it, now_ms, NULL, err);
}

static void msg_free_fields(struct outbox_msg *m)
{
    free(m->id);
    free(m->url);
    free(m->content_type);
    free(m->body);
    free(m->last_error);
    free(m->last_response);
}

static char *column_strdup(sqlite3_stmt *st, int col)
{
    const unsigned char *s = sqlite3_column_text(st, col);

    return s ? strdup((const char *)s) : NULL;
}

/* Columns, in order: id url content_type state attempts created_ms
 * next_attempt_ms last_status last_error last_response disabled
 * live_lease_owner lease_until kind [body]. */
#define MSG_COLUMNS \
    "m.id, m.url, m.content_type, m.state, m.attempts, m.created_ms," \
    " m.next_attempt_ms, m.last_status, m.last_error, m.last_response," \
    " (SELECT COUNT(*) FROM endpoint e WHERE e.url = m.url)," \
    " CASE WHEN gb_owner_alive(m.lease_owner) THEN m.lease_owner ELSE 0 END," \
    " COALESCE(m.lease_until, 0), m.kind"

static int read_msg(sqlite3_stmt *st, int with_body, struct outbox_msg *m)
{
    memset(m, 0, sizeof *m);
    m->id = column_strdup(st, 0);
    m->url = column_strdup(st, 1);
    m->content_type = column_strdup(st, 2);
    m->state = sqlite3_column_int(st, 3) ? OUTBOX_FAILED : OUTBOX_PENDING;
    m->attempts = sqlite3_column_int(st, 4);
    m->created_ms = sqlite3_column_int64(st, 5);
    m->next_attempt_ms = sqlite3_column_int64(st, 6);
    m->last_status = (long)sqlite3_column_int64(st, 7);
    m->last_error = column_strdup(st, 8);
    m->last_response = column_strdup(st, 9);
    m->endpoint_disabled = sqlite3_column_int(st, 10) > 0;
    m->lease_owner = (long)sqlite3_column_int64(st, 11);
    m->lease_until_ms = sqlite3_column_int64(st, 12);
    m->kind = sqlite3_column_int(st, 13) == OUTBOX_LTI ? OUTBOX_LTI : OUTBOX_WEBHOOK;
    if (!m->id || !m->url || !m->content_type ||
        (sqlite3_column_type(st, 8) != SQLITE_NULL && !m->last_error) ||
        (sqlite3_column_type(st, 9) != SQLITE_NULL && !m->last_response))
        return -1;
    if (with_body) {
        const void *b = sqlite3_column_blob(st, 14);
        m->body_len = (size_t)sqlite3_column_bytes(st, 14);
        m->body = malloc(m->body_len + 1);
        if (!m->body)
            return -1;
        if (m->body_len)
            memcpy(m->body, b, m->body_len);
        m->body[m->body_len] = '\0';
    }
    return 0;
}

/* Appends every row of a prepared SELECT of MSG_COLUMNS to *msgs. */
static int collect(struct outbox *ob, sqlite3_stmt *st, int with_body,
                   struct outbox_msg **msgs, size_t *n, struct gb_err *err)
{
    size_t cap = 0;
    int rc;

    *msgs = NULL;
    *n = 0;
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (*n == cap) {
            size_t ncap = cap ? cap * 2 : 16;
            struct outbox_msg *p = realloc(*msgs, ncap * sizeof *p);
            if (!p)
                goto oom;
            *msgs = p;
            cap = ncap;
        }
        if (read_msg(st, with_body, &(*msgs)[*n])) {
            msg_free_fields(&(*msgs)[*n]);
            goto oom;
        }
        (*n)++;
    }
    if (rc == SQLITE_DONE)
        return 0;
    db_fail(ob, err, "cannot read messages");
    goto fail;
oom:
    gb_fail(err, "out of memory reading outbox %s", ob->path);
fail:
    outbox_msgs_free(*msgs, *n);
    *msgs = NULL;
    *n = 0;
    return -1;
}

/* Sendable: pending, due, endpoint enabled, and not leased by a live process. */
#define SENDABLE \
    " m.state = 0 AND NOT EXISTS (SELECT 1 FROM endpoint e WHERE e.url = m.url)"
#define UNLEASED \
    " (m.lease_until IS NULL OR m.lease_until <= ?1 OR NOT gb_owner_alive(m.lease_owner))"

static int lease_rows(struct outbox *ob, struct outbox_msg *msgs, size_t n,
                      long long until, struct gb_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(ob, "UPDATE message SET lease_owner = ?1, lease_until = ?2"
                            " WHERE id = ?3 AND url = ?4", &st, err);

    for (size_t i = 0; rc == 0 && i < n; i++) {
        sqlite3_reset(st);
        sqlite3_bind_int64(st, 1, (sqlite3_int64)getpid());
        sqlite3_bind_int64(st, 2, until);
        sqlite3_bind_text(st, 3, msgs[i].id, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 4, msgs[i].url, -1, SQLITE_STATIC);
        if (sqlite3_step(st) != SQLITE_DONE)
            rc = db_fail(ob, err, "cannot lease a message");
    }
    sqlite3_finalize(st);
    return rc;
}

int outbox_claim_due(struct outbox *ob, long long now_ms, long long lease_ms, size_t max,
                     const char *only_id, struct outbox_msg **msgs, size_t *n,
                     struct gb_err *err)
{
    static const char sql[] =
        "SELECT " MSG_COLUMNS ", m.body FROM message m WHERE" SENDABLE
        " AND m.next_attempt_ms <= ?1 AND" UNLEASED
        " AND (?3 IS NULL OR m.id = ?3) ORDER BY m.next_attempt_ms LIMIT ?2";
    sqlite3_stmt *st = NULL;
    int rc;

    *msgs = NULL;
    *n = 0;
    if (db_begin(ob, err))
        return -1;
    rc = db_prepare(ob, sql, &st, err);
    if (rc == 0) {
        sqlite3_bind_int64(st, 1, now_ms);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)max);
        if (only_id)
            sqlite3_bind_text(st, 3, only_id, -1, SQLITE_STATIC);
        rc = collect(ob, st, 1, msgs, n, err);
    }
    sqlite3_finalize(st);
    if (rc == 0)
        rc = lease_rows(ob, *msgs, *n, now_ms + lease_ms, err);
    if (db_end(ob, rc, err)) {
        outbox_msgs_free(*msgs, *n);
        *msgs = NULL;
        *n = 0;
        return -1;
    }
    return 0;
}

static int settle_one(struct outbox *ob, sqlite3_stmt *del, sqlite3_stmt *upd,
                      sqlite3_stmt *gone, const struct outbox_settlement *s,
                      struct gb_err *err)
{
    sqlite3_stmt *st = s->fate == OUTBOX_DELIVERED ? del : upd;
    size_t rlen = s->response ? strlen(s->response) : 0;

    sqlite3_reset(st);
    sqlite3_bind_text(st, 1, s->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, s->url, -1, SQLITE_STATIC);
    if (st == upd) {
        sqlite3_bind_int(st, 3, s->fate == OUTBOX_GIVE_UP);
        sqlite3_bind_int64(st, 4, s->next_attempt_ms);
        sqlite3_bind_int64(st, 5, s->status);
        sqlite3_bind_text(st, 6, s->error, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 7, s->response, rlen > RESPONSE_KEEP ? RESPONSE_KEEP : (int)rlen,
                          SQLITE_STATIC);
        if (!s->response)
            sqlite3_bind_null(st, 7);
    }
    if (sqlite3_step(st) != SQLITE_DONE)
        return db_fail(ob, err, "cannot record a delivery attempt");
    if (s->fate != OUTBOX_ENDPOINT_GONE)
        return 0;
    sqlite3_reset(gone);
    sqlite3_bind_text(gone, 1, s->url, -1, SQLITE_STATIC);
    sqlite3_bind_int64(gone, 2, s->next_attempt_ms);
    sqlite3_bind_text(gone, 3, s->error ? s->error : "410 Gone", -1, SQLITE_STATIC);
    if (sqlite3_step(gone) != SQLITE_DONE)
        return db_fail(ob, err, "cannot disable an endpoint");
    return 0;
}

int outbox_settle(struct outbox *ob, const struct outbox_settlement *s, size_t n,
                  struct gb_err *err)
{
    sqlite3_stmt *del = NULL, *upd = NULL, *gone = NULL;
    int rc;

    if (n == 0)
        return 0;
    if (db_begin(ob, err))
        return -1;
    rc = db_prepare(ob, "DELETE FROM message WHERE id = ?1 AND url = ?2", &del, err);
    if (rc == 0)
        rc = db_prepare(ob, "UPDATE message SET state = ?3, attempts = attempts + 1,"
                            " next_attempt_ms = ?4, last_status = ?5, last_error = ?6,"
                            " last_response = ?7, lease_owner = NULL, lease_until = NULL"
                            " WHERE id = ?1 AND url = ?2", &upd, err);
    if (rc == 0)
        rc = db_prepare(ob, "INSERT OR REPLACE INTO endpoint (url, disabled_ms, reason)"
                            " VALUES (?1, ?2, ?3)", &gone, err);
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = settle_one(ob, del, upd, gone, &s[i], err);
    sqlite3_finalize(del);
    sqlite3_finalize(upd);
    sqlite3_finalize(gone);
    return db_end(ob, rc, err);
}

int outbox_list(struct outbox *ob, struct outbox_msg **msgs, size_t *n, struct gb_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(ob, "SELECT " MSG_COLUMNS " FROM message m"
                            " ORDER BY m.created_ms, m.id", &st, err);

    if (rc == 0)
        rc = collect(ob, st, 0, msgs, n, err);
    sqlite3_finalize(st);
    return rc;
}

int outbox_retry(struct outbox *ob, const char *id, long long now_ms, int *found,
                 struct gb_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc;

    *found = 0;
    if (db_begin(ob, err))
        return -1;
    rc = db_prepare(ob, "DELETE FROM endpoint WHERE url IN"
                        " (SELECT url FROM message WHERE id = ?1)", &st, err);
    if (rc == 0) {
        sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
        if (sqlite3_step(st) != SQLITE_DONE)
            rc = db_fail(ob, err, "cannot re-enable an endpoint");
    }
    sqlite3_finalize(st);
    st = NULL;
    if (rc == 0)
        rc = db_prepare(ob, "UPDATE message SET state = 0, next_attempt_ms = ?2"
                            " WHERE id = ?1", &st, err);
    if (rc == 0) {
        sqlite3_bind_text(st, 1, id, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, now_ms);
        if (sqlite3_step(st) != SQLITE_DONE)
            rc = db_fail(ob, err, "cannot reschedule a message");
        else
            *found = sqlite3_changes(ob->db);
    }
    sqlite3_finalize(st);
    return db_end(ob, rc, err);
}

int outbox_next_due(struct outbox *ob, long long *when_ms, int *any, struct gb_err *err)
{
    /* A row leased by a live process is not ours to send before its lease ends. */
    static const char sql[] =
        "SELECT MIN(MAX(m.next_attempt_ms, CASE WHEN m.lease_until IS NOT NULL"
        "  AND gb_owner_alive(m.lease_owner) THEN m.lease_until ELSE 0 END))"
        " FROM message m WHERE" SENDABLE;
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(ob, sql, &st, err);

    *any = 0;
    if (rc == 0) {
        if (sqlite3_step(st) != SQLITE_ROW) {
            rc = db_fail(ob, err, "cannot read the next due time");
        } else if (sqlite3_column_type(st, 0) != SQLITE_NULL) {
            *any = 1;
            *when_ms = sqlite3_column_int64(st, 0);
        }
    }
    sqlite3_finalize(st);
    return rc;
}

void outbox_msgs_free(struct outbox_msg *msgs, size_t n)
{
    for (size_t i = 0; msgs && i < n; i++)
        msg_free_fields(&msgs[i]);
    free(msgs);
}

int outbox_msg_in_flight_elsewhere(const struct outbox_msg *m, long long now_ms)
{
    return m->lease_owner > 0 && m->lease_owner != (long)getpid() && m->lease_until_ms > now_ms;
}

const char *outbox_state_name(enum outbox_state s)
{
    return s == OUTBOX_FAILED ? "failed" : "pending";
}

/* ---- small named values (the LTI line item cache) ------------------------- */

int outbox_kv_get(struct outbox *ob, const char *name, char **value, struct gb_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc = db_prepare(ob, "SELECT value FROM kv WHERE name = ?1", &st, err), step;

    *value = NULL;
    if (rc == 0) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        step = sqlite3_step(st);
        if (step == SQLITE_ROW && !(*value = column_strdup(st, 0)))
            rc = gb_fail(err, "out of memory reading outbox %s", ob->path);
        else if (step != SQLITE_ROW && step != SQLITE_DONE)
            rc = db_fail(ob, err, "cannot read a cached value");
    }
    sqlite3_finalize(st);
    return rc;
}

int outbox_kv_put(struct outbox *ob, const char *name, const char *value, long long now_ms,
                  struct gb_err *err)
{
    sqlite3_stmt *st = NULL;
    int rc;

    if (db_begin(ob, err))
        return -1;
    rc = db_prepare(ob, value ? "INSERT OR REPLACE INTO kv (name, value, updated_ms)"
                                " VALUES (?1, ?2, ?3)"
                              : "DELETE FROM kv WHERE name = ?1", &st, err);
    if (rc == 0) {
        sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
        if (value) {
            sqlite3_bind_text(st, 2, value, -1, SQLITE_STATIC);
            sqlite3_bind_int64(st, 3, now_ms);
        }
        if (sqlite3_step(st) != SQLITE_DONE)
            rc = db_fail(ob, err, "cannot store a cached value");
    }
    sqlite3_finalize(st);
    return db_end(ob, rc, err);
}
