/* transcript.c — the status file of a recorded run (see transcript.h). */
#include "check/transcript.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"

int transcript_status_path(const char *transcript, char *buf, size_t size)
{
    const char *slash = strrchr(transcript, '/');
    const char *dot = strrchr(slash ? slash + 1 : transcript, '.');
    size_t stem = dot && dot != (slash ? slash + 1 : transcript) ? (size_t)(dot - transcript)
                                                                  : strlen(transcript);
    int n = snprintf(buf, size, "%.*s.status", (int)stem, transcript);

    return n < 0 || (size_t)n >= size ? -1 : 0;
}

static int parse_long(const char *v, int *out)
{
    char *end;
    long n;

    errno = 0;
    n = strtol(v, &end, 10);
    if (errno || end == v || *end || n < 0 || n > INT_MAX)
        return -1;
    *out = (int)n;
    return 0;
}

static int set_text(char **dst, const char *v, struct gb_err *err)
{
    free(*dst);
    *dst = strdup(v);
    return *dst ? 0 : gb_fail(err, "out of memory");
}

/* One "key value" line; blank lines and comments are skipped by the caller. */
static int parse_line(char *line, struct transcript_status *st, struct gb_err *err)
{
    char *v = line + strcspn(line, " \t");
    char *end;

    if (*v)
        *v++ = '\0';
    v += strspn(v, " \t");
    if (!strcmp(line, "exit")) {
        st->exited = 1;
        return parse_long(v, &st->exit_code) ? gb_fail(err, "'exit %s' is no exit status", v) : 0;
    }
    if (!strcmp(line, "signal"))
        return parse_long(v, &st->signal) || !st->signal
               ? gb_fail(err, "'signal %s' is no signal number", v) : 0;
    if (!strcmp(line, "wall_seconds")) {
        st->wall_seconds = strtod(v, &end);
        return end == v || *end || st->wall_seconds < 0
               ? gb_fail(err, "'wall_seconds %s' is no duration", v) : 0;
    }
    if (!strcmp(line, "python"))
        return set_text(&st->python, v, err);
    if (!strcmp(line, "torch"))
        return set_text(&st->torch, v, err);
    if (!strcmp(line, "numpy"))
        return set_text(&st->numpy, v, err);
    return 0;
}

int transcript_status_load(const char *path, struct transcript_status *st, struct gb_err *err)
{
    struct gb_buf text = GB_BUF_INIT;
    size_t lineno = 0;
    int rc = 0;

    memset(st, 0, sizeof *st);
    if (gb_read_file(path, TRANSCRIPT_STATUS_MAX_BYTES, &text, err))
        return gb_err_prefix(err, "transcript status");
    for (char *line = text.data, *next; rc == 0 && line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        lineno++;
        line[strcspn(line, "#\r")] = '\0';
        while (*line == ' ' || *line == '\t')
            line++;
        for (size_t n = strlen(line); n && (line[n - 1] == ' ' || line[n - 1] == '\t');)
            line[--n] = '\0';
        if (*line && parse_line(line, st, err))
            rc = gb_err_prefix(err, "%s line %zu", path, lineno);
    }
    gb_buf_free(&text);
    if (rc == 0 && st->exited == (st->signal != 0))
        rc = gb_fail(err, "%s must say how the run ended: one 'exit N' or 'signal N' line", path);
    if (rc)
        transcript_status_free(st);
    return rc;
}

void transcript_status_free(struct transcript_status *st)
{
    free(st->python);
    free(st->torch);
    free(st->numpy);
    memset(st, 0, sizeof *st);
}
