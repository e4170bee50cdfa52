/* pages.h — the web pages of `grader serve`: HTML without JavaScript.
 *
 * Renderers only; routes.c decides who sees which page.  Every page works
 * with JavaScript off and on a phone's narrow screen (one column, large
 * controls): a form posts the upload, the status page reloads itself with a
 * <meta http-equiv="refresh"> until the report is there, the report is the
 * text `grader check` prints, in a wrapping <pre>.  Everything a student or
 * the service's data could put on a page is HTML-escaped.
 */
#ifndef GB_PAGES_H
#define GB_PAGES_H

#include <stddef.h>

#include "buf.h"
#include "error.h"
#include "serve/catalog.h"
#include "serve/queue.h"
#include "serve/tokens.h"

#define PAGES_REFRESH_S 3

/* The entry page: who is NULL -> the token form (next: where to go after,
 * or NULL); else the upload form and who's recent submissions. */
int pages_home(struct gb_buf *out, const struct catalog *cat, const struct tokens_claims *who,
               const struct queue_view *recent, size_t n_recent, const char *next,
               struct gb_err *err);

/* pages_home with the upload form's exercise chosen (exercise NULL: none). */
int pages_home_for(struct gb_buf *out, const struct catalog *cat,
                   const struct tokens_claims *who, const struct queue_view *recent,
                   size_t n_recent, const char *next, const char *exercise, struct gb_err *err);

/* After an LMS launch signed the browser in: who, and on to url (one of the
 * service's own pages) at once — a navigation from this page is same-site,
 * so the SameSite=Strict cookie the launch set goes with it. */
int pages_continue(struct gb_buf *out, const struct tokens_claims *who, const char *url,
                   struct gb_err *err);

/* A submission: its status (reloading while queued or running), then its report. */
int pages_submission(struct gb_buf *out, const struct queue_view *v,
                     const struct tokens_claims *who, struct gb_err *err);

/* A refusal or an error, with a way back; with_login adds the token form. */
int pages_message(struct gb_buf *out, int status, const char *message, int with_login,
                  const char *next, struct gb_err *err);

/* Appends s HTML-escaped (& < > " '). */
int pages_escape(struct gb_buf *out, const char *s, struct gb_err *err);

#endif
