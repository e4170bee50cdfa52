/* sandbox_capture.c — head + tail capture of an output stream (see sandbox_capture.h). */
#include "sandbox/sandbox_capture.h"

#include <stdlib.h>
#include <string.h>

void sandbox_capture_init(struct sandbox_capture *c, size_t head_max, size_t tail_max)
{
    memset(c, 0, sizeof *c);
    c->head_max = head_max;
    c->tail_max = tail_max;
}

/* Appends to the ring, overwriting the oldest bytes once it is full. */
static void tail_push(struct sandbox_capture *c, const char *p, size_t n)
{
    if (n >= c->tail_max) {
        memcpy(c->tail, p + n - c->tail_max, c->tail_max);
        c->tail_start = 0;
        c->tail_len = c->tail_max;
        return;
    }
    while (n) {
        size_t at = (c->tail_start + c->tail_len) % c->tail_max;
        size_t chunk = n < c->tail_max - at ? n : c->tail_max - at;

        memcpy(c->tail + at, p, chunk);
        c->tail_len += chunk;
        if (c->tail_len > c->tail_max) {
            c->tail_start = (c->tail_start + c->tail_len - c->tail_max) % c->tail_max;
            c->tail_len = c->tail_max;
        }
        p += chunk;
        n -= chunk;
    }
}

int sandbox_capture_add(struct sandbox_capture *c, const char *p, size_t n,
                        struct gb_err *err)
{
    size_t room = c->head.len < c->head_max ? c->head_max - c->head.len : 0;
    size_t to_head = n < room ? n : room;

    c->total += n;
    if (to_head && gb_buf_append(&c->head, p, to_head, err))
        return -1;
    p += to_head;
    n -= to_head;
    if (!n || !c->tail_max)
        return 0;
    if (!c->tail) {
        c->tail = malloc(c->tail_max);
        if (!c->tail)
            return gb_fail(err, "out of memory keeping %zu bytes of output", c->tail_max);
    }
    tail_push(c, p, n);
    return 0;
}

int sandbox_capture_finish(struct sandbox_capture *c, struct sandbox_stream *out,
                           struct gb_err *err)
{
    struct gb_buf text = GB_BUF_INIT;
    size_t cut = c->total - c->head.len - c->tail_len;
    size_t first = c->tail_len;

    if (gb_buf_append(&text, c->head.data ? c->head.data : "", c->head.len, err))
        goto fail;
    if (cut && gb_buf_printf(&text, err, "\n[... gradebox cut %zu bytes of output here ...]\n",
                             cut))
        goto fail;
    if (c->tail_start + c->tail_len > c->tail_max)
        first = c->tail_max - c->tail_start;
    if (c->tail_len && gb_buf_append(&text, c->tail + c->tail_start, first, err))
        goto fail;
    if (c->tail_len > first && gb_buf_append(&text, c->tail, c->tail_len - first, err))
        goto fail;
    out->len = text.len;
    out->data = gb_buf_steal(&text);
    if (!out->data)
        return gb_fail(err, "out of memory finishing captured output");
    out->total = c->total;
    out->truncated = cut != 0;
    sandbox_capture_free(c);
    return 0;
fail:
    gb_buf_free(&text);
    return -1;
}

void sandbox_capture_free(struct sandbox_capture *c)
{
    gb_buf_free(&c->head);
    free(c->tail);
    c->tail = NULL;
    c->tail_len = c->tail_start = 0;
}
