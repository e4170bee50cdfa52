/* serve.c — `grader serve`: options, start-up, the worker processes, shutdown
 * (see serve.h).
 *
 * SIGTERM, SIGINT and SIGCHLD arrive as bytes on signals.h's pipe, which the
 * main thread polls; it is also the thread that forks the workers, which
 * PR_SET_PDEATHSIG ties to (the signal follows the forking thread).
 */
#define _GNU_SOURCE
#include "serve/serve.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "deliver/deliver.h"
#include "report/result_sign.h"
#include "serve/catalog.h"
#include "serve/http.h"
#include "serve/intake.h"
#include "serve/lti_launch.h"
#include "serve/queue.h"
#include "serve/routes.h"
#include "serve/settings.h"
#include "serve/signals.h"
#include "serve/tokens.h"
#include "serve/worker.h"
#include "clock.h"

#define MAX_WORKERS 64
#define RESPAWN_MAX_DELAY_MS 30000
#define STOP_GRACE_MS 10000

struct serve_options {
    struct http_config http;
    struct limits lim;
    struct worker_config worker;
    long long workers;
    const char *key_path;
    const char *public_url;
    const char *port_file;
    const char *lti_path;         /* --lti-platform FILE */
    char db_buf[PATH_MAX];
    char key_buf[PATH_MAX];
};

/* A worker process slot. */
struct slot {
    pid_t pid;                    /* 0: not running */
    long long respawn_at_ms;
    int failures;                 /* quick deaths in a row: backoff */
    long long started_ms;
};

static const char serve_usage[] =
    "usage: grader serve [--listen ADDR:PORT] [--workers N] [--db PATH|postgresql://...]\n"
    "  [--token-key FILE] [--rubrics DIR] [--python PATH] [--post URL] [--public-url URL]\n"
    "  [--tls-cert FILE --tls-key FILE] [--max-upload BYTES] [--per-hour N]\n"
    "  [--max-pending N] [--max-queue N] [--threads N] [--idle-timeout S]\n"
    "  [--head-timeout S] [--body-timeout S] [--max-connections N] [--max-per-ip N]\n"
    "  [--lease S] [--max-attempts N] [--port-file FILE] [--lti-platform FILE]\n"
    "  [--integrity default|all]\n"
    "Defaults: --listen 127.0.0.1:8080 --workers 2, the queue in\n"
    "~/.local/state/gradebox/serve.sqlite, the key in ~/.config/gradebox/token.key\n"
    "(made on first start).  See docs/service.md.\n";

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void say(const char *fmt, ...)
{
    char when[32], line[768];
    time_t now = time(NULL);
    struct tm tm;
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
    fprintf(stderr, "%s grader serve: %s\n", when, line);
}

/* ---- options --------------------------------------------------------------- */

/* An option's target type: each fills one field of struct serve_options. */
enum opt_kind { OPT_STR, OPT_LL, OPT_INT, OPT_UINT, OPT_SIZE };

struct opt {
    const char *flag;
    enum opt_kind kind;
    size_t offset;                /* into struct serve_options */
    long long lo, hi;             /* numbers: bounds */
    long long scale;              /* numbers: stored as value * scale */
};

#define O(f, kind, field, lo, hi, scale) { f, kind, offsetof(struct serve_options, field), \
                                           lo, hi, scale }
#define S(f, field) O(f, OPT_STR, field, 0, 0, 1)

static const struct opt opts[] = {
    S("--listen", http.listen), S("--db", worker.db_url), S("--token-key", key_path),
    S("--rubrics", worker.rubrics_dir), S("--python", worker.python),
    S("--post", worker.post_url), S("--public-url", public_url),
    S("--integrity", worker.integrity),
    S("--tls-cert", http.tls_cert), S("--tls-key", http.tls_key), S("--port-file", port_file),
    S("--lti-platform", lti_path),
    O("--workers", OPT_LL, workers, 0, MAX_WORKERS, 1),
    O("--max-upload", OPT_SIZE, lim.max_upload_bytes, 1024, 64LL << 20, 1),
    O("--per-hour", OPT_INT, lim.per_hour, 0, 1000000, 1),
    O("--max-pending", OPT_INT, lim.max_pending, 0, 100000, 1),
    O("--max-queue", OPT_INT, lim.max_queue, 0, 10000000, 1),
    O("--threads", OPT_INT, http.threads, 1, 64, 1),
    O("--idle-timeout", OPT_UINT, http.idle_timeout_s, 1, 3600, 1),
    O("--head-timeout", OPT_UINT, http.head_timeout_s, 1, 3600, 1),
    O("--body-timeout", OPT_UINT, http.body_timeout_s, 1, 3600, 1),
    O("--max-connections", OPT_UINT, http.max_connections, 1, 100000, 1),
    O("--max-per-ip", OPT_UINT, http.max_per_ip, 0, 100000, 1),
    O("--lease", OPT_LL, worker.lease_ms, 3, 86400, 1000),
    O("--max-attempts", OPT_INT, worker.max_attempts, 1, 100, 1),
};

static int set_number(struct serve_options *o, const struct opt *op, const char *value,
                      struct gb_err *err)
{
    char *end, *field = (char *)o + op->offset;
    long long v;

    errno = 0;
    v = strtoll(value, &end, 10);
    if (errno || end == value || *end || v < op->lo || v > op->hi)
        return gb_fail(err, "%s takes a whole number from %lld to %lld, not '%s'", op->flag,
                       op->lo, op->hi, value);
    v *= op->scale;
    switch (op->kind) {
    case OPT_LL: *(long long *)field = v; break;
    case OPT_INT: *(int *)field = (int)v; break;
    case OPT_UINT: *(unsigned *)field = (unsigned)v; break;
    case OPT_SIZE: *(size_t *)field = (size_t)v; break;
    case OPT_STR: break;
    }
    return 0;
}

static int set_option(struct serve_options *o, const char *flag, const char *value,
                      struct gb_err *err)
{
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
        if (strcmp(flag, opts[i].flag))
            continue;
        if (opts[i].kind == OPT_STR) {
            *(const char **)((char *)o + opts[i].offset) = value;
            return 0;
        }
        return set_number(o, &opts[i], value, err);
    }
    return gb_fail(err, "unknown option '%s'", flag);
}

static void defaults(struct serve_options *o)
{
    memset(o, 0, sizeof *o);
    http_config_default(&o->http);
    limits_default(&o->lim);
    worker_config_default(&o->worker);
    o->workers = 2;
}

/* 1: --help; 0: parsed; -1: error. */
static int parse_args(int argc, char **argv, struct serve_options *o, struct gb_err *err)
{
    defaults(o);
    for (int i = 1; i < argc; i++) {
        char *a = argv[i], *eq = strchr(a, '=');

        if (!strcmp(a, "-h") || !strcmp(a, "--help"))
            return 1;
        if (strncmp(a, "--", 2))
            return gb_fail(err, "unexpected argument '%s'", a);
        if (eq)
            *eq = '\0';
        else if (i + 1 >= argc)
            return gb_fail(err, "option '%s' needs a value", a);
        if (set_option(o, a, eq ? eq + 1 : argv[++i], err))
            return -1;
    }
    if (!o->worker.db_url) {
        if (settings_default_db(o->db_buf, sizeof o->db_buf, err))
            return -1;
        o->worker.db_url = o->db_buf;
    }
    if (worker_integrity_valid(o->worker.integrity, err))
        return -1;
    if (o->public_url && strncmp(o->public_url, "http://", 7) &&
        strncmp(o->public_url, "https://", 8))
        return gb_fail(err, "--public-url must start with http:// or https://");
    return 0;
}

/* ---- the token key ------------------------------------------------------------ */

/* An explicit key must exist; the default one is made on first start. */
static int load_key(struct serve_options *o, struct tokens_key *key, struct gb_err *err)
{
    if (!o->key_path) {
        if (settings_default_key(o->key_buf, sizeof o->key_buf, err))
            return -1;
        o->key_path = o->key_buf;
        if (access(o->key_path, F_OK) != 0) {
            if (gb_make_parent(o->key_path, err) ||
                tokens_key_generate(o->key_path, err))
                return -1;
            say("made a new token key %s; issue tokens with `grader token issue STUDENT "
                "--course COURSE`", o->key_path);
        }
    }
    return tokens_key_load(key, o->key_path, err);
}

/* The key the workers sign results with, made before they start so that
 * they never race to make it. */
static int make_result_key(struct gb_err *err)
{
    struct result_signer s;
    char path[PATH_MAX];
    int made = 0;

    if (result_signer_load_default(&s, 1, &made, err))
        return -1;
    result_signer_free(&s);
    if (made && result_signer_default_path(path, sizeof path, err) == 0)
        say("made a new result signing key %s; every result is signed with it", path);
    return 0;
}

/* ---- worker processes ----------------------------------------------------------- */

/* How to start a `grader worker`: built before any fork (the child only
 * execs).  The queue URL goes in the environment, not argv, where every
 * user of the machine could read a password in it with ps. */
struct spawn {
    const char *argv[20];
    char **envp;
    char lease[24], attempts[24];
    char *db_env;
};

static int spawn_prepare(const struct serve_options *o, struct spawn *sp, struct gb_err *err)
{
    extern char **environ;
    size_t n = 0, k = 0;

    memset(sp, 0, sizeof *sp);
    snprintf(sp->lease, sizeof sp->lease, "%lld", o->worker.lease_ms / 1000);
    snprintf(sp->attempts, sizeof sp->attempts, "%d", o->worker.max_attempts);
    sp->argv[n++] = "grader";
    sp->argv[n++] = "worker";
    if (o->worker.rubrics_dir)
        sp->argv[n++] = "--rubrics", sp->argv[n++] = o->worker.rubrics_dir;
    if (o->worker.python)
        sp->argv[n++] = "--python", sp->argv[n++] = o->worker.python;
    if (o->worker.post_url)
        sp->argv[n++] = "--post", sp->argv[n++] = o->worker.post_url;
    if (o->worker.integrity)
        sp->argv[n++] = "--integrity", sp->argv[n++] = o->worker.integrity;
    sp->argv[n++] = "--lease", sp->argv[n++] = sp->lease;
    sp->argv[n++] = "--max-attempts", sp->argv[n++] = sp->attempts;
    sp->argv[n] = NULL;
    for (n = 0; environ[n]; n++)
        ;
    if (!(sp->envp = calloc(n + 2, sizeof *sp->envp)) ||
        asprintf(&sp->db_env, "GRADEBOX_SERVE_DB=%s", o->worker.db_url) < 0) {
        free(sp->envp);
        return gb_fail(err, "out of memory");
    }
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "GRADEBOX_SERVE_DB=", 18))
            sp->envp[k++] = environ[i];
    sp->envp[k] = sp->db_env;
    return 0;
}

static void spawn_free(struct spawn *sp)
{
    free(sp->envp);
    free(sp->db_env);
}

static pid_t spawn_worker(const struct spawn *sp)
{
    pid_t parent = getpid(), pid = fork();
    sigset_t none;

    if (pid != 0)
        return pid;
    /* the child: async-signal-safe calls only, then exec (which puts caught
     * signals back to their defaults; an ignored one would stay ignored) */
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL);
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
        _exit(127);                     /* the service died before the tie was made */
    execve("/proc/self/exe", (char *const *)sp->argv, sp->envp);
    _exit(127);
}

static void start_due(struct slot *slots, int n, const struct spawn *sp)
{
    long long now = gb_now_ms();

    for (int i = 0; i < n; i++) {
        if (slots[i].pid || now < slots[i].respawn_at_ms)
            continue;
        slots[i].pid = spawn_worker(sp);
        slots[i].started_ms = now;
        if (slots[i].pid < 0) {
            say("cannot start worker %d: %s", i + 1, strerror(errno));
            slots[i].pid = 0;
            slots[i].respawn_at_ms = now + 1000;
        }
    }
}

/* Reaps dead workers and schedules their restart, backing off when one
 * keeps dying at once (a broken setting, a database that is down). */
static void reap(struct slot *slots, int n)
{
    long long now = gb_now_ms();
    pid_t pid;
    int st;

    while ((pid = waitpid(-1, &st, WNOHANG)) > 0) {
        for (int i = 0; i < n; i++) {
            long long delay;

            if (slots[i].pid != pid)
                continue;
            slots[i].pid = 0;
            slots[i].failures = now - slots[i].started_ms < 10000 ? slots[i].failures + 1 : 0;
            delay = slots[i].failures ? 1000LL << (slots[i].failures < 5 ? slots[i].failures : 5)
                                      : 0;
            slots[i].respawn_at_ms = now + (delay > RESPAWN_MAX_DELAY_MS ? RESPAWN_MAX_DELAY_MS
                                                                          : delay);
            if (WIFSIGNALED(st))
                say("worker %d (pid %ld) was killed by signal %d; starting another", i + 1,
                    (long)pid, WTERMSIG(st));
            else
                say("worker %d (pid %ld) exited with status %d; starting another", i + 1,
                    (long)pid, WEXITSTATUS(st));
        }
    }
}

static void stop_workers(struct slot *slots, int n)
{
    long long deadline = gb_now_ms() + STOP_GRACE_MS;
    int left;

    for (int i = 0; i < n; i++)
        if (slots[i].pid)
            kill(slots[i].pid, SIGTERM);
    do {
        pid_t pid;
        int st;

        left = 0;
        while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
            for (int i = 0; i < n; i++)
                if (slots[i].pid == pid)
                    slots[i].pid = 0;
        for (int i = 0; i < n; i++)
            left += slots[i].pid != 0;
        if (left)
            usleep(50000);
    } while (left && gb_now_ms() < deadline);
    for (int i = 0; i < n; i++)
        if (slots[i].pid) {
            kill(slots[i].pid, SIGKILL);
            waitpid(slots[i].pid, NULL, 0);
        }
}

/* ---- running ------------------------------------------------------------------------ */

struct service {
    struct catalog cat;
    struct tokens_key key;
    struct intake *intake;
    struct routes *routes;
    struct http_server *http;
    struct lti_launch *lti;
};

static void service_stop(struct service *s)
{
    intake_stop(s->intake);             /* answers the uploads waiting for a commit */
    http_stop(s->http);
    routes_free(s->routes);
    catalog_free(&s->cat);
    tokens_key_free(&s->key);
    lti_launch_free(s->lti);
}

static int write_port_file(const char *path, int port, struct gb_err *err)
{
    char text[16];

    snprintf(text, sizeof text, "%d\n", port);
    return gb_write_file_atomic(path, text, strlen(text), err);
}

static int service_start(struct serve_options *o, struct service *s, struct gb_err *err)
{
    struct routes_config rc = { 0 };
    struct http_app app;
    struct queue *q;

    memset(s, 0, sizeof *s);
    if (!queue_is_postgres_url(o->worker.db_url) && gb_make_parent(o->worker.db_url, err))
        return -1;
    /* opening once here creates the schema before threads and workers race to */
    if (queue_open(&q, o->worker.db_url, err))
        return -1;
    queue_close(q);
    if (load_key(o, &s->key, err) || make_result_key(err) ||
        catalog_load(&s->cat, o->worker.rubrics_dir, err) ||
        (o->lti_path && lti_launch_load(&s->lti, o->lti_path, err)) ||
        intake_start(&s->intake, o->worker.db_url, &o->lim, err))
        return -1;
    rc.lti = s->lti;
    rc.cat = &s->cat;
    rc.key = &s->key;
    rc.lim = o->lim;
    rc.db_url = o->worker.db_url;
    rc.public_url = o->public_url;
    if (routes_create(&s->routes, &rc, s->intake, err))
        return -1;
    routes_http_app(s->routes, &app);
    if (http_start(&s->http, &o->http, &app, err))
        return -1;
    routes_set_server(s->routes, s->http);
    return o->port_file ? write_port_file(o->port_file, http_port(s->http), err) : 0;
}

static void announce(const struct serve_options *o, const struct service *s)
{
    int pg = queue_is_postgres_url(o->worker.db_url);

    say("listening on %s://%s (port %d); %s queue%s%s; %lld worker%s; %zu exercises",
        o->http.tls_cert ? "https" : "http", o->http.listen, http_port(s->http),
        pg ? "PostgreSQL" : "SQLite", pg ? "" : " ", pg ? "" : o->worker.db_url, o->workers,
        o->workers == 1 ? "" : "s", s->cat.n);
    if (o->workers == 0 && !pg)
        say("warning: --workers 0 with an SQLite queue: nothing here grades what is accepted");
}

static int run(struct serve_options *o, struct gb_err *err)
{
    struct slot slots[MAX_WORKERS];
    struct service s;
    struct spawn sp;
    int n = (int)o->workers;

    if (spawn_prepare(o, &sp, err))
        return -1;
    if (service_start(o, &s, err)) {
        service_stop(&s);
        spawn_free(&sp);
        return -1;
    }
    announce(o, &s);
    memset(slots, 0, sizeof slots);
    for (;;) {
        int sig;

        start_due(slots, n, &sp);
        sig = signals_wait(1000);
        if (sig == SIGTERM || sig == SIGINT)
            break;
        reap(slots, n);
    }
    say("stopping: answering uploads in flight, giving running jobs back");
    service_stop(&s);
    stop_workers(slots, n);
    spawn_free(&sp);
    say("stopped; every accepted submission is kept in the queue");
    return 0;
}

int serve_main(int argc, char **argv)
{
    static const int caught[] = { SIGTERM, SIGINT, SIGCHLD };
    struct serve_options o;
    struct gb_err err;
    int rc = parse_args(argc, argv, &o, &err);

    if (rc) {
        if (rc > 0)
            fputs(serve_usage, stdout);
        else
            fprintf(stderr, "grader serve: %s\n%s", err.msg, serve_usage);
        return rc > 0 ? 0 : 2;
    }
    signal(SIGPIPE, SIG_IGN);           /* a client that hangs up is not a reason to die */
    if (signals_catch(caught, 3, &err) || run(&o, &err)) {
        fprintf(stderr, "grader serve: %s\n", err.msg);
        return 1;
    }
    return 0;
}
