/* metrics.h — /metrics in the Prometheus text format (version 0.0.4).
 *
 * What the queue knows is read from the database at each scrape, so every
 * host of a PostgreSQL deployment reports the same totals and nothing resets
 * on a restart:
 *   gradebox_queue_depth{state="queued"|"running"}        gauge
 *   gradebox_submissions_graded_total{status=...}          counter (passed, review, failed, error)
 *   gradebox_submissions_ungradable_total                  counter (no result: could not be graded)
 *   gradebox_grading_seconds                               histogram (claim to result)
 *   gradebox_grading_retries_total                         counter (claims after a worker died)
 * What happens in this process is counted here, since it started:
 *   gradebox_http_responses_total{code="202"}              counter
 *   gradebox_refusals_total{reason="per_hour"|...}         counter
 *   gradebox_accept_seconds                                histogram (upload complete to 202)
 *   gradebox_http_deadline_closes_total                    counter (slow heads/bodies cut off)
 */
#ifndef GB_METRICS_H
#define GB_METRICS_H

#include "buf.h"
#include "error.h"
#include "serve/limits.h"
#include "serve/queue.h"

void metrics_count_response(int status);
void metrics_count_refusal(enum limits_refusal reason);
void metrics_observe_accept(double seconds);

int metrics_render(struct queue *q, unsigned long deadline_closes, struct gb_buf *out,
                   struct gb_err *err);

#endif
