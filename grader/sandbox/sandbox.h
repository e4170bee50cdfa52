/* sandbox.h — runs one untrusted command (a student's Python script) contained.
 *
 * Contract used by the check pipeline (grader/check/pipeline.c).  The sandbox owns:
 * namespaces, seccomp, rlimits, the private work directory's visibility,
 * the output caps and the verdict on which limit stopped the run.
 */
#ifndef GB_SANDBOX_H
#define GB_SANDBOX_H

#include <stddef.h>

#include "error.h"

enum sandbox_limit {
    SANDBOX_LIMIT_NONE = 0,   /* ran to completion (any exit status) */
    SANDBOX_LIMIT_WALL,       /* wall-clock limit */
    SANDBOX_LIMIT_CPU,        /* CPU-time limit */
    SANDBOX_LIMIT_MEMORY,     /* memory limit */
    SANDBOX_LIMIT_OUTPUT,     /* stdout+stderr byte cap (the run is stopped) */
    SANDBOX_LIMIT_PROCS,      /* process-count limit */
    SANDBOX_LIMIT_FSIZE,      /* file-size limit */
    SANDBOX_LIMIT_SYSCALL,    /* a denied system call */
    SANDBOX_LIMIT_DISK        /* /work or /tmp full (bytes or files) */
};

/* What held the whole run to its memory limit (RLIMIT_DATA holds each
 * process in every case). */
enum sandbox_memory_guard {
    SANDBOX_GUARD_UNKNOWN = 0,   /* not run here: a recorded transcript */
    SANDBOX_GUARD_WATCHDOG,      /* the grader's sampling of the tree (sandbox_memwatch.h) */
    SANDBOX_GUARD_CGROUP         /* that and a cgroup v2 memory.max (sandbox_cgroup.h) */
};

struct sandbox_limits {
    double wall_seconds;
    double cpu_seconds;
    size_t memory_bytes;
    int max_processes;
    size_t file_bytes;       /* largest file the submission may write */
    int max_open_files;
    size_t output_bytes;     /* total stdout+stderr kept; excess stops the run */
    size_t tmp_bytes;        /* size of the private /tmp */
    size_t disk_bytes;       /* size of the private /work (a tmpfs too) */
};

/* Inside the sandbox the work directory is mounted at SANDBOX_WORKDIR (also
 * HOME and the cwd).  An argv entry starting with "<spec->workdir>/" is
 * rewritten to start with SANDBOX_WORKDIR "/", so host paths work too. */
#define SANDBOX_WORKDIR "/work"

struct sandbox_spec {
    const char *workdir;            /* host directory copied into the sandbox's private
                                     * tmpfs /work (its cwd); never written back */
    const char *const *argv;        /* argv[0] is an absolute path, NULL-terminated */
    /* "KEY=VALUE" entries, NULL-terminated, may be NULL.  Added to (and
     * overriding) the sandbox's own allow-listed environment: PATH, HOME,
     * LANG, LC_ALL, TMPDIR, PYTHONDONTWRITEBYTECODE, PYTHONUNBUFFERED and
     * single-threaded BLAS/OpenMP.  Nothing is inherited from the grader. */
    const char *const *env;
    struct sandbox_limits limits;
    /* What the command needs besides itself, shown read-only at the same
     * host path, their symlinks recreated (sandbox_view.h).  The root holds
     * nothing else of the host but argv[0], the loader and the multiarch
     * library directories and a few /etc files: for Python, pass the
     * interpreter's stdlib, site-packages and libraries as the runtime
     * probe reports them (runtime.paths, check/runtime.h).  NULL-terminated,
     * may be NULL. */
    const char *const *ro_paths;
    /* Host directories a submission must never see (the grader's rubrics,
     * expected values, samples): any that a shown directory holds is covered
     * by an empty read-only tmpfs.  NULL-terminated, may be NULL. */
    const char *const *hidden_paths;
    /* 1: stderr is the stdout pipe too (a shell's 2>&1), so the result's
     * out holds both streams in the exact order they were written and err
     * stays empty.  For graders that read what a program logs to stderr. */
    int stderr_to_stdout;
    /* A warm interpreter to start the run from, when it fits the run
     * (sandbox_zygote.h); NULL, or a run it does not fit: exec argv. */
    struct sandbox_zygote *zygote;
};

struct sandbox_stream {
    char *data;          /* NUL-terminated; head and tail kept, cut marked in text */
    size_t len;
    size_t total;        /* bytes the program wrote, including any cut */
    int truncated;
};

struct sandbox_result {
    int exited;          /* 1: normal exit, exit_code valid */
    int exit_code;
    int signal;          /* terminating signal, 0 if none */
    enum sandbox_limit limit;
    char limit_detail[128];   /* e.g. the denied syscall's name */
    double wall_seconds;
    double cpu_seconds;
    size_t peak_memory_bytes;
    struct sandbox_stream out;
    struct sandbox_stream err;
    int stderr_in_out;   /* spec.stderr_to_stdout: stderr's text is in out */
    enum sandbox_memory_guard memory_guard;
    /* The sandbox's /work as the run left it (a tmpfs that lives while this
     * descriptor is open): read outputs with workdir_read_file_at().  -1
     * (or 0 in a zeroed result) when there is none.  sandbox_result_free
     * closes it. */
    int work_fd;
};

void sandbox_limits_default(struct sandbox_limits *limits);
int sandbox_run(const struct sandbox_spec *spec, struct sandbox_result *res,
                struct gb_err *err);
void sandbox_result_free(struct sandbox_result *res);
const char *sandbox_limit_name(enum sandbox_limit limit);   /* "wall", "memory", ... */
/* "watchdog", "cgroup"; NULL for SANDBOX_GUARD_UNKNOWN. */
const char *sandbox_memory_guard_name(enum sandbox_memory_guard guard);
/* One sentence for reports: "stopped after 60 s of wall time",
 * "exited with status 1", "killed by signal 9 (Killed)", ... */
void sandbox_describe(const struct sandbox_result *res, char *buf, size_t size);

#endif
