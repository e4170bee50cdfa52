/* buf.h — growable byte buffers, bounded whole-file reads, careful file
 * writes, and where a user's gradebox files (keys, settings) live.
 *
 * Text from students is arbitrary bytes: a gb_buf is always NUL-terminated
 * for convenience, but its length is authoritative (the data may contain NUL).
 */
#ifndef GB_BUF_H
#define GB_BUF_H

#include <stdarg.h>
#include <stddef.h>
#include <sys/types.h>

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
/* Creates path holding data with the given mode, never replacing a file: a
 * reader sees no file or the whole of it.  0, 1 when path exists, -1. */
int gb_write_file_new(const char *path, const void *data, size_t len, mode_t mode,
                      struct gb_err *err);

/* Where a user's gradebox file lives: $env when set (env may be NULL), else
 * $xdg_var/gradebox/name, else $HOME/home_rel/gradebox/name
 * (XDG_CONFIG_HOME and ".config" for keys and settings). */
int gb_user_file(const char *env, const char *xdg_var, const char *home_rel, const char *name,
                 char *out, size_t size, struct gb_err *err);
/* mkdir -p, mode 0700, of the directory that will hold path: private,
 * since these directories hold keys and students' work. */
int gb_make_parent(const char *path, struct gb_err *err);

#endif
