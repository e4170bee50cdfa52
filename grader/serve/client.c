/* client.c — the submit client, with the serving address written in (client.h). */
#include "serve/client.h"

#include <stdio.h>
#include <string.h>

#include "check/home.h"

#define URL_LINE "SERVICE_URL = None"

static int safe_url(const char *u)
{
    return u && (!strncmp(u, "http://", 7) || !strncmp(u, "https://", 8)) && strlen(u) < 300 &&
           strspn(u, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789:/.-_[]%")
               == strlen(u);
}

/* Start of the line that begins with URL_LINE, or NULL. */
static const char *url_line(const char *text)
{
    for (const char *p = text; p; p = strchr(p, '\n')) {
        p += *p == '\n';
        if (!strncmp(p, URL_LINE, strlen(URL_LINE)))
            return p;
    }
    return NULL;
}

int client_script(const char *base_url, struct gb_buf *out, struct gb_err *err)
{
    struct gb_home home;
    struct gb_buf file = GB_BUF_INIT;
    char path[sizeof home.root + sizeof CLIENT_FILE + 1];
    const char *at;
    int rc;

    if (home_find(NULL, &home, err))
        return gb_err_prefix(err, "the submit client");
    snprintf(path, sizeof path, "%s/%s", home.root, CLIENT_FILE);
    if (gb_read_file(path, CLIENT_MAX_BYTES, &file, err))
        return -1;
    at = safe_url(base_url) ? url_line(file.data) : NULL;
    if (!at)
        rc = gb_buf_append(out, file.data, file.len, err);
    else
        rc = gb_buf_append(out, file.data, (size_t)(at - file.data), err)
             || gb_buf_printf(out, err, "SERVICE_URL = \"%s\"", base_url)
             || gb_buf_puts(out, at + strlen(URL_LINE), err);
    gb_buf_free(&file);
    return rc ? -1 : 0;
}
