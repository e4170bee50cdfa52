/* cmd_token.c — `grader token keygen|issue|show|revoke` (see cmd_token.h). */
#include "serve/cmd_token.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buf.h"
#include "deliver/deliver.h"
#include "serve/queue.h"
#include "serve/settings.h"
#include "serve/tokens.h"

#define DEFAULT_DAYS 180
#define MAX_DAYS 3650

static const char token_usage[] =
    "usage: grader token keygen [FILE]\n"
    "       grader token issue STUDENT... --course COURSE [--instructor] [--days N] [--key FILE]\n"
    "       grader token show TOKEN [--key FILE]\n"
    "       grader token revoke TOKEN | --jti ID | --student STUDENT --course COURSE  [--db URL]\n"
    "Tokens are valid for 180 days unless --days says otherwise. See docs/service.md.\n";

struct token_args {
    const char *words[512];       /* positional arguments after the subcommand */
    size_t n_words;
    const char *course;
    const char *key;
    const char *db;
    const char *jti;
    const char *student;
    long days;
    int instructor;
};

static int parse(int argc, char **argv, struct token_args *a, struct gb_err *err)
{
    memset(a, 0, sizeof *a);
    a->days = DEFAULT_DAYS;
    for (int i = 2; i < argc; i++) {
        const char *f = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        const char **slot = !strcmp(f, "--course") ? &a->course : !strcmp(f, "--key") ? &a->key
                          : !strcmp(f, "--db") ? &a->db : !strcmp(f, "--jti") ? &a->jti
                          : !strcmp(f, "--student") ? &a->student : NULL;
        char *end;

        if (!strcmp(f, "-h") || !strcmp(f, "--help"))
            return 1;
        if (!strcmp(f, "--instructor")) {
            a->instructor = 1;
        } else if (slot || !strcmp(f, "--days")) {
            if (!v)
                return gb_fail(err, "option '%s' needs a value", f);
            i++;
            if (slot) {
                *slot = v;
                continue;
            }
            errno = 0;
            a->days = strtol(v, &end, 10);
            if (errno || *end || end == v || a->days < 1 || a->days > MAX_DAYS)
                return gb_fail(err, "--days takes 1 to %d, not '%s'", MAX_DAYS, v);
        } else if (f[0] == '-' && f[1] == '-') {
            return gb_fail(err, "unknown option '%s'", f);
        } else if (a->n_words < sizeof a->words / sizeof a->words[0]) {
            a->words[a->n_words++] = f;
        } else {
            return gb_fail(err, "too many arguments (at most %zu students at a time)",
                           sizeof a->words / sizeof a->words[0]);
        }
    }
    return 0;
}

static int key_path(const struct token_args *a, char *buf, size_t size, struct gb_err *err)
{
    if (!a->key)
        return settings_default_key(buf, size, err);
    if (strlen(a->key) >= size)
        return gb_fail(err, "--key path too long");
    strcpy(buf, a->key);
    return 0;
}

static int keygen(const struct token_args *a, struct gb_err *err)
{
    char path[PATH_MAX];
    struct token_args b = *a;

    if (a->n_words > 1)
        return gb_fail(err, "keygen takes one FILE");
    b.key = a->n_words ? a->words[0] : a->key;
    if (key_path(&b, path, sizeof path, err) || gb_make_parent(path, err) ||
        tokens_key_generate(path, err))
        return -1;
    printf("%s\n", path);
    return 0;
}

static int issue(const struct token_args *a, struct gb_err *err)
{
    struct tokens_key key;
    char path[PATH_MAX];
    int rc = 0;

    if (!a->course || !a->n_words)
        return gb_fail(err, "issue needs at least one STUDENT and --course COURSE");
    if (key_path(a, path, sizeof path, err) || tokens_key_load(&key, path, err))
        return -1;
    for (size_t i = 0; rc == 0 && i < a->n_words; i++) {
        struct tokens_claims c;
        char *tok;

        memset(&c, 0, sizeof c);
        snprintf(c.student, sizeof c.student, "%s", a->words[i]);
        snprintf(c.course, sizeof c.course, "%s", a->course);
        if (strlen(a->words[i]) > TOKENS_ID_MAX || strlen(a->course) > TOKENS_ID_MAX) {
            rc = gb_fail(err, "student and course ids are at most %d characters",
                         TOKENS_ID_MAX);
            break;
        }
        c.role = a->instructor ? TOKENS_INSTRUCTOR : TOKENS_STUDENT;
        c.issued = (long long)time(NULL);
        c.expires = c.issued + (long long)a->days * 86400;
        if ((rc = tokens_issue(&key, &c, &tok, err)))
            break;
        if (a->n_words > 1)
            printf("%s %s\n", c.student, tok);
        else
            printf("%s\n", tok);
        free(tok);
    }
    tokens_key_free(&key);
    return rc;
}

/* 0 valid, 1 not valid (printed why), -1 setup error. */
static int show(const struct token_args *a, struct gb_err *err)
{
    struct tokens_key key;
    struct tokens_claims c;
    struct gb_err why;
    char path[PATH_MAX], iat[32], exp[32];
    time_t t;
    struct tm tm;
    int valid;

    if (a->n_words != 1)
        return gb_fail(err, "show takes one TOKEN");
    if (key_path(a, path, sizeof path, err) || tokens_key_load(&key, path, err))
        return -1;
    valid = tokens_verify(&key, a->words[0], (long long)time(NULL), &c, &why) == 0;
    tokens_key_free(&key);
    if (!valid && tokens_peek(a->words[0], &c, NULL)) {
        printf("not valid: %s\n", why.msg);
        return 1;
    }
    t = (time_t)c.issued;
    strftime(iat, sizeof iat, "%Y-%m-%d %H:%M UTC", gmtime_r(&t, &tm));
    t = (time_t)c.expires;
    strftime(exp, sizeof exp, "%Y-%m-%d %H:%M UTC", gmtime_r(&t, &tm));
    printf("student: %s\ncourse: %s\nrole: %s\nissued: %s\nexpires: %s\nid: %s\n%s%s\n",
           c.student, c.course, tokens_role_name(c.role), iat, exp, c.jti,
           valid ? "valid" : "not valid: ", valid ? "" : why.msg);
    return valid ? 0 : 1;
}

static int do_revoke(const struct token_args *a, struct gb_err *err)
{
    char db[PATH_MAX];
    struct tokens_claims c;
    struct queue *q;
    int rc;

    if (a->db) {
        if (strlen(a->db) >= sizeof db)
            return gb_fail(err, "--db too long");
        strcpy(db, a->db);
    } else if (settings_default_db(db, sizeof db, err))
        return -1;
    if (!a->jti && !a->student && (a->n_words != 1 || tokens_peek(a->words[0], &c, err)))
        return a->n_words != 1 ? gb_fail(err, "revoke takes a TOKEN, --jti ID or --student "
                                         "STUDENT --course COURSE") : -1;
    if (a->student && !a->course)
        return gb_fail(err, "--student goes with --course");
    if (queue_open(&q, db, err))
        return -1;
    if (a->student)
        rc = queue_revoke_student(q, a->course, a->student, (long long)time(NULL), err);
    else
        rc = queue_revoke_token(q, a->jti ? a->jti : c.jti, deliver_now_ms(), err);
    queue_close(q);
    if (rc == 0)
        printf(a->student ? "revoked every token of %s in %s issued until now\n"
                          : "revoked token %s%s\n",
               a->student ? a->student : a->jti ? a->jti : c.jti, a->student ? a->course : "");
    return rc;
}

int cmd_token(int argc, char **argv)
{
    struct token_args a;
    struct gb_err err;
    const char *sub = argc > 1 ? argv[1] : "";
    int rc;

    if (argc < 2 || !strcmp(sub, "-h") || !strcmp(sub, "--help")) {
        fputs(token_usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    rc = parse(argc, argv, &a, &err);
    if (rc) {
        fputs(rc > 0 ? token_usage : "", stdout);
        if (rc < 0)
            fprintf(stderr, "grader token: %s\n%s", err.msg, token_usage);
        return rc > 0 ? 0 : 2;
    }
    if (!strcmp(sub, "keygen"))
        rc = keygen(&a, &err);
    else if (!strcmp(sub, "issue"))
        rc = issue(&a, &err);
    else if (!strcmp(sub, "show"))
        rc = show(&a, &err);
    else if (!strcmp(sub, "revoke"))
        rc = do_revoke(&a, &err);
    else
        rc = gb_fail(&err, "unknown subcommand '%s' (keygen, issue, show, revoke)", sub);
    if (rc < 0)
        fprintf(stderr, "grader token: %s\n", err.msg);
    return rc < 0 ? 2 : rc;
}
