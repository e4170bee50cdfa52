/* transcript.h — a recorded run, graded without running the submission.
 *
 * Some exercises (memory_lab) train for minutes, so a course may record a run
 * once and grade the recording:  python3 memory_lab.py >NAME.stdout 2>&1
 * keeps stdout and stderr in the order they were written (the grader reads
 * both, as in a live run).  A status file beside it says how the run ended
 * and on which runtime, so a crash half-way grades as it would live (checks
 * after the crash "unreached", the traceback shown) and the report names the
 * versions.  One "key value" per line; '#' starts a comment:
 *
 *     exit 1                  (or: signal 9)
 *     wall_seconds 312.5
 *     python 3.11.2
 *     torch 1.13.0a0+git
 *     numpy 1.24.2
 *
 * tests/corpus/memory_lab/record.sh writes both files.
 */
#ifndef GB_TRANSCRIPT_H
#define GB_TRANSCRIPT_H

#include "error.h"

#define TRANSCRIPT_STATUS_MAX_BYTES 4096

struct transcript_status {
    int exited;            /* 1: "exit N" was recorded */
    int exit_code;
    int signal;            /* "signal N", else 0 */
    double wall_seconds;   /* 0 when not recorded */
    char *python, *torch, *numpy;   /* NULL when not recorded */
};

/* "runs/x.stdout" -> "runs/x.status" (the extension replaced, or appended
 * when the name has none), into buf; -1 when it does not fit. */
int transcript_status_path(const char *transcript, char *buf, size_t size);

/* Reads a status file.  Unknown keys are ignored (newer recorders may say
 * more); a status that names neither an exit nor a signal, or a malformed
 * number, is an error naming the line. */
int transcript_status_load(const char *path, struct transcript_status *st, struct gb_err *err);
void transcript_status_free(struct transcript_status *st);

#endif
