/* sandbox_verdict.c — limit names, the report sentence and the limit
 * classifier (see sandbox_verdict.h and sandbox.h). */
#define _GNU_SOURCE
#include "sandbox/sandbox_verdict.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

const char *sandbox_limit_name(enum sandbox_limit limit)
{
    switch (limit) {
    case SANDBOX_LIMIT_NONE: return "none";
    case SANDBOX_LIMIT_WALL: return "wall";
    case SANDBOX_LIMIT_CPU: return "cpu";
    case SANDBOX_LIMIT_MEMORY: return "memory";
    case SANDBOX_LIMIT_OUTPUT: return "output";
    case SANDBOX_LIMIT_PROCS: return "processes";
    case SANDBOX_LIMIT_FSIZE: return "file-size";
    case SANDBOX_LIMIT_SYSCALL: return "syscall";
    case SANDBOX_LIMIT_DISK: return "disk";
    }
    return "unknown";
}

const char *sandbox_memory_guard_name(enum sandbox_memory_guard guard)
{
    switch (guard) {
    case SANDBOX_GUARD_WATCHDOG: return "watchdog";
    case SANDBOX_GUARD_CGROUP: return "cgroup";
    case SANDBOX_GUARD_UNKNOWN: break;
    }
    return NULL;
}

/* Only the last part of stderr is searched: that is where a traceback ends
 * (in out, when stderr was sent there). */
static int stderr_tail_has(const struct sandbox_result *res, const char *needle)
{
    const struct sandbox_stream *err = res->stderr_in_out ? &res->out : &res->err;
    const char *text = err->data;
    size_t len = err->len, window = 4096;

    if (!text)
        return 0;
    if (len > window)
        text += len - window;
    return memmem(text, len > window ? window : len, needle, strlen(needle)) != NULL;
}

static enum sandbox_limit limit_from_evidence(const struct sandbox_result *res,
                                              const struct sandbox_limits *limits)
{
    /* rusage CPU time is tick-sampled and reads a little under the limit
     * that SIGKILLed a program which ignored SIGXCPU. */
    if (res->signal == SIGXCPU ||
        (res->signal == SIGKILL && limits->cpu_seconds > 0 &&
         res->cpu_seconds >= 0.8 * limits->cpu_seconds))
        return SANDBOX_LIMIT_CPU;
    /* The filter kills calls from a foreign ABI (i386, x32) outright. */
    if (res->signal == SIGSYS)
        return SANDBOX_LIMIT_SYSCALL;
    /* A full /work or /tmp (ENOSPC) is seen directly: sandbox.c's note_disk. */
    if (res->signal == SIGXFSZ || stderr_tail_has(res, "File too large"))
        return SANDBOX_LIMIT_FSIZE;
    if (stderr_tail_has(res, "MemoryError") || stderr_tail_has(res, "Cannot allocate memory") ||
        stderr_tail_has(res, "can't allocate memory") || stderr_tail_has(res, "std::bad_alloc"))
        return SANDBOX_LIMIT_MEMORY;
    if (stderr_tail_has(res, "can't start new thread") ||
        stderr_tail_has(res, "Resource temporarily unavailable"))
        return SANDBOX_LIMIT_PROCS;
    return SANDBOX_LIMIT_NONE;
}

void sandbox_verdict_classify(struct sandbox_result *res, const struct sandbox_limits *limits)
{
    if (res->limit == SANDBOX_LIMIT_NONE && !(res->exited && res->exit_code == 0))
        res->limit = limit_from_evidence(res, limits);
    if (res->limit_detail[0])
        return;
    if (res->limit == SANDBOX_LIMIT_SYSCALL)
        snprintf(res->limit_detail, sizeof res->limit_detail, "a system call of a foreign ABI");
    else if (res->limit == SANDBOX_LIMIT_CPU)
        snprintf(res->limit_detail, sizeof res->limit_detail, "%g s", limits->cpu_seconds);
    else if (res->limit == SANDBOX_LIMIT_MEMORY)
        snprintf(res->limit_detail, sizeof res->limit_detail, "%zu MB",
                 limits->memory_bytes >> 20);
}

static void describe_limit(const struct sandbox_result *res, char *buf, size_t size)
{
    switch (res->limit) {
    case SANDBOX_LIMIT_WALL:
        if (res->limit_detail[0])
            snprintf(buf, size, "stopped after %s of wall time", res->limit_detail);
        else
            snprintf(buf, size, "stopped after %.0f s of wall time", res->wall_seconds);
        return;
    case SANDBOX_LIMIT_CPU:
        if (res->limit_detail[0])
            snprintf(buf, size, "stopped after %s of CPU time", res->limit_detail);
        else
            snprintf(buf, size, "stopped after %.1f s of CPU time", res->cpu_seconds);
        return;
    case SANDBOX_LIMIT_MEMORY:
        snprintf(buf, size, "ran out of memory (the limit is %s; peak seen %zu MB)",
                 res->limit_detail[0] ? res->limit_detail : "set by the rubric",
                 res->peak_memory_bytes >> 20);
        return;
    case SANDBOX_LIMIT_OUTPUT:
        snprintf(buf, size, "stopped after printing more than %s of output",
                 res->limit_detail[0] ? res->limit_detail : "the limit");
        return;
    case SANDBOX_LIMIT_PROCS:
        snprintf(buf, size, "stopped: it tried to start more processes or threads than allowed");
        return;
    case SANDBOX_LIMIT_FSIZE:
        snprintf(buf, size, "stopped: it wrote a file larger than the file-size limit allows");
        return;
    case SANDBOX_LIMIT_DISK:
        snprintf(buf, size, "ran out of disk space (%s)",
                 res->limit_detail[0] ? res->limit_detail : "its disk space is limited");
        return;
    case SANDBOX_LIMIT_SYSCALL:
        snprintf(buf, size, "stopped: it called %s, which the sandbox forbids",
                 res->limit_detail[0] ? res->limit_detail : "a forbidden system call");
        return;
    case SANDBOX_LIMIT_NONE:
        break;
    }
    buf[0] = '\0';
}

void sandbox_describe(const struct sandbox_result *res, char *buf, size_t size)
{
    if (!size)
        return;
    if (res->limit != SANDBOX_LIMIT_NONE)
        describe_limit(res, buf, size);
    else if (res->exited)
        snprintf(buf, size, "exited with status %d", res->exit_code);
    else if (res->signal)
        snprintf(buf, size, "killed by signal %d (%s)", res->signal, strsignal(res->signal));
    else
        snprintf(buf, size, "did not run");
}
