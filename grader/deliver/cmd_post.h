/* cmd_post.h — the `grader post` and `grader outbox` commands.
 *
 *   grader post [--to URL] [--queue-only | --wait SECONDS] [SETTING…] RESULT.json…
 *   grader outbox list   [SETTING…]
 *   grader outbox flush  [--wait SECONDS] [SETTING…]
 *   grader outbox retry  ID [SETTING…]
 *
 * SETTING is --KEY VALUE (or --KEY=VALUE) for any key of deliver_config.h,
 * plus --config FILE.  Exit status: 0 everything asked for was delivered (or
 * listed), 1 something is still queued or failed, 2 usage, configuration or
 * input error.  argv[0] is the command's own name ("post", "outbox").
 *
 * `post` checks and queues every result (result_doc.h: a forged or
 * malformed one is refused, named, and not queued; a revision older than one
 * already queued is stale and not queued), then sends everything due once;
 * with --wait it keeps retrying for up to that many seconds.  --format lti
 * sends LTI Assignment and Grade Services scores (lti_deliver.h).  `outbox flush` sends what is
 * due (with --wait, also the retries that fall due in that time); `retry ID`
 * makes a failed or disabled message due, re-enables its endpoint, sends it.
 */
#ifndef GB_CMD_POST_H
#define GB_CMD_POST_H

int cmd_post(int argc, char **argv);
int cmd_outbox(int argc, char **argv);

#endif
