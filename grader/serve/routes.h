/* routes.h — what `grader serve` answers, and to whom.
 *
 *   GET  /                      upload page (or the token form)       pages
 *   POST /login, /logout        keep / forget the token in a cookie   pages
 *   POST /submit                the upload form -> 303 to its page    pages
 *   GET  /submissions/ID        status, then the report               pages
 *   POST /api/v1/submissions    multipart "file" (+ "exercise"), or
 *                               the raw file with ?exercise=NAME -> 202 + JSON
 *   GET  /api/v1/submissions    the caller's submissions (an instructor's:
 *                               the course's, ?student= narrows)
 *   GET  /api/v1/submissions/ID status and, when done, the result
 *   GET  /api/v1/exercises      what can be graded (no token needed)
 *   GET  /client                the submit client, gradebox_submit.py (client.h)
 *   GET|POST /lti/login         LTI 1.3 login initiation -> the platform (lti_launch.h)
 *   POST /lti/launch            the platform's id_token -> signed in, the upload page
 *   GET  /healthz               200 when the queue database answers
 *   GET  /metrics               Prometheus text
 *
 * Who: a token (tokens.h) as "Authorization: Bearer …" or the page's
 * cookie; none or a bad one is 401.  A student sees only their own
 * submissions, an instructor their course's; anything else is 404, exactly
 * as for an id that does not exist.  Page forms are refused (403) when the
 * browser says they come from another site (Origin), and the cookie is
 * HttpOnly and SameSite=Strict.
 */
#ifndef GB_ROUTES_H
#define GB_ROUTES_H

#include "error.h"
#include "serve/catalog.h"
#include "serve/http.h"
#include "serve/intake.h"
#include "serve/limits.h"
#include "serve/lti_launch.h"
#include "serve/tokens.h"

struct routes_config {
    const struct catalog *cat;
    const struct tokens_key *key;
    struct limits lim;
    const char *db_url;
    const char *public_url;       /* "https://grader.example" behind a proxy; NULL: from Host */
    struct lti_launch *lti;       /* the LMS that may launch the service, or NULL */
};

struct routes;

int routes_create(struct routes **out, const struct routes_config *cfg, struct intake *intake,
                  struct gb_err *err);
/* The callbacks http_start() needs. */
void routes_http_app(struct routes *rt, struct http_app *app);
/* The server, once started (for its counters in /metrics and its TLS). */
void routes_set_server(struct routes *rt, struct http_server *server);
void routes_free(struct routes *rt);

#endif
