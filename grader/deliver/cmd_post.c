/* cmd_post.c — `grader post` and `grader outbox list|flush|retry` (see cmd_post.h). */
#include "deliver/cmd_post.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "deliver/deliver.h"

#define RESULT_FILE_MAX (16u << 20)

struct post_args {
    const char **files;
    size_t n_files;
    int queue_only;
    double wait_s;
    const char *rest[2];          /* outbox: subcommand and its ID */
    size_t n_rest;
};

static int print_usage(FILE *f)
{
    fputs("usage: grader post [--to URL] [--queue-only | --wait SECONDS] [--allow-unsigned]\n"
          "                   [SETTING...] RESULT.json...\n"
          "       grader outbox list | flush [--wait SECONDS] | retry ID  [SETTING...]\n"
          "SETTING: --config FILE, --secret-file FILE, --student ID, --assignment ID,\n"
          "         --format gradebox|lti, --outbox PATH, --ca-file FILE,\n"
          "         --connect-timeout S, --timeout S, --max-connections N,\n"
          "         --retry-base S, --retry-max-delay S, --max-attempts N,\n"
          "         --verify-key FILE, --lti-client-id ID, --lti-token-url URL,\n"
          "         --lti-key-file FILE, --lti-roster FILE, --lti-memberships-url URL, ...\n"
          "Results must be signed by this machine's results.key or the --verify-key;\n"
          "--allow-unsigned also posts those without a signature.\n"
          "Settings also come from $GRADEBOX_* variables and a config file; see\n"
          "docs/lms.md.\n", f);
    return 2;
}

static int usage(void)
{
    return print_usage(stderr);
}

static int wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return 1;
    return 0;
}

static int apply_flag(struct deliver_config *cfg, struct post_args *pa, const char *key,
                      const char *value, struct gb_err *err)
{
    char origin[80];

    if (!strcmp(key, "config"))
        return 0;
    if (!strcmp(key, "to"))
        key = "url";
    if (!strcmp(key, "wait")) {
        char *end;
        pa->wait_s = strtod(value, &end);
        if (end == value || *end || pa->wait_s < 0 || pa->wait_s > 7 * 86400)
            return gb_fail(err, "--wait: expected seconds, not '%s'", value);
        return 0;
    }
    snprintf(origin, sizeof origin, "--%s", key);
    return deliver_config_set(cfg, key, value, origin, err);
}

static int parse_args(int argc, char **argv, struct deliver_config *cfg, struct post_args *pa,
                      struct gb_err *err)
{
    char key[64];
    const char *value;
    int used;

    pa->files = calloc((size_t)argc, sizeof *pa->files);
    if (!pa->files)
        return gb_fail(err, "out of memory");
    for (int i = 1; i < argc; i += used) {
        used = 1;
        if (!strcmp(argv[i], "--queue-only")) {
            pa->queue_only = 1;
        } else if (!strcmp(argv[i], "--allow-unsigned") && !strcmp(argv[0], "post")) {
            cfg->allow_unsigned = 1;      /* one command's choice, never a setting */
        } else if (!strncmp(argv[i], "--", 2) && argv[i][2]) {
            used = deliver_config_split_flag(argc, argv, i, key, sizeof key, &value);
            if (used < 0)
                return gb_fail(err, "%s needs a value", argv[i]);
            if (apply_flag(cfg, pa, key, value, err))
                return -1;
        } else if (pa->n_rest < 2 && !strcmp(argv[0], "outbox")) {
            pa->rest[pa->n_rest++] = argv[i];
        } else if (!strcmp(argv[0], "post")) {
            pa->files[pa->n_files++] = argv[i];
        } else {
            return gb_fail(err, "unexpected argument '%s'", argv[i]);
        }
    }
    return 0;
}

/* Loads config (file < environment < flags).  Returns 0, or 2 after printing
 * the problem. */
static int setup(int argc, char **argv, struct deliver_config *cfg, struct post_args *pa)
{
    struct gb_err err;

    memset(pa, 0, sizeof *pa);
    if (deliver_config_load(cfg, deliver_config_flag_file(argc, argv), &err) ||
        parse_args(argc, argv, cfg, pa, &err)) {
        fprintf(stderr, "grader %s: %s\n", argv[0], err.msg);
        return 2;
    }
    return 0;
}

/* 0 queued, 1 not queued because a newer revision is, -1 refused. */
static int enqueue_file(struct outbox *ob, struct deliver_config *cfg, const char *path,
                        char id[PAYLOAD_ID_MAX + 1])
{
    struct gb_buf b = GB_BUF_INIT;
    struct outbox_put_info info = { 0 };
    struct gb_err err;
    int rc = gb_read_file(path, RESULT_FILE_MAX, &b, &err);

    if (rc == 0)
        rc = deliver_enqueue(ob, cfg, b.data, b.len, id, &info, &err);
    gb_buf_free(&b);
    if (rc) {
        fprintf(stderr, "grader post: %s: %s (not queued)\n", path, err.msg);
        return -1;
    }
    if (info.stale)
        fprintf(stderr, "grader post: %s: a newer revision of this result (same student, "
                "assignment and exercise, graded later) is queued already; this one is "
                "not\n", path);
    else if (info.superseded)
        fprintf(stderr, "grader post: %s: replaces %zu older queued revision%s of the same "
                "result\n", path, info.superseded, info.superseded == 1 ? "" : "s");
    return info.stale ? 1 : 0;
}

static int post_run(struct deliver_config *cfg, struct post_args *pa)
{
    struct deliver_stats st = { 0 };
    char (*ids)[PAYLOAD_ID_MAX + 1];
    struct outbox *ob;
    struct gb_err err;
    size_t queued = 0, pending = 0, failed = 0, stale = 0;
    long long until;
    int bad = 0, rc;

    if (pa->n_files == 0)
        return usage();
    if (deliver_check_destination(cfg, &err) || deliver_open_outbox(cfg, &ob, &err)) {
        fprintf(stderr, "grader post: %s\n", err.msg);
        return 2;
    }
    ids = calloc(pa->n_files, sizeof *ids);
    if (!ids) {
        outbox_close(ob);
        fprintf(stderr, "grader post: out of memory\n");
        return 2;
    }
    for (size_t i = 0; i < pa->n_files; i++) {
        rc = enqueue_file(ob, cfg, pa->files[i], ids[queued]);
        bad |= rc < 0;
        stale += rc > 0;
        queued += rc == 0;
    }
    until = pa->wait_s > 0 ? deliver_now_ms() + (long long)(pa->wait_s * 1000) : 0;
    if ((!pa->queue_only && deliver_flush(ob, cfg, NULL, until, &st, stderr, &err)) ||
        deliver_count_left(ob, deliver_config_destination(cfg), ids, queued, &pending, &failed,
                           &err)) {
        fprintf(stderr, "grader post: %s\n", err.msg);
        bad = 1;
    }
    free(ids);
    outbox_close(ob);
    fprintf(stderr, "grader post: %zu queued, %zu delivered, %zu still pending, %zu failed%s%s\n",
            queued, queued - pending - failed, pending, failed,
            stale ? ", some stale (a newer revision is queued)" : "",
            pending ? " (`grader outbox flush` sends them)" : "");
    if (bad)
        return 2;
    return pending || failed ? 1 : 0;
}

int cmd_post(int argc, char **argv)
{
    struct deliver_config cfg;
    struct post_args pa;
    int rc;

    if (wants_help(argc, argv)) {
        print_usage(stdout);
        return 0;
    }
    rc = setup(argc, argv, &cfg, &pa);
    if (rc == 0)
        rc = post_run(&cfg, &pa);
    free(pa.files);
    deliver_config_free(&cfg);
    return rc;
}

static void when_text(long long when_ms, long long now, char *out, size_t size)
{
    long long d = (when_ms - now) / 1000;

    if (d <= 0)
        snprintf(out, size, "now");
    else if (d < 120)
        snprintf(out, size, "in %llds", d);
    else if (d < 7200)
        snprintf(out, size, "in %lldmin", d / 60);
    else
        snprintf(out, size, "in %lldh", d / 3600);
}

/* A receiver's text reaches a terminal: no control characters, bounded. */
static const char *printable(const char *s, char *out, size_t size)
{
    size_t n = 0;

    for (; s && *s && n + 1 < size; s++)
        out[n++] = ((unsigned char)*s < 0x20 || *s == 0x7f) ? ' ' : *s;
    out[n] = '\0';
    return out;
}

static void print_msg(const struct outbox_msg *m, int id_width, long long now)
{
    char when[32], last[300], response[300], url[DELIVER_URL_MAX];

    if (m->state == OUTBOX_FAILED)
        snprintf(when, sizeof when, "never");
    else if (outbox_msg_in_flight_elsewhere(m, now))
        snprintf(when, sizeof when, "sending");
    else if (m->endpoint_disabled)
        snprintf(when, sizeof when, "disabled");
    else
        when_text(m->next_attempt_ms, now, when, sizeof when);
    printable(m->last_error ? m->last_error : "-", last, sizeof last);
    printf("%-*s  %-7s  %5d  %-9s  %s  %s\n", id_width, m->id, outbox_state_name(m->state),
           m->attempts, when, deliver_url_redacted(m->url, url, sizeof url), last);
    if (m->state == OUTBOX_FAILED && m->last_response && m->last_response[0])
        printf("    response: %s\n", printable(m->last_response, response, sizeof response));
}

static int outbox_list_cmd(struct outbox *ob)
{
    struct outbox_msg *msgs;
    struct gb_err err;
    size_t n;
    long long now = deliver_now_ms();
    int w = 2;

    if (outbox_list(ob, &msgs, &n, &err)) {
        fprintf(stderr, "grader outbox list: %s\n", err.msg);
        return 2;
    }
    for (size_t i = 0; i < n; i++)
        if ((int)strlen(msgs[i].id) > w)
            w = (int)strlen(msgs[i].id);
    if (n)
        printf("%-*s  %-7s  %5s  %-9s  %s  %s\n", w, "ID", "STATE", "TRIES", "NEXT", "URL",
               "LAST ERROR");
    for (size_t i = 0; i < n; i++)
        print_msg(&msgs[i], w, now);
    fprintf(stderr, "%zu message%s in the outbox\n", n, n == 1 ? "" : "s");
    outbox_msgs_free(msgs, n);
    return 0;
}

/* flush and retry: send, then say what is left. */
static int outbox_send_cmd(struct outbox *ob, struct deliver_config *cfg,
                           const struct post_args *pa, const char *only_id)
{
    struct deliver_stats st;
    struct gb_err err;
    char ids[1][PAYLOAD_ID_MAX + 1];
    size_t pending, failed;
    int found = 1;
    long long until = pa->wait_s > 0 ? deliver_now_ms() + (long long)(pa->wait_s * 1000) : 0;

    if (only_id && snprintf(ids[0], sizeof ids[0], "%s", only_id) >= (int)sizeof ids[0]) {
        fprintf(stderr, "grader outbox retry: no message with id %s\n", only_id);
        return 2;
    }
    if ((only_id && outbox_retry(ob, only_id, deliver_now_ms(), &found, &err)) ||
        (found && deliver_flush(ob, cfg, only_id, until, &st, stderr, &err)) ||
        deliver_count_left(ob, NULL, NULL, 0, &pending, &failed, &err)) {
        fprintf(stderr, "grader outbox: %s\n", err.msg);
        return 2;
    }
    if (!found) {
        fprintf(stderr, "grader outbox retry: no message with id %s\n", only_id);
        return 2;
    }
    fprintf(stderr, "grader outbox: %zu attempted, %zu delivered; %zu pending, %zu failed "
            "left in the outbox\n", st.attempted, st.delivered, pending, failed);
    if (only_id)
        return st.delivered ? 0 : 1;
    return pending || failed ? 1 : 0;
}

int cmd_outbox(int argc, char **argv)
{
    struct deliver_config cfg;
    struct post_args pa;
    struct outbox *ob = NULL;
    struct gb_err err;
    const char *sub;
    int rc;

    if (wants_help(argc, argv)) {
        print_usage(stdout);
        return 0;
    }
    rc = setup(argc, argv, &cfg, &pa);
    sub = pa.n_rest ? pa.rest[0] : "";
    if (rc == 0 && strcmp(sub, "list") && strcmp(sub, "flush") && strcmp(sub, "retry"))
        rc = usage();
    if (rc == 0 && (!strcmp(sub, "retry") ? pa.n_rest != 2 : pa.n_rest != 1))
        rc = usage();
    if (rc == 0 && deliver_open_outbox(&cfg, &ob, &err)) {
        fprintf(stderr, "grader outbox: %s\n", err.msg);
        rc = 2;
    }
    if (rc == 0 && !strcmp(sub, "list"))
        rc = outbox_list_cmd(ob);
    else if (rc == 0)
        rc = outbox_send_cmd(ob, &cfg, &pa, !strcmp(sub, "retry") ? pa.rest[1] : NULL);
    outbox_close(ob);
    free(pa.files);
    deliver_config_free(&cfg);
    return rc;
}
