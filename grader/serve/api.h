/* api.h — the JSON documents of `grader serve`'s API (/api/v1/...).
 *
 * Renderers only (routes.c decides who may see what and sends them):
 *   a submission   {"id", "status": queued|running|done|error, "exercise",
 *                   "filename", "student", "course", "submitted_at",
 *                   "started_at", "finished_at", "attempts", "position"
 *                   (queued only), "url", "report_url", "score", "max_score",
 *                   "result_status", "result" (the gradebox.result/1
 *                   document) and "report_text" (grader check's text
 *                   report, as the submit client prints it) when done, "error" when it could not be graded}
 *   a list         {"submissions": [submission without "result", ...]}
 *   the exercises  {"exercises": [{"name", "title", "file", "kind": run|read}]}
 *   an error       {"error": sentence, "status": N[, "retry_after": S]}
 * Times are RFC 3339 UTC; base_url ("https://host", or "") prefixes the URLs.
 */
#ifndef GB_API_H
#define GB_API_H

#include <stddef.h>

#include "serve/catalog.h"
#include "serve/queue.h"

/* Each returns a heap string (the caller frees it), NULL when memory ran out. */
char *api_submission_json(const struct queue_view *v, const char *base_url, int with_result);
char *api_list_json(const struct queue_view *v, size_t n, const char *base_url);
char *api_exercises_json(const struct catalog *cat);
char *api_error_json(int status, const char *message, long retry_after_s);

/* "2026-01-31T23:59:59Z" for Unix milliseconds; "" for 0. */
void api_time(long long ms, char out[32]);

#endif
