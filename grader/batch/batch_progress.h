/* batch_progress.h — what a running batch tells the instructor.
 *
 * On a terminal: one live line, redrawn in place at most once a second and
 * on every finished submission ("graded 12/40 · running 2 · 1 failed ·
 * ETA 3m20s"), the ETA from each exercise's measured durations.  Elsewhere
 * (a log file, CI, Slurm): one plain line per finished submission.  Quiet:
 * nothing.  Everything goes to stderr; stdout stays free for the summary.
 */
#ifndef GB_BATCH_PROGRESS_H
#define GB_BATCH_PROGRESS_H

#include <stddef.h>
#include <stdio.h>

enum batch_progress_mode { BATCH_PROGRESS_LIVE, BATCH_PROGRESS_LOG, BATCH_PROGRESS_QUIET };

struct batch_progress {
    enum batch_progress_mode mode;
    FILE *out;
    size_t total, done, failed, errors, running;
    double eta_seconds;          /* < 0: unknown */
    int line_shown;              /* a live line is on screen */
};

/* mode from quiet and whether out is a terminal. */
void batch_progress_init(struct batch_progress *p, FILE *out, int quiet, size_t total);
/* One submission finished: status "passed", "failed", ..., or "error". */
void batch_progress_done(struct batch_progress *p, const char *student, const char *exercise,
                         const char *status, double score, double max_score, double seconds,
                         const char *error);
/* Redraws the live line (running count and ETA updated by the caller). */
void batch_progress_tick(struct batch_progress *p);
/* Ends the live line so later output starts on a fresh line. */
void batch_progress_end(struct batch_progress *p);
/* "3m20s", "1h05m", "42s" */
void batch_progress_duration(double seconds, char *buf, size_t size);

#endif
