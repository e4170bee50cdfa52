/* batch_progress.c — the live line or the plain log of a batch (see batch_progress.h). */
#include "batch/batch_progress.h"

#include <string.h>
#include <unistd.h>

void batch_progress_init(struct batch_progress *p, FILE *out, int quiet, size_t total)
{
    memset(p, 0, sizeof *p);
    p->out = out;
    p->total = total;
    p->eta_seconds = -1;
    p->mode = quiet ? BATCH_PROGRESS_QUIET
            : isatty(fileno(out)) ? BATCH_PROGRESS_LIVE : BATCH_PROGRESS_LOG;
}

void batch_progress_duration(double seconds, char *buf, size_t size)
{
    long s = (long)(seconds + 0.5);

    if (s >= 3600)
        snprintf(buf, size, "%ldh%02ldm", s / 3600, s % 3600 / 60);
    else if (s >= 60)
        snprintf(buf, size, "%ldm%02lds", s / 60, s % 60);
    else
        snprintf(buf, size, "%lds", s);
}

void batch_progress_tick(struct batch_progress *p)
{
    char eta[32] = "";

    if (p->mode != BATCH_PROGRESS_LIVE)
        return;
    if (p->eta_seconds >= 0)
        batch_progress_duration(p->eta_seconds, eta, sizeof eta);
    fprintf(p->out, "\r\033[Kgraded %zu/%zu · running %zu · %zu failed", p->done, p->total,
            p->running, p->failed);
    if (p->errors)
        fprintf(p->out, " · %zu not graded", p->errors);
    if (eta[0])
        fprintf(p->out, " · ETA %s", eta);
    fflush(p->out);
    p->line_shown = 1;
}

void batch_progress_done(struct batch_progress *p, const char *student, const char *exercise,
                         const char *status, double score, double max_score, double seconds,
                         const char *error)
{
    int is_error = !strcmp(status, "error");

    p->done++;
    p->errors += is_error;
    p->failed += !strcmp(status, "failed");
    if (p->mode == BATCH_PROGRESS_LOG) {
        if (is_error)
            fprintf(p->out, "[%zu/%zu] %s %s: not graded: %s\n", p->done, p->total, student,
                    exercise, error ? error : "unknown error");
        else
            fprintf(p->out, "[%zu/%zu] %s %s: %g/%g %s (%.1f s)\n", p->done, p->total, student,
                    exercise, score, max_score, status, seconds);
        fflush(p->out);
    } else if (p->mode == BATCH_PROGRESS_LIVE && is_error) {
        fprintf(p->out, "\r\033[K%s %s: not graded: %s\n", student, exercise,
                error ? error : "unknown error");
    }
    batch_progress_tick(p);
}

void batch_progress_end(struct batch_progress *p)
{
    if (p->mode == BATCH_PROGRESS_LIVE && p->line_shown)
        fputc('\n', p->out);
    p->line_shown = 0;
    fflush(p->out);
}
