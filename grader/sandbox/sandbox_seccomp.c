/* sandbox_seccomp.c — the submission's system-call filter (see sandbox_seccomp.h). */
#define _GNU_SOURCE
#include "sandbox/sandbox_seccomp.h"

#include <errno.h>
#include <sched.h>
#include <seccomp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Never needed by a course script; each one is a step toward the kernel's
 * attack surface or out of the sandbox. */
static const char *const denied[] = {
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    "mount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen",
    "fsconfig", "fsmount", "fspick", "mount_setattr",
    "unshare", "setns", "kexec_load", "kexec_file_load", "init_module", "finit_module",
    "delete_module", "reboot", "swapon", "swapoff", "acct", "quotactl", "syslog",
    "bpf", "perf_event_open", "userfaultfd", "keyctl", "add_key", "request_key",
    "open_by_handle_at", "name_to_handle_at", "io_uring_setup", "io_uring_enter",
    "io_uring_register", "fanotify_init", "lookup_dcookie", "iopl", "ioperm",
    "settimeofday", "clock_settime", "clock_adjtime", "adjtimex", "sethostname",
    "setdomainname", "vhangup", "uselib", "personality", "nfsservctl",
    /* A System V segment belongs to the IPC namespace, not to a process:
     * once detached no per-process count sees it (POSIX shm is /dev/shm,
     * which is /tmp's size-limited tmpfs here). */
    "shmget",
    NULL
};

static const unsigned long ns_flags[] = { CLONE_NEWNS, CLONE_NEWUSER, CLONE_NEWPID,
                                          CLONE_NEWNET, CLONE_NEWIPC, CLONE_NEWUTS,
                                          CLONE_NEWCGROUP, CLONE_NEWTIME };

static int deny_names(scmp_filter_ctx ctx, struct gb_err *err)
{
    for (int i = 0; denied[i]; i++) {
        int nr = seccomp_syscall_resolve_name(denied[i]);

        if (nr == __NR_SCMP_ERROR)
            continue;   /* not on this architecture */
        if (seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, nr, 0))
            return gb_fail(err, "cannot add the seccomp rule for %s", denied[i]);
    }
    return 0;
}

/* Only unix and inet sockets; inet reaches nothing but the namespace's own
 * loopback.  Raw sockets are denied whatever the family. */
static int deny_sockets(scmp_filter_ctx ctx, struct gb_err *err)
{
    int rc = 0;

    for (int family = 0; family < AF_INET6 && !rc; family++)
        if (family != AF_UNIX && family != AF_INET)
            rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(socket), 1,
                                  SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)family));
    if (!rc)
        rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(socket), 1,
                              SCMP_A0(SCMP_CMP_GT, AF_INET6));
    if (!rc)
        rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(socket), 1,
                              SCMP_A1(SCMP_CMP_MASKED_EQ, 0xf, SOCK_RAW));
    if (!rc)
        rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(socket), 1,
                              SCMP_A1(SCMP_CMP_MASKED_EQ, 0xf, SOCK_PACKET));
    return rc ? gb_fail(err, "cannot add the seccomp socket rules") : 0;
}

/* clone() may not make namespaces; clone3() hides its flags in memory the
 * filter cannot read, so it fails with ENOSYS and libc falls back to clone(). */
static int deny_namespaces(scmp_filter_ctx ctx, struct gb_err *err)
{
    int rc = 0;

    for (size_t i = 0; i < sizeof ns_flags / sizeof ns_flags[0] && !rc; i++)
        rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(clone), 1,
                              SCMP_A0(SCMP_CMP_MASKED_EQ, ns_flags[i], ns_flags[i]));
    if (!rc)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    return rc ? gb_fail(err, "cannot add the seccomp clone rules") : 0;
}

static int build_rules(scmp_filter_ctx ctx, struct gb_err *err)
{
    /* Foreign ABIs (i386, x32) would sidestep every rule: they kill. */
    if (seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS))
        return gb_fail(err, "cannot configure the seccomp filter");
    if (deny_names(ctx, err) || deny_sockets(ctx, err) || deny_namespaces(ctx, err))
        return -1;
    return 0;
}

/* libseccomp writes the program to a descriptor; a memfd brings it back. */
static int export_program(scmp_filter_ctx ctx, struct sandbox_filter *f, struct gb_err *err)
{
    int fd = memfd_create("gradebox-seccomp", MFD_CLOEXEC);
    off_t size;

    if (fd < 0)
        return gb_fail_errno(err, "cannot hold the seccomp program");
    if (seccomp_export_bpf(ctx, fd) || (size = lseek(fd, 0, SEEK_END)) <= 0 ||
        size % sizeof(struct sock_filter) || size > (off_t)sizeof f->insns) {
        close(fd);
        return gb_fail(err, "cannot compile the seccomp filter");
    }
    if (pread(fd, f->insns, (size_t)size, 0) != size) {
        gb_fail_errno(err, "cannot read the compiled seccomp filter");
        close(fd);
        return -1;
    }
    close(fd);
    f->len = (unsigned short)(size / sizeof(struct sock_filter));
    return 0;
}

int sandbox_seccomp_compile(struct sandbox_filter *f, struct gb_err *err)
{
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    int rc;

    if (!ctx)
        return gb_fail(err, "cannot create the seccomp filter");
    rc = build_rules(ctx, err);
    if (!rc)
        rc = export_program(ctx, f, err);
    seccomp_release(ctx);
    return rc;
}

int sandbox_seccomp_install(const struct sandbox_filter *f, int *listener, struct gb_err *err)
{
    struct sock_fprog prog = { f->len, (struct sock_filter *)f->insns };
    long fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_NEW_LISTENER,
                      &prog);

    if (fd < 0)
        return gb_fail_errno(err, "cannot load the seccomp filter");
    *listener = (int)fd;
    return 0;
}

/* "socket(AF_NETLINK, SOCK_RAW)": the family says what was attempted. */
static void describe_socket(uint64_t family, uint64_t type, char *name, size_t size)
{
    static const struct { int family; const char *name; } families[] = {
        { AF_UNSPEC, "AF_UNSPEC" }, { AF_INET, "AF_INET" }, { AF_INET6, "AF_INET6" },
        { AF_NETLINK, "AF_NETLINK" }, { AF_PACKET, "AF_PACKET" }, { AF_BLUETOOTH, "AF_BLUETOOTH" },
        { AF_VSOCK, "AF_VSOCK" }, { AF_ALG, "AF_ALG" }, { AF_KEY, "AF_KEY" },
        { AF_XDP, "AF_XDP" }, { AF_CAN, "AF_CAN" }, { AF_TIPC, "AF_TIPC" },
    };
    const char *fname = NULL;
    int kind = (int)(type & 0xf);

    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        if ((uint64_t)families[i].family == family)
            fname = families[i].name;
    if (fname)
        snprintf(name, size, "socket(%s, %s)", fname,
                 kind == SOCK_RAW ? "SOCK_RAW" : kind == SOCK_PACKET ? "SOCK_PACKET" :
                 kind == SOCK_DGRAM ? "SOCK_DGRAM" : kind == SOCK_STREAM ? "SOCK_STREAM" : "...");
    else
        snprintf(name, size, "socket(family %llu)", (unsigned long long)family);
}

int sandbox_seccomp_answer(int listener, char *name, size_t size, struct gb_err *err)
{
    struct seccomp_notif *req;
    struct seccomp_notif_resp *resp;
    char *resolved;
    int rc;

    if (seccomp_notify_alloc(&req, &resp))
        return gb_fail(err, "out of memory answering the seccomp filter");
    rc = seccomp_notify_receive(listener, req);
    if (rc) {
        seccomp_notify_free(req, resp);
        /* -ENOENT: the caller died before we looked. */
        return rc == -ENOENT ? 0 : gb_fail(err, "cannot read the seccomp listener");
    }
    resolved = seccomp_syscall_resolve_num_arch(req->data.arch, req->data.nr);
    snprintf(name, size, "%s", resolved ? resolved : "an unknown system call");
    if (req->data.nr == seccomp_syscall_resolve_name("socket"))
        describe_socket(req->data.args[0], req->data.args[1], name, size);
    else if (req->data.nr == seccomp_syscall_resolve_name("clone"))
        snprintf(name, size, "clone with namespace flags");
    free(resolved);
    resp->id = req->id;
    resp->val = 0;
    resp->error = -EPERM;
    resp->flags = 0;
    seccomp_notify_respond(listener, resp);
    seccomp_notify_free(req, resp);
    return 1;
}
