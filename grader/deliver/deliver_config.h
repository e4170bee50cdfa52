/* deliver_config.h — where results go and how hard to try: the webhook URL,
 * secret, ids, outbox path, timeouts and retry schedule.
 *
 * Precedence, lowest to highest: built-in defaults, the config file, the
 * environment, command-line flags.  The config file is --config FILE, else
 * $GRADEBOX_CONFIG, else $XDG_CONFIG_HOME/gradebox/webhook.conf (default
 * ~/.config/gradebox/webhook.conf; a missing default file is fine).  It holds
 * "key = value" lines and '#' comments; keys are the flag names below.
 *
 *   key              environment                         default
 *   url              GRADEBOX_WEBHOOK_URL                (none)
 *   secret-file      GRADEBOX_WEBHOOK_SECRET_FILE        (none)
 *   student          GRADEBOX_STUDENT                    the result's own
 *   assignment       GRADEBOX_ASSIGNMENT                 the result's own
 *   format           GRADEBOX_WEBHOOK_FORMAT             gradebox  (or lti)
 *   outbox           GRADEBOX_OUTBOX                     $XDG_STATE_HOME/gradebox/outbox.sqlite
 *   ca-file          GRADEBOX_WEBHOOK_CA_FILE            the system's CAs
 *   connect-timeout  GRADEBOX_WEBHOOK_CONNECT_TIMEOUT    10   (seconds)
 *   timeout          GRADEBOX_WEBHOOK_TIMEOUT            30   (seconds, whole request)
 *   max-connections  GRADEBOX_WEBHOOK_MAX_CONNECTIONS    8
 *   retry-base       GRADEBOX_WEBHOOK_RETRY_BASE         10   (seconds, first retry delay)
 *   retry-max-delay  GRADEBOX_WEBHOOK_RETRY_MAX_DELAY    7200 (seconds, delay cap)
 *   max-attempts     GRADEBOX_WEBHOOK_MAX_ATTEMPTS       15
 *   verify-key       GRADEBOX_RESULT_VERIFY_KEY          this machine's results.key:
 *                                                        accept only results signed by
 *                                                        it (report/result_sign.h)
 *   lti-*            GRADEBOX_LTI_*                      the LTI platform (lti_platform.h)
 *
 * With format lti, url is the course's AGS line items URL (or, with
 * lti-lineitem set, may be left out) and the LTI registration replaces the
 * webhook secret.
 *
 * Results must be signed: with no verify key and no results.key here, none
 * is posted.  `grader post --allow-unsigned` (a flag only, never a setting
 * that could be left on) takes results without a signature.
 *
 * The secret itself is never in the config file.  It is read from
 * --secret-file if given, else from $GRADEBOX_WEBHOOK_SECRET (the value),
 * else from the secret-file of the environment or the config file.
 */
#ifndef GB_DELIVER_CONFIG_H
#define GB_DELIVER_CONFIG_H

#include "error.h"
#include "deliver/lti_platform.h"
#include "deliver/payload.h"
#include "deliver/sign.h"
#include "report/result_sign.h"

struct lti_client;

struct deliver_config {
    char *url;
    char *secret_file;
    char *student;
    char *assignment;
    char *outbox_path;
    char *ca_file;
    enum payload_format format;
    long connect_timeout_ms;
    long timeout_ms;
    int max_connections;
    long retry_base_ms;
    long retry_max_ms;
    int max_attempts;
    int secret_file_from_flag;
    char *verify_key;             /* a result signer's key file, or NULL */
    int allow_unsigned;           /* post --allow-unsigned */
    struct lti_platform lti;
    /* Loaded when first needed, kept while the configuration is: */
    struct sign_key key;          /* deliver_config_load_secret() */
    struct result_signer *verifier;   /* deliver_config_load_verifier() */
    struct lti_client *lti_client;    /* the LTI token cache (deliver.c) */
};

/* Defaults, then the config file (config_file, or NULL for the default
 * search), then the environment.  Apply flags afterwards with _set(). */
int deliver_config_load(struct deliver_config *cfg, const char *config_file,
                        struct gb_err *err);

/* Sets one key; origin ("--timeout", "webhook.conf:3") names it in errors.
 * A flag is applied with origin starting with "--". */
int deliver_config_set(struct deliver_config *cfg, const char *key, const char *value,
                       const char *origin, struct gb_err *err);
int deliver_config_is_key(const char *key);

/* Loads the signing secret (see precedence above); fails if there is none. */
int deliver_config_load_secret(struct deliver_config *cfg, struct gb_err *err);
/* Loads the verify key: verify-key, else this machine's results.key.  With
 * neither, fails unless allow_unsigned (cfg->verifier then stays NULL). */
int deliver_config_load_verifier(struct deliver_config *cfg, struct gb_err *err);
/* Checks that a URL is set and is http(s). */
int deliver_config_require_url(const struct deliver_config *cfg, struct gb_err *err);
/* Where queued messages go: url, or with format lti and no url, the fixed
 * lti-lineitem. */
const char *deliver_config_destination(const struct deliver_config *cfg);

void deliver_config_free(struct deliver_config *cfg);

/* url as it may be printed: any "user:password" before the host's '@'
 * becomes three asterisks; scheme, host and path are kept.  Every message
 * and listing that names a URL goes through this; only the outbox (mode
 * 0600) and the HTTP request keep the credentials.  Returns buf. */
const char *deliver_url_redacted(const char *url, char *buf, size_t size);
#define DELIVER_URL_MAX 1024
/* Command lines: the --config FILE among argv (it must be read before the
 * flags that override it), and splitting argv[i] = "--key=value" or
 * "--key value" (returns the argv slots used, or -1). */
const char *deliver_config_flag_file(int argc, char **argv);
int deliver_config_split_flag(int argc, char **argv, int i, char *key, size_t ksize,
                              const char **value);

#endif
