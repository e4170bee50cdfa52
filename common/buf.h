/* buf.h — growable byte buffers and bounded whole-file reads.
 *
 * Text from students is arbitrary bytes: a gb_buf is always NUL-terminated
 * for convenience, but its length is authoritative (the data may contain NUL).
 */
#ifndef GB_BUF_H
#define GB_BUF_H

#include <stdarg.h>
#include <stddef.h>

#include "error.h"

struct gb_buf {
    char *data;   /* NULL until the first append; then NUL-terminated */
    size_t len;
    size_t cap;
};

#define GB_BUF_INIT { NULL, 0, 0 }

int gb_buf_append(struct gb_buf *b, const void *p, size_t n, struct gb_err *err);
int gb_buf_puts(struct gb_buf *b, const char *s, struct gb_err *err);
int gb_buf_printf(struct gb_buf *b, struct gb_err *err, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int gb_buf_vprintf(struct gb_buf *b, struct gb_err *err, const char *fmt, va_list ap);
/* Hands the data to the caller (who frees it) and resets the buffer. */
char *gb_buf_steal(struct gb_buf *b);
void gb_buf_free(struct gb_buf *b);

/* Reads a whole regular file, failing if it is larger than max_bytes. */
int gb_read_file(const char *path, size_t max_bytes, struct gb_buf *out, struct gb_err *err);
/* gb_read_file for a secret (a private key): refuses a file that its group
 * or others may read, so a key is never quietly left world-readable. */
int gb_read_private_file(const char *path, size_t max_bytes, struct gb_buf *out,
                         struct gb_err *err);
/* Writes all len bytes, retrying short writes and EINTR; -1 with errno set. */
int gb_write_all(int fd, const void *data, size_t len);
/* Writes a file atomically: a temporary file in the same directory, fsync, rename. */
int gb_write_file_atomic(const char *path, const void *data, size_t len, struct gb_err *err);

#endif
