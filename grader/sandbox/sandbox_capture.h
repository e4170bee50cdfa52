/* sandbox_capture.h — bounded capture of one output stream of a sandboxed run.
 *
 * A flood must not cost the grader memory, yet the end of the output (the
 * final table, the traceback) matters as much as its start: a capture keeps
 * the first head_max bytes and the last tail_max bytes and, when bytes were
 * dropped between them, marks the cut in the text.
 */
#ifndef GB_SANDBOX_CAPTURE_H
#define GB_SANDBOX_CAPTURE_H

#include <stddef.h>

#include "buf.h"
#include "error.h"
#include "sandbox/sandbox.h"

struct sandbox_capture {
    struct gb_buf head;
    size_t head_max;
    char *tail;          /* ring buffer of tail_max bytes, allocated on demand */
    size_t tail_max;
    size_t tail_start;   /* index of the oldest byte in the ring */
    size_t tail_len;
    size_t total;        /* every byte seen */
};

void sandbox_capture_init(struct sandbox_capture *c, size_t head_max, size_t tail_max);
int sandbox_capture_add(struct sandbox_capture *c, const char *p, size_t n,
                        struct gb_err *err);
/* Moves the text into *out (head, cut marker, tail) and frees the capture. */
int sandbox_capture_finish(struct sandbox_capture *c, struct sandbox_stream *out,
                           struct gb_err *err);
void sandbox_capture_free(struct sandbox_capture *c);

#endif
