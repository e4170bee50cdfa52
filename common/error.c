/* error.c — formatting of the gradebox error idiom (see error.h). */
#include "error.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int gb_fail(struct gb_err *err, const char *fmt, ...)
{
    va_list ap;

    if (!err)
        return -1;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return -1;
}

int gb_fail_errno(struct gb_err *err, const char *fmt, ...)
{
    int saved = errno;
    va_list ap;
    size_t used;

    if (!err)
        return -1;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    used = strlen(err->msg);
    snprintf(err->msg + used, sizeof err->msg - used, ": %s", strerror(saved));
    errno = saved;
    return -1;
}

int gb_err_prefix(struct gb_err *err, const char *fmt, ...)
{
    char ctx[GB_ERR_MAX], joined[2 * GB_ERR_MAX + 2];
    va_list ap;

    if (!err)
        return -1;
    va_start(ap, fmt);
    vsnprintf(ctx, sizeof ctx, fmt, ap);
    va_end(ap);
    /* A long context may cut the old message; the front matters most. */
    snprintf(joined, sizeof joined, "%s: %s", ctx, err->msg);
    memcpy(err->msg, joined, sizeof err->msg - 1);
    err->msg[sizeof err->msg - 1] = '\0';
    return -1;
}

void gb_err_clear(struct gb_err *err)
{
    if (err)
        err->msg[0] = '\0';
}
