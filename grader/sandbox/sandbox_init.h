/* sandbox_init.h — pid 1 of a sandbox, and what it tells the grader.
 *
 * The first process in the new namespaces runs grader code, not the
 * submission: it waits for its id maps, builds the file system, forks the
 * submission (which drops every privilege, applies the limits, loads the
 * system-call filter and execs), then reaps every process of the sandbox.
 * When a warm interpreter starts the run instead (sandbox_zygote.h), pid 1
 * says READY after building the file system, the zygote's run enters these
 * namespaces and is adopted here, and the grader passes on its pid.
 * When the submission ends, or the grader says stop, pid 1 kills and reaps
 * whatever is left — a daemon, a setsid escapee — reports and exits; and
 * should anything escape that sweep, nothing outlives the init of a pid
 * namespace anyway.
 *
 * It talks to the grader over a SOCK_SEQPACKET socket (one message per send).
 */
#ifndef GB_SANDBOX_INIT_H
#define GB_SANDBOX_INIT_H

#include "error.h"
#include "sandbox/sandbox.h"
#include "sandbox/sandbox_mount.h"
#include "sandbox/sandbox_seccomp.h"

enum sandbox_ctl_type {
    SANDBOX_CTL_ERROR = 1,   /* setup failed before exec: text says why */
    SANDBOX_CTL_LISTENER,    /* carries the seccomp listener descriptor */
    SANDBOX_CTL_EXIT,        /* the submission ended: status and usage */
    SANDBOX_CTL_STOP,        /* grader to pid 1: kill everything and report */
    SANDBOX_CTL_WORKDIR,     /* carries a descriptor of the sandbox's /work */
    SANDBOX_CTL_TMPDIR,      /* carries a descriptor of the sandbox's /tmp */
    SANDBOX_CTL_READY,       /* pid 1 built the sandbox: the zygote may start the run */
    SANDBOX_CTL_STARTED      /* the zygote's run exists: status is its pid in here */
};

struct sandbox_ctl_msg {
    int type;
    int status;              /* wait status of the submission */
    double cpu_seconds;      /* user + system of everything pid 1 reaped */
    long maxrss_kb;          /* largest peak resident set among them */
    char text[GB_ERR_MAX];
};

/* Everything the child needs, prepared by the grader before the clone: the
 * child of a possibly multi-threaded grader must not allocate. */
struct sandbox_child {
    char *const *argv;
    char *const *envp;
    struct sandbox_mount_plan mount;
    struct sandbox_mount_sources *sources;   /* opened by the grader */
    const struct sandbox_filter *filter;     /* compiled by the grader */
    struct sandbox_limits limits;
    int host_root;           /* the grader runs as root on the host */
    int out_fd, err_fd;      /* write ends of the output pipes */
    int ctl_fd;
    int sync_fd;             /* the grader writes one byte once the id maps exist
                              * (and, with a zygote, the run's pid once it exists) */
    int zygote;              /* 1: the zygote starts the run, pid 1 only reaps it */
};

/* Default dispositions and an empty mask: those of the grader (SIGPIPE
 * ignored, say) would otherwise survive exec into what it starts (the
 * submission, the warm interpreter).  Async-signal-safe. */
void sandbox_init_reset_signals(void);

/* Runs in the cloned child; never returns. */
void sandbox_init_main(const struct sandbox_child *c) __attribute__((noreturn));

/* Sends one message, optionally passing a descriptor (pass_fd >= 0). */
int sandbox_ctl_send(int fd, const struct sandbox_ctl_msg *m, int pass_fd);
/* Receives one message: 1 got one (*passed_fd set or -1), 0 end of stream,
 * -1 nothing yet or an error (errno set). */
int sandbox_ctl_recv(int fd, struct sandbox_ctl_msg *m, int *passed_fd);

#endif
