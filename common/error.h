/* error.h — the one error idiom of gradebox.
 *
 * Every fallible function returns an int status: 0 on success, -1 on failure.
 * On failure it fills a struct gb_err with one human sentence that a student,
 * an instructor or an operator can act on ("rubric attention_by_hand.json:
 * check 'rude_self': tolerance must be a number").  Callers that add context
 * use gb_err_prefix() rather than overwriting the message.
 *
 * A NULL struct gb_err pointer is allowed everywhere: the message is dropped.
 */
#ifndef GB_ERROR_H
#define GB_ERROR_H

#include <stddef.h>

#define GB_ERR_MAX 512

struct gb_err {
    char msg[GB_ERR_MAX];
};

/* Sets the message; always returns -1 so it can end a failing path:
 *     if (!p) return gb_fail(err, "out of memory reading %s", path);      */
int gb_fail(struct gb_err *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Like gb_fail, then appends ": <strerror(errno)>" (errno read on entry). */
int gb_fail_errno(struct gb_err *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prepends "<context>: " to an existing message; returns -1. */
int gb_err_prefix(struct gb_err *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

void gb_err_clear(struct gb_err *err);

#endif
