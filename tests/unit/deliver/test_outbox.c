/* test_outbox.c — Check suite for the SQLite delivery outbox (grader/deliver/outbox). */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>
#include <sys/stat.h>

#include "deliver/outbox.h"

#define URL "http://127.0.0.1:9/hook"
#define PAYLOAD_TYPE "application/vnd.ims.lis.v1.score+json"
#define LEASE 60000

static char dir[64], path[128];

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/gboutboxXXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/state/gradebox/outbox.sqlite", dir);
}

static void teardown(void)
{
    char cmd[128];

    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

/* A database as the previous release left it, made with SQLite directly. */
static int make_old_db(const char *sql)
{
    char sub[160];
    sqlite3 *db;
    int rc;

    snprintf(sub, sizeof sub, "%s/state", dir);
    mkdir(sub, 0700);
    snprintf(sub, sizeof sub, "%s/state/gradebox", dir);
    mkdir(sub, 0700);
    if (sqlite3_open(path, &db) != SQLITE_OK)
        return -1;
    rc = sqlite3_exec(db, sql, NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
    sqlite3_close(db);
    return rc;
}

static struct outbox *open_with(int n_msgs)
{
    struct outbox *ob;
    struct gb_err err;
    char id[32], body[64];

    ck_assert_msg(outbox_open(&ob, path, &err) == 0, "%s", err.msg);
    for (int i = 0; i < n_msgs; i++) {
        snprintf(id, sizeof id, "%08x", i);
        snprintf(body, sizeof body, "{\"n\":%d}", i);
        ck_assert_int_eq(outbox_put(ob, id, URL, "application/json", body, strlen(body),
                                    1000 + i, &err), 0);
    }
    return ob;
}

static size_t claim(struct outbox *ob, long long now, const char *only)
{
    struct outbox_msg *m;
    struct gb_err err;
    size_t n;

    ck_assert_msg(outbox_claim_due(ob, now, LEASE, 100, only, &m, &n, &err) == 0, "%s",
                  err.msg);
    outbox_msgs_free(m, n);
    return n;
}

static void settle(struct outbox *ob, const char *id, enum outbox_fate fate, long long next)
{
    struct outbox_settlement s = { id, URL, fate, next, 503, "HTTP 503", "busy" };
    struct gb_err err;

    ck_assert_int_eq(outbox_settle(ob, &s, 1, &err), 0);
}

START_TEST(test_put_claim_body_and_lease)
{
    struct outbox *ob = open_with(3);
    struct outbox_msg *m;
    struct gb_err err;
    size_t n;

    ck_assert_int_eq(access(path, F_OK), 0);
    ck_assert_int_eq(outbox_claim_due(ob, 1001, LEASE, 100, NULL, &m, &n, &err), 0);
    ck_assert_uint_eq(n, 2);      /* the third is due at 1002 */
    ck_assert_str_eq(m[0].id, "00000000");
    ck_assert_str_eq(m[0].body, "{\"n\":0}");
    ck_assert_uint_eq(m[0].body_len, 7);
    ck_assert_str_eq(m[1].content_type, "application/json");
    outbox_msgs_free(m, n);
    /* Leased by this (live) process: not claimable again until the lease ends. */
    ck_assert_uint_eq(claim(ob, 2000, NULL), 1);
    ck_assert_uint_eq(claim(ob, 3000, NULL), 0);
    ck_assert_uint_eq(claim(ob, 1001 + LEASE, NULL), 2);
    outbox_close(ob);
}
END_TEST

START_TEST(test_settle_fates)
{
    struct outbox *ob = open_with(4);
    struct outbox_msg *m;
    struct gb_err err;
    long long when;
    int any;
    size_t n;

    ck_assert_uint_eq(claim(ob, 5000, NULL), 4);
    settle(ob, "00000000", OUTBOX_DELIVERED, 0);
    settle(ob, "00000001", OUTBOX_RETRY, 9000);
    settle(ob, "00000002", OUTBOX_GIVE_UP, 0);
    ck_assert_int_eq(outbox_list(ob, &m, &n, &err), 0);
    ck_assert_uint_eq(n, 3);      /* delivered is gone, the rest kept */
    ck_assert_str_eq(m[0].id, "00000001");
    ck_assert_int_eq(m[0].attempts, 1);
    ck_assert_int_eq(m[0].state, OUTBOX_PENDING);
    ck_assert_int_eq(m[0].last_status, 503);
    ck_assert_str_eq(m[0].last_error, "HTTP 503");
    ck_assert_ptr_null(m[0].body);
    ck_assert_int_eq(m[1].state, OUTBOX_FAILED);
    ck_assert_str_eq(m[1].last_response, "busy");
    outbox_msgs_free(m, n);
    /* 00000003 is still leased; 00000001 is due at 9000; failed never. */
    ck_assert_int_eq(outbox_next_due(ob, &when, &any, &err), 0);
    ck_assert_int_eq(any, 1);
    ck_assert_int_eq(when, 9000);
    ck_assert_uint_eq(claim(ob, 8999, NULL), 0);
    ck_assert_uint_eq(claim(ob, 9000, NULL), 1);
    outbox_close(ob);
}
END_TEST

START_TEST(test_gone_disables_endpoint_until_retry)
{
    struct outbox *ob = open_with(2);
    struct outbox_msg *m;
    struct gb_err err;
    long long when;
    int any, found;
    size_t n;

    ck_assert_uint_eq(claim(ob, 5000, "00000000"), 1);
    settle(ob, "00000000", OUTBOX_ENDPOINT_GONE, 5000);
    /* Neither message of that URL is sent while it is disabled. */
    ck_assert_uint_eq(claim(ob, 9000, NULL), 0);
    ck_assert_int_eq(outbox_next_due(ob, &when, &any, &err), 0);
    ck_assert_int_eq(any, 0);
    ck_assert_int_eq(outbox_list(ob, &m, &n, &err), 0);
    ck_assert_int_eq(m[0].endpoint_disabled, 1);
    ck_assert_int_eq(m[0].state, OUTBOX_PENDING);
    outbox_msgs_free(m, n);
    ck_assert_int_eq(outbox_retry(ob, "00000000", 9000, &found, &err), 0);
    ck_assert_int_eq(found, 1);
    ck_assert_uint_eq(claim(ob, 9000, NULL), 2);
    ck_assert_int_eq(outbox_retry(ob, "ffffffff", 9000, &found, &err), 0);
    ck_assert_int_eq(found, 0);
    outbox_close(ob);
}
END_TEST

START_TEST(test_requeue_replaces_body_and_revives_failed)
{
    struct outbox *ob = open_with(1);
    struct outbox_msg *m;
    struct gb_err err;
    size_t n;

    ck_assert_uint_eq(claim(ob, 5000, NULL), 1);
    settle(ob, "00000000", OUTBOX_GIVE_UP, 0);
    ck_assert_int_eq(outbox_put(ob, "00000000", URL, "text/x", "new", 3, 6000, &err), 0);
    ck_assert_int_eq(outbox_claim_due(ob, 6000, LEASE, 10, NULL, &m, &n, &err), 0);
    ck_assert_uint_eq(n, 1);
    ck_assert_str_eq(m[0].body, "new");
    ck_assert_int_eq(m[0].attempts, 1);
    outbox_msgs_free(m, n);
    outbox_close(ob);
}
END_TEST

/* A lease whose owner died (kill -9 mid-flush) is free at once; one whose
 * owner lives is respected, across processes. */
START_TEST(test_lease_of_dead_process_is_free)
{
    struct outbox *ob = open_with(2);
    int status, go[2], ready[2];
    char c;
    pid_t pid;

    outbox_close(ob);
    ck_assert_int_eq(pipe(go), 0);
    ck_assert_int_eq(pipe(ready), 0);
    pid = fork();
    ck_assert_int_ne(pid, -1);
    if (pid == 0) {
        struct outbox *child = open_with(0);
        _exit(claim(child, 5000, "00000000") == 1 && write(ready[1], "r", 1) == 1 &&
              read(go[0], &c, 1) == 1 ? 0 : 1);
    }
    ck_assert_int_eq(read(ready[0], &c, 1), 1);
    ob = open_with(0);
    ck_assert_uint_eq(claim(ob, 5000, "00000000"), 0);   /* the child holds it */
    kill(pid, SIGKILL);
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_uint_eq(claim(ob, 5000, "00000000"), 1);   /* dead owner: free */
    outbox_close(ob);
}
END_TEST

static void put_revision(struct outbox *ob, const char *id, const char *url, long long rev,
                         struct outbox_put_info *info)
{
    struct outbox_item it = { id, url, PAYLOAD_TYPE, id, strlen(id), OUTBOX_LTI, "cell-s1",
                              rev };
    struct gb_err err;

    ck_assert_msg(outbox_put_item(ob, &it, 1000, info, &err) == 0, "%s", err.msg);
}

static int listed(struct outbox *ob, const char *id)
{
    struct outbox_msg *m;
    struct gb_err err;
    size_t n;
    int found = 0;

    ck_assert_int_eq(outbox_list(ob, &m, &n, &err), 0);
    for (size_t i = 0; i < n; i++)
        found += !strcmp(m[i].id, id);
    outbox_msgs_free(m, n);
    return found;
}

/* Newest wins: a regrade replaces the queued grade of the same cell, and an
 * older revision queued after a newer one is not queued at all. */
START_TEST(test_newer_revision_supersedes)
{
    struct outbox *ob = open_with(0);
    struct outbox_put_info info;
    struct outbox_msg *m;
    struct gb_err err;
    size_t n;

    put_revision(ob, "rev1", URL, 1000, &info);
    ck_assert_int_eq(info.stale, 0);
    put_revision(ob, "rev2", URL, 2000, &info);
    ck_assert_uint_eq(info.superseded, 1);
    ck_assert_int_eq(listed(ob, "rev1"), 0);
    put_revision(ob, "rev0", URL, 500, &info);
    ck_assert_int_eq(info.stale, 1);
    ck_assert_int_eq(listed(ob, "rev0"), 0);
    ck_assert_int_eq(listed(ob, "rev2"), 1);
    /* Another destination keeps its own revisions; webhooks without a key
     * are never superseded. */
    put_revision(ob, "rev1", "http://127.0.0.1:9/other", 1000, &info);
    ck_assert_int_eq(info.stale, 0);
    ck_assert_int_eq(outbox_put(ob, "plain", URL, PAYLOAD_TYPE, "x", 1, 1000, &err), 0);
    ck_assert_int_eq(outbox_claim_due(ob, 5000, LEASE, 10, NULL, &m, &n, &err), 0);
    ck_assert_uint_eq(n, 3);
    for (size_t i = 0; i < n; i++)
        ck_assert_int_eq(m[i].kind, strcmp(m[i].id, "plain") ? OUTBOX_LTI : OUTBOX_WEBHOOK);
    outbox_msgs_free(m, n);
    outbox_close(ob);
}
END_TEST

START_TEST(test_cached_values)
{
    struct outbox *ob = open_with(0);
    struct gb_err err;
    char *v;

    ck_assert_int_eq(outbox_kv_get(ob, "lti-lineitem\nx", &v, &err), 0);
    ck_assert_ptr_null(v);
    ck_assert_int_eq(outbox_kv_put(ob, "lti-lineitem\nx", "https://lms/items/4", 1, &err), 0);
    ck_assert_int_eq(outbox_kv_get(ob, "lti-lineitem\nx", &v, &err), 0);
    ck_assert_str_eq(v, "https://lms/items/4");
    free(v);
    ck_assert_int_eq(outbox_kv_put(ob, "lti-lineitem\nx", NULL, 2, &err), 0);
    ck_assert_int_eq(outbox_kv_get(ob, "lti-lineitem\nx", &v, &err), 0);
    ck_assert_ptr_null(v);
    outbox_close(ob);
}
END_TEST

/* An outbox written by the previous release (no kind, key or revision
 * columns, its messages queued) opens, keeps its messages and takes new ones. */
START_TEST(test_old_outbox_is_migrated)
{
    static const char old_schema[] =
        "CREATE TABLE message (id TEXT NOT NULL, url TEXT NOT NULL, content_type TEXT NOT NULL,"
        " body BLOB NOT NULL, state INTEGER NOT NULL DEFAULT 0,"
        " attempts INTEGER NOT NULL DEFAULT 0, created_ms INTEGER NOT NULL,"
        " next_attempt_ms INTEGER NOT NULL, last_status INTEGER NOT NULL DEFAULT 0,"
        " last_error TEXT, last_response TEXT, lease_owner INTEGER, lease_until INTEGER,"
        " PRIMARY KEY (id, url));"
        "CREATE TABLE endpoint (url TEXT PRIMARY KEY, disabled_ms INTEGER NOT NULL,"
        " reason TEXT NOT NULL);"
        "INSERT INTO message (id, url, content_type, body, created_ms, next_attempt_ms)"
        " VALUES ('oldmsg', '" URL "', 'application/json', '{}', 1, 1);";
    struct outbox *ob;
    struct outbox_put_info info;
    struct gb_err err;

    ck_assert_int_eq(make_old_db(old_schema), 0);
    ck_assert_msg(outbox_open(&ob, path, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(listed(ob, "oldmsg"), 1);
    put_revision(ob, "rev1", URL, 1000, &info);
    ck_assert_uint_eq(claim(ob, 5000, NULL), 2);
    outbox_close(ob);
}
END_TEST

START_TEST(test_open_errors_are_sentences)
{
    struct outbox *ob;
    struct gb_err err;

    ck_assert_int_eq(outbox_open(&ob, "/proc/gradebox/outbox.sqlite", &err), -1);
    ck_assert_ptr_null(ob);
    ck_assert_ptr_nonnull(strstr(err.msg, "/proc/gradebox"));
}
END_TEST

int main(void)
{
    Suite *s = suite_create("outbox");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_put_claim_body_and_lease);
    tcase_add_test(tc, test_settle_fates);
    tcase_add_test(tc, test_gone_disables_endpoint_until_retry);
    tcase_add_test(tc, test_requeue_replaces_body_and_revives_failed);
    tcase_add_test(tc, test_lease_of_dead_process_is_free);
    tcase_add_test(tc, test_open_errors_are_sentences);
    tcase_add_test(tc, test_newer_revision_supersedes);
    tcase_add_test(tc, test_cached_values);
    tcase_add_test(tc, test_old_outbox_is_migrated);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
