/* batch_store.c — the gradebook in SQLite (see batch_store.h). */
#define _GNU_SOURCE
#include "batch/batch_store.h"

#include <cjson/cJSON.h>
#include <limits.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUSY_TIMEOUT_MS 15000

struct batch_store {
    sqlite3 *db;
    char path[PATH_MAX];
};

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS meta(k TEXT PRIMARY KEY, v TEXT);"
    "CREATE TABLE IF NOT EXISTS students(id TEXT PRIMARY KEY, raw_id TEXT, name TEXT,"
    " email TEXT, lms TEXT, late INTEGER, in_roster INTEGER);"
    "CREATE TABLE IF NOT EXISTS uploads(student TEXT, exercise TEXT, sha256 TEXT, digest TEXT,"
    " key TEXT, origin TEXT, path TEXT, transcript TEXT, mtime INTEGER,"
    " PRIMARY KEY(student, exercise));"
    "CREATE TABLE IF NOT EXISTS problems(student TEXT, what TEXT, refused INTEGER DEFAULT 1);"
    "CREATE TABLE IF NOT EXISTS results(student TEXT, exercise TEXT, key TEXT, status TEXT,"
    " score REAL, max_score REAL, wall REAL, graded_at TEXT, json TEXT, error TEXT,"
    " posted INTEGER DEFAULT 0, PRIMARY KEY(student, exercise));"
    "CREATE TABLE IF NOT EXISTS decisions(student TEXT, exercise TEXT, check_id TEXT,"
    " verdict TEXT, points REAL, note TEXT, by TEXT, at TEXT, evidence TEXT,"
    " PRIMARY KEY(student, exercise, check_id));";

static int db_fail(struct batch_store *st, struct gb_err *err, const char *what)
{
    return gb_fail(err, "gradebook %s: %s: %s", st->path, what, sqlite3_errmsg(st->db));
}

static int exec(struct batch_store *st, const char *sql, struct gb_err *err)
{
    char *msg = NULL;

    if (sqlite3_exec(st->db, sql, NULL, NULL, &msg) == SQLITE_OK)
        return 0;
    gb_fail(err, "gradebook %s: %s", st->path, msg ? msg : sqlite3_errmsg(st->db));
    sqlite3_free(msg);
    return -1;
}

static int add_column(struct batch_store *st, const char *table, const char *column,
                      const char *alter, struct gb_err *err)
{
    sqlite3_stmt *s;
    int has = 0;

    if (sqlite3_prepare_v2(st->db, "SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2", -1,
                           &s, NULL) != SQLITE_OK)
        return db_fail(st, err, "reading its schema");
    sqlite3_bind_text(s, 1, table, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, column, -1, SQLITE_STATIC);
    has = sqlite3_step(s) == SQLITE_ROW;
    sqlite3_finalize(s);
    return has ? 0 : exec(st, alter, err);
}

/* A gradebook from before a column gains it: problems' refusal mark (old
 * rows count as refusals until the next run rewrites them) and uploads'
 * times (unknown until then: no late penalty is computed from them). */
static int upgrade(struct batch_store *st, struct gb_err *err)
{
    return add_column(st, "problems", "refused",
                      "ALTER TABLE problems ADD COLUMN refused INTEGER DEFAULT 1", err) ||
           add_column(st, "uploads", "mtime", "ALTER TABLE uploads ADD COLUMN mtime INTEGER",
                      err) ? -1 : 0;
}

int batch_store_open(const char *dir, struct batch_store **out, struct gb_err *err)
{
    struct batch_store *st = calloc(1, sizeof *st);

    *out = NULL;
    if (!st)
        return gb_fail(err, "out of memory");
    snprintf(st->path, sizeof st->path, "%s/%s", dir, BATCH_STORE_FILE);
    if (sqlite3_open_v2(st->path, &st->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL)
        != SQLITE_OK) {
        gb_fail(err, "cannot open the gradebook %s: %s", st->path,
                st->db ? sqlite3_errmsg(st->db) : "out of memory");
        batch_store_close(st);
        return -1;
    }
    sqlite3_busy_timeout(st->db, BUSY_TIMEOUT_MS);
    if (exec(st, "PRAGMA journal_mode=WAL", err) || exec(st, "PRAGMA synchronous=NORMAL", err) ||
        exec(st, schema, err) || upgrade(st, err)) {
        batch_store_close(st);
        return -1;
    }
    *out = st;
    return 0;
}

void batch_store_close(struct batch_store *st)
{
    if (!st)
        return;
    sqlite3_close(st->db);
    free(st);
}

static int prepare(struct batch_store *st, const char *sql, sqlite3_stmt **s, struct gb_err *err)
{
    return sqlite3_prepare_v2(st->db, sql, -1, s, NULL) == SQLITE_OK ? 0
                                                                     : db_fail(st, err, "query");
}

/* Binds text arguments 1..n (NULL binds NULL) and steps once. */
static int run(struct batch_store *st, const char *sql, struct gb_err *err, int n, ...)
{
    sqlite3_stmt *s;
    va_list ap;
    int rc;

    if (prepare(st, sql, &s, err))
        return -1;
    va_start(ap, n);
    for (int i = 1; i <= n; i++)
        sqlite3_bind_text(s, i, va_arg(ap, const char *), -1, SQLITE_TRANSIENT);
    va_end(ap);
    rc = sqlite3_step(s);
    sqlite3_finalize(s);
    return rc == SQLITE_DONE || rc == SQLITE_ROW ? 0 : db_fail(st, err, "write");
}

static char *col_dup(sqlite3_stmt *s, int i)
{
    const unsigned char *t = sqlite3_column_text(s, i);

    return t ? strdup((const char *)t) : NULL;
}

int batch_store_set_meta(struct batch_store *st, const char *key, const char *value,
                         struct gb_err *err)
{
    return run(st, "INSERT OR REPLACE INTO meta(k, v) VALUES(?1, ?2)", err, 2, key, value);
}

int batch_store_get_meta(struct batch_store *st, const char *key, char **value,
                         struct gb_err *err)
{
    sqlite3_stmt *s;

    *value = NULL;
    if (prepare(st, "SELECT v FROM meta WHERE k = ?1", &s, err))
        return -1;
    sqlite3_bind_text(s, 1, key, -1, SQLITE_STATIC);
    if (sqlite3_step(s) == SQLITE_ROW)
        *value = col_dup(s, 0);
    sqlite3_finalize(s);
    return 0;
}

/* ---- the cohort ----------------------------------------------------------- */

static int put_students(struct batch_store *st, const struct batch_cohort *c, struct gb_err *err)
{
    for (size_t i = 0; i < c->n_students; i++) {
        const struct batch_student *s = &c->students[i];

        if (run(st, "INSERT INTO students VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)", err, 7, s->id,
                s->raw_id, s->name, s->email, batch_lms_name(s->lms), s->late ? "1" : "0",
                s->in_roster ? "1" : "0"))
            return -1;
    }
    return 0;
}

static int put_uploads(struct batch_store *st, const struct batch_cohort *c, char *const *paths,
                       char *const *transcripts, char *const *keys, struct gb_err *err)
{
    for (size_t i = 0; i < c->n_uploads; i++) {
        const struct batch_upload *u = &c->uploads[i];

        char mtime[32];

        snprintf(mtime, sizeof mtime, "%lld", u->mtime);
        if (run(st, "INSERT INTO uploads VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)", err, 9,
                u->student, u->exercise->name, u->sha256, u->exercise->digest, keys[i],
                u->origin, paths[i], transcripts[i], mtime))
            return -1;
    }
    return 0;
}

static int put_problems(struct batch_store *st, const struct batch_cohort *c, struct gb_err *err)
{
    for (size_t i = 0; i < c->n_problems; i++)
        if (run(st, "INSERT INTO problems VALUES(?1, ?2, ?3)", err, 3, c->problems[i].student,
                c->problems[i].what, c->problems[i].refused ? "1" : "0"))
            return -1;
    return 0;
}

int batch_store_set_cohort(struct batch_store *st, const struct batch_cohort *c,
                           char *const *paths, char *const *transcripts,
                           char *const *keys, struct gb_err *err)
{
    if (exec(st, "BEGIN IMMEDIATE; DELETE FROM students; DELETE FROM uploads;"
                 " DELETE FROM problems", err))
        return -1;
    if (put_students(st, c, err) || put_uploads(st, c, paths, transcripts, keys, err) ||
        put_problems(st, c, err) || exec(st, "COMMIT", err)) {
        exec(st, "ROLLBACK", NULL);
        return -1;
    }
    return 0;
}

int batch_store_forget(struct batch_store *st, const char *which, size_t *n, struct gb_err *err)
{
    if (run(st, "DELETE FROM results WHERE ?1 IS NULL OR student = ?1 OR exercise = ?1", err, 1,
            which))
        return -1;
    *n = (size_t)sqlite3_changes(st->db);
    return 0;
}

/* ---- grading ---------------------------------------------------------------- */

double batch_store_mean_wall(struct batch_store *st, const char *exercise)
{
    sqlite3_stmt *s;
    double mean = 0;

    if (sqlite3_prepare_v2(st->db, "SELECT avg(wall) FROM results WHERE exercise = ?1 AND"
                           " wall > 0", -1, &s, NULL) != SQLITE_OK)
        return 0;
    sqlite3_bind_text(s, 1, exercise, -1, SQLITE_STATIC);
    if (sqlite3_step(s) == SQLITE_ROW)
        mean = sqlite3_column_double(s, 0);
    sqlite3_finalize(s);
    return mean;
}

static int by_estimate(const void *a, const void *b)
{
    const struct batch_task *x = a, *y = b;
    int c = (x->estimate < y->estimate) - (x->estimate > y->estimate);

    if (c)
        return c;
    c = strcmp(x->exercise, y->exercise);
    return c ? c : strcmp(x->student, y->student);
}

static int task_from_row(struct batch_store *st, sqlite3_stmt *s, const struct batch_exercises *ex,
                         struct batch_task *t)
{
    const struct batch_exercise *e;
    double mean;

    memset(t, 0, sizeof t[0]);
    t->student = col_dup(s, 0);
    t->exercise = col_dup(s, 1);
    t->path = col_dup(s, 2);
    t->transcript = col_dup(s, 3);
    t->key = col_dup(s, 4);
    if (!t->student || !t->exercise || !t->path || !t->key)
        return -1;
    e = batch_exercises_find(ex, t->exercise);
    t->memory_bytes = e ? e->memory_bytes : 0;
    mean = batch_store_mean_wall(st, t->exercise);
    /* Never measured: a tenth of the wall limit is a start (attention_by_hand's
     * 60 s limit for its few seconds, memory_lab's 900 s for its minutes). */
    t->estimate = mean > 0 ? mean : e ? e->wall_seconds / 10 : 10;
    if (t->transcript || (e && !e->is_run))    /* nothing runs: a recording or a document */
        t->estimate = mean > 0 ? mean : 0.5;
    return 0;
}

int batch_store_pending(struct batch_store *st, const struct batch_exercises *ex,
                        struct batch_task **tasks, size_t *n, struct gb_err *err)
{
    sqlite3_stmt *s;
    struct batch_task *v = NULL, *grown;
    int rc = 0, step;

    *tasks = NULL;
    *n = 0;
    if (prepare(st, "SELECT u.student, u.exercise, u.path, u.transcript, u.key FROM uploads u"
                    " LEFT JOIN results r ON r.student = u.student AND r.exercise = u.exercise"
                    " WHERE r.key IS NULL OR r.key != u.key OR r.status = 'error'", &s, err))
        return -1;
    while (rc == 0 && (step = sqlite3_step(s)) == SQLITE_ROW) {
        if (!(grown = realloc(v, (*n + 1) * sizeof *v))) {
            rc = gb_fail(err, "out of memory");
            break;
        }
        v = grown;
        if (task_from_row(st, s, ex, &v[(*n)++]))
            rc = gb_fail(err, "out of memory");
    }
    sqlite3_finalize(s);
    if (rc) {
        batch_tasks_free(v, *n);
        *n = 0;
        return -1;
    }
    if (*n)
        qsort(v, *n, sizeof *v, by_estimate);
    *tasks = v;
    return 0;
}

void batch_tasks_free(struct batch_task *tasks, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(tasks[i].student);
        free(tasks[i].exercise);
        free(tasks[i].path);
        free(tasks[i].transcript);
        free(tasks[i].key);
    }
    free(tasks);
}

int batch_store_put_result(struct batch_store *st, const struct batch_task *t, const char *json,
                           const char *error, struct gb_err *err)
{
    cJSON *doc = json ? cJSON_Parse(json) : NULL;
    const cJSON *run = cJSON_GetObjectItemCaseSensitive(doc, "run");
    const char *status = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "status"));
    const char *when = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "graded_at"));
    sqlite3_stmt *s;
    int rc;

    if (json && !doc)
        error = "the worker wrote a result that is not JSON";
    if (prepare(st, "INSERT OR REPLACE INTO results VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,"
                    " ?10, 0)", &s, err)) {
        cJSON_Delete(doc);
        return -1;
    }
    sqlite3_bind_text(s, 1, t->student, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, t->exercise, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 3, t->key, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 4, doc && status ? status : "error", -1, SQLITE_TRANSIENT);
    sqlite3_bind_double(s, 5, cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(doc, "score")));
    sqlite3_bind_double(s, 6, cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(doc,
                                                                                    "max_score")));
    sqlite3_bind_double(s, 7, cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(run,
                                                                                    "wall_seconds")));
    sqlite3_bind_text(s, 8, when, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(s, 9, doc ? json : NULL, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 10, doc ? NULL : error, -1, SQLITE_STATIC);
    rc = sqlite3_step(s) == SQLITE_DONE ? 0 : db_fail(st, err, "recording a result");
    sqlite3_finalize(s);
    cJSON_Delete(doc);
    return rc;
}

/* ---- reading back ------------------------------------------------------------- */

static int row_from(sqlite3_stmt *s, struct batch_row *r)
{
    memset(r, 0, sizeof *r);
    r->student = col_dup(s, 0);
    r->exercise = col_dup(s, 1);
    r->origin = col_dup(s, 2);
    r->path = col_dup(s, 3);
    r->status = col_dup(s, 4);
    r->json = col_dup(s, 5);
    r->error = col_dup(s, 6);
    r->score = sqlite3_column_double(s, 7);
    r->max_score = sqlite3_column_double(s, 8);
    r->wall = sqlite3_column_double(s, 9);
    r->graded_at = col_dup(s, 10);
    r->mtime = sqlite3_column_type(s, 11) == SQLITE_NULL ? -1 : sqlite3_column_int64(s, 11);
    return r->student && r->exercise ? 0 : -1;
}

static int read_rows(struct batch_store *st, const char *sql, struct batch_row **rows, size_t *n,
                     struct gb_err *err)
{
    sqlite3_stmt *s;
    struct batch_row *v = NULL, *grown;
    int rc = 0;

    *rows = NULL;
    *n = 0;
    if (prepare(st, sql, &s, err))
        return -1;
    while (rc == 0 && sqlite3_step(s) == SQLITE_ROW) {
        if (!(grown = realloc(v, (*n + 1) * sizeof *v)))
            rc = gb_fail(err, "out of memory");
        else if (v = grown, row_from(s, &v[(*n)++]))
            rc = gb_fail(err, "out of memory");
    }
    sqlite3_finalize(s);
    if (rc) {
        batch_rows_free(v, *n);
        *n = 0;
        return -1;
    }
    *rows = v;
    return 0;
}

/* Only a current result (its key still the upload's) is a row's result. */
#define ROW_SELECT                                                                        \
    "SELECT u.student, u.exercise, u.origin, u.path, r.status, r.json, r.error, r.score,"  \
    " r.max_score, r.wall, r.graded_at, u.mtime FROM uploads u LEFT JOIN results r"        \
    " ON r.student = u.student"                                                            \
    " AND r.exercise = u.exercise AND r.key = u.key"

int batch_store_unposted(struct batch_store *st, struct batch_row **rows, size_t *n,
                         struct gb_err *err)
{
    return read_rows(st, ROW_SELECT " WHERE r.posted = 0 AND r.json IS NOT NULL"
                                    " ORDER BY u.student, u.exercise", rows, n, err);
}

int batch_store_mark_posted(struct batch_store *st, const char *student, const char *exercise,
                            struct gb_err *err)
{
    return run(st, "UPDATE results SET posted = 1 WHERE student = ?1 AND exercise = ?2", err, 2,
               student, exercise);
}

int batch_store_mark_all_unposted(struct batch_store *st, struct gb_err *err)
{
    return run(st, "UPDATE results SET posted = 0 WHERE json IS NOT NULL", err, 0);
}

static int read_students(struct batch_store *st, struct batch_cohort *c, struct gb_err *err)
{
    sqlite3_stmt *s;
    int rc = 0;

    if (prepare(st, "SELECT id, raw_id, name, email, lms, late, in_roster FROM students"
                    " ORDER BY id", &s, err))
        return -1;
    while (rc == 0 && sqlite3_step(s) == SQLITE_ROW) {
        struct batch_student *grown = realloc(c->students, (c->n_students + 1) * sizeof *grown);
        struct batch_student *p;
        const char *lms = (const char *)sqlite3_column_text(s, 4);

        if (!grown) {
            rc = gb_fail(err, "out of memory");
            break;
        }
        c->students = grown;
        p = &c->students[c->n_students++];
        memset(p, 0, sizeof *p);
        p->id = col_dup(s, 0);
        p->raw_id = col_dup(s, 1);
        p->name = col_dup(s, 2);
        p->email = col_dup(s, 3);
        p->lms = !lms ? BATCH_LMS_FOLDER : !strcmp(lms, "moodle") ? BATCH_LMS_MOODLE
               : !strcmp(lms, "canvas") ? BATCH_LMS_CANVAS
               : !strcmp(lms, "gradescope") ? BATCH_LMS_GRADESCOPE : BATCH_LMS_FOLDER;
        p->late = sqlite3_column_int(s, 5);
        p->in_roster = sqlite3_column_int(s, 6);
        if (!p->id || !p->raw_id)
            rc = gb_fail(err, "out of memory");
    }
    sqlite3_finalize(s);
    return rc;
}

static int read_problems(struct batch_store *st, struct batch_cohort *c, struct gb_err *err)
{
    sqlite3_stmt *s;
    int rc = 0;

    if (prepare(st, "SELECT student, what, refused FROM problems ORDER BY rowid", &s, err))
        return -1;
    while (rc == 0 && sqlite3_step(s) == SQLITE_ROW)
        rc = (sqlite3_column_int(s, 2) ? batch_cohort_problem : batch_cohort_notice)(
            c, (const char *)sqlite3_column_text(s, 0), err, "%s",
            (const char *)sqlite3_column_text(s, 1));
    sqlite3_finalize(s);
    return rc;
}

static int read_exercises(struct batch_store *st, struct batch_book *b, struct gb_err *err)
{
    sqlite3_stmt *s;
    int rc = 0;

    if (prepare(st, "SELECT DISTINCT exercise FROM uploads ORDER BY exercise", &s, err))
        return -1;
    while (rc == 0 && sqlite3_step(s) == SQLITE_ROW) {
        char **grown = realloc(b->exercises, (b->n_exercises + 1) * sizeof *grown);

        if (!grown || !(grown[b->n_exercises] = col_dup(s, 0))) {
            b->exercises = grown ? grown : b->exercises;
            rc = gb_fail(err, "out of memory");
            break;
        }
        b->exercises = grown;
        b->n_exercises++;
    }
    sqlite3_finalize(s);
    return rc;
}

/* ---- decisions ------------------------------------------------------------------ */

int batch_store_put_decision(struct batch_store *st, const struct batch_decision *d,
                             struct gb_err *err)
{
    sqlite3_stmt *s;
    int rc;

    if (exec(st, "BEGIN IMMEDIATE", err))
        return -1;
    if (prepare(st, "INSERT OR REPLACE INTO decisions VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8,"
                    " ?9)", &s, err)) {
        exec(st, "ROLLBACK", NULL);
        return -1;
    }
    sqlite3_bind_text(s, 1, d->student, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 2, d->exercise, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 3, d->check, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 4, d->verdict, -1, SQLITE_STATIC);
    sqlite3_bind_double(s, 5, d->points);
    sqlite3_bind_text(s, 6, d->note, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 7, d->by, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 8, d->at, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 9, d->evidence, -1, SQLITE_STATIC);
    rc = sqlite3_step(s) == SQLITE_DONE ? 0 : db_fail(st, err, "recording a decision");
    sqlite3_finalize(s);
    if (rc == 0)
        rc = run(st, "UPDATE results SET posted = 0 WHERE student = ?1 AND exercise = ?2", err,
                 2, d->student, d->exercise);
    if (rc || exec(st, "COMMIT", err)) {
        exec(st, "ROLLBACK", NULL);
        return -1;
    }
    return 0;
}

static int decision_from(sqlite3_stmt *s, struct batch_decision *d)
{
    memset(d, 0, sizeof *d);
    d->student = col_dup(s, 0);
    d->exercise = col_dup(s, 1);
    d->check = col_dup(s, 2);
    d->verdict = col_dup(s, 3);
    d->points = sqlite3_column_double(s, 4);
    d->note = col_dup(s, 5);
    d->by = col_dup(s, 6);
    d->at = col_dup(s, 7);
    d->evidence = col_dup(s, 8);
    return d->student && d->exercise && d->check && d->verdict && d->by && d->at && d->evidence
           ? 0 : -1;
}

int batch_store_decisions(struct batch_store *st, struct batch_decision **v, size_t *n,
                          struct gb_err *err)
{
    sqlite3_stmt *s;
    struct batch_decision *grown;
    int rc = 0;

    *v = NULL;
    *n = 0;
    if (prepare(st, "SELECT student, exercise, check_id, verdict, points, note, by, at,"
                    " evidence FROM decisions ORDER BY student, exercise, check_id", &s, err))
        return -1;
    while (rc == 0 && sqlite3_step(s) == SQLITE_ROW) {
        if (!(grown = realloc(*v, (*n + 1) * sizeof *grown)))
            rc = gb_fail(err, "out of memory");
        else if (*v = grown, decision_from(s, &grown[(*n)++]))
            rc = gb_fail(err, "out of memory");
    }
    sqlite3_finalize(s);
    if (rc) {
        batch_decisions_free(*v, *n);
        *v = NULL;
        *n = 0;
    }
    return rc;
}

void batch_decisions_free(struct batch_decision *v, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(v[i].student);
        free(v[i].exercise);
        free(v[i].check);
        free(v[i].verdict);
        free(v[i].note);
        free(v[i].by);
        free(v[i].at);
        free(v[i].evidence);
    }
    free(v);
}

int batch_store_book(struct batch_store *st, struct batch_book *b, struct gb_err *err)
{
    char *zero = NULL;

    memset(b, 0, sizeof *b);
    if (read_students(st, &b->cohort, err) || read_problems(st, &b->cohort, err) ||
        read_exercises(st, b, err) ||
        read_rows(st, ROW_SELECT " ORDER BY u.student, u.exercise", &b->rows, &b->n_rows, err) ||
        batch_store_get_meta(st, "assignment", &b->assignment, err) ||
        batch_store_get_meta(st, "missing_as_zero", &zero, err) ||
        batch_store_get_meta(st, "late_policy", &b->late_policy, err)) {
        batch_book_free(b);
        return -1;
    }
    b->missing_as_zero = zero && !strcmp(zero, "1");
    free(zero);
    return 0;
}

void batch_rows_free(struct batch_row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(rows[i].student);
        free(rows[i].exercise);
        free(rows[i].origin);
        free(rows[i].path);
        free(rows[i].status);
        free(rows[i].json);
        free(rows[i].error);
        free(rows[i].graded_at);
    }
    free(rows);
}

void batch_book_free(struct batch_book *b)
{
    batch_cohort_free(&b->cohort);
    batch_rows_free(b->rows, b->n_rows);
    for (size_t i = 0; i < b->n_exercises; i++)
        free(b->exercises[i]);
    free(b->exercises);
    free(b->assignment);
    free(b->late_policy);
    memset(b, 0, sizeof *b);
}
