/* deliver_config.c — defaults < config file < environment < flags (see deliver_config.h). */
#include "deliver/deliver_config.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "deliver/lti_token.h"

#define CONFIG_FILE_MAX 65536

enum key_kind { K_STRING, K_SECONDS, K_COUNT, K_FORMAT };

struct key_def {
    const char *name;
    const char *env;
    enum key_kind kind;
    size_t offset;                /* into struct deliver_config */
    double min, max;              /* for numbers: seconds or a count */
};

#define F(field) offsetof(struct deliver_config, field)

static const struct key_def KEYS[] = {
    { "url", "GRADEBOX_WEBHOOK_URL", K_STRING, F(url), 0, 0 },
    { "secret-file", "GRADEBOX_WEBHOOK_SECRET_FILE", K_STRING, F(secret_file), 0, 0 },
    { "student", "GRADEBOX_STUDENT", K_STRING, F(student), 0, 0 },
    { "assignment", "GRADEBOX_ASSIGNMENT", K_STRING, F(assignment), 0, 0 },
    { "format", "GRADEBOX_WEBHOOK_FORMAT", K_FORMAT, F(format), 0, 0 },
    { "outbox", "GRADEBOX_OUTBOX", K_STRING, F(outbox_path), 0, 0 },
    { "ca-file", "GRADEBOX_WEBHOOK_CA_FILE", K_STRING, F(ca_file), 0, 0 },
    { "connect-timeout", "GRADEBOX_WEBHOOK_CONNECT_TIMEOUT", K_SECONDS,
      F(connect_timeout_ms), 0.001, 600 },
    { "timeout", "GRADEBOX_WEBHOOK_TIMEOUT", K_SECONDS, F(timeout_ms), 0.001, 3600 },
    { "max-connections", "GRADEBOX_WEBHOOK_MAX_CONNECTIONS", K_COUNT,
      F(max_connections), 1, 256 },
    { "retry-base", "GRADEBOX_WEBHOOK_RETRY_BASE", K_SECONDS, F(retry_base_ms), 0.001, 86400 },
    { "retry-max-delay", "GRADEBOX_WEBHOOK_RETRY_MAX_DELAY", K_SECONDS,
      F(retry_max_ms), 0.001, 7 * 86400 },
    { "max-attempts", "GRADEBOX_WEBHOOK_MAX_ATTEMPTS", K_COUNT, F(max_attempts), 1, 100 },
    { "verify-key", "GRADEBOX_RESULT_VERIFY_KEY", K_STRING, F(verify_key), 0, 0 },
    { "lti-client-id", "GRADEBOX_LTI_CLIENT_ID", K_STRING, F(lti.client_id), 0, 0 },
    { "lti-token-url", "GRADEBOX_LTI_TOKEN_URL", K_STRING, F(lti.token_url), 0, 0 },
    { "lti-audience", "GRADEBOX_LTI_AUDIENCE", K_STRING, F(lti.audience), 0, 0 },
    { "lti-key-file", "GRADEBOX_LTI_KEY_FILE", K_STRING, F(lti.key_file), 0, 0 },
    { "lti-key-id", "GRADEBOX_LTI_KEY_ID", K_STRING, F(lti.key_id), 0, 0 },
    { "lti-issuer", "GRADEBOX_LTI_ISSUER", K_STRING, F(lti.issuer), 0, 0 },
    { "lti-deployment-id", "GRADEBOX_LTI_DEPLOYMENT_ID", K_STRING, F(lti.deployment_id), 0, 0 },
    { "lti-roster", "GRADEBOX_LTI_ROSTER", K_STRING, F(lti.roster_file), 0, 0 },
    { "lti-memberships-url", "GRADEBOX_LTI_MEMBERSHIPS_URL", K_STRING, F(lti.memberships_url),
      0, 0 },
    { "lti-roster-field", "GRADEBOX_LTI_ROSTER_FIELD", K_STRING, F(lti.roster_field), 0, 0 },
    { "lti-lineitem", "GRADEBOX_LTI_LINEITEM", K_STRING, F(lti.lineitem), 0, 0 },
};

#define N_KEYS (sizeof KEYS / sizeof KEYS[0])

static const struct key_def *find_key(const char *name)
{
    for (size_t i = 0; i < N_KEYS; i++)
        if (!strcmp(KEYS[i].name, name))
            return &KEYS[i];
    return NULL;
}

int deliver_config_is_key(const char *key)
{
    return find_key(key) != NULL;
}

static int parse_number(const struct key_def *k, const char *value, const char *origin,
                        double *out, struct gb_err *err)
{
    char *end;
    double v;

    errno = 0;
    v = strtod(value, &end);
    if (errno || end == value || *end || v < k->min || v > k->max ||
        (k->kind == K_COUNT && v != (double)(long)v))
        return gb_fail(err, "%s: %s must be %s between %g and %g, not '%s'", origin,
                       k->name, k->kind == K_COUNT ? "a whole number" : "a number of seconds",
                       k->min, k->max, value);
    *out = v;
    return 0;
}

int deliver_config_set(struct deliver_config *cfg, const char *key, const char *value,
                       const char *origin, struct gb_err *err)
{
    const struct key_def *k = find_key(key);
    char *field, *copy;
    double v;

    if (!k)
        return gb_fail(err, "%s: unknown setting '%s'", origin, key);
    field = (char *)cfg + k->offset;
    switch (k->kind) {
    case K_STRING:
        if (!(copy = strdup(value)))
            return gb_fail(err, "out of memory");
        free(*(char **)field);
        *(char **)field = copy;
        if (!strcmp(key, "secret-file"))
            cfg->secret_file_from_flag = !strncmp(origin, "--", 2);
        return 0;
    case K_FORMAT:
        if (payload_format_parse(value, (enum payload_format *)field, err))
            return gb_err_prefix(err, "%s", origin);
        return 0;
    case K_SECONDS:
        if (parse_number(k, value, origin, &v, err))
            return -1;
        *(long *)field = (long)(v * 1000.0 + 0.5);
        return 0;
    case K_COUNT:
        if (parse_number(k, value, origin, &v, err))
            return -1;
        *(int *)field = (int)v;
        return 0;
    }
    return gb_fail(err, "%s: unhandled setting '%s'", origin, key);
}

static char *trim(char *s)
{
    char *end;

    while (*s == ' ' || *s == '\t')
        s++;
    end = s + strlen(s);
    while (end > s && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        *--end = '\0';
    return s;
}

static int parse_line(struct deliver_config *cfg, char *line, const char *path, int lineno,
                      struct gb_err *err)
{
    char origin[PATH_MAX + 32], *eq, *key, *value;

    snprintf(origin, sizeof origin, "%s:%d", path, lineno);
    line = trim(line);
    if (!*line || *line == '#')
        return 0;
    eq = strchr(line, '=');
    if (!eq)
        return gb_fail(err, "%s: expected 'key = value'", origin);
    *eq = '\0';
    key = trim(line);
    value = trim(eq + 1);
    if (!strcasecmp(key, "secret"))
        return gb_fail(err, "%s: the secret itself does not belong in the config file; "
                       "put it in a file named by secret-file (mode 0600)", origin);
    return deliver_config_set(cfg, key, value, origin, err);
}

static int load_file(struct deliver_config *cfg, const char *path, int must_exist,
                     struct gb_err *err)
{
    struct gb_buf b = GB_BUF_INIT;
    char *line, *save = NULL;
    int lineno = 0, rc = 0;

    if (gb_read_file(path, CONFIG_FILE_MAX, &b, err)) {
        int missing = errno == ENOENT;
        gb_buf_free(&b);
        if (!must_exist && missing)
            return 0;
        return gb_err_prefix(err, "config file");
    }
    for (char *p = b.data; rc == 0 && (line = strtok_r(p, "\n", &save)); p = NULL)
        rc = parse_line(cfg, line, path, ++lineno, err);
    gb_buf_free(&b);
    return rc;
}

static int default_path(char *out, size_t size, const char *xdg_var, const char *home_rel,
                        const char *leaf)
{
    const char *xdg = getenv(xdg_var), *home = getenv("HOME");
    int n;

    if (xdg && *xdg == '/')
        n = snprintf(out, size, "%s/gradebox/%s", xdg, leaf);
    else if (home && *home)
        n = snprintf(out, size, "%s/%s/gradebox/%s", home, home_rel, leaf);
    else
        return -1;
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

static void set_defaults(struct deliver_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->format = PAYLOAD_GRADEBOX;
    cfg->connect_timeout_ms = 10000;
    cfg->timeout_ms = 30000;
    cfg->max_connections = 8;
    cfg->retry_base_ms = 10000;
    cfg->retry_max_ms = 7200000;
    cfg->max_attempts = 15;
}

static int load_env(struct deliver_config *cfg, struct gb_err *err)
{
    for (size_t i = 0; i < N_KEYS; i++) {
        const char *v = getenv(KEYS[i].env);
        if (v && *v && deliver_config_set(cfg, KEYS[i].name, v, KEYS[i].env, err))
            return -1;
    }
    return 0;
}

int deliver_config_load(struct deliver_config *cfg, const char *config_file,
                        struct gb_err *err)
{
    char path[PATH_MAX];
    const char *env_file = getenv("GRADEBOX_CONFIG");

    set_defaults(cfg);
    if (config_file) {
        if (load_file(cfg, config_file, 1, err))
            return -1;
    } else if (env_file && *env_file) {
        if (load_file(cfg, env_file, 1, err))
            return -1;
    } else if (default_path(path, sizeof path, "XDG_CONFIG_HOME", ".config",
                            "webhook.conf") == 0 && load_file(cfg, path, 0, err)) {
        return -1;
    }
    if (load_env(cfg, err))
        return -1;
    if (!cfg->outbox_path) {
        if (default_path(path, sizeof path, "XDG_STATE_HOME", ".local/state",
                         "outbox.sqlite"))
            return gb_fail(err, "no outbox location: set GRADEBOX_OUTBOX, XDG_STATE_HOME "
                           "or HOME");
        if (!(cfg->outbox_path = strdup(path)))
            return gb_fail(err, "out of memory");
    }
    return 0;
}

int deliver_config_load_secret(struct deliver_config *cfg, struct gb_err *err)
{
    const char *env = getenv("GRADEBOX_WEBHOOK_SECRET");

    if (cfg->key.bytes)
        return 0;
    if (cfg->secret_file && cfg->secret_file_from_flag)
        return sign_key_load_file(&cfg->key, cfg->secret_file, err);
    if (env && *env)
        return sign_key_parse(&cfg->key, env, strlen(env), "GRADEBOX_WEBHOOK_SECRET", err);
    if (cfg->secret_file)
        return sign_key_load_file(&cfg->key, cfg->secret_file, err);
    return gb_fail(err, "no webhook secret: set GRADEBOX_WEBHOOK_SECRET_FILE or "
                   "GRADEBOX_WEBHOOK_SECRET, name a secret-file in the config file, or "
                   "pass --secret-file");
}

int deliver_config_load_verifier(struct deliver_config *cfg, struct gb_err *err)
{
    char path[PATH_MAX];
    int rc;

    if (cfg->verifier)
        return 0;
    if (!(cfg->verifier = calloc(1, sizeof *cfg->verifier)))
        return gb_fail(err, "out of memory");
    rc = cfg->verify_key ? result_signer_load(cfg->verifier, cfg->verify_key, err)
                         : result_signer_load_default(cfg->verifier, 0, NULL, err);
    if (rc) {
        free(cfg->verifier);
        cfg->verifier = NULL;
    }
    if (rc < 0)
        return gb_err_prefix(err, "verify-key");
    if (rc == 0 || cfg->allow_unsigned)
        return 0;
    if (result_signer_default_path(path, sizeof path, err))
        return -1;
    return gb_fail(err, "no key to check the results' signatures with: a result is trusted "
                   "when the key of the machine that graded it signed it, and there is no "
                   "%s here; post where the results were graded, or give that machine's "
                   "results.pub as --verify-key (--allow-unsigned posts without checking)", path);
}

const char *deliver_config_destination(const struct deliver_config *cfg)
{
    if (!cfg->url && cfg->format == PAYLOAD_LTI)
        return cfg->lti.lineitem;
    return cfg->url;
}

int deliver_config_require_url(const struct deliver_config *cfg, struct gb_err *err)
{
    if (cfg->format == PAYLOAD_LTI && !cfg->url && cfg->lti.lineitem)
        return 0;
    if (!cfg->url && cfg->format == PAYLOAD_LTI)
        return gb_fail(err, "no line items URL: pass --to URL (the course's AGS line items "
                       "endpoint, docs/lms.md) or set GRADEBOX_WEBHOOK_URL");
    if (!cfg->url)
        return gb_fail(err, "no webhook URL: pass --to URL or set GRADEBOX_WEBHOOK_URL");
    if (strncasecmp(cfg->url, "https://", 8) && strncasecmp(cfg->url, "http://", 7)) {
        char shown[DELIVER_URL_MAX];

        return gb_fail(err, "webhook URL '%s' must start with https:// or http://",
                       deliver_url_redacted(cfg->url, shown, sizeof shown));
    }
    return 0;
}

void deliver_config_free(struct deliver_config *cfg)
{
    free(cfg->url);
    free(cfg->secret_file);
    free(cfg->student);
    free(cfg->assignment);
    free(cfg->outbox_path);
    free(cfg->ca_file);
    free(cfg->verify_key);
    lti_platform_free(&cfg->lti);
    sign_key_free(&cfg->key);
    if (cfg->verifier)
        result_signer_free(cfg->verifier);
    free(cfg->verifier);
    if (cfg->lti_client)
        lti_client_close(cfg->lti_client);
    free(cfg->lti_client);
    memset(cfg, 0, sizeof *cfg);
}

const char *deliver_url_redacted(const char *url, char *buf, size_t size)
{
    const char *scheme = strstr(url, "://"), *host = scheme ? scheme + 3 : url, *at = NULL;
    size_t authority = strcspn(host, "/?#");

    for (const char *p = host; p < host + authority; p++)
        if (*p == '@')
            at = p;   /* the last one: a password may hold '@' unescaped */
    if (!at)
        snprintf(buf, size, "%s", url);
    else
        snprintf(buf, size, "%.*s***%s", (int)(host - url), url, at);
    return buf;
}

const char *deliver_config_flag_file(int argc, char **argv)
{
    for (int i = 1; i < argc - 1; i++)
        if (!strcmp(argv[i], "--config"))
            return argv[i + 1];
    for (int i = 1; i < argc; i++)
        if (!strncmp(argv[i], "--config=", 9))
            return argv[i] + 9;
    return NULL;
}

int deliver_config_split_flag(int argc, char **argv, int i, char *key, size_t ksize,
                              const char **value)
{
    const char *a = argv[i] + 2, *eq = strchr(a, '=');
    size_t klen = eq ? (size_t)(eq - a) : strlen(a);

    if (klen >= ksize)
        return -1;
    memcpy(key, a, klen);
    key[klen] = '\0';
    if (eq) {
        *value = eq + 1;
        return 1;
    }
    if (i + 1 >= argc)
        return -1;
    *value = argv[i + 1];
    return 2;
}
